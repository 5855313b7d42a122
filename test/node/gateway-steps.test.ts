/**
 * Each step of the gateway's pipeline alone: a hand-made exchange (a request that no socket
 * carries, an answer that no socket sends) and fake deps, so that a step's every outcome is
 * seen without a server, a service or a clock. The whole pipeline is tested in gateway*.test.ts.
 */
import { test, describe, mock } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import type { CachedResponse } from '../../packages/gateway/src/cache.js';
import {
  createExchange,
  routeOf,
  type Exchange,
  type StepDeps,
  type UpstreamAnswer,
} from '../../packages/gateway/src/exchange.js';
import { matchRoute, type Route } from '../../packages/gateway/src/routes.js';
import { health } from '../../packages/gateway/src/steps/health.js';
import { origin } from '../../packages/gateway/src/steps/origin.js';
import { route } from '../../packages/gateway/src/steps/route.js';
import { limit } from '../../packages/gateway/src/steps/limit.js';
import { body } from '../../packages/gateway/src/steps/body.js';
import { user } from '../../packages/gateway/src/steps/user.js';
import { cache, primaryLanguage } from '../../packages/gateway/src/steps/cache.js';
import { upstream } from '../../packages/gateway/src/steps/upstream.js';
import { answer } from '../../packages/gateway/src/steps/answer.js';
import { PIPELINE } from '../../packages/gateway/src/server.js';
import { baseConfig } from './gateway-helpers.js';

const PARTNER = 'https://www.partner.example';
const STATISTIC = '/restapi/api/search/v1.0/statistic?geocode=1276';
const NOW = Date.UTC(2026, 0, 1, 12);

interface Init {
  method?: string;
  headers?: http.IncomingHttpHeaders;
  /** A body the client sends whole; without it the request has none. */
  body?: string;
}

/** An exchange as the server makes it, for a request no socket carries. */
function exchange(target: string, init: Init = {}): Exchange & { sent: () => Sent } {
  const req = new http.IncomingMessage(new net.Socket());
  req.method = init.method ?? 'GET';
  req.url = target;
  req.headers = init.headers ?? {};
  if (init.body !== undefined) {
    req.push(Buffer.from(init.body));
    req.push(null);
  }
  const res = new http.ServerResponse(req);
  res.setHeader('X-Request-Id', 'req-1');
  const end = mock.method(res, 'end');
  const x = createExchange(req, res, 'req-1', new URL(target, 'http://gateway.local'));
  return Object.assign(x, {
    sent: (): Sent => ({
      status: res.headersSent ? res.statusCode : 0,
      headers: res.getHeaders(),
      body: String(end.mock.calls[0]?.arguments[0] ?? ''),
      ended: res.writableEnded,
    }),
  });
}

interface Sent {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: string;
  ended: boolean;
}

/** An exchange that the steps before `step` have routed. */
function routed(target: string, init: Init = {}): ReturnType<typeof exchange> {
  const x = exchange(target, init);
  const r = matchRoute(x.method, x.rest ?? '');
  assert.ok(r, `no route for ${x.method} ${target}`);
  x.route = r;
  x.routeName = r.name;
  x.query = [...x.url.searchParams];
  return x;
}

function deps(extra: Partial<StepDeps> = {}): StepDeps {
  return {
    config: baseConfig('http://service.test/restapi/api'),
    cache: { kind: 'memory', get: async () => undefined, set: async () => {} },
    limiter: { take: async () => 0 },
    upstream: {
      send: async () => ({ status: 200, headers: {}, body: Buffer.alloc(0) }),
      close: () => {},
    },
    metrics: undefined,
    log: () => {},
    now: () => NOW,
    clientAddress: () => '203.0.113.9',
    closing: () => false,
    ...extra,
  };
}

const code = (s: Sent) => /<messageCode>([^<]+)</.exec(s.body)?.[1];

test('the pipeline runs the named steps in their order', () => {
  assert.deepEqual(
    PIPELINE.map((s) => s.name),
    ['health', 'origin', 'route', 'limit', 'body', 'user', 'cache', 'upstream', 'answer'],
  );
});

