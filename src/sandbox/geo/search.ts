/**
 * Prefix index over the folded words of entity labels, one per country and entity type.
 * Words are kept in a sorted array; a query word's prefix range is found by binary search
 * and, because the postings are stored in word order, the candidate entities of a prefix
 * are one contiguous slice. Inner-word matches (`strasse` in `Hafenstraße`) go through a
 * trigram index over the distinct words, built when an index first needs it.
 */
import { spanOf } from './fold.js';
import type { GeoRecord } from './build.js';

export interface Match {
  offset: number;
  length: number;
}

export interface Hit {
  rec: GeoRecord;
  /** Rank of the record in its index (weight order). */
  rank: number;
  /** Position of the record's type in the request's `t` list (set by the caller). */
  order: number;
  /** 0 exact, 1 a query word starts the label's first word, 2 word prefixes, 3 inner-word. */
  tier: number;
  /** Match ranges in the label (empty in search results: see matchRecord(rec, words)). */
  matches: Match[];
}

const EXACT = 0, PREFIX = 1, INNER = 2;

export class TypeIndex {
  /** Distinct folded words, sorted; postings[offsets[i], offsets[i + 1]) are the records of terms[i]. */
  private readonly terms: string[];
  private readonly offsets: Int32Array;
  private readonly postings: Int32Array;
  /** Postings of the same terms as first word of a label (candidates for tiers 0 and 1). */
  private readonly firstOffsets: Int32Array;
  private readonly firstPostings: Int32Array;
  /** Trigram → term indexes, for inner-word matches; built on first use. */
  private trigrams: Map<string, number[]> | undefined;

  /** Per-record word counts of label and name (for the exact-hit scan, without touching records). */
  private readonly labelWords: Uint8Array;
  private readonly nameWords: Uint8Array;
  /** Per-record stamps: visited in this search; in a word's range (multi-word filters). */
  private readonly seen: Int32Array;
  private stamp = 0;
  private readonly mark: Int32Array;
  private readonly driverMark: Int32Array;
  private markStamp = 0;

  readonly records: GeoRecord[];

