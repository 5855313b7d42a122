// Issue 19: a sandbox geography that visitors recognise — what they type is normalised,
// ranked as they expect, and labelled in the real service's formats.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  loadGeo,
  type GeoIndex,
  type GeoSuggestionItem,
} from '../../packages/sandbox/src/geo/index.js';
import { parseQuery, typoVariants } from '../../packages/sandbox/src/geo/query.js';
import { runBattery } from '../../bench/sandbox-geo-battery.js';
import { QUARTERS_DE } from '../../packages/sandbox/src/geo/quarters-de.js';

let geo: GeoIndex;
before(async () => {
  geo = await loadGeo();
});

const WIDGET = 'region,city,district,quarterOrTown,postcode';
const top = (i: string, t = WIDGET, country = 'DEU', l = '10') =>
  geo.suggest(country, { i, t, l }).map((s) => `${s.entity.type}:${s.entity.label}`);
const highlighted = (s: GeoSuggestionItem) =>
  s.matches.map((m) => s.entity.label.slice(m.offset, m.offset + m.length));
const records = () =>
  (geo as unknown as { records: { type: string; label: string; country: string }[] }).records;

describe('normalising what visitors type', () => {
  test('St. / St / Sankt', () => {
    for (const i of ['St. Augustin', 'St Augustin', 'Sankt Augustin', 'st.augustin']) {
      assert.equal(top(i)[0], 'quarterOrTown:Sankt Augustin', i);
    }
    assert.equal(top('St. Peter-Ording')[0], 'quarterOrTown:Sankt Peter-Ording');
  });

  test('Hbf / Hauptbahnhof and Bf / Bahnhof, both ways, highlighting what is written', () => {
    const hbf = geo.suggest('DEU', { i: 'München Hauptbahnhof', t: 'trainStation' })[0]!;
    assert.equal(hbf.entity.label, 'München Hbf');
    assert.deepEqual(highlighted(hbf), ['München', 'Hbf']);
    const berlin = geo.suggest('DEU', { i: 'Berlin Hbf', t: 'trainStation' })[0]!;
    assert.equal(berlin.entity.label, 'Berlin Hauptbahnhof');
    assert.deepEqual(highlighted(berlin), ['Berlin', 'Hauptbahnhof']);
    assert.equal(
      geo.suggest('DEU', { i: 'Grimma ob Bahnhof', t: 'trainStation' })[0]?.entity.label,
      'Grimma ob Bf',
    );
    assert.ok(
      geo.suggest('DEU', { i: 'Hauptbahnhof', t: 'trainStation', l: '20' }).length >= 10,
      'every Hbf, not two',
    );
  });

  test('Str. / Straße', () => {
    for (const i of ['Invalidenstr.', 'Invalidenstr', 'Invalidenstraße', 'invalidenstrasse']) {
      assert.match(top(i, 'street')[0] ?? '', /^street:Invalidenstraße, /, i);
    }
    const s = geo.suggest('DEU', { i: 'Invalidenstr.', t: 'street' })[0]!;
    assert.deepEqual(highlighted(s), ['Invalidenstraße']);
  });

  test('a Landkreis / Kreis / LK prefix', () => {
    for (const i of [
      'Landkreis München',
      'Kreis München',
      'LK München',
      'Lkr. München',
      'München Landkreis',
    ]) {
      assert.equal(top(i)[0], 'district:München (Kreis)', i);
    }
  });

  test('one typo is tolerated and ranked after the words as typed', () => {
    assert.equal(top('Münschen')[0], 'city:München');
    assert.equal(top('Dresdn')[0], 'city:Dresden');
    assert.equal(top('Nürnbreg')[0], 'city:Nürnberg');
    // the corrected word is highlighted where it stands in the label
    const m = geo.suggest('DEU', { i: 'Münschen', t: 'city' })[0]!;
    assert.deepEqual(highlighted(m), ['München']);
    // "Hall" is the start of Halle: no typo variant ("Hals") comes before it
    assert.equal(top('Hall')[0], 'city:Halle (Saale)');
    assert.deepEqual(typoVariants('ber'), [], 'no typos in words under 4 letters');
    assert.ok(typoVariants('munschen').includes('munchen'));
    // with `keep`, only the edits within the known start: the others keep letters no index word starts with
    for (const [w, keep] of [
      ['munschen', 3],
      ['baalberge', 5],
      ['dresdn', 0],
    ] as const) {
      const some = new Set(typoVariants(w, keep));
      for (const v of some) assert.ok(typoVariants(w).includes(v), v);
      for (const v of typoVariants(w))
        if (!some.has(v)) assert.ok(v.startsWith(w.slice(0, keep + 1)), `${w} ${keep} ${v}`);
    }
    assert.ok(typoVariants('munschen', 3).includes('munchen'));
  });

  test('umlauts fold one way: Rügen does not find Rugendorf, Rugen finds Rügen', () => {
    const rugen = top('Rügen', WIDGET, 'DEU', '50');
    assert.ok(!rugen.some((l) => /Rugendorf/.test(l)), rugen.join(' | '));
    assert.ok(rugen.includes('district:Vorpommern-Rügen (Kreis)'));
    assert.ok(top('Rugen', WIDGET, 'DEU', '50').includes('district:Vorpommern-Rügen (Kreis)'));
    assert.equal(top('Muenchen')[0], 'city:München');
    assert.deepEqual(parseQuery('Rügen').masks, [2]);
  });
});

