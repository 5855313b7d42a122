import { routeOf, type Exchange, type StepDeps } from '../exchange.js';
import { fail } from '../fail.js';
import { logError } from '../log.js';
import { authorizationHeader } from '../oauth.js';
import { canonicalQuery } from '../query.js';

/** Signs the request (two or three legs) and sends it; 502 or 504 when that fails. */
export async function upstream(
  x: Exchange,
  deps: Pick<StepDeps, 'config' | 'upstream' | 'metrics' | 'log'>,
): Promise<boolean> {
  const r = routeOf(x);
  const { config } = deps;
  const url = new URL(config.target + '/' + x.rest + canonicalQuery(x.query));
  const consumer = { key: config.consumerKey, secret: config.consumerSecret };
  const signed = () => ({
    ...x.headers,
    authorization: authorizationHeader({
      method: x.method,
      url,
      query: x.query,
      consumer,
      token: x.token ?? undefined,
    }),
  });
  const sent = process.hrtime.bigint();
  try {
    x.upstream = await deps.upstream.send(x.method, url, signed, x.body);
    return false;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    logError(deps.log, 'upstream', e, x.id);
    if (code === 'ETIMEDOUT')
      return fail(
        x,
        504,
        'ERROR_COMMON_SERVICE_UNAVAILABLE',
        'The service did not answer in time.',
      );
    return fail(
      x,
      502,
      'ERROR_COMMON_SERVICE_UNAVAILABLE',
      code === 'ETOOBIG'
        ? 'The service’s answer was too large.'
        : 'The service could not be reached.',
    );
  } finally {
    deps.metrics?.upstream(r.name, Number(process.hrtime.bigint() - sent) / 1e9);
  }
}
