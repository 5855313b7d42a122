/**
 * Prefix index over the folded words of entity labels, one per country and entity type.
 * Words are kept in a sorted array; a query word's prefix range is found by binary search
 * and, because the postings are stored in word order, the candidate entities of a prefix
 * are one contiguous slice. Inner-word matches (`strasse` in `Hafenstraße`) go through a
 * trigram index over the distinct words, built when an index first needs it.
 */
import { spanOf, tokenize, umlautsMeet, UNTOKENIZED } from './fold.js';
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
  /** The query words this hit matched, when not the request's own (a typo corrected). */
  words?: string[];
}

const EXACT = 0,
  PREFIX = 1,
  INNER = 2;

export class TypeIndex {
  /** Distinct folded words, sorted; postings[offsets[i], offsets[i + 1]) are the records of terms[i]. */
  private readonly terms: string[];
  private readonly offsets: Int32Array;
  private readonly postings: Int32Array;
  /** Postings of the same terms as first word of a label (candidates for tiers 0 and 1). */
  private readonly firstOffsets: Int32Array;
  private readonly firstPostings: Int32Array;
  /**
   * Candidate lists of short query words (see PrefixLists): for a word of up to
   * PREFIX_MAX characters, the records having a word / a first word that starts with it,
   * in rank order, without duplicates. They replace the sort of a large posting range
   * (a one-letter word has thousands of candidates) that search would otherwise do per request.
   * Built on the index's first search for a short word (a few to some tens of ms for the
   * biggest index, once), not with the index: start-up has no time to spare.
   */
  private lists: { all: PrefixLists; first: PrefixLists } | undefined;
  private readonly buildLists: () => { all: PrefixLists; first: PrefixLists };
  private get prefixAll(): PrefixLists {
    return (this.lists ??= this.makeLists()).all;
  }
  private get prefixFirst(): PrefixLists {
    return (this.lists ??= this.makeLists()).first;
  }
  private makeLists(): { all: PrefixLists; first: PrefixLists } {
    const lists = this.buildLists();
    if (!this.longLabels) this.prefixTiers(lists.all, lists.first);
    return lists;
  }
  /** Trigram → term indexes, for inner-word matches; built on first use. */
  private trigrams: Map<string, number[]> | undefined;

  /** Per-record word counts of label and name (for the exact-hit scan, without touching records). */
  private readonly labelWords: Uint8Array;
  /** Per record, the term index of its first word (-1 for none). */
  private readonly firstTerm: Int32Array;
  /** Some label has more than the 31 words matchRecord looks at (then no searchShort). */
  private readonly longLabels: boolean;
  private readonly nameWords: Uint8Array;
  /** Per-record stamps: visited in this search; in a word's range (multi-word filters). */
  private readonly seen: Int32Array;
  private stamp = 0;
  private readonly mark: Int32Array;
  private readonly driverMark: Int32Array;
  private markStamp = 0;

  readonly records: GeoRecord[];

  /**
   * `reference`: search without the per-prefix lists, searchShort and tierOfWord (sorting
   * posting ranges and matching every candidate with matchRecord, as before they existed);
   * the tests compare both.
   */
  constructor(
    records: GeoRecord[],
    private readonly reference = false,
  ) {
    for (const r of records) if (r.tokens === UNTOKENIZED) r.tokens = tokenize(r.label);
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
    this.buildLists = inv.prefixLists;
    this.labelWords = Uint8Array.from(records, (r) => Math.min(r.tokens.length, 255));
    this.nameWords = Uint8Array.from(records, (r) => Math.min(r.nameWords, 255));
    this.longLabels = records.some((r) => r.tokens.length > 31);
    if (records.length >= RANK_SPAN)
      throw new Error(`A geo index holds at most ${RANK_SPAN - 1} records.`);
    this.seen = new Int32Array(records.length);
    this.mark = new Int32Array(records.length);
    this.driverMark = new Int32Array(records.length);
    this.firstTerm = new Int32Array(records.length).fill(-1);
    for (let r = 0; r < this.terms.length; r++) {
      for (let p = this.firstOffsets[r]!; p < this.firstOffsets[r + 1]!; p++)
        this.firstTerm[this.firstPostings[p]!] = r;
    }
  }