describe('createExchange', () => {
  test('has its whole shape at once, the path below the prefix as rest', () => {
    const x = exchange(STATISTIC);
    assert.equal(x.rest, 'search/v1.0/statistic');
    assert.equal(x.route, null);
    assert.deepEqual(x.headers, {});
    assert.equal(x.routeName, 'none');
    assert.equal(x.cacheState, 'bypass');
    assert.equal(exchange('/elsewhere').rest, null);
  });

  test('routeOf refuses an exchange the route step has not seen', () => {
    assert.throws(() => routeOf(exchange(STATISTIC)), /before the route step/);
    assert.equal(routeOf(routed(STATISTIC)).name, 'statistic');
  });
});

describe('health', () => {
  test('answers GET /healthz with the cache and its circuit', () => {
    const x = exchange('/healthz');
    const d = deps({
      cache: { kind: 'redis', state: 'open', get: async () => undefined, set: async () => {} },
    });
    assert.equal(health(x, d), true);
    assert.equal(x.sent().status, 200);
    assert.deepEqual(JSON.parse(x.sent().body), { status: 'ok', cache: 'redis', circuit: 'open' });
    assert.equal(x.routeName, 'healthz');
  });

  test('says 503 while the gateway closes', () => {
    const x = exchange('/healthz');
    health(x, deps({ closing: () => true }));
    assert.equal(x.sent().status, 503);
    assert.equal(JSON.parse(x.sent().body).status, 'closing');
  });

  test('passes on every other request', () => {
    assert.equal(health(exchange(STATISTIC), deps()), false);
    assert.equal(health(exchange('/healthz', { method: 'POST' }), deps()), false);
  });
});

describe('origin', () => {
  test('allows a listed origin and passes on', () => {
    const x = exchange(STATISTIC, { headers: { origin: PARTNER } });
    assert.equal(origin(x, deps()), false);
    assert.equal(x.allowedOrigin, true);
    assert.equal(x.res.getHeader('access-control-allow-origin'), PARTNER);
    assert.equal(x.res.getHeader('vary'), 'Origin');
  });

  test('refuses an unlisted origin with 403 and no CORS headers', () => {
    const x = exchange(STATISTIC, { headers: { origin: 'https://evil.example' } });
    assert.equal(origin(x, deps()), true);
    assert.equal(x.sent().status, 403);
    assert.equal(code(x.sent()), 'ERROR_COMMON_ACCESS_DENIED');
    assert.equal(x.res.getHeader('access-control-allow-origin'), undefined);
  });

  test('passes on a request without Origin unless one is required', () => {
    assert.equal(origin(exchange(STATISTIC), deps()), false);
    const d = deps({ config: { ...deps().config, requireOrigin: true } });
    const x = exchange(STATISTIC);
    assert.equal(origin(x, d), true);
    assert.equal(x.sent().status, 403);
  });

  test('ends a preflight: 204 for a known path and allowed origin, else 403', () => {
    const ok = exchange(STATISTIC, { method: 'OPTIONS', headers: { origin: PARTNER } });
    assert.equal(origin(ok, deps()), true);
    assert.equal(ok.sent().status, 204);
    assert.equal(ok.sent().headers['access-control-allow-methods'], 'GET, POST');
    assert.equal(ok.routeName, 'preflight');
    const unknown = exchange('/restapi/api/nowhere', {
      method: 'OPTIONS',
      headers: { origin: PARTNER },
    });
    origin(unknown, deps());
    assert.equal(unknown.sent().status, 403);
  });
});

