// The faster geo search (per-prefix candidate lists, searchShort,
// tierOfWord, merging the per-type lists) finds exactly what the straightforward search
// finds: the same entities in the same order, on real place names, streets and postcodes.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadGeo, type GeoIndex } from '../../packages/sandbox/src/geo/index.js';
import {
  matchRecord,
  tierOfWord,
  TypeIndex,
  type Hit,
} from '../../packages/sandbox/src/geo/search.js';
import { tokenize } from '../../packages/sandbox/src/geo/fold.js';
import { parseQuery, typoVariants } from '../../packages/sandbox/src/geo/query.js';
import { rng } from '../../packages/sandbox/src/random.js'; // mulberry32, the sandbox's seeded PRNG

let geo: GeoIndex;
let indexes: ReadonlyMap<string, TypeIndex>;
let reference: Map<string, TypeIndex>;
before(async () => {
  geo = await loadGeo();
  indexes = geo.allIndexes();
  reference = new Map([...indexes].map(([k, idx]) => [k, new TypeIndex(idx.records, true)]));
});

/** Queries as users type them: prefixes of real labels (sometimes with a second word). */
function queries(count: number): string[] {
  const labels: string[] = [];
  for (const idx of indexes.values())
    for (let k = 0; k < idx.records.length; k += 7) labels.push(idx.records[k]!.label);
  const rand = rng(3);
  const out = [
    'a',
    'b',
    's',
    'st',
    'bad',
    'am',
    'an',
    'ob',
    'str',
    'ber',
    'ham',
    'mit ber',
    'bad h',
    'st a',
    '1',
    '14',
    '144',
    '8',
    'wien',
    'w',
    'ä',
    'ß',
    'x',
    'q',
  ];
  while (out.length < count) {
    const words = labels[Math.floor(rand() * labels.length)]!.split(/[\s,()-]+/).filter(Boolean);
    if (!words.length) continue;
    const w = Math.floor(rand() * words.length);
    let i = words[w]!.slice(0, 1 + Math.floor(rand() * Math.min(9, words[w]!.length)));
    if (words[w + 1] && rand() < 0.25)
      i += ' ' + words[w + 1]!.slice(0, 1 + Math.floor(rand() * 3));
    out.push(i);
  }
  return out;
}

const brief = (hits: Hit[]) => hits.map((h) => `${h.tier}:${h.rank}`).join(' ');

