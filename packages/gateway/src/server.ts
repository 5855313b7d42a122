/**
 * The partner gateway: receives the elements' requests on the partner's own origin, signs
 * them with OAuth 1.0a (HMAC-SHA1) and forwards them to the service, so that the consumer
 * secret never reaches a browser. Forwards only the operations of SPEC.md 4 (routes.ts).
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import { createHmac } from 'node:crypto';
import OAuth from 'oauth-1.0a';
import type { GatewayConfig } from './config.js';
import { matchRoute, pathKnown } from './routes.js';
import { MemoryCache, RedisCache, SharedCache, type Circuit, type ResponseCache } from './cache.js';
import { RateLimit } from './rate-limit.js';
import { createMetrics, type GatewayMetrics } from './metrics.js';

export const PREFIX = '/restapi/api/';

/**
 * Request headers passed on to the service: an allowlist, so every credential-bearing header
 * (Authorization, Proxy-Authorization, Cookie, X-Api-Key, X-Auth-Token, …), every hop-by-hop
 * and forwarding header and anything else a browser or a script adds is dropped. The only
 * credential the service sees is the gateway's own OAuth signature.
 */
const FORWARD_REQUEST_HEADERS = ['accept', 'accept-language', 'content-type'];
/** Request bodies the gateway forwards: the service's operations take XML or JSON only. */
const BODY_TYPES = /^\s*(application\/(xml|json)|text\/xml)\s*(;|$)/i;
/** Response headers passed back to the browser. */
const FORWARD_RESPONSE_HEADERS = ['content-type', 'retry-after', 'location', 'content-language'];

export interface Gateway {
  server: http.Server;
  cache: ResponseCache;
  /** Starts the gateway, and its metrics server when `metricsPort` is configured. */
  listen(port?: number, host?: string): Promise<{ port: number; url: string; metricsUrl?: string }>;
  /** Stops accepting connections, finishes the requests in flight, then closes the cache. */
  close(): Promise<void>;
}

function wantsJson(req: IncomingMessage): boolean {
  return /json/i.test(req.headers.accept ?? '');
}

const xmlEscape = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An error in the service's documented `common:messages` shape, in the media type asked for. */
export function messagesBody(
  json: boolean,
  code: string,
  message: string,
): { type: string; body: string } {
  if (json) {
    return {
      type: 'application/json;charset=UTF-8',
      body: JSON.stringify({ 'common.messages': [{ message: { messageCode: code, message } }] }),
    };
  }
  return {
    type: 'application/xml;charset=UTF-8',
    body:
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<common:messages xmlns:common="http://rest.immobilienscout24.de/schema/common/1.0">' +
      `<message><messageCode>${xmlEscape(code)}</messageCode><message>${xmlEscape(message)}</message></message>` +
      '</common:messages>',
  };
}

/**
 * The client's query without OAuth protocol parameters: only the gateway speaks OAuth, so a
 * client's `oauth_consumer_key`, `oauth_token`, `oauth_signature`… (any `oauth_` name, in any
 * case) never reaches the service and never enters the signature base string.
 */
export function withoutOAuthParams(params: URLSearchParams): URLSearchParams {
  return new URLSearchParams([...params].filter(([k]) => !/^oauth_/i.test(k)));
}

