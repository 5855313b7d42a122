/** The one error type every client method throws. */

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'abort' | 'parse' | 'validation';
export type ApiLang = 'de' | 'en';

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
  lang?: ApiLang;
  cause?: unknown;
}

const STATUS_TEXT: Record<number, { de: string; en: string }> = {
  400: { de: 'ungültige Anfrage', en: 'bad request' },
  401: { de: 'Anmeldung erforderlich', en: 'authentication required' },
  403: { de: 'Zugriff verweigert', en: 'access denied' },
  404: { de: 'nicht gefunden', en: 'not found' },
  405: { de: 'Methode nicht erlaubt', en: 'method not allowed' },
  406: { de: 'Format nicht unterstützt', en: 'format not acceptable' },
  408: { de: 'Zeitüberschreitung beim Server', en: 'request timeout' },
  409: { de: 'Konflikt', en: 'conflict' },
  412: { de: 'Eingabe abgelehnt', en: 'validation failed' },
  413: { de: 'Anfrage zu groß', en: 'request too large' },
  415: { de: 'Format nicht unterstützt', en: 'unsupported media type' },
  429: { de: 'zu viele Anfragen', en: 'too many requests' },
  500: { de: 'interner Serverfehler', en: 'internal server error' },
  502: { de: 'Gateway-Fehler', en: 'bad gateway' },
  503: { de: 'Dienst nicht verfügbar', en: 'service unavailable' },
  504: { de: 'Gateway-Zeitüberschreitung', en: 'gateway timeout' },
};

const MAX_DETAIL = 300;

function detail(messages: ApiMessage[]): string {
  const text = messages
    .map((m) => m.text || m.code)
    .filter(Boolean)
    .join(' ');
  if (!text) return '';
  return text.length > MAX_DETAIL ? text.slice(0, MAX_DETAIL - 1) + '…' : text;
}

/** Builds the readable sentence of an error in one language. */
function sentence(e: ApiError, lang: ApiLang): string {
  const d = detail(e.messages);
  const suffix = d ? ` Details: ${d}` : '';
  switch (e.kind) {
    case 'validation': {
      const f = e.fields?.length ? e.fields.join(', ') : '';
      return lang === 'de'
        ? `Die Anfrage wurde nicht gesendet, weil Angaben ungültig sind${f ? ` (${f})` : ''}.${suffix}`
        : `The request was not sent because some values are invalid${f ? ` (${f})` : ''}.${suffix}`;
    }
    case 'network':
      return lang === 'de'
        ? `Der Dienst ist nicht erreichbar. Bitte prüfen Sie die Verbindung und versuchen Sie es erneut.${suffix}`
        : `The service could not be reached. Please check the connection and try again.${suffix}`;
    case 'timeout':
      return lang === 'de'
        ? 'Der Dienst hat nicht rechtzeitig geantwortet. Bitte versuchen Sie es erneut.'
        : 'The service did not answer in time. Please try again.';
    case 'abort':
      return lang === 'de' ? 'Die Anfrage wurde abgebrochen.' : 'The request was cancelled.';
    case 'parse':
      return lang === 'de'
        ? `Die Antwort des Dienstes ist unverständlich${e.status ? ` (HTTP ${e.status})` : ''}.${suffix}`
        : `The service sent an answer that could not be read${e.status ? ` (HTTP ${e.status})` : ''}.${suffix}`;
    case 'http':
    default: {
      const s = e.status ?? 0;
      const st = STATUS_TEXT[s]?.[lang] ?? (s >= 500 ? STATUS_TEXT[500][lang] : lang === 'de' ? 'Fehler' : 'error');
      const wait =
        e.retryAfter !== undefined
          ? lang === 'de'
            ? ` Bitte in ${e.retryAfter} s erneut versuchen.`
            : ` Please try again in ${e.retryAfter} s.`
          : '';
      return lang === 'de'
        ? `Der Dienst hat die Anfrage abgelehnt (HTTP ${s}: ${st}).${wait}${suffix}`
        : `The service rejected the request (HTTP ${s}: ${st}).${wait}${suffix}`;
    }
  }
}

/**
 * Every failure of a client call: HTTP status with the server's `common:messages`,
 * network failure, timeout, abort, an unreadable body, or a request that failed
 * validation before it was sent. `message` is a readable sentence in the client's
 * language; `localizedMessage(lang)` gives it in the other one.
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
    this.message = sentence(this, init.lang ?? 'de');
  }

  /** The readable sentence in the given language. */
  localizedMessage(lang: ApiLang): string {
    return sentence(this, lang);
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

  /** Type guard that also works across bundle copies of the class. */
  static is(value: unknown): value is ApiError {
    return (
      value instanceof ApiError ||
      (typeof value === 'object' && value !== null && (value as { name?: unknown }).name === 'ApiError' && 'kind' in value)
    );
  }
}
