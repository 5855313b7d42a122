/**
 * What a visitor types, made comparable with the labels: the folded words of the input
 * (fold.ts already turns "St." into "sankt", "Hbf" into "hauptbahnhof", "Str." into
 * "straße"), plus the spellings people use that need the context of the whole input, the
 * umlaut masks of the words, whether the input looks like a street, and the one-typo
 * variants the search falls back to.
 */
import { tokenize } from './fold.js';

export interface Query {
  words: string[];
  /** Per word, its umlaut mask (Token.uml; 0 for none). */
  masks: number[];
  /** The input names a street: streets and addresses are not ranked after places. */
  streetLike: boolean;
}

/** Short forms of federal states that visitors type as a word of their own. */
const SHORT_FORMS: Record<string, string[]> = { nrw: ['nordrhein', 'westfalen'] };

const KREIS_PREFIX = new Set(['landkreis', 'landkr', 'lk', 'lkr', 'kreis']);
const STREET_END =
  /(?:strasse|str|weg|allee|platz|gasse|damm|ufer|chaussee|steig|stieg|pfad|promenade|twiete|ring|markt|graben|wall)$/;

export function parseQuery(input: string): Query {
  const tokens = tokenize(input).slice(0, 8);
  const words: string[] = [];
  const masks: number[] = [];
  tokens.forEach((t, k) => {
    let w = t.text;
    let mask = t.uml ?? 0;
    const last = k === tokens.length - 1;
    if (!last && w === 'st')
      w = 'sankt'; // "St Augustin" (with the dot, fold.ts did it)
    else if (!last && w.length > 3 && w.endsWith('str'))
      w += 'asse'; // "Hauptstr 5"
    else if (w === 'hauptbhf') w = 'hauptbahnhof';
    else if (tokens.length > 1 && KREIS_PREFIX.has(w)) w = 'kreis'; // "Landkreis München", "LK Stade"
    if (w !== t.text) mask = 0;
    const spelled = Object.hasOwn(SHORT_FORMS, w) ? SHORT_FORMS[w] : undefined;
    if (spelled) {
      for (const part of spelled) {
        words.push(part);
        masks.push(0);
      }
      return;
    }
    words.push(w);
    masks.push(mask);
  });
  const streetLike =
    words.some((w) => w.length >= 5 && STREET_END.test(w)) ||
    (words.length > 1 &&
      words.some((w) => /^\d{1,4}[a-z]?$/.test(w)) &&
      words.some((w) => /^[a-z]{3,}/.test(w)));
  return { words, masks, streetLike };
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';

/**
 * The words one edit away from `w` (a letter left out, added, changed, or two neighbours
 * swapped), without `w` itself and without the words that only add letters at its end (a
 * prefix search finds those anyway). Words shorter than 4 letters and numbers have none:
 * a typo in "Ber" is not told from the start of another name. With `keep`, only the edits
 * at positions up to `keep` are made: when no indexed word starts with the first keep + 1
 * letters of `w`, an edit after them leaves those letters and cannot find anything.
 */
export function typoVariants(w: string, keep = w.length): string[] {
  if (w.length < 4 || /\d/.test(w)) return [];
  const out = new Set<string>();
  const last = Math.min(keep, w.length - 1);
  for (let i = 0; i <= last; i++) out.add(w.slice(0, i) + w.slice(i + 1));
  for (let i = 0; i + 1 < w.length && i <= last; i++)
    out.add(w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2));
  for (let i = 0; i <= last; i++) {
    for (const c of ALPHABET) if (c !== w[i]) out.add(w.slice(0, i) + c + w.slice(i + 1));
  }
  for (let i = 0; i <= last; i++) for (const c of ALPHABET) out.add(w.slice(0, i) + c + w.slice(i));
  out.delete(w);
  return [...out].filter((v) => v.length >= 3);
}
