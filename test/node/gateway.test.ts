/**
 * The partner gateway against an upstream that verifies OAuth 1.0a signatures with the
 * sandbox's own, independent verifier; the signer and verifier are also checked against
 * RFC 5849's example. The end-to-end run against the sandbox in strict mode is in
 * gateway-e2e.test.ts.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  OAuthVerifier,
  signatureBaseString,
  hmacSha1Signature,
  parseAuthorizationHeader,
} from '../../packages/sandbox/src/oauth.js';
import { createGateway, canonicalQuery, type Gateway } from '../../packages/gateway/src/server.js';
import { configFromEnv, ConfigError } from '../../packages/gateway/src/config.js';
import { MemoryCache } from '../../packages/gateway/src/cache.js';
import { baseConfig } from './gateway-helpers.js';
import { RateLimit } from '../../packages/gateway/src/rate-limit.js';
import {
  signatureBaseString as gatewayBaseString,
  hmacSha1 as gatewayHmac,
} from '../../packages/gateway/src/oauth.js';

describe('RFC 5849 example (section 1.2)', () => {
  const params = {
    oauth_consumer_key: 'dpf43f3p2l4k3l03',
    oauth_token: 'nnch734d00sl2jdk',
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: '137131202',
    oauth_nonce: 'chapoH',
  };
  const url = 'http://photos.example.net/photos?file=vacation.jpg&size=original';

  test('the verifier computes the published signature', () => {
    const base = signatureBaseString('GET', new URL(url), params);
    assert.equal(
      hmacSha1Signature(base, 'kd94hf93k423kf44', 'pfkkdhi9sl3r4s00'),
      'MdpQcU8iPSUjWoN/UDMsK2sui9I=',
    );
  });

  test('the signer the gateway uses computes the published signature', () => {
    const u = new URL(url);
    const base = gatewayBaseString('GET', u, [...u.searchParams, ...Object.entries(params)]);
    assert.equal(
      gatewayHmac(base, 'kd94hf93k423kf44', 'pfkkdhi9sl3r4s00'),
      'MdpQcU8iPSUjWoN/UDMsK2sui9I=',
    );
  });

  test('the verifier accepts the published request once, within its time window', () => {
    const v = new OAuthVerifier({
      consumerKey: 'dpf43f3p2l4k3l03',
      consumerSecret: 'kd94hf93k423kf44',
      tokens: { nnch734d00sl2jdk: 'pfkkdhi9sl3r4s00' },
      now: () => 137131202_000,
    });
    const header =
      'OAuth realm="Photos", oauth_consumer_key="dpf43f3p2l4k3l03", oauth_token="nnch734d00sl2jdk", ' +
      'oauth_signature_method="HMAC-SHA1", oauth_timestamp="137131202", oauth_nonce="chapoH", ' +
      'oauth_signature="MdpQcU8iPSUjWoN%2FUDMsK2sui9I%3D"';
    assert.deepEqual(v.verify('GET', new URL(url), header), {
      ok: true,
      token: 'nnch734d00sl2jdk',
    });
    assert.deepEqual(v.verify('GET', new URL(url), header), {
      ok: false,
      reason: 'nonce already used',
    });
    const late = new OAuthVerifier({
      consumerKey: 'dpf43f3p2l4k3l03',
      consumerSecret: 'kd94hf93k423kf44',
      tokens: { nnch734d00sl2jdk: 'pfkkdhi9sl3r4s00' },
      now: () => (137131202 + 301) * 1000,
    });
    assert.equal(late.verify('GET', new URL(url), header).ok, false);
    const wrong = new OAuthVerifier({
      consumerKey: 'dpf43f3p2l4k3l03',
      consumerSecret: 'other',
      tokens: { nnch734d00sl2jdk: 'pfkkdhi9sl3r4s00' },
      now: () => 137131202_000,
    });
    assert.deepEqual(wrong.verify('GET', new URL(url), header), {
      ok: false,
      reason: 'signature does not match',
    });
  });

  test('parses quoted, percent-encoded header parameters', () => {
    assert.deepEqual(parseAuthorizationHeader('OAuth a="b%20c", d="%2F"'), { a: 'b c', d: '/' });
    assert.equal(parseAuthorizationHeader('Bearer x'), null);
  });
});

test('canonicalQuery encodes spaces as %20 and keeps every parameter', () => {
  assert.equal(
    canonicalQuery(new URLSearchParams('i=Berlin+Mitte&t=city,quarter&l=5')),
    '?i=Berlin%20Mitte&t=city%2Cquarter&l=5',
  );
  assert.equal(canonicalQuery(new URLSearchParams('')), '');
});

test('RateLimit (without Redis): windows of burst ÷ rate seconds; a burst passes, then Retry-After, per client; the next window passes again', async () => {
  const r = new RateLimit({ rate: 3, burst: 3 });
  assert.deepEqual([r.windowSeconds, r.points, r.mode], [1, 3, 'local']);
  assert.deepEqual([await r.take('a'), await r.take('a'), await r.take('a')], [0, 0, 0]);
  assert.equal(await r.take('a'), 1, 'wait for the next window');
  assert.equal(await r.take('b'), 0, 'clients are counted apart');
  await new Promise((resolve) => setTimeout(resolve, 1100));
  assert.equal(await r.take('a'), 0, 'a new window');
  // the defaults: 20 a second, bursts of 40 → 40 per 2 s; a share of three instances
  const d = new RateLimit({ rate: 20, burst: 40, instances: 3 });
  assert.deepEqual([d.windowSeconds, d.points, d.sharePoints], [2, 40, 13]);
  assert.deepEqual(
    [
      new RateLimit({ rate: 100, burst: 10 }).windowSeconds,
      new RateLimit({ rate: 100, burst: 10 }).points,
    ],
    [1, 100],
    'at least one second',
  );
});

test('MemoryCache is a bounded LRU with a TTL', async () => {
  let now = 0;
  const c = new MemoryCache({ maxEntries: 2, now: () => now });
  const v = (s: string) => ({ status: 200, contentType: 'text/plain', body: Buffer.from(s) });
  await c.set('a', v('a'), 100);
  await c.set('b', v('b'), 100);
  await c.get('a');
  await c.set('c', v('c'), 100);
  assert.equal(await c.get('b'), undefined, 'least recently used evicted');
  assert.equal((await c.get('a'))?.body.toString(), 'a');
  now = 100;
  assert.equal(await c.get('a'), undefined, 'expired');
});

describe('configFromEnv', () => {
  const base = {
    GATEWAY_TARGET: 'http://127.0.0.1:1/restapi/api',
    GATEWAY_CONSUMER_KEY: 'k',
    GATEWAY_CONSUMER_SECRET: 's',
    GATEWAY_ORIGINS: 'https://www.example.de',
  };
  test('names every missing variable', async () => {
    await assert.rejects(
      configFromEnv({}),
      (e: Error) =>
        e instanceof ConfigError &&
        /GATEWAY_TARGET, GATEWAY_CONSUMER_KEY, GATEWAY_CONSUMER_SECRET, GATEWAY_ORIGINS/.test(
          e.message,
        ),
    );
    await assert.rejects(
      configFromEnv({ ...base, GATEWAY_CONSUMER_SECRET: ' ' }),
      /GATEWAY_CONSUMER_SECRET/,
    );
  });
  test('refuses malformed values', async () => {
    await assert.rejects(configFromEnv({ ...base, GATEWAY_TARGET: 'nope' }), /not a URL/);
    await assert.rejects(
      configFromEnv({ ...base, GATEWAY_ORIGINS: 'https://a.de/' }),
      /without path/,
    );
    await assert.rejects(configFromEnv({ ...base, PORT: 'x' }), /PORT/);
    await assert.rejects(
      configFromEnv({ ...base, GATEWAY_INSTANCES: '2.5' }),
      /GATEWAY_INSTANCES must be a whole number/,
    );
    await assert.rejects(
      configFromEnv({ ...base, GATEWAY_INSTANCES: '0' }),
      /GATEWAY_INSTANCES must be a positive number/,
    );
    assert.equal((await configFromEnv(base)).instances, 1);
    assert.equal((await configFromEnv({ ...base, GATEWAY_INSTANCES: '3' })).instances, 3);
  });
  test('loads the user-token hook module', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gw-hook-'));
    const file = join(dir, 'hook.mjs');
    writeFileSync(
      file,
      'export default async (req) => req.headers.cookie === "session=1" ? { token: "t", secret: "s" } : null;',
    );
    const cfg = await configFromEnv({ ...base, GATEWAY_USER_TOKENS: file, PORT: '9999' });
    assert.equal(cfg.port, 9999);
    assert.equal(typeof cfg.userTokens, 'function');
    writeFileSync(join(dir, 'bad.mjs'), 'export const x = 1;');
    await assert.rejects(
      configFromEnv({ ...base, GATEWAY_USER_TOKENS: join(dir, 'bad.mjs') }),
      /must export a function/,
    );
  });
});

describe('gateway against a verifying upstream', () => {
  let upstream: http.Server;
  let upstreamUrl: string;
  const seen: {
    method: string;
    url: string;
    headers: http.IncomingHttpHeaders;
    body: string;
    verdict: unknown;
  }[] = [];
  let gateway: Gateway;
  let gw: string;
  const logs: Record<string, unknown>[] = [];
  let verifier: OAuthVerifier;
  let slowResolve: (() => void) | undefined;

  before(async () => {
    verifier = new OAuthVerifier({
      consumerKey: 'ck',
      consumerSecret: 'cs',
      tokens: { 'user-token': 'user-secret' },
    });
    upstream = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url!, `http://${req.headers.host}`);
        const verdict = verifier.verify(req.method!, url, req.headers.authorization);
        seen.push({
          method: req.method!,
          url: req.url!,
          headers: req.headers,
          body: Buffer.concat(chunks).toString(),
          verdict,
        });
        if (!verdict.ok) {
          res.writeHead(401, { 'Content-Type': 'application/json' });
          res.end(
            JSON.stringify({
              'common.messages': [
                {
                  message: {
                    messageCode: 'ERROR_COMMON_AUTHENTICATION_REQUIRED',
                    message: verdict.reason,
                  },
                },
              ],
            }),
          );
          return;
        }
        if (url.pathname.endsWith('/statistic') && url.searchParams.get('geocode') === 'slow') {
          slowResolve = () => {
            res.writeHead(200, { 'Content-Type': 'application/json' });
            res.end('{"slow":true}');
          };
          return;
        }
        res.writeHead(200, {
          'Content-Type': req.headers.accept?.includes('json')
            ? 'application/json'
            : 'application/xml',
          'Set-Cookie': 'upstream=1',
        });
        res.end(JSON.stringify({ path: url.pathname, query: url.search, n: seen.length }));
      });
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as { port: number }).port}/restapi/api`;
    const config = baseConfig(upstreamUrl, { trustProxy: true, log: (l) => logs.push(l) });
    gateway = await createGateway(config);
    gw = (await gateway.listen(0, '127.0.0.1')).url;
  });
  after(async () => {
    await gateway.close();
    await new Promise((r) => upstream.close(r));
  });

  const call = (path: string, init: RequestInit = {}) => fetch(gw + path, init);

  test('forwards a two-legged GET, signed, with the query passed through', async () => {
    const before = seen.length;
    const res = await call('/gis/v2.0/geoautocomplete/DEU?i=Berlin+Mitte&t=city,quarter', {
      headers: { Accept: 'application/json' },
    });
    assert.equal(res.status, 200);
    const body = (await res.json()) as { query: string };
    assert.equal(body.query, '?i=Berlin%20Mitte&t=city%2Cquarter');
    const s = seen[before];
    assert.deepEqual(s.verdict, { ok: true, token: undefined });
    assert.match(String(s.headers.authorization), /^OAuth /);
    assert.equal(res.headers.get('x-cache'), 'MISS');
    assert.equal(
      res.headers.get('set-cookie'),
      null,
      'upstream cookies are not passed to the browser',
    );
  });

  test('answers a repeated cacheable GET from the cache without touching the upstream', async () => {
    const path = '/gis/v2.0/geoautocomplete/DEU/entity/1276003001046?g=WGS84';
    const a = await call(path, { headers: { Accept: 'application/json' } });
    const before = seen.length;
    const b = await call(path, { headers: { Accept: 'application/json' } });
    assert.equal(b.headers.get('x-cache'), 'HIT');
    assert.equal(await b.text(), await a.text());
    assert.equal(seen.length, before);
    const xml = await call(path, { headers: { Accept: 'application/xml' } });
    assert.equal(xml.headers.get('x-cache'), 'MISS', 'the Accept header is part of the key');
  });

  test('strips Authorization, cookies and hop-by-hop headers; keeps Accept and Content-Type', async () => {
    const before = seen.length;
    const res = await call('/search/v1.0/expose/123/contact', {
      method: 'POST',
      headers: {
        Authorization: 'Bearer stolen',
        Cookie: 'session=ok; other=1',
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'X-Custom': 'x',
        'Proxy-Authorization': 'p',
      },
      body: '{"expose.contactForm":{"lastname":"Muster"}}',
    });
    assert.equal(res.status, 200);
    const s = seen[before];
    assert.deepEqual(s.verdict, { ok: true, token: 'user-token' });
    assert.equal(s.headers.cookie, undefined);
    assert.equal(s.headers['x-custom'], undefined);
    assert.equal(s.headers['proxy-authorization'], undefined);
    assert.equal(s.headers['content-type'], 'application/json');
    assert.equal(s.headers.accept, 'application/json');
    assert.match(String(s.headers.authorization), /oauth_token="user-token"/);
    assert.equal(s.body, '{"expose.contactForm":{"lastname":"Muster"}}');
  });

  // Only the gateway speaks OAuth: each credential-bearing header a client might send is
  // dropped, one test per header, on a two-legged GET and on a three-legged POST.
  const CREDENTIAL_HEADERS: [string, string][] = [
    ['Authorization', 'OAuth oauth_consumer_key="evil", oauth_signature="x"'],
    ['Proxy-Authorization', 'Basic ZXZpbDpldmls'],
    ['Cookie', 'session=ok; evil=1'],
    ['X-Api-Key', 'evil-key'],
    ['Api-Key', 'evil-key'],
    ['X-Auth-Token', 'evil-token'],
    ['X-Access-Token', 'evil-token'],
    ['X-Amz-Security-Token', 'evil-token'],
    ['X-CSRF-Token', 'evil-token'],
    ['X-Forwarded-For', '10.0.0.1'],
    ['Forwarded', 'for=10.0.0.1;host=evil.example'],
    ['X-Original-URL', '/restapi/api/sandbox/reset'],
  ];
  for (const [n, [name, value]] of CREDENTIAL_HEADERS.entries()) {
    test(`a client's ${name} header never reaches the service`, async () => {
      const before = seen.length;
      const get = await call(`/search/v1.0/statistic?geocode=1276${n}`, {
        headers: { [name]: value, Accept: 'application/json' },
      });
      assert.equal(get.status, 200);
      const post = await call('/search/v1.0/expose/77/contact', {
        method: 'POST',
        headers: {
          [name]: value,
          Cookie: 'session=ok',
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body: '{}',
      });
      assert.equal(post.status, 200);
      assert.equal(seen.length, before + 2);
      for (const s of seen.slice(before)) {
        assert.ok(s.verdict && (s.verdict as { ok: boolean }).ok, 'still verifies');
        assert.equal(
          s.headers[name.toLowerCase()] === undefined || name === 'Authorization',
          true,
          `${name} forwarded`,
        );
        assert.doesNotMatch(
          JSON.stringify(s.headers),
          /evil|ZXZpbDpldmls|10\.0\.0\.1|session=ok/,
          `${name} forwarded`,
        );
        assert.deepEqual(
          Object.keys(s.headers).filter(
            (h) =>
              ![
                'host',
                'connection',
                'accept',
                'accept-language',
                'content-type',
                'content-length',
                'authorization',
              ].includes(h),
          ),
          [],
        );
      }
    });
  }

  const OAUTH_PARAMS = [
    'oauth_consumer_key',
    'oauth_token',
    'oauth_signature',
    'oauth_signature_method',
    'oauth_nonce',
    'oauth_timestamp',
    'oauth_version',
    'oauth_callback',
    'oauth_verifier',
    'oauth_body_hash',
    'OAuth_Token',
    'OAUTH_CONSUMER_KEY',
  ];
  for (const [n, param] of OAUTH_PARAMS.entries()) {
    test(`a client's ${param} query parameter is stripped before signing`, async () => {
      const before = seen.length;
      const res = await call(`/gis/v2.0/geoautocomplete/DEU?i=Ber${n}&${param}=evil&t=city`, {
        headers: { Accept: 'application/json' },
      });
      assert.equal(res.status, 200);
      assert.equal(
        ((await res.json()) as { query: string }).query,
        `?i=Ber${n}&t=city`,
        'the other parameters pass, in order',
      );
      const s = seen[before]!;
      assert.deepEqual(s.verdict, { ok: true, token: undefined }, 'the request verifies');
      assert.doesNotMatch(s.url, /oauth_|evil/i);
      assert.match(String(s.headers.authorization), /oauth_consumer_key="ck"/);
      assert.doesNotMatch(String(s.headers.authorization), /evil/);
    });
  }

  test('a form-encoded body (which would enter the signature base string) is 415, upstream untouched', async () => {
    const before = seen.length;
    const res = await call('/search/v1.0/expose/1/contact', {
      method: 'POST',
      headers: {
        Cookie: 'session=ok',
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: 'oauth_token=evil&lastname=x',
    });
    assert.equal(res.status, 415);
    assert.equal(
      ((await res.json()) as { 'common.messages': { message: { messageCode: string } }[] })[
        'common.messages'
      ][0]!.message.messageCode,
      'ERROR_COMMON_MEDIA_TYPE_UNSUPPORTED',
    );
    assert.equal(seen.length, before);
  });

  test("an Origin equal to the request's own Host is not trusted: only GATEWAY_ORIGINS count", async () => {
    const { port } = new URL(gw);
    const ask = (headers: Record<string, string>, method = 'GET') =>
      new Promise<{ status: number; allow: string | undefined }>((resolve, reject) => {
        const r = http.request(
          {
            host: '127.0.0.1',
            port,
            method,
            path: '/restapi/api/search/v1.0/statistic?geocode=1',
            headers: { Accept: 'application/json', ...headers },
          },
          (res) => {
            res.resume();
            res.on('end', () =>
              resolve({
                status: res.statusCode!,
                allow: res.headers['access-control-allow-origin'] as string | undefined,
              }),
            );
          },
        );
        r.on('error', reject);
        r.end();
      });
    const before = seen.length;
    assert.deepEqual(await ask({ Host: 'evil.example', Origin: 'http://evil.example' }), {
      status: 403,
      allow: undefined,
    });
    assert.deepEqual(
      await ask({ Host: `127.0.0.1:${port}`, Origin: `http://127.0.0.1:${port}` }),
      { status: 403, allow: undefined },
      "not even the gateway's own origin, unless listed",
    );
    assert.deepEqual(
      await ask({ Host: 'evil.example', Origin: 'http://evil.example' }, 'OPTIONS'),
      { status: 403, allow: undefined },
    );
    assert.equal(seen.length, before);
    assert.deepEqual(await ask({ Host: 'evil.example', Origin: 'https://www.partner.example' }), {
      status: 200,
      allow: 'https://www.partner.example',
    });
  });

  test('a three-legged operation without a logged-in user is 401 in the documented shape, upstream untouched', async () => {
    const before = seen.length;
    const res = await call('/offer/v1.0/user/me/realestateproject', {
      headers: { Accept: 'application/json' },
    });
    assert.equal(res.status, 401);
    assert.deepEqual(await res.json(), {
      'common.messages': [
        {
          message: {
            messageCode: 'ERROR_COMMON_AUTHENTICATION_REQUIRED',
            message: 'Sign in first: this operation needs the user’s authorisation.',
          },
        },
      ],
    });
    const xml = await call('/offer/v1.0/user/me/realestate');
    assert.equal(xml.status, 401);
    assert.match(
      await xml.text(),
      /<common:messages xmlns:common="http:\/\/rest\.immobilienscout24\.de\/schema\/common\/1\.0"><message><messageCode>ERROR_COMMON_AUTHENTICATION_REQUIRED<\/messageCode>/,
    );
    assert.equal(seen.length, before);
  });

  test('everything outside the allowlist is 404 (or 405) without touching the upstream', async () => {
    const before = seen.length;
    for (const path of [
      '/search/v1.0/search/region',
      '/offer/v1.0/user/me/realestate/1',
      '/sandbox/reset',
      '/../etc/passwd',
      '/gis/v2.0/geoautocomplete/FRA',
    ]) {
      const res = await call(path);
      assert.equal(res.status, 404, path);
    }
    assert.equal((await fetch(gw.replace('/restapi/api', '') + '/other')).status, 404);
    const wrongMethod = await call('/search/v1.0/statistic?geocode=1', {
      method: 'POST',
      body: 'x',
    });
    assert.equal(wrongMethod.status, 405);
    assert.equal(seen.length, before);
  });

  test('CORS only for configured origins, with preflight', async () => {
    const ok = await call('/search/v1.0/statistic?geocode=1276003001', {
      headers: { Origin: 'https://www.partner.example', Accept: 'application/json' },
    });
    assert.equal(ok.headers.get('access-control-allow-origin'), 'https://www.partner.example');
    assert.equal(ok.headers.get('access-control-allow-credentials'), 'true');
    const bad = await call('/search/v1.0/statistic?geocode=1276003001', {
      headers: { Origin: 'https://evil.example' },
    });
    assert.equal(bad.status, 403);
    assert.equal(bad.headers.get('access-control-allow-origin'), null);
    const pre = await call('/search/v1.0/expose/1/contact', {
      method: 'OPTIONS',
      headers: { Origin: 'https://www.partner.example', 'Access-Control-Request-Method': 'POST' },
    });
    assert.equal(pre.status, 204);
    assert.match(pre.headers.get('access-control-allow-methods') ?? '', /POST/);
    const preBad = await call('/search/v1.0/expose/1/contact', {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example' },
    });
    assert.equal(preBad.status, 403);
  });

  test('bodies over the limit are 413', async () => {
    const before = seen.length;
    const res = await call('/search/v1.0/expose/1/contact', {
      method: 'POST',
      headers: { Cookie: 'session=ok', 'Content-Type': 'application/xml' },
      body: 'x'.repeat(2000),
    });
    assert.equal(res.status, 413);
    assert.equal(seen.length, before);
  });

  test('healthz answers, and the logs carry no secrets, tokens or visitor input', async () => {
    const res = await fetch(gw.replace('/restapi/api', '') + '/healthz');
    assert.deepEqual(await res.json(), { status: 'ok', cache: 'memory' });
    const text = JSON.stringify(logs);
    assert.ok(logs.some((l) => l.msg === 'request' && l.route === 'geo-suggest'));
    for (const secret of [
      'cs',
      'user-secret',
      'user-token',
      'Berlin',
      'stolen',
      'session=ok',
      'Muster',
    ]) {
      assert.ok(
        !text.includes(`"${secret}"`) &&
          !text.includes(secret + '&') &&
          !text.includes(secret + ' '),
        `log mentions ${secret}`,
      );
    }
    assert.ok(!/Berlin|Muster|stolen|user-secret/.test(text));
  });

  test('graceful shutdown finishes a request in flight', async () => {
    const pending = call('/search/v1.0/statistic?geocode=slow', {
      headers: { Accept: 'application/json' },
    });
    while (!slowResolve) await new Promise((r) => setTimeout(r, 10));
    const closed = gateway.close();
    slowResolve();
    const res = await pending;
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { slow: true });
    await closed;
    await assert.rejects(call('/search/v1.0/statistic?geocode=1'));
    gateway = await createGateway({
      ...(await configFromEnv({
        GATEWAY_TARGET: upstreamUrl,
        GATEWAY_CONSUMER_KEY: 'ck',
        GATEWAY_CONSUMER_SECRET: 'cs',
        GATEWAY_ORIGINS: 'https://a.de',
      })),
      log: () => {},
    });
  });
});

test('the rate limit answers 429 with Retry-After in the documented shape', async () => {
  const upstream = http.createServer((_req, res) => res.end('{}'));
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const target = `http://127.0.0.1:${(upstream.address() as { port: number }).port}/restapi/api`;
  const gateway = await createGateway({
    ...(await configFromEnv({
      GATEWAY_TARGET: target,
      GATEWAY_CONSUMER_KEY: 'k',
      GATEWAY_CONSUMER_SECRET: 's',
      GATEWAY_ORIGINS: 'https://a.de',
      GATEWAY_RATE_LIMIT: '1',
      GATEWAY_RATE_BURST: '2',
    })),
    log: () => {},
  });
  const { url } = await gateway.listen(0, '127.0.0.1');
  try {
    const statuses = [];
    let last: Response | undefined;
    for (let i = 0; i < 3; i++) {
      last = await fetch(url + '/search/v1.0/region?q=Ber', {
        headers: { Accept: 'application/json' },
      });
      statuses.push(last.status);
    }
    assert.deepEqual(statuses, [200, 200, 429]);
    assert.match(last!.headers.get('retry-after') ?? '', /^[12]$/, 'within the 2-second window');
    assert.equal(((await last!.json()) as Record<string, unknown[]>)['common.messages'].length, 1);
  } finally {
    await gateway.close();
    await new Promise((r) => upstream.close(r));
  }
});
test('behind a trusted balancer a client is the last X-Forwarded-For address: what the client put before it does not make it another client', async () => {
  const upstream = http.createServer((_req, res) => res.end('{}'));
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const target = `http://127.0.0.1:${(upstream.address() as { port: number }).port}/restapi/api`;
  const gateway = await createGateway({
    ...(await configFromEnv({
      GATEWAY_TARGET: target,
      GATEWAY_CONSUMER_KEY: 'k',
      GATEWAY_CONSUMER_SECRET: 's',
      GATEWAY_ORIGINS: 'https://a.de',
      GATEWAY_RATE_LIMIT: '1',
      GATEWAY_RATE_BURST: '2',
      GATEWAY_TRUST_PROXY: '1',
    })),
    log: () => {},
  });
  const { url } = await gateway.listen(0, '127.0.0.1');
  const status = async (xff: string) =>
    (
      await fetch(url + '/search/v1.0/region?q=Ber', {
        headers: { Accept: 'application/json', 'X-Forwarded-For': xff },
      })
    ).status;
  try {
    assert.deepEqual(
      [
        await status('1.1.1.1, 10.0.0.9'),
        await status('2.2.2.2, 10.0.0.9'),
        await status('3.3.3.3,10.0.0.9'),
      ],
      [200, 200, 429],
    );
    assert.equal(await status('10.0.0.8'), 200, 'another visitor');
  } finally {
    await gateway.close();
    await new Promise((r) => upstream.close(r));
  }
});

describe('metrics', () => {
  test('off by default: no metrics server, and the public port never serves /metrics', async () => {
    const upstream = http.createServer((_req, res) => res.end('{}'));
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    const config = await configFromEnv({
      GATEWAY_TARGET: `http://127.0.0.1:${(upstream.address() as { port: number }).port}/restapi/api`,
      GATEWAY_CONSUMER_KEY: 'k',
      GATEWAY_CONSUMER_SECRET: 's',
      GATEWAY_ORIGINS: 'https://a.de',
    });
    assert.equal(config.metricsPort, undefined);
    const gateway = await createGateway({ ...config, log: () => {} });
    const { url, metricsUrl } = await gateway.listen(0, '127.0.0.1');
    try {
      assert.equal(metricsUrl, undefined);
      assert.equal((await fetch(url.replace('/restapi/api', '/metrics'))).status, 404);
    } finally {
      await gateway.close();
      await new Promise((r) => upstream.close(r));
    }
  });

  test('GATEWAY_METRICS_PORT must be a port of its own', async () => {
    const base = {
      GATEWAY_TARGET: 'http://127.0.0.1:1/restapi/api',
      GATEWAY_CONSUMER_KEY: 'k',
      GATEWAY_CONSUMER_SECRET: 's',
      GATEWAY_ORIGINS: 'https://a.de',
    };
    assert.equal(
      (await configFromEnv({ ...base, GATEWAY_METRICS_PORT: '9464' })).metricsPort,
      9464,
    );
    await assert.rejects(
      configFromEnv({ ...base, GATEWAY_METRICS_PORT: '8080' }),
      /must differ from PORT/,
    );
    await assert.rejects(
      configFromEnv({ ...base, GATEWAY_METRICS_PORT: 'x' }),
      /GATEWAY_METRICS_PORT/,
    );
  });

  test('on its own port: requests by route and status, upstream latency, cache hits and misses, rate-limited count; no secrets or query strings in labels', async () => {
    const upstream = http.createServer((req, res) => {
      res.writeHead(req.url!.includes('geocode=500') ? 500 : 200, {
        'Content-Type': 'application/json',
      });
      res.end('{}');
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    const config = await configFromEnv({
      GATEWAY_TARGET: `http://127.0.0.1:${(upstream.address() as { port: number }).port}/restapi/api`,
      GATEWAY_CONSUMER_KEY: 'key-SECRETKEY',
      GATEWAY_CONSUMER_SECRET: 'SECRETSECRET',
      GATEWAY_ORIGINS: 'https://a.de',
      GATEWAY_RATE_LIMIT: '1',
      GATEWAY_RATE_BURST: '5',
    });
    const gateway = await createGateway({ ...config, metricsPort: 0, log: () => {} });
    const { url, metricsUrl } = await gateway.listen(0, '127.0.0.1');
    try {
      assert.match(metricsUrl!, /^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      assert.notEqual(new URL(metricsUrl!).port, new URL(url).port);
      const get = (path: string, headers: Record<string, string> = {}) =>
        fetch(url + path, { headers: { Accept: 'application/json', ...headers } });
      await get('/gis/v2.0/geoautocomplete/DEU?i=VISITORINPUT&oauth_token=TOKENX', {
        Authorization: 'Bearer BEARERX',
        Cookie: 'session=COOKIEX',
      });
      await get('/gis/v2.0/geoautocomplete/DEU?i=VISITORINPUT&oauth_token=TOKENX');
      await get('/search/v1.0/statistic?geocode=500');
      await get('/no/such/PATHX');
      await get('/search/v1.0/region?q=Ber');
      await get('/search/v1.0/region?q=Ber');
      const limited = await get('/search/v1.0/region?q=Ber');
      assert.equal(limited.status, 429);
      const res = await fetch(metricsUrl!);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type')!, /^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      const value = (line: string) => {
        const hit = text.split('\n').find((l) => l.startsWith(line + ' '));
        return hit === undefined ? undefined : Number(hit.slice(line.length + 1));
      };
      assert.equal(
        value('gateway_requests_total{route="geo-suggest",method="GET",status="200"}'),
        2,
      );
      assert.equal(value('gateway_requests_total{route="statistic",method="GET",status="500"}'), 1);
      assert.equal(value('gateway_requests_total{route="none",method="GET",status="404"}'), 1);
      assert.equal(value('gateway_requests_total{route="region",method="GET",status="429"}'), 1);
      assert.equal(value('gateway_cache_lookups_total{route="geo-suggest",result="miss"}'), 1);
      assert.equal(value('gateway_cache_lookups_total{route="geo-suggest",result="hit"}'), 1);
      assert.equal(value('gateway_rate_limited_total{route="region"}'), 1);
      assert.equal(value('gateway_upstream_duration_seconds_count{route="geo-suggest"}'), 1);
      assert.equal(value('gateway_upstream_duration_seconds_count{route="statistic"}'), 1);
      assert.equal(value('gateway_upstream_duration_seconds_bucket{le="+Inf",route="region"}'), 2);
      assert.equal(value('gateway_upstream_duration_seconds_bucket{le="15",route="statistic"}'), 1);
      assert.match(text, /^process_cpu_user_seconds_total /m, 'default process metrics');
      assert.doesNotMatch(text, /gateway_cache_circuit_open \d/, 'no circuit without Redis');
      for (const secret of [
        'SECRET',
        'VISITORINPUT',
        'TOKENX',
        'BEARERX',
        'COOKIEX',
        'PATHX',
        'geocode=',
        'i=',
        '?',
      ]) {
        assert.ok(
          !text
            .split('\n')
            .filter((l) => !l.startsWith('#'))
            .some((l) => l.includes(secret)),
          `metrics mention ${secret}`,
        );
      }
      assert.equal((await fetch(metricsUrl!.replace('/metrics', '/other'))).status, 404);
    } finally {
      await gateway.close();
      await new Promise((r) => upstream.close(r));
    }
  });
});
