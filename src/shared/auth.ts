import type { ReactiveControllerHost } from 'lit';
import type { ApiError } from '../api/errors.js';
import { AuthRequiredEvent } from './events.js';

/**
 * One auth behaviour for the elements that need a user (project-picker, property-text;
 * issue 15, item 3).
 *
 * An *episode* starts when a request is answered 401, or when a request is about to go out
 * while the host has given no credentials at all (nothing is sent then), and ends when the host gives new
 * credentials: a new `token`, or a new `client` (whose auth hook has fresh ones), which the
 * element reports with {@link AuthController.renew}. During an episode:
 * - `auth-required` is fired ONCE, for the first request that failed; parallel requests
 *   that fail too wait in the same episode without another event;
 * - every failed request waits (its RequestController shows the state `auth`; a pending
 *   `generate()` or `addListings()` promise stays pending, keeping what the visitor entered);
 * - `renew()` re-runs all of them with the new credentials, in the order they failed.
 * A request sent with credentials that were replaced while it was on its way is re-run with
 * the new ones at once, without an event. Cancelling (or disconnecting) a waiting request
 * ends its wait with an `abort` ApiError. A request waits at most once per run: re-run with
 * the new credentials and refused again, it fails and shows why (the visitor's retry, or
 * another new token, runs it again), so a host that hands out refused tokens never loops.
 */
export class AuthController {
  readonly #host: ReactiveControllerHost & EventTarget;
  #waiters: (() => void)[] = [];
  #open = false;
  /** Incremented by every renew(): a request compares it before and after its answer. */
  version = 0;

  constructor(host: ReactiveControllerHost & EventTarget) {
    this.#host = host;
  }

  /** An episode is open: the element waits for new credentials. */
  get waiting(): boolean {
    return this.#open;
  }

  /**
   * Waits for new credentials after `error` (a 401) of `operation`, or before its first
   * request when the host has given none yet (`error` undefined): fires `auth-required`
   * when this opens the episode, resolves on renew(), rejects with `abortError()` when
   * `signal` aborts.
   */
  wait(
    operation: string,
    error: ApiError | undefined,
    signal: AbortSignal,
    abortError: () => ApiError,
  ): Promise<void> {
    if (signal.aborted) return Promise.reject(abortError());
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        this.#waiters = this.#waiters.filter((w) => w !== go);
        if (!this.#waiters.length) this.#open = false;
        this.#host.requestUpdate();
        reject(abortError());
      };
      const go = () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.#waiters.push(go);
      if (!this.#open) {
        this.#open = true;
        this.#host.requestUpdate();
        this.#host.dispatchEvent(new AuthRequiredEvent(operation, error));
      }
    });
  }

  /** New credentials arrived (a new `token` or `client`): the episode ends and everything that waited runs again. */
  renew(): void {
    this.version++;
    const ws = this.#waiters;
    this.#waiters = [];
    this.#open = false;
    for (const w of ws) w();
    this.#host.requestUpdate();
  }
}
