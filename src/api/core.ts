/**
 * The client's machinery: options, URL building, timeouts, retries with backoff and the one
 * error type (ClientBase, what every element needs); the auth hook, the LRU cache and
 * in-flight sharing are ClientCore's (client-core.ts), which no element file carries. No
 * DOM; runs in browsers and Node.
 */
import { ApiError } from './errors.js';
import { detectFormat, parseErrorBody, type Format } from './parse.js';
import { Problems } from './validate.js';

/** What the auth hook learns about each request. */
export interface AuthRequest {
  method: 'GET' | 'POST';
  url: string;
  operation: string;
}

export type AuthHook = (
  req: AuthRequest,
) => Promise<Record<string, string> | undefined | void> | Record<string, string> | undefined | void;

/** Options of ClientBase: everything of ImmoClientOptions but the auth hook and the cache. */
export interface ClientBaseOptions {
  /** Service root including the API prefix, e.g. `/restapi/api`. */
  baseUrl: string;
  /** Passed to fetch, e.g. `include` for cookie-based partner backends. */
  credentials?: RequestCredentials;
  /** Milliseconds per attempt, default 15000. */
  timeout?: number;
  /** Retries of idempotent GETs on 429/502/503/504, network errors and timeouts; default 2. */
  retries?: number;
  fetch?: typeof fetch;
  /** Base delay of the exponential backoff in ms, default 300. */
  retryDelay?: number;
  /**
   * Longest wait before a retry in ms, default 30000. A Retry-After longer than this ends
   * the retries: the error is thrown with `retryAfter` so the caller can tell the user.
   */
  maxRetryDelay?: number;
  /** Source of jitter in [0, 1), default Math.random (tests inject a fixed one). */
  random?: () => number;
  /** How to wait between retries, default a timer that an abort cuts short. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Clock for the cache TTL and Retry-After dates, default Date.now. */
  now?: () => number;
}

export interface ImmoClientOptions extends ClientBaseOptions {
  /** Adds headers to every request (called per attempt, so tokens may refresh). */
  auth?: AuthHook;
  /** LRU cache for suggestion and entity GETs (default max 200 entries, ttl 5 minutes), or false. */
  cache?: { max?: number; ttl?: number } | false;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Milliseconds per attempt, overrides the client's timeout. */
  timeout?: number;
  /** Media type where the operation supports both. */
  format?: 'json' | 'xml';
  /** Sends `Authorization: Bearer <token>` for this call (after the auth hook). */
  token?: string;
  /** `false` bypasses the cache for this call. */
  cache?: boolean;
}

export interface RequestSpec<T> {
  operation: string;
  method: 'GET' | 'POST';
  path: string;
  query?: [string, string | undefined][];
  format: Format;
  body?: () => Promise<string> | string;
  contentType?: string;
  cacheable?: boolean;
  parse: (body: string, format: Format, status: number) => Promise<T>;
}

export const MEDIA: Record<Format, string> = { json: 'application/json', xml: 'application/xml' };
const RETRY_STATUS = new Set([429, 502, 503, 504]);

/**
 * The longest answer body the client reads, in characters, for every operation: far more than
 * any documented answer holds, far less than what would freeze a page
 * (docs/interface.md#limits).
 */
export const MAX_BODY = 4_000_000;

/**
 * A response's text, or undefined when it is longer than `max` characters. A declared
 * Content-Length beyond three times the bound is refused before reading (UTF-8 needs at most
 * three of its units per UTF-16 unit); an endless body ends with the attempt's timeout.
 */
export async function readBody(res: Response, max = MAX_BODY): Promise<string | undefined> {
  if (Number(res.headers.get('content-length')) > 3 * max) {
    res.body?.cancel().catch(() => {});
    return undefined;
  }
  const text = await res.text();
  return text.length > max ? undefined : text;
}