  /**
   * The tier of every entry of the prefix lists, i.e. tierOfWord(record, prefix), from the
   * index alone: searching a short word then reads its candidates' tiers from a byte array
   * instead of the records' words (each a few cache misses with the bench's mix of 2,000
   * requests). With a whole label word equal to the prefix (an exact match): tier 0 for a
   * one-word label or name, else 1 if it is the first word, else 2; without: 1 if the first
   * word starts with the prefix, else 2. (The test compares with tierOfWord.)
   */
  private prefixTiers(all: PrefixLists, first: PrefixLists): void {
    const { ids, offsets: count } = all;
    const prefixes = count.length - 1;
    const lenOf = new Uint8Array(prefixes),
      exactOf = new Int32Array(prefixes).fill(-1);
    for (let L = 0; L < ids.length; L++) {
      const of = ids[L]!;
      for (let r = 0; r < this.terms.length; r++) {
        const id = of[r]!;
        if (id < 0) continue;
        lenOf[id] = L + 1;
        if (this.terms[r]!.length === L + 1) exactOf[id] = r;
      }
    }
    const stamp = new Int32Array(this.records.length);
    let mark = 0;
    for (const lists of [all, first]) {
      const tiers = new Uint8Array(lists.postings.length);
      for (let id = 0; id < prefixes; id++) {
        const e = exactOf[id]!,
          of = ids[lenOf[id]! - 1]!;
        if (e >= 0) {
          mark++;
          for (let p = this.offsets[e]!; p < this.offsets[e + 1]!; p++)
            stamp[this.postings[p]!] = mark;
        }
        for (let p = lists.offsets[id]!; p < lists.offsets[id + 1]!; p++) {
          const ri = lists.postings[p]!,
            first = this.firstTerm[ri]!;
          if (e >= 0 && stamp[ri] === mark) {
            const one =
              this.labelWords[ri] === 1 ||
              (this.nameWords[ri] === 1 && this.records[ri]!.nameKey === this.terms[e]);
            tiers[p] = one ? 0 : first === e ? 1 : 2;
          } else {
            tiers[p] = first >= 0 && of[first] === id ? 1 : 2;
          }
        }
      }
      lists.tiers = tiers;
    }
  }

