/**
 * The partner gateway: receives the elements' requests on the partner's own origin, signs
 * them with OAuth 1.0a (HMAC-SHA1) and forwards them to the service, so that the consumer
 * secret never reaches a browser. Forwards only the documented operations (routes.ts).
 *
 * createGateway builds what the steps need (cache, rate limit, upstream client, log,
 * metrics) and runs every request through the pipeline of steps/ (health, origin, route,
 * limit, body, user, cache, upstream, answer), each a function of the exchange and those
 * deps.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import proxyaddr from 'proxy-addr';
import { defaultPerClient, type GatewayConfig } from './config.js';
import { MemoryCache, RedisCache, SharedCache, type Circuit, type ResponseCache } from './cache.js';
import { RateLimit } from './rate-limit.js';
import { createMetrics, type GatewayMetrics } from './metrics.js';
import { capPerClient } from './clients.js';
import { createExchange, PREFIX, type Step, type StepDeps } from './exchange.js';
import { fail } from './fail.js';
import { logError, stdoutLog } from './log.js';
import { health } from './steps/health.js';
import { origin } from './steps/origin.js';
import { route } from './steps/route.js';
import { limit } from './steps/limit.js';
import { body } from './steps/body.js';
import { user } from './steps/user.js';
import { cache as cached } from './steps/cache.js';
import { upstream } from './steps/upstream.js';
import { answer } from './steps/answer.js';
import { createUpstreamClient } from './upstream-client.js';

export { PREFIX } from './exchange.js';
export { clientKey } from './clients.js';
export { messagesBody, unreadBody } from './fail.js';
export { redactUrl } from './log.js';
export { canonicalQuery, withoutOAuthParams } from './query.js';

/**
 * The steps every request meets, in order. Each either answers the request (true), which
 * ends the pipeline, or adds what it found to the exchange for the steps after it.
 */
export const PIPELINE: readonly Step[] = [
  health,
  origin,
  route,
  limit,
  body,
  user,
  cached,
  upstream,
  answer,
];

export interface Gateway {
  server: http.Server;
  cache: ResponseCache;
  /** Starts the gateway, and its metrics server when `metricsPort` is configured. */
  listen(port?: number, host?: string): Promise<{ port: number; url: string; metricsUrl?: string }>;
  /** Stops accepting connections, finishes the requests in flight, then closes the cache. */
  close(): Promise<void>;
}

/** The request target as a URL, or null when no URL parser takes it (`GET http://[/x`). */
function requestUrl(target: string | undefined): URL | null {
  try {
    return new URL(target ?? '/', 'http://gateway.local');
  } catch {
    return null;
  }
}

export async function createGateway(
  config: GatewayConfig,
  options: { cache?: ResponseCache } = {},
): Promise<Gateway> {
  const log = config.log ?? stdoutLog;
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
  const trust = config.trustProxy;
  const trusted: (addr: string, i: number) => boolean =
    trust === false
      ? () => false
      : typeof trust === 'number' || trust === true
        ? (_addr, i) => i < Number(trust)
        : proxyaddr.compile([...trust]);
  const client = createUpstreamClient(config);
  let inFlight = 0;
  let closing = false;
  const deps: StepDeps = {
    config,
    cache,
    limiter,
    upstream: client,
    metrics,
    log,
    now: () => Date.now(),
    clientAddress: (req) => proxyaddr(req, trusted),
    closing: () => closing,
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const started = process.hrtime.bigint();
    const id = randomUUID();
    const method = req.method ?? 'GET';
    const url = requestUrl(req.url);
    const x = url ? createExchange(req, res, id, url) : undefined;
    res.setHeader('X-Request-Id', id);
    res.on('finish', () => {
      metrics?.request(x?.routeName ?? 'none', method, res.statusCode);
      log({
        time: new Date().toISOString(),
        level: 'info',
        msg: 'request',
        id,
        method,
        route: x?.routeName ?? 'none',
        status: res.statusCode,
        ms: Number(process.hrtime.bigint() - started) / 1e6,
        cache: x?.cacheState ?? 'bypass',
      });
    });
    if (!x) {
      log({ time: new Date().toISOString(), level: 'warn', msg: 'bad request target', id });
      fail({ req, res }, 400, 'ERROR_COMMON_BAD_REQUEST', 'The request target is not a valid URL.');
      return;
    }
    for (const step of PIPELINE) if (await step(x, deps)) return;
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
        logError(log, 'unhandled', e, res.getHeader('X-Request-Id') as string | undefined);
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
      client.close();
      await metrics?.close();
      await cache.close();
    },
  };
}
