/**
 * Text helpers of the combobox: `matches` ranges to highlighted segments, and a local
 * matcher used only to refine an earlier complete answer while the server's answer for
 * the longer text is on its way (the server's answer always replaces it).
 */

/** One match range in either shape the service sends (docs/interface.md#geo-suggestions). */
export type MatchRange = { offset: number; length: number } | readonly [number, number];

/**
 * The label cut into `[text, isMatch]` segments by its `matches` ranges: overlapping,
 * touching or unordered ranges are merged, ranges starting past the label's end or with a
 * bad shape are ignored, a range running past the end is cut there.
 */
export function segments(
  label: string,
  matches: readonly unknown[] | undefined,
): [string, boolean][] {
  const n = label.length;
  const ranges: [number, number][] = [];
  for (const m of matches ?? []) {
    const [o, l] = Array.isArray(m)
      ? m
      : [(m as { offset?: unknown })?.offset, (m as { length?: unknown })?.length];
    if (Number.isInteger(o) && Number.isInteger(l) && o >= 0 && l > 0 && o < n)
      ranges.push([o, Math.min(n, o + l)]);
  }
  const out: [string, boolean][] = [];
  let at = 0; // end of the last match (0 before the first)
  for (const [s, e] of ranges.sort((a, b) => a[0] - b[0])) {
    if (at && s <= at) {
      // Overlaps or touches the last match: extend it.
      if (e > at) out[out.length - 1][0] += label.slice(at, (at = e));
      continue;
    }
    if (s > at) out.push([label.slice(at, s), false]);
    out.push([label.slice(s, (at = e)), true]);
  }
  if (at < n || !out.length) out.push([label.slice(at), false]);
  return out;
}

/** A text folded for matching ({@link fold}). */
export interface Folded {
  /** The folded text. */
  f: string;
  /** For every folded character the index of its source character (and the source's length last). */
  at: number[];
  /** The folded words with their offsets in `f` (by {@link localMatch}). */
  words?: { w: string; i: number }[];
  /** The folded words joined by single spaces (by {@link tier}). */
  norm?: string;
}

/**
 * Folded texts by source text. Refining a list folds the same labels on every key (and
 * the query twice per label): each is folded once. Cleared when it grows past FOLD_MAX,
 * which one visitor's typing never reaches in practice.
 */
const folds = new Map<string, Folded>();
const FOLD_MAX = 2000;

/**
 * Folds text as a German visitor expects to match it (case, umlauts as `a` or `ae`, `ß` as
 * `ss`, accents), keeping for every folded character the index of its source character.
 * The result is shared (memoized): do not change it.
 */
export function fold(s: string): Folded {
  let r = folds.get(s);
  if (r) return r;
  let f = '';
  /** The last folded character: `f` is never read while it grows (reading a string built by appends copies it whole). */
  let last = '-';
  const at: number[] = [];
  for (let i = 0; i < s.length; i++) {
    let c = s[i]!.toLowerCase();
    // (ASCII needs no decomposition: most labels are mostly ASCII)
    if (c.length > 1 || c > '\x7f')
      c = c === 'ß' ? 'ss' : c.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    // "ae", "oe", "ue" spell ä, ö, ü: fold them to the base letter too.
    if (c === 'e' && 'aou'.includes(last) && 'aouAOU'.includes(s[i - 1] || '-')) continue;
    for (const ch of c) {
      f += ch;
      at.push(i);
      last = ch;
    }
  }
  at.push(s.length);
  if (folds.size >= FOLD_MAX) folds.clear();
  folds.set(s, (r = { f, at }));
  return r;
}

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Matches `query` against `label` the way the service does (every query word is the
 * prefix of a label word, in any order). Returns the match ranges or null.
 */
export function localMatch(
  label: string,
  query: string,
): { offset: number; length: number }[] | null {
  const L = fold(label);
  const words = (L.words ??= [...L.f.matchAll(WORD)].map((m) => ({ w: m[0], i: m.index! })));
  const out: { offset: number; length: number }[] = [];
  for (const [q] of fold(query).f.matchAll(WORD)) {
    const w = words.find((m) => m.w.startsWith(q));
    if (!w) return null;
    const s = L.at[w.i]!;
    out.push({ offset: s, length: L.at[w.i + q.length]! - s });
  }
  return out;
}

/** Rank of a label for a query: 0 exact, 1 prefix of the label, 2 anywhere. */
export function tier(label: string, query: string): number {
  const words = (s: string) => {
    const x = fold(s);
    return (x.norm ??= x.f.replace(/[^\p{L}\p{N}]+/gu, ' ').trim());
  };
  const l = words(label);
  const q = words(query);
  return l === q ? 0 : l.startsWith(q) ? 1 : 2;
}