describe('route', () => {
  test('finds the operation and its documented query, without oauth_ parameters', () => {
    const x = exchange(STATISTIC + '&OAuth_Token=t');
    assert.equal(route(x, deps()), false);
    assert.equal(x.route?.name, 'statistic');
    assert.equal(x.routeName, 'statistic');
    assert.deepEqual(x.query, [['geocode', '1276']]);
  });

  test('answers 404 for an undocumented path and 405 for a known one in another method', () => {
    const missing = exchange('/restapi/api/admin');
    assert.equal(route(missing, deps()), true);
    assert.equal(missing.sent().status, 404);
    const wrong = exchange(STATISTIC, { method: 'DELETE' });
    assert.equal(route(wrong, deps()), true);
    assert.equal(wrong.sent().status, 405);
    assert.equal(wrong.sent().headers.allow, 'GET, POST');
  });

  test('answers 400 for an undocumented parameter, naming the documented ones', () => {
    const x = exchange(STATISTIC + '&debug=1');
    assert.equal(route(x, deps()), true);
    assert.equal(x.sent().status, 400);
    assert.match(x.sent().body, /no parameter &#34;debug&#34;; it takes geocode/);
  });

  test('refuses a cross-site request without an allowed origin', () => {
    const x = exchange(STATISTIC, { headers: { 'sec-fetch-site': 'cross-site' } });
    assert.equal(route(x, deps()), true);
    assert.equal(x.sent().status, 403);
    const y = exchange(STATISTIC, { headers: { 'sec-fetch-site': 'cross-site' } });
    const onlyUser = deps({ config: { ...deps().config, fetchMetadata: 'user' } });
    assert.equal(route(y, onlyUser), false, 'a shared operation passes with fetchMetadata user');
  });
});

describe('limit', () => {
  test('takes a point under the client key of the trusted address', async () => {
    const take = mock.fn(async (_key: string) => 0);
    const x = routed(STATISTIC);
    assert.equal(
      await limit(x, deps({ limiter: { take }, clientAddress: () => '[::ffff:7f00:1]:9' })),
      false,
    );
    assert.deepEqual(take.mock.calls[0]?.arguments, ['127.0.0.1']);
  });

  test('answers 429 with Retry-After and counts it', async () => {
    const rateLimited = mock.fn((_route: string) => {});
    const x = routed(STATISTIC);
    const d = deps({
      limiter: { take: async () => 7 },
      metrics: { rateLimited, cache: () => {}, upstream: () => {} },
    });
    assert.equal(await limit(x, d), true);
    assert.equal(x.sent().status, 429);
    assert.equal(x.sent().headers['retry-after'], '7');
    assert.deepEqual(rateLimited.mock.calls[0]?.arguments, ['statistic']);
  });
});

describe('body', () => {
  const CONTACT = '/restapi/api/search/v1.0/expose/123/contact';

  test('passes on a GET without reading', async () => {
    const x = routed(STATISTIC);
    assert.equal(await body(x, deps()), false);
    assert.equal(x.body, null);
  });

  test('reads an XML or JSON body', async () => {
    const x = routed(CONTACT, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '7' },
      body: '{"a":1}',
    });
    assert.equal(await body(x, deps()), false);
    assert.equal(x.body?.toString(), '{"a":1}');
  });

  test('refuses a form-encoded body with 415', async () => {
    const x = exchange(CONTACT, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'oauth_token=x',
    });
    assert.equal(await body(x, deps()), true);
    assert.equal(x.sent().status, 415);
  });

  test('refuses a body over maxBodyBytes with 413, declared or sent', async () => {
    const d = deps({ config: { ...deps().config, maxBodyBytes: 4 } });
    const declared = exchange(CONTACT, {
      method: 'POST',
      headers: { 'content-type': 'application/xml', 'content-length': '99' },
    });
    assert.equal(await body(declared, d), true);
    assert.equal(declared.sent().status, 413);
    assert.equal(declared.sent().headers.connection, 'close');
    const sent = exchange(CONTACT, {
      method: 'POST',
      headers: { 'content-type': 'application/xml', 'transfer-encoding': 'chunked' },
      body: '<a>too long</a>',
    });
    assert.equal(await body(sent, d), true);
    assert.equal(sent.sent().status, 413);
  });

  test('ends the connection without an answer when the client goes away', async () => {
    const x = exchange(CONTACT, {
      method: 'POST',
      headers: { 'content-type': 'application/xml', 'content-length': '10' },
    });
    const done = body(x, deps());
    x.req.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    assert.equal(await done, true);
    assert.equal(x.res.headersSent, false);
    assert.equal(x.res.destroyed, true);
  });
});

