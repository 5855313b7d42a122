/** The one error type every client method throws. */

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'abort' | 'parse' | 'validation';

/** One `common:messages` entry (or the client's own note for a validation failure). */
export interface ApiMessage {
  code: string;
  text: string;
  id?: string;
}

export interface ApiErrorInit {
  kind: ApiErrorKind;
  status?: number;
  messages?: ApiMessage[];
  retryAfter?: number;
  fields?: string[];
  operation?: string;
  cause?: unknown;
}

/** What each kind is called in `message`. */
const KIND: Record<ApiErrorKind, string> = {
  http: 'HTTP',
  network: 'network error',
  timeout: 'timed out',
  abort: 'aborted',
  parse: 'unreadable answer',
  validation: 'invalid request',
};

/**
 * The developer's line: operation, kind, status, the fields named invalid, Retry-After and
 * the messages (the service's, or the client's own), at most 300 characters of them, e.g.
 * `getExpose: HTTP 404: ERROR_RESOURCE_NOT_FOUND Resource not found.`
 */
function line(e: ApiError): string {
  // (A validation message's code is always CLIENT_VALIDATION: the kind says it already.)
  const d = e.messages
    .map((m) => (e.kind === 'validation' ? m.text : [m.code, m.text].filter(Boolean).join(' ')))
    .filter(Boolean)
    .join('; ');
  const status = e.status ? (e.kind === 'http' ? ` ${e.status}` : ` (HTTP ${e.status})`) : '';
  return (
    `${e.operation ? `${e.operation}: ` : ''}${KIND[e.kind] ?? e.kind}${status}` +
    (e.fields?.length ? ` (${e.fields.join(', ')})` : '') +
    (e.retryAfter !== undefined ? `, retry after ${e.retryAfter} s` : '') +
    (d ? `: ${d.length > 300 ? `${d.slice(0, 299)}…` : d}` : '')
  );
}

/**
 * Every failure of a client call: HTTP status with the server's `common:messages`,
 * network failure, timeout, abort, an unreadable body, or a request that failed
 * validation before it was sent. `message` is one short English line for developers and
 * logs; what a visitor reads is worded by the elements (src/shared/failure.ts), in German
 * or English, never from this message.
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly messages: ApiMessage[];
  /** Seconds the server asked to wait (`Retry-After`). */
  readonly retryAfter?: number;
  /** Request fields named as invalid (validation errors), as dotted paths. */
  readonly fields?: string[];
  /** The client operation that failed, e.g. `suggestGeo`. */
  readonly operation?: string;

  constructor(init: ApiErrorInit) {
    super('', init.cause !== undefined ? { cause: init.cause } : undefined);
    this.name = 'ApiError';
    this.kind = init.kind;
    if (init.status !== undefined) this.status = init.status;
    this.messages = init.messages ?? [];
    if (init.retryAfter !== undefined) this.retryAfter = init.retryAfter;
    if (init.fields !== undefined) this.fields = init.fields;
    if (init.operation !== undefined) this.operation = init.operation;
    this.message = line(this);
  }

  /** The first server message code, if any. */
  get code(): string | undefined {
    return this.messages[0]?.code || undefined;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }
  get isUnauthorized(): boolean {
    return this.status === 401;
  }
  get isForbidden(): boolean {
    return this.status === 403;
  }
  get isPreconditionFailed(): boolean {
    return this.status === 412;
  }
  /** 429, or 503 which some deployments use for rate limiting. */
  get isRateLimited(): boolean {
    return this.status === 429 || this.status === 503;
  }
  get isServerError(): boolean {
    return this.status !== undefined && this.status >= 500 && this.status <= 599;
  }

  /** Type guard that also holds for an ApiError of another copy of this module. */
  static is(value: unknown): value is ApiError {
    return (
      value instanceof ApiError ||
      (typeof value === 'object' &&
        value !== null &&
        (value as { name?: unknown }).name === 'ApiError' &&
        'kind' in value)
    );
  }
}
