import type { ReactiveControllerHost } from 'lit';
import type { ApiError } from '../api/errors.js';
import { AuthRequiredEvent } from './events.js';

/**
 * One auth behaviour for the elements that need a user (project-picker, property-text).
 *
 * An *episode* starts when a request is answered 401, or when one is about to go out while
 * the host has given no credentials (nothing is sent then), and ends with {@link renew}, when
 * the host gives a new `token` or `client`. `auth-required` fires once per episode; every
 * request that failed meanwhile waits (state `auth`, its promise pending, the visitor's input
 * kept) and runs again, in order, on the new credentials. A request sent with credentials
 * replaced on its way is re-run at once without an event. A request waits at most once per
 * run, so a host that hands out refused tokens never loops; cancelling a waiting request ends
 * it with an `abort` ApiError.
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
