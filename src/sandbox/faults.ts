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

/** Checks the body of POST sandbox/faults. */
export function parseFault(value: unknown): Fault {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badRequest('The fault must be a JSON object.');
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
  if (f.status !== undefined && f.status < 200) throw badRequest('status must be from 200 to 599.', [], 'status');
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
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    }, { once: true });
  });

/**
 * Applies a fault to one request. Returns true when the fault answered (or dropped) the
 * request itself; false when the normal handler should answer after the delay.
 */
export async function applyFault(fault: Fault, ctx: Ctx, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
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
    const body = json ? '{"common.messages":[{"message":{"messageCode":"ERR' : '<?xml version="1.0"?><common:messages xmlns:common="http://rest.immobilienscout24.de/schema/common/1.0"><message><messageCo';
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
    const code = STATUS_CODES[fault.status] ?? (fault.status >= 500 ? 'ERROR_COMMON_INTERNAL_SERVER_ERROR' : 'ERROR_COMMON_BAD_REQUEST');
    throw new SandboxError(fault.status, code, `Fault injected by the sandbox for route ${fault.route} (status ${fault.status}).`, [], headers);
  }
  if (fault.status) {
    // A success status without a body (e.g. 204) or another 2xx/3xx: answer with it empty.
    res.writeHead(fault.status, { 'Content-Length': '0', 'Cache-Control': 'no-store' });
    res.end();
    return true;
  }
  return false;
}
