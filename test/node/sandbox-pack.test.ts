/**
 * The sandbox as a partner gets it: the workspace packages/sandbox built and packed
 * (tsc, and the packed geography made from the raw data packages), installed into a clean
 * folder from npm's local cache (`--prefer-offline`, as the gateway's pack test), without any
 * raw data package and without this repository's node_modules. `npx immo-elements-sandbox`
 * answers a suggestion, a statistic and a contact request; the installed size stays within
 * 25 MB; and the packed sandbox answers a fixed set of suggestion, entity, region and
 * statistic queries exactly as a sandbox built here from the raw data packages does (the geo
 * battery of bench/sandbox-geo-battery.ts). The start-up time is reported, not asserted (no
 * timed assertions on a shared machine: `npm run bench sandbox-geo` measures it).
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BATTERY, WIDGET_TYPES } from '../../bench/sandbox-geo-battery.js';
import { DATA_PACKAGES } from '../../packages/sandbox/src/geo/cache.js';
import type { Sandbox } from '../../packages/sandbox/src/index.js';

const root = resolve(import.meta.dirname, '../..');
const sbPkg = JSON.parse(readFileSync(join(root, 'packages/sandbox/package.json'), 'utf8')) as {
  name: string;
  bin: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const rootPkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const BIN = Object.keys(sbPkg.bin)[0]!;

let dir = '';
let tarball = '';
let app = '';
/** The installed sandbox (npx), and one built in this process from the raw data packages. */
let packed: { child: ChildProcess; base: string; firstAnswerMs: number } | undefined;
let raw: Sandbox | undefined;
let rawBase = '';

const npmEnv = {
  ...process.env,
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
};
const run = (cmd: string, args: string[], cwd: string) =>
  execFileSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: npmEnv,
  });
/** What a partner's shell has: no NODE_OPTIONS, NODE_PATH or loader of this repository. */
const cleanEnv = (more: Record<string, string> = {}) => ({
  PATH: process.env.PATH!,
  HOME: process.env.HOME ?? tmpdir(),
  npm_config_cache: process.env.npm_config_cache ?? join(process.env.HOME ?? '', '.npm'),
  npm_config_offline: 'true',
  npm_config_update_notifier: 'false',
  ...more,
});

/** Starts `cmd` in the app folder; resolves with the base URL it prints and the time to its first suggestion answer. */
async function startInstalled(
  cmd: string,
  args: string[],
): Promise<{ child: ChildProcess; base: string; firstAnswerMs: number }> {
  const t0 = performance.now();
  // its own process group: npx runs the bin as a child of its own, and stop() ends both
  const child = spawn(cmd, [...args, '--port', '0', '--quiet'], {
    cwd: app,
    env: cleanEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d));
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      const m = /^(http:\/\/127\.0\.0\.1:\d+\/restapi\/api)\n/m.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) =>
      reject(new Error(`${cmd} exited with ${code} before listening: ${stderr}`)),
    );
  });
  const r = await fetch(`${base}/gis/v2.0/geoautocomplete/DEU?i=K%C3%B6ln%20Ehr`);
  assert.equal(r.status, 200, stderr);
  assert.match(await r.text(), /Köln - Ehrenfeld/);
  return { child, base, firstAnswerMs: performance.now() - t0 };
}

/** Stops a started sandbox: SIGTERM to its process group (npx and the bin it runs), by the group's id. */
const stop = (child: ChildProcess) =>
  new Promise<number | null>((r) => {
    if (child.exitCode !== null) return r(child.exitCode);
    child.once('exit', (code) => r(code));
    process.kill(-child.pid!, 'SIGTERM');
  });

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'immo-sandbox-pack-'));
  // `npm pack` runs the same build as its prepack; built first so that pack's --json is alone on stdout
  run('npm', ['run', 'build', '-w', sbPkg.name], root);
  const out = run(
    'npm',
    ['pack', '-w', sbPkg.name, '--ignore-scripts', '--json', '--pack-destination', dir],
    root,
  );
  tarball = join(dir, (JSON.parse(out) as { filename: string }[])[0]!.filename);
  app = join(dir, 'app');
  mkdirSync(app);
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'partner-ci', version: '1.0.0', private: true }),
  );
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], app);
});

