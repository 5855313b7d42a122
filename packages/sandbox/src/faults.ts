import type { IncomingMessage, ServerResponse } from 'node:http';
import { SandboxError, badRequest } from './errors.js';
import type { Ctx } from './http.js';
import { FAULT_ROUTES, type FaultRoute } from './router.js';

/** One fault set with POST sandbox/faults. */
export interface Fault {
  route: FaultRoute;
  latencyMs?: number;
  status?: number;
  malformed?: boolean;
  drop?: boolean;
  /** How many requests it hits; unlimited when missing. */
  times?: number;
}

/**
 * Fault scopes. A fault set with a scope (header `X-Sandbox-Scope`, or else cookie
 * `sandbox-scope`) applies only to requests that carry the same scope; a fault set without
 * one is global and applies to every request whose scope has no fault of its own for that
 * route. So two people, or two test runs, sharing one sandbox do not set or clear each
 * other's faults. The scope is a sandbox-only convention: the demo and the browser tests
 * add it (demo/sandbox-scope.ts); the elements' client never sends it.
 */
export const SCOPE_HEADER = 'x-sandbox-scope';
export const SCOPE_COOKIE = 'sandbox-scope';
const SCOPE_RE = /^[A-Za-z0-9_-]{1,64}$/;
/** The global scope's key. */
export const GLOBAL = '';

/**
 * The fault scope a request carries: the header first, then the cookie; GLOBAL without one.
 * undefined when it carries a malformed one (the fault routes refuse it with 400; other
 * routes then see global faults only).
 */
export function faultScope(req: IncomingMessage): string | undefined {
  const h = req.headers[SCOPE_HEADER];
  if (h !== undefined) {
    const v = (Array.isArray(h) ? h[0] : h)!.trim();
    return SCOPE_RE.test(v) ? v : undefined;
  }
  const cookie = req.headers.cookie;
  if (cookie && cookie.includes(SCOPE_COOKIE)) {
    for (const part of cookie.split(';')) {
      const eq = part.indexOf('=');
      if (eq > 0 && part.slice(0, eq).trim() === SCOPE_COOKIE) {
        const v = part.slice(eq + 1).trim();
        return SCOPE_RE.test(v) ? v : undefined;
      }
    }
  }
  return GLOBAL;
}

/** The faults of every scope; at most MAX_SCOPES scopes, the least recently set dropped first. */
export class FaultStore {
  static readonly MAX_SCOPES = 1000;
  private readonly scopes = new Map<string, Map<FaultRoute, Fault>>();

  set(scope: string, f: Fault): void {
    let m = this.scopes.get(scope);
    if (m) this.scopes.delete(scope);
    else m = new Map();
    this.scopes.set(scope, m);
    m.set(f.route, { ...f });
    while (this.scopes.size > FaultStore.MAX_SCOPES)
      this.scopes.delete(this.scopes.keys().next().value as string);
  }

  /** The fault that applies to a request of `scope` on `route`, counting one use of it. */
  take(scope: string | undefined, route: FaultRoute): Fault | undefined {
    const own = scope ? this.scopes.get(scope) : undefined;
    const m = own?.has(route) ? own : this.scopes.get(GLOBAL);
    const f = m?.get(route);
    if (!f) return undefined;
    if (f.times !== undefined) {
      f.times -= 1;
      if (f.times <= 0) m!.delete(route);
    }
    return f;
  }

  /** The faults that apply to requests of `scope`, each with the scope it was set in (null: global). */
  list(scope: string): (Fault & { scope: string | null })[] {
    const own = scope ? this.scopes.get(scope) : undefined;
    const out: (Fault & { scope: string | null })[] = [...(own?.values() ?? [])].map((f) => ({
      ...f,
      scope,
    }));
    for (const f of this.scopes.get(GLOBAL)?.values() ?? [])
      if (!own?.has(f.route)) out.push({ ...f, scope: null });
    return out;
  }

  /** Clears one scope's faults (GLOBAL: the global ones; other scopes keep theirs). */
  clear(scope: string): void {
    this.scopes.delete(scope);
  }

  clearAll(): void {
    this.scopes.clear();
  }

  /** Whether any scope has a fault for `route` (the suggestion fast path then steps aside). */
  hasRoute(route: FaultRoute): boolean {
    for (const m of this.scopes.values()) if (m.has(route)) return true;
    return false;
  }
}