  /** The first term at or after `from` not before `q` in sort order. */
  private lowerBound(q: string, from = 0): number {
    const terms = this.terms;
    let lo = from,
      hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (terms[mid]! < q) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Whether some word of the index starts with `q`. */
  hasPrefix(q: string): boolean {
    const lo = this.lowerBound(q);
    return lo < this.terms.length && this.terms[lo]!.startsWith(q);
  }

  /** The length of the longest start of `q` that starts some word of the index. */
  knownPrefix(q: string): number {
    const lo = this.lowerBound(q);
    let best = 0;
    for (const t of [this.terms[lo - 1], this.terms[lo]]) {
      if (t === undefined) continue;
      let n = 0;
      while (n < q.length && n < t.length && q.charCodeAt(n) === t.charCodeAt(n)) n++;
      if (n > best) best = n;
    }
    return best;
  }

  /** [lo, hi) of the terms starting with `q`. */
  private range(q: string): [number, number] {
    const start = this.lowerBound(q);
    return [start, this.lowerBound(q + '\uffff', start)];
  }

  /**
   * The precomputed candidates of the query word whose term range starts at `lo`, or
   * undefined when the word is longer than PREFIX_MAX or matches no term. (All terms of the
   * range share the word as their prefix, so the first one names the list.)
   */
  private prefixList(
    lists: PrefixLists,
    word: string,
    lo: number,
    hi: number,
  ): Int32Array | undefined {
    if (word.length > PREFIX_MAX || lo >= hi || this.reference) return undefined;
    const id = lists.ids[word.length - 1]![lo]!;
    return lists.postings.subarray(lists.offsets[id]!, lists.offsets[id + 1]!);
  }

  /** The tiers of prefixList(lists, word, lo, hi), entry by entry (when known). */
  private prefixTierList(lists: PrefixLists, word: string, lo: number): Uint8Array | undefined {
    if (!lists.tiers || word.length > PREFIX_MAX || this.reference) return undefined;
    const id = lists.ids[word.length - 1]![lo]!;
    return lists.tiers.subarray(lists.offsets[id]!, lists.offsets[id + 1]!);
  }

  /** Marks the records having a word that starts with the second-rarest query word; returns the mark. */
  private secondWordFilter(words: string[], ranges: [number, number][], driver: number): number {
    if (words.length < 2) return 0;
    let second = -1,
      secondCount = Infinity;
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
    let best: [number, number] = [0, 0],
      bestN = Infinity;
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
    // the trigrams are taken from the second character on: a three-letter word is in every
    // term of its list after the first character
    return q.length === 3 ? best! : best!.filter((ti) => this.terms[ti]!.indexOf(q, 1) > 0);
  }

  /**
   * The best `need` entities (by tier, then weight) matching every query word, with tier
   * and match ranges. Records are held in weight order, so a record's index is its rank,
   * and candidate lists are visited in rank order: (1) every record whose name or whole
   * label consists of exactly the query words (all exact hits), (2) records whose first word starts with a
   * query word until `need` hits of tier 0–1 are found, (3) the other word-prefix
   * candidates until `need` hits, (4) inner-word candidates until `need` hits.
   */
  search(words: string[], need: number, masks?: number[]): Hit[] {
    if (!words.length || !this.records.length || need <= 0) return [];
    // query words with umlauts: every candidate is matched with the umlaut masks (the
    // precomputed tiers of the prefix lists do not know them)
    const strict = masks !== undefined && masks.some((m) => m !== 0) ? masks : undefined;
    let driver = 0,
      driverCount = Infinity;
    const ranges = words.map((w) => this.range(w));
    ranges.forEach(([lo, hi], i) => {
      const n = this.offsets[hi]! - this.offsets[lo]!;
      if (n < driverCount) {
        driverCount = n;
        driver = i;
      }
    });
    const [lo, hi] = ranges[driver]!;
    const from = this.offsets[lo]!,
      to = this.offsets[hi]!;
    if (
      !strict &&
      !this.reference &&
      words.length === 1 &&
      to - from <= SMALL &&
      words[0]!.length <= PREFIX_MAX &&
      lo < hi &&
      !this.longLabels
    ) {
      return this.searchShort(words[0]!, lo, need);
    }
    const stamp = ++this.stamp;
    // Hits are collected as numbers, tier * RANK_SPAN + rank, which sort like (tier, rank):
    // a search may find hundreds (e.g. every street named "Bad …" for "bad") of which only
    // `need` become Hit objects.
    const hits = { length: 0 };
    let good = 0;
    // one query word (most requests: the user is typing the first word): the tier comes from
    // tierOfWord, which allocates nothing
    const single = words.length === 1 && !this.reference ? words[0]! : undefined;
    const visit = (ri: number, known = -2) => {
      if (this.seen[ri] === stamp) return;
      this.seen[ri] = stamp;
      const rec = this.records[ri]!;
      const tier = strict
        ? (matchRecord(rec, words, false, strict)?.tier ?? -1)
        : known > -2
          ? known
          : single !== undefined
            ? tierOfWord(rec, single)
            : (matchRecord(rec, words, false)?.tier ?? -1);
      if (tier >= 0) {
        hitKeysFor(hits.length + 1)[hits.length++] = tier * RANK_SPAN + ri;
        if (tier <= 1) good++;
      }
    };
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
      // records whose first word starts with a query word, in rank order (a record may come
      // twice with several query words; visit() skips the second)
      let firstCand =
        words.length === 1 ? this.prefixList(this.prefixFirst, words[0]!, lo, hi) : undefined;
      if (!firstCand) {
        let n = 0;
        for (const w of words) {
          const [flo, fhi] = this.range(w);
          const part = this.firstPostings.subarray(
            this.firstOffsets[flo]!,
            this.firstOffsets[fhi]!,
          );
          scratchFor(n + part.length).set(part, n);
          n += part.length;
        }
        firstCand = scratch.subarray(0, n).sort();
      }
      const inDriver = filter ? this.markRange(this.driverMark, from, to) : 0;
      // (the tiers of a short word's list are known: see prefixTiers)
      const firstTiers =
        single !== undefined ? this.prefixTierList(this.prefixFirst, single, lo) : undefined;
      for (let k = 0; k < firstCand.length && good < need; k++) {
        const ri = firstCand[k]!;
        if (!filter || (this.mark[ri] === filter && this.driverMark[ri] === inDriver))
          visit(ri, firstTiers ? firstTiers[k] : -2);
      }
      if (good < need) {
        // the driver word's candidates in rank order: precomputed for a short word (without the
        // duplicates the sorted postings have when two words of a record start with it: they
        // are skipped by visit() anyway), else sorted here
        let cand = this.prefixList(this.prefixAll, words[driver]!, lo, hi);
        if (!cand) {
          scratchFor(to - from).set(this.postings.subarray(from, to));
          cand = scratch.subarray(0, to - from).sort();
        }
        const candTiers =
          single !== undefined ? this.prefixTierList(this.prefixAll, single, lo) : undefined;
        for (let k = 0; k < cand.length && hits.length < need; k++) {
          if (!filter || this.mark[cand[k]!] === filter)
            visit(cand[k]!, candTiers ? candTiers[k] : -2);
        }
      }
    }
    if (hits.length < need) {
      // inner-word hits are all tier 3: visiting them in rank order finds the best first
      const merge = this.merge(this.innerTerms(words[driver]!));
      for (let ri = merge.next(); ri >= 0 && hits.length < need; ri = merge.next()) {
        if (!filter || this.mark[ri] === filter) visit(ri);
      }
    }
    // best first by tier, then weight (= rank); only `need` can be used
    const keys = hitKeys.subarray(0, hits.length).sort();
    const out: Hit[] = [];
    for (let k = 0; k < keys.length && k < need; k++) {
      const ri = keys[k]! % RANK_SPAN;
      out.push({
        rec: this.records[ri]!,
        rank: ri,
        order: 0,
        tier: (keys[k]! - ri) / RANK_SPAN,
        matches: NO_MATCHES,
      });
    }
    return out; // without match ranges: the caller computes them for the hits it shows
  }