  constructor(records: GeoRecord[]) {
    // weight order, so that a record's index is its rank
    // (ties as in the final ordering of GeoIndex.suggest: label, then id)
    this.records = [...records].sort(
      (a, b) =>
        b.weight - a.weight ||
        (a.label < b.label ? -1 : a.label > b.label ? 1 : 0) ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    records = this.records;
    const inv = invert(records);
    this.terms = inv.terms;
    this.offsets = inv.all.offsets;
    this.postings = inv.all.postings;
    this.firstOffsets = inv.first.offsets;
    this.firstPostings = inv.first.postings;
    this.labelWords = Uint8Array.from(records, (r) => Math.min(r.tokens.length, 255));
    this.nameWords = Uint8Array.from(records, (r) => Math.min(r.nameWords, 255));
    this.seen = new Int32Array(records.length);
    this.mark = new Int32Array(records.length);
    this.driverMark = new Int32Array(records.length);
  }

  /** [lo, hi) of the terms starting with `q`. */
  private range(q: string): [number, number] {
    const terms = this.terms;
    let lo = 0, hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (terms[mid]! < q) lo = mid + 1;
      else hi = mid;
    }
    const start = lo;
    hi = terms.length;
    const upper = q + '\uffff';
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (terms[mid]! < upper) lo = mid + 1;
      else hi = mid;
    }
    return [start, lo];
  }

  /** Marks the records having a word that starts with the second-rarest query word; returns the mark. */
  private secondWordFilter(words: string[], ranges: [number, number][], driver: number): number {
    if (words.length < 2) return 0;
    let second = -1, secondCount = Infinity;
    ranges.forEach(([lo, hi], i) => {
      const n = this.offsets[hi]! - this.offsets[lo]!;
      if (i !== driver && n < secondCount) {
        secondCount = n;
        second = i;
      }
    });
    const [lo, hi] = ranges[second]!;
    return this.markRange(this.mark, this.offsets[lo]!, this.offsets[hi]!);
  }

  /** Stamps the records of postings[from, to) in `marks`; returns the stamp. */
  private markRange(marks: Int32Array, from: number, to: number): number {
    const stamp = ++this.markStamp;
    for (let p = from; p < to; p++) marks[this.postings[p]!] = stamp;
    return stamp;
  }

  /** The term range of the query word with the fewest exact postings (empty if one has none). */
  private exactRange(words: string[]): [number, number] {
    let best: [number, number] = [0, 0], bestN = Infinity;
    for (const w of words) {
      const [lo] = this.range(w);
      if (this.terms[lo] !== w) return [0, 0];
      const n = this.offsets[lo + 1]! - this.offsets[lo]!;
      if (n < bestN) {
        bestN = n;
        best = [lo, lo + 1];
      }
    }
    return best;
  }

  /** Trigrams (from the second character on) of the distinct words, built on first use. */
  private trigramIndex(): Map<string, number[]> {
    if (this.trigrams) return this.trigrams;
    const map = new Map<string, number[]>();
    this.terms.forEach((t, i) => {
      if (t.length < 4) return;
      const c = t.charCodeAt(0);
      if (c >= 48 && c <= 57) return; // postcodes and numbers: no inner matches
      for (let k = 1; k + 3 <= t.length; k++) {
        const tri = t.slice(k, k + 3);
        const list = map.get(tri);
        if (!list) map.set(tri, [i]);
        else if (list[list.length - 1] !== i) list.push(i);
      }
    });
    this.trigrams = map;
    return map;
  }

  /** Terms containing `q` after their first character (inner-word matches). */
  private innerTerms(q: string): number[] {
    if (q.length < 3 || /^\d+$/.test(q)) return [];
    const trigrams = this.trigramIndex();
    let best: number[] | undefined;
    for (let k = 0; k + 3 <= q.length; k++) {
      const list = trigrams.get(q.slice(k, k + 3));
      if (!list) return [];
      if (!best || list.length < best.length) best = list;
    }
    return best!.filter((ti) => this.terms[ti]!.indexOf(q, 1) > 0);
  }

  /**
   * The best `need` entities (by tier, then weight) matching every query word, with tier
   * and match ranges. Records are held in weight order, so a record's index is its rank,
   * and candidate lists are visited in rank order: (1) every record whose name or whole
   * label consists of exactly the query words (all exact hits), (2) records whose first word starts with a
   * query word until `need` hits of tier 0–1 are found, (3) the other word-prefix
   * candidates until `need` hits, (4) inner-word candidates until `need` hits.
   */
  search(words: string[], need: number): Hit[] {
    if (!words.length || !this.records.length || need <= 0) return [];
    let driver = 0, driverCount = Infinity;
    const ranges = words.map((w) => this.range(w));
    ranges.forEach(([lo, hi], i) => {
      const n = this.offsets[hi]! - this.offsets[lo]!;
      if (n < driverCount) {
        driverCount = n;
        driver = i;
      }
    });
    const stamp = ++this.stamp;
    const hits: Hit[] = [];
    let good = 0;
    const visit = (ri: number) => {
      if (this.seen[ri] === stamp) return;
      this.seen[ri] = stamp;
      const hit = matchRecord(this.records[ri]!, words, false);
      if (hit) {
        hit.rank = ri;
        hits.push(hit);
        if (hit.tier <= 1) good++;
      }
    };
    const [lo, hi] = ranges[driver]!;
    const from = this.offsets[lo]!, to = this.offsets[hi]!;
    // with several words and many candidates, a candidate must also have a word starting with
    // the second-rarest query word (a cheap mark instead of a full match for every candidate)
    const filter = to - from > SMALL ? this.secondWordFilter(words, ranges, driver) : 0;
    if (to - from <= SMALL) {
      for (let p = from; p < to; p++) visit(this.postings[p]!);
    } else {
      // exact hits have every query word as a whole word and as many words as the name or label
      const [elo, ehi] = this.exactRange(words);
      for (let p = this.offsets[elo]!, end = this.offsets[ehi]!; p < end; p++) {
        const ri = this.postings[p]!;
        if (this.labelWords[ri] === words.length || this.nameWords[ri] === words.length) visit(ri);
      }
      const first: number[] = [];
      for (const w of words) {
        const [flo, fhi] = this.range(w);
        for (let p = this.firstOffsets[flo]!, end = this.firstOffsets[fhi]!; p < end; p++) first.push(this.firstPostings[p]!);
      }
      const firstCand = Int32Array.from(first).sort();
      const inDriver = filter ? this.markRange(this.driverMark, from, to) : 0;
      for (let k = 0; k < firstCand.length && good < need; k++) {
        const ri = firstCand[k]!;
        if (!filter || (this.mark[ri] === filter && this.driverMark[ri] === inDriver)) visit(ri);
      }
      if (good < need) {
        const cand = this.postings.slice(from, to).sort();
        for (let k = 0; k < cand.length && hits.length < need; k++) {
          if (!filter || this.mark[cand[k]!] === filter) visit(cand[k]!);
        }
      }
    }
    if (hits.length < need) {
      // inner-word hits are all tier 3: visiting them in rank order finds the best first
      const inner: number[] = [];
      for (const ti of this.innerTerms(words[driver]!)) {
        for (let p = this.offsets[ti]!, end = this.offsets[ti + 1]!; p < end; p++) inner.push(this.postings[p]!);
      }
      const cand = Int32Array.from(inner).sort();
      for (let k = 0; k < cand.length && hits.length < need; k++) {
        if (!filter || this.mark[cand[k]!] === filter) visit(cand[k]!);
      }
    }
    // best first by tier, then weight (= rank); only `need` can be used
    hits.sort((a, b) => a.tier - b.tier || a.rank - b.rank);
    if (hits.length > need) hits.length = need;
    return hits; // without match ranges: the caller computes them for the hits it shows
  }
}