describe('user', () => {
  const EXPOSE = '/restapi/api/search/v1.0/expose/123';
  const threeLegs = (r: Route | null) => r?.legs === 3;

  test('passes on an operation signed for the partner alone', async () => {
    const x = routed(STATISTIC);
    assert.equal(await user(x, deps()), false);
    assert.equal(x.token, null);
  });

  test('takes the user token from the hook', async () => {
    const x = routed(EXPOSE, { headers: { cookie: 'session=ok' } });
    assert.ok(threeLegs(x.route), 'the expose is signed for a user');
    assert.equal(await user(x, deps()), false);
    assert.deepEqual(x.token, { key: 'user-token', secret: 'user-secret' });
  });

  test('answers 401 for a token without its secret', async () => {
    const x = routed(EXPOSE);
    const d = deps({
      config: { ...deps().config, userTokens: () => ({ token: 't', secret: '' }) },
    });
    assert.equal(await user(x, d), true);
    assert.equal(x.sent().status, 401);
    assert.equal(x.token, null);
  });

  test('answers 401 without a token, and when the hook fails logs only its kind', async () => {
    const lines: Record<string, unknown>[] = [];
    const x = routed(EXPOSE);
    assert.equal(await user(x, deps()), true);
    assert.equal(x.sent().status, 401);
    const failing = routed(EXPOSE);
    const d = deps({
      log: (l) => lines.push(l),
      config: {
        ...deps().config,
        userTokens: () => {
          throw new TypeError('secret detail');
        },
      },
    });
    assert.equal(await user(failing, d), true);
    assert.equal(failing.sent().status, 401);
    assert.equal(lines[0]?.error, 'TypeError');
    assert.doesNotMatch(JSON.stringify(lines), /secret detail/);
  });
});

describe('cache', () => {
  test('keys a shared GET by operation, format, language and query, and sends those forms', async () => {
    const get = mock.fn(async (_key: string): Promise<CachedResponse | undefined> => undefined);
    const x = routed(STATISTIC, {
      headers: { accept: 'application/json', 'accept-language': 'de-DE,en;q=0.5', cookie: 'c' },
    });
    assert.equal(
      await cache(x, deps({ cache: { kind: 'memory', get, set: async () => {} } })),
      false,
    );
    assert.equal(x.cacheKey, 'statistic|application/json|de|search/v1.0/statistic?geocode=1276');
    assert.deepEqual(x.headers, { accept: 'application/json', 'accept-language': 'de' });
    assert.equal(x.cacheState, 'miss');
    assert.deepEqual(get.mock.calls[0]?.arguments, [x.cacheKey]);
  });

  test('answers a hit with X-Cache, Age from the clock and the shared Cache-Control', async () => {
    const stored: CachedResponse = {
      status: 200,
      contentType: 'application/xml',
      contentLanguage: 'de',
      body: Buffer.from('<ok/>'),
      storedAt: NOW - 12_500,
    };
    const x = routed(STATISTIC);
    const d = deps({ cache: { kind: 'memory', get: async () => stored, set: async () => {} } });
    assert.equal(await cache(x, d), true);
    const s = x.sent();
    assert.equal(s.status, 200);
    assert.equal(s.headers['x-cache'], 'HIT');
    assert.equal(s.headers.age, '12');
    assert.equal(s.headers['cache-control'], 'public, max-age=60');
    assert.equal(s.headers['content-language'], 'de');
    assert.equal(x.cacheState, 'hit');
  });

  test('leaves an operation that is not shared to the service, with its headers', async () => {
    const x = routed('/restapi/api/search/v1.0/region?q=Ber', {
      headers: { accept: 'application/xml', authorization: 'Basic x' },
    });
    assert.equal(await cache(x, deps()), false);
    assert.equal(x.cacheKey, null);
    assert.equal(x.cacheState, 'bypass');
    assert.deepEqual(x.headers, { accept: 'application/xml' });
  });

  test('primaryLanguage takes the first tag, primary subtag only', () => {
    assert.equal(primaryLanguage('en-GB, de'), 'en');
    assert.equal(primaryLanguage('*'), undefined);
    assert.equal(primaryLanguage(undefined), undefined);
  });
});