describe('ranking', () => {
  test('a bigger place before a smaller one of the same name; exact before prefix', () => {
    assert.equal(top('Halle')[0], 'city:Halle (Saale)');
    assert.equal(top('Freiburg')[0], 'city:Freiburg im Breisgau');
    assert.equal(top('Frankfurt')[0], 'city:Frankfurt am Main');
  });

  test('a city before its own Kreis', () => {
    for (const c of ['Regensburg', 'Würzburg', 'Osnabrück', 'Karlsruhe', 'Leipzig']) {
      const list = top(c);
      assert.equal(list[0], `city:${c}`, list.join(' | '));
      assert.equal(list[1], `district:${c} (Kreis)`, list.join(' | '));
    }
    assert.equal(top('Konstanz')[0], 'quarterOrTown:Konstanz');
  });

  test('streets after places unless the input looks like a street', () => {
    const sylt = top('Sylt', 'All');
    assert.ok(!sylt[0]!.startsWith('street:'), sylt.join(' | '));
    assert.equal(top('Leipzig', 'All')[0], 'city:Leipzig');
    assert.match(top('Hafenstraße Frankfurt', 'All')[0]!, /^street:Hafenstraße, /);
  });
});

describe('places people know', () => {
  test("Vienna's 23 Bezirke and Graz's 17 districts", () => {
    const wien = geo.node(geo.cities('AUT').find((c) => c.name === 'Wien')!.id)!;
    const names = new Set(wien.childIds.map((id) => geo.node(id)!.name));
    for (const b of [
      'Innere Stadt',
      'Leopoldstadt',
      'Landstraße',
      'Wieden',
      'Rudolfsheim-Fünfhaus',
      'Liesing',
      'Döbling',
    ])
      assert.ok(names.has(b), b);
    const graz = geo.node(geo.cities('AUT').find((c) => c.name === 'Graz')!.id)!;
    assert.ok(graz.childIds.length >= 17);
    assert.equal(top('Wien Leopoldstadt', WIDGET, 'AUT')[0], 'quarterOrTown:Wien - Leopoldstadt');
  });

  test('Salzburg and Linz have quarters (named in code, placed by their stops), so their statistic has subregions', () => {
    for (const [city, some] of [
      ['Salzburg', ['Gnigl', 'Liefering', 'Itzling']],
      ['Linz', ['Urfahr', 'Ebelsberg']],
    ] as const) {
      const node = geo.node(geo.cities('AUT').find((c) => c.name === city)!.id)!;
      const names = new Set(node.childIds.map((id) => geo.node(id)!.name));
      assert.ok(names.size >= 5, `${city}: ${[...names].join(', ')}`);
      for (const q of some) assert.ok(names.has(q), `${city} - ${q}`);
    }
    assert.equal(top('Salzburg Gnigl', WIDGET, 'AUT')[0], 'quarterOrTown:Salzburg - Gnigl');
    assert.equal(top('Linz Urfahr', WIDGET, 'AUT')[0], 'quarterOrTown:Linz - Urfahr');
  });

  test('quarters the demo and visitors look for', () => {
    assert.equal(top('Köln Ehr')[0], 'quarterOrTown:Köln - Ehrenfeld');
    assert.equal(top('Hamburg Blankenese')[0], 'quarterOrTown:Hamburg - Blankenese');
    assert.equal(top('Berlin Mitte')[0], 'quarterOrTown:Berlin - Mitte');
  });

  test('towns are towns, not quarters of a village', () => {
    for (const t of ['Garbsen', 'Völklingen', 'Ilmenau', 'Quedlinburg', 'Döbeln', 'Hattersheim']) {
      assert.equal(top(t)[0], `quarterOrTown:${t}`, t);
    }
  });
});

