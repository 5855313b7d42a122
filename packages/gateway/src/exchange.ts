/**
 * One request on its way through the gateway's pipeline, and what every step is given. The
 * exchange has its whole shape from the start: what no step has found yet is null, so a
 * step can be fed a hand-made exchange and its deps in a test.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { GatewayConfig } from './config.js';
import type { ResponseCache } from './cache.js';
import type { GatewayMetrics } from './metrics.js';
import type { Route } from './routes.js';
import type { Log } from './log.js';
import type { UpstreamClient } from './upstream-client.js';

export const PREFIX = '/restapi/api/';

/** The service's answer, read whole. */
export interface UpstreamAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface Exchange {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly id: string;
  readonly method: string;
  readonly url: URL;
  /** The path below PREFIX, or null when the request is not for the service. */
  readonly rest: string | null;
  allowedOrigin: boolean;
  /** The operation (route step); every step after it can rely on it (routeOf). */
  route: Route | null;
  /** The documented query parameters, decoded, in their order. */
  query: [string, string][];
  body: Buffer | null;
  /** The logged-in user's access token, for operations signed for a user. */
  token: { key: string; secret: string } | null;
  /** The request headers the service gets, without Authorization (signed per attempt). */
  headers: Record<string, string>;
  /** The shared cache's key, for a GET whose answer may be shared. */
  cacheKey: string | null;
  upstream: UpstreamAnswer | null;
  /** For the log line and the metrics. */
  routeName: string;
  cacheState: 'bypass' | 'hit' | 'miss';
}

/** What the steps work with: passed in, so that a test can hand each step fakes. */
export interface StepDeps {
  config: GatewayConfig;
  cache: Pick<ResponseCache, 'get' | 'set' | 'kind' | 'state'>;
  limiter: { take(key: string): Promise<number> };
  upstream: UpstreamClient;
  metrics: Pick<GatewayMetrics, 'upstream' | 'cache' | 'rateLimited'> | undefined;
  log: Log;
  /** Milliseconds since the epoch: when an answer is stored, and its Age on a hit. */
  now(): number;
  /** The client's address as the trusted proxies report it. */
  clientAddress(req: IncomingMessage): string;
  /** Whether the gateway is shutting down (health answers 503). */
  closing(): boolean;
}

/** A step of the pipeline: true when it has answered the request, which ends the pipeline. */
export type Step = (x: Exchange, deps: StepDeps) => boolean | Promise<boolean>;

export function createExchange(
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  url: URL,
): Exchange {
  return {
    req,
    res,
    id,
    method: req.method ?? 'GET',
    url,
    rest: url.pathname.startsWith(PREFIX) ? url.pathname.slice(PREFIX.length) : null,
    allowedOrigin: false,
    route: null,
    query: [],
    body: null,
    token: null,
    headers: {},
    cacheKey: null,
    upstream: null,
    routeName: 'none',
    cacheState: 'bypass',
  };
}

/**
 * The exchange's operation. The route step answers every request it finds none for, so a
 * step after it that finds none is run out of order: a programming error, answered with 500.
 */
export function routeOf(x: Exchange): Route {
  if (!x.route) throw new Error('a step that needs the route ran before the route step');
  return x.route;
}