describe('upstream', () => {
  test('signs the request for the service and keeps its answer', async () => {
    const got: UpstreamAnswer = { status: 200, headers: {}, body: Buffer.from('<ok/>') };
    const send = mock.fn(
      async (_m: string, _u: URL, _h: () => Record<string, string>, _b: Buffer | null) => got,
    );
    const x = routed(STATISTIC);
    x.headers = { accept: 'application/xml' };
    assert.equal(await upstream(x, deps({ upstream: { send, close: () => {} } })), false);
    assert.equal(x.upstream, got);
    const [method, url, headers] = send.mock.calls[0]!.arguments;
    assert.equal(method, 'GET');
    assert.equal(url.href, 'http://service.test/restapi/api/search/v1.0/statistic?geocode=1276');
    const h = headers();
    assert.equal(h.accept, 'application/xml');
    assert.match(h.authorization ?? '', /^OAuth .*oauth_consumer_key="ck"/);
    assert.doesNotMatch(h.authorization ?? '', /oauth_token=/);
  });

  test('answers 504 past the deadline and 502 otherwise, logging only the kind', async () => {
    for (const [errCode, status] of [
      ['ETIMEDOUT', 504],
      ['ECONNREFUSED', 502],
      ['ETOOBIG', 502],
    ] as const) {
      const lines: Record<string, unknown>[] = [];
      const x = routed(STATISTIC);
      const send = async () => {
        throw Object.assign(new Error('at http://user:pw@service'), { code: errCode });
      };
      const d = deps({ upstream: { send, close: () => {} }, log: (l) => lines.push(l) });
      assert.equal(await upstream(x, d), true);
      assert.equal(x.sent().status, status, errCode);
      assert.equal(lines[0]?.error, errCode);
      assert.doesNotMatch(JSON.stringify(lines), /pw/);
    }
  });
});

describe('answer', () => {
  const fromService = (status: number): UpstreamAnswer => ({
    status,
    headers: { 'content-type': 'application/xml', 'set-cookie': ['s=1'], server: 'x' },
    body: Buffer.from('<ok/>'),
  });

  test('passes on the answer with the allowed headers and keeps a shared 200', async () => {
    const set = mock.fn(async (_k: string, _v: CachedResponse, _ttl: number) => {});
    const x = routed(STATISTIC);
    x.cacheKey = 'k';
    x.upstream = fromService(200);
    assert.equal(
      await answer(x, deps({ cache: { kind: 'memory', get: async () => undefined, set } })),
      true,
    );
    const s = x.sent();
    assert.equal(s.status, 200);
    assert.equal(s.body, '<ok/>');
    assert.equal(s.headers['x-cache'], 'MISS');
    assert.equal(s.headers['set-cookie'], undefined);
    assert.equal(s.headers.server, undefined);
    const [key, entry, ttl] = set.mock.calls[0]!.arguments;
    assert.equal(key, 'k');
    assert.equal(entry.storedAt, NOW);
    assert.equal(ttl, 60_000);
  });

  test('keeps no other status, and marks an answer signed for a user private', async () => {
    const set = mock.fn(async () => {});
    const x = routed(STATISTIC);
    x.cacheKey = 'k';
    x.upstream = fromService(404);
    await answer(x, deps({ cache: { kind: 'memory', get: async () => undefined, set } }));
    assert.equal(set.mock.callCount(), 0);
    assert.equal(x.sent().headers['cache-control'], 'no-store');
    const mine = routed('/restapi/api/search/v1.0/expose/123');
    mine.upstream = fromService(200);
    await answer(mine, deps());
    assert.equal(mine.sent().headers['cache-control'], 'private, no-store');
  });

  test('refuses to run before upstream', async () => {
    await assert.rejects(answer(routed(STATISTIC), deps()), /before the upstream step/);
  });
});
