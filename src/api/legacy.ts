/**
 * Adapter from the deprecated region search v1 to v2 suggestion items
 * (docs/interface.md#legacy-region-search): name → entity.label, geoCodeId → entity.id, type
 * quarterOrTown (the v2 type matching v1's region-like results). `amount` has no v2
 * counterpart and is not carried over: a caller who needs it calls searchRegions.
 */
import type { GeoMatch, GeoSuggestion, LegacyRegion } from './types.js';

/** Folds one character for matching: lower case, no diacritics, ß → ss, umlauts short or long. */
function fold(s: string, long: boolean): { text: string; index: number[] } {
  let text = '';
  const index: number[] = [];
  let i = 0;
  for (const ch of s) {
    let f = ch.toLowerCase();
    if (long && (f === 'ä' || f === 'ö' || f === 'ü')) f = { ä: 'ae', ö: 'oe', ü: 'ue' }[f]!;
    else if (f === 'ß') f = 'ss';
    else f = f.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    for (const c of f) {
      text += c;
      index.push(i);
    }
    i += ch.length;
  }
  index.push(i);
  return { text, index };
}

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/**
 * Where the input matches the label: at the start of a word, ignoring case, accents and
 * the spelling of umlauts (ü/u/ue). Whitespace in the input is collapsed.
 */
export function legacyMatches(label: string, input: string): GeoMatch[] {
  const q = input.trim().replace(/\s+/g, ' ');
  if (!q) return [];
  for (const long of [false, true]) {
    const l = fold(label, long);
    const needles = [fold(q, false).text, fold(q, true).text];
    const found: GeoMatch[] = [];
    for (let at = 0; at < l.text.length; at++) {
      if (isWordChar(l.text[at - 1]) || !isWordChar(l.text[at])) continue;
      const needle = needles.find((n) => n && l.text.startsWith(n, at));
      if (!needle) continue;
      const start = l.index[at]!;
      const last = l.index[at + needle.length - 1]!;
      let j = at + needle.length;
      while (l.index[j]! <= last) j++; // a match ending inside a folded ü (ue) covers the ü
      const end = l.index[j]!;
      found.push({ offset: start, length: end - start });
      at += needle.length - 1;
    }
    if (found.length) return found;
  }
  return [];
}

/** Maps v1 region records to v2 suggestion items for the given input. */
export function legacyRegionsToSuggestions(
  regions: readonly LegacyRegion[],
  input: string,
): GeoSuggestion[] {
  return regions.map((r) => ({
    entity: { type: 'quarterOrTown', id: r.geoCodeId, label: r.name },
    matches: legacyMatches(r.name, input),
  }));
}
