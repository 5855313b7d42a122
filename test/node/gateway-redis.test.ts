/**
 * The gateway's shared cache against a real redis-server (Debian's package, which .ci/run
 * installs): a restarted gateway, or a second instance, answers from what the first cached;
 * when the test kills Redis (by its process id) the cache circuit opens once and requests
 * are served from memory without waiting for Redis, and when it restarts Redis a probe
 * closes the circuit again. The latency figures are a bench (npm run bench gateway).
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type net from 'node:net';
import type { ChildProcess } from 'node:child_process';
import { hasRedis as redisInstalled, freePort, startRedis, killRedis } from './redis-server.js';
import { createGateway } from '../../packages/gateway/src/server.js';
import { SharedCache, type CachedResponse } from '../../packages/gateway/src/cache.js';
import { configFromEnv } from '../../packages/gateway/src/config.js';

const hasRedis = redisInstalled();
if (!hasRedis && process.env.CI === 'true')
  throw new Error(
    'redis-server is missing: .ci/run must install it (Debian package redis-server).',
  );
const skip = hasRedis
  ? false
  : 'redis-server is not installed (apt-get install redis-server); CI installs it';

let redis: ChildProcess | undefined;
let redisPort = 0;
let upstream: http.Server;
let target = '';
let upstreamHits = 0;

before(async () => {
  if (skip) return;
  redisPort = await freePort();
  redis = await startRedis(redisPort);
  upstream = http.createServer((req, res) => {
    upstreamHits++;
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ url: req.url, hit: upstreamHits }));
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  target = `http://127.0.0.1:${(upstream.address() as net.AddressInfo).port}/restapi/api`;
});

after(async () => {
  if (redis) await killRedis(redis);
  if (upstream) await new Promise((r) => upstream.close(r));
});

async function startGateway(
  env: Record<string, string> = {},
  logs: Record<string, unknown>[] = [],
) {
  const config = await configFromEnv({
    GATEWAY_TARGET: target,
    GATEWAY_CONSUMER_KEY: 'k',
    GATEWAY_CONSUMER_SECRET: 's',
    GATEWAY_ORIGINS: 'https://a.de',
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    // Generous here: this test is about sharing, not about deadlines on a busy machine.
    GATEWAY_REDIS_TIMEOUT_MS: '1000',
    ...env,
  });
  const gateway = await createGateway({ ...config, metricsPort: 0, log: (l) => logs.push(l) });
  const { url, metricsUrl } = await gateway.listen(0, '127.0.0.1');
  return { gateway, url, metricsUrl: metricsUrl! };
}

const get = (url: string) => fetch(url, { headers: { Accept: 'application/json' } });
const circuitGauge = async (metricsUrl: string) =>
  /^gateway_cache_circuit_open (\d)$/m.exec(await (await fetch(metricsUrl)).text())?.[1];
const circuitLogs = (logs: Record<string, unknown>[]) =>
  logs.filter((l) => String(l.msg).startsWith('cache circuit')).map((l) => l.msg);

test('a restarted gateway and a second instance hit the shared Redis cache', { skip }, async () => {
  const path = '/gis/v2.0/geoautocomplete/AUT?i=Salzburg&t=city';
  const a = await startGateway();
  assert.equal(a.gateway.cache.kind, 'redis');
  const stored = Date.now();
  const first = await fetch(a.url + path, { headers: { Accept: 'application/json' } });
  assert.equal(first.headers.get('x-cache'), 'MISS');
  const body = await first.text();
  const second = await startGateway();
  const shared = await fetch(second.url + path, { headers: { Accept: 'application/json' } });
  assert.equal(shared.headers.get('x-cache'), 'HIT');
  assert.equal(await shared.text(), body);
  await a.gateway.close();
  await second.gateway.close();

  const restarted = await startGateway();
  const hits = upstreamHits;
  const again = await fetch(restarted.url + path, { headers: { Accept: 'application/json' } });
  assert.equal(again.headers.get('x-cache'), 'HIT');
  assert.equal(again.headers.get('content-type'), 'application/json');
  // the age the first instance stored it at, kept in Redis
  const age = Number(again.headers.get('age') ?? NaN);
  assert.ok(age >= 0 && age <= Math.ceil((Date.now() - stored) / 1000), `Age ${age}`);
  assert.equal(await again.text(), body);
  assert.equal(upstreamHits, hits, 'the upstream was not asked again');
  const other = await fetch(restarted.url + '/gis/v2.0/geoautocomplete/AUT?i=Wien&t=city', {
    headers: { Accept: 'application/json' },
  });
  assert.equal(other.headers.get('x-cache'), 'MISS');
  await restarted.gateway.close();
});

test(
  'Redis killed mid-run: the circuit opens once, memory serves without waiting, a probe closes it when Redis is back',
  { skip },
  async () => {
    const logs: Record<string, unknown>[] = [];
    const a = await startGateway(
      { GATEWAY_REDIS_TIMEOUT_MS: '200', GATEWAY_REDIS_PROBE_MS: '100' },
      logs,
    );
    const cache = a.gateway.cache as SharedCache;
    const path = (q: string) => `${a.url}/gis/v2.0/geoautocomplete/DEU?i=${q}&t=city`;
    try {
      assert.equal((await get(path('Kiel'))).headers.get('x-cache'), 'MISS');
      assert.equal((await get(path('Kiel'))).headers.get('x-cache'), 'HIT');
      assert.equal(cache.state, 'closed');
      assert.equal(await circuitGauge(a.metricsUrl), '0');

      await killRedis(redis!);
      for (let i = 0; i < 6; i++) {
        const res = await get(path(`Ulm${i}`));
        assert.equal(res.status, 200, 'requests are served while Redis is down');
      }
      assert.equal(cache.state, 'open');
      assert.deepEqual(circuitLogs(logs), ['cache circuit open'], 'logged once, not per request');
      assert.equal(await circuitGauge(a.metricsUrl), '1', 'the metric shows the open circuit');
      const health = (await (
        await fetch(a.url.replace('/restapi/api', '') + '/healthz')
      ).json()) as Record<string, unknown>;
      assert.deepEqual(health, { status: 'ok', cache: 'redis', circuit: 'open' });
      // Open: answers come from memory; the shared cache sees nothing but an occasional probe.
      const calls = cache.sharedCalls;
      const hit = await get(path('Kiel'));
      assert.equal(hit.headers.get('x-cache'), 'HIT', 'memory kept what was cached');
      assert.equal((await get(path('Ulm0'))).headers.get('x-cache'), 'HIT');
      assert.ok(
        cache.sharedCalls - calls <= 2,
        `only probes reach Redis while open (${cache.sharedCalls - calls})`,
      );

      redis = await startRedis(redisPort);
      for (let i = 0; i < 200 && cache.state === 'open'; i++) {
        await get(path('Kiel'));
        await new Promise((r) => setTimeout(r, 50));
      }
      assert.equal(cache.state, 'closed', 'a probe found Redis again');
      assert.deepEqual(circuitLogs(logs), ['cache circuit open', 'cache circuit closed']);
      assert.equal(await circuitGauge(a.metricsUrl), '0');
      // Shared again: what one instance caches now, another one reads.
      assert.equal((await get(path('Jena'))).headers.get('x-cache'), 'MISS');
      const b = await startGateway();
      try {
        assert.equal(
          (await get(`${b.url}/gis/v2.0/geoautocomplete/DEU?i=Jena&t=city`)).headers.get('x-cache'),
          'HIT',
        );
      } finally {
        await b.gateway.close();
      }
    } finally {
      await a.gateway.close();
    }
  },
);

test(
  'a gateway started while Redis is down starts, serves from memory, and logs the open circuit once',
  { skip },
  async () => {
    const logs: Record<string, unknown>[] = [];
    const port = await freePort();
    const down = await startGateway(
      { REDIS_URL: `redis://127.0.0.1:${port}`, GATEWAY_REDIS_PROBE_MS: '100' },
      logs,
    );
    try {
      assert.equal((down.gateway.cache as SharedCache).state, 'open');
      for (let i = 0; i < 3; i++)
        assert.equal(
          (await get(`${down.url}/gis/v2.0/geoautocomplete/DEU?i=Gera&t=city`)).status,
          200,
        );
      assert.deepEqual(circuitLogs(logs), ['cache circuit open']);
    } finally {
      await down.gateway.close();
    }
  },
);

test('a shared cache that hangs: every read and write has a deadline, the circuit opens after three misses, a probe closes it', async () => {
  const upstream = http.createServer((_req, res) => res.end('{}'));
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  let hang = true;
  const never = new Promise<never>(() => {});
  const store = new Map<string, CachedResponse>();
  const shared = {
    get: async (k: string) => (hang ? never : store.get(k)),
    set: async (k: string, v: CachedResponse) => (hang ? never : void store.set(k, v)),
    ping: async () => (hang ? never : undefined),
    close: async () => {},
  };
  const changes: string[] = [];
  let now = 0;
  const cache = new SharedCache(shared, {
    timeoutMs: 20,
    failures: 3,
    probeMs: 1000,
    now: () => now,
    onStateChange: (s) => changes.push(s),
  });
  const config = await configFromEnv({
    GATEWAY_TARGET: `http://127.0.0.1:${(upstream.address() as net.AddressInfo).port}/restapi/api`,
    GATEWAY_CONSUMER_KEY: 'k',
    GATEWAY_CONSUMER_SECRET: 's',
    GATEWAY_ORIGINS: 'https://a.de',
  });
  const gateway = await createGateway({ ...config, log: () => {} }, { cache });
  const { url } = await gateway.listen(0, '127.0.0.1');
  try {
    // Without deadlines these requests would never be answered (the test would time out).
    for (let i = 0; i < 4; i++)
      assert.equal((await get(`${url}/search/v1.0/statistic?geocode=${i}`)).status, 200);
    assert.equal(cache.state, 'open');
    assert.deepEqual(changes, ['open']);
    const calls = cache.sharedCalls;
    assert.equal(
      (await get(`${url}/search/v1.0/statistic?geocode=0`)).headers.get('x-cache'),
      'HIT',
      'from memory',
    );
    assert.equal(cache.sharedCalls, calls, 'no probe before probeMs');
    hang = false;
    now += 1000;
    await get(`${url}/search/v1.0/statistic?geocode=9`);
    await new Promise((r) => setTimeout(r, 30));
    assert.equal(cache.state, 'closed');
    assert.deepEqual(changes, ['open', 'closed']);
    assert.equal(
      (await get(`${url}/search/v1.0/statistic?geocode=10`)).headers.get('x-cache'),
      'MISS',
    );
    assert.equal(
      (await get(`${url}/search/v1.0/statistic?geocode=10`)).headers.get('x-cache'),
      'HIT',
    );
    assert.ok(store.size >= 1, 'written to the shared cache again');
  } finally {
    await gateway.close();
    await new Promise((r) => upstream.close(r));
  }
});

/**
 * Two instances behind one load balancer share one limit through Redis (rate-limit.ts). The
 * limit here is 60 requests per client in a 60-second window (GATEWAY_RATE_LIMIT=1,
 * GATEWAY_RATE_BURST=60), and a client sends twice that, 120 requests, alternately to both
 * instances: all within one window on any machine, so the counts are exact whatever the
 * load, and nothing here is timed. Each phase is a new client (X-Forwarded-For, trusted).
 */
