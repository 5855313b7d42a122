/**
 * The sandbox's geography: geo suggestion (docs/interface.md#geo-suggestions), geo entity
 * (#geo-entity), the legacy region search (#legacy-region-search) and the hierarchy the
 * statistic (#statistic) counts over.
 *
 * Coverage, normalisation, ranking and label rules, and what is missing: docs/sandbox.md,
 * "Geography" (keep the two in step).
 */
import { badParameter, notFound } from '../errors.js';
import { parseQuery, typoVariants } from './query.js';
import {
  buildGeo,
  lambert,
  type Country,
  type EntityType,
  type GeoAddress,
  type GeoData,
  type GeoNode,
  type GeoRecord,
} from './build.js';
import { matchRecord, TypeIndex, type Hit } from './search.js';
import { cacheFile, dataPackagesDir, readCache, readPacked, writeCache } from './cache.js';

export type { GeoNode, GeoAddress, EntityType, Country } from './build.js';

export interface GeoSuggestionItem {
  entity: { type: string; id: string; label: string };
  matches: { offset: number; length: number }[];
}

export interface GeoEntityRecord {
  type: string;
  id: string;
  label: string;
  address: GeoAddress;
  geoId?: string;
  geoData?: { x: number; y: number } | { lat: number; lon: number };
}

export interface LegacyRegionItem {
  name: string;
  geoCodeId: string;
  amount: number;
}

/** Raw query parameters; absent ones may be undefined or null. */
export interface SuggestQuery {
  i?: string | null;
  l?: string | null;
  lpt?: string | null;
  t?: string | null;
}

/** The default of `t` (docs/interface.md#geo-suggestions). */
export const DEFAULT_TYPES: readonly EntityType[] = [
  'country',
  'region',
  'city',
  'district',
  'quarterOrTown',
  'postcodeWithQuarter',
];
/** What `t=All` stands for (trainStation is not included). */
export const ALL_TYPES: readonly EntityType[] = [
  'country',
  'region',
  'city',
  'district',
  'quarterOrTown',
  'postcode',
  'street',
];
const KNOWN_TYPES = new Set<string>([
  'country',
  'region',
  'city',
  'district',
  'quarterOrTown',
  'quarter',
  'postcode',
  'postcodeWithQuarter',
  'street',
  'trainStation',
  'address',
  'customArea',
]);
const COUNTRIES: readonly Country[] = ['DEU', 'AUT'];
const G_VALUES = ['None', 'GeoId', 'Lambert', 'WGS84'] as const;
const MAX_LIMIT = 120;
const DEFAULT_LIMIT = 50;
const POSTCODE_CAP = 10;
/** Added to the tier of a hit found only with one typo corrected: after every other hit. */
const TYPO_TIERS = 4;
/** Typo variants are tried when the words as typed find fewer hits than this. */
const TYPO_BELOW = 3;
/** Added to the tier of a street or address when the input does not look like a street. */
const STREET_TIERS = 8;
/** The background build of the indexes not needed yet starts this long after loading. */
const WARM_AFTER_MS = 300;

/** The match ranges of a hit in its label (for a corrected typo, of the corrected word). */
function matchesOf(h: Hit, words: string[], masks: number[]): { offset: number; length: number }[] {
  return (
    (h.words ? matchRecord(h.rec, h.words) : matchRecord(h.rec, words, true, masks))?.matches ?? []
  );
}

// Error texts are the service's: English only (docs/interface.md#errors); the elements word
// what visitors read, in German and English.
function parseCountry(country: string): Country {
  const c = country.toUpperCase();
  if (!(COUNTRIES as readonly string[]).includes(c)) {
    throw notFound(`Unknown country "${country}" (allowed: DEU, AUT).`);
  }
  return c as Country;
}

function parseCount(
  name: string,
  raw: string | null | undefined,
  min: number,
  max: number,
): number | undefined {
  if (raw === undefined || raw === null) return undefined;
  const s = raw.trim();
  const n = /^\d{1,6}$/.test(s) ? Number(s) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) {
    throw badParameter(`Parameter ${name} must be an integer from ${min} to ${max}, not "${raw}".`);
  }
  return n;
}

function parseTypes(raw: string | null | undefined): EntityType[] {
  if (raw === undefined || raw === null || raw.trim() === '') return [...DEFAULT_TYPES];
  const out: EntityType[] = [];
  for (const part of raw.split(',')) {
    const v = part.trim();
    if (!v) continue;
    const list: readonly string[] =
      v.toLowerCase() === 'all' ? ALL_TYPES : KNOWN_TYPES.has(v) ? [v] : [];
    if (!list.length) {
      throw badParameter(
        `Unknown type "${v}" in t (allowed: All, ${[...KNOWN_TYPES].join(', ')}).`,
      );
    }
    for (const t of list) if (!out.includes(t as EntityType)) out.push(t as EntityType);
  }
  return out;
}

