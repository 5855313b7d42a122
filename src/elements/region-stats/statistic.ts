/**
 * region-stats' data rules, DOM-free (Node tests in test/node/region-stats-statistic.test.ts):
 * the statistic's shape checks, the counts, the chart's series and the table's columns, the
 * sort, and the checks of the inputs that make a request.
 */
import type {
  GeoHierarchyElement,
  GeoHierarchyStatistic,
  RealEstateType,
  StatisticQuery,
} from '../../api/types.js';
import { clip } from '../../shared/text.js';
import { TYPES, requestName, type Strings } from './strings.js';

/**
 * A region as the element shows it: the model's, with a name (the code when the answer gave
 * none; the schema makes it optional), shortened (`clip`): an answer's names can be of any length.
 */
export type Region = GeoHierarchyElement & { name: string };
export interface Statistic {
  parent: Region;
  children: Region[];
}
/** Sort column ({@link TOTAL}, {@link OTHER}, a type, or '' for the name) and direction. */
export type Sort = [key: string, dir: 1 | -1];

/** Series the palette has colours for. */
export const SERIES = 8;
/** The sort key of the total over all types (the default: largest subregions first). */
export const TOTAL = '*';
/** The sort key of the types drawn together as "other types" (a column of the table too). */
export const OTHER = '+';
/** Largest subregions first. */
export const DEFAULT_SORT: Sort = [TOTAL, -1];

const named = (e: GeoHierarchyElement): Region => ({ ...e, name: clip(e.name ?? e.geoCodeId) });

/** The service's statistic as the element shows it. */
export const namedStatistic = (s: GeoHierarchyStatistic): Statistic => ({
  parent: named(s.parent),
  children: s.children.map(named),
});

/** A text property as set by markup or code: a removed attribute (null) or a number included, trimmed. */
export const str = (v: unknown): string => (v == null ? '' : String(v)).trim();

/** The count of one type in a region; a missing entry counts 0. */
export function countOf(el: GeoHierarchyElement, type: string): number {
  const n = Number(el.statistics.find((s) => s.realEstateType === type)?.count);
  return Number.isFinite(n) ? n : 0;
}

/** The total of a region over `types`. */
export const totalOf = (el: GeoHierarchyElement, types: readonly string[]): number =>
  types.reduce((n, t) => n + countOf(el, t), 0);

/** A region handed in by a host page, checked and copied; `undefined` when it has not the model's shape. */
function checkRegion(e: unknown): Region | undefined {
  const o = e as Region | null;
  if (!o || typeof o !== 'object' || o.geoCodeId == null) return undefined;
  const st = o.statistics ?? [];
  if (!Array.isArray(st)) return undefined;
  // Counts may come as strings (as in the service's JSON); a missing one is 0, anything else must be a count.
  const statistics = st.map((s) => ({
    realEstateType: s?.realEstateType,
    count: Number(s?.count ?? 0),
  }));
  const count = (s: (typeof statistics)[number]) =>
    typeof s.realEstateType === 'string' && Number.isInteger(s.count) && s.count >= 0;
  if (!statistics.every(count)) return undefined;
  return {
    type: String(o.type ?? ''),
    name: clip(String(o.name ?? o.geoCodeId)),
    geoCodeId: String(o.geoCodeId),
    statistics,
  };
}

/** Checks and copies a statistic handed in by a host page; `undefined` when it has not the model's shape. */
export function checkStatistic(v: unknown): Statistic | undefined {
  const s = v as Statistic | null;
  const parent = s && typeof s === 'object' ? checkRegion(s.parent) : undefined;
  const kids = s?.children;
  if (!parent || !Array.isArray(kids)) return undefined;
  const children = kids.map(checkRegion);
  return children.every(Boolean) ? { parent, children: children as Region[] } : undefined;
}

/** The types of the statistic, in the order they first appear. */
export function typesOf(stat: Statistic): string[] {
  const types = new Set<string>();
  for (const el of [stat.parent, ...stat.children])
    for (const x of el.statistics) types.add(x.realEstateType);
  return [...types];
}

/**
 * One series per type, but at most as many as the palette has colours: with more types, the
 * seven most frequent are drawn one by one and the others together as the eighth, "other
 * types"; the table's columns are the same.
 */
export function seriesOf(
  stat: Statistic,
  types: readonly string[],
): [series: string[], rest: string[]] {
  const drawn =
    types.length > SERIES
      ? [...types]
          .sort((a, b) => countOf(stat.parent, b) - countOf(stat.parent, a))
          .slice(0, SERIES - 1)
      : types;
  return [types.filter((t) => drawn.includes(t)), types.filter((t) => !drawn.includes(t))];
}

/**
 * The table's number columns: the total (with several types), then the chart's series, the
 * types beyond the palette together as the chart draws them.
 */