describe('geo search: fast and reference search agree', () => {
  test('TypeIndex.search on 600 queries, every index, several limits', () => {
    for (const i of queries(600)) {
      const words = tokenize(i)
        .map((t) => t.text)
        .slice(0, 8);
      if (!words.length) continue;
      for (const [key, idx] of indexes) {
        for (const need of [1, 10, 50, 120]) {
          assert.equal(
            brief(idx.search(words, need)),
            brief(reference.get(key)!.search(words, need)),
            `${key} "${i}" need ${need}`,
          );
        }
      }
    }
  });

  test('tierOfWord is the tier of matchRecord for one word', () => {
    const words = [
      'a',
      's',
      'st',
      'bad',
      'ber',
      'str',
      'berlin',
      'strasse',
      'en',
      '1',
      '14',
      'ob',
      'mitte',
      'haupt',
    ];
    for (const idx of indexes.values()) {
      for (let k = 0; k < idx.records.length; k += 3) {
        const rec = idx.records[k]!;
        for (const w of [...words, rec.tokens[0]!.text.slice(0, 2), rec.tokens.at(-1)!.text]) {
          assert.equal(
            tierOfWord(rec, w),
            matchRecord(rec, [w], false)?.tier ?? -1,
            `${rec.label} / ${w}`,
          );
        }
      }
    }
  });

  test('the precomputed tiers of the prefix lists are those of tierOfWord', () => {
    type Lists = {
      ids: Int32Array[];
      offsets: Int32Array;
      postings: Int32Array;
      tiers?: Uint8Array;
    };
    for (const [key, idx] of indexes) {
      const inner = idx as unknown as { terms: string[]; prefixAll: Lists; prefixFirst: Lists };
      for (const lists of [inner.prefixAll, inner.prefixFirst]) {
        const tiers = lists.tiers;
        if (!tiers) continue;
        lists.ids.forEach((of, L) => {
          for (let r = 0; r < of.length; r++) {
            if (of[r]! < 0 || (r > 0 && of[r - 1] === of[r])) continue; // each prefix once
            const id = of[r]!,
              w = inner.terms[r]!.slice(0, L + 1);
            for (let p = lists.offsets[id]!; p < lists.offsets[id + 1]!; p++) {
              assert.equal(
                tiers[p],
                tierOfWord(idx.records[lists.postings[p]!]!, w),
                `${key} "${w}"`,
              );
            }
          }
        });
      }
    }
  });

  test('suggest: the merged per-type lists give what sorting all hits gave', () => {
    // the straightforward suggest: every type's hits, one sort, caps per type
    const referenceSuggest = (
      country: string,
      i: string,
      t: string[],
      limit: number,
      perType?: number,
    ) => {
      const { words, masks, streetLike } = parseQuery(i);
      const numeric = /^\d+$/.test(i.trim());
      const capOf = (type: string) =>
        perType ?? (type === 'postcode' || type === 'postcodeWithQuarter' ? 10 : Infinity);
      const streetTiers = (type: string) =>
        !streetLike && (type === 'street' || type === 'address') ? 8 : 0;
      const hits: Hit[] = [];
      const perTypeHits: [string, number, Hit[]][] = [];
      t.forEach((type, order) => {
        if (type === 'postcodeWithQuarter' && !numeric) return;
        const idx = reference.get(country + ':' + type);
        if (!idx) return;
        const found = idx
          .search(words, Math.min(limit, capOf(type)), masks)
          .map((h) => ({ ...h, order, tier: h.tier + streetTiers(type) }));
        perTypeHits.push([type, order, found]);
        hits.push(...found);
      });
      // one typo: the words one edit away fill what the words as typed leave free
      const unknown = words.map(
        (w) => !perTypeHits.some(([type]) => reference.get(country + ':' + type)!.hasPrefix(w)),
      );
      if (hits.length < Math.min(limit, 3) && unknown.some(Boolean)) {
        for (const [type, order, found] of perTypeHits) {
          const idx = reference.get(country + ':' + type)!;
          const need = Math.min(limit, capOf(type)) - found.length;
          const have = new Set(found.map((h) => h.rec));
          let n = 0;
          words.forEach((w, k) => {
            for (const v of unknown[k] ? typoVariants(w) : []) {
              if (n >= need || !idx.hasPrefix(v)) continue;
              const alt = words.slice();
              alt[k] = v;
              let same = 0;
              while (same < v.length && v[same] === w[same]) same++;
              const altMasks = masks.slice();
              altMasks[k] = masks[k]! & ((1 << Math.min(same, 30)) - 1);
              for (const h of idx.search(alt, need, altMasks)) {
                if (have.has(h.rec)) continue;
                have.add(h.rec);
                hits.push({ ...h, order, tier: h.tier + 4 + streetTiers(type), words: alt });
                n++;
              }
            }
          });
        }
      }
      hits.sort(
        (a, b) =>
          a.tier - b.tier ||
          b.rec.weight - a.rec.weight ||
          a.order - b.order ||
          (a.rec.label < b.rec.label ? -1 : a.rec.label > b.rec.label ? 1 : 0) ||
          (a.rec.id < b.rec.id ? -1 : a.rec.id > b.rec.id ? 1 : 0),
      );
      const taken = new Map<string, number>();
      const out: {
        entity: { type: string; id: string; label: string };
        matches: { offset: number; length: number }[];
      }[] = [];
      for (const h of hits) {
        if (out.length >= limit) break;
        const n = taken.get(h.rec.type) ?? 0;
        if (n >= capOf(h.rec.type)) continue;
        taken.set(h.rec.type, n + 1);
        out.push({
          entity: { type: h.rec.type, id: h.rec.id, label: h.rec.label },
          matches:
            (h.words ? matchRecord(h.rec, h.words) : matchRecord(h.rec, words, true, masks))
              ?.matches ?? [],
        });
      }
      return out;
    };
    const defaults = [
      'country',
      'region',
      'city',
      'district',
      'quarterOrTown',
      'postcodeWithQuarter',
    ];
    const all = ['country', 'region', 'city', 'district', 'quarterOrTown', 'postcode', 'street'];
    for (const i of queries(300)) {
      for (const country of ['DEU', 'AUT']) {
        assert.deepEqual(
          geo.suggest(country, { i }),
          referenceSuggest(country, i, defaults, 50),
          `${country} "${i}"`,
        );
        assert.deepEqual(
          geo.suggest(country, { i, t: 'All', l: '120' }),
          referenceSuggest(country, i, all, 120),
          `${country} "${i}" All`,
        );
        assert.deepEqual(
          geo.suggest(country, { i, t: 'street,trainStation,postcode', l: '20', lpt: '7' }),
          referenceSuggest(country, i, ['street', 'trainStation', 'postcode'], 20, 7),
          `${country} "${i}" street,trainStation,postcode`,
        );
      }
    }
  });
});
