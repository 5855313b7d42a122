import type { Exchange, StepDeps } from '../exchange.js';
import { fail } from '../fail.js';
import { withoutOAuthParams } from '../query.js';
import { matchRoute, pathKnown, undocumentedParams } from '../routes.js';

/**
 * The allowlisted operation, its documented query parameters and Fetch Metadata: a
 * cross-site request without an allowed Origin (an <img> or <script> on another site,
 * carrying the visitor's cookie and spending the partner's quota) is refused before it
 * runs; on every operation, or with `fetchMetadata: 'user'` on those signed for a user.
 * The elements' own requests are CORS requests and carry their Origin.
 */
export function route(x: Exchange, deps: Pick<StepDeps, 'config'>): boolean {
  const r = x.rest === null ? undefined : matchRoute(x.method, x.rest);
  if (!r) {
    if (x.rest !== null && pathKnown(x.rest))
      return fail(
        x,
        405,
        'ERROR_COMMON_REQUEST_METHOD_NOT_ALLOWED',
        `Method ${x.method} is not allowed here.`,
        { Allow: 'GET, POST' },
      );
    return fail(
      x,
      404,
      'ERROR_COMMON_RESOURCE_NOT_FOUND',
      'The gateway forwards only the documented operations.',
    );
  }
  x.route = r;
  x.routeName = r.name;
  if (
    (r.legs === 3 || deps.config.fetchMetadata !== 'user') &&
    x.req.headers['sec-fetch-site'] === 'cross-site' &&
    !x.allowedOrigin
  )
    return fail(
      x,
      403,
      'ERROR_COMMON_ACCESS_DENIED',
      'Requests from other sites need an allowed Origin for this operation.',
    );
  x.query = [...withoutOAuthParams(x.url.searchParams)];
  const unknown = undocumentedParams(r, x.query);
  if (unknown.length)
    return fail(
      x,
      400,
      'ERROR_COMMON_BAD_REQUEST',
      `This operation takes no parameter ${unknown.map((n) => JSON.stringify(n.slice(0, 40))).join(', ')}; it takes ${r.params.length ? r.params.join(', ') : 'none'}.`,
    );
  return false;
}
