import { routeOf, type Exchange, type StepDeps } from '../exchange.js';
import { clientKey } from '../clients.js';
import { fail } from '../fail.js';

/** The per-client rate limit, keyed by the address the trusted proxies report (clientKey). */
export async function limit(
  x: Exchange,
  deps: Pick<StepDeps, 'limiter' | 'clientAddress' | 'metrics'>,
): Promise<boolean> {
  const wait = await deps.limiter.take(clientKey(deps.clientAddress(x.req)));
  if (wait <= 0) return false;
  deps.metrics?.rateLimited(routeOf(x).name);
  return fail(x, 429, 'ERROR_REQUEST_LIMIT_EXCEEDED', 'Too many requests; try again later.', {
    'Retry-After': String(wait),
  });
}
