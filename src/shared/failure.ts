/**
 * One way to turn any failure into words (issue 15, item 6). A visitor reads what happened
 * and what to do, in German or English; never an HTTP status, a message code or the
 * server's own text. The technical detail goes to developers only: in the `request-failed`
 * event every element fires (FailureEvent, below) and in the console at debug level.
 *
 * Strings are a plain `{ de, en }` table per sentence (the shared string format of
 * src/shared/strings.ts, once there, takes them over).
 */
import { ApiError } from '../api/errors.js';
import type { Lang } from './i18n.js';

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

type Pair = { de: string; en: string };

/** What happened, then what the visitor can do; one sentence each. */
export const FAILURE_TEXT: Record<FailureKind, [what: Pair, todo: Pair]> = {
  offline: [
    { de: 'Ihr Gerät ist offline.', en: 'Your device is offline.' },
    { de: 'Sobald die Verbindung wieder steht, versuchen Sie es erneut.', en: 'Try again once you are back online.' },
  ],
  network: [
    { de: 'Der Dienst ist gerade nicht erreichbar.', en: 'The service cannot be reached right now.' },
    { de: 'Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.', en: 'Please check your internet connection and try again.' },
  ],
  timeout: [
    { de: 'Der Dienst hat nicht rechtzeitig geantwortet.', en: 'The service did not answer in time.' },
    { de: 'Bitte versuchen Sie es gleich noch einmal.', en: 'Please try again in a moment.' },
  ],
  busy: [
    { de: 'Der Dienst ist gerade überlastet.', en: 'The service is busy right now.' },
    { de: 'Bitte warten Sie einen Moment und versuchen Sie es dann erneut.', en: 'Please wait a moment, then try again.' },
  ],
  server: [
    { de: 'Beim Dienst ist ein Fehler aufgetreten.', en: 'Something went wrong at the service.' },
    { de: 'Bitte versuchen Sie es erneut, notfalls etwas später.', en: 'Please try again, or a little later.' },
  ],
  unreadable: [
    { de: 'Die Antwort des Dienstes war unvollständig.', en: 'The service sent an incomplete answer.' },
    { de: 'Bitte versuchen Sie es erneut.', en: 'Please try again.' },
  ],
  auth: [
    { de: 'Ihre Anmeldung fehlt oder ist abgelaufen.', en: 'Your sign-in is missing or has expired.' },
    { de: 'Bitte melden Sie sich erneut an; Ihre Eingaben bleiben erhalten.', en: 'Please sign in again; what you entered is kept.' },
  ],
  forbidden: [
    { de: 'Dafür fehlt Ihrem Zugang die Berechtigung.', en: 'Your account is not allowed to do this.' },
    { de: 'Bitte wenden Sie sich an den Betreiber dieser Seite.', en: 'Please contact the operator of this site.' },
  ],
  notFound: [
    { de: 'Das Gesuchte gibt es nicht oder nicht mehr.', en: 'What was asked for does not exist, or no longer does.' },
    { de: 'Bitte prüfen Sie die Angabe oder laden Sie die Seite neu.', en: 'Please check it, or reload the page.' },
  ],
  conflict: [
    { de: 'Die Daten wurden inzwischen geändert.', en: 'The data changed in the meantime.' },
    { de: 'Bitte versuchen Sie es erneut.', en: 'Please try again.' },
  ],
  rejected: [
    { de: 'Der Dienst hat die Angaben nicht angenommen.', en: 'The service did not accept the details.' },
    { de: 'Bitte prüfen Sie Ihre Eingaben.', en: 'Please check what you entered.' },
  ],
  invalid: [
    { de: 'Einige Angaben fehlen oder sind ungültig.', en: 'Some details are missing or invalid.' },
    { de: 'Bitte prüfen Sie die markierten Felder.', en: 'Please check the marked fields.' },
  ],
  aborted: [
    { de: 'Die Anfrage wurde abgebrochen.', en: 'The request was cancelled.' },
    { de: 'Sie können sie erneut starten.', en: 'You can start it again.' },
  ],
  unknown: [
    { de: 'Etwas ist schiefgegangen.', en: 'Something went wrong.' },
    { de: 'Bitte versuchen Sie es erneut.', en: 'Please try again.' },
  ],
};

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
  const [what, todo] = FAILURE_TEXT[kind];
  const wait = ApiError.is(err) && kind === 'busy' && err.retryAfter ? Math.ceil(err.retryAfter) : 0;
  // A short wait reads as "a moment" (the todo sentence); a long one in seconds.
  if (wait > 5 && wait < 3600) {
    return `${what[lang]} ${lang === 'de' ? `Bitte versuchen Sie es in etwa ${wait} Sekunden erneut.` : `Please try again in about ${wait} seconds.`}`;
  }
  return `${what[lang]} ${todo[lang]}`;
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
export function asApiError(err: unknown, lang: Lang = 'de'): ApiError {
  return ApiError.is(err) ? err : new ApiError({ kind: 'network', lang, cause: err });
}

/**
 * Reports a failure the element shows: `console.debug` with the technical detail, and the
 * `request-failed` event from `el`. Returns the sentence to show. Cancelled requests are
 * not reported.
 */
export function reportFailure(el: Element, operation: string, err: unknown, lang: Lang, text = failureText(err, lang)): string {
  const error = asApiError(err, lang);
  if (error.kind === 'abort') return text;
  const kind = failureKind(err);
  if (typeof console !== 'undefined') {
    console.debug(`[${el.localName}] ${operation} failed (${kind})`, { status: error.status, kind: error.kind, messages: error.messages, error });
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
