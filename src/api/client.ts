/**
 * ImmoClient: one typed method per operation of SPEC.md 4. No DOM; runs in browsers and
 * Node. XML support (parser and writers) is loaded by dynamic import only when an XML
 * media type is used.
 */
import { ApiError, type ApiLang } from './errors.js';
import { LruCache } from './cache.js';
import { legacyRegionsToSuggestions } from './legacy.js';
import {
  detectFormat,
  parseEntity,
  parseEntryResults,
  parseErrorBody,
  parseExpose,
  parseOwnRealEstates,
  parseProjectEntries,
  parseProjects,
  parsePropertyText,
  parseRegions,
  parseStatistic,
  parseSuggestions,
  type Format,
} from './parse.js';
import { contactFormJson, propertyTextBody } from './bodies.js';
import {
  Problems,
  validateContactForm,
  validateEntity,
  validateId,
  validatePropertyText,
  validateStatistic,
  validateSuggest,
} from './validate.js';
import {
  realEstateTypeParam,
  type ContactForm,
  type ExposeContactInfo,
  type GeoEntity,
  type GeoEntityQuery,
  type GeoHierarchyStatistic,
  type GeoSuggestion,
  type GeoSuggestQuery,
  type LegacyRegion,
  type OwnRealEstate,
  type ProjectEntryResult,
  type PropertyTextRequest,
  type PropertyTextResult,
  type RealEstateProject,
  type RealEstateProjectEntry,
  type StatisticQuery,
} from './types.js';

export { legacyRegionsToSuggestions } from './legacy.js';

/** What the auth hook learns about each request. */
export interface AuthRequest {
  method: 'GET' | 'POST';
  url: string;
  operation: string;
}

export type AuthHook = (
  req: AuthRequest,
) => Promise<Record<string, string> | undefined | void> | Record<string, string> | undefined | void;

export interface ImmoClientOptions {
  /** Service root including the API prefix, e.g. `/restapi/api`. */
  baseUrl: string;
  /** Adds headers to every request (called per attempt, so tokens may refresh). */
  auth?: AuthHook;
  /** Passed to fetch, e.g. `include` for cookie-based partner backends. */
  credentials?: RequestCredentials;
  /** Milliseconds per attempt, default 15000. */
  timeout?: number;
  /** Retries of idempotent GETs on 429/502/503/504, network errors and timeouts; default 2. */
  retries?: number;
  /** LRU cache for suggestion and entity GETs (default max 200 entries, ttl 5 minutes), or false. */
  cache?: { max?: number; ttl?: number } | false;
  fetch?: typeof fetch;
  /** Language of ApiError messages, default German. */
  lang?: ApiLang;
  /** Base delay of the exponential backoff in ms, default 300. */
  retryDelay?: number;
  /**
   * Longest wait before a retry in ms, default 30000. A Retry-After longer than this ends
   * the retries: the error is thrown with `retryAfter` so the caller can tell the user.
   */
  maxRetryDelay?: number;
  /** Source of jitter in [0, 1), default Math.random (tests inject a fixed one). */
  random?: () => number;
  /** How to wait between retries, default a timer that an abort cuts short. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Clock for the cache TTL and Retry-After dates, default Date.now. */
  now?: () => number;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Milliseconds per attempt, overrides the client's timeout. */
  timeout?: number;
  /** Media type where the operation supports both. */
  format?: 'json' | 'xml';
  /** Sends `Authorization: Bearer <token>` for this call (after the auth hook). */
  token?: string;
  /** `false` bypasses the cache for this call. */
  cache?: boolean;
}

interface RequestSpec<T> {
  operation: string;
  method: 'GET' | 'POST';
  path: string;
  query?: [string, string | undefined][];
  format: Format;
  body?: () => Promise<string> | string;
  contentType?: string;
  cacheable?: boolean;
  parse: (body: string, format: Format, status: number) => Promise<T>;
}

const MEDIA: Record<Format, string> = { json: 'application/json', xml: 'application/xml' };
const RETRY_STATUS = new Set([429, 502, 503, 504]);