describe('quarters of German cities named in code (quarters-de.ts)', () => {
  const quartersByCity = () => {
    const pop = new Map<string, number>();
    const quarters = new Map<string, Set<string>>();
    for (const r of records() as unknown as {
      type: string;
      country: string;
      weight: number;
      address: { city?: string; quarter?: string };
    }[]) {
      if (r.country !== 'DEU' || !r.address.city) continue;
      if (r.type === 'city' || (r.type === 'quarterOrTown' && !r.address.quarter))
        pop.set(r.address.city, Math.max(pop.get(r.address.city) ?? 0, r.weight));
      if (r.address.quarter && r.type !== 'postcodeWithQuarter')
        (
          quarters.get(r.address.city) ??
          quarters.set(r.address.city, new Set()).get(r.address.city)!
        ).add(r.address.quarter);
    }
    return { pop, quarters };
  };

  test('every German city over 100,000 inhabitants has at least 5 quarters', () => {
    const { pop, quarters } = quartersByCity();
    const big = [...pop].filter(([, p]) => p >= 100_000).map(([c]) => c);
    assert.ok(big.length >= 75, `${big.length} big cities`);
    const few = big
      .filter((c) => (quarters.get(c)?.size ?? 0) < 5)
      .map((c) => `${c} (${quarters.get(c)?.size ?? 0})`);
    assert.deepEqual(few, []);
  });

  test('visitors find the quarters of newly covered cities at rank 1', () => {
    for (const [i, meant] of [
      ['Köln Ehr', 'Köln - Ehrenfeld'],
      ['München Schwabing', 'München - Schwabing'],
      ['Göttingen Weende', 'Göttingen - Weende'],
      ['Heilbronn Böckingen', 'Heilbronn - Böckingen'],
      ['Frankfurt Sachsenhausen', 'Frankfurt am Main - Sachsenhausen'],
      ['Potsdam Babelsberg', 'Potsdam - Babelsberg'],
      ['Nürnberg Gostenhof', 'Nürnberg - Gostenhof'],
    ])
      assert.equal(top(i!)[0], `quarterOrTown:${meant}`, i);
  });

  test("no quarter carries its city's inhabitants (GeoNames gives some sections the city's figure)", () => {
    const { pop } = quartersByCity();
    const all = records() as unknown as {
      type: string;
      country: string;
      label: string;
      weight: number;
      address: { city?: string; quarter?: string };
    }[];
    const heavy = all.filter(
      (r) =>
        r.country === 'DEU' &&
        r.type === 'quarterOrTown' &&
        r.address.quarter &&
        r.weight >= 0.9 * (pop.get(r.address.city!) ?? Infinity),
    );
    assert.deepEqual(
      heavy.map((r) => r.label),
      [],
    );
    assert.equal(top('Leipzg')[0], 'city:Leipzig');
  });

  test('station names give no quarter of a namesake city, no station site, no acronym', () => {
    const labels = new Set(records().map((r) => r.label));
    for (const l of [
      'Frankfurt am Main - Neuberesinchen',
      'Münster - Sarmsheim',
      'Frankfurt am Main - Hauptwache',
      'Leipzig - MDR',
      'Dortmund - Stadthaus',
    ]) {
      assert.ok(!labels.has(l), l);
    }
    assert.ok(labels.has('Köln - Ehrenfeld') && labels.has('Leipzig - Connewitz'));
  });

  test('every named city is known, no quarter is listed twice, none lies far from its city', () => {
    assert.equal(geo.stats.namedQuartersUnknownCities, 0);
    assert.ok(geo.stats.namedQuarters! > 500, `${geo.stats.namedQuarters} named quarters placed`);
    assert.ok(geo.stats.namedQuartersUnplaced! >= 0);
    const labels = new Map<string, number>();
    const folded = new Map<string, string[]>();
    // a city's position: that of the biggest place of its name (there are two Fürths)
    const cityAt = new Map<string, { lat: number; lon: number; weight: number }>();
    const all = records() as unknown as {
      type: string;
      country: string;
      label: string;
      weight: number;
      lat?: number;
      lon?: number;
      nameKey: string;
      address: { city?: string; quarter?: string };
    }[];
    for (const r of all) {
      if (
        r.country !== 'DEU' ||
        !(r.type === 'city' || (r.type === 'quarterOrTown' && !r.address.quarter)) ||
        r.lat === undefined
      )
        continue;
      if ((cityAt.get(r.address.city!)?.weight ?? -1) < r.weight)
        cityAt.set(r.address.city!, { lat: r.lat, lon: r.lon!, weight: r.weight });
    }
    const far: string[] = [];
    for (const r of all) {
      if (r.country !== 'DEU' || r.type !== 'quarterOrTown' || !r.address.quarter) continue;
      labels.set(r.label, (labels.get(r.label) ?? 0) + 1);
      const k = `${r.address.city}|${r.nameKey}`;
      (folded.get(k) ?? folded.set(k, []).get(k)!).push(r.label);
      const c = cityAt.get(r.address.city!);
      if (
        c &&
        r.lat !== undefined &&
        Math.hypot(r.lat - c.lat, (r.lon! - c.lon) * 0.62) * 111 > (c.weight >= 1_000_000 ? 31 : 21)
      )
        far.push(r.label);
    }
    assert.deepEqual(
      [...labels].filter(([, n]) => n > 1).map(([l]) => l),
      [],
    );
    assert.deepEqual(
      [...folded.values()].filter((l) => l.length > 1),
      [],
    );
    // the quarters named in code get positions from the data within 20 km of their city's main place (30 km in cities of a million)
    const named = new Set(
      Object.entries(QUARTERS_DE).flatMap(([city, names]) => names.map((n) => `${city} - ${n}`)),
    );
    assert.deepEqual(
      far.filter((l) => named.has(l)),
      [],
    );
  });
});

