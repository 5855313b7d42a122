/** The gateway's configuration, read from environment variables. */
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/** What the partner's hook returns for the logged-in user of a request, or null. */
export type UserTokens = { token: string; secret: string } | null;
export type UserTokenHook = (request: IncomingMessage) => Promise<UserTokens> | UserTokens;

export interface GatewayConfig {
  /** Service root including /restapi/api, e.g. https://rest.immobilienscout24.de/restapi/api. */
  target: string;
  consumerKey: string;
  consumerSecret: string;
  /** Origins allowed by CORS (exact match). */
  origins: string[];
  port: number;
  host: string;
  redisUrl?: string;
  /** Deadline of one Redis read or write, ms (default 30). */
  redisTimeoutMs?: number;
  /** While the cache circuit is open, how often a probe checks Redis, ms (default 1000). */
  redisProbeMs?: number;
  userTokens?: UserTokenHook;
  /** Requests a second per client, and the burst above it (rate-limit.ts). */
  rateLimit: number;
  rateBurst: number;
  /**
   * Instances behind the load balancer sharing one Redis (GATEWAY_INSTANCES, default 1):
   * while Redis is unreachable each counts alone with 1/instances of the limit.
   */
  instances?: number;
  /** Time to live of cached GET answers, ms; shared answers say it in Cache-Control max-age. */
  cacheTtlMs: number;
  /** What the in-memory cache may hold, bytes (default 32 MiB). */
  cacheMaxBytes?: number;
  /** Largest request body forwarded, bytes. */
  maxBodyBytes: number;
  /** Whole time an upstream exchange may take, from sending to the last byte of the answer, ms. */
  upstreamTimeoutMs: number;
  /** Largest upstream answer passed on, bytes (default 4 MiB); a larger one is a 502. */
  maxUpstreamBytes?: number;
  /**
   * Which proxies in front of the gateway are trusted to add X-Forwarded-For (proxy-addr, as
   * Express's `trust proxy`): false none (the socket's address counts), true or a number the
   * nearest that many hops, a list the addresses, subnets and names (`loopback`, `private`,
   * `10.0.0.0/8`) of the proxies.
   */
  trustProxy: boolean | number | readonly string[];
  /** Time a client has to send a request's headers, ms (default 10000). */
  headersTimeoutMs?: number;
  /** Time a client has to send a whole request, ms (default 30000). */
  requestTimeoutMs?: number;
  /** How long an idle keep-alive connection stays open, ms (default 5000). */
  keepAliveTimeoutMs?: number;
  /** Connections open at once; more are refused (default 1024). */
  maxConnections?: number;
  /**
   * Connections one client address may hold open at once; more are closed at once (default a
   * quarter of maxConnections, at most 64). Counted by the connection's peer address, so a
   * proxy trusted by `trustProxy` is not counted: it carries many visitors, and must cap
   * connections per visitor itself.
   */
  maxConnectionsPerClient?: number;
  /**
   * Refuse (403) every request without an allowed Origin, not only those with a foreign one
   * (default false: a same-origin GET carries no Origin). /healthz is exempt.
   */
  requireOrigin?: boolean;
  /**
   * Which operations refuse a request with `Sec-Fetch-Site: cross-site` and no allowed
   * Origin (an <img> or <script> on another site): `all` (default) or `user`, only those
   * signed for a user.
   */
  fetchMetadata?: 'all' | 'user';
  /** Port of the Prometheus metrics server (GET /metrics); off when undefined. 0: any free port. */
  metricsPort?: number;
  /** Where the metrics server listens (default 127.0.0.1: this machine only). */
  metricsHost?: string;
  /** Where JSON log lines go (default stdout). */
  log?: (line: Record<string, unknown>) => void;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const REQUIRED = [
  'GATEWAY_TARGET',
  'GATEWAY_CONSUMER_KEY',
  'GATEWAY_CONSUMER_SECRET',
  'GATEWAY_ORIGINS',
] as const;

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0)
    throw new ConfigError(`${name} must be a positive number, got "${raw}".`);
  return n;
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const n = positive(env, name, fallback);
  if (!Number.isInteger(n))
    throw new ConfigError(`${name} must be a whole number, got "${env[name]}".`);
  return n;
}

