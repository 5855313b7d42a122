/**
 * The list of suggestions as the popup shows it: grouped by entity type, each group under its
 * heading, in the order the types first appear in the answer.
 */
import type { GeoSuggestion } from '../../api/index.js';
import { clip } from '../../shared/text.js';
import type { Strings } from './strings.js';

/** Suggestions of one entity type; options are numbered across groups in this order (`#o<n>`). */
export interface Group {
  type: string;
  items: GeoSuggestion[];
}

/** Whether two lists show the same: the same groups, entities, labels and highlights. */
export function sameGroups(a: Group[], b: Group[]): boolean {
  return (
    a.length === b.length &&
    a.every((g, i) => {
      const h = b[i]!;
      return (
        g.type === h.type &&
        g.items.length === h.items.length &&
        g.items.every((x, j) => {
          const y = h.items[j]!;
          return (
            x.entity.id === y.entity.id &&
            x.entity.label === y.entity.label &&
            JSON.stringify(x.matches) === JSON.stringify(y.matches)
          );
        })
      );
    })
  );
}

/** The type a place is shown under: its entity type, or one for every region of the legacy search (`v1`). */
export function placeType(s: GeoSuggestion, api: 'v1' | 'v2'): string {
  return api === 'v1' ? 'region_v1' : String(s.entity.type);
}

/** The name of one place's type ("Stadt"), for its option's description and the pick's announcement. */
export function typeName(s: Strings, type: string): string {
  return s.type[type] ?? clip(type);
}

/** The types of the places shown, each once, in order: one hidden description each. */
export function shownTypes(groups: Group[], api: 'v1' | 'v2'): string[] {
  return [...new Set(groups.flatMap((g) => g.items.map((s) => placeType(s, api))))];
}

/**
 * Groups a list by entity type; `recent` puts the places picked last in one group of their
 * own, `v1` the regions of the legacy search in one.
 */
export function group(list: GeoSuggestion[], kind: 'recent' | 'v1' | 'v2'): Group[] {
  const groups = new Map<string, Group>();
  for (const s of list) {
    const type = kind === 'recent' ? 'recent' : placeType(s, kind);
    let g = groups.get(type);
    if (!g) groups.set(type, (g = { type, items: [] }));
    g.items.push(s);
  }
  return [...groups.values()];
}
