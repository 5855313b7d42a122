import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SandboxError } from '../../packages/sandbox/src/errors.js';
import {
  buildGeoIndex,
  loadGeo,
  ALL_TYPES,
  type GeoIndex,
  type GeoSuggestionItem,
} from '../../packages/sandbox/src/geo/index.js';

let geo: GeoIndex;
before(async () => {
  geo = await loadGeo();
});

const labels = (items: GeoSuggestionItem[]) => items.map((s) => s.entity.label);
const matched = (s: GeoSuggestionItem) =>
  s.matches.map((m) => s.entity.label.slice(m.offset, m.offset + m.length));
/** The first suggestion of a type with exactly this label. */
function find(country: string, i: string, type: string, label: string) {
  const hit = geo
    .suggest(country, { i, t: type, l: '120', lpt: '120' })
    .find((s) => s.entity.label === label);
  assert.ok(hit, `${type} "${label}" not suggested for "${i}"`);
  return hit;
}
function rejects(fn: () => unknown, status: number, re: RegExp) {
  assert.throws(fn, (e: unknown) => {
    assert.ok(e instanceof SandboxError, String(e));
    assert.equal(e.status, status);
    assert.match(e.message, re);
    // the service's error texts are English (API-NOTES.md "Errors"), not "Deutsch / English"
    assert.doesNotMatch(e.message, /[äöüßÄÖÜ„“]| \/ | muss | fehlt|Unbekannt|Eingabe/, e.message);
    return true;
  });
}

describe('geo suggestion: matching', () => {
  test('umlauts are folded: munchen, muenchen and München all find München first', () => {
    for (const i of ['munchen', 'muenchen', 'München', 'MÜNCHEN']) {
      const [first] = geo.suggest('DEU', { i });
      assert.equal(first?.entity.label, 'München', i);
      assert.equal(first?.entity.type, 'city');
      // the match covers the original 7 characters of "München", whatever the spelling
      assert.deepEqual(first?.matches, [{ offset: 0, length: 7 }], i);
    }
  });

  test('ß is folded: strasse finds Straße, and the match covers the original "Straße"', () => {
    const res = geo.suggest('DEU', { i: 'strasse', t: 'street' });
    assert.ok(res.length > 10);
    for (const s of res) {
      assert.match(s.entity.label, /stra(ß|ss)e/i);
      for (const m of matched(s)) assert.match(m, /^stra(ß|ss)e$/i);
    }
    const hafen = find('DEU', 'hafenstrasse frankfurt', 'street', 'Hafenstraße, Frankfurt am Main');
    assert.deepEqual(matched(hafen), ['Hafenstraße', 'Frankfurt']);
  });

  test('inner-word matches come after word prefixes, with offsets inside the word', () => {
    const res = geo.suggest('DEU', { i: 'furstendamm', t: 'street', l: '120' });
    const ku = res.find((s) => s.entity.label.startsWith('Kurfürstendamm'));
    assert.ok(ku, 'Kurfürstendamm is found from an inner part');
    assert.deepEqual(matched(ku), ['fürstendamm']);
    // words starting with the input rank before inner-word hits
    const prefix = res.map(
      (s) =>
        s.matches[0]!.offset === 0 || !/\p{L}/u.test(s.entity.label[s.matches[0]!.offset - 1]!),
    );
    assert.ok(prefix.indexOf(false) >= 0);
    assert.equal(prefix.lastIndexOf(true), prefix.indexOf(false) - 1);
    const prefixOnly = geo.suggest('DEU', { i: 'kurfurstendamm', t: 'street' });
    assert.ok(prefixOnly.every((s) => s.matches[0]!.offset === 0));
  });

  test('words match as prefixes in any order', () => {
    for (const i of ['Mitte Berlin', 'berlin mitte', 'mit ber']) {
      const [first] = geo.suggest('DEU', { i });
      assert.equal(first?.entity.label, 'Berlin - Mitte', i);
      assert.equal(first?.entity.type, 'quarterOrTown');
      assert.equal(first?.matches.length, 2);
    }
    assert.deepEqual(matched(geo.suggest('DEU', { i: 'mit ber' })[0]!), ['Ber', 'Mit']);
  });

  test('ranking: exact before prefix, bigger places first', () => {
    const res = geo.suggest('DEU', { i: 'berlin' });
    assert.deepEqual(labels(res).slice(0, 2), ['Berlin', 'Berlin']); // city and region
    // a city state's city before its Land (a visitor typing "Berlin" means the city)
    assert.deepEqual(
      res.slice(0, 2).map((s) => s.entity.type),
      ['city', 'region'],
    );
    assert.match(res[2]!.entity.label, /^Berlin - /);
    const ham = geo.suggest('DEU', { i: 'ham' });
    assert.equal(ham[0]!.entity.label, 'Hamburg');
  });

  test('input without any letter or digit gives an empty list', () => {
    assert.deepEqual(geo.suggest('DEU', { i: '--- !!' }), []);
  });
});

