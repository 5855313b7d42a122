/**
 * The interface the geography module (src/sandbox/geo/index.ts) offers the rest of the
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
  ): { entity: { type: string; id: string; label: string }; matches: { offset: number; length: number }[] }[];
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
      return geo;
    } catch (err) {
      loading = undefined; // a later sandbox may try again (e.g. once the module exists)
      return err instanceof Error ? err : new Error(String(err));
    }
  })();
  return loading;
}
