import { routeOf, type Exchange, type StepDeps } from '../exchange.js';
import { ageSeconds, cacheHeaders, ttlSeconds } from '../cache-headers.js';
import { wantsJson } from '../fail.js';
import { canonicalQuery } from '../query.js';

/**
 * Request headers passed on to the service: an allowlist, so every credential-bearing header
 * (Authorization, Proxy-Authorization, Cookie, X-Api-Key, X-Auth-Token, …), every hop-by-hop
 * and forwarding header and anything else a browser or a script adds is dropped. The only
 * credential the service sees is the gateway's own OAuth signature.
 */
const FORWARD_REQUEST_HEADERS = ['accept', 'accept-language', 'content-type'];

/** The language tag a cached answer is kept and asked for under: the first one named, primary subtag. */
export function primaryLanguage(header: string | string[] | undefined): string | undefined {
  const first = String(header ?? '')
    .split(',')[0]!
    .trim()
    .toLowerCase();
  const m = /^([a-z]{2,3})(?:-|;|$)/.exec(first);
  return m ? m[1] : undefined;
}

/**
 * The request headers the service gets; and, for a shared GET, the cache. A cached answer
 * is keyed by what changes it: the operation, its documented parameters, the media type
 * (XML or JSON) and the language asked for. Both are sent to the service in the form they
 * are keyed by, so the answer kept is the answer to the key.
 */
export async function cache(
  x: Exchange,
  deps: Pick<StepDeps, 'config' | 'cache' | 'metrics' | 'now'>,
): Promise<boolean> {
  const r = routeOf(x);
  for (const h of FORWARD_REQUEST_HEADERS) {
    const v = x.req.headers[h];
    if (typeof v === 'string') x.headers[h] = v;
  }
  if (x.body) x.headers['content-length'] = String(x.body.length);
  if (!r.cache || x.method !== 'GET') return false;
  const format = wantsJson(x.req) ? 'application/json' : 'application/xml';
  const language = primaryLanguage(x.req.headers['accept-language']);
  x.headers.accept = format;
  if (language) x.headers['accept-language'] = language;
  else delete x.headers['accept-language'];
  x.cacheKey = `${r.name}|${format}|${language ?? ''}|${x.rest}${canonicalQuery(x.query)}`;
  const hit = await deps.cache.get(x.cacheKey);
  x.cacheState = hit ? 'hit' : 'miss';
  deps.metrics?.cache(r.name, x.cacheState);
  if (!hit) return false;
  const ttl = ttlSeconds(deps.config);
  x.res.writeHead(hit.status, {
    'Content-Type': hit.contentType,
    ...(hit.contentLanguage ? { 'Content-Language': hit.contentLanguage } : {}),
    'X-Cache': 'HIT',
    ...cacheHeaders(r, x.method, hit.status, ttl),
    ...(hit.storedAt !== undefined
      ? { Age: String(ageSeconds(hit.storedAt, deps.now(), ttl)) }
      : {}),
  });
  x.res.end(hit.body);
  return true;
}
