/**
 * The interface the geography module (packages/sandbox/src/geo/index.ts) offers the rest of the
 * sandbox. Declared here so that the server depends on the shape, not on the module, and
 * keeps serving every other route when the geography cannot be loaded.
 */
export type GeoCountry = 'DEU' | 'AUT';

export interface GeoNode {
  id: string;
  name: string;
  type: 'Country' | 'Region' | 'City' | 'District' | 'Quarter' | 'Town' | string;
  parentId?: string;
  childIds: string[];
  /** Inhabitants, where the data knows them (the statistic seeds listings by them). */
  population?: number;
}

export interface GeoIndexApi {
  suggest(
    country: string,
    q: { i?: string | null; l?: string | null; lpt?: string | null; t?: string | null },
  ): {
    entity: { type: string; id: string; label: string };
    matches: { offset: number; length: number }[];
  }[];
  /** `JSON.stringify(suggest(country, q))`, written without the intermediate objects. */
  suggestJson(
    country: string,
    q: { i?: string | null; l?: string | null; lpt?: string | null; t?: string | null },
  ): string;
  entity(country: string, id: string, g?: string | null): unknown | null;
  regionSearch(q: string): { name: string; geoCodeId: string | number; amount: number }[];
  node(geoCodeId: string): GeoNode | undefined;
  cities(country: GeoCountry): GeoNode[];
}

let loading: Promise<GeoIndexApi | Error> | undefined;

/**
 * Loads the geography once per process (it takes about 1.5 s; several sandboxes in one
 * test process share it). Resolves to an Error when the module cannot be loaded.
 */
export function loadGeoOnce(): Promise<GeoIndexApi | Error> {
  loading ??= (async (): Promise<GeoIndexApi | Error> => {
    try {
      const mod = await import('./geo/index.js');
      // Typed against this file's interface, so a change of the module's shape fails type-checking here.
      const geo: GeoIndexApi = await mod.loadGeo();
      return documentedIds(geo);
    } catch (err) {
      loading = undefined; // a later sandbox may try again (e.g. once the module exists)
      return err instanceof Error ? err : new Error(String(err));
    }
  })();
  return loading;
}

// ---------------------------------------------------------------- the documented ids

/**
 * The geo ids the real documentation quotes (docs/interface.md#geo-ids-and-labels), each with
 * the place it names: hierarchy type and name, under the place its id's prefix names. A
 * partner who pastes one of them gets that place from the sandbox, never another one.
 */
export const DOCUMENTED_IDS: readonly { id: string; type: string; name: string }[] = [
  { id: '1276', type: 'Country', name: 'Deutschland' },
  { id: '1040', type: 'Country', name: 'Österreich' },
  { id: '1276003', type: 'Region', name: 'Berlin' },
  { id: '1276003001', type: 'City', name: 'Berlin' },
  { id: '1276003001046', type: 'Quarter', name: 'Mitte' },
  { id: '1276009039', type: 'District', name: 'Stade' },
];

/** A hierarchical geo id: `1`, a 3-digit country, then 3-digit levels. */
const HIERARCHICAL = /^1\d{3}(?:\d{3})*$/;

/** One id swap: every id under `a` moves under `b` and every id under `b` under `a`. */
type Swap = readonly [a: string, b: string];

function swapped(id: string, [a, b]: Swap): string {
  if (!HIERARCHICAL.test(id)) return id;
  if (id.startsWith(a)) return b + id.slice(a.length);
  if (id.startsWith(b)) return a + id.slice(b.length);
  return id;
}

/**
 * The geography as the routes see it, with the documented ids (DOCUMENTED_IDS) where the
 * documentation puts them. The geography module numbers places by its own data; where that
 * gives a documented id to another place (e.g. 1276003001046 to Kreuzberg instead of
 * Mitte), the two ids trade places, and with them every id below them, so ids stay unique
 * and hierarchical. A documented place the data does not have is moved nowhere: its id is
 * then freed (the place that held it moves to an unused id), so it does not exist rather
 * than naming another place. Swaps are found at load time from the hierarchy (names under
 * the parent), so they vanish by themselves once the module numbers these places as
 * documented; with no swap the geography is returned as it is.
 *
 * Also: the values of `t` are read in any case (`City`, `QUARTERORTOWN`), as the real
 * service does.
 */
