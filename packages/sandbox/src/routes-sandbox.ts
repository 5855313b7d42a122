import { badRequest, notFound, SandboxError } from './errors.js';
import { jsonReply, type Ctx } from './http.js';
import { faultScope, parseFault } from './faults.js';
import type { Router } from './router.js';
import { SandboxState } from './state.js';
import { fixtures } from './fixtures.js';

/** Parses a JSON request body; an empty body is `{}`. */
export async function jsonBody(ctx: Ctx): Promise<unknown> {
  const raw = (await ctx.body()).toString('utf8').trim();
  if (!raw) return {};
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
}

const MAX_TTL = 30 * 86400;

/** The sandbox-only routes under /restapi/api/sandbox/ (docs/architecture.md). */
export function registerSandboxRoutes(router: Router, state: SandboxState): void {
  const json = ['json'] as const;
  router.add({
    method: 'POST',
    pattern: '/sandbox/reset',
    formats: [...json],
    handler: (ctx) => {
      state.reset(faultScope(ctx.req) ?? '');
      return jsonReply({ ok: true });
    },
  });
  // Faults are set, listed and cleared in the caller's fault scope (packages/sandbox/src/faults.ts).
  const scopeOf = (ctx: Ctx): string => {
    const scope = faultScope(ctx.req);
    if (scope === undefined)
      throw badRequest(
        'X-Sandbox-Scope (or the sandbox-scope cookie) must be 1 to 64 letters, digits, - or _.',
        [],
        'scope',
      );
    return scope;
  };
  const listed = (scope: string) =>
    jsonReply({ scope: scope || null, faults: state.faults.list(scope) });
  router.add({
    method: 'POST',
    pattern: '/sandbox/faults',
    formats: [...json],
    handler: async (ctx) => {
      const scope = scopeOf(ctx);
      const body = await jsonBody(ctx);
      const list = Array.isArray(body) ? body.map(parseFault) : [parseFault(body)];
      for (const f of list) state.faults.set(scope, f);
      return listed(scope);
    },
  });
  router.add({
    method: 'GET',
    pattern: '/sandbox/faults',
    formats: [...json],
    handler: (ctx) => listed(scopeOf(ctx)),
  });
  router.add({
    method: 'DELETE',
    pattern: '/sandbox/faults',
    formats: [...json],
    handler: (ctx) => {
      const scope = scopeOf(ctx);
      state.faults.clear(scope);
      return listed(scope);
    },
  });
  router.add({
    method: 'GET',
    pattern: '/sandbox/outbox',
    formats: [...json],
    handler: () =>
      jsonReply(
        state.outbox.map((e) => ({ ...e, raw: state.readEml(e.id)?.toString('utf8') ?? '' })),
      ),
  });
  router.add({
    method: 'GET',
    pattern: '/sandbox/outbox/{id}.eml',
    formats: [...json],
    handler: (ctx) => {
      const raw = /^[A-Za-z0-9-]+$/.test(ctx.params.id!)
        ? state.readEml(ctx.params.id!)
        : undefined;
      if (!raw) throw notFound(`No e-mail ${ctx.params.id} in the outbox.`);
      return {
        status: 200,
        contentType: 'message/rfc822',
        body: raw,
        headers: { 'Content-Disposition': `inline; filename="${ctx.params.id}.eml"` },
      };
    },
  });
  router.add({
    method: 'POST',
    pattern: '/sandbox/token',
    formats: [...json],
    handler: async (ctx) => {
      const body = (await jsonBody(ctx)) as Record<string, unknown>;
      if (!body || typeof body !== 'object' || Array.isArray(body))
        throw badRequest('The body must be a JSON object.');
      const user = body.user ?? 'demo';
      if (typeof user !== 'string' || !SandboxState.knownUser(user)) {
        throw badRequest('user must be one of the seeded users: demo, other.', [], 'user');
      }
      const ttl = body.ttlSeconds ?? 3600;
      if (typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl < 1 || ttl > MAX_TTL) {
        throw badRequest(`ttlSeconds must be an integer from 1 to ${MAX_TTL}.`, [], 'ttlSeconds');
      }
      return jsonReply(state.issueToken(user, ttl));
    },
  });
  router.add({
    method: 'POST',
    pattern: '/sandbox/token/expire',
    formats: [...json],
    handler: async (ctx) => {
      const body = (await jsonBody(ctx)) as Record<string, unknown>;
      if (!body || typeof body.token !== 'string')
        throw badRequest('token is required.', [], 'token');
      if (!state.expireToken(body.token))
        throw new SandboxError(404, 'ERROR_COMMON_RESOURCE_NOT_FOUND', 'Unknown token.');
      return jsonReply({ token: body.token, expired: true });
    },
  });
  router.add({
    method: 'GET',
    pattern: '/sandbox/fixtures',
    formats: [...json],
    handler: () => jsonReply(fixtures(state)),
  });
}
