import type { ReactiveControllerHost } from 'lit';
import { ClientBase } from '../api/core.js';
import { langOf, type Lang } from './i18n.js';

/** What an element offers the connection: the `base-url` and `client` properties every data-driven element has. */
export interface ConnectionHost extends ReactiveControllerHost, HTMLElement {
  baseUrl?: string;
  client?: unknown;
}

/**
 * Clients built from `base-url`, one per service root and option set, shared by every
 * element on the page. A ClientBase keeps no per-caller state (no cache, no auth hook), so
 * two elements with the same `base-url` can share one; its language does not matter, as an
 * element never shows an ApiError's own message (see failure.ts).
 */
const own = new Map<string, ClientBase>();

/** The lean client for a service root (`/restapi/api` when empty), built once per root and `retries`. */
export function clientFor(baseUrl: string | null | undefined, retries?: number): ClientBase {
  const root = String(baseUrl ?? '').trim() || '/restapi/api';
  const key = `${retries ?? ''}|${root}`;
  let c = own.get(key);
  if (!c)
    own.set(
      key,
      (c = new ClientBase({ baseUrl: root, ...(retries === undefined ? {} : { retries }) })),
    );
  return c;
}

/**
 * Lit property declaration of `lang`, spread into every element's `static properties`: the
 * attribute and the property render the element again, and the property reflects, so an
 * element's own `lang` and its descendants' lookups agree.
 */
export const LANG_PROPERTY = { lang: { reflect: true } } as const;

/**
 * The one way an element reaches the service and learns its language:
 * `client` when the host page set one, else the shared lean client for `base-url`; `lang`
 * from the element or an ancestor (its LocalizeController, i18n.ts, renders it again when
 * any `lang` attribute of the page changes).
 */
export class Connection<C = ClientBase> {
  readonly #host: ConnectionHost;
  readonly #retries?: number;

  constructor(host: ConnectionHost, opts: { retries?: number } = {}) {
    this.#host = host;
    this.#retries = opts.retries;
  }

  /** The host's `client`, else the shared client built from its `base-url`. */
  get client(): C {
    return (this.#host.client ?? clientFor(this.#host.baseUrl, this.#retries)) as C;
  }

  /** The host's language (`de` or `en`). */
  get lang(): Lang {
    return langOf(this.#host);
  }
}