describe('geo suggestion: postcodes, limits and types', () => {
  test('postcode prefixes, capped at 10 without lpt', () => {
    const potsdam = geo.suggest('DEU', { i: '144', t: 'postcode' });
    assert.equal(potsdam.length, 8); // 14467 … 14482, all of Potsdam's
    assert.ok(labels(potsdam).includes('14467 Potsdam'));
    const res = geo.suggest('DEU', { i: '14', t: 'postcode' });
    assert.equal(res.length, 10);
    for (const s of res) {
      assert.match(s.entity.label, /^14\d{3} \S/);
      assert.deepEqual(s.matches, [{ offset: 0, length: 2 }]);
    }
    const all = geo.suggest('DEU', { i: '1', t: 'All', l: '120' });
    assert.equal(all.filter((s) => s.entity.type === 'postcode').length, 10);
  });

  test('lpt replaces the postcode cap and caps every type', () => {
    assert.equal(geo.suggest('DEU', { i: '1', t: 'postcode', lpt: '25' }).length, 25);
    const res = geo.suggest('DEU', { i: 'b', t: 'All', lpt: '2', l: '120' });
    const perType = new Map<string, number>();
    for (const s of res) perType.set(s.entity.type, (perType.get(s.entity.type) ?? 0) + 1);
    assert.ok(perType.size >= 4);
    for (const [type, n] of perType) assert.ok(n <= 2, `${type}: ${n}`);
  });

  test('l: default 50, at most 120, bad values refused', () => {
    assert.equal(geo.suggest('DEU', { i: 'a', t: 'All' }).length, 50);
    assert.equal(geo.suggest('DEU', { i: 'a', t: 'All', l: '120' }).length, 120);
    assert.equal(geo.suggest('DEU', { i: 'a', l: '3' }).length, 3);
    for (const l of ['0', '121', 'abc', '-1', '1.5', ''])
      rejects(() => geo.suggest('DEU', { i: 'a', l }), 412, /\bl\b.*1.*120/);
    for (const lpt of ['0', 'x']) rejects(() => geo.suggest('DEU', { i: 'a', lpt }), 412, /lpt/);
  });

  test('t filters the types; All is the documented set without trainStation', () => {
    const cities = geo.suggest('DEU', { i: 'potsdam', t: 'city' });
    assert.deepEqual(
      cities.map((s) => s.entity.type),
      ['city'],
    );
    const all = geo.suggest('DEU', { i: 'potsdam', t: 'All', l: '120', lpt: '120' });
    const types = new Set(all.map((s) => s.entity.type));
    for (const t of types) assert.ok((ALL_TYPES as readonly string[]).includes(t), t);
    assert.ok(
      types.has('postcode') && types.has('street') && types.has('city') && types.has('district'),
    );
    assert.ok(!types.has('trainStation'));
    const stations = geo.suggest('DEU', { i: 'potsdam', t: 'trainStation' });
    assert.ok(stations.some((s) => s.entity.label === 'Potsdam Hbf'));
    // default: no postcodes, no streets
    const def = new Set(geo.suggest('DEU', { i: 'potsdam', l: '120' }).map((s) => s.entity.type));
    assert.ok(!def.has('postcode') && !def.has('street'));
    rejects(() => geo.suggest('DEU', { i: 'a', t: 'city,town' }), 412, /town/);
  });

  test('postcodeWithQuarter only for numeric input', () => {
    const num = geo.suggest('DEU', { i: '70435' });
    assert.ok(num.length >= 1 && num.every((s) => s.entity.type === 'postcodeWithQuarter'));
    assert.ok(num.some((s) => s.entity.label === '70435 Stuttgart - Feuerbach'));
    // every postcode of a city with quarters, with the default t
    for (const [i, label] of [
      ['80331', /^80331 München - /],
      ['10115', /^10115 Berlin - /],
      ['50825', /^50825 Köln - /],
      ['1020', /^1020 Wien - Leopoldstadt$/],
    ] as const) {
      const country = i.length === 4 ? 'AUT' : 'DEU';
      assert.match(geo.suggest(country, { i })[0]?.entity.label ?? '', label, i);
    }
    const text = geo.suggest('DEU', { i: 'feuerbach', t: 'postcodeWithQuarter' });
    assert.deepEqual(text, []);
  });

  test('missing input and unknown countries are refused', () => {
    rejects(() => geo.suggest('DEU', {}), 412, /\bi\b/);
    rejects(() => geo.suggest('DEU', { i: '   ' }), 412, /\bi\b/);
    rejects(() => geo.suggest('FRA', { i: 'paris' }), 404, /FRA/);
    rejects(() => geo.suggest('DEU', { i: 'x'.repeat(201) }), 412, /200/);
    rejects(() => geo.entity('DEU', '1276', 'Mercator'), 412, /\bg\b.*WGS84/);
    rejects(() => geo.regionSearch(''), 412, /\bq\b/);
  });

  test('absent parameters may come as null (URLSearchParams.get)', () => {
    rejects(() => geo.suggest('DEU', { i: null }), 412, /\bi\b/);
    const res = geo.suggest('DEU', { i: 'berlin', l: null, lpt: null, t: null });
    assert.equal(res[0]?.entity.label, 'Berlin');
    assert.equal(geo.entity('DEU', '1276003001', null)?.geoId, undefined);
  });
});

