/**
 * Prometheus metrics (prom-client), on a port of their own and off unless
 * GATEWAY_METRICS_PORT is set: the public port never serves them. Labels are route names
 * from the allowlist (routes.ts), methods and statuses: never a path, a query string, a
 * header or anything a visitor typed, so neither secrets nor unbounded label values can
 * reach them.
 */
import http from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { CircuitState } from './cache.js';

const METHODS = new Set(['GET', 'POST', 'OPTIONS', 'HEAD']);

export interface GatewayMetrics {
  request(route: string, method: string, status: number): void;
  upstream(route: string, seconds: number): void;
  cache(route: string, result: 'hit' | 'miss'): void;
  rateLimited(route: string): void;
  /** Serves GET /metrics on its own server; resolves with its URL. */
  listen(port: number, host: string): Promise<string>;
  close(): Promise<void>;
}

/** The path of a request target, or undefined when no URL parser takes it (`//`, `http://[/x`). */
function metricsPath(target: string | undefined): string | undefined {
  try {
    return new URL(target ?? '/', 'http://metrics.local').pathname;
  } catch {
    return undefined;
  }
}

export function createMetrics(
  circuit: () => CircuitState | undefined,
  rateLimit: () => 'shared' | 'local' | undefined = () => undefined,
): GatewayMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'gateway_requests_total',
    help: 'Requests answered, by route name (allowlist), method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const upstream = new Histogram({
    name: 'gateway_upstream_duration_seconds',
    help: 'Time from forwarding a request to the service until its answer, by route name.',
    labelNames: ['route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
    registers: [registry],
  });
  const cache = new Counter({
    name: 'gateway_cache_lookups_total',
    help: 'Cache lookups of cacheable routes, by route name and result (hit or miss).',
    labelNames: ['route', 'result'] as const,
    registers: [registry],
  });
  const limited = new Counter({
    name: 'gateway_rate_limited_total',
    help: 'Requests refused with 429 by the per-client rate limit, by route name.',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  if (circuit() !== undefined)
    new Gauge({
      name: 'gateway_cache_circuit_open',
      help: 'Shared (Redis) cache circuit: 1 open (memory only), 0 closed. Only with Redis.',
      registers: [registry],
      collect() {
        const state = circuit();
        if (state) this.set(state === 'open' ? 1 : 0);
      },
    });
  if (rateLimit() !== undefined)
    new Gauge({
      name: 'gateway_rate_limit_local',
      help: 'Per-client rate limit: 1 counted by this instance alone with its share (Redis unreachable), 0 shared through Redis. Only with Redis.',
      registers: [registry],
      collect() {
        const mode = rateLimit();
        if (mode) this.set(mode === 'local' ? 1 : 0);
      },
    });
  let server: http.Server | undefined;
  return {
    request: (route, method, status) =>
      requests.inc({
        route,
        method: METHODS.has(method) ? method : 'other',
        status: String(status),
      }),
    upstream: (route, seconds) => upstream.observe({ route }, seconds),
    cache: (route, result) => cache.inc({ route, result }),
    rateLimited: (route) => limited.inc({ route }),
    listen(port, host) {
      server = http.createServer((req, res) => {
        if (req.method !== 'GET' || metricsPath(req.url) !== '/metrics') {
          res.writeHead(404, { 'Content-Type': 'text/plain' }).end('GET /metrics\n');
          return;
        }
        registry.metrics().then(
          (text) =>
            res
              .writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' })
              .end(text),
          () => res.writeHead(500).end(),
        );
      });
      const s = server;
      return new Promise((resolve, reject) => {
        s.once('error', reject);
        s.listen(port, host, () => {
          const p = (s.address() as { port: number }).port;
          resolve(`http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${p}/metrics`);
        });
      });
    },
    async close() {
      const s = server;
      if (s) {
        const closed = new Promise((r) => s.close(r));
        s.closeAllConnections();
        await closed;
      }
      registry.clear();
    },
  };
}
