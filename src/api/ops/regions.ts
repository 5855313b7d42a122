/**
 * The deprecated region search (docs/interface.md#legacy-region-search), and geo suggestions
 * through it (`api="v1"` of geo-autocomplete, which loads this module on demand).
 */
import { ClientBase, enc, type CallOptions } from '../core.js';
import { count, id, name as nameOf, obj } from '../coerce.js';
import { children, parser, rootNodes } from '../parse.js';
import { legacyRegionsToSuggestions } from '../legacy.js';
import { NS } from '../types/common.js';
import type { GeoSuggestion, LegacyRegion } from '../types/geo.js';

export const parseRegions = /* @__PURE__ */ parser('searchRegions', (doc): LegacyRegion[] => {
  const roots = rootNodes(doc, 'regions', NS.region);
  return children(roots, 'region').flatMap((x) => {
    const n = obj(x);
    const geoCodeId = id(n?.geoCodeId);
    const name = nameOf(n?.name);
    if (!n || !geoCodeId || !name) return [];
    const amount = count(n.amount);
    return [amount === undefined ? { name, geoCodeId } : { name, geoCodeId, amount }];
  });
});

/** The legacy region search (deprecated), XML by default. */
export function searchRegions(
  c: ClientBase,
  query: string,
  opts?: CallOptions,
): Promise<LegacyRegion[]> {
  return c.request(
    'searchRegions',
    opts,
    (p) => p.required('query', query),
    () => ({
      operation: 'searchRegions',
      method: 'GET',
      path: '/search/v1.0/region',
      query: [['q', enc(query)]],
      format: opts?.format ?? 'xml',
      parse: (b, f, s) => parseRegions(b, f, s),
    }),
  );
}

/** The legacy region search through the v1 → v2 adapter: suggestion items of type quarterOrTown. */
export async function suggestGeoV1(
  c: ClientBase,
  query: string,
  opts?: CallOptions,
): Promise<GeoSuggestion[]> {
  return legacyRegionsToSuggestions(await searchRegions(c, query, opts), query);
}