/**
 * GATEWAY_TRUST_PROXY: unset, `false` or `0` trusts no proxy; `true` the nearest one; a whole
 * number that many hops; anything else is a comma-separated list of proxy addresses, subnets
 * and proxy-addr's names (loopback, linklocal, uniquelocal).
 */
function trustProxyFrom(raw: string | undefined): GatewayConfig['trustProxy'] {
  const v = (raw ?? '').trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return 1;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  try {
    proxyaddr.compile(list);
  } catch (e) {
    throw new ConfigError(
      `GATEWAY_TRUST_PROXY must be true, a number of proxies or a list of proxy addresses and subnets: ${(e as Error).message}.`,
    );
  }
  return list;
}

/** The default of maxConnectionsPerClient: a quarter of the connection cap, at most 64. */
export function defaultPerClient(maxConnections: number): number {
  return Math.max(1, Math.min(64, Math.floor(maxConnections / 4)));
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = (env[name] ?? '').trim();
  if (raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  throw new ConfigError(`${name} must be true or false, got "${raw}".`);
}

/** Reads the configuration; throws ConfigError naming every missing or invalid variable. */
export async function configFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<GatewayConfig> {
  const missing = REQUIRED.filter((k) => !env[k] || !env[k]!.trim());
  if (missing.length) {
    throw new ConfigError(
      `Missing required environment variable${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}. ` +
        'GATEWAY_TARGET is the service root including /restapi/api; GATEWAY_CONSUMER_KEY and ' +
        'GATEWAY_CONSUMER_SECRET are your OAuth consumer credentials; GATEWAY_ORIGINS lists the ' +
        'origins of your site, comma-separated (e.g. https://www.example.de).',
    );
  }
  let target: URL;
  try {
    target = new URL(env.GATEWAY_TARGET!);
  } catch {
    throw new ConfigError(`GATEWAY_TARGET is not a URL: "${env.GATEWAY_TARGET}".`);
  }
  if (!/^https?:$/.test(target.protocol))
    throw new ConfigError('GATEWAY_TARGET must be an http or https URL.');
  const origins = env
    .GATEWAY_ORIGINS!.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const o of origins) {
    let u: URL;
    try {
      u = new URL(o);
    } catch {
      throw new ConfigError(`GATEWAY_ORIGINS has an entry that is not an origin: "${o}".`);
    }
    if (u.origin !== o)
      throw new ConfigError(
        `GATEWAY_ORIGINS entries are origins without path or trailing slash: "${o}" → "${u.origin}".`,
      );
  }
  let userTokens: UserTokenHook | undefined;
  if (env.GATEWAY_USER_TOKENS) {
    let mod: { default?: unknown; userTokens?: unknown };
    try {
      mod = (await import(pathToFileURL(resolve(env.GATEWAY_USER_TOKENS)).href)) as typeof mod;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      const why =
        code === 'ERR_MODULE_NOT_FOUND'
          ? 'no such file'
          : code === 'EACCES'
            ? 'permission denied'
            : code === 'EISDIR' || code === 'ERR_UNSUPPORTED_DIR_IMPORT'
              ? 'it is a folder'
              : String((e as Error)?.message ?? e).split('\n')[0];
      throw new ConfigError(
        `GATEWAY_USER_TOKENS (${env.GATEWAY_USER_TOKENS}) cannot be loaded: ${why}.`,
      );
    }
    const hook = mod.default ?? mod.userTokens;
    if (typeof hook !== 'function') {
      throw new ConfigError(
        `GATEWAY_USER_TOKENS (${env.GATEWAY_USER_TOKENS}) must export a function (default export or "userTokens").`,
      );
    }
    userTokens = hook as UserTokenHook;
  }
  const port = positive(env, 'PORT', 8080);
  if (!Number.isInteger(port) || port > 65535)
    throw new ConfigError(`PORT must be a port number, got "${env.PORT}".`);
  let metricsPort: number | undefined;
  if (env.GATEWAY_METRICS_PORT) {
    metricsPort = positive(env, 'GATEWAY_METRICS_PORT', 0);
    if (!Number.isInteger(metricsPort) || metricsPort > 65535)
      throw new ConfigError(
        `GATEWAY_METRICS_PORT must be a port number, got "${env.GATEWAY_METRICS_PORT}".`,
      );
    if (metricsPort === port)
      throw new ConfigError(
        'GATEWAY_METRICS_PORT must differ from PORT: metrics are served on a port of their own.',
      );
  }
  const maxConnections = wholeNumber(env, 'GATEWAY_MAX_CONNECTIONS', 1024);
  const maxConnectionsPerClient = wholeNumber(
    env,
    'GATEWAY_MAX_CONNECTIONS_PER_CLIENT',
    defaultPerClient(maxConnections),
  );
  if (maxConnectionsPerClient > maxConnections)
    throw new ConfigError(
      `GATEWAY_MAX_CONNECTIONS_PER_CLIENT (${maxConnectionsPerClient}) must not exceed GATEWAY_MAX_CONNECTIONS (${maxConnections}).`,
    );
  const fetchMetadata = (env.GATEWAY_FETCH_METADATA ?? '').trim() || 'all';
  if (fetchMetadata !== 'all' && fetchMetadata !== 'user')
    throw new ConfigError(`GATEWAY_FETCH_METADATA must be all or user, got "${fetchMetadata}".`);
  return {
    target: target.href.replace(/\/+$/, ''),
    consumerKey: env.GATEWAY_CONSUMER_KEY!.trim(),
    consumerSecret: env.GATEWAY_CONSUMER_SECRET!,
    origins,
    port,
    host: env.HOST || '0.0.0.0',
    redisUrl: env.REDIS_URL || undefined,
    redisTimeoutMs: positive(env, 'GATEWAY_REDIS_TIMEOUT_MS', 30),
    redisProbeMs: positive(env, 'GATEWAY_REDIS_PROBE_MS', 1000),
    userTokens,
    rateLimit: positive(env, 'GATEWAY_RATE_LIMIT', 20),
    rateBurst: positive(env, 'GATEWAY_RATE_BURST', 40),
    instances: wholeNumber(env, 'GATEWAY_INSTANCES', 1),
    cacheTtlMs: positive(env, 'GATEWAY_CACHE_TTL_SECONDS', 60) * 1000,
    cacheMaxBytes: wholeNumber(env, 'GATEWAY_CACHE_MAX_BYTES', 32 * 1024 * 1024),
    maxBodyBytes: positive(env, 'GATEWAY_MAX_BODY_BYTES', 64 * 1024),
    upstreamTimeoutMs: positive(env, 'GATEWAY_UPSTREAM_TIMEOUT_MS', 15000),
    maxUpstreamBytes: wholeNumber(env, 'GATEWAY_MAX_UPSTREAM_BYTES', 4 * 1024 * 1024),
    trustProxy: trustProxyFrom(env.GATEWAY_TRUST_PROXY),
    headersTimeoutMs: positive(env, 'GATEWAY_HEADERS_TIMEOUT_MS', 10_000),
    requestTimeoutMs: positive(env, 'GATEWAY_REQUEST_TIMEOUT_MS', 30_000),
    keepAliveTimeoutMs: positive(env, 'GATEWAY_KEEP_ALIVE_TIMEOUT_MS', 5000),
    maxConnections,
    maxConnectionsPerClient,
    requireOrigin: flag(env, 'GATEWAY_REQUIRE_ORIGIN'),
    fetchMetadata,
    metricsPort,
    metricsHost: env.GATEWAY_METRICS_HOST || '127.0.0.1',
  };
}
