import type { CachedResponse } from '../cache.js';
import { cacheHeaders, ttlSeconds } from '../cache-headers.js';
import { routeOf, type Exchange, type StepDeps } from '../exchange.js';

/** Response headers passed back to the browser. */
const FORWARD_RESPONSE_HEADERS = ['content-type', 'retry-after', 'location', 'content-language'];

/** Passes the service's answer on, and keeps a shared 200 in the cache. */
export async function answer(
  x: Exchange,
  deps: Pick<StepDeps, 'config' | 'cache' | 'now'>,
): Promise<boolean> {
  const up = x.upstream;
  if (!up) throw new Error('the answer step ran before the upstream step');
  const out: Record<string, string> = {};
  for (const h of FORWARD_RESPONSE_HEADERS) {
    const v = up.headers[h];
    if (typeof v === 'string') out[h] = v;
  }
  if (x.cacheKey) out['x-cache'] = 'MISS';
  x.res.writeHead(up.status, {
    ...out,
    ...cacheHeaders(routeOf(x), x.method, up.status, ttlSeconds(deps.config)),
  });
  x.res.end(up.body);
  if (x.cacheKey && up.status === 200) {
    const entry: CachedResponse = {
      status: 200,
      contentType: out['content-type'] ?? 'application/octet-stream',
      ...(out['content-language'] ? { contentLanguage: out['content-language'] } : {}),
      body: up.body,
      storedAt: deps.now(),
    };
    await deps.cache.set(x.cacheKey, entry, deps.config.cacheTtlMs);
  }
  return true;
}
