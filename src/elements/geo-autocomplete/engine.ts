/**
 * geo-autocomplete's engine, DOM-free (unit tests: test/node/geo-engine.test.ts): when to
 * ask the service and what to show meanwhile.
 *
 * - **Typing-cadence debounce.** The wait after a key adapts to how fast the visitor types
 *   (twice the smoothed gap between keys, at least 60 ms, at most `debounce`); while a run
 *   goes on, a request still leaves every {@link MAX_WAIT} ms until a complete answer is known.
 * - **Cache.** Answers per query (and settings), LRU, {@link CACHE_MAX} entries: backspace is instant.
 * - **Local refinement.** A complete earlier answer (fewer items than the limits) for a
 *   prefix of the text is narrowed locally at once; the server's answer for the full text
 *   replaces it. Without one, the list shown is narrowed to what still matches, never left
 *   as an older text's list.
 * - **Back-off.** 429/503 wait (`Retry-After`, else 0.5 s doubling up to 8 s) and then send
 *   whatever the text is by then: the final query is never lost.
 * - **Sequence guard.** One request at a time (the previous one aborted); an answer that is
 *   not the newest request's is cached but never shown.
 */
import type { ApiError, GeoSuggestion } from '../../api/index.js';
import { LruCache } from '../../api/cache.js';
import { localMatch, tier } from './match.js';

/** Entries kept in the answer cache (LRU). */
export const CACHE_MAX = 80;
/** While typing on, a request still leaves at least this often (ms) until a complete answer is known. */
export const MAX_WAIT = 400;
/** A pause (ms) after which the next key starts a new typing run. */
const RUN_GAP = 1000;
/** Delay (ms) before "loading" shows, so fast answers do not flicker. */
export const LOADING_DELAY = 200;

export interface Answer {
  list: GeoSuggestion[];
  /** Fewer items than the limits: every match of the query is in the list (refinable locally). */
  complete: boolean;
}

/** What the engine asks of its element. */
export interface EngineHost {
  /** Asks the service; rejects with an ApiError. */
  request(q: string, signal: AbortSignal): Promise<GeoSuggestion[]>;
  /** The text in the input now (the engine checks it when an answer arrives). */
  text(): string;
  /** What is known for `q`: the server's answer (`exact`) or a local refinement. */
  show(q: string, list: GeoSuggestion[], exact: boolean): void;
  /** The text is shorter than `minLength`: nothing is asked (`asked`: the visitor asked for the list). */
  short(q: string, asked: boolean): void;
  /** A request is taking a while (`loading`), or requests wait for a back-off (`rate`; `err`: the 429/503 that started it). */
  pending(kind: 'loading' | 'rate', err?: ApiError): void;
  /** Offline, or the request failed. */
  fail(kind: 'offline' | 'error', err?: ApiError): void;
  /** Whether the browser believes it is online. */
  online(): boolean;
}

/** The settings that shape a request (all go into the cache key). */
export interface EngineSettings {
  api: 'v1' | 'v2';
  country: string;
  types: string;
  limit: number;
  limitPerType?: number;
  minLength: number;
  debounce: number;
}

/** Timers and time, injectable for tests. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  /** Gives the main thread to waiting input (a key) before an answer is shown; none: go on at once. */
  yield?(): Promise<void>;
}
const SYSTEM: Clock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  // scheduler.yield where there is one (input still goes first), else a task of its own.
  yield: () =>
    (globalThis as { scheduler?: { yield?(): Promise<void> } }).scheduler?.yield?.() ??
    new Promise((r) => setTimeout(r, 0)),
};

/** Whether an answer holds every match: fewer items than `limit` and than the per-type cap. */
export function isComplete(
  list: GeoSuggestion[],
  s: Pick<EngineSettings, 'api' | 'limit' | 'limitPerType'>,
): boolean {
  if (s.api === 'v1' || list.length >= s.limit) return false;
  const per = new Map<string, number>();
  for (const x of list) per.set(x.entity.type, (per.get(x.entity.type) ?? 0) + 1);
  const lpt = s.limitPerType;
  // Without `lpt` the service still caps postcodes at 10.
  return lpt ? [...per.values()].every((n) => n < lpt) : (per.get('postcode') ?? 0) < 10;
}

/** The items of `from` that match `q` locally, best tier first, with their match ranges. */
export function refineList(from: GeoSuggestion[], q: string): GeoSuggestion[] {
  const list: [GeoSuggestion, number][] = [];
  for (const s of from) {
    const m = localMatch(s.entity.label, q);
    if (m) list.push([{ ...s, matches: m }, tier(s.entity.label, q)]);
  }
  return list.sort((x, y) => x[1] - y[1]).map((x) => x[0]);
}

export class GeoEngine {
  /** Current settings; the element sets them before each search. */
  settings: EngineSettings = {
    api: 'v2',
    country: 'DEU',
    types: '',
    limit: 20,
    minLength: 2,
    debounce: 250,
  };
  /** Answers by query and settings; they stay as long as the element (no time-to-live). */
  readonly #cache: LruCache<Answer>;
  #ac?: AbortController;
  #timer: unknown;
  #loadTimer: unknown;
  #seq = 0;
  #lastKey = -Infinity;
  #cadence = 0;
  #burst = 0;
  #lastSent = -Infinity;
  #backoffUntil = 0;
  #backoffN = 0;
  #shownFor = '';
  #shown: GeoSuggestion[] = [];
  #exact = false;

  constructor(
    private readonly host: EngineHost,
    private readonly clock: Clock = SYSTEM,
  ) {
    this.#cache = new LruCache(CACHE_MAX, Infinity, () => clock.now());
  }