function encodeQuery(query: [string, string | undefined][] | undefined): string {
  const parts = (query ?? [])
    .filter((p): p is [string, string] => p[1] !== undefined)
    .map(([k, v]) => `${k}=${v}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

const enc = encodeURIComponent;
const encList = (xs: readonly string[]) => xs.map(enc).join(',');

/** Seconds from a Retry-After header (delta-seconds or HTTP date), or undefined. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  const t = Date.parse(v);
  if (Number.isNaN(t)) return undefined;
  return Math.max(0, Math.ceil((t - now) / 1000));
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const clone = <T>(v: T): T => (typeof structuredClone === 'function' ? structuredClone(v) : (JSON.parse(JSON.stringify(v)) as T));

interface Flight {
  promise: Promise<unknown>;
  controller: AbortController;
  users: number;
}

export class ImmoClient {
  readonly baseUrl: string;
  readonly lang: ApiLang;
  readonly #o: ImmoClientOptions;
  readonly #cache: LruCache<unknown> | undefined;
  readonly #inflight = new Map<string, Flight>();

  constructor(options: ImmoClientOptions) {
    if (!options || typeof options.baseUrl !== 'string') throw new TypeError('ImmoClient: baseUrl is required');
    this.#o = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.lang = options.lang === 'en' ? 'en' : 'de';
    if (options.cache !== false) {
      this.#cache = new LruCache(options.cache?.max ?? 200, options.cache?.ttl ?? 5 * 60_000, options.now ?? Date.now);
    }
  }

  /** Empties the suggestion/entity cache. */
  clearCache(): void {
    this.#cache?.clear();
  }

  // ------------------------------------------------------------ operations

  /** 4.1: counts per real-estate type for a region and its direct subregions. */
  getStatistic(query: StatisticQuery, opts?: CallOptions): Promise<GeoHierarchyStatistic> {
    return this.#run('getStatistic', opts, (p) => validateStatistic(query ?? {}, p), () => ({
      operation: 'getStatistic',
      method: 'GET',
      path: '/search/v1.0/statistic',
      query: [
        ['geocode', enc(String(query.geocode).trim())],
        ['realestatetypes', query.realEstateTypes?.length ? encList(query.realEstateTypes.map(realEstateTypeParam)) : undefined],
        ['customernumber', query.customerNumber !== undefined ? enc(query.customerNumber) : undefined],
        ['username', query.username !== undefined ? enc(query.username) : undefined],
        ['channel', query.channel !== undefined ? enc(query.channel) : undefined],
      ],
      format: opts?.format ?? 'json',
      parse: (b, f, s) => parseStatistic(b, f, this.lang, s),
    }));
  }

  /** Loads an expose far enough to know its contact form type and configuration. */
  getExpose(exposeId: string, opts?: CallOptions): Promise<ExposeContactInfo> {
    return this.#run('getExpose', opts, (p) => validateId('exposeId', exposeId, p), () => ({
      operation: 'getExpose',
      method: 'GET',
      path: `/search/v1.0/expose/${enc(String(exposeId).trim())}`,
      format: opts?.format ?? 'json',
      parse: (b, f, s) => parseExpose(b, f, this.lang, s, String(exposeId).trim()),
    }));
  }

  /** 4.2: sends one contact form; resolves when the service accepted it. */
  contactRealtor(exposeId: string, form: ContactForm, opts?: CallOptions): Promise<void> {
    const format = opts?.format ?? 'json';
    return this.#run(
      'contactRealtor',
      opts,
      (p) => {
        validateId('exposeId', exposeId, p);
        validateContactForm(form, p);
      },
      () => ({
        operation: 'contactRealtor',
        method: 'POST',
        path: `/search/v1.0/expose/${enc(String(exposeId).trim())}/contact`,
        format,
        contentType: MEDIA[format],
        body: format === 'xml' ? async () => (await import('./xml-write.js')).contactFormXml(form) : () => contactFormJson(form),
        parse: async () => undefined,
      }),
    );
  }

  /** 4.3: headline and description for a house or an apartment (JSON only). */
  generatePropertyText(request: PropertyTextRequest, opts?: CallOptions): Promise<PropertyTextResult> {
    return this.#run(
      'generatePropertyText',
      opts,
      (p) => {
        jsonOnly(opts, p);
        validatePropertyText(request, p);
      },
      () => ({
        operation: 'generatePropertyText',
        method: 'POST',
        path: '/ai/v1.0/nlg/listing/property/generate',
        format: 'json',
        contentType: MEDIA.json,
        body: () => JSON.stringify(propertyTextBody(request)),
        parse: (b, f, s) => parsePropertyText(b, f, this.lang, s),
      }),
    );
  }

  /** 4.4: the user's building projects. */
  listProjects(opts?: CallOptions): Promise<RealEstateProject[]> {
    return this.#run('listProjects', opts, () => {}, () => ({
      operation: 'listProjects',
      method: 'GET',
      path: '/offer/v1.0/user/me/realestateproject',
      format: opts?.format ?? 'xml',
      parse: (b, f, s) => parseProjects(b, f, this.lang, s),
    }));
  }

  /** 4.4: the real estates of one project. */
  listProjectEntries(projectId: string, opts?: CallOptions): Promise<RealEstateProjectEntry[]> {
    return this.#run('listProjectEntries', opts, (p) => validateId('projectId', projectId, p), () => ({
      operation: 'listProjectEntries',
      method: 'GET',
      path: `/offer/v1.0/user/me/realestateproject/${enc(String(projectId).trim())}/realestateprojectentry`,
      format: opts?.format ?? 'xml',
      parse: (b, f, s) => parseProjectEntries(b, f, this.lang, s),
    }));
  }

  /** 4.4 rule 1: all of the user's own real estates. */
  listOwnRealEstates(opts?: CallOptions): Promise<OwnRealEstate[]> {
    return this.#run('listOwnRealEstates', opts, () => {}, () => ({
      operation: 'listOwnRealEstates',
      method: 'GET',
      path: '/offer/v1.0/user/me/realestate',
      format: opts?.format ?? 'xml',
      parse: (b, f, s) => parseOwnRealEstates(b, f, this.lang, s),
    }));
  }

  /** 4.4: adds real estates to a project (XML body); one result per entry. */
  addProjectEntries(projectId: string, realEstateIds: string[], opts?: CallOptions): Promise<ProjectEntryResult[]> {
    const ids = Array.isArray(realEstateIds) ? realEstateIds.map((i) => String(i).trim()) : [];
    return this.#run(
      'addProjectEntries',
      opts,
      (p) => {
        validateId('projectId', projectId, p);
        if (!ids.length) p.add('realEstateIds', 'mindestens eine Immobilie angeben', 'name at least one real estate');
        if (ids.some((i) => !/^\d{1,19}$/.test(i))) p.add('realEstateIds', 'müssen numerische IDs sein', 'must be numeric ids');
      },
      () => ({
        operation: 'addProjectEntries',
        method: 'POST',
        path: `/offer/v1.0/user/me/realestateproject/${enc(String(projectId).trim())}/realestateprojectentry`,
        format: opts?.format ?? 'xml',
        contentType: MEDIA.xml,
        body: async () => (await import('./xml-write.js')).projectEntriesXml(ids),
        parse: (b, f, s) => parseEntryResults(b, f, this.lang, s),
      }),
    );
  }

  /** 4.5: geo suggestions for an input (JSON only, cached). */
  suggestGeo(query: GeoSuggestQuery, opts?: CallOptions): Promise<GeoSuggestion[]> {
    return this.#run(
      'suggestGeo',
      opts,
      (p) => {
        jsonOnly(opts, p);
        validateSuggest(query ?? {}, p);
      },
      () => ({
        operation: 'suggestGeo',
        method: 'GET',
        path: `/gis/v2.0/geoautocomplete/${query.country}`,
        query: [
          ['i', enc(query.input)],
          ['l', query.limit !== undefined ? String(query.limit) : undefined],
          ['lpt', query.limitPerType !== undefined ? String(query.limitPerType) : undefined],
          ['t', query.types?.length ? encList(query.types) : undefined],
        ],
        format: 'json',
        cacheable: true,
        parse: (b, f, s) => parseSuggestions(b, f, this.lang, s),
      }),
    );
  }

  /** 4.6: one geo entity with optional geo id or coordinates (JSON only, cached). */
  getGeoEntity(query: GeoEntityQuery, opts?: CallOptions): Promise<GeoEntity> {
    return this.#run(
      'getGeoEntity',
      opts,
      (p) => {
        jsonOnly(opts, p);
        validateEntity(query ?? {}, p);
      },
      () => ({
        operation: 'getGeoEntity',
        method: 'GET',
        path: `/gis/v2.0/geoautocomplete/${query.country}/entity/${enc(query.id.trim())}`,
        query: [['g', query.geoData]],
        format: 'json',
        cacheable: true,
        parse: (b, f, s) => parseEntity(b, f, this.lang, s),
      }),
    );
  }

  /** 4.7 (deprecated): legacy region search, XML by default. */
  searchRegions(query: string, opts?: CallOptions): Promise<LegacyRegion[]> {
    return this.#run('searchRegions', opts, (p) => p.required('query', query), () => ({
      operation: 'searchRegions',
      method: 'GET',
      path: '/search/v1.0/region',
      query: [['q', enc(query)]],
      format: opts?.format ?? 'xml',
      parse: (b, f, s) => parseRegions(b, f, this.lang, s),
    }));
  }

  /** 4.7 through the v1 → v2 adapter: suggestion items of type quarterOrTown. */
  async suggestGeoV1(query: string, opts?: CallOptions): Promise<GeoSuggestion[]> {
    return legacyRegionsToSuggestions(await this.searchRegions(query, opts), query);
  }

  // ------------------------------------------------------------ machinery

  async #run<T>(operation: string, opts: CallOptions | undefined, validate: (p: Problems) => void, build: () => RequestSpec<T>): Promise<T> {
    if (opts?.signal?.aborted) throw this.#abort(operation, opts.signal.reason);
    const problems = new Problems();
    try {
      validate(problems);
    } catch {
      // an argument so malformed (e.g. a number where an object belongs) that a check could not read it
      problems.add('request', 'ist ungültig', 'is invalid');
    }
    problems.throwIfAny(operation, this.lang);
    const spec = build();
    const url = `${this.baseUrl}${spec.path}${encodeQuery(spec.query)}`;
    const useCache = spec.method === 'GET' && spec.cacheable && this.#cache && opts?.cache !== false;
    const cacheKey = `${spec.format} ${url}`;
    if (useCache) {
      const hit = this.#cache!.get(cacheKey);
      if (hit !== undefined) return clone(hit as T);
    }
    const start = async (signal: AbortSignal | undefined): Promise<T> => {
      const value = await this.#attempts(spec, url, opts, signal);
      if (useCache) this.#cache!.set(cacheKey, clone(value));
      return value;
    };
    if (spec.method !== 'GET') return start(opts?.signal);
    return this.#join(`${spec.format} ${url} ${opts?.token ?? ''}`, operation, start, opts?.signal);
  }

  /** Identical GETs in flight share one request; it is cancelled when every caller has left. */
  #join<T>(key: string, operation: string, start: (signal: AbortSignal) => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
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
        reject(this.#abort(operation, signal?.reason));
      };
      if (signal?.aborted) return leave();
      signal?.addEventListener('abort', leave, { once: true });
      f.promise.then(
        (v) => {
          signal?.removeEventListener('abort', leave);
          resolve(shared ? clone(v as T) : (v as T));
        },
        (e) => {
          signal?.removeEventListener('abort', leave);
          reject(e);
        },
      );
    });
  }

  async #attempts<T>(spec: RequestSpec<T>, url: string, opts: CallOptions | undefined, signal: AbortSignal | undefined): Promise<T> {
    const retries = spec.method === 'GET' ? Math.max(0, this.#o.retries ?? 2) : 0;
    const body = spec.body ? await spec.body() : undefined;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.#once(spec, url, body, opts, signal);
      } catch (e) {
        const err = e as ApiError;
        const retryable =
          err.kind === 'network' || err.kind === 'timeout' || (err.kind === 'http' && RETRY_STATUS.has(err.status ?? 0));
        if (!retryable || attempt >= retries || signal?.aborted) throw err;
        const delay = this.#delay(err, attempt);
        if (delay === undefined) throw err;
        try {
          await (this.#o.sleep ?? defaultSleep)(delay, signal);
        } catch (why) {
          throw this.#abort(spec.operation, why);
        }
        if (signal?.aborted) throw this.#abort(spec.operation, signal.reason);
      }
    }
  }

  /** Wait before the next attempt: Retry-After when given, else exponential backoff with jitter. */
  #delay(err: ApiError, attempt: number): number | undefined {
    const max = this.#o.maxRetryDelay ?? 30_000;
    if (err.retryAfter !== undefined) {
      const ms = err.retryAfter * 1000;
      return ms <= max ? ms : undefined;
    }
    const base = Math.min(max, (this.#o.retryDelay ?? 300) * 2 ** attempt);
    const r = (this.#o.random ?? Math.random)();
    return Math.round(base / 2 + (base / 2) * Math.min(Math.max(r, 0), 1));
  }

  async #once<T>(spec: RequestSpec<T>, url: string, body: string | undefined, opts: CallOptions | undefined, signal: AbortSignal | undefined): Promise<T> {
    const { operation } = spec;
    const headers: Record<string, string> = { Accept: MEDIA[spec.format] };
    if (body !== undefined && spec.contentType) headers['Content-Type'] = spec.contentType;
    if (this.#o.auth) {
      let extra: Record<string, string> | undefined | void;
      try {
        extra = await this.#o.auth({ method: spec.method, url, operation });
      } catch (e) {
        throw new ApiError({
          kind: 'network',
          operation,
          lang: this.lang,
          messages: [{ code: 'AUTH_HOOK_FAILED', text: e instanceof Error ? e.message : String(e) }],
          cause: e,
        });
      }
      if (extra) for (const [k, v] of Object.entries(extra)) if (typeof v === 'string') headers[k] = v;
    }
    if (opts?.token) headers['Authorization'] = `Bearer ${opts.token}`;
    if (signal?.aborted) throw this.#abort(operation, signal.reason);

    const controller = new AbortController();
    let timedOut = false;
    const ms = opts?.timeout ?? this.#o.timeout ?? 15_000;
    const timer = ms > 0 && Number.isFinite(ms) ? setTimeout(() => ((timedOut = true), controller.abort()), ms) : undefined;
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const fail = (e: unknown): ApiError => {
      if (e instanceof ApiError) return e;
      if (signal?.aborted) return this.#abort(operation, signal.reason);
      if (timedOut) return new ApiError({ kind: 'timeout', operation, lang: this.lang, cause: e });
      return new ApiError({
        kind: 'network',
        operation,
        lang: this.lang,
        messages: [{ code: 'NETWORK_ERROR', text: e instanceof Error ? e.message : String(e) }],
        cause: e,
      });
    };
    try {
      const f = this.#o.fetch ?? globalThis.fetch;
      const init: RequestInit = { method: spec.method, headers, signal: controller.signal };
      if (body !== undefined) init.body = body;
      if (this.#o.credentials) init.credentials = this.#o.credentials;
      let res: Response;
      let text: string;
      try {
        res = await f(url, init);
        text = await res.text();
      } catch (e) {
        throw fail(e);
      }
      const ct = res.headers.get('content-type');
      if (res.status < 200 || res.status > 299) {
        const messages = await parseErrorBody(text, ct);
        const retryAfter = parseRetryAfter(res.headers.get('retry-after'), (this.#o.now ?? Date.now)());
        throw new ApiError({
          kind: 'http',
          status: res.status,
          operation,
          lang: this.lang,
          messages,
          ...(retryAfter !== undefined ? { retryAfter } : {}),
        });
      }
      try {
        return await spec.parse(text, detectFormat(text, ct, spec.format), res.status);
      } catch (e) {
        throw e instanceof ApiError ? e : new ApiError({ kind: 'parse', status: res.status, operation, lang: this.lang, cause: e });
      }
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  #abort(operation: string, reason: unknown): ApiError {
    return new ApiError({ kind: 'abort', operation, lang: this.lang, cause: reason });
  }
}

function jsonOnly(opts: CallOptions | undefined, p: Problems): void {
  if (opts?.format !== undefined && opts.format !== 'json') {
    p.add('format', 'dieser Dienst spricht nur JSON', 'this service supports JSON only');
  }
}