export function columnsOf(stat: Statistic, types: readonly string[]): string[] {
  const [series, rest] = seriesOf(stat, types);
  return types.length > 1 ? [TOTAL, ...series, ...(rest.length ? [OTHER] : [])] : [...types];
}

/** The value of column `key` in a row; `rest`: the types counted as "other types". */
export function valueOf(
  r: GeoHierarchyElement,
  key: string,
  types: readonly string[],
  rest: readonly string[],
): number {
  if (key === TOTAL) return totalOf(r, types);
  if (key === OTHER) return totalOf(r, rest);
  return countOf(r, key);
}

/** The subregions in the order of `sort`; equal values by name, in the language's order. */
export function sortRows(
  stat: Statistic,
  types: readonly string[],
  key: string,
  dir: 1 | -1,
  lang: string,
): Region[] {
  const coll = new Intl.Collator(lang);
  const rest = seriesOf(stat, types)[1];
  // Each row's value once, not once per comparison.
  const values = new Map(stat.children.map((r) => [r, key ? valueOf(r, key, types, rest) : 0]));
  return [...stat.children].sort(
    (a, b) =>
      (values.get(a)! - values.get(b)!) * dir || coll.compare(a.name, b.name) * (key ? 1 : dir),
  );
}

/** A press on column `key`'s header: the same column turns, another one starts largest first (names A–Z). */
export function nextSort([k, d]: Sort, key: string): Sort {
  return [key, k === key ? (-d as 1 | -1) : key ? -1 : 1];
}

/**
 * The sort kept for a new statistic: a column it lacks would leave the table without
 * aria-sort, so the total; with one type, which has no total column, that type's column.
 */
export function sortFor(sort: Sort, stat: Statistic): Sort {
  const types = typesOf(stat);
  const kept = sort[0] && !columnsOf(stat, types).includes(sort[0]) ? DEFAULT_SORT : sort;
  return kept[0] === TOTAL && types.length === 1 ? [types[0]!, kept[1]] : kept;
}

/** The largest total over `types` of a subregion (at least 1: the chart's scale). */
export const largest = (stat: Statistic, types: readonly string[]): number =>
  stat.children.reduce((m, r) => Math.max(m, totalOf(r, types)), 1);

/** Whether no subregion has a listing of the types. */
export const noListings = (stat: Statistic, types: readonly string[]): boolean =>
  stat.children.every((r) => types.every((t) => countOf(r, t) === 0));

/** Every RealEstateType (docs/interface.md#statistic) by its request spelling (`apartmentrent` → `APARTMENT_RENT`). */
const KNOWN_TYPES = new Map(TYPES.map((t) => [requestName(t), t as RealEstateType]));

/** The types a `real-estate-types` value names, as written (`apartmentrent,housebuy`). */
export const askedTypes = (value: unknown): string[] =>
  str(value)
    .split(/[\s,]+/)
    .filter(Boolean);

/** The known types a `real-estate-types` value names, at most as many as there are series. */
export const knownTypes = (value: unknown): RealEstateType[] =>
  askedTypes(value)
    .flatMap((t) => KNOWN_TYPES.get(requestName(t)) ?? [])
    .slice(0, SERIES);

/** The filters the service may refuse a statistic for. */
export const FILTERS = ['customerNumber', 'username', 'channel'] as const;
export type Filters = Partial<Record<(typeof FILTERS)[number], unknown>>;

/** What a request for a statistic is made of. */
export interface Inputs extends Filters {
  realEstateTypes?: unknown;
  format?: unknown;
}

/** A request the inputs make, or the sentence that says why they make none. */
export type Request =
  | { query: Omit<StatisticQuery, 'geocode'>; format: 'json' | 'xml' }
  | { error: (s: Strings) => string };

/**
 * The request for the statistic of `code`, or why there is none: a geocode is digits, the
 * types are known ones, the format is json or xml. `everyType`: ask without the type filter.
 */
export function requestOf(code: string, inputs: Inputs, everyType: boolean): Request {
  if (!/^\d{1,24}$/.test(code)) return { error: (s) => s.badGeocode(clip(code)) };
  const asked = askedTypes(inputs.realEstateTypes);
  const bad = asked.filter((t) => !KNOWN_TYPES.has(requestName(t)));
  if (bad.length) return { error: (s) => s.badTypes(clip(bad.join(', '))) };
  const format = str(inputs.format).toLowerCase() || 'json';
  if (format !== 'json' && format !== 'xml')
    return { error: (s) => s.badFormat(clip(str(inputs.format))) };
  const types = everyType ? [] : asked.map((t) => KNOWN_TYPES.get(requestName(t))!);
  return {
    format,
    query: {
      realEstateTypes: types.length ? types : undefined,
      customerNumber: str(inputs.customerNumber) || undefined,
      username: str(inputs.username) || undefined,
      channel: str(inputs.channel) || undefined,
    },
  };
}