after(async () => {
  if (packed) await stop(packed.child);
  await raw?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the workspace packages: the sandbox has its run-time dependencies, the raw data only for building; the elements none of it', () => {
  assert.deepEqual(Object.keys(sbPkg.dependencies).sort(), [
    'fast-xml-parser',
    'nodemailer',
    'proj4',
  ]);
  for (const name of DATA_PACKAGES) {
    assert.ok(sbPkg.devDependencies[name], `${name} is a development dependency of the sandbox`);
    assert.equal(
      rootPkg.dependencies[name] ?? rootPkg.devDependencies[name],
      undefined,
      `${name} is not the elements'`,
    );
  }
  for (const name of ['nodemailer', 'proj4', '@types/nodemailer', '@types/proj4']) {
    assert.equal(
      rootPkg.dependencies[name] ?? rootPkg.devDependencies[name],
      undefined,
      `${name} is not the elements'`,
    );
  }
});

test('the tarball holds the compiled lib, the packed geography, README and data licences, nothing else', () => {
  const files = run('tar', ['-tzf', tarball], dir).split('\n').filter(Boolean).sort();
  for (const f of [
    'lib/cli.js',
    'lib/index.js',
    'lib/index.d.ts',
    'lib/geo/index.js',
    'data/geo-index.json.gz',
    'README.md',
    'LICENSES-DATA.md',
    'package.json',
  ]) {
    assert.ok(files.includes(`package/${f}`), `${f} is in the package`);
  }
  assert.deepEqual(
    files.filter(
      (f) =>
        !/^package\/(lib\/[\w/-]+\.(js|d\.ts)|data\/geo-index\.json\.gz|README\.md|LICENSES-DATA\.md|package\.json)$/.test(
          f,
        ),
    ),
    [],
  );
  const installed = join(app, 'node_modules', sbPkg.name);
  // the licences travel with the data: the repository's LICENSES-DATA.md, and the index names its sources itself
  const licences = readFileSync(join(installed, 'LICENSES-DATA.md'), 'utf8');
  for (const credit of [
    'GeoNames',
    'CC BY 4.0',
    'OpenStreetMap',
    'ODbL',
    'Destatis',
    'DB',
    'Österreichische Post',
  ])
    assert.ok(licences.includes(credit), credit);
  assert.doesNotMatch(licences, /\]\((?![a-z]+:|#)/, 'no links into the repository');
  const readme = readFileSync(join(installed, 'README.md'), 'utf8');
  for (const credit of ['GeoNames', 'OpenStreetMap', 'ODbL', 'LICENSES-DATA.md'])
    assert.ok(readme.includes(credit), credit);
  const index = JSON.parse(
    execFileSync('gzip', ['-dc', join(installed, 'data/geo-index.json.gz')], {
      maxBuffer: 64 << 20,
      encoding: 'utf8',
    }),
  ) as { attribution: string; packages: Record<string, string> };
  assert.match(index.attribution, /GeoNames.*CC BY 4\.0.*OpenStreetMap.*ODbL/);
  assert.deepEqual(Object.keys(index.packages).sort(), [...DATA_PACKAGES].sort());
});

test('installed: no raw data package, within 25 MB on disk', (t) => {
  for (const name of DATA_PACKAGES)
    assert.equal(existsSync(join(app, 'node_modules', name)), false, `${name} is not installed`);
  const kib = Number(run('du', ['-sk', join(app, 'node_modules')], app).split('\t')[0]);
  t.diagnostic(
    `installed size (du -sk node_modules): ${(kib / 1024).toFixed(1)} MiB; tarball ${(Number(run('du', ['-sk', tarball], dir).split('\t')[0]) / 1024).toFixed(1)} MiB`,
  );
  assert.ok(kib * 1024 <= 25e6, `${kib} KiB on disk`);
});

test('npx immo-elements-sandbox: --help, then one line and exit 1 for a taken port and an unwritable data folder', async () => {
  const help = execFileSync('npx', [BIN, '--help'], {
    cwd: app,
    env: cleanEnv(),
    encoding: 'utf8',
  });
  for (const o of [
    '--port',
    '--host',
    '--data-dir',
    '--origins',
    '--strict-contact',
    '--no-geo',
    'SANDBOX_ORIGINS',
  ])
    assert.ok(help.includes(o), o);
  const fails = (args: string[]) => {
    try {
      execFileSync('npx', [BIN, ...args], {
        cwd: app,
        env: cleanEnv(),
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      return { status: 0, stderr: '' };
    } catch (e) {
      return e as { status: number; stderr: string };
    }
  };
  const net = await import('node:net');
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    const port = (server.address() as import('node:net').AddressInfo).port;
    const taken = fails(['--port', String(port)]);
    assert.equal(taken.status, 1);
    assert.match(
      taken.stderr,
      new RegExp(`^sandbox: port ${port} on 127\\.0\\.0\\.1 is already in use .*\\n$`),
    );
  } finally {
    server.close();
  }
  const file = join(dir, 'a-file');
  writeFileSync(file, '');
  const unwritable = fails(['--port', '0', '--data-dir', join(file, 'state')]);
  assert.equal(unwritable.status, 1);
  assert.match(
    unwritable.stderr,
    /^sandbox: cannot use the data folder .*: a file is in the way \(not a folder\)\. .*--data-dir.*\n$/,
  );
});

test('npx immo-elements-sandbox answers a suggestion, a statistic and a contact request', async (t) => {
  // the figure for the report: the bin itself, then through npx (which adds npm's own start)
  const direct = await startInstalled(join(app, 'node_modules', '.bin', BIN), []);
  await stop(direct.child);
  packed = await startInstalled('npx', [BIN]);
  t.diagnostic(
    `spawn to first suggestion answer (load average ${(await import('node:os')).loadavg()[0]!.toFixed(1)}): bin ${direct.firstAnswerMs.toFixed(0)} ms, npx ${packed.firstAnswerMs.toFixed(0)} ms`,
  );
  const base = packed.base;
  const stat = await fetch(`${base}/search/v1.0/statistic?geocode=1276003001`, {
    headers: { accept: 'application/json' },
  });
  assert.equal(stat.status, 200);
  const body = (await stat.json()) as {
    'common.geoHierarchyElementsStatistic': { parent: { name: string } };
  };
  assert.equal(body['common.geoHierarchyElementsStatistic'].parent.name, 'Berlin');
  const fixtures = (await (await fetch(`${base}/sandbox/fixtures`)).json()) as {
    exposes: Record<string, string[]>;
  };
  const expose = fixtures.exposes.EMAIL![0]!;
  const contact = await fetch(`${base}/search/v1.0/expose/${expose}/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      'expose.contactForm': {
        lastname: 'Schulz',
        emailAddress: 'anna@example.org',
        message: 'Ist die Wohnung noch frei?',
      },
    }),
  });
  assert.equal(contact.status, 200);
  const outbox = (await (await fetch(`${base}/sandbox/outbox`)).json()) as {
    exposeId: string;
    raw: string;
  }[];
  assert.equal(outbox.length, 1);
  assert.equal(outbox[0]!.exposeId, expose);
  assert.match(outbox[0]!.raw, /Ist die Wohnung noch frei\?/);
});

test('the packed sandbox answers exactly as one built from the raw data packages', async (t) => {
  assert.ok(packed, 'the installed sandbox runs (previous test)');
  // a fresh build from the raw packages, not the start-up cache
  process.env.IMMO_GEO_SOURCE = 'raw';
  process.env.IMMO_GEO_CACHE = '0';
  const { createSandbox } = await import('../../packages/sandbox/src/index.js');
  raw = await createSandbox({ quiet: true });
  rawBase = (await raw.listen(0)).baseUrl;
  // The packed sandbox's socket sat idle while the raw one was built: the server may close it
  // (its keep-alive timeout) just as the client reuses it, which fails the fetch before any
  // answer. That is the client's race, not the sandbox's answer: one more try on a new socket.
  const get = (url: string, accept: string) =>
    fetch(url, { headers: { accept } }).catch(() => fetch(url, { headers: { accept } }));
  const both = async (path: string, accept = 'application/json') => {
    const [a, b] = await Promise.all([
      get(packed!.base + path, accept),
      get(rawBase + path, accept),
    ]);
    const [ta, tb] = await Promise.all([a.text(), b.text()]);
    assert.equal(a.status, b.status, path);
    assert.equal(a.headers.get('content-type'), b.headers.get('content-type'), path);
    assert.equal(ta, tb, path);
    return { status: a.status, body: ta };
  };
  const ids = new Map<string, 'DEU' | 'AUT'>();
  let suggestions = 0;
  for (const bc of BATTERY) {
    const country = bc.country ?? 'DEU';
    const i = encodeURIComponent(bc.i);
    // as the widget asks (the battery's own parameters), with the service's default types and limit, and every type
    const t = bc.t === undefined ? WIDGET_TYPES : bc.t;
    for (const q of [`i=${i}&t=${t}&l=10`, `i=${i}`, `i=${i}&t=All,trainStation,address&l=120`]) {
      const { status, body } = await both(`/gis/v2.0/geoautocomplete/${country}?${q}`);
      assert.equal(status, 200);
      for (const item of JSON.parse(body) as { entity: { id: string } }[])
        ids.set(item.entity.id, country);
      suggestions++;
    }
  }
  // entities: every ninth one seen, in all coordinate forms (Lambert through proj4)
  let entities = 0;
  for (const [id, country] of [...ids].filter((_, k) => k % 9 === 0)) {
    for (const g of ['WGS84', 'Lambert', 'GeoId']) {
      assert.equal(
        (await both(`/gis/v2.0/geoautocomplete/${country}/entity/${id}?g=${g}`)).status,
        200,
      );
      entities++;
    }
  }
  // the legacy region search, in both media types
  for (const bc of BATTERY.filter((c) => !c.country).slice(0, 40)) {
    for (const accept of ['application/json', 'application/xml'])
      assert.equal(
        (await both(`/search/v1.0/region?q=${encodeURIComponent(bc.i)}`, accept)).status,
        200,
      );
  }
  // statistics of a few places: countries, a state, cities with quarters, a Kreis, a quarter, a town
  const places = ['1276', '1040', '1276003', '1276003001', '1276003001046', '1276009039'];
  for (const name of ['München', 'Wien', 'Potsdam', 'Köln - Ehrenfeld', 'Treuenbrietzen']) {
    const [hit] = JSON.parse(
      (
        await both(
          `/gis/v2.0/geoautocomplete/${name === 'Wien' ? 'AUT' : 'DEU'}?i=${encodeURIComponent(name)}&l=1`,
        )
      ).body,
    ) as { entity: { id: string } }[];
    places.push(hit!.entity.id);
  }
  let withSubregions = 0;
  for (const geocode of places) {
    for (const accept of ['application/json', 'application/xml']) {
      // a place without subregions has no statistic (412), in both alike
      const { status } = await both(`/search/v1.0/statistic?geocode=${geocode}`, accept);
      assert.ok(status === 200 || status === 412, `${geocode}: ${status}`);
      if (status === 200) withSubregions++;
    }
  }
  assert.ok(withSubregions >= 16, `${withSubregions} statistics with subregions`);
  t.diagnostic(
    `identical answers: ${suggestions} suggestions (${BATTERY.length} battery inputs × 3), ${entities} entity requests, 80 region searches, ${places.length * 2} statistics`,
  );
  assert.ok(ids.size > 1000, `${ids.size} distinct entities seen`);
});
