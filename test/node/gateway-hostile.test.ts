/**
 * The gateway on a hostile network, one test per probe: what it tells caches (Age of a hit
 * included), the cache's byte bound and its key, the rate-limit key behind proxies (IPv4-
 * mapped IPv6 in hex too), Accept-Language, Fetch Metadata and the required Origin, the OAuth
 * base string from the raw parameter list, 413, the upstream deadline and size cap,
 * connection timeouts, connections per client, secrets in the log, the metrics address,
 * inherited names, and request targets no URL parser takes, on every port.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { spawn } from 'node:child_process';
import { OAuthVerifier } from '../../packages/sandbox/src/oauth.js';
import {
  createGateway,
  clientKey,
  redactUrl,
  type Gateway,
} from '../../packages/gateway/src/server.js';
import { configFromEnv } from '../../packages/gateway/src/config.js';
import { MemoryCache, type CachedResponse } from '../../packages/gateway/src/cache.js';
import { HOSTILE_TARGETS, raw } from './raw-http.js';
import { baseConfig } from './gateway-helpers.js';
import { authorizationHeader, signatureBaseString } from '../../packages/gateway/src/oauth.js';

interface Seen {
  url: string;
  headers: http.IncomingHttpHeaders;
  ok: boolean;
}

/** An upstream that verifies the gateway's signatures with the sandbox's verifier. */
async function upstreamServer(
  answer: (req: http.IncomingMessage, res: http.ServerResponse) => boolean = () => false,
) {
  const seen: Seen[] = [];
  const verifier = new OAuthVerifier({
    consumerKey: 'ck',
    consumerSecret: 'cs',
    tokens: { 'user-token': 'user-secret' },
  });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, `http://${req.headers.host}`);
    const verdict = verifier.verify(req.method!, url, req.headers.authorization);
    seen.push({ url: req.url!, headers: req.headers, ok: verdict.ok });
    req.resume();
    if (!verdict.ok) {
      res.writeHead(401, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ reason: verdict.reason }));
      return;
    }
    if (answer(req, res)) return;
    const german = /^de/.test(String(req.headers['accept-language'] ?? ''));
    res.writeHead(200, {
      'Content-Type': /json/.test(String(req.headers.accept))
        ? 'application/json'
        : 'application/xml',
      'Content-Language': german ? 'de' : 'en',
      'Cache-Control': 'public, max-age=86400',
    });
    res.end(JSON.stringify({ query: url.search, lang: german ? 'de' : 'en' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const target = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/restapi/api`;
  return { server, seen, target, close: () => new Promise((r) => server.close(r)) };
}

describe('one gateway', () => {
  let up: Awaited<ReturnType<typeof upstreamServer>>;
  let gateway: Gateway;
  let gw: string;
  let port: number;
  const logs: Record<string, unknown>[] = [];
  before(async () => {
    up = await upstreamServer();
    gateway = await createGateway(
      baseConfig(up.target, {
        log: (l) => logs.push(l),
        userTokens: (req) => {
          if (req.headers.cookie?.includes('session=throw'))
            throw new Error('hook failed for session=throw with secret s3cr3t-value');
          return req.headers.cookie?.includes('session=ok')
            ? { token: 'user-token', secret: 'user-secret' }
            : null;
        },
      }),
    );
    const l = await gateway.listen(0, '127.0.0.1');
    gw = l.url;
    port = l.port;
  });
  after(async () => {
    await gateway.close();
    await up.close();
  });
  const call = (path: string, init: RequestInit = {}) => fetch(gw + path, init);

  test('answers signed for a user are private, no-store; the upstream Cache-Control is not passed on', async () => {
    const r = await call('/offer/v1.0/user/me/realestateproject', {
      headers: { Cookie: 'session=ok' },
    });
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('cache-control'), 'private, no-store');
  });

  test('shared answers are public for the gateway TTL and vary by Accept, Accept-Language and Origin', async () => {
    for (let i = 0; i < 2; i++) {
      const r = await call('/search/v1.0/statistic?geocode=1276003', {
        headers: { Accept: 'application/json' },
      });
      assert.equal(r.status, 200);
      assert.equal(r.headers.get('x-cache'), i ? 'HIT' : 'MISS');
      assert.equal(r.headers.get('cache-control'), 'public, max-age=60');
      assert.deepEqual(r.headers.get('vary')!.split(/,\s*/).sort(), [
        'Accept',
        'Accept-Language',
        'Origin',
      ]);
    }
    const err = await call('/search/v1.0/statistic?nope=1');
    assert.equal(err.headers.get('cache-control'), 'no-store');
  });

  test('a parameter the operation does not document is 400 and reaches neither the service nor the cache', async () => {
    const before = up.seen.length;
    const bytes = (gateway.cache as MemoryCache).bytes;
    for (const q of [
      'junk=1',
      'i=Ber&l=5&cachebust=123',
      'constructor=1',
      '__proto__=1',
      'toString=x',
    ]) {
      const r = await call(`/gis/v2.0/geoautocomplete/DEU?${q}`, {
        headers: { Accept: 'application/json' },
      });
      assert.equal(r.status, 400, q);
      assert.match(await r.text(), /takes no parameter/);
    }
    assert.equal(up.seen.length, before);
    assert.equal((gateway.cache as MemoryCache).bytes, bytes);
  });

  test('an Accept value outside XML and JSON makes no new cache entry', async () => {
    const path = '/gis/v2.0/geoautocomplete/DEU/entity/1276?g=WGS84';
    await call(path, { headers: { Accept: 'application/json' } });
    const before = up.seen.length;
    for (const accept of ['application/json, x/1', 'application/json;q=0.9, y/2', 'text/json-junk'])
      assert.equal(
        (await call(path, { headers: { Accept: accept } })).headers.get('x-cache'),
        'HIT',
      );
    assert.equal(up.seen.length, before);
  });

  test('Accept-Language is part of the key, and a hit keeps Content-Language', async () => {
    const path = '/gis/v2.0/geoautocomplete/DEU?i=Lang&t=city';
    const de = await call(path, {
      headers: { Accept: 'application/json', 'Accept-Language': 'de-DE,de;q=0.9' },
    });
    assert.equal(((await de.json()) as { lang: string }).lang, 'de');
    const en = await call(path, {
      headers: { Accept: 'application/json', 'Accept-Language': 'en-GB' },
    });
    assert.equal(en.headers.get('x-cache'), 'MISS');
    assert.equal(((await en.json()) as { lang: string }).lang, 'en');
    assert.equal(en.headers.get('content-language'), 'en');
    const deAgain = await call(path, {
      headers: { Accept: 'application/json', 'Accept-Language': 'de' },
    });
    assert.equal(deAgain.headers.get('x-cache'), 'HIT');
    assert.equal(deAgain.headers.get('content-language'), 'de');
    assert.equal(((await deAgain.json()) as { lang: string }).lang, 'de');
  });

  test('a cross-site request without an allowed Origin (an <img> with the cookie) is refused on user routes', async () => {
    const before = up.seen.length;
    const img = await call('/offer/v1.0/user/me/realestate', {
      headers: { Cookie: 'session=ok', 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Dest': 'image' },
    });
    assert.equal(img.status, 403);
    assert.equal(up.seen.length, before);
    const same = await call('/offer/v1.0/user/me/realestate', {
      headers: { Cookie: 'session=ok', 'Sec-Fetch-Site': 'same-origin' },
    });
    assert.equal(same.status, 200);
    const partner = await call('/offer/v1.0/user/me/realestate', {
      headers: {
        Cookie: 'session=ok',
        'Sec-Fetch-Site': 'cross-site',
        Origin: 'https://www.partner.example',
      },
    });
    assert.equal(partner.status, 200);
  });

  test('by default every route refuses a cross-site request without an allowed Origin: nobody spends the quota through an <img>', async () => {
    const before = up.seen.length;
    for (const path of [
      '/gis/v2.0/geoautocomplete/DEU?i=ham',
      '/search/v1.0/region?q=Ber',
      '/search/v1.0/statistic?geocode=1276003',
    ]) {
      const r = await call(path, { headers: { 'Sec-Fetch-Site': 'cross-site' } });
      assert.equal(r.status, 403, path);
      assert.match(await r.text(), /allowed Origin/);
    }
    assert.equal(up.seen.length, before);
    const partner = await call('/search/v1.0/region?q=Ber', {
      headers: { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://www.partner.example' },
    });
    assert.equal(partner.status, 200);
    for (const site of ['same-origin', 'same-site', 'none'])
      assert.equal(
        (await call('/search/v1.0/region?q=Ber', { headers: { 'Sec-Fetch-Site': site } })).status,
        200,
        site,
      );
  });

  test('repeated and empty parameters are signed as the service verifies them', async () => {
    const r = await call('/gis/v2.0/geoautocomplete/DEU?i=&i=Ber&t=city&t=quarter&l=', {
      headers: { Accept: 'application/json' },
    });
    assert.equal(r.status, 200);
    assert.equal(((await r.json()) as { query: string }).query, '?i=&i=Ber&t=city&t=quarter&l=');
    assert.ok(up.seen.at(-1)!.ok);
  });

  test('413: answered, then the connection is closed and the rest of the body never read', async () => {
    let read = 0;
    gateway.server.once('connection', (s: net.Socket) => s.on('close', () => (read = s.bytesRead)));
    const r = await raw(
      port,
      'POST /restapi/api/search/v1.0/expose/1/contact HTTP/1.1\r\nHost: localhost\r\nCookie: session=ok\r\nContent-Type: application/json\r\nContent-Length: 33554432\r\n\r\n',
      32 * 1024 * 1024,
    );
    assert.match(r.answer, /^HTTP\/1\.1 413/);
    assert.ok(r.closed);
    assert.ok(read < 4 * 1024 * 1024, `${read} bytes read`);
    let read2 = 0;
    gateway.server.once('connection', (s: net.Socket) =>
      s.on('close', () => (read2 = s.bytesRead)),
    );
    const chunk = 'x'.repeat(65536);
    const r2 = await raw(
      port,
      'POST /restapi/api/search/v1.0/expose/1/contact HTTP/1.1\r\nHost: localhost\r\nCookie: session=ok\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n' +
        Array.from({ length: 512 }, () => `10000\r\n${chunk}\r\n`).join(''),
    );
    assert.match(r2.answer, /^HTTP\/1\.1 413/);
    assert.ok(r2.closed);
    assert.ok(read2 < 4 * 1024 * 1024, `${read2} bytes read`);
  });

  test('a request refused before its body is read (415, 404) closes the connection without reading the body', async () => {
    for (const [path, type, status] of [
      ['/restapi/api/search/v1.0/expose/1/contact', 'text/plain', 415],
      ['/restapi/api/nowhere', 'application/json', 404],
    ] as const) {
      let read = 0;
      gateway.server.once('connection', (s: net.Socket) =>
        s.on('close', () => (read = s.bytesRead)),
      );
      const r = await raw(
        port,
        `POST ${path} HTTP/1.1\r\nHost: localhost\r\nCookie: session=ok\r\nContent-Type: ${type}\r\nContent-Length: 33554432\r\n\r\n`,
        32 * 1024 * 1024,
      );
      assert.match(r.answer, new RegExp(`^HTTP/1\\.1 ${status}`));
      assert.ok(r.closed, path);
      assert.ok(read < 4 * 1024 * 1024, `${path}: ${read} bytes read`);
    }
  });

  test('a failing user-token hook is logged by kind and request id, never its message', async () => {
    const r = await call('/offer/v1.0/user/me/realestate', {
      headers: { Cookie: 'session=throw' },
    });
    assert.equal(r.status, 401);
    const id = r.headers.get('x-request-id');
    const line = logs.find((l) => l.msg === 'user-token hook failed');
    assert.ok(line);
    assert.equal(line.error, 'Error');
    assert.equal(line.id, id);
    assert.doesNotMatch(JSON.stringify(logs), /s3cr3t-value|session=throw/);
  });

  test('a client that goes away in the middle of its body is no error of the gateway', async () => {
    const closed = new Promise<void>((resolve) => {
      const sock = net.connect(port, '127.0.0.1', () => {
        sock.end(
          'POST /restapi/api/search/v1.0/expose/1/contact HTTP/1.1\r\nHost: localhost\r\nCookie: session=ok\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
        );
      });
      sock.on('error', () => {});
      sock.resume();
      sock.on('close', () => resolve());
    });
    await closed;
    await new Promise((r) => setTimeout(r, 100));
    assert.ok(!logs.some((l) => l.msg === 'unhandled'), JSON.stringify(logs.at(-1)));
    assert.equal((await call('/search/v1.0/region?q=Ber')).status, 200);
  });

  test('an unparseable request target is 400 with a log line, not 500', async () => {
    const r = await raw(
      port,
      'GET http://[/x HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    assert.match(r.answer, /^HTTP\/1\.1 400/);
    assert.ok(logs.some((l) => l.msg === 'bad request target'));
    assert.ok(!logs.some((l) => l.msg === 'unhandled'));
  });
});

describe('the OAuth signature base string (RFC 5849 3.4.1)', () => {
  test('the example of section 3.4.1.1, from the raw parameter list', () => {
    // POST /request?b5=%3D%253D&a3=a&c%40=&a2=r%20b with the form body c2&a3=2+q
    const url = new URL('http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b');
    const params: [string, string][] = [
      ...url.searchParams,
      ['c2', ''],
      ['a3', '2 q'],
      ['realm', 'Example'],
      ['oauth_consumer_key', '9djdj82h48djs9d2'],
      ['oauth_token', 'kkk9d7dh3k39sjv7'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '137131201'],
      ['oauth_nonce', '7d8f3e4a'],
      ['oauth_signature', 'bYT5CMsGcbgUdFHObYMEfcx6bsw='],
    ];
    assert.equal(
      signatureBaseString('POST', url, params),
      'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7',
    );
  });

  for (const q of [
    '?a=&a=1',
    '?a%20b=1',
    '?constructor=1',
    '?__proto__=x&toString=1',
    '?b=2&a=1&a=',
    '?x=%F0%9F%98%80+y',
  ]) {
    test(`the sandbox's verifier accepts the gateway's signature of ${q}`, () => {
      const url = new URL('http://127.0.0.1:9/restapi/api/x' + q);
      const v = new OAuthVerifier({ consumerKey: 'ck', consumerSecret: 'cs', tokens: { t: 'ts' } });
      const header = authorizationHeader({
        method: 'GET',
        url,
        query: [...url.searchParams],
        consumer: { key: 'ck', secret: 'cs' },
        token: { key: 't', secret: 'ts' },
      });
      assert.deepEqual(v.verify('GET', url, header), { ok: true, token: 't' });
    });
  }
});

describe('the age of a cached answer', () => {
  /** A cache whose entries are kept as if stored four seconds ago. */
  class FourSecondsAgo extends MemoryCache {
    override async set(key: string, value: CachedResponse, ttlMs: number) {
      await super.set(key, { ...value, storedAt: (value.storedAt ?? Date.now()) - 4000 }, ttlMs);
    }
  }

  test('a hit says how old it is: Age, beside the max-age of the whole lifetime (RFC 9111)', async () => {
    const up = await upstreamServer();
    const gateway = await createGateway(baseConfig(up.target), { cache: new FourSecondsAgo() });
    const { url } = await gateway.listen(0, '127.0.0.1');
    try {
      const get = () =>
        fetch(url + '/search/v1.0/statistic?geocode=1276003', {
          headers: { Accept: 'application/json' },
        });
      const miss = await get();
      assert.equal(miss.headers.get('x-cache'), 'MISS');
      assert.equal(miss.headers.get('age'), null, 'fresh from the service');
      assert.equal(miss.headers.get('cache-control'), 'public, max-age=60');
      const hit = await get();
      assert.equal(hit.headers.get('x-cache'), 'HIT');
      assert.equal(hit.headers.get('age'), '4');
      assert.equal(hit.headers.get('cache-control'), 'public, max-age=60');
    } finally {
      await gateway.close();
      await up.close();
    }
  });
});

describe('the memory cache', () => {
  test('stays within its bytes whatever it is asked to keep; expired entries are swept', async () => {
    let now = 0;
    const c = new MemoryCache({ maxBytes: 50_000, now: () => now });
    const body = Buffer.alloc(1000, 'x');
    for (let i = 0; i < 2000; i++)
      await c.set(
        `key-${i}-${'j'.repeat(i % 50)}`,
        { status: 200, contentType: 'application/json', body },
        1000,
      );
    assert.ok(c.bytes <= 50_000, `${c.bytes} bytes`);
    assert.ok(c.size > 10 && c.size < 50);
    assert.ok(await c.get('key-1999-' + 'j'.repeat(1999 % 50)), 'the newest is kept');
    const big = Buffer.alloc(60_000);
    await c.set('big', { status: 200, contentType: 'x', body: big }, 1000);
    assert.equal(await c.get('big'), undefined, 'larger than the bound: not kept');
    now = 2000;
    assert.equal(await c.get('key-1999-' + 'j'.repeat(1999 % 50)), undefined, 'expired');
  });
});

describe('clients behind proxies', () => {
  test('the key has no port; IPv6 is grouped by /64, in any spelling', () => {
    assert.equal(clientKey('203.0.113.7:5000'), '203.0.113.7');
    assert.equal(clientKey('203.0.113.7'), '203.0.113.7');
    assert.equal(clientKey('::ffff:203.0.113.7'), '203.0.113.7');
    assert.equal(clientKey('[2001:db8:1:2::1]:443'), '2001:db8:1:2::/64');
    assert.equal(clientKey('2001:0DB8:0001:0002:ffff:0:0:9'), '2001:db8:1:2::/64');
    assert.equal(clientKey('2001:db8:1:2:3:4:5:6%eth0'), '2001:db8:1:2::/64');
    for (const mapped of [
      '::ffff:c633:6409',
      '::FFFF:C633:6409',
      '0:0:0:0:0:ffff:c633:6409',
      '[::ffff:c633:6409]:443',
      '::ffff:198.51.100.9',
    ])
      assert.equal(clientKey(mapped), '198.51.100.9', mapped);
    assert.equal(clientKey('::ffff:c633:640a'), '198.51.100.10');
    assert.notEqual(clientKey('2001:db8:1:3::1'), clientKey('2001:db8:1:2::1'));
  });

  const limited = async (trust: string, xffs: string[]) => {
    const up = await upstreamServer();
    const gateway = await createGateway({
      ...(await configFromEnv({
        GATEWAY_TARGET: up.target,
        GATEWAY_CONSUMER_KEY: 'ck',
        GATEWAY_CONSUMER_SECRET: 'cs',
        GATEWAY_ORIGINS: 'https://a.de',
        GATEWAY_RATE_LIMIT: '1',
        GATEWAY_RATE_BURST: '2',
        GATEWAY_TRUST_PROXY: trust,
      })),
      log: () => {},
    });
    const { url } = await gateway.listen(0, '127.0.0.1');
    const out: number[] = [];
    try {
      for (const xff of xffs)
        out.push(
          (await fetch(url + '/search/v1.0/region?q=Ber', { headers: { 'X-Forwarded-For': xff } }))
            .status,
        );
    } finally {
      await gateway.close();
      await up.close();
    }
    return out;
  };

  test('ports and IPv6 spellings of one client are one client', async () => {
    assert.deepEqual(
      await limited('1', ['203.0.113.7:1000', '203.0.113.7:1001', '203.0.113.7:1002']),
      [200, 200, 429],
    );
    assert.deepEqual(
      await limited('1', ['2001:db8::1', '[2001:0db8:0:0::2]:5', '2001:db8:0:0:ffff::3']),
      [200, 200, 429],
    );
  });

  test('IPv4-mapped IPv6 in hex is its IPv4 address: one client with it, another beside it', async () => {
    assert.deepEqual(
      await limited('1', ['198.51.100.9', '::ffff:c633:6409', '::ffff:198.51.100.9']),
      [200, 200, 429],
    );
    assert.deepEqual(
      await limited('1', ['::ffff:c633:6409', '::ffff:c633:640a', '::ffff:c633:640b']),
      [200, 200, 200],
    );
  });

  test('trust by count: two proxies, the client is the second address from the right', async () => {
    assert.deepEqual(
      await limited('2', [
        '1.1.1.1, 203.0.113.7, 10.0.0.2',
        '2.2.2.2, 203.0.113.7, 10.0.0.3',
        '203.0.113.7, 10.0.0.4',
      ]),
      [200, 200, 429],
    );
  });

  test('trust by address list: only listed proxies are skipped', async () => {
    // 127.0.0.1 (the socket) and 10.0.0.0/8 are proxies; the first address outside is the client
    assert.deepEqual(
      await limited('loopback, 10.0.0.0/8', [
        '9.9.9.9, 203.0.113.7, 10.0.0.2',
        '8.8.8.8, 203.0.113.7, 10.1.1.1',
        '203.0.113.7',
      ]),
      [200, 200, 429],
    );
    await assert.rejects(
      configFromEnv({
        GATEWAY_TARGET: 'http://127.0.0.1:1/restapi/api',
        GATEWAY_CONSUMER_KEY: 'k',
        GATEWAY_CONSUMER_SECRET: 's',
        GATEWAY_ORIGINS: 'https://a.de',
        GATEWAY_TRUST_PROXY: 'not-an-address',
      }),
      /GATEWAY_TRUST_PROXY/,
    );
  });
});

describe('the upstream exchange', () => {
  test('a total deadline: an upstream that trickles its answer is cut off at GATEWAY_UPSTREAM_TIMEOUT_MS (504)', async () => {
    const up = await upstreamServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const t = setInterval(() => res.write(' '), 50);
      res.on('close', () => clearInterval(t));
      return true;
    });
    const gateway = await createGateway(baseConfig(up.target, { upstreamTimeoutMs: 400 }));
    const { url } = await gateway.listen(0, '127.0.0.1');
    try {
      const t0 = Date.now();
      const r = await fetch(url + '/search/v1.0/region?q=Ber');
      assert.equal(r.status, 504);
      assert.ok(Date.now() - t0 < 2000, `${Date.now() - t0} ms`);
    } finally {
      await gateway.close();
      await up.close();
    }
  });

  test('a GET whose kept-alive connection the service drops is sent once more on a new one; a POST is not', async () => {
    let n = 0;
    const up = await upstreamServer((req) => {
      n++;
      if (req.headers['x-drop'] === undefined && (n === 2 || n === 5)) {
        req.socket.destroy();
        return true;
      }
      return false;
    });
    const gateway = await createGateway(baseConfig(up.target));
    const { url } = await gateway.listen(0, '127.0.0.1');
    try {
      assert.equal((await fetch(url + '/search/v1.0/region?q=a')).status, 200);
      assert.equal((await fetch(url + '/search/v1.0/region?q=b')).status, 200, 'sent again');
      assert.equal(n, 3);
      assert.ok(
        up.seen.every((s) => s.ok),
        'every attempt verifies (a new nonce each)',
      );
      assert.equal((await fetch(url + '/search/v1.0/region?q=c')).status, 200);
      const post = await fetch(url + '/search/v1.0/expose/1/contact', {
        method: 'POST',
        headers: { Cookie: 'session=ok', 'Content-Type': 'application/json' },
        body: '{}',
      });
      assert.equal(post.status, 502, 'a POST may have acted: not sent again');
      assert.equal(n, 5);
    } finally {
      await gateway.close();
      await up.close();
    }
  });

  test('an upstream answer over the cap is a 502, with or without Content-Length', async () => {
    const up = await upstreamServer((req, res) => {
      const big = Buffer.alloc(200_000, 'x');
      res.writeHead(
        200,
        req.url!.includes('q=len') ? { 'Content-Length': String(big.length) } : {},
      );
      res.end(big);
      return true;
    });
    const gateway = await createGateway(baseConfig(up.target, { maxUpstreamBytes: 100_000 }));
    const { url } = await gateway.listen(0, '127.0.0.1');
    try {
      assert.equal((await fetch(url + '/search/v1.0/region?q=len')).status, 502);
      assert.equal((await fetch(url + '/search/v1.0/region?q=chunked')).status, 502);
    } finally {
      await gateway.close();
      await up.close();
    }
  });
});

describe('server settings', () => {
  test('timeouts and the connection cap come from the environment, with defaults; metrics listen on 127.0.0.1 unless configured', async () => {
    const env = {
      GATEWAY_TARGET: 'http://127.0.0.1:1/restapi/api',
      GATEWAY_CONSUMER_KEY: 'k',
      GATEWAY_CONSUMER_SECRET: 's',
      GATEWAY_ORIGINS: 'https://a.de',
    };
    const d = await configFromEnv({ ...env, HOST: '0.0.0.0', GATEWAY_METRICS_PORT: '9100' });
    assert.equal(d.metricsHost, '127.0.0.1', 'not HOST');
    assert.equal(d.headersTimeoutMs, 10_000);
    assert.equal(d.requestTimeoutMs, 30_000);
    assert.equal(d.keepAliveTimeoutMs, 5000);
    assert.equal(d.maxConnections, 1024);
    assert.equal(d.cacheMaxBytes, 32 * 1024 * 1024);
    assert.equal(d.maxUpstreamBytes, 4 * 1024 * 1024);
    const c = await configFromEnv({
      ...env,
      GATEWAY_METRICS_HOST: '10.0.0.5',
      GATEWAY_HEADERS_TIMEOUT_MS: '300',
      GATEWAY_REQUEST_TIMEOUT_MS: '2000',
      GATEWAY_KEEP_ALIVE_TIMEOUT_MS: '700',
      GATEWAY_MAX_CONNECTIONS: '50',
    });
    assert.equal(c.metricsHost, '10.0.0.5');
    const gateway = await createGateway({ ...c, log: () => {} });
    assert.equal(gateway.server.headersTimeout, 300);
    assert.equal(gateway.server.requestTimeout, 2000);
    assert.equal(gateway.server.keepAliveTimeout, 700);
    assert.equal(gateway.server.maxConnections, 50);
    const { port } = await gateway.listen(0, '127.0.0.1');
    try {
      const r = await raw(port, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
      assert.ok(r.closed);
      assert.match(r.answer, /^HTTP\/1\.1 408/);
    } finally {
      await gateway.close();
    }
  });

  test('the start-up line shows the target without its credentials', async () => {
    assert.equal(
      redactUrl('https://user:p%40ss@rest.example/restapi/api'),
      'https://REDACTED:REDACTED@rest.example/restapi/api',
    );
    const free = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/gateway/src/cli.ts'], {
      env: {
        ...process.env,
        GATEWAY_TARGET: 'https://partner:hunter2@rest.example/restapi/api',
        GATEWAY_CONSUMER_KEY: 'k',
        GATEWAY_CONSUMER_SECRET: 's',
        GATEWAY_ORIGINS: 'https://a.de',
        PORT: String(free),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (c: Buffer) => {
        out += c;
        if (out.includes('\n')) resolve();
      });
      child.on('close', () => resolve());
      setTimeout(resolve, 15_000).unref();
    });
    child.kill('SIGTERM');
    await new Promise((r) => child.on('close', r));
    const line = JSON.parse(out.split('\n')[0]!) as { msg: string; target: string };
    assert.equal(line.msg, 'listening');
    assert.equal(line.target, 'https://REDACTED:REDACTED@rest.example/restapi/api');
    assert.doesNotMatch(out, /hunter2|partner:/);
  });
});

describe('hostile request targets', () => {
  test('every listening port answers them with 400 or 404 and keeps running', async () => {
    const up = await upstreamServer();
    const logs: Record<string, unknown>[] = [];
    const gateway = await createGateway(
      baseConfig(up.target, { metricsPort: 0, log: (l) => logs.push(l) }),
    );
    const { port, metricsUrl } = await gateway.listen(0, '127.0.0.1');
    const metricsPort = Number(new URL(metricsUrl!).port);
    try {
      for (const p of [port, metricsPort])
        for (const target of HOSTILE_TARGETS) {
          const r = await raw(
            p,
            `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
          );
          assert.match(
            r.answer,
            /^HTTP\/1\.1 40[04] /,
            `${p === port ? 'public' : 'metrics'} ${target}`,
          );
        }
      assert.equal((await fetch(`http://127.0.0.1:${port}/healthz`)).status, 200);
      assert.equal((await fetch(metricsUrl!)).status, 200);
      assert.ok(!logs.some((l) => l.msg === 'unhandled'));
    } finally {
      await gateway.close();
      await up.close();
    }
  });
});