const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(
    /[!'()*]/g,
    (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase(),
  );

/**
 * The query as the service gets it, every value percent-encoded (a space as %20, never +),
 * so that the signature base string is the same for every RFC 5849 implementation.
 */
export function canonicalQuery(params: URLSearchParams): string {
  const parts = [...params].map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`);
  return parts.length ? '?' + parts.join('&') : '';
}

export async function createGateway(
  config: GatewayConfig,
  options: { cache?: ResponseCache } = {},
): Promise<Gateway> {
  const log =
    config.log ??
    ((line: Record<string, unknown>) => process.stdout.write(JSON.stringify(line) + '\n'));
  const logError = (msg: string, e: unknown) =>
    log({ time: new Date().toISOString(), level: 'error', msg, error: (e as Error)?.message });
  const logCircuit = (state: string, reason: string) =>
    log({
      time: new Date().toISOString(),
      level: state === 'open' ? 'warn' : 'info',
      msg: `cache circuit ${state}`,
      reason,
    });
  let cache: ResponseCache;
  let sharedRedis: { client: unknown; circuit: Circuit } | undefined;
  if (options.cache) cache = options.cache;
  else if (config.redisUrl) {
    const timeoutMs = config.redisTimeoutMs ?? 30;
    const probeMs = config.redisProbeMs ?? 1000;
    // The Redis client's own connection errors are not logged: they repeat on every
    // reconnect attempt. The circuit breaker logs each change of state once, with its reason.
    const { cache: redis, connected } = await RedisCache.connect(config.redisUrl, {
      timeoutMs,
      reconnectMs: Math.min(probeMs, 1000),
      onError: () => {},
    });
    const shared = new SharedCache(redis, {
      timeoutMs,
      probeMs,
      failures: 3,
      startOpen: !connected,
      onStateChange: logCircuit,
    });
    cache = shared;
    sharedRedis = { client: redis.client, circuit: shared.circuit };
    if (!connected)
      logCircuit(
        'open',
        'Redis was not reachable at start-up; serving from memory until a probe finds it',
      );
  } else cache = new MemoryCache();
  // The limit is shared through the same Redis connection and circuit as the cache.
  const limiter = new RateLimit({
    rate: config.rateLimit,
    burst: config.rateBurst,
    instances: config.instances,
    redis: sharedRedis,
    onModeChange: (mode, line) =>
      log({
        time: new Date().toISOString(),
        level: mode === 'local' ? 'warn' : 'info',
        msg: `rate limit ${mode}`,
        reason: line,
      }),
  });
  const metrics: GatewayMetrics | undefined =
    config.metricsPort !== undefined
      ? createMetrics(
          () => cache.state,
          () => (sharedRedis ? limiter.mode : undefined),
        )
      : undefined;
  const oauth = new OAuth({
    consumer: { key: config.consumerKey, secret: config.consumerSecret },
    signature_method: 'HMAC-SHA1',
    hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
  });
  const target = new URL(config.target);
  const transport = target.protocol === 'https:' ? https : http;
  const agent = new transport.Agent({ keepAlive: true, maxSockets: 256 });
  let inFlight = 0;
  let closing = false;

  /**
   * CORS: the decision rests on GATEWAY_ORIGINS alone. A Host header is never evidence of
   * anything (a request can name any host), so the gateway's own origin is allowed only when
   * it is listed too; browsers send Origin on same-origin POSTs.
   */
  function cors(req: IncomingMessage, res: ServerResponse): boolean {
    const origin = req.headers.origin;
    res.setHeader('Vary', 'Origin');
    if (!origin || !config.origins.includes(origin)) return false;
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Expose-Headers', 'Retry-After, X-Cache');
    return true;
  }

  function fail(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    code: string,
    message: string,
    headers: Record<string, string> = {},
  ) {
    const { type, body } = messagesBody(wantsJson(req), code, message);
    res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers });
    res.end(body);
  }

  /**
   * The client a request is counted for. Behind a trusted load balancer: the last address of
   * X-Forwarded-For, the one the balancer itself added (whether it appends to what the client
   * sent or replaces it); anything before it came from the client and proves nothing.
   */
  function clientKey(req: IncomingMessage): string {
    if (config.trustProxy) {
      const xff = req.headers['x-forwarded-for'];
      const last = (Array.isArray(xff) ? xff.join(',') : xff)
        ?.split(',')
        .map((a) => a.trim())
        .filter(Boolean)
        .pop();
      if (last) return last;
    }
    return req.socket.remoteAddress ?? 'unknown';
  }

  function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
    return new Promise((resolve, reject) => {
      const declared = Number(req.headers['content-length'] ?? 0);
      if (declared > config.maxBodyBytes) {
        req.resume();
        resolve('too-large');
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size > config.maxBodyBytes) {
          req.removeAllListeners('data');
          req.resume();
          resolve('too-large');
        } else chunks.push(c);
      });
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', reject);
    });
  }

  function forward(
    method: string,
    url: URL,
    headers: Record<string, string>,
    body: Buffer | undefined,
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const up = transport.request(
        url,
        { method, headers, agent, timeout: config.upstreamTimeoutMs },
        (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () =>
            resolve({
              status: r.statusCode ?? 502,
              headers: r.headers,
              body: Buffer.concat(chunks),
            }),
          );
          r.on('error', reject);
        },
      );
      up.on('timeout', () =>
        up.destroy(Object.assign(new Error('upstream timeout'), { code: 'ETIMEDOUT' })),
      );
      up.on('error', reject);
      up.end(body);
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const started = process.hrtime.bigint();
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://gateway.local');
    let routeName = 'none';
    let cacheState = 'bypass';
    res.on('finish', () => {
      metrics?.request(routeName, method, res.statusCode);
      log({
        time: new Date().toISOString(),
        level: 'info',
        msg: 'request',
        method,
        route: routeName,
        status: res.statusCode,
        ms: Number(process.hrtime.bigint() - started) / 1e6,
        cache: cacheState,
      });
    });

    if (method === 'GET' && url.pathname === '/healthz') {
      routeName = 'healthz';
      res.writeHead(closing ? 503 : 200, {
        'Content-Type': 'application/json',
        'Cache-Control': 'no-store',
      });
      res.end(
        JSON.stringify({
          status: closing ? 'closing' : 'ok',
          cache: cache.kind,
          ...(cache.state ? { circuit: cache.state } : {}),
        }),
      );
      return;
    }
    const allowedOrigin = cors(req, res);
    const rest = url.pathname.startsWith(PREFIX) ? url.pathname.slice(PREFIX.length) : null;

    if (method === 'OPTIONS') {
      routeName = 'preflight';
      if (!allowedOrigin || rest === null || !pathKnown(rest)) {
        res.writeHead(403, { 'Cache-Control': 'no-store' });
        res.end();
        return;
      }
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST',
        'Access-Control-Allow-Headers': 'Accept, Accept-Language, Content-Type, Authorization',
        'Access-Control-Max-Age': '600',
      });
      res.end();
      return;
    }
    if (req.headers.origin && !allowedOrigin) {
      fail(
        req,
        res,
        403,
        'ERROR_COMMON_ACCESS_DENIED',
        'This origin is not allowed to use the gateway.',
      );
      return;
    }
    const route = rest === null ? undefined : matchRoute(method, rest);
    if (!route) {
      if (rest !== null && pathKnown(rest))
        fail(
          req,
          res,
          405,
          'ERROR_COMMON_REQUEST_METHOD_NOT_ALLOWED',
          `Method ${method} is not allowed here.`,
          { Allow: 'GET, POST' },
        );
      else
        fail(
          req,
          res,
          404,
          'ERROR_COMMON_RESOURCE_NOT_FOUND',
          'The gateway forwards only the documented operations.',
        );
      return;
    }
    routeName = route.name;
    const wait = await limiter.take(clientKey(req));
    if (wait > 0) {
      metrics?.rateLimited(route.name);
      fail(req, res, 429, 'ERROR_REQUEST_LIMIT_EXCEEDED', 'Too many requests; try again later.', {
        'Retry-After': String(wait),
      });
      return;
    }

    let body: Buffer | undefined;
    if (method === 'POST') {
      // A form-encoded body would enter the signature base string (RFC 5849 3.4.1.3) and could
      // carry oauth_* fields of its own; no operation takes one.
      if (!BODY_TYPES.test(String(req.headers['content-type'] ?? ''))) {
        req.resume();
        fail(
          req,
          res,
          415,
          'ERROR_COMMON_MEDIA_TYPE_UNSUPPORTED',
          'The request body must be application/xml or application/json.',
        );
        return;
      }
      const b = await readBody(req);
      if (b === 'too-large') {
        fail(
          req,
          res,
          413,
          'ERROR_RESOURCE_VALIDATION',
          `The request body is larger than ${config.maxBodyBytes} bytes.`,
        );
        return;
      }
      body = b;
    }

    let token: { key: string; secret: string } | undefined;
    if (route.legs === 3) {
      let tokens: Awaited<ReturnType<NonNullable<GatewayConfig['userTokens']>>>;
      try {
        tokens = config.userTokens ? await config.userTokens(req) : null;
      } catch (e) {
        logError('user-token hook failed', e);
        tokens = null;
      }
      if (!tokens || !tokens.token || !tokens.secret) {
        fail(
          req,
          res,
          401,
          'ERROR_COMMON_AUTHENTICATION_REQUIRED',
          'Sign in first: this operation needs the user’s authorisation.',
        );
        return;
      }
      token = { key: tokens.token, secret: tokens.secret };
    }

    const upstreamUrl = new URL(
      config.target + '/' + rest + canonicalQuery(withoutOAuthParams(url.searchParams)),
    );
    const accept = String(req.headers.accept ?? '');
    // Keyed by the full URL and the Accept header: the statistic answers XML or JSON from one URL.
    const cacheKey = route.cache && method === 'GET' ? `${accept}|${upstreamUrl.href}` : undefined;
    if (cacheKey) {
      const hit = await cache.get(cacheKey);
      if (hit) {
        cacheState = 'hit';
        metrics?.cache(route.name, 'hit');
        res.writeHead(hit.status, { 'Content-Type': hit.contentType, 'X-Cache': 'HIT' });
        res.end(hit.body);
        return;
      }
      cacheState = 'miss';
      metrics?.cache(route.name, 'miss');
    }

    const headers: Record<string, string> = {};
    for (const h of FORWARD_REQUEST_HEADERS) {
      const v = req.headers[h];
      if (typeof v === 'string') headers[h] = v;
    }
    if (body) headers['content-length'] = String(body.length);
    const auth = oauth.toHeader(oauth.authorize({ url: upstreamUrl.href, method }, token));
    headers.authorization = auth.Authorization;

    let upstream;
    const sent = process.hrtime.bigint();
    try {
      upstream = await forward(method, upstreamUrl, headers, body);
      metrics?.upstream(route.name, Number(process.hrtime.bigint() - sent) / 1e9);
    } catch (e) {
      metrics?.upstream(route.name, Number(process.hrtime.bigint() - sent) / 1e9);
      const timeout = (e as NodeJS.ErrnoException).code === 'ETIMEDOUT';
      logError('upstream', e);
      fail(
        req,
        res,
        timeout ? 504 : 502,
        'ERROR_COMMON_SERVICE_UNAVAILABLE',
        timeout ? 'The service did not answer in time.' : 'The service could not be reached.',
      );
      return;
    }
    const out: Record<string, string> = {};
    for (const h of FORWARD_RESPONSE_HEADERS) {
      const v = upstream.headers[h];
      if (typeof v === 'string') out[h] = v;
    }
    if (cacheKey) out['x-cache'] = 'MISS';
    res.writeHead(upstream.status, out);
    res.end(upstream.body);
    if (cacheKey && upstream.status === 200) {
      await cache.set(
        cacheKey,
        {
          status: 200,
          contentType: out['content-type'] ?? 'application/octet-stream',
          body: upstream.body,
        },
        config.cacheTtlMs,
      );
    }
  }

  const server = http.createServer((req, res) => {
    inFlight++;
    res.on('close', () => inFlight--);
    handle(req, res).catch((e) => {
      logError('unhandled', e);
      if (!res.headersSent)
        fail(req, res, 500, 'ERROR_COMMON_INTERNAL_SERVER_ERROR', 'Internal gateway error.');
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5000;

  return {
    server,
    cache,
    async listen(port = config.port, host = config.host) {
      const main = await new Promise<{ port: number; url: string }>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const addr = server.address() as { port: number };
          resolve({
            port: addr.port,
            url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${addr.port}${PREFIX.slice(0, -1)}`,
          });
        });
      });
      if (!metrics) return main;
      try {
        return {
          ...main,
          metricsUrl: await metrics.listen(config.metricsPort!, config.metricsHost ?? host),
        };
      } catch (e) {
        server.close();
        throw Object.assign(e as Error, { metrics: true });
      }
    },
    async close() {
      closing = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        const timer = setInterval(() => {
          if (inFlight === 0) server.closeIdleConnections();
        }, 50);
        server.once('close', () => clearInterval(timer));
        setTimeout(() => server.closeAllConnections(), 10_000).unref();
      });
      agent.destroy();
      await metrics?.close();
      await cache.close();
    },
  };
}
