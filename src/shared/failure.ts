/**
 * One way to turn any failure into words. A visitor reads what happened
 * and what to do, in German or English; never an HTTP status, a message code or the
 * server's own text. The technical detail goes to developers only: in the `request-failed`
 * event every element fires (FailureEvent, below) and in the console at debug level.
 *
 * The sentences are the kernel's strings (strings.ts, `failure`; English on demand).
 */
import { ApiError } from '../api/errors.js';
import type { Lang } from './i18n.js';
import { SHARED } from './strings.js';

/** What went wrong, as far as a visitor is concerned. */
export type FailureKind =
  | 'offline' // no connection on the visitor's side
  | 'network' // the service could not be reached
  | 'timeout' // no answer in time
  | 'busy' // 429, or 503: overloaded or briefly unavailable
  | 'server' // any other 5xx
  | 'unreadable' // an answer that could not be read (parse)
  | 'auth' // 401: sign-in missing or expired
  | 'forbidden' // 403
  | 'notFound' // 404
  | 'conflict' // 409: changed meanwhile
  | 'rejected' // 400, 412, 422 and other 4xx: the service refused the details
  | 'invalid' // the client refused to send: some details are invalid
  | 'aborted' // cancelled
  | 'unknown'; // anything else (not an ApiError)

/** What happened and what the visitor can do, one sentence each, in the language. */
export function failureSentences(
  kind: FailureKind,
  lang: Lang,
): readonly [what: string, todo: string] {
  return SHARED[lang].failure[kind];
}

/** The visitor's view of a failure. */
export function failureKind(err: unknown): FailureKind {
  if (!ApiError.is(err)) return 'unknown';
  switch (err.kind) {
    case 'network':
      return typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'network';
    case 'timeout':
      return 'timeout';
    case 'abort':
      return 'aborted';
    case 'parse':
      return 'unreadable';
    case 'validation':
      return 'invalid';
  }
  const s = err.status ?? 0;
  if (s === 401) return 'auth';
  if (s === 403) return 'forbidden';
  if (s === 404 || s === 410) return 'notFound';
  if (s === 409) return 'conflict';
  if (s === 429 || s === 503) return 'busy';
  if (s === 408 || s === 504) return 'timeout';
  if (s >= 500) return 'server';
  if (s >= 400) return 'rejected';
  return 'unknown';
}

/** Whether trying the same request again may help (a retry button makes sense). */
export function canRetry(err: unknown): boolean {
  return !['forbidden', 'notFound', 'rejected', 'invalid', 'auth'].includes(failureKind(err));
}

/**
 * The sentence a visitor reads for a failure, in the language: what happened and what to
 * do. A `Retry-After` of the service becomes "in about N seconds".
 */
export function failureText(err: unknown, lang: Lang): string {
  const kind = failureKind(err);
  const [what, todo] = failureSentences(kind, lang);
  const wait =
    ApiError.is(err) && kind === 'busy' && err.retryAfter ? Math.ceil(err.retryAfter) : 0;
  // A short wait reads as "a moment" (the todo sentence); a long one in seconds.
  return `${what} ${wait > 5 && wait < 3600 ? SHARED[lang].retryIn(wait) : todo}`;
}

/** The technical side of a failure, for developers: the event's fields and the console. */
export interface FailureDetail {
  /** The element's name for what failed, e.g. region-stats' 'statistic' or project-picker's 'add'. */
  operation: string;
  /** The visitor's view of it. */
  kind: FailureKind;
  /** The sentence the element shows (in its language). */
  text: string;
  /** The error the client threw: `kind`, `status`, the server's `messages` with their codes, `retryAfter`, `fields`. */
  error: ApiError;
}

/**
 * A request of the element failed and the element now shows `text` (bubbles, composed).
 * The same event in all five elements; the technical detail (status, message codes, the
 * server's text) is in `error`, never on screen. Not fired for cancelled requests.
 */
export class FailureEvent extends Event {
  static readonly eventName = 'request-failed';
  readonly operation: string;
  readonly kind: FailureKind;
  readonly text: string;
  readonly error: ApiError;
  /** The same fields, for code that reads `event.detail`. */
  readonly detail: FailureDetail;
  constructor(d: FailureDetail) {
    super(FailureEvent.eventName, { bubbles: true, composed: true });
    this.operation = d.operation;
    this.kind = d.kind;
    this.text = d.text;
    this.error = d.error;
    this.detail = d;
  }
}

/** Any thrown value as an ApiError (a programming error or a host's client becomes kind 'network' with the cause kept). */
export function asApiError(err: unknown): ApiError {
  return ApiError.is(err) ? err : new ApiError({ kind: 'network', cause: err });
}

/**
 * Reports a failure the element shows: `console.debug` with the technical detail, and the
 * `request-failed` event from `el`. Returns the sentence to show. Cancelled requests are
 * not reported.
 */
export function reportFailure(
  el: Element,
  operation: string,
  err: unknown,
  lang: Lang,
  text = failureText(err, lang),
): string {
  const error = asApiError(err);
  if (error.kind === 'abort') return text;
  const kind = failureKind(err);
  if (typeof console !== 'undefined') {
    console.debug(`[${el.localName}] ${operation} failed (${kind})`, {
      status: error.status,
      kind: error.kind,
      messages: error.messages,
      error,
    });
  }
  el.dispatchEvent(new FailureEvent({ operation, kind, text, error }));
  return text;
}

declare global {
  interface HTMLElementEventMap {
    'request-failed': FailureEvent;
  }
  // Bubbling and composed: listeners on the document and the window get these events too.
  interface DocumentEventMap {
    'request-failed': FailureEvent;
  }
  interface WindowEventMap {
    'request-failed': FailureEvent;
  }
}