describe('connections per client', () => {
  /** Opens `n` idle connections from `localAddress` (any 127/8 address is this machine). */
  const hold = (port: number, localAddress: string, n: number) =>
    Promise.all(
      Array.from(
        { length: n },
        () =>
          new Promise<net.Socket>((resolve) => {
            const s = net.connect({ port, host: '127.0.0.1', localAddress });
            s.on('error', () => {});
            s.resume();
            s.once('connect', () => resolve(s));
          }),
      ),
    );
  /** How many of `sockets` the server has not closed within `ms`. */
  const stillOpen = async (sockets: net.Socket[], ms = 500) => {
    await new Promise((r) => setTimeout(r, ms));
    return sockets.filter((s) => !s.destroyed).length;
  };
  const visit = (port: number, localAddress: string, headers: Record<string, string> = {}) =>
    new Promise<number>((resolve, reject) => {
      http
        .get(
          {
            host: '127.0.0.1',
            port,
            path: '/restapi/api/search/v1.0/region?q=Ber',
            localAddress,
            agent: false,
            headers,
          },
          (res) => {
            res.resume();
            resolve(res.statusCode!);
          },
        )
        .on('error', reject);
    });

  test('one client holding idle sockets cannot take every slot: the next visitor is served', async () => {
    const up = await upstreamServer();
    const gateway = await createGateway(
      baseConfig(up.target, { maxConnections: 50, maxConnectionsPerClient: 10 }),
    );
    const { port } = await gateway.listen(0, '127.0.0.1');
    const hog = await hold(port, '127.0.0.2', 50);
    try {
      assert.equal(await visit(port, '127.0.0.3'), 200, 'another visitor');
      assert.equal(await stillOpen(hog), 10, 'the cap of one client');
    } finally {
      for (const s of hog) s.destroy();
      await gateway.close();
      await up.close();
    }
  });

  test('the default is a quarter of GATEWAY_MAX_CONNECTIONS, at most 64, from the environment', async () => {
    const env = {
      GATEWAY_TARGET: 'http://127.0.0.1:1/restapi/api',
      GATEWAY_CONSUMER_KEY: 'k',
      GATEWAY_CONSUMER_SECRET: 's',
      GATEWAY_ORIGINS: 'https://a.de',
    };
    assert.equal((await configFromEnv(env)).maxConnectionsPerClient, 64);
    assert.equal(
      (await configFromEnv({ ...env, GATEWAY_MAX_CONNECTIONS: '50' })).maxConnectionsPerClient,
      12,
    );
    assert.equal(
      (await configFromEnv({ ...env, GATEWAY_MAX_CONNECTIONS_PER_CLIENT: '6' }))
        .maxConnectionsPerClient,
      6,
    );
    await assert.rejects(
      configFromEnv({
        ...env,
        GATEWAY_MAX_CONNECTIONS: '50',
        GATEWAY_MAX_CONNECTIONS_PER_CLIENT: '51',
      }),
      /GATEWAY_MAX_CONNECTIONS_PER_CLIENT/,
    );
  });

  test('a trusted proxy is not one client: its connections carry many visitors, the rate limit tells them apart', async () => {
    const up = await upstreamServer();
    const gateway = await createGateway(
      baseConfig(up.target, {
        maxConnections: 50,
        maxConnectionsPerClient: 10,
        trustProxy: ['127.0.0.2'],
      }),
    );
    const { port } = await gateway.listen(0, '127.0.0.1');
    const proxy = await hold(port, '127.0.0.2', 20);
    try {
      assert.equal(await stillOpen(proxy), 20);
      assert.equal(
        await visit(port, '127.0.0.2', { 'X-Forwarded-For': '203.0.113.7' }),
        200,
        'through the proxy',
      );
    } finally {
      for (const s of proxy) s.destroy();
      await gateway.close();
      await up.close();
    }
  });
});

