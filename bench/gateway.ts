/**
 * Gateway overhead: suggestion requests at a fixed 200 requests per second, once straight to
 * the sandbox and once through the gateway (signing and forwarding, cache bypassed), and
 * cache hits through the gateway. Latency is measured per request with hrtime on a
 * keep-alive connection pool; the figures are p50 and p99 in milliseconds. The sandbox runs
 * in its own process; the gateways and the load generator share this one.
 */
import http from 'node:http';
import { startServer } from './sandbox-geo.js';
import { createGateway } from '../packages/gateway/src/server.js';
import type { ResponseCache } from '../packages/gateway/src/cache.js';

const RATE = 200;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const QUERIES = ['Ber', 'Berlin Mi', 'Münch', 'Hamb', 'Köln', 'Frankf', 'Stutt', 'Düsseld', 'Leipz', 'Dresd', 'Hanno', 'Nürnb', 'Bremen', 'Essen', 'Dortm', 'Potsd'];

const noCache: ResponseCache = { kind: 'memory', get: async () => undefined, set: async () => {}, close: async () => {} };

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function load(base: string, pathFor: (i: number) => string): Promise<{ p50: number; p99: number; n: number; errors: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const lat: number[] = [];
  let errors = 0;
  const total = RATE * SECONDS;
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      new Promise<void>((resolve) => {
        const t0 = process.hrtime.bigint();
        const req = http.get(base + pathFor(i), { agent, headers: { Accept: 'application/json' } }, (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) errors++;
            lat.push(Number(process.hrtime.bigint() - t0) / 1e6);
            resolve();
          });
        });
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
  return { p50: pct(lat, 50), p99: pct(lat, 99), n: lat.length, errors };
}

export async function benchGateway(): Promise<string> {
  // The sandbox in a process of its own, as the real service is: its large geo heap and its
  // garbage collections do not stall the gateway and the load generator in this one.
  const sandbox = await startServer();
  const baseUrl = `${sandbox.url}/restapi/api`;
  const config = {
    target: baseUrl,
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
  const forwarding = await createGateway(config, { cache: noCache });
  const fwd = (await forwarding.listen(0, '127.0.0.1')).url;
  const caching = await createGateway(config);
  const cached = (await caching.listen(0, '127.0.0.1')).url;

  const suggest = (i: number) => `/gis/v2.0/geoautocomplete/DEU?i=${encodeURIComponent(QUERIES[i % QUERIES.length])}&t=city,quarterOrTown`;
  // Warm up both paths (JIT, connection pools, the sandbox's index).
  await load(baseUrl, suggest);
  await load(fwd, suggest);
  const direct = await load(baseUrl, suggest);
  const through = await load(fwd, suggest);
  for (const q of QUERIES.keys()) await fetch(cached + suggest(q), { headers: { Accept: 'application/json' } });
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

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchGateway());
}