describe('geo labels and ids', () => {
  test('labels per type in the documented formats', () => {
    const cases: [string, string, string, string][] = [
      ['DEU', 'deutschland', 'country', 'Deutschland'],
      ['AUT', 'osterreich', 'country', 'Österreich'],
      ['DEU', 'brandenburg', 'region', 'Brandenburg'],
      ['DEU', 'potsdam', 'city', 'Potsdam'],
      ['AUT', 'salzburg', 'city', 'Salzburg (Stadt)'],
      ['DEU', 'potsdam mittelmark', 'district', 'Potsdam-Mittelmark (Kreis)'],
      ['DEU', 'rathenow', 'quarterOrTown', 'Rathenow'],
      ['DEU', 'berlin mitte', 'quarterOrTown', 'Berlin - Mitte'],
      ['DEU', '14467', 'postcode', '14467 Potsdam'],
      ['AUT', '5020', 'postcode', '5020 Salzburg'],
      ['DEU', '70435', 'postcodeWithQuarter', '70435 Stuttgart - Feuerbach'],
      ['DEU', 'friedrich engels potsdam', 'street', 'Friedrich-Engels-Straße, 14473 Potsdam'],
      ['DEU', 'friedrich engels 99', 'address', 'Friedrich-Engels-Straße 99, 14473 Potsdam'],
      ['DEU', 'potsdam hbf', 'trainStation', 'Potsdam Hbf'],
    ];
    for (const [c, i, type, label] of cases) find(c, i, type, label);
    const quarters = geo.suggest('DEU', { i: 'a', t: 'quarter', l: '120' });
    assert.ok(quarters.length > 10);
    for (const q of quarters) assert.match(q.entity.label, /^[^()]+ \([^()]+\)$/);
  });

  test('ids: hierarchy ids in the documented format, streets with S', () => {
    assert.equal(find('DEU', 'deutschland', 'country', 'Deutschland').entity.id, '1276');
    assert.equal(find('AUT', 'osterreich', 'country', 'Österreich').entity.id, '1040');
    const berlin = geo.suggest('DEU', { i: 'berlin', t: 'region,city', l: '2' });
    assert.deepEqual(
      berlin.map((s) => s.entity.id),
      ['1276003001', '1276003'],
    );
    assert.match(
      find('DEU', 'berlin mitte', 'quarterOrTown', 'Berlin - Mitte').entity.id,
      /^1276003001\d{3}$/,
    );
    assert.match(find('DEU', 'stade', 'district', 'Stade (Kreis)').entity.id, /^1276009\d{3}$/); // Niedersachsen 009
    assert.match(find('AUT', 'wien', 'city', 'Wien').entity.id, /^1040009\d{3}$/);
    const all = geo.suggest('DEU', { i: 'ber', t: 'All', l: '120', lpt: '30' });
    for (const s of all) {
      if (s.entity.type === 'street') assert.match(s.entity.id, /^S\d+$/);
      else assert.match(s.entity.id, /^\d+$/);
      if (['region', 'city', 'district', 'quarterOrTown'].includes(s.entity.type))
        assert.match(s.entity.id, /^1276(\d{3}){1,3}$/);
    }
  });

  test('ids are the same in a second, independent build', async () => {
    const other = await buildGeoIndex();
    for (const [c, i] of [
      ['DEU', 'berlin'],
      ['DEU', 'strasse'],
      ['DEU', '1'],
      ['AUT', 'sankt'],
      ['DEU', 'bahnhof'],
    ]) {
      const q = {
        i,
        t: 'All,quarter,trainStation,address,postcodeWithQuarter',
        l: '120',
        lpt: '20',
      };
      assert.deepEqual(other.suggest(c!, q), geo.suggest(c!, q), `${c} ${i}`);
    }
  });
});