describe('labels in the real formats', () => {
  test('no double suffix, no ASCII spellings where the data knows the umlauts', () => {
    const labels = records().map((r) => r.label);
    assert.ok(!labels.some((l) => /kreis \(Kreis\)$/iu.test(l)));
    assert.ok(labels.includes('Rhein-Sieg-Kreis'));
    assert.ok(labels.includes('Köln - Bilderstöckchen'));
    assert.ok(!labels.includes('Köln - Altstadt Sud'));
  });

  test('places of one country and type do not share a label, except city states and their Land', () => {
    const seen = new Map<string, number>();
    for (const r of records()) {
      if (!['city', 'district', 'quarterOrTown', 'quarter'].includes(r.type)) continue;
      const k = `${r.country}|${r.type}|${r.label}`;
      seen.set(k, (seen.get(k) ?? 0) + 1);
    }
    const dups = [...seen].filter(([, n]) => n > 1).map(([k]) => k);
    assert.ok(dups.length <= 10, `${dups.length} shared labels: ${dups.slice(0, 10).join('; ')}`);
    assert.ok(!dups.includes('DEU|quarterOrTown|Berlin - Köpenick'));
  });

  test('street labels hold a street and a place, nothing else', () => {
    const bad = records().filter(
      (r) =>
        r.type === 'street' && (/[/(\d]/u.test(r.label.split(',')[0]!) || /\bOT\b/u.test(r.label)),
    );
    assert.deepEqual(bad.map((r) => r.label).slice(0, 5), []);
  });
});

describe('the battery', () => {
  test('meant place in the top 3 for at least 95 % of the inputs, at rank 1 for at least 90 %', () => {
    const r = runBattery(geo);
    assert.ok(r.total >= 150);
    assert.ok(
      r.top3 / r.total >= 0.95,
      `top 3: ${r.top3}/${r.total}; misses: ${r.misses.map((m) => m.c.i).join(', ')}`,
    );
    assert.ok(r.rank1 / r.total >= 0.9, `rank 1: ${r.rank1}/${r.total}`);
  });
});

describe('the start-up cache and the packed index', () => {
  test('what is read back is what was written: records (tokens made again when indexed), nodes in order, cities', async () => {
    const { mkdtempSync, readFileSync, rmSync } = await import('node:fs');
    const { gunzipSync } = await import('node:zlib');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { readCache, writeCache, readPacked, writePacked, cacheFile } =
      await import('../../packages/sandbox/src/geo/cache.js');
    const { TypeIndex } = await import('../../packages/sandbox/src/geo/search.js');
    const { tokenize, UNTOKENIZED } = await import('../../packages/sandbox/src/geo/fold.js');
    const inner = geo as unknown as {
      records: import('../../packages/sandbox/src/geo/build.js').GeoRecord[];
      nodes: Map<string, import('../../packages/sandbox/src/geo/build.js').GeoNode>;
      bigCities: Record<'DEU' | 'AUT', import('../../packages/sandbox/src/geo/build.js').GeoNode[]>;
      stats: Record<string, number>;
    };
    const dir = mkdtempSync(join(tmpdir(), 'geo-cache-'));
    try {
      const file = join(dir, 'geo-test.json');
      const packed = join(dir, 'geo-index.json.gz');
      const data = {
        records: inner.records,
        nodes: inner.nodes,
        cities: inner.bigCities,
        stats: inner.stats,
      };
      writeCache(file, data);
      writePacked(data, 'Derived from: GeoNames …', packed);
      const meta = JSON.parse(gunzipSync(readFileSync(packed)).toString('utf8')) as {
        attribution: string;
        packages: Record<string, string>;
      };
      assert.equal(meta.attribution, 'Derived from: GeoNames …');
      assert.match(meta.packages['db-hafas-stations'] ?? '', /^\d+\.\d+\.\d+/);
      for (const back of [readCache(file)!, readPacked(packed)]) {
        assert.equal(back.records.length, inner.records.length);
        const sample = inner.records.filter((_, k) => k % 97 === 0);
        const sampleBack = back.records.filter((_, k) => k % 97 === 0);
        assert.ok(
          sampleBack.every((r) => r.tokens === UNTOKENIZED),
          'no tokens before an index needs them',
        );
        new TypeIndex(sampleBack);
        sample.forEach((a, k) => {
          const b = sampleBack[k]!;
          const plain = (r: typeof a) =>
            JSON.parse(
              JSON.stringify({
                ...r,
                tokens: (r.tokens === UNTOKENIZED ? tokenize(r.label) : r.tokens).map(
                  (t) => t.text,
                ),
              }),
            );
          assert.deepEqual(plain(b), plain(a), a.label);
        });
        assert.deepEqual([...back.nodes.keys()], [...inner.nodes.keys()]);
        assert.deepEqual(back.nodes.get('1276003001'), inner.nodes.get('1276003001'));
        assert.deepEqual(
          back.cities.AUT.map((n) => n.id),
          inner.bigCities.AUT.map((n) => n.id),
        );
      }
      assert.equal(readCache(join(dir, 'missing.json')), undefined);
      assert.throws(
        () => readPacked(join(dir, 'missing.json.gz')),
        /the packed geography .*missing\.json\.gz cannot be read \(missing\); .*npm run build -w immo-elements-sandbox/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // the key names the data packages and the builder; IMMO_GEO_CACHE=0 turns the cache off
    const before = process.env.IMMO_GEO_CACHE;
    try {
      delete process.env.IMMO_GEO_CACHE;
      assert.match(
        cacheFile() ?? '',
        /node_modules[/\\]\.cache[/\\]immo-elements[/\\]geo-[0-9a-f]{16}\.json$/,
      );
      process.env.IMMO_GEO_CACHE = '0';
      assert.equal(cacheFile(), undefined);
    } finally {
      if (before === undefined) delete process.env.IMMO_GEO_CACHE;
      else process.env.IMMO_GEO_CACHE = before;
    }
  });
});
