/**
 * Sandbox geo benchmark (speed): start-up time of the geography, then the whole
 * sandbox under suggestion load — 50 concurrent connections for 10 s, twice (fresh process,
 * then steady state), with requests drawn
 * from real place names (prefixes of 1 to 9 characters, some with a second word). Prints
 * requests per second and p50/p99 latency. Targets: start-up under 2 s, p99 under 10 ms.
 *
 * Also the battery of inputs with the place each means (bench/sandbox-geo-battery.ts):
 * "meant place in top 3" and "at rank 1".
 *
 * `npx tsx bench/sandbox-geo.ts` runs it alone; `npm run bench` runs it with the others.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { GeoIndex } from '../packages/sandbox/src/geo/index.js';
import { rng } from '../packages/sandbox/src/random.js'; // mulberry32, the sandbox's seeded PRNG

/** The part of autocannon's API used here (the package ships no types). */
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  requests: { method: string; path: string }[];
}) => Promise<{
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}>;

const CONNECTIONS = 50;
const DURATION_S = 10;
const STARTUP_RUNS = 3;

/** Cold start-up of loadGeo() in a fresh process (module loading included), in ms. */
function coldStartup(env: NodeJS.ProcessEnv = {}): {
  total: number;
  stats: Record<string, number>;
} {
  const script = `
    const t = performance.now();
    const { loadGeo } = await import(${JSON.stringify(new URL('../packages/sandbox/src/geo/index.ts', import.meta.url).href)});
    const geo = await loadGeo();
    console.log(JSON.stringify({ total: performance.now() - t, stats: geo.stats }));
  `;
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    { encoding: 'utf8', env: { ...process.env, ...env } },
  );
  return JSON.parse(out.trim().split('\n').pop()!);
}

/** A free port on 127.0.0.1. */
async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

const CLI_TS = [
  '--import',
  'tsx',
  fileURLToPath(new URL('../packages/sandbox/src/cli.ts', import.meta.url)),
];
/** The published package's bin, compiled (npm run build -w immo-elements-sandbox). */
const CLI_JS = [fileURLToPath(new URL('../packages/sandbox/lib/cli.js', import.meta.url))];

/** CPU time of a process's main thread so far, in ms (Linux; undefined elsewhere). */
function mainThreadCpuMs(pid: number): number | undefined {
  try {
    const f = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // utime + stime, in clock ticks of 10 ms
  } catch {
    return undefined;
  }
}

/**
 * Spawn to first answer: the sandbox's server (`npm run sandbox`'s packages/sandbox/src/cli.ts
 * through tsx, or the published package's lib/cli.js) started in a new process, asked for a
 * suggestion every 10 ms until it answers 200 with a place. In ms, with the CPU time its main
 * thread spent until then: on a busy machine, the closer figure to the time at rest.
 */