describe('geo entity', () => {
  test('each g: None, GeoId, WGS84, Lambert (ETRS89-LAEA)', () => {
    const none = geo.entity('DEU', '1276003001');
    assert.deepEqual(none, {
      type: 'city',
      id: '1276003001',
      label: 'Berlin',
      address: { city: 'Berlin', region: 'Berlin' },
    });
    assert.deepEqual(geo.entity('DEU', '1276003001', 'None'), none);
    assert.equal(geo.entity('DEU', '1276003001', 'GeoId')?.geoId, '1276003001');
    const wgs = geo.entity('DEU', '1276003001', 'WGS84')?.geoData as { lat: number; lon: number };
    assert.ok(
      Math.abs(wgs.lat - 52.52) < 0.05 && Math.abs(wgs.lon - 13.41) < 0.05,
      JSON.stringify(wgs),
    );
    const laea = geo.entity('DEU', '1276003001', 'Lambert')?.geoData as { x: number; y: number };
    // EPSG:3035 coordinates of Berlin's centre: about x 4552 km, y 3274 km
    assert.ok(
      Math.abs(laea.x - 4552000) < 5000 && Math.abs(laea.y - 3274000) < 5000,
      JSON.stringify(laea),
    );
    rejects(() => geo.entity('DEU', '1276003001', 'Mercator'), 412, /\bg\b/);
  });

  test('unknown ids give null, unknown countries 404, ids are per country', () => {
    assert.equal(geo.entity('DEU', '1276999999'), null);
    assert.equal(geo.entity('AUT', '1276003001'), null);
    rejects(() => geo.entity('XYZ', '1276'), 404, /XYZ/);
  });

  test('address object per entity type, geoId and coordinates for every type', () => {
    const cases: [string, string, string, string, Record<string, string>][] = [
      ['DEU', 'deutschland', 'country', 'Deutschland', {}],
      ['DEU', 'brandenburg', 'region', 'Brandenburg', { region: 'Brandenburg' }],
      ['DEU', 'potsdam', 'city', 'Potsdam', { city: 'Potsdam', region: 'Brandenburg' }],
      [
        'DEU',
        'potsdam mittelmark',
        'district',
        'Potsdam-Mittelmark (Kreis)',
        { region: 'Brandenburg' },
      ],
      [
        'DEU',
        'berlin mitte',
        'quarterOrTown',
        'Berlin - Mitte',
        { quarter: 'Mitte', city: 'Berlin', region: 'Berlin' },
      ],
      [
        'DEU',
        '14467',
        'postcode',
        '14467 Potsdam',
        { postcode: '14467', city: 'Potsdam', region: 'Brandenburg' },
      ],
      [
        'AUT',
        '5020',
        'postcode',
        '5020 Salzburg',
        { postcode: '5020', city: 'Salzburg', region: 'Salzburg' },
      ],
      [
        'DEU',
        '70435',
        'postcodeWithQuarter',
        '70435 Stuttgart - Feuerbach',
        { postcode: '70435', quarter: 'Feuerbach', city: 'Stuttgart', region: 'Baden-Württemberg' },
      ],
      [
        'DEU',
        'friedrich engels potsdam',
        'street',
        'Friedrich-Engels-Straße, 14473 Potsdam',
        {
          street: 'Friedrich-Engels-Straße',
          postcode: '14473',
          city: 'Potsdam',
          region: 'Brandenburg',
        },
      ],
      [
        'DEU',
        'friedrich engels 99',
        'address',
        'Friedrich-Engels-Straße 99, 14473 Potsdam',
        {
          street: 'Friedrich-Engels-Straße 99',
          postcode: '14473',
          city: 'Potsdam',
          region: 'Brandenburg',
        },
      ],
      [
        'DEU',
        'potsdam hbf',
        'trainStation',
        'Potsdam Hbf',
        {
          street: 'Friedrich-Engels-Straße 99',
          postcode: '14473',
          city: 'Potsdam',
          region: 'Brandenburg',
        },
      ],
    ];
    for (const [c, i, type, label, address] of cases) {
      const { entity } = find(c, i, type, label);
      const e = geo.entity(c, entity.id, 'GeoId');
      assert.deepEqual(e?.address, address, label);
      assert.equal(e?.type, type);
      assert.equal(e?.label, label);
      assert.match(e?.geoId ?? '', /^1(276|040)\d*$/, label);
      const wgs = geo.entity(c, entity.id, 'WGS84')?.geoData as
        { lat: number; lon: number } | undefined;
      assert.ok(
        wgs && wgs.lat > 46 && wgs.lat < 55.5 && wgs.lon > 5.5 && wgs.lon < 17.5,
        `${label}: ${JSON.stringify(wgs)}`,
      );
    }
  });
});