/** Whether hit a is shown before hit b: tier, weight (descending), type order, label, id. */
function before(a: Hit, b: Hit): boolean {
  return (
    (a.tier - b.tier ||
      b.rec.weight - a.rec.weight ||
      a.order - b.order ||
      (a.rec.label < b.rec.label ? -1 : a.rec.label > b.rec.label ? 1 : 0) ||
      (a.rec.id < b.rec.id ? -1 : a.rec.id > b.rec.id ? 1 : 0)) < 0
  );
}

/** The built geography with its search indexes. */
export class GeoIndex {
  /** Records per country and type (`DEU:city`), and their search indexes once built (see index()). */
  private readonly groups = new Map<string, GeoRecord[]>();
  private readonly indexes = new Map<string, TypeIndex>();
  private readonly byId: Record<Country, Map<string, GeoRecord>> = {
    DEU: new Map(),
    AUT: new Map(),
  };
  /** JSON text of a suggestion item up to its match ranges, per record (see suggestJson). */
  private readonly entityJson = new Map<GeoRecord, string>();

  constructor(
    /** Every record of both countries, in build order. */
    readonly records: GeoRecord[],
    private readonly nodes: Map<string, GeoNode>,
    private readonly bigCities: Record<Country, GeoNode[]>,
    /** Counts and timings of the build, for the benchmark and the logs. */
    readonly stats: Record<string, number>,
  ) {
    stats.indexMs = 0; // the time spent building indexes so far (index())
    const groups = this.groups;
    for (const r of records) {
      const k = r.country + ':' + r.type;
      (groups.get(k) ?? groups.set(k, []).get(k)!).push(r);
      this.byId[r.country].set(r.id, r);
    }
    // The indexes are built when a request first searches their type, so that the first
    // answer does not wait for all of them (the streets alone are half the records); the
    // rest are built in the background soon after, one per turn of the event loop.
    setTimeout(() => this.warm(), WARM_AFTER_MS).unref();
  }

  /** The search index of a country's entity type, built on first use; undefined when it has no records. */
  private index(key: string): TypeIndex | undefined {
    let index = this.indexes.get(key);
    if (!index) {
      const list = this.groups.get(key);
      if (!list) return undefined;
      const t = performance.now();
      index = new TypeIndex(list);
      this.indexes.set(key, index);
      this.stats.indexMs = (this.stats.indexMs ?? 0) + Math.round(performance.now() - t);
    }
    return index;
  }

  /** Every search index by `country:type`, all built now (for tests and tools). */
  allIndexes(): ReadonlyMap<string, TypeIndex> {
    for (const key of this.groups.keys()) this.index(key);
    return this.indexes;
  }

  /** Builds the indexes no request has needed yet, one per macrotask. */
  private warm(): void {
    for (const key of this.groups.keys()) {
      if (this.indexes.has(key)) continue;
      this.index(key);
      setImmediate(() => this.warm()).unref();
      return;
    }
  }

  /** Geo suggestion (docs/interface.md#geo-suggestions): raw query parameters in, suggestion items out. */
  suggest(country: string, q: SuggestQuery): GeoSuggestionItem[] {
    const { words, masks, hits } = this.select(country, q);
    return hits.map((h) => ({
      entity: { type: h.rec.type, id: h.rec.id, label: h.rec.label },
      matches: matchesOf(h, words, masks),
    }));
  }

  /**
   * The same answer as `JSON.stringify(suggest(country, q))`, written directly: the
   * server's suggestion route sends this text. The entity part of an item only depends on
   * the record, so its text is made once per record (on first use, not at start-up);
   * only the match ranges are written per request.
   */
  suggestJson(country: string, q: SuggestQuery): string {
    const { words, masks, hits } = this.select(country, q);
    let out = '[';
    for (let k = 0; k < hits.length; k++) {
      const rec = hits[k]!.rec;
      let head = this.entityJson.get(rec);
      if (head === undefined) {
        head = `{"entity":{"type":${JSON.stringify(rec.type)},"id":${JSON.stringify(rec.id)},"label":${JSON.stringify(rec.label)}},"matches":[`;
        this.entityJson.set(rec, head);
      }
      if (k) out += ',';
      out += head;
      const matches = matchesOf(hits[k]!, words, masks);
      for (let m = 0; m < matches.length; m++) {
        out +=
          (m ? ',{"offset":' : '{"offset":') +
          matches[m]!.offset +
          ',"length":' +
          matches[m]!.length +
          '}';
      }
      out += ']}';
    }
    return out + ']';
  }

