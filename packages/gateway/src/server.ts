/**
 * The partner gateway: receives the elements' requests on the partner's own origin, signs
 * them with OAuth 1.0a (HMAC-SHA1) and forwards them to the service, so that the consumer
 * secret never reaches a browser. Forwards only the documented operations (routes.ts).
 *
 * Every request goes through one pipeline of named steps (handle): target, health, origin,
 * route, limit, body, user, cache, upstream, answer. A step either answers the request and
 * ends the pipeline, or adds what it found to the exchange for the steps after it.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import { randomUUID } from 'node:crypto';
import { isIP, type Socket } from 'node:net';
import proxyaddr from 'proxy-addr';
import { defaultPerClient, type GatewayConfig } from './config.js';
import { matchRoute, pathKnown, undocumentedParams, type Route } from './routes.js';
import {
  MemoryCache,
  RedisCache,
  SharedCache,
  type CachedResponse,
  type Circuit,
  type ResponseCache,
} from './cache.js';
import { RateLimit } from './rate-limit.js';
import { createMetrics, type GatewayMetrics } from './metrics.js';
import { authorizationHeader, percentEncode } from './oauth.js';

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
/**
 * The request headers a shared answer depends on: the media type and language it is written
 * in, and the CORS headers, which differ by Origin.
 */
const SHARED_VARY = 'Accept, Accept-Language, Origin';

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

/**
 * The query as the service gets it, every name and value percent-encoded (a space as %20,
 * never +), so that the signature base string is the same for every RFC 5849 implementation.
 */