  /**
   * The postings of `terms` in rank order, one at a time (next() is -1 at the end): a merge
   * of the terms' posting lists, which are each in rank order. The inner-word candidates of
   * a short word can be thousands (every term containing "bad"); a search mostly needs the
   * first few, so merging on demand beats sorting them all. Same sequence as sorting the
   * concatenated lists, duplicates included. One merge at a time (shared buffers).
   */
  private merge(terms: number[]): { next(): number } {
    const postings = this.postings;
    const T = terms.length;
    if (mergePos.length < T) {
      mergePos = new Int32Array(T * 2);
      mergeEnd = new Int32Array(T * 2);
      mergeHeap = new Int32Array(T * 2);
    }
    const pos = mergePos,
      end = mergeEnd,
      heap = mergeHeap;
    let size = 0;
    for (let k = 0; k < T; k++) {
      const from = this.offsets[terms[k]!]!,
        to = this.offsets[terms[k]! + 1]!;
      if (from < to) {
        pos[size] = from;
        end[size] = to;
        heap[size] = size;
        size++;
      }
    }
    // min-heap of cursors by the record they point at
    const down = (i: number) => {
      const c = heap[i]!,
        key = postings[pos[c]!]!;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= size) break;
        if (child + 1 < size && postings[pos[heap[child + 1]!]!]! < postings[pos[heap[child]!]!]!)
          child++;
        if (postings[pos[heap[child]!]!]! >= key) break;
        heap[i] = heap[child]!;
        i = child;
      }
      heap[i] = c;
    };
    for (let i = (size >> 1) - 1; i >= 0; i--) down(i);
    return {
      next() {
        if (size === 0) return -1;
        const c = heap[0]!;
        const ri = postings[pos[c]!]!;
        if (++pos[c]! === end[c]) {
          heap[0] = heap[--size]!;
          if (size === 0) return ri;
        }
        down(0);
        return ri;
      },
    };
  }

  /**
   * search([w], need) for a short word with few candidates (at most SMALL postings), where
   * search would match every candidate and sort all hits: the same hits, found tier by tier
   * in the word's precomputed rank-ordered list with its precomputed tiers (prefixTiers; so
   * !longLabels), stopping at `need`. Inner-word hits as in search.
   */
  private searchShort(w: string, lo: number, need: number): Hit[] {
    const hits: Hit[] = [];
    const records = this.records;
    const list = this.prefixList(this.prefixAll, w, lo, lo + 1)!;
    const tiers = this.prefixTierList(this.prefixAll, w, lo)!;
    for (let tier = 0; tier <= 2 && hits.length < need; tier++) {
      for (let k = 0; k < list.length && hits.length < need; k++) {
        if (tiers[k] === tier)
          hits.push({
            rec: records[list[k]!]!,
            rank: list[k]!,
            order: 0,
            tier,
            matches: NO_MATCHES,
          });
      }
    }
    if (hits.length < need) {
      // every record with a word starting with w is a hit above; the others of the inner
      // candidates (tier 3), in rank order, each once
      const stamp = ++this.stamp;
      const merge = this.merge(this.innerTerms(w));
      for (let ri = merge.next(); ri >= 0 && hits.length < need; ri = merge.next()) {
        if (this.seen[ri] === stamp) continue;
        this.seen[ri] = stamp;
        if (tierOfWord(records[ri]!, w) === 3)
          hits.push({ rec: records[ri]!, rank: ri, order: 0, tier: 3, matches: NO_MATCHES });
      }
    }
    return hits;
  }
}

