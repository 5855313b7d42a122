import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ApiError } from '../api/errors.js';
import type { AuthController } from './auth.js';
import { asApiError, failureText, reportFailure } from './failure.js';
import type { Lang } from './i18n.js';

/** `initial` before the first run (or after abort()), `auth` while waiting for new credentials (auth.ts). */
export type RequestStatus = 'initial' | 'pending' | 'auth' | 'complete' | 'error';

export interface RequestOptions<A extends unknown[], T> {
  /** The element's name for the operation: in `request-failed` and `auth-required` events. */
  operation: string;
  /** The request. It gets the run's AbortSignal; whatever it throws is turned into an ApiError. */
  task: (signal: AbortSignal, ...args: A) => Promise<T>;
  /** The element's language, for the failure sentence. */
  lang: () => Lang;
  /** Called with the value of a run that is still the latest (never for a stale answer). */
  onComplete?: (value: T, ...args: A) => void;
  /** Called with the error of a run that is still the latest (never for aborts). */
  onError?: (error: ApiError, ...args: A) => void;
  /** The sentence the element shows for an error (default failureText); reported in the event. */
  describe?: (error: ApiError, lang: Lang) => string;
  /** With it, a 401 waits for new credentials (auth.ts) instead of failing. */
  auth?: AuthController;
  /**
   * With `auth`: whether the host has given what the request needs (a token, or a client of
   * its own whose hook or cookies carry the user). While it says no, a run sends nothing: it
   * waits in the `auth` state as after a 401 (`auth-required` fires, without an error), so a
   * page that sets the token a moment after the element connected never causes a 401.
   */
  ready?: () => boolean;
  /** Called on every change of `status`. */
  onStatus?: (status: RequestStatus) => void;
  /** A run cut by a disconnect starts again on reconnect (default true; false for requests that change data). */
  resume?: boolean;
}

type Host = ReactiveControllerHost &
  HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };

const focusIn = (host: HTMLElement) => host.matches(':focus-within');

/** Focuses `el`, making a heading or a box focusable by script first (tabindex -1). */
export function focusOn(el: HTMLElement | null | undefined): void {
  if (!el) return;
  if (el.tabIndex < 0 && !el.hasAttribute('tabindex')) el.tabIndex = -1;
  el.focus();
}

/**
 * The request lifecycle of an element, one controller per operation, shared by all five. It owns:
 * - the AbortSignal of each run: a new run aborts the one before, abort() ends it;
 * - the stale guard: only the latest run's answer reaches the element;
 * - the states `pending`, `auth` (see auth.ts), `complete` and `error`, and the element's
 *   re-render on each change;
 * - disconnect aborts a pending run, and connecting again starts it anew with the same
 *   arguments (unless `resume: false`: a request that changes data is not repeated unasked);
 * - failures: turned into an ApiError, reported once (console.debug and the
 *   `request-failed` event, failure.ts), kept in `error`; `text(lang)` is the sentence;
 * - retry, with the one focus rule ({@link RequestController.retry}).
 */
export class RequestController<A extends unknown[], T> implements ReactiveController {
  status: RequestStatus = 'initial';
  value: T | undefined;
  error: ApiError | undefined;
  readonly #host: Host;
  readonly #o: RequestOptions<A, T>;
  #ac?: AbortController;
  #gen = 0;
  #args?: A;
  #resume = false;

  constructor(host: Host, options: RequestOptions<A, T>) {
    this.#host = host;
    this.#o = options;
    host.addController(this);
  }

  /** A run is on its way (or waits for credentials). */
  get pending(): boolean {
    return this.status === 'pending' || this.status === 'auth';
  }

  /** The arguments of the latest run. */
  get args(): A | undefined {
    return this.#args;
  }

