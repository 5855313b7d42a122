/**
 * The gateway's shared cache against a real redis-server (Debian's package, which .ci/run
 * installs): a restarted gateway, or a second instance, answers from what the first cached.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createGateway } from '../../packages/gateway/src/server.js';
import { configFromEnv } from '../../packages/gateway/src/config.js';

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
if (!hasRedis && process.env.CI === 'true') throw new Error('redis-server is missing: .ci/run must install it (Debian package redis-server).');
const skip = hasRedis ? false : 'redis-server is not installed (apt-get install redis-server); CI installs it';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

let redis: ChildProcess | undefined;
let redisPort = 0;
let upstream: http.Server;
let target = '';
let upstreamHits = 0;

before(async () => {
  if (skip) return;
  redisPort = await freePort();
  redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((r) => {
      const s = net.connect(redisPort, '127.0.0.1', () => (s.end(), r(true))).on('error', () => r(false));
    });
    if (up) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  upstream = http.createServer((req, res) => {
    upstreamHits++;
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ url: req.url, hit: upstreamHits }));
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  target = `http://127.0.0.1:${(upstream.address() as net.AddressInfo).port}/restapi/api`;
});

after(async () => {
  redis?.kill('SIGTERM');
  if (upstream) await new Promise((r) => upstream.close(r));
});

async function startGateway() {
  const config = await configFromEnv({
    GATEWAY_TARGET: target,
    GATEWAY_CONSUMER_KEY: 'k',
    GATEWAY_CONSUMER_SECRET: 's',
    GATEWAY_ORIGINS: 'https://a.de',
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
  });
  const gateway = await createGateway({ ...config, log: () => {} });
  const { url } = await gateway.listen(0, '127.0.0.1');
  return { gateway, url };
}

test('a restarted gateway and a second instance hit the shared Redis cache', { skip }, async () => {
  const path = '/gis/v2.0/geoautocomplete/AUT?i=Salzburg&t=city';
  const a = await startGateway();
  assert.equal(a.gateway.cache.kind, 'redis');
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
  assert.equal(await again.text(), body);
  assert.equal(upstreamHits, hits, 'the upstream was not asked again');
  const other = await fetch(restarted.url + '/gis/v2.0/geoautocomplete/AUT?i=Wien&t=city', { headers: { Accept: 'application/json' } });
  assert.equal(other.headers.get('x-cache'), 'MISS');
  await restarted.gateway.close();
});