export function canonicalQuery(params: Iterable<readonly [string, string]>): string {
  const parts = [...params].map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`);
  return parts.length ? '?' + parts.join('&') : '';
}

/**
 * The rate-limit key of a client address: without a port, IPv4-mapped IPv6 (`::ffff:0:0/96`,
 * dotted or in hex) as IPv4, and any other IPv6 address by its /64 network, which one
 * household or server usually holds whole; so neither a port, nor a spelling, nor an address
 * from the same /64 makes another client.
 */
export function clientKey(address: string): string {
  let a = address.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1]!;
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(':'));
  a = a.replace(/%.*$/, '');
  const family = isIP(a);
  if (family === 4) return a;
  if (family !== 6) return a.slice(0, 64);
  const groups = ipv6Groups(a);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return (
    groups
      .slice(0, 4)
      .map((g) => g.toString(16))
      .join(':') + '::/64'
  );
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, an IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let s = address.toLowerCase();
  const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(s);
  if (v4) {
    const b = v4[1]!.split('.').map(Number) as [number, number, number, number];
    s = s.slice(0, -v4[1]!.length) + ((b[0] << 8) | b[1]).toString(16) + ':';
    s += ((b[2] << 8) | b[3]).toString(16);
  }
  const gap = s.indexOf('::');
  const head = (gap < 0 ? s : s.slice(0, gap)).split(':').filter(Boolean);
  const tail =
    gap < 0
      ? []
      : s
          .slice(gap + 2)
          .split(':')
          .filter(Boolean);
  const fill = gap < 0 ? [] : Array<string>(8 - head.length - tail.length).fill('0');
  return [...head, ...fill, ...tail].map((g) => parseInt(g, 16));
}

/**
 * Closes a client's connection at once when it would hold more than `max` open: one client
 * cannot take the slots of server.maxConnections from every other. A client is the
 * connection's peer address (clientKey); at the socket no header has been read, so behind a
 * trusted proxy that is the proxy, which carries many visitors and is not capped here (the
 * proxy caps its own clients, docs/gateway.md).
 */
function capPerClient(
  server: http.Server,
  max: number,
  trusted: (addr: string, i: number) => boolean,
): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || trusted(address, 0)) return;
    const key = clientKey(address);
    const n = (open.get(key) ?? 0) + 1;
    if (n > max) {
      socket.destroy();
      return;
    }
    open.set(key, n);
    socket.once('close', () => {
      const left = open.get(key)! - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}

/** Whether a request announces a body that has not been read to its end. */
export function unreadBody(req: IncomingMessage): boolean {
  return (
    !req.complete &&
    (req.headers['transfer-encoding'] !== undefined ||
      Number(req.headers['content-length'] ?? 0) > 0)
  );
}

/** A URL with any user name and password in it replaced, for log lines. */
export function redactUrl(href: string): string {
  try {
    const u = new URL(href);
    if (u.username) u.username = 'REDACTED';
    if (u.password) u.password = 'REDACTED';
    return u.href;
  } catch {
    return '(not a URL)';
  }
}

/** What kind of error `e` is, for a log line that must not carry its message. */
function errorKind(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code)) return code;
  if (e instanceof Error) return /^\w{1,40}$/.test(e.name) ? e.name : 'Error';
  return typeof e;
}

/** The language tag a cached answer is kept and asked for under: the first one named, primary subtag. */
function primaryLanguage(header: string | string[] | undefined): string | undefined {
  const first = String(header ?? '')
    .split(',')[0]!
    .trim()
    .toLowerCase();
  const m = /^([a-z]{2,3})(?:-|;|$)/.exec(first);
  return m ? m[1] : undefined;
}

/** One request on its way through the pipeline: what the steps found so far. */
interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  id: string;
  method: string;
  url: URL;
  /** The path below PREFIX, or null when the request is not for the service. */
  rest: string | null;
  allowedOrigin: boolean;
  route: Route;
  /** The documented query parameters, decoded, in their order. */
  query: [string, string][];
  body?: Buffer;
  token?: { key: string; secret: string };
  /** The request headers the service gets, without Authorization (signed per attempt). */
  headers: Record<string, string>;
  cacheKey?: string;
  upstream?: { status: number; headers: http.IncomingHttpHeaders; body: Buffer };
  /** For the log line and the metrics. */
  routeName: string;
  cacheState: 'bypass' | 'hit' | 'miss';
}

/** A step of the pipeline: true when it has answered the request. */
type Step = (x: Exchange) => boolean | Promise<boolean>;

export async function createGateway(
  config: GatewayConfig,
  options: { cache?: ResponseCache } = {},
): Promise<Gateway> {
  const log =
    config.log ??
    ((line: Record<string, unknown>) => process.stdout.write(JSON.stringify(line) + '\n'));
  /** Error lines carry the kind of error and the request id, never its message. */
  const logError = (msg: string, e: unknown, id?: string) =>
    log({
      time: new Date().toISOString(),
      level: 'error',
      msg,
      error: errorKind(e),
      ...(id ? { id } : {}),
    });
  const logCircuit = (state: string, reason: string) =>
    log({
      time: new Date().toISOString(),
      level: state === 'open' ? 'warn' : 'info',
      msg: `cache circuit ${state}`,
      reason,
    });
  const memory = () => new MemoryCache({ maxBytes: config.cacheMaxBytes });
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
    const shared = new SharedCache(
      redis,
      { timeoutMs, probeMs, failures: 3, startOpen: !connected, onStateChange: logCircuit },
      memory(),
    );
    cache = shared;
    sharedRedis = { client: redis.client, circuit: shared.circuit };
    if (!connected)
      logCircuit(
        'open',
        'Redis was not reachable at start-up; serving from memory until a probe finds it',
      );
  } else cache = memory();
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
  const consumer = { key: config.consumerKey, secret: config.consumerSecret };
  const target = new URL(config.target);
  const transport = target.protocol === 'https:' ? https : http;
  const agent = new transport.Agent({ keepAlive: true, maxSockets: 256 });
  const ttlSeconds = Math.max(0, Math.floor(config.cacheTtlMs / 1000));
  const maxUpstreamBytes = config.maxUpstreamBytes ?? 4 * 1024 * 1024;
  const trust = config.trustProxy;
  const trusted: (addr: string, i: number) => boolean =
    trust === false
      ? () => false
      : typeof trust === 'number' || trust === true
        ? (_addr, i) => i < Number(trust)
        : proxyaddr.compile([...trust]);
  let inFlight = 0;
  let closing = false;

  /**
   * Answers with an error in the service's shape. When the request's body has not been read
   * (refused before it, or too large), the connection is closed after the answer: the rest
   * of the body is never read, and the connection carries no further request.
   */
  function fail(
    x: Pick<Exchange, 'req' | 'res'>,
    status: number,
    code: string,
    message: string,
    headers: Record<string, string> = {},
  ): true {
    const { type, body } = messagesBody(wantsJson(x.req), code, message);
    const unread = unreadBody(x.req);
    if (unread) x.req.pause();
    x.res.writeHead(status, {
      'Content-Type': type,
      'Cache-Control': 'no-store',
      ...headers,
      ...(unread ? { Connection: 'close' } : {}),
    });
    x.res.end(body);
    return true;
  }

  /** The request body; 'aborted' when the client went away before its end (ECONNRESET). */
  function readBody(req: IncomingMessage): Promise<Buffer | 'too-large' | 'aborted'> {
    return new Promise((resolve) => {
      const declared = Number(req.headers['content-length'] ?? 0);
      if (declared > config.maxBodyBytes) {
        resolve('too-large');
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size > config.maxBodyBytes) {
          req.removeAllListeners('data');
          req.pause();
          resolve('too-large');
        } else chunks.push(c);
      });
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', () => resolve('aborted'));
    });
  }

  /**
   * One upstream exchange with a total deadline (`upstreamTimeoutMs`, from sending to the last
   * byte, not an idle timeout) and a size cap on the answer (`maxUpstreamBytes`). A GET whose
   * kept-alive connection the service had just closed (ECONNRESET before any answer) is sent
   * once more on a new one, newly signed, within the same deadline: the service never saw it.
   */
  function forward(
    method: string,
    url: URL,
    headers: () => Record<string, string>,
    body: Buffer | undefined,
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
    const deadline = Date.now() + config.upstreamTimeoutMs;
    const attempt = (
      retry: boolean,
    ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> =>
      new Promise((resolve, reject) => {
        let answered = false;
        const up = transport.request(url, { method, headers: headers(), agent }, (r) => {
          answered = true;
          const declared = Number(r.headers['content-length']);
          if (declared > maxUpstreamBytes) {
            up.destroy(Object.assign(new Error('upstream answer too large'), { code: 'ETOOBIG' }));
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          r.on('data', (c: Buffer) => {
            size += c.length;
            if (size > maxUpstreamBytes)
              up.destroy(
                Object.assign(new Error('upstream answer too large'), { code: 'ETOOBIG' }),
              );
            else chunks.push(c);
          });
          r.on('end', () =>
            resolve({
              status: r.statusCode ?? 502,
              headers: r.headers,
              body: Buffer.concat(chunks),
            }),
          );
          r.on('error', reject);
        });
        const timer = setTimeout(
          () => up.destroy(Object.assign(new Error('upstream timeout'), { code: 'ETIMEDOUT' })),
          Math.max(0, deadline - Date.now()),
        );
        up.on('close', () => clearTimeout(timer));
        up.on('error', (e: NodeJS.ErrnoException) => {
          if (retry && !answered && up.reusedSocket && e.code === 'ECONNRESET')
            attempt(false).then(resolve, reject);
          else reject(e);
        });
        up.end(body);
      });
    return attempt(method === 'GET');
  }

  // The steps of the pipeline, in order.

  /** GET /healthz, for the load balancer: 503 while closing. */
  const health: Step = (x) => {
    if (x.method !== 'GET' || x.url.pathname !== '/healthz') return false;
    x.routeName = 'healthz';
    x.res.writeHead(closing ? 503 : 200, {
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
    });
    x.res.end(
      JSON.stringify({
        status: closing ? 'closing' : 'ok',
        cache: cache.kind,
        ...(cache.state ? { circuit: cache.state } : {}),
      }),
    );
    return true;
  };

  /**
   * CORS: the decision rests on GATEWAY_ORIGINS alone. A Host header is never evidence of
   * anything (a request can name any host), so the gateway's own origin is allowed only when
   * it is listed too; browsers send Origin on same-origin POSTs. Preflights end here. With
   * `requireOrigin`, a request without Origin is refused too (a same-origin GET has none, so
   * it is off by default).
   */
  const origin: Step = (x) => {
    const o = x.req.headers.origin;
    x.res.setHeader('Vary', 'Origin');
    x.allowedOrigin = !!o && config.origins.includes(o);
    if (x.allowedOrigin) {
      x.res.setHeader('Access-Control-Allow-Origin', o!);
      x.res.setHeader('Access-Control-Allow-Credentials', 'true');
      x.res.setHeader('Access-Control-Expose-Headers', 'Retry-After, X-Cache');
    }
    if (x.method === 'OPTIONS') {
      x.routeName = 'preflight';
      if (!x.allowedOrigin || x.rest === null || !pathKnown(x.rest)) {
        x.res.writeHead(403, { 'Cache-Control': 'no-store' });
      } else {
        x.res.writeHead(204, {
          'Access-Control-Allow-Methods': 'GET, POST',
          'Access-Control-Allow-Headers': 'Accept, Accept-Language, Content-Type, Authorization',
          'Access-Control-Max-Age': '600',
        });
      }
      x.res.end();
      return true;
    }
    if (o && !x.allowedOrigin)
      return fail(
        x,
        403,
        'ERROR_COMMON_ACCESS_DENIED',
        'This origin is not allowed to use the gateway.',
      );
    if (config.requireOrigin && !x.allowedOrigin)
      return fail(
        x,
        403,
        'ERROR_COMMON_ACCESS_DENIED',
        'Requests need an allowed Origin (GATEWAY_REQUIRE_ORIGIN).',
      );
    return false;
  };

  /**
   * The allowlisted operation, its documented query parameters and Fetch Metadata: a
   * cross-site request without an allowed Origin (an <img> or <script> on another site,
   * carrying the visitor's cookie and spending the partner's quota) is refused before it
   * runs; on every operation, or with `fetchMetadata: 'user'` on those signed for a user.
   * The elements' own requests are CORS requests and carry their Origin.
   */
  const route: Step = (x) => {
    const r = x.rest === null ? undefined : matchRoute(x.method, x.rest);
    if (!r) {
      if (x.rest !== null && pathKnown(x.rest))
        return fail(
          x,
          405,
          'ERROR_COMMON_REQUEST_METHOD_NOT_ALLOWED',
          `Method ${x.method} is not allowed here.`,
          { Allow: 'GET, POST' },
        );
      return fail(
        x,
        404,
        'ERROR_COMMON_RESOURCE_NOT_FOUND',
        'The gateway forwards only the documented operations.',
      );
    }
    x.route = r;
    x.routeName = r.name;
    if (
      (r.legs === 3 || config.fetchMetadata !== 'user') &&
      x.req.headers['sec-fetch-site'] === 'cross-site' &&
      !x.allowedOrigin
    )
      return fail(
        x,
        403,
        'ERROR_COMMON_ACCESS_DENIED',
        'Requests from other sites need an allowed Origin for this operation.',
      );
    x.query = [...withoutOAuthParams(x.url.searchParams)];
    const unknown = undocumentedParams(r, x.query);
    if (unknown.length)
      return fail(
        x,
        400,
        'ERROR_COMMON_BAD_REQUEST',
        `This operation takes no parameter ${unknown.map((n) => JSON.stringify(n.slice(0, 40))).join(', ')}; it takes ${r.params.length ? r.params.join(', ') : 'none'}.`,
      );
    return false;
  };

  /** The per-client rate limit, keyed by the address proxy-addr trusts (clientKey). */
  const limit: Step = async (x) => {
    const wait = await limiter.take(clientKey(proxyaddr(x.req, trusted)));
    if (wait <= 0) return false;
    metrics?.rateLimited(x.route.name);
    return fail(x, 429, 'ERROR_REQUEST_LIMIT_EXCEEDED', 'Too many requests; try again later.', {
      'Retry-After': String(wait),
    });
  };

  const body: Step = async (x) => {
    if (x.method !== 'POST') return false;
    // A form-encoded body would enter the signature base string (RFC 5849 3.4.1.3) and could
    // carry oauth_* fields of its own; no operation takes one.
    if (!BODY_TYPES.test(String(x.req.headers['content-type'] ?? '')))
      return fail(
        x,
        415,
        'ERROR_COMMON_MEDIA_TYPE_UNSUPPORTED',
        'The request body must be application/xml or application/json.',
      );
    const b = await readBody(x.req);
    if (b === 'aborted') {
      // nobody is left to answer: the connection ends without one
      x.res.destroy();
      return true;
    }
    if (b === 'too-large')
      return fail(
        x,
        413,
        'ERROR_RESOURCE_VALIDATION',
        `The request body is larger than ${config.maxBodyBytes} bytes.`,
      );
    x.body = b;
    return false;
  };

  /** The logged-in user's access token, for operations signed for a user. */
  const user: Step = async (x) => {
    if (x.route.legs !== 3) return false;
    let tokens: Awaited<ReturnType<NonNullable<GatewayConfig['userTokens']>>>;
    try {
      tokens = config.userTokens ? await config.userTokens(x.req) : null;
    } catch (e) {
      logError('user-token hook failed', e, x.id);
      tokens = null;
    }
    if (!tokens || !tokens.token || !tokens.secret)
      return fail(
        x,
        401,
        'ERROR_COMMON_AUTHENTICATION_REQUIRED',
        'Sign in first: this operation needs the user’s authorisation.',
      );
    x.token = { key: tokens.token, secret: tokens.secret };
    return false;
  };

  /**
   * The request headers the service gets; and, for a shared GET, the cache. A cached answer
   * is keyed by what changes it: the operation, its documented parameters, the media type
   * (XML or JSON) and the language asked for. Both are sent to the service in the form they
   * are keyed by, so the answer kept is the answer to the key.
   */
  const lookup: Step = async (x) => {
    for (const h of FORWARD_REQUEST_HEADERS) {
      const v = x.req.headers[h];
      if (typeof v === 'string') x.headers[h] = v;
    }
    if (x.body) x.headers['content-length'] = String(x.body.length);
    if (!x.route.cache || x.method !== 'GET') return false;
    const format = wantsJson(x.req) ? 'application/json' : 'application/xml';
    const language = primaryLanguage(x.req.headers['accept-language']);
    x.headers.accept = format;
    if (language) x.headers['accept-language'] = language;
    else delete x.headers['accept-language'];
    x.cacheKey = `${x.route.name}|${format}|${language ?? ''}|${x.rest}${canonicalQuery(x.query)}`;
    const hit = await cache.get(x.cacheKey);
    x.cacheState = hit ? 'hit' : 'miss';
    metrics?.cache(x.route.name, x.cacheState);
    if (!hit) return false;
    x.res.writeHead(hit.status, {
      'Content-Type': hit.contentType,
      ...(hit.contentLanguage ? { 'Content-Language': hit.contentLanguage } : {}),
      'X-Cache': 'HIT',
      ...cacheHeaders(x, hit.status),
      ...(hit.storedAt !== undefined ? { Age: String(ageSeconds(hit.storedAt)) } : {}),
    });
    x.res.end(hit.body);
    return true;
  };

  /** Signs the request (two or three legs) and sends it; 502 or 504 when that fails. */
  const upstream: Step = async (x) => {
    const url = new URL(config.target + '/' + x.rest + canonicalQuery(x.query));
    const signed = () => ({
      ...x.headers,
      authorization: authorizationHeader({
        method: x.method,
        url,
        query: x.query,
        consumer,
        token: x.token,
      }),
    });
    const sent = process.hrtime.bigint();
    try {
      x.upstream = await forward(x.method, url, signed, x.body);
      return false;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      logError('upstream', e, x.id);
      if (code === 'ETIMEDOUT')
        return fail(
          x,
          504,
          'ERROR_COMMON_SERVICE_UNAVAILABLE',
          'The service did not answer in time.',
        );
      return fail(
        x,
        502,
        'ERROR_COMMON_SERVICE_UNAVAILABLE',
        code === 'ETOOBIG'
          ? 'The service’s answer was too large.'
          : 'The service could not be reached.',
      );
    } finally {
      metrics?.upstream(x.route.name, Number(process.hrtime.bigint() - sent) / 1e9);
    }
  };

  /**
   * Whole seconds since the service gave a cached answer, within its lifetime: the clock of
   * the instance that stored it (Redis) may differ a little from this one.
   */
  function ageSeconds(storedAt: number): number {
    return Math.min(ttlSeconds, Math.max(0, Math.floor((Date.now() - storedAt) / 1000)));
  }

  /**
   * What caches between the gateway and the browser may do with an answer: one signed for a
   * user is private and never stored; a shared one (two legs, 200) may be kept as long as the
   * gateway keeps it, and varies by the headers that change it; anything else is not stored.
   * A hit adds Age (lookup), so a cache after the gateway counts max-age from the answer's
   * origin, not from the hit (RFC 9111, 4.2.3).
   */
  function cacheHeaders(x: Exchange, status: number): Record<string, string> {
    if (x.route.legs === 3) return { 'Cache-Control': 'private, no-store' };
    if (x.method === 'GET' && status === 200 && ttlSeconds > 0)
      return { 'Cache-Control': `public, max-age=${ttlSeconds}`, Vary: SHARED_VARY };
    return { 'Cache-Control': 'no-store' };
  }

  /** Passes the service's answer on, and keeps a shared 200 in the cache. */
  const answer: Step = async (x) => {
    const up = x.upstream!;
    const out: Record<string, string> = {};
    for (const h of FORWARD_RESPONSE_HEADERS) {
      const v = up.headers[h];
      if (typeof v === 'string') out[h] = v;
    }
    if (x.cacheKey) out['x-cache'] = 'MISS';
    x.res.writeHead(up.status, { ...out, ...cacheHeaders(x, up.status) });
    x.res.end(up.body);
    if (x.cacheKey && up.status === 200) {
      const entry: CachedResponse = {
        status: 200,
        contentType: out['content-type'] ?? 'application/octet-stream',
        ...(out['content-language'] ? { contentLanguage: out['content-language'] } : {}),
        body: up.body,
        storedAt: Date.now(),
      };
      await cache.set(x.cacheKey, entry, config.cacheTtlMs);
    }
    return true;
  };

  const PIPELINE: Step[] = [health, origin, route, limit, body, user, lookup, upstream, answer];

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const started = process.hrtime.bigint();
    const id = randomUUID();
    const method = req.method ?? 'GET';
    const x = { req, res, id, method, routeName: 'none', cacheState: 'bypass' } as Exchange;
    x.headers = {};
    res.setHeader('X-Request-Id', id);
    res.on('finish', () => {
      metrics?.request(x.routeName, method, res.statusCode);
      log({
        time: new Date().toISOString(),
        level: 'info',
        msg: 'request',
        id,
        method,
        route: x.routeName,
        status: res.statusCode,
        ms: Number(process.hrtime.bigint() - started) / 1e6,
        cache: x.cacheState,
      });
    });
    try {
      x.url = new URL(req.url ?? '/', 'http://gateway.local');
    } catch {
      // e.g. `GET http://[/x`: a request target no URL parser takes
      log({ time: new Date().toISOString(), level: 'warn', msg: 'bad request target', id });
      fail(x, 400, 'ERROR_COMMON_BAD_REQUEST', 'The request target is not a valid URL.');
      return;
    }
    x.rest = x.url.pathname.startsWith(PREFIX) ? x.url.pathname.slice(PREFIX.length) : null;
    for (const step of PIPELINE) if (await step(x)) return;
  }

  const server = http.createServer(
    {
      headersTimeout: config.headersTimeoutMs ?? 10_000,
      requestTimeout: config.requestTimeoutMs ?? 30_000,
      keepAliveTimeout: config.keepAliveTimeoutMs ?? 5000,
      // how often the two timeouts above are checked: often enough for short ones
      connectionsCheckingInterval: Math.min(1000, (config.headersTimeoutMs ?? 10_000) / 2),
    },
    (req, res) => {
      inFlight++;
      res.on('close', () => inFlight--);
      handle(req, res).catch((e) => {
        logError('unhandled', e, res.getHeader('X-Request-Id') as string | undefined);
        if (!res.headersSent)
          fail({ req, res }, 500, 'ERROR_COMMON_INTERNAL_SERVER_ERROR', 'Internal gateway error.');
        else res.destroy();
      });
    },
  );
  server.maxConnections = config.maxConnections ?? 1024;
  capPerClient(
    server,
    config.maxConnectionsPerClient ?? defaultPerClient(server.maxConnections),
    trusted,
  );

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
          metricsUrl: await metrics.listen(config.metricsPort!, config.metricsHost ?? '127.0.0.1'),
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