  /** The sentence for the current error in `lang` ('' without one). */
  text(lang: Lang): string {
    const e = this.error;
    return e ? (this.#o.describe ?? failureText)(e, lang) : '';
  }

  #abortError(): ApiError {
    return new ApiError({ kind: 'abort', operation: this.#o.operation });
  }

  #set(status: RequestStatus): void {
    this.status = status;
    this.#host.requestUpdate();
    this.#o.onStatus?.(status);
  }

  /**
   * Starts a run (aborting the one before). Resolves with its value; rejects with the
   * ApiError (kind `abort` when it was cancelled or superseded).
   */
  run(...args: A): Promise<T> {
    this.#ac?.abort();
    const ac = (this.#ac = new AbortController());
    const gen = ++this.#gen;
    this.#args = args;
    this.#resume = false;
    this.error = undefined;
    this.#set('pending');
    return this.#go(gen, ac, args);
  }

  /** run() for callers that take the outcome from the state: never rejects. */
  start(...args: A): void {
    this.run(...args).catch(() => {});
  }

  async #go(gen: number, ac: AbortController, args: A): Promise<T> {
    const stale = () => gen !== this.#gen || ac.signal.aborted;
    const { auth } = this.#o;
    let waited = false;
    for (;;) {
      const version = auth?.version;
      if (auth && this.#o.ready && !this.#o.ready()) {
        this.#set('auth');
        await auth.wait(this.#o.operation, undefined, ac.signal, () => this.#abortError());
        if (stale()) throw this.#abortError();
        this.#set('pending');
        continue;
      }
      let err: ApiError;
      try {
        const value = await this.#o.task(ac.signal, ...args);
        if (stale()) throw this.#abortError();
        this.#ac = undefined;
        this.value = value;
        this.#set('complete');
        this.#o.onComplete?.(value, ...args);
        return value;
      } catch (e) {
        if (stale()) throw ApiError.is(e) && e.kind === 'abort' ? e : this.#abortError();
        err = asApiError(e);
      }
      // Credentials replaced while the request was on its way: try the new ones at once.
      // Else wait for new ones, once per run: refused again, the run fails (no loop).
      if (auth && err.isUnauthorized && (auth.version !== version || !waited)) {
        if (auth.version === version) {
          waited = true;
          this.#set('auth');
          await auth.wait(this.#o.operation, err, ac.signal, () => this.#abortError());
          if (stale()) throw this.#abortError();
          this.#set('pending');
        }
        continue;
      }
      this.#ac = undefined;
      this.error = err;
      this.#set('error');
      this.#o.onError?.(err, ...args);
      reportFailure(this.#host, this.#o.operation, err, this.#o.lang(), this.text(this.#o.lang()));
      throw err;
    }
  }

  /** Ends a pending run (its promise rejects with an `abort` ApiError); the state goes back to `initial`. */
  abort(): void {
    this.#gen++;
    this.#ac?.abort();
    this.#ac = undefined;
    this.#resume = false;
    if (this.pending) this.#set('initial');
  }

  /**
   * Runs the latest request again, with the one focus rule of all five elements: when the
   * focus is in the element (the visitor pressed the retry button, which leaves with its
   * error), it moves to the element's *anchor* as soon as the run has started (the place the
   * retried content belongs to: a title, a heading, the text field the visitor typed in);
   * when the run succeeds it stays there (if the anchor left the page meanwhile, the anchor
   * is looked up again), when it fails again it moves to the new retry button
   * (`[part~=retry]` in the same section as the anchor, else the first one). Focus outside
   * the element is never moved.
   */
  async retry(
    anchor: () => HTMLElement | null | undefined,
    rerun?: () => Promise<unknown>,
  ): Promise<void> {
    const host = this.#host;
    const had = focusIn(host);
    const args = this.#args;
    if (!rerun && !args) return;
    // `rerun`: an element whose own code starts the run (and takes its outcome) passes it.
    const done = (rerun ? rerun() : this.run(...args!)).catch(() => {});
    await host.updateComplete;
    if (had) focusOn(anchor());
    await done;
    await host.updateComplete;
    if (!had) return;
    if (this.status === 'error') {
      const a = anchor();
      const scope: ParentNode = a?.closest('section, [role=group], form') ?? host.renderRoot;
      focusOn(
        scope.querySelector<HTMLElement>('[part~=retry]') ??
          host.renderRoot.querySelector<HTMLElement>('[part~=retry]'),
      );
    } else if (!focusIn(host)) focusOn(anchor());
  }

  /**
   * Ends a pending run as abort() does and forgets the latest value, error and arguments: the
   * state before the first run, for an element whose request no longer applies (another
   * project, another listing).
   */
  reset(): void {
    this.abort();
    this.value = undefined;
    this.error = undefined;
    this.#args = undefined;
    this.#set('initial');
  }

  hostConnected(): void {
    if (this.#resume && this.#args) this.start(...this.#args);
  }

  hostDisconnected(): void {
    if (!this.pending) return;
    this.abort();
    this.#resume = this.#o.resume !== false;
  }
}