/**
 * Scratch space for candidate lists sorted per request (one list at a time): reused, as a
 * fresh typed array per request costs an off-heap allocation and adds to GC pressure.
 */
let scratch = new Int32Array(1 << 16);
function scratchFor(n: number): Int32Array {
  if (scratch.length < n) {
    const grown = new Int32Array(Math.max(n, scratch.length * 2));
    grown.set(scratch);
    scratch = grown;
  }
  return scratch;
}

/** Hits of TypeIndex.search as tier * RANK_SPAN + rank (indexes have fewer records). */
const RANK_SPAN = 1 << 24;
let hitKeys = new Int32Array(1024);
function hitKeysFor(n: number): Int32Array {
  if (hitKeys.length < n) {
    const grown = new Int32Array(hitKeys.length * 2);
    grown.set(hitKeys);
    hitKeys = grown;
  }
  return hitKeys;
}

/** Cursors and heap of TypeIndex.merge (grown as needed). */
let mergePos = new Int32Array(256),
  mergeEnd = new Int32Array(256),
  mergeHeap = new Int32Array(256);

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
  /** Builds the prefix lists of all words and of first words (TypeIndex builds them on first use). */
  prefixLists: () => { all: PrefixLists; first: PrefixLists };
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
    for (let k = 0; k < occ.length; k += 2)
      postings[next[rankOf[occ.data[k + 1]!]!]!++] = occ.data[k]!;
    return { offsets, postings };
  };
  // the prefix lists, built when first needed (see TypeIndex.lists)
  const prefixLists = () => {
    // Prefix ids: terms are sorted, so the terms sharing a prefix of length L are contiguous,
    // and a term starts a new prefix of length L exactly when it has fewer than L leading
    // characters in common with the term before it.
    const prefixIds: Int32Array[] = [];
    for (let L = 0; L < PREFIX_MAX; L++) prefixIds.push(new Int32Array(terms.length).fill(-1));
    let prefixes = 0;
    const idsById: Int32Array[] = prefixIds.map(() => new Int32Array(names.length).fill(-1)); // by first-seen term id
    const lastId = new Int32Array(PREFIX_MAX);
    const idOfRank = new Int32Array(names.length);
    for (let id = 0; id < names.length; id++) idOfRank[rankOf[id]!] = id;
    for (let r = 0; r < terms.length; r++) {
      const t = terms[r]!,
        prev = r ? terms[r - 1]! : '';
      let common = 0;
      while (
        common < PREFIX_MAX &&
        common < t.length &&
        common < prev.length &&
        t.charCodeAt(common) === prev.charCodeAt(common)
      )
        common++;
      const id = idOfRank[r]!;
      for (let L = 0; L < PREFIX_MAX && L < t.length; L++) {
        if (common <= L) lastId[L] = prefixes++;
        prefixIds[L]![r] = lastId[L]!;
        idsById[L]![id] = lastId[L]!;
      }
    }
    /** One list per prefix; occ is in record order, so appending gives rank-ordered lists. */
    const buildPrefix = (occ: PairList): PrefixLists => {
      const data = occ.data,
        length = occ.length;
      const offsets = new Int32Array(prefixes + 1);
      const last = new Int32Array(prefixes).fill(-1); // a record is listed once per prefix
      for (let L = 0; L < PREFIX_MAX; L++) {
        const of = idsById[L]!;
        for (let k = 0; k < length; k += 2) {
          const id = of[data[k + 1]!]!;
          if (id >= 0 && last[id] !== data[k]) {
            last[id] = data[k]!;
            offsets[id + 1]!++;
          }
        }
      }
      for (let id = 0; id < prefixes; id++) offsets[id + 1]! += offsets[id]!;
      const next = offsets.slice(0, prefixes);
      const postings = new Int32Array(offsets[prefixes]!);
      last.fill(-1);
      for (let L = 0; L < PREFIX_MAX; L++) {
        const of = idsById[L]!;
        for (let k = 0; k < length; k += 2) {
          const id = of[data[k + 1]!]!;
          if (id >= 0 && last[id] !== data[k]) {
            last[id] = data[k]!;
            postings[next[id]!++] = data[k]!;
          }
        }
      }
      return { ids: prefixIds, offsets, postings };
    };
    return { all: buildPrefix(occAll), first: buildPrefix(occFirst) };
  };
  return { terms, all: build(occAll), first: build(occFirst), prefixLists };
}