test(
  'two instances, one Redis: one limit per client; with Redis killed each falls back to its share; shared again when Redis is back',
  { skip },
  async (t) => {
    const env = {
      GATEWAY_RATE_LIMIT: '1',
      GATEWAY_RATE_BURST: '60',
      GATEWAY_INSTANCES: '2',
      GATEWAY_TRUST_PROXY: '1',
      GATEWAY_REDIS_PROBE_MS: '100',
    };
    /** Sends 120 requests of one client, alternately to each gateway, four at a time; the statuses per gateway. */
    const burst = async (urls: string[], client: string) => {
      const counts = urls.map(() => ({ ok: 0, limited: 0, other: 0 }));
      let next = 0;
      const worker = async () => {
        for (let i = next++; i < 120; i = next++) {
          const at = i % urls.length;
          const res = await fetch(`${urls[at]}/search/v1.0/region?q=Ber`, {
            headers: { Accept: 'application/json', 'X-Forwarded-For': client },
          });
          await res.arrayBuffer();
          if (res.status === 200) counts[at]!.ok++;
          else if (
            res.status === 429 &&
            Number(res.headers.get('retry-after')) >= 1 &&
            Number(res.headers.get('retry-after')) <= 60
          )
            counts[at]!.limited++;
          else counts[at]!.other++;
        }
      };
      await Promise.all([worker(), worker(), worker(), worker()]);
      return {
        per: counts,
        ok: counts.reduce((n, c) => n + c.ok, 0),
        limited: counts.reduce((n, c) => n + c.limited, 0),
        other: counts.reduce((n, c) => n + c.other, 0),
      };
    };
    const gauge = async (metricsUrl: string, name: string) =>
      new RegExp(`^${name} (\\d)$`, 'm').exec(await (await fetch(metricsUrl)).text())?.[1];
    const limitLogs = (logs: Record<string, unknown>[]) =>
      logs.filter((l) => String(l.msg).startsWith('rate limit')).map((l) => l.msg);

    // Without Redis, each instance counts alone: the client gets twice its limit through.
    const alone = [
      await startGateway({ ...env, REDIS_URL: '' }),
      await startGateway({ ...env, REDIS_URL: '' }),
    ];
    try {
      const r = await burst(
        alone.map((g) => g.url),
        '203.0.113.1',
      );
      assert.equal(r.ok, 120, 'two separate limits of 60');
    } finally {
      for (const g of alone) await g.gateway.close();
    }

    const logs: Record<string, unknown>[][] = [[], []];
    const gws = [await startGateway(env, logs[0]), await startGateway(env, logs[1])];
    const urls = gws.map((g) => g.url);
    const circuits = gws.map((g) => g.gateway.cache as SharedCache);
    try {
      const shared = await burst(urls, '203.0.113.2');
      assert.equal(shared.other, 0);
      // 60 exactly when every count reached Redis; a request whose count missed the deadline on a
      // very busy machine is counted by its instance alone (its share), so a few more may pass
      assert.ok(
        shared.ok >= 60 && shared.ok <= 70,
        `one limit for both: ${shared.ok} passed of 120`,
      );
      assert.ok(
        shared.per.every((c) => c.ok > 0),
        'both instances served',
      );
      for (const g of gws) assert.equal(await gauge(g.metricsUrl, 'gateway_rate_limit_local'), '0');

      await killRedis(redis!);
      const down = await burst(urls, '203.0.113.3');
      assert.equal(down.other, 0, 'every request answered while Redis is down');
      assert.deepEqual(
        circuits.map((c) => c.state),
        ['open', 'open'],
      );
      // each counts alone with half the limit: 30 + 30
      assert.deepEqual(
        down.per.map((c) => c.ok),
        [30, 30],
      );
      for (const g of gws) assert.equal(await gauge(g.metricsUrl, 'gateway_rate_limit_local'), '1');
      for (const l of logs)
        assert.deepEqual(limitLogs(l), ['rate limit local'], 'said once per instance');
      assert.match(
        String(logs[0]!.find((l) => l.msg === 'rate limit local')?.reason),
        /30 requests per 60 s per client \(1\/2 of 60, GATEWAY_INSTANCES=2\)/,
      );

      redis = await startRedis(redisPort);
      for (let i = 0; i < 200 && circuits.some((c) => c.state === 'open'); i++) {
        await Promise.all(urls.map((u) => get(`${u}/search/v1.0/region?q=Ber`)));
        await new Promise((r) => setTimeout(r, 50));
      }
      assert.deepEqual(
        circuits.map((c) => c.state),
        ['closed', 'closed'],
        'probes found Redis again',
      );
      const back = await burst(urls, '203.0.113.4');
      assert.equal(back.other, 0);
      assert.ok(back.ok >= 60 && back.ok <= 70, `shared again: ${back.ok} passed of 120`);
      for (const g of gws) assert.equal(await gauge(g.metricsUrl, 'gateway_rate_limit_local'), '0');
      for (const l of logs)
        assert.deepEqual(limitLogs(l), ['rate limit local', 'rate limit shared']);
      const fmt = (r: typeof shared) =>
        `${r.ok} passed (${r.per.map((c) => c.ok).join(' + ')}), ${r.limited} limited`;
      t.diagnostic(
        `120 requests of one client to two instances, limit 60: no Redis ${120} passed; shared ${fmt(shared)}; Redis killed ${fmt(down)}; Redis back ${fmt(back)}`,
      );
    } finally {
      for (const g of gws) await g.gateway.close();
    }
  },
);