  /** Validates the query and picks the hits to show, best first (docs/interface.md#geo-suggestions). */
  private select(
    country: string,
    q: SuggestQuery,
  ): { words: string[]; masks: number[]; hits: Hit[] } {
    const c = parseCountry(country);
    if (q.i === undefined || q.i === null || q.i.trim() === '') {
      throw badParameter('Parameter i (input) is missing.');
    }
    if (q.i.length > 200) {
      throw badParameter('Parameter i is longer than 200 characters.');
    }
    const limit = parseCount('l', q.l, 1, MAX_LIMIT) ?? DEFAULT_LIMIT;
    const perType = parseCount('lpt', q.lpt, 1, MAX_LIMIT);
    const types = parseTypes(q.t);
    const { words, masks, streetLike } = parseQuery(q.i);
    if (!words.length) return { words, masks, hits: [] };
    const numeric = /^\d+$/.test(q.i.trim());

    const capOf = (type: EntityType) =>
      perType ?? (type === 'postcode' || type === 'postcodeWithQuarter' ? POSTCODE_CAP : Infinity);
    // per type, the best hits, sorted by tier and rank (= weight, label, id)
    const lists: Hit[][] = [];
    const searched: [TypeIndex, Hit[], number, EntityType][] = [];
    let total = 0;
    types.forEach((type, order) => {
      if (type === 'postcodeWithQuarter' && !numeric) return;
      const index = this.index(c + ':' + type);
      if (!index) return;
      const list = index.search(words, Math.min(limit, capOf(type)), masks);
      // streets and addresses after the places, unless the input names a street
      const demote = !streetLike && (type === 'street' || type === 'address') ? STREET_TIERS : 0;
      for (const h of list) {
        h.order = order;
        h.tier += demote;
      }
      total += list.length;
      searched.push([index, list, order, type]);
    });
    // One typo: when the words as typed find (almost) nothing, the words one edit away fill
    // the places left, ranked after every hit of the words as typed.
    // Only a word that starts no word of any label can hold the typo: "Kölm" is the start
    // of Kolmberg, not a typo (and most requests, prefixes of real names, try nothing).
    const unknown =
      total < Math.min(limit, TYPO_BELOW)
        ? words.map((w) => !searched.some(([index]) => index.hasPrefix(w)))
        : [];
    if (unknown.some(Boolean)) {
      // edits after the longest start of the word some index knows cannot find anything
      const variants = words.map((w, k) =>
        unknown[k]
          ? typoVariants(w, Math.max(...searched.map(([index]) => index.knownPrefix(w))))
          : [],
      );
      for (const [index, list, order, type] of searched) {
        const need = Math.min(limit, capOf(type)) - list.length;
        if (need <= 0) continue;
        const have = new Set(list.map((h) => h.rec));
        const demote =
          TYPO_TIERS +
          (!streetLike && (type === 'street' || type === 'address') ? STREET_TIERS : 0);
        let found = 0;
        variants.forEach((vs, k) => {
          for (const v of vs) {
            if (found >= need || !index.hasPrefix(v)) continue;
            const alt = words.slice();
            alt[k] = v;
            // the umlauts typed before the edit still count ("Rügen" → "Rüge" is no Rugendorf)
            let same = 0;
            while (same < v.length && v[same] === words[k]![same]) same++;
            const altMasks = masks.slice();
            altMasks[k] = masks[k]! & ((1 << Math.min(same, 30)) - 1);
            for (const h of index.search(alt, need, altMasks)) {
              if (have.has(h.rec)) continue;
              have.add(h.rec);
              h.order = order;
              h.tier += demote;
              h.words = alt;
              list.push(h);
              found++;
            }
          }
        });
        if (found) list.sort((a, b) => a.tier - b.tier || a.rank - b.rank);
      }
    }
    for (const [, list] of searched) if (list.length) lists.push(list);
    // Best first by tier, weight, type order, label, id: a merge of the per-type lists (each
    // already in that order, as the type order is the same within a list), which gives what
    // sorting all hits would, but only looks at the `limit` shown.
    const heads = new Array<number>(lists.length).fill(0);
    const taken = new Map<string, number>();
    const out: Hit[] = [];
    while (out.length < limit) {
      let best = -1;
      for (let k = 0; k < lists.length; k++) {
        if (
          heads[k]! < lists[k]!.length &&
          (best < 0 || before(lists[k]![heads[k]!]!, lists[best]![heads[best]!]!))
        )
          best = k;
      }
      if (best < 0) break;
      const h = lists[best]![heads[best]!++]!;
      const type = h.rec.type;
      const cap = capOf(type);
      const n = taken.get(type) ?? 0;
      if (n >= cap) continue;
      taken.set(type, n + 1);
      out.push(h);
    }
    return { words, masks, hits: out };
  }