function encodeQuery(query: [string, string | undefined][] | undefined): string {
  const parts = (query ?? [])
    .filter((p): p is [string, string] => p[1] !== undefined)
    .map(([k, v]) => `${k}=${v}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

export const enc = encodeURIComponent;
export const encList = (xs: readonly string[]) => xs.map(enc).join(',');

/** Seconds from a Retry-After header (delta-seconds or HTTP date), or undefined. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  const t = Date.parse(v);
  if (Number.isNaN(t)) return undefined;
  return Math.max(0, Math.ceil((t - now) / 1000));
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The lean half of the machinery: validation, URL, one request per call with timeout,
 * abort, retries of idempotent GETs with backoff, bounded answers, and the one error type.
 * No cache, no sharing of identical requests, no auth hook: what an element built from
 * `base-url` needs. The operation functions of ops.ts take a ClientBase; ClientCore
 * (client-core.ts) and ImmoClient are ClientBases.
 */
export class ClientBase {
  readonly baseUrl: string;
  /** @internal */
  protected readonly options: ClientBaseOptions;

  constructor(options: ClientBaseOptions) {
    if (!options || typeof options.baseUrl !== 'string')
      throw new TypeError('ImmoClient: baseUrl is required');
    this.options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  /**
   * Runs one operation: validation, URL, attempts. Used by the operation functions of ops.ts.
   * @internal
   */
  async request<T>(
    operation: string,
    opts: CallOptions | undefined,
    validate: (p: Problems) => void,
    build: () => RequestSpec<T>,
  ): Promise<T> {
    if (opts?.signal?.aborted) throw this.abortError(operation, opts.signal.reason);
    const problems = new Problems();
    try {
      validate(problems);
    } catch {
      // an argument so malformed (e.g. a number where an object belongs) that a check could not read it
      problems.add('request', 'is invalid');
    }
    // fetch refuses header values outside ISO-8859-1 with a TypeError that would read as a
    // network failure; a bad token is the caller's mistake and is named as one.
    if (
      opts?.token !== undefined &&
      (typeof opts.token !== 'string' || !/^[\x21-\x7e]*$/.test(opts.token))
    ) {
      problems.add('token', 'may contain visible ASCII characters only');
    }
    problems.throwIfAny(operation);
    const spec = build();
    return this.send(spec, `${this.baseUrl}${spec.path}${encodeQuery(spec.query)}`, opts);
  }

  /**
   * Sends a validated request: here the attempts; ClientCore adds its cache and in-flight sharing.
   * @internal
   */
  protected send<T>(spec: RequestSpec<T>, url: string, opts: CallOptions | undefined): Promise<T> {
    return this.attempts(spec, url, opts, opts?.signal);
  }

  /**
   * Extra headers of one attempt (ClientCore: its auth hook).
   * @internal
   */
  protected headers(
    _spec: RequestSpec<unknown>,
    _url: string,
  ): Promise<Record<string, string> | undefined | void> | undefined {
    return undefined;
  }

  /** @internal */
  protected async attempts<T>(
    spec: RequestSpec<T>,
    url: string,
    opts: CallOptions | undefined,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    const retries = spec.method === 'GET' ? Math.max(0, this.options.retries ?? 2) : 0;
    const body = spec.body ? await spec.body() : undefined;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.#once(spec, url, body, opts, signal);
      } catch (e) {
        const err = e as ApiError;
        const retryable =
          err.kind === 'network' ||
          err.kind === 'timeout' ||
          (err.kind === 'http' && RETRY_STATUS.has(err.status ?? 0));
        if (!retryable || attempt >= retries || signal?.aborted) throw err;
        const delay = this.#delay(err, attempt);
        if (delay === undefined) throw err;
        try {
          await (this.options.sleep ?? defaultSleep)(delay, signal);
        } catch (why) {
          throw this.abortError(spec.operation, why);
        }
        if (signal?.aborted) throw this.abortError(spec.operation, signal.reason);
      }
    }
  }

  /** Wait before the next attempt: Retry-After when given, else exponential backoff with jitter. */
  #delay(err: ApiError, attempt: number): number | undefined {
    const max = this.options.maxRetryDelay ?? 30_000;
    if (err.retryAfter !== undefined) {
      const ms = err.retryAfter * 1000;
      return ms <= max ? ms : undefined;
    }
    const base = Math.min(max, (this.options.retryDelay ?? 300) * 2 ** attempt);
    const r = (this.options.random ?? Math.random)();
    return Math.round(base / 2 + (base / 2) * Math.min(Math.max(r, 0), 1));
  }

  async #once<T>(
    spec: RequestSpec<T>,
    url: string,
    body: string | undefined,
    opts: CallOptions | undefined,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    const { operation } = spec;
    const o = this.options;
    const headers: Record<string, string> = { Accept: MEDIA[spec.format] };
    if (body !== undefined && spec.contentType) headers['Content-Type'] = spec.contentType;
    const extra = await this.headers(spec, url);
    if (extra) {
      for (const [k, v] of Object.entries(extra)) {
        if (typeof v !== 'string') continue;
        if (!/^[\t\x20-\x7e\x80-\xff]*$/.test(v)) {
          const p = new Problems();
          p.add(k, 'holds characters an HTTP header cannot carry');
          p.throwIfAny(operation);
        }
        headers[k] = v;
      }
    }
    if (opts?.token) headers['Authorization'] = `Bearer ${opts.token}`;
    if (signal?.aborted) throw this.abortError(operation, signal.reason);

    const controller = new AbortController();
    let timedOut = false;
    const ms = opts?.timeout ?? o.timeout ?? 15_000;
    const timer =
      ms > 0 && Number.isFinite(ms)
        ? setTimeout(() => ((timedOut = true), controller.abort()), ms)
        : undefined;
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const fail = (e: unknown): ApiError => {
      if (e instanceof ApiError) return e;
      if (signal?.aborted) return this.abortError(operation, signal.reason);
      if (timedOut) return new ApiError({ kind: 'timeout', operation, cause: e });
      return new ApiError({
        kind: 'network',
        operation,
        messages: [{ code: 'NETWORK_ERROR', text: e instanceof Error ? e.message : String(e) }],
        cause: e,
      });
    };
    try {
      const f = o.fetch ?? globalThis.fetch;
      const init: RequestInit = { method: spec.method, headers, signal: controller.signal };
      if (body !== undefined) init.body = body;
      if (o.credentials) init.credentials = o.credentials;
      let res: Response;
      let text: string | undefined;
      try {
        res = await f(url, init);
        text = await readBody(res);
      } catch (e) {
        throw fail(e);
      }
      const ct = res.headers.get('content-type');
      if (res.status < 200 || res.status > 299) {
        const messages = text === undefined ? [] : await parseErrorBody(text, ct);
        const retryAfter = parseRetryAfter(res.headers.get('retry-after'), (o.now ?? Date.now)());
        throw new ApiError({
          kind: 'http',
          status: res.status,
          operation,
          messages,
          ...(retryAfter !== undefined ? { retryAfter } : {}),
        });
      }
      if (text === undefined) {
        throw new ApiError({
          kind: 'parse',
          status: res.status,
          operation,
          messages: [
            { code: 'RESPONSE_TOO_LARGE', text: `answer longer than ${MAX_BODY} characters` },
          ],
        });
      }
      try {
        return await spec.parse(text, detectFormat(text, ct, spec.format), res.status);
      } catch (e) {
        throw e instanceof ApiError
          ? e
          : new ApiError({ kind: 'parse', status: res.status, operation, cause: e });
      }
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** @internal */
  protected abortError(operation: string, reason: unknown): ApiError {
    return new ApiError({ kind: 'abort', operation, cause: reason });
  }
}

export function jsonOnly(opts: CallOptions | undefined, p: Problems): void {
  if (opts?.format !== undefined && opts.format !== 'json') {
    p.add('format', 'this service supports JSON only');
  }
}

// ClientCore extends ClientBase in a module of its own, which no element imports; the elements'
// `client` properties need only its type.
export type { ClientCore } from './client-core.js';
