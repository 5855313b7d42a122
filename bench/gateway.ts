/**
 * Gateway overhead: suggestion requests at a fixed 200 requests per second, once straight to
 * the sandbox and once through the gateway (signing and forwarding, cache bypassed), and
 * cache hits through the gateway. Latency is measured per request with hrtime on a
 * keep-alive connection pool; the figures are p50 and p99 in milliseconds. The sandbox runs
 * in its own process; the gateways and the load generator share this one.
 */
import http from 'node:http';
import { hasRedis, freePort, startRedis, killRedis } from '../test/node/redis-server.js';
import { startServer } from './sandbox-geo.js';
import { createGateway } from '../packages/gateway/src/server.js';
import type { ResponseCache } from '../packages/gateway/src/cache.js';
import type { GatewayConfig } from '../packages/gateway/src/config.js';

const RATE = 200;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const QUERIES = [
  'Ber',
  'Berlin Mi',
  'Münch',
  'Hamb',
  'Köln',
  'Frankf',
  'Stutt',
  'Düsseld',
  'Leipz',
  'Dresd',
  'Hanno',
  'Nürnb',
  'Bremen',
  'Essen',
  'Dortm',
  'Potsd',
];

const noCache: ResponseCache = {
  kind: 'memory',
  get: async () => undefined,
  set: async () => {},
  close: async () => {},
};

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function load(
  base: string,
  pathFor: (i: number) => string,
  rate = RATE,
  seconds = SECONDS,
): Promise<{ p50: number; p99: number; n: number; errors: number; max: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const lat: number[] = [];
  let errors = 0;
  const total = rate * seconds;
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      new Promise<void>((resolve) => {
        const t0 = process.hrtime.bigint();
        const req = http.get(
          base + pathFor(i),
          { agent, headers: { Accept: 'application/json' } },
          (res) => {
            res.resume();
            res.on('end', () => {
              if (res.statusCode !== 200) errors++;
              lat.push(Number(process.hrtime.bigint() - t0) / 1e6);
              resolve();
            });
          },
        );
        req.on('error', () => {
          errors++;
          resolve();
        });
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  lat.sort((a, b) => a - b);
  return {
    p50: pct(lat, 50),
    p99: pct(lat, 99),
    n: lat.length,
    errors,
    max: lat[lat.length - 1] ?? 0,
  };
}

/** A gateway configuration for the benches: no rate limit, long cache lifetime, no log. */
function benchConfig(target: string): GatewayConfig {
  return {
    target,
    consumerKey: 'bench-key',
    consumerSecret: 'bench-secret',
    origins: ['http://127.0.0.1'],
    port: 0,
    host: '127.0.0.1',
    rateLimit: 1e6,
    rateBurst: 1e6,
    cacheTtlMs: 600_000,
    maxBodyBytes: 65536,
    upstreamTimeoutMs: 5000,
    trustProxy: false,
    log: () => {},
  };
}

export async function benchGateway(): Promise<string> {
  // The sandbox in a process of its own, as the real service is: its large geo heap and its
  // garbage collections do not stall the gateway and the load generator in this one.
  const sandbox = await startServer();
  const baseUrl = `${sandbox.url}/restapi/api`;
  const config = benchConfig(baseUrl);
  const forwarding = await createGateway(config, { cache: noCache });
  const fwd = (await forwarding.listen(0, '127.0.0.1')).url;
  const caching = await createGateway(config);
  const cached = (await caching.listen(0, '127.0.0.1')).url;

  const suggest = (i: number) =>
    `/gis/v2.0/geoautocomplete/DEU?i=${encodeURIComponent(QUERIES[i % QUERIES.length])}&t=city,quarterOrTown`;
  // Warm up both paths (JIT, connection pools, the sandbox's index).
  await load(baseUrl, suggest);
  await load(fwd, suggest);
  const direct = await load(baseUrl, suggest);
  const through = await load(fwd, suggest);
  for (const q of QUERIES.keys())
    await fetch(cached + suggest(q), { headers: { Accept: 'application/json' } });
  const hits = await load(cached, suggest);

  await forwarding.close();
  await caching.close();
  await sandbox.close();
  const f = (n: number) => n.toFixed(2).padStart(7);
  return [
    `fixed rate ${RATE} req/s for ${SECONDS} s each, suggestion requests (p50 / p99 ms):`,
    `  direct to sandbox      ${f(direct.p50)} / ${f(direct.p99)}   (${direct.n} requests, ${direct.errors} errors)`,
    `  through gateway        ${f(through.p50)} / ${f(through.p99)}   (${through.n} requests, ${through.errors} errors)`,
    `  added by the gateway   ${f(through.p50 - direct.p50)} / ${f(through.p99 - direct.p99)}   (target: p99 < 3 ms)`,
    `  gateway cache hit      ${f(hits.p50)} / ${f(hits.p99)}   (${hits.n} requests, ${hits.errors} errors; target < 1 ms)`,
  ].join('\n');
}

/**
 * The cache and the rate limit under a Redis outage: a caching gateway with
 * REDIS_URL (its cache and its per-client limit in Redis, through one circuit breaker) and a
 * forwarding one without a cache or Redis take the same suggestion requests at the same fixed
 * rate, a third of them new (cache misses), while a real redis-server runs, after the bench
 * kills it (SIGKILL, by its process id) and after it restarts it. Target: the cached route's
 * p99 within 50 ms of the uncached one's, while Redis is down and after it is back: no request
 * waits for Redis, neither for the cache nor for the limit (which falls back to the local share).
 */
export async function benchGatewayRedisOutage(): Promise<string> {
  if (!hasRedis()) return '(redis-server is not installed: no Redis outage figures)';
  const sandbox = await startServer();
  const redisPort = await freePort();
  let redis = await startRedis(redisPort);
  const logs: string[] = [];
  const config = {
    ...benchConfig(`${sandbox.url}/restapi/api`),
    redisUrl: `redis://127.0.0.1:${redisPort}`,
    log: (l: Record<string, unknown>) => {
      if (/^(cache circuit|rate limit)/.test(String(l.msg)))
        logs.push(`${((performance.now() - t0) / 1000).toFixed(1)} s ${l.msg}`);
    },
  };
  const t0 = performance.now();
  const caching = await createGateway(config);
  const forwarding = await createGateway({ ...config, redisUrl: undefined }, { cache: noCache });
  const cachedBase = (await caching.listen(0, '127.0.0.1')).url;
  const uncachedBase = (await forwarding.listen(0, '127.0.0.1')).url;
  let run = 0;
  // Two of three requests repeat one of 16 queries (hits once cached), one in three is new.
  const path = (i: number) => {
    const q =
      i % 3 === 0 ? `${QUERIES[i % QUERIES.length]} ${run}-${i}` : QUERIES[i % QUERIES.length];
    return `/gis/v2.0/geoautocomplete/DEU?i=${encodeURIComponent(q!)}&t=city,quarterOrTown`;
  };
  const rate = RATE / 2;
  const phase = async () => {
    run++;
    const [cached, uncached] = await Promise.all([
      load(cachedBase, path, rate),
      load(uncachedBase, path, rate),
    ]);
    return { cached, uncached };
  };
  await phase(); // warm-up
  const up = await phase();
  await killRedis(redis);
  const down = await phase();
  redis = await startRedis(redisPort);
  const back = await phase();
  const state = caching.cache.state;
  await caching.close();
  await forwarding.close();
  await killRedis(redis);
  await sandbox.close();
  const f = (n: number) => n.toFixed(1).padStart(6);
  const line = (
    name: string,
    r: { cached: Awaited<ReturnType<typeof load>>; uncached: Awaited<ReturnType<typeof load>> },
  ) =>
    `  ${name.padEnd(22)} ${f(r.cached.p50)} / ${f(r.cached.p99)} / ${f(r.cached.max)}   ${f(r.uncached.p50)} / ${f(r.uncached.p99)}   ${f(r.cached.p99 - r.uncached.p99)}   (${r.cached.errors + r.uncached.errors} errors)`;
  return [
    `Redis outage: ${rate} req/s to each gateway for ${SECONDS} s per phase, suggestion requests, a third new (ms):`,
    `  phase                  cached p50 / p99 / max    uncached p50 / p99   p99 difference (target <= 50)`,
    line('Redis up', up),
    line('Redis killed (down)', down),
    line('Redis restarted (back)', back),
    `  circuit and rate limit: ${logs.join('; ') || 'no change'}; at the end ${state}`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchGateway());
  console.log(await benchGatewayRedisOutage());
}

/**
 * Cache busting: 10,000 requests, each with a junk parameter of its own and an Accept value
 * of its own (refused with 400: no operation documents the parameter, so none reaches the
 * service or the cache), then 10,000 with a distinct value of a documented parameter and a
 * distinct Accept value (each a real cache entry). Against a stub service on 127.0.0.1 that
 * answers 2 KB of JSON; 32 requests in flight. Reports the cache's bytes against its bound
 * and the process's heap before and after.
 */
export async function benchGatewayCacheBusting(): Promise<string> {
  const N = 10_000;
  const MAX_BYTES = 4 * 1024 * 1024;
  const answer = JSON.stringify({ items: 'x'.repeat(2000) });
  let upstreamHits = 0;
  const stub = http.createServer((req, res) => {
    upstreamHits++;
    req.resume();
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Language': 'de' });
    res.end(answer);
  });
  await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r));
  const target = `http://127.0.0.1:${(stub.address() as { port: number }).port}/restapi/api`;
  const gateway = await createGateway({
    ...benchConfig(target),
    cacheMaxBytes: MAX_BYTES,
  });
  const base = (await gateway.listen(0, '127.0.0.1')).url;
  const cache = gateway.cache as unknown as { bytes: number; size: number; maxBytes: number };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const get = (path: string, accept: string) =>
    new Promise<number>((resolve) => {
      const req = http.get(base + path, { agent, headers: { Accept: accept } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', () => resolve(0));
    });
  const run = async (pathFor: (i: number) => string) => {
    const statuses = new Map<number, number>();
    let next = 0;
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (next < N) {
          const i = next++;
          const s = await get(pathFor(i), `application/json, application/x-junk-${i}`);
          statuses.set(s, (statuses.get(s) ?? 0) + 1);
        }
      }),
    );
    return [...statuses].map(([s, n]) => `${n}× ${s}`).join(', ');
  };
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const junk = await run((i) => `/gis/v2.0/geoautocomplete/DEU?i=Ber&junk${i}=${i}`);
  const afterJunk = { bytes: cache.bytes, size: cache.size, upstream: upstreamHits };
  const distinct = await run((i) => `/gis/v2.0/geoautocomplete/DEU?i=Ber${i}&t=city`);
  global.gc?.();
  const heapAfter = process.memoryUsage().heapUsed;
  const mb = (n: number) => (n / 1024 / 1024).toFixed(2);
  const result = [
    `cache busting, ${N} requests per run, cache bound ${mb(MAX_BYTES)} MiB:`,
    `  junk parameter + junk Accept   ${junk}; service reached ${afterJunk.upstream} times; cache ${afterJunk.size} entries, ${mb(afterJunk.bytes)} MiB`,
    `  distinct documented values     ${distinct}; service reached ${upstreamHits - afterJunk.upstream} times; cache ${cache.size} entries, ${mb(cache.bytes)} MiB (bound ${mb(cache.maxBytes)} MiB: ${cache.bytes <= cache.maxBytes ? 'kept' : 'EXCEEDED'})`,
    `  heap used before / after       ${mb(heapBefore)} / ${mb(heapAfter)} MiB${global.gc ? '' : ' (without --expose-gc: includes garbage)'}`,
  ].join('\n');
  agent.destroy();
  await gateway.close();
  await new Promise((r) => stub.close(r));
  return result;
}