describe('the origin choice', () => {
  test('GATEWAY_FETCH_METADATA=user: only operations signed for a user refuse cross-site requests without Origin', async () => {
    const up = await upstreamServer();
    const gateway = await createGateway(baseConfig(up.target, { fetchMetadata: 'user' }));
    const { url } = await gateway.listen(0, '127.0.0.1');
    try {
      const cross = { 'Sec-Fetch-Site': 'cross-site' };
      assert.equal(
        (await fetch(url + '/search/v1.0/region?q=Ber', { headers: cross })).status,
        200,
      );
      assert.equal(
        (
          await fetch(url + '/offer/v1.0/user/me/realestate', {
            headers: { ...cross, Cookie: 'session=ok' },
          })
        ).status,
        403,
      );
    } finally {
      await gateway.close();
      await up.close();
    }
  });

  test('GATEWAY_REQUIRE_ORIGIN: a request without an allowed Origin is 403 on every route; /healthz still answers', async () => {
    const up = await upstreamServer();
    const gateway = await createGateway(baseConfig(up.target, { requireOrigin: true }));
    const { url, port } = await gateway.listen(0, '127.0.0.1');
    try {
      const before = up.seen.length;
      for (const path of ['/gis/v2.0/geoautocomplete/DEU?i=ham', '/search/v1.0/region?q=Ber']) {
        const r = await fetch(url + path);
        assert.equal(r.status, 403, path);
        assert.match(await r.text(), /Origin/);
      }
      assert.equal(up.seen.length, before);
      const partner = await fetch(url + '/search/v1.0/region?q=Ber', {
        headers: { Origin: 'https://www.partner.example' },
      });
      assert.equal(partner.status, 200);
      assert.equal((await fetch(`http://127.0.0.1:${port}/healthz`)).status, 200);
    } finally {
      await gateway.close();
      await up.close();
    }
  });

  test('both from the environment, with their defaults', async () => {
    const env = {
      GATEWAY_TARGET: 'http://127.0.0.1:1/restapi/api',
      GATEWAY_CONSUMER_KEY: 'k',
      GATEWAY_CONSUMER_SECRET: 's',
      GATEWAY_ORIGINS: 'https://a.de',
    };
    const d = await configFromEnv(env);
    assert.equal(d.requireOrigin, false);
    assert.equal(d.fetchMetadata, 'all');
    const c = await configFromEnv({
      ...env,
      GATEWAY_REQUIRE_ORIGIN: 'true',
      GATEWAY_FETCH_METADATA: 'user',
    });
    assert.equal(c.requireOrigin, true);
    assert.equal(c.fetchMetadata, 'user');
    await assert.rejects(
      configFromEnv({ ...env, GATEWAY_REQUIRE_ORIGIN: 'yes' }),
      /GATEWAY_REQUIRE_ORIGIN/,
    );
    await assert.rejects(
      configFromEnv({ ...env, GATEWAY_FETCH_METADATA: 'none' }),
      /GATEWAY_FETCH_METADATA/,
    );
  });
});