  /** The query whose list is shown ('\0' after the settings changed: nothing is current). */
  get shownFor(): string {
    return this.#shownFor;
  }
  /** Whether the list shown is the server's answer for {@link shownFor}. */
  get exact(): boolean {
    return this.#exact;
  }

  /** The answer cache key of a query under the current settings. */
  #key(q: string): string {
    const s = this.settings;
    return [s.api, s.country, s.types, s.limit, s.limitPerType, q].join('|');
  }

  /** Whether the cache holds an answer for `q`. */
  has(q: string): boolean {
    return this.#cache.has(this.#key(q));
  }

  /** A key was typed: updates the typing cadence. */
  keyed(): void {
    const t = this.clock.now();
    const dt = t - this.#lastKey;
    this.#lastKey = t;
    if (dt > RUN_GAP) {
      this.#burst = t;
      this.#cadence = 0;
    } else this.#cadence = this.#cadence ? this.#cadence * 0.6 + dt * 0.4 : dt;
  }

  /** Stops what is scheduled or running (the answer cache stays). */
  abort(): void {
    this.clock.clearTimeout(this.#timer);
    this.clock.clearTimeout(this.#loadTimer);
    this.#ac?.abort();
    this.#ac = undefined;
  }

  /** The settings changed: what is shown no longer answers the text. */
  invalidate(): void {
    this.abort();
    this.#shownFor = '\0';
    this.#exact = false;
  }

  /** The element showed something else (a failure): the list is no longer an answer. */
  failed(): void {
    this.#exact = false;
  }

  /**
   * Shows what is known for the current text at once, and schedules or sends the request
   * (`now`: at once; `asked`: the visitor asked for the list, told to {@link EngineHost.short}).
   */
  search(now = false, asked = false): void {
    this.clock.clearTimeout(this.#timer);
    const q = this.host.text().trim();
    const s = this.settings;
    if (q.length < s.minLength) {
      this.abort();
      this.#shownFor = q;
      this.#shown = [];
      this.#exact = false;
      this.host.short(q, asked);
      return;
    }
    const hit = this.#cache.get(this.#key(q));
    if (hit) {
      this.abort();
      this.#show(q, hit.list, true);
      return;
    }
    const refined = this.#refine(q);
    if (!this.host.online()) {
      this.abort();
      this.#exact = false;
      return this.host.fail('offline');
    }
    const t = this.clock.now();
    if (t < this.#backoffUntil) {
      this.host.pending('rate');
      this.#timer = this.clock.setTimeout(() => this.search(true), this.#backoffUntil - t);
      return;
    }
    const wait = this.#cadence ? Math.min(s.debounce, Math.max(60, this.#cadence * 2)) : s.debounce;
    if (now || (!refined && t - Math.max(this.#lastSent, this.#burst) >= MAX_WAIT))
      void this.fetch(q);
    else this.#timer = this.clock.setTimeout(() => void this.fetch(q), wait);
  }

  #show(q: string, list: GeoSuggestion[], exact: boolean): void {
    this.#shownFor = q;
    this.#shown = list;
    this.#exact = exact;
    this.host.show(q, list, exact);
  }

  /** Shows the local refinement of the longest complete earlier answer for a prefix of `q`. */
  #refine(q: string): boolean {
    if (this.#exact && this.#shownFor === q) return true;
    for (let n = q.length - 1; n >= this.settings.minLength; n--) {
      const a = this.#cache.get(this.#key(q.slice(0, n)));
      if (a?.complete) {
        this.#show(q, refineList(a.list, q), false);
        return true;
      }
    }
    // No complete answer: never leave an older text's list on screen; keep only what still
    // matches (the server's answer follows and replaces it). From a text below min-length
    // this is an empty list: the popup opens at once saying that the search runs.
    const was = this.#shownFor;
    if (was && was !== '\0' && q.startsWith(was) && q !== was)
      this.#show(q, refineList(this.#shown, q), false);
    return false;
  }

  /** Asks the service for `q` now (the previous request aborted). */
  async fetch(q: string): Promise<void> {
    this.abort();
    const ac = (this.#ac = new AbortController());
    const seq = ++this.#seq;
    const s = this.settings;
    this.#lastSent = this.clock.now();
    this.#loadTimer = this.clock.setTimeout(() => {
      if (this.#shownFor !== q || !this.#exact) this.host.pending('loading');
    }, LOADING_DELAY);
    try {
      const list = await this.host.request(q, ac.signal);
      this.#cache.set(this.#key(q), { list, complete: isComplete(list, s) });
      this.#backoffN = 0;
      if (seq !== this.#seq) return;
      // The answer was read and checked in this task; it is shown in the next one, so that a
      // key waiting meanwhile goes first (it finds the answer in the cache) instead of
      // waiting for the list's render too.
      await this.clock.yield?.();
      if (seq !== this.#seq) return;
      this.clock.clearTimeout(this.#loadTimer);
      this.#ac = undefined;
      const cur = this.host.text().trim();
      if (cur === q) this.#show(q, list, true);
      else if (!this.#refine(cur)) this.search();
    } catch (e) {
      const err = e as ApiError;
      if (ac.signal.aborted || seq !== this.#seq) return;
      this.clock.clearTimeout(this.#loadTimer);
      this.#ac = undefined;
      if (err.isRateLimited) {
        // Back off, then send whatever the text is by then: the final query is never lost.
        const ms = err.retryAfter
          ? err.retryAfter * 1000
          : Math.min(8000, 500 * 2 ** this.#backoffN++);
        this.#backoffUntil = this.clock.now() + ms;
        this.host.pending('rate', err);
        this.#timer = this.clock.setTimeout(() => this.search(true), ms);
        return;
      }
      this.#exact = false;
      this.host.fail(err.kind === 'network' && !this.host.online() ? 'offline' : 'error', err);
    }
  }
}