export function documentedIds(geo: GeoIndexApi): GeoIndexApi {
  const swaps: Swap[] = [];
  const toExternal = (id: string) => swaps.reduce(swapped, id);
  const toInternal = (id: string) => swaps.reduceRight(swapped, id);
  const exists = (external: string) => !!geo.node(toInternal(external));
  for (const d of DOCUMENTED_IDS) {
    const parentId = d.id.length > 4 ? d.id.slice(0, d.id.length - 3) : undefined;
    let found: string | undefined;
    if (!parentId) {
      const n = geo.node(toInternal(d.id));
      if (n && n.type === d.type && n.name === d.name) found = n.id;
    } else {
      const parent = geo.node(toInternal(parentId));
      found = parent?.childIds.find((c) => {
        const n = geo.node(c);
        return n?.type === d.type && n.name === d.name;
      });
    }
    if (found !== undefined) {
      const current = toExternal(found);
      if (current !== d.id) swaps.push([current, d.id]);
    } else if (exists(d.id) && parentId) {
      // The documented place is missing: free its id rather than let it name another place.
      for (let i = 999; i > 0; i--) {
        const free = parentId + String(i).padStart(3, '0');
        if (
          !exists(free) &&
          !geo.entity('DEU', toInternal(free)) &&
          !geo.entity('AUT', toInternal(free))
        ) {
          swaps.push([d.id, free]);
          break;
        }
      }
    }
  }
  const typeByLower = new Map(
    [
      'All',
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
    ].map((t) => [t.toLowerCase(), t]),
  );
  type Q = Parameters<GeoIndexApi['suggest']>[1];
  const query = (q: Q): Q =>
    q.t
      ? {
          ...q,
          t: q.t
            .split(',')
            .map((part) => typeByLower.get(part.trim().toLowerCase()) ?? part)
            .join(','),
        }
      : q;
  const nodeOut = (n: GeoNode | undefined): GeoNode | undefined =>
    n && {
      ...n,
      id: toExternal(n.id),
      ...(n.parentId !== undefined ? { parentId: toExternal(n.parentId) } : {}),
      childIds: n.childIds.map(toExternal),
    };
  if (!swaps.length) {
    return {
      suggest: (c, q) => geo.suggest(c, query(q)),
      suggestJson: (c, q) => geo.suggestJson(c, query(q)),
      entity: (c, id, g) => geo.entity(c, id, g),
      regionSearch: (q) => geo.regionSearch(q),
      node: (id) => geo.node(id),
      cities: (c) => geo.cities(c),
    };
  }
  // Only ids under a swapped prefix change: the answer text is scanned for those alone (a
  // replacement per id of every answer cost about 15 % of the suggestion route's time).
  const prefixes = [...new Set(swaps.flat())].sort((x, y) => y.length - x.length);
  const swappedIds = new RegExp(`"id":"((?:${prefixes.join('|')})\\d*)"`, 'g');
  return {
    suggest: (c, q) =>
      geo
        .suggest(c, query(q))
        .map((s) => ({ ...s, entity: { ...s.entity, id: toExternal(s.entity.id) } })),
    // Only ids change, and ids are digits: replaced in the text, no parse and re-stringify.
    suggestJson: (c, q) =>
      geo
        .suggestJson(c, query(q))
        .replace(swappedIds, (_, id: string) => `"id":"${toExternal(id)}"`),
    entity: (c, id, g) => {
      const rec = geo.entity(c, toInternal(String(id).trim()), g) as Record<string, unknown> | null;
      if (!rec) return rec;
      const out: Record<string, unknown> = { ...rec, id: toExternal(String(rec.id)) };
      if (typeof rec.geoId === 'string') out.geoId = toExternal(rec.geoId);
      return out;
    },
    regionSearch: (q) =>
      geo.regionSearch(q).map((r) => ({ ...r, geoCodeId: toExternal(String(r.geoCodeId)) })),
    node: (id) => nodeOut(geo.node(toInternal(String(id).trim()))),
    cities: (c) => geo.cities(c).map((n) => nodeOut(n)!),
  };
}
