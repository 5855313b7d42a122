import type { Exchange, StepDeps } from '../exchange.js';

/** GET /healthz, for the load balancer: 503 while closing. */
export function health(x: Exchange, deps: Pick<StepDeps, 'cache' | 'closing'>): boolean {
  if (x.method !== 'GET' || x.url.pathname !== '/healthz') return false;
  x.routeName = 'healthz';
  const closing = deps.closing();
  x.res.writeHead(closing ? 503 : 200, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
  });
  x.res.end(
    JSON.stringify({
      status: closing ? 'closing' : 'ok',
      cache: deps.cache.kind,
      ...(deps.cache.state ? { circuit: deps.cache.state } : {}),
    }),
  );
  return true;
}