/** Query words up to this length have precomputed candidate lists. */
const PREFIX_MAX = 3;

/**
 * Records per prefix (of length 1 to PREFIX_MAX) of the index's words:
 * postings[offsets[id], offsets[id + 1]) in rank order, where ids[L - 1][term] is the id of
 * the term's prefix of length L (-1 for a shorter term).
 */
interface PrefixLists {
  ids: Int32Array[];
  offsets: Int32Array;
  postings: Int32Array;
  /** Per posting, tierOfWord(record, prefix) (see TypeIndex.prefixTiers); unset with long labels. */
  tiers?: Uint8Array;
}

/** Candidate sets up to this size are matched completely. */
const SMALL = 256;

/**
 * Assigns every query word to a different label word (longest query words first, each
 * taking its best free label word: exact, then prefix, then inner) and ranks the result.
 */
export function matchRecord(
  rec: GeoRecord,
  words: string[],
  spans = true,
  masks?: number[],
): Hit | undefined {
  const tokens = rec.tokens;
  let used = 0; // bit set of taken label words (labels have far fewer than 32 words that matter)
  const order =
    words.length === 1
      ? ONE
      : words.map((_, i) => i).sort((a, b) => words[b]!.length - words[a]!.length || a - b);
  const matches: Match[] = [];
  let allExact = true,
    anyInner = false,
    startsLabel = false;
  for (const qi of order) {
    const w = words[qi]!;
    const m = masks ? masks[qi]! : 0;
    let best = -1,
      bestKind = 3,
      bestAt = 0;
    for (let ti = 0; ti < tokens.length && ti < 31; ti++) {
      if (used & (1 << ti)) continue;
      const t = tokens[ti]!.text;
      let kind = 3,
        at = 0;
      if (t.length >= w.length && t.charCodeAt(0) === w.charCodeAt(0) && t.startsWith(w))
        kind = t.length === w.length ? EXACT : PREFIX;
      else if (w.length >= 3 && bestKind === 3 && t.length > w.length) {
        at = t.indexOf(w, 1);
        if (at > 0) kind = INNER;
      }
      if (kind < 3 && m !== 0 && !umlautsMeet(m, tokens[ti]!.uml, at)) kind = 3;
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
  else if (
    allExact &&
    (words.length === tokens.length ||
      (words.length === rec.nameWords && sameSet(words, rec.nameKey)))
  )
    tier = 0;
  else if (startsLabel) tier = 1;
  else tier = 2;
  return { rec, rank: 0, order: 0, tier, matches };
}
const ONE = [0];
/** The (empty) match ranges of search results; never modified. */
const NO_MATCHES: Match[] = [];

/**
 * matchRecord(rec, [word], false)?.tier, or -1 for no match, without allocating: the same
 * choice of label word (the first exact, else the first prefix, else the first inner match)
 * and the same tiers (test/node/sandbox-geo-search.test.ts compares the two).
 */
export function tierOfWord(rec: GeoRecord, w: string): number {
  const tokens = rec.tokens;
  const n = tokens.length < 31 ? tokens.length : 31;
  const c0 = w.charCodeAt(0);
  let best = -1,
    bestKind = 3;
  for (let ti = 0; ti < n; ti++) {
    const t = tokens[ti]!.text;
    if (t.length >= w.length && t.charCodeAt(0) === c0 && t.startsWith(w)) {
      if (t.length === w.length) {
        best = ti;
        bestKind = EXACT;
        break;
      }
      if (bestKind > PREFIX) {
        best = ti;
        bestKind = PREFIX;
      }
    } else if (bestKind === 3 && w.length >= 3 && t.length > w.length && t.indexOf(w, 1) > 0) {
      best = ti;
      bestKind = INNER;
    }
  }
  if (best < 0) return -1;
  if (bestKind === INNER) return 3;
  if (bestKind === EXACT && (tokens.length === 1 || (rec.nameWords === 1 && rec.nameKey === w)))
    return 0;
  return best === 0 ? 1 : 2;
}

function sameSet(words: string[], key: string): boolean {
  const parts = key.split(' ');
  return parts.length === words.length && parts.every((p) => words.includes(p));
}
