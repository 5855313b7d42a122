import type { IncomingMessage } from 'node:http';
import { unauthorized } from './errors.js';
import type { Ctx } from './http.js';
import type { SandboxState } from './state.js';

/** Users of requests whose three-legged OAuth signature the strict mode verified. */
export const oauthUsers = new WeakMap<IncomingMessage, string>();

/**
 * The user of a request from its `Authorization: Bearer <token>` header (tokens come from
 * POST sandbox/token). 401 ERROR_COMMON_AUTHENTICATION_REQUIRED for a missing, unknown or
 * expired token, with a WWW-Authenticate challenge that says which.
 */
export function requireUser(ctx: Ctx, state: SandboxState): string {
  const signedBy = oauthUsers.get(ctx.req);
  if (signedBy) return signedBy;
  const header = ctx.req.headers.authorization;
  const m = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!m) {
    throw withChallenge(
      unauthorized(
        'Authentication required: send Authorization: Bearer <token> (POST /restapi/api/sandbox/token issues one).',
      ),
      'invalid_request',
    );
  }
  const verdict = state.checkToken(m[1]!);
  if (verdict === 'expired')
    throw withChallenge(unauthorized('The access token has expired.'), 'invalid_token');
  if (!verdict) throw withChallenge(unauthorized('The access token is invalid.'), 'invalid_token');
  return verdict.user;
}

function withChallenge<E extends { headers: Record<string, string> }>(err: E, error: string): E {
  err.headers['WWW-Authenticate'] = `Bearer realm="immo-elements sandbox", error="${error}"`;
  return err;
}
