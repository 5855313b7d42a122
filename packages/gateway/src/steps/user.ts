import type { UserTokens } from '../config.js';
import { routeOf, type Exchange, type StepDeps } from '../exchange.js';
import { fail } from '../fail.js';
import { logError } from '../log.js';

/** The logged-in user's access token, for operations signed for a user. */
export async function user(x: Exchange, deps: Pick<StepDeps, 'config' | 'log'>): Promise<boolean> {
  if (routeOf(x).legs !== 3) return false;
  let tokens: UserTokens;
  try {
    tokens = deps.config.userTokens ? await deps.config.userTokens(x.req) : null;
  } catch (e) {
    logError(deps.log, 'user-token hook failed', e, x.id);
    tokens = null;
  }
  if (!tokens || !tokens.token || !tokens.secret)
    return fail(
      x,
      401,
      'ERROR_COMMON_AUTHENTICATION_REQUIRED',
      'Sign in first: this operation needs the user’s authorisation.',
    );
  x.token = { key: tokens.token, secret: tokens.secret };
  return false;
}
