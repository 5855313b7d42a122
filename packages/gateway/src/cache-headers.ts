/** What caches between the gateway and the browser are told about an answer. */
import type { GatewayConfig } from './config.js';
import type { Route } from './routes.js';

/**
 * The request headers a shared answer depends on: the media type and language it is written
 * in, and the CORS headers, which differ by Origin.
 */
const SHARED_VARY = 'Accept, Accept-Language, Origin';

/** How long the gateway keeps a shared answer, whole seconds. */
export function ttlSeconds(config: Pick<GatewayConfig, 'cacheTtlMs'>): number {
  return Math.max(0, Math.floor(config.cacheTtlMs / 1000));
}

/**
 * Whole seconds since the service gave a cached answer, within its lifetime: the clock of
 * the instance that stored it (Redis) may differ a little from this one.
 */
export function ageSeconds(storedAt: number, now: number, ttl: number): number {
  return Math.min(ttl, Math.max(0, Math.floor((now - storedAt) / 1000)));
}

/**
 * One signed for a user is private and never stored; a shared one (two legs, 200) may be
 * kept as long as the gateway keeps it, and varies by the headers that change it; anything
 * else is not stored. A hit adds Age (cache step), so a cache after the gateway counts
 * max-age from the answer's origin, not from the hit (RFC 9111, 4.2.3).
 */
export function cacheHeaders(
  route: Route,
  method: string,
  status: number,
  ttl: number,
): Record<string, string> {
  if (route.legs === 3) return { 'Cache-Control': 'private, no-store' };
  if (method === 'GET' && status === 200 && ttl > 0)
    return { 'Cache-Control': `public, max-age=${ttl}`, Vary: SHARED_VARY };
  return { 'Cache-Control': 'no-store' };
}