/** Checks the body of POST sandbox/faults. */
export function parseFault(value: unknown): Fault {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw badRequest('The fault must be a JSON object.');
  const v = value as Record<string, unknown>;
  if (typeof v.route !== 'string' || !(FAULT_ROUTES as readonly string[]).includes(v.route)) {
    throw badRequest(`route must be one of ${FAULT_ROUTES.join(', ')}.`, [], 'route');
  }
  const f: Fault = { route: v.route as FaultRoute };
  const int = (k: string, min: number, max: number): number | undefined => {
    const x = v[k];
    if (x === undefined || x === null) return undefined;
    if (typeof x !== 'number' || !Number.isInteger(x) || x < min || x > max) {
      throw badRequest(`${k} must be an integer from ${min} to ${max}.`, [], k);
    }
    return x;
  };
  const bool = (k: string): boolean | undefined => {
    const x = v[k];
    if (x === undefined || x === null) return undefined;
    if (typeof x !== 'boolean') throw badRequest(`${k} must be true or false.`, [], k);
    return x;
  };
  f.latencyMs = int('latencyMs', 0, 60000);
  f.status = int('status', 100, 599);
  f.malformed = bool('malformed');
  f.drop = bool('drop');
  f.times = int('times', 1, 1000000);
  if (f.status !== undefined && f.status < 200)
    throw badRequest('status must be from 200 to 599.', [], 'status');
  if (!f.latencyMs && !f.status && !f.malformed && !f.drop) {
    throw badRequest('A fault needs at least one of latencyMs, status, malformed, drop.');
  }
  return f;
}

const STATUS_CODES: Record<number, string> = {
  400: 'ERROR_COMMON_BAD_REQUEST',
  401: 'ERROR_COMMON_AUTHENTICATION_REQUIRED',
  403: 'ERROR_COMMON_ACCESS_DENIED',
  404: 'ERROR_COMMON_RESOURCE_NOT_FOUND',
  405: 'ERROR_COMMON_METHOD_NOT_ALLOWED',
  409: 'ERROR_COMMON_REQUEST_CONFLICT',
  412: 'ERROR_RESOURCE_VALIDATION',
  415: 'ERROR_COMMON_MEDIA_TYPE_UNSUPPORTED',
  422: 'ERROR_COMMON_UNPROCESSABLE_ENTITY',
  501: 'ERROR_COMMON_NOT_IMPLEMENTED',
  503: 'ERROR_COMMON_SERVICE_UNAVAILABLE',
};

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        resolve();
      },
      { once: true },
    );
  });

/**
 * Applies a fault to one request. Returns true when the fault answered (or dropped) the
 * request itself; false when the normal handler should answer after the delay.
 */
export async function applyFault(
  fault: Fault,
  ctx: Ctx,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  if (fault.latencyMs) {
    const ac = new AbortController();
    const onClose = () => ac.abort();
    res.once('close', onClose);
    await sleep(fault.latencyMs, ac.signal);
    res.off('close', onClose);
    if (res.destroyed || ac.signal.aborted) return true;
  }
  if (fault.drop) {
    // A dropped connection: no status line, no body, the socket just goes away.
    req.socket.destroy();
    return true;
  }
  if (fault.malformed) {
    const status = fault.status ?? 200;
    const json = ctx.format === 'json';
    const body = json
      ? '{"common.messages":[{"message":{"messageCode":"ERR'
      : '<?xml version="1.0"?><common:messages xmlns:common="http://rest.immobilienscout24.de/schema/common/1.0"><message><messageCo';
    res.writeHead(status, {
      'Content-Type': json ? 'application/json;charset=UTF-8' : 'application/xml;charset=UTF-8',
      'Content-Length': String(Buffer.byteLength(body)),
      'Cache-Control': 'no-store',
    });
    res.end(body);
    return true;
  }
  if (fault.status && fault.status >= 400) {
    const headers: Record<string, string> = {};
    if (fault.status === 429 || fault.status === 503) headers['Retry-After'] = '1';
    const code =
      STATUS_CODES[fault.status] ??
      (fault.status >= 500 ? 'ERROR_COMMON_INTERNAL_SERVER_ERROR' : 'ERROR_COMMON_BAD_REQUEST');
    throw new SandboxError(
      fault.status,
      code,
      `Fault injected by the sandbox for route ${fault.route} (status ${fault.status}).`,
      [],
      headers,
    );
  }
  if (fault.status) {
    // A success status without a body (e.g. 204) or another 2xx/3xx: answer with it empty.
    res.writeHead(fault.status, { 'Content-Length': '0', 'Cache-Control': 'no-store' });
    res.end();
    return true;
  }
  return false;
}