  /** Geo entity (docs/interface.md#geo-entity): null when the id is unknown in that country. */
  entity(country: string, id: string, g?: string | null): GeoEntityRecord | null {
    const c = parseCountry(country);
    const mode =
      g === undefined || g === null || g === ''
        ? 'None'
        : G_VALUES.find((v) => v.toLowerCase() === g.toLowerCase());
    if (!mode) {
      throw badParameter(`Parameter g must be None, GeoId, Lambert or WGS84, not "${g}".`);
    }
    const r = this.byId[c].get(id);
    if (!r) return null;
    const out: GeoEntityRecord = {
      type: r.type,
      id: r.id,
      label: r.label,
      address: { ...r.address },
    };
    if (mode === 'GeoId' && r.geoId) out.geoId = r.geoId;
    if (r.lat !== undefined && r.lon !== undefined) {
      if (mode === 'WGS84')
        out.geoData = { lat: Math.round(r.lat * 1e6) / 1e6, lon: Math.round(r.lon * 1e6) / 1e6 };
      if (mode === 'Lambert') out.geoData = lambert(r.lat, r.lon);
    }
    return out;
  }

  /**
   * Legacy region search v1 (docs/interface.md#legacy-region-search): German regions, cities, districts, towns and
   * quarters; amount is 0, as the real service answered in its last years.
   */
  regionSearch(q: string): LegacyRegionItem[] {
    if (q === undefined || q === null || String(q).trim() === '') {
      throw badParameter('Parameter q (query) is missing.');
    }
    return this.suggest('DEU', {
      i: String(q),
      t: 'region,city,district,quarterOrTown',
      l: String(DEFAULT_LIMIT),
    }).map((s) => ({
      name: s.entity.label,
      geoCodeId: s.entity.id,
      amount: 0,
    }));
  }

  /** A node of the geo hierarchy by its geo code id. */
  node(geoCodeId: string): GeoNode | undefined {
    return this.nodes.get(String(geoCodeId).trim());
  }

  /** The big cities of a country: those with quarters as children. */
  cities(country: string): GeoNode[] {
    return this.bigCities[parseCountry(country)];
  }
}

let loading: Promise<GeoIndex> | undefined;

/**
 * Where the geography comes from: `raw` builds it from the data packages (the workspace,
 * where they are development dependencies; with the start-up cache), `packed` reads the
 * index the published package ships (data/geo-index.json.gz), which is all an installed
 * sandbox has. By default raw when every data package is installed, else packed;
 * `IMMO_GEO_SOURCE=packed|raw` chooses (the reference test compares the two).
 */
export function geoSource(): 'raw' | 'packed' {
  const forced = process.env.IMMO_GEO_SOURCE;
  if (forced === 'raw' || forced === 'packed') return forced;
  return dataPackagesDir() ? 'raw' : 'packed';
}

/**
 * The geography once per process: the packed index (see geoSource), or from the start-up
 * cache (cache.ts) when the data packages and the builder are those it was made with, else
 * built from the packages (about 2 s at rest) and written to the cache for the next start.
 */
export function loadGeo(): Promise<GeoIndex> {
  loading ??= (async () => {
    const t0 = performance.now();
    let d: GeoData | undefined;
    if (geoSource() === 'packed') d = readPacked();
    else {
      const file = cacheFile();
      d = file ? readCache(file) : undefined;
      if (!d) {
        const built = await buildGeo();
        d = built;
        // written after the first answers can be given, not before
        if (file) setTimeout(() => writeCache(file, built), 50).unref();
      }
    }
    if (d.stats.cached || d.stats.packed) d.stats.cacheReadMs = Math.round(performance.now() - t0);
    const t = performance.now();
    const index = new GeoIndex(d.records, d.nodes, d.cities, d.stats);
    index.stats.loadMs = Math.round(performance.now() - t);
    return index;
  })();
  loading.catch(() => {
    loading = undefined; // let the next call try again
  });
  return loading;
}

/** A fresh, unmemoised build (tests compare two builds for stable ids). */
export async function buildGeoIndex(): Promise<GeoIndex> {
  const d = await buildGeo();
  return new GeoIndex(d.records, d.nodes, d.cities, d.stats);
}
