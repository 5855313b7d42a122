import type { Exchange, StepDeps } from '../exchange.js';
import { fail } from '../fail.js';
import { pathKnown } from '../routes.js';

/**
 * CORS: the decision rests on GATEWAY_ORIGINS alone. A Host header is never evidence of
 * anything (a request can name any host), so the gateway's own origin is allowed only when
 * it is listed too; browsers send Origin on same-origin POSTs. Preflights end here. With
 * `requireOrigin`, a request without Origin is refused too (a same-origin GET has none, so
 * it is off by default).
 */
export function origin(x: Exchange, deps: Pick<StepDeps, 'config'>): boolean {
  const o = x.req.headers.origin;
  x.res.setHeader('Vary', 'Origin');
  x.allowedOrigin = !!o && deps.config.origins.includes(o);
  if (o && x.allowedOrigin) {
    x.res.setHeader('Access-Control-Allow-Origin', o);
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
  if (deps.config.requireOrigin && !x.allowedOrigin)
    return fail(
      x,
      403,
      'ERROR_COMMON_ACCESS_DENIED',
      'Requests need an allowed Origin (GATEWAY_REQUIRE_ORIGIN).',
    );
  return false;
}
