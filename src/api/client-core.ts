/**
 * ClientCore: ClientBase plus the auth hook, the LRU cache and the sharing of identical GETs
 * in flight. ImmoClient (client.ts) extends it. No DOM; runs in browsers and Node.
 */
import { ApiError } from './errors.js';
import { LruCache } from './cache.js';
import {
  ClientBase,
  type AuthHook,
  type CallOptions,
  type ImmoClientOptions,
  type RequestSpec,
} from './core.js';

interface Flight {
  promise: Promise<unknown>;
  controller: AbortController;
  users: number;
}

const clone = <T>(v: T): T =>
  typeof structuredClone === 'function' ? structuredClone(v) : (JSON.parse(JSON.stringify(v)) as T);

/**
 * The client's whole machinery — configuration, requests, retries, the LRU cache, sharing of
 * identical GETs in flight, the auth hook, errors — without any operation. The operations
 * are functions in ops.ts that take a ClientBase, so an element imports only those it calls;
 * ImmoClient (client.ts) is the full object with one method per operation.
 */
export class ClientCore extends ClientBase {
  readonly #cache: LruCache<unknown> | undefined;
  readonly #inflight = new Map<string, Flight>();
  readonly #auth: AuthHook | undefined;

  constructor(options: ImmoClientOptions) {
    super(options);
    this.#auth = options.auth;
    if (options.cache !== false) {
      this.#cache = new LruCache(
        options.cache?.max ?? 200,
        options.cache?.ttl ?? 5 * 60_000,
        options.now ?? Date.now,
      );
    }
  }

  /** Empties the suggestion/entity cache. */
  clearCache(): void {
    this.#cache?.clear();
  }

  /** @internal */
  protected override send<T>(
    spec: RequestSpec<T>,
    url: string,
    opts: CallOptions | undefined,
  ): Promise<T> {
    const useCache =
      spec.method === 'GET' && spec.cacheable && this.#cache && opts?.cache !== false;
    const cacheKey = `${spec.format} ${url}`;
    if (useCache) {
      const hit = this.#cache!.get(cacheKey);
      if (hit !== undefined) return Promise.resolve(clone(hit as T));
    }
    const start = async (signal: AbortSignal | undefined): Promise<T> => {
      const value = await this.attempts(spec, url, opts, signal);
      if (useCache) {
        try {
          this.#cache!.set(cacheKey, clone(value));
        } catch {
          // A value that cannot be copied is not cached; the caller still gets it.
        }
      }
      return value;
    };
    if (spec.method !== 'GET') return start(opts?.signal);
    return this.#join(
      `${spec.format} ${url} ${opts?.token ?? ''}`,
      spec.operation,
      start,
      opts?.signal,
    );
  }

  /** The auth hook's headers; a failing hook is a network-kind ApiError. @internal */
  protected override async headers(
    spec: RequestSpec<unknown>,
    url: string,
  ): Promise<Record<string, string> | undefined | void> {
    if (!this.#auth) return undefined;
    try {
      return await this.#auth({ method: spec.method, url, operation: spec.operation });
    } catch (e) {
      throw new ApiError({
        kind: 'network',
        operation: spec.operation,
        messages: [{ code: 'AUTH_HOOK_FAILED', text: e instanceof Error ? e.message : String(e) }],
        cause: e,
      });
    }
  }

  /** Identical GETs in flight share one request; it is cancelled when every caller has left. */
  #join<T>(
    key: string,
    operation: string,
    start: (signal: AbortSignal) => Promise<T>,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    let flight = this.#inflight.get(key);
    if (!flight) {
      const controller = new AbortController();
      const f: Flight = { controller, users: 0, promise: Promise.resolve() };
      f.promise = start(controller.signal).finally(() => {
        if (this.#inflight.get(key) === f) this.#inflight.delete(key);
      });
      f.promise.catch(() => {});
      this.#inflight.set(key, f);
      flight = f;
    }
    const f = flight;
    const shared = f.users > 0;
    f.users++;
    return new Promise<T>((resolve, reject) => {
      const leave = () => {
        f.users--;
        if (f.users === 0) {
          if (this.#inflight.get(key) === f) this.#inflight.delete(key);
          f.controller.abort();
        }
        reject(this.abortError(operation, signal?.reason));
      };
      if (signal?.aborted) return leave();
      signal?.addEventListener('abort', leave, { once: true });
      f.promise.then(
        (v) => {
          signal?.removeEventListener('abort', leave);
          if (!shared) return resolve(v as T);
          try {
            resolve(clone(v as T));
          } catch (e) {
            // Every failure a caller sees is an ApiError, whatever the body was.
            reject(new ApiError({ kind: 'parse', operation, cause: e }));
          }
        },
        (e) => {
          signal?.removeEventListener('abort', leave);
          reject(e);
        },
      );
    });
  }
}