/** Growable list of int32 pairs. */
class PairList {
  data = new Int32Array(4096);
  length = 0;
  push(a: number, b: number): void {
    if (this.length + 2 > this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = a;
    this.data[this.length++] = b;
  }
}

/**
 * Sorted distinct words of the records, with two posting lists over the same word list:
 * all words, and first words only. Term ids are assigned in first-seen order and counted,
 * then renumbered in sorted order: no per-term arrays.
 */
function invert(records: GeoRecord[]): {
  terms: string[];
  all: { offsets: Int32Array; postings: Int32Array };
  first: { offsets: Int32Array; postings: Int32Array };
} {
  const ids = new Map<string, number>();
  const names: string[] = [];
  const occAll = new PairList(); // record index, term id
  const occFirst = new PairList();
  for (let i = 0; i < records.length; i++) {
    const tokens = records[i]!.tokens;
    for (let k = 0; k < tokens.length; k++) {
      const text = tokens[k]!.text;
      let id = ids.get(text);
      if (id === undefined) {
        id = names.length;
        ids.set(text, id);
        names.push(text);
      }
      if (k === 0) occFirst.push(i, id);
      let dup = false; // a record lists a word once
      for (let j = 0; j < k; j++) if (tokens[j]!.text === text) dup = true;
      if (!dup) occAll.push(i, id);
    }
  }
  const terms = names.slice().sort();
  const rankOf = new Int32Array(names.length);
  terms.forEach((t, rank) => (rankOf[ids.get(t)!] = rank));
  const build = (occ: PairList) => {
    const offsets = new Int32Array(terms.length + 1);
    for (let k = 1; k < occ.length; k += 2) offsets[rankOf[occ.data[k]!]! + 1]!++;
    for (let r = 0; r < terms.length; r++) offsets[r + 1]! += offsets[r]!;
    const next = offsets.slice(0, terms.length);
    const postings = new Int32Array(occ.length / 2);
    // records are visited in index order, so every posting list comes out in rank order
    for (let k = 0; k < occ.length; k += 2) postings[next[rankOf[occ.data[k + 1]!]!]!++] = occ.data[k]!;
    return { offsets, postings };
  };
  return { terms, all: build(occAll), first: build(occFirst) };
}

/** Candidate sets up to this size are matched completely. */
const SMALL = 256;

/**
 * Assigns every query word to a different label word (longest query words first, each
 * taking its best free label word: exact, then prefix, then inner) and ranks the result.
 */
export function matchRecord(rec: GeoRecord, words: string[], spans = true): Hit | undefined {
  const tokens = rec.tokens;
  let used = 0; // bit set of taken label words (labels have far fewer than 32 words that matter)
  const order = words.length === 1 ? ONE : words.map((_, i) => i).sort((a, b) => words[b]!.length - words[a]!.length || a - b);
  const matches: Match[] = [];
  let allExact = true, anyInner = false, startsLabel = false;
  for (const qi of order) {
    const w = words[qi]!;
    let best = -1, bestKind = 3, bestAt = 0;
    for (let ti = 0; ti < tokens.length && ti < 31; ti++) {
      if (used & (1 << ti)) continue;
      const t = tokens[ti]!.text;
      let kind = 3, at = 0;
      if (t.length >= w.length && t.charCodeAt(0) === w.charCodeAt(0) && t.startsWith(w)) kind = t.length === w.length ? EXACT : PREFIX;
      else if (w.length >= 3 && bestKind === 3 && t.length > w.length) {
        at = t.indexOf(w, 1);
        if (at > 0) kind = INNER;
      }
      if (kind < bestKind) {
        best = ti;
        bestKind = kind;
        bestAt = at;
        if (kind === EXACT) break;
      }
    }
    if (best < 0) return undefined;
    used |= 1 << best;
    if (bestKind !== EXACT) allExact = false;
    if (bestKind === INNER) anyInner = true;
    if (best === 0 && bestKind !== INNER) startsLabel = true;
    if (spans) matches.push(spanOf(tokens[best]!, w.length, bestAt));
  }
  if (matches.length > 1) matches.sort((a, b) => a.offset - b.offset);
  let tier: number;
  if (anyInner) tier = 3;
  else if (allExact && (words.length === tokens.length || (words.length === rec.nameWords && sameSet(words, rec.nameKey)))) tier = 0;
  else if (startsLabel) tier = 1;
  else tier = 2;
  return { rec, rank: 0, order: 0, tier, matches };
}
const ONE = [0];

function sameSet(words: string[], key: string): boolean {
  const parts = key.split(' ');
  return parts.length === words.length && parts.every((p) => words.includes(p));
}