describe('Austria', () => {
  test('Wien, Salzburg (Stadt), 5020 Salzburg; no train stations', () => {
    const wien = geo.suggest('AUT', { i: 'wien' });
    assert.deepEqual(
      wien.slice(0, 2).map((s) => [s.entity.type, s.entity.label]),
      [
        ['city', 'Wien'],
        ['region', 'Wien'],
      ],
    );
    assert.ok(
      wien.some((s) => /^Wien - \S/.test(s.entity.label)),
      'Vienna districts as quarters',
    );
    assert.ok(
      !geo.suggest('AUT', { i: 'vienna' }).some((s) => s.entity.label === 'Vienna'),
      'German names',
    );
    const salzburg = geo.suggest('AUT', { i: 'salzburg' });
    assert.deepEqual(
      salzburg.slice(0, 2).map((s) => [s.entity.type, s.entity.label]),
      [
        ['region', 'Salzburg'],
        ['city', 'Salzburg (Stadt)'],
      ],
    );
    assert.equal(
      geo.suggest('AUT', { i: '5020', t: 'postcode' })[0]?.entity.label,
      '5020 Salzburg',
    );
    assert.deepEqual(geo.suggest('AUT', { i: 'wien', t: 'trainStation' }), []);
  });
});

describe('region search v1', () => {
  test('German places with name, geoCodeId and amount 0', () => {
    const res = geo.regionSearch('Potsdam');
    const potsdam = res.find((r) => r.name === 'Potsdam');
    assert.ok(potsdam);
    assert.match(potsdam.geoCodeId, /^1276\d{6}$/);
    assert.ok(res.every((r) => r.amount === 0 && /^\d+$/.test(r.geoCodeId)));
    // German places only: the Austrian city is not there (the Westerwald village Salzburg is)
    assert.deepEqual(
      geo.regionSearch('Salzburg').filter((r) => r.name.startsWith('Salzburg (')),
      [],
    );
    rejects(() => geo.regionSearch(''), 412, /\bq\b/);
  });
});

describe('hierarchy for the statistic', () => {
  test('nodes with parents and children; big cities have quarters', () => {
    const berlin = geo.node('1276003001');
    assert.equal(berlin?.type, 'City');
    assert.equal(berlin?.name, 'Berlin');
    assert.equal(berlin?.parentId, '1276003');
    assert.ok(berlin!.childIds.length > 50);
    const mitte = berlin!.childIds.map((id) => geo.node(id)!).find((n) => n.name === 'Mitte');
    assert.equal(mitte?.type, 'Quarter');
    assert.equal(mitte?.parentId, '1276003001');
    assert.deepEqual(geo.node('1276003')?.childIds, ['1276003001']);
    assert.equal(geo.node('1276')?.childIds.length, 16);
    assert.equal(geo.node('1040')?.childIds.length, 9);
    const district = geo.node(
      find('DEU', 'potsdam mittelmark', 'district', 'Potsdam-Mittelmark (Kreis)').entity.id,
    );
    assert.equal(district?.type, 'District');
    assert.ok(district!.childIds.map((id) => geo.node(id)!).some((n) => n.type === 'Town'));
    assert.equal(geo.node('999'), undefined);
    const cities = geo.cities('DEU');
    assert.ok(cities.some((c) => c.name === 'Berlin') && cities.some((c) => c.name === 'Hamburg'));
    assert.ok(cities.every((c) => c.type === 'City' && c.childIds.length > 0));
    assert.ok(geo.cities('AUT').some((c) => c.name === 'Wien'));
  });
});