async function spawnToFirstAnswer(
  env: NodeJS.ProcessEnv = {},
  args = CLI_TS,
): Promise<{ ms: number; cpuMs?: number }> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (performance.now() - t0 > 120_000) throw new Error('no answer within 120 s');
      try {
        const res = await fetch(
          `http://127.0.0.1:${port}/restapi/api/gis/v2.0/geoautocomplete/DEU?i=K%C3%B6ln%20Ehr`,
        );
        if (res.status === 200 && (await res.text()).includes('Ehrenfeld'))
          return { ms: performance.now() - t0, cpuMs: mainThreadCpuMs(child.pid!) };
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

/** Suggestion paths from real place names of the hierarchy: prefixes of varying length. */
export function requestPaths(geo: GeoIndex, count: number): string[] {
  const names: [string, string][] = [];
  const walk = (id: string, country: string) => {
    const n = geo.node(id);
    if (!n) return;
    names.push([country, n.name]);
    for (const c of n.childIds) walk(c, country);
  };
  walk('1276', 'DEU');
  walk('1040', 'AUT');
  const rand = rng(20240601);
  const paths: string[] = [];
  for (let k = 0; k < count; k++) {
    const [country, name] = names[Math.floor(rand() * names.length)]!;
    const words = name.split(/\s+/);
    const len = 1 + Math.floor(rand() * Math.min(9, words[0]!.length));
    let i = words[0]!.slice(0, len);
    if (words.length > 1 && rand() < 0.25)
      i += ' ' + words[1]!.slice(0, 1 + Math.floor(rand() * 3));
    const t = rand() < 0.2 ? '&t=All' : '';
    paths.push(`/restapi/api/gis/v2.0/geoautocomplete/${country}?i=${encodeURIComponent(i)}${t}`);
  }
  return paths;
}

/**
 * Starts the server in a child process, so that the load generator (autocannon, here) and
 * the server do not share one event loop: the whole sandbox (createSandbox) when it
 * exists, else a bare http server around suggest().
 */
export async function startServer(): Promise<{
  url: string;
  close: () => Promise<void>;
  what: string;
}> {
  const sandboxUrl = new URL('../packages/sandbox/src/index.ts', import.meta.url).href;
  const geoUrl = new URL('../packages/sandbox/src/geo/index.ts', import.meta.url).href;
  const script = `
    let port, what;
    try {
      const { createSandbox } = await import(${JSON.stringify(sandboxUrl)});
      const sb = await createSandbox({ quiet: true });
      ({ port } = await sb.listen(0, '127.0.0.1'));
      what = 'whole sandbox (createSandbox)';
    } catch (err) {
      const { createServer } = await import('node:http');
      const { loadGeo } = await import(${JSON.stringify(geoUrl)});
      const geo = await loadGeo();
      const server = createServer((req, res) => {
        const u = new URL(req.url ?? '/', 'http://x');
        try {
          const body = JSON.stringify(geo.suggest(u.pathname.split('/').pop() ?? '', Object.fromEntries(u.searchParams)));
          res.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
        } catch (e) {
          res.writeHead(e.status ?? 500).end(String(e));
        }
      });
      await new Promise((r) => server.listen(0, '127.0.0.1', r));
      port = server.address().port;
      what = 'bare http server around suggest() (sandbox not available: ' + err.message + ')';
    }
    console.log(JSON.stringify({ port, what }));
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const first = await new Promise<string>((resolve, reject) => {
    let buf = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d: string) => {
      buf += d;
      const line = buf.split('\n').find((l) => l.startsWith('{"port"'));
      if (line) resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
  });
  const { port, what } = JSON.parse(first) as { port: number; what: string };
  return {
    url: `http://127.0.0.1:${port}`,
    what: `${what}, in its own process`,
    close: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function benchSandboxGeo(): Promise<string> {
  const lines: string[] = [];
  // the index build itself, without the start-up cache (phases and counts)
  const built = coldStartup({ IMMO_GEO_CACHE: '0' });
  const s = built.stats;
  // spawn to first suggestion answer: without the cache (a build), then with it
  const uncached = (await spawnToFirstAnswer({ IMMO_GEO_CACHE: '0' })).ms;
  await spawnToFirstAnswer(); // writes the cache if there is none for these packages
  const cached: number[] = [];
  for (let k = 0; k < STARTUP_RUNS; k++) cached.push((await spawnToFirstAnswer()).ms);
  cached.sort((a, b) => a - b);
  // the published package: its compiled bin on its packed index (target: at most 1 s at rest)
  execFileSync('npm', ['run', 'build', '-w', 'immo-elements-sandbox'], { stdio: 'ignore' });
  const packed: { ms: number; cpuMs?: number }[] = [];
  for (let k = 0; k < STARTUP_RUNS; k++)
    packed.push(await spawnToFirstAnswer({ IMMO_GEO_SOURCE: 'packed' }, CLI_JS));
  packed.sort((a, b) => a.ms - b.ms);
  const cpu = packed
    .map((p) => p.cpuMs)
    .filter((c): c is number => c !== undefined)
    .sort((a, b) => a - b);
  const { loadavg } = await import('node:os');
  lines.push(
    `sandbox start-up, spawn to first suggestion answer (load average ${loadavg()[0]!.toFixed(1)} on ${(await import('node:os')).cpus().length} cores):`,
    `  with the index cache (${STARTUP_RUNS} runs): median ${cached[1]!.toFixed(0)} ms, min ${cached[0]!.toFixed(0)} ms, max ${cached[2]!.toFixed(0)} ms (target ≤ 2000 ms at rest)`,
    `  without it (IMMO_GEO_CACHE=0, a full build): ${uncached.toFixed(0)} ms; loadGeo() alone ${built.total.toFixed(0)} ms`,
    `  the published package (lib/cli.js, packed index, ${STARTUP_RUNS} runs): median ${packed[1]!.ms.toFixed(0)} ms, min ${packed[0]!.ms.toFixed(0)} ms${cpu.length ? `; its main thread's CPU time median ${cpu[Math.floor(cpu.length / 2)]!.toFixed(0)} ms` : ''} (target ≤ 1000 ms at rest)`,
    `  ${s.records} entities: ${s.hierarchy} hierarchy, ${s.postcodesDEU}+${s.postcodesAUT} postcodes, ${s.postcodesWithQuarter} postcodes with quarter, ${s.stations} stations, ${s.streets} streets`,
    `  Quarters named in code (quarters-de.ts: 80 German cities, Salzburg, Linz): ${s.namedQuarters} placed from the data, ${s.namedQuartersKnown} the data had already, ${s.namedQuartersUnplaced} left out for want of a position`,
    `  build phases (ms): ${Object.entries(s)
      .filter(([k]) => k.endsWith('Ms'))
      .map(([k, v]) => `${k.slice(0, -2)} ${v}`)
      .join(', ')}`,
  );

  // The request paths come from a child process: a load generator that held the whole geo
  // index would measure its own garbage collections on that heap as server latency.
  const pathsScript = `
    const { loadGeo } = await import(${JSON.stringify(new URL('../packages/sandbox/src/geo/index.ts', import.meta.url).href)});
    const { requestPaths } = await import(${JSON.stringify(import.meta.url)});
    const { batteryReport } = await import(${JSON.stringify(new URL('./sandbox-geo-battery.ts', import.meta.url).href)});
    const geo = await loadGeo();
    console.log(JSON.stringify(batteryReport(geo)));
    console.log(JSON.stringify(requestPaths(geo, 2000)));
  `;
  const pathsOut = execFileSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', pathsScript],
    { encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  const outLines = pathsOut.trim().split('\n');
  const paths = JSON.parse(outLines.pop()!) as string[];
  lines.push(JSON.parse(outLines.pop()!) as string);
  const server = await startServer();
  try {
    const spec: string = 'autocannon';
    const autocannon = ((await import(spec)) as { default: Autocannon }).default;
    // Two runs on the same server process: the first from a fresh start (JIT warm-up, the
    // lazily built short-prefix lists and the first GCs fall into it), then the steady state.
    for (const phase of [
      'fresh process (first 10 s after start-up)',
      'steady state (the next 10 s)',
    ]) {
      const result = await autocannon({
        url: server.url,
        connections: CONNECTIONS,
        duration: DURATION_S,
        requests: paths.map((path) => ({ method: 'GET', path })),
      });
      const lat = result.latency;
      lines.push(
        `suggestion load, ${phase}: ${server.what}, ${CONNECTIONS} connections, ${DURATION_S} s, ${paths.length} distinct requests from real place names`,
        `  ${result.requests.average.toFixed(0)} requests/s, ${result.requests.total} requests, non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`,
        `  latency p50 ${lat.p50} ms, p90 ${lat.p90} ms, p99 ${lat.p99} ms, max ${lat.max} ms (target p99 < 10 ms)`,
      );
    }
  } finally {
    await server.close();
  }
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(await benchSandboxGeo());
  process.exit(0);
}
