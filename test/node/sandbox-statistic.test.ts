// Statistic, legacy region search and the geo routes' wiring through HTTP, on the real
// geography; XML validated against common-1.0.xsd and region-1.0.xsd.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  assertValid,
  expectJsonError,
  expectXmlError,
  schemaSkip,
  start,
  type Running,
} from '../fixtures/sandbox/helpers.js';

interface El {
  type: string;
  name: string;
  id: string;
  counts: Record<string, number>;
}

/** Reads the statistic XML into elements (parent first). */
function readXml(xml: string): El[] {
  return [
    ...xml.matchAll(
      /<(parent|geoHierarchyElement) xsi:type="common:(\w+)"><name>([^<]*)<\/name><geoCodeId>(\d+)<\/geoCodeId><statistics>(.*?)<\/statistics>/g,
    ),
  ].map((m) => ({
    type: m[2]!,
    name: m[3]!,
    id: m[4]!,
    counts: Object.fromEntries(
      [...m[5]!.matchAll(/realEstateType="(\w+)" count="(\d+)"/g)].map((c) => [
        c[1]!,
        Number(c[2]),
      ]),
    ),
  }));
}

describe('sandbox statistic', () => {
  let s: Running;
  let f: Record<string, any>;
  let city: { geoCodeId: string; name: string; subregions: number };
  const stat = async (q: string) => {
    const r = await s.req(`/search/v1.0/statistic?${q}`);
    assert.equal(r.status, 200, await r.clone().text());
    return { xml: await r.clone().text(), els: readXml(await r.text()) };
  };
  before(async () => {
    s = await start();
    f = await s.fixtures();
    assert.equal(f.statistic.available, true, 'the geography loaded');
    city = f.statistic.geocodesWithSubregions.find(
      (c: { subregions: number }) => c.subregions > 1 && c.subregions <= 30,
    );
    assert.ok(city, 'a seeded city with 2..30 subregions');
  });
  after(() => s.close());

  test('a few thousand seeded real estates, some unpublished', () => {
    assert.ok(f.statistic.estates >= 2000, String(f.statistic.estates));
    assert.ok(f.statistic.published < f.statistic.estates);
  });

  test('XML: parent and its direct children, counts per requested type, schema-valid', async () => {
    const { xml, els } = await stat(
      `geocode=${city.geoCodeId}&realestatetypes=housebuy,apartmentrent`,
    );
    if (!schemaSkip) await assertValid(xml, 'common');
    const [parent, ...children] = els;
    assert.equal(parent!.id, city.geoCodeId);
    assert.equal(parent!.type, 'City');
    assert.equal(children.length, city.subregions);
    assert.deepEqual(Object.keys(parent!.counts), ['HOUSE_BUY', 'APARTMENT_RENT']);
    for (const t of ['HOUSE_BUY', 'APARTMENT_RENT']) {
      assert.equal(
        children.reduce((n, c) => n + c.counts[t]!, 0),
        parent!.counts[t],
        `children add up for ${t}`,
      );
    }
    assert.ok(parent!.counts.APARTMENT_RENT! > 0);
  });

  test('country level: regions as children, schema-valid; every type used when none is asked for', async () => {
    const { xml, els } = await stat('geocode=1276');
    if (!schemaSkip) await assertValid(xml, 'common');
    assert.equal(els[0]!.type, 'Country');
    assert.equal(els.length - 1, 16);
    assert.ok(els.slice(1).every((e) => e.type === 'Region'));
    assert.equal(Object.keys(els[0]!.counts).length, 21);
    assert.ok(
      Object.values(els[0]!.counts).every((n) => n > 0),
      'every RealEstateType occurs in the seeds',
    );
  });

  test('filters: customernumber, username and channel narrow the counts consistently', async () => {
    const total = (await stat(`geocode=${city.geoCodeId}&realestatetypes=apartmentrent`)).els[0]!
      .counts.APARTMENT_RENT!;
    let sum = 0;
    for (const c of f.statistic.customerNumbers as string[]) {
      sum += (
        await stat(
          `geocode=${city.geoCodeId}&realestatetypes=apartmentrent&customernumber=${encodeURIComponent(c)}`,
        )
      ).els[0]!.counts.APARTMENT_RENT!;
    }
    assert.equal(sum, total, 'the customers partition the real estates');
    const byUser = (await stat(`geocode=1276&realestatetypes=apartmentrent&username=demo`)).els[0]!
      .counts.APARTMENT_RENT!;
    const byCustomer = (
      await stat(
        `geocode=1276&realestatetypes=apartmentrent&customernumber=${f.users[0].customerNumber}`,
      )
    ).els[0]!.counts.APARTMENT_RENT!;
    assert.equal(byUser, byCustomer);
    assert.ok(
      byUser > 0 &&
        byUser <
          (await stat('geocode=1276&realestatetypes=apartmentrent')).els[0]!.counts.APARTMENT_RENT!,
    );
    const is24 = (await stat('geocode=1276&realestatetypes=apartmentrent&channel=is24')).els[0]!
      .counts.APARTMENT_RENT!;
    const hp = (await stat('geocode=1276&realestatetypes=apartmentrent&channel=hp')).els[0]!.counts
      .APARTMENT_RENT!;
    const group = (await stat('geocode=1276&realestatetypes=apartmentrent&channel=10001')).els[0]!
      .counts.APARTMENT_RENT!;
    assert.ok(hp > 0 && hp < is24 && group > 0 && group < is24);
    assert.equal(
      (await stat('geocode=1276&realestatetypes=apartmentrent&customernumber=K-000000')).els[0]!
        .counts.APARTMENT_RENT,
      0,
    );
  });

  test('JSON: @xsi.type, counts as strings, geoCodeId as number, one child and one type collapse to objects', async () => {
    const r = await s.req('/search/v1.0/statistic?geocode=1276003&realestatetypes=housebuy', {
      headers: { accept: 'application/json' },
    });
    const j = (await r.json()) as any;
    const root = j['common.geoHierarchyElementsStatistic'];
    assert.equal(root.parent['@xsi.type'], 'common:Region');
    assert.equal(root.parent.geoCodeId, 1276003);
    const st = root.parent.statistics.GeoHierarchyStatistic;
    assert.equal(st['@realEstateType'], 'HOUSE_BUY');
    assert.match(st['@count'], /^\d+$/);
    const child = root.children.geoHierarchyElement;
    assert.ok(!Array.isArray(child));
    assert.equal(child['@xsi.type'], 'common:City');
    assert.equal(child.statistics.GeoHierarchyStatistic['@count'], st['@count']);
    const many = (await (
      await s.req(`/search/v1.0/statistic?geocode=${city.geoCodeId}`, {
        headers: { accept: 'application/json' },
      })
    ).json()) as any;
    assert.equal(
      many['common.geoHierarchyElementsStatistic'].children.geoHierarchyElement.length,
      city.subregions,
    );
    assert.equal(
      many['common.geoHierarchyElementsStatistic'].parent.statistics.GeoHierarchyStatistic.length,
      21,
    );
  });

  test('errors: unknown type 412, no subregions 412, unknown geocode 404, missing or bad geocode 412, bad channel 412', async () => {
    const t = await expectXmlError(
      await s.req(
        `/search/v1.0/statistic?geocode=${city.geoCodeId}&realestatetypes=housebuy,castle`,
      ),
      412,
      'ERROR_COMMON_URL_PARAMETER_VALIDATION_FAILED',
    );
    assert.match(t, /castle/);
    const leaf = f.statistic.geocodeWithoutSubregions.geoCodeId;
    const msgs = await expectJsonError(
      await s.req(`/search/v1.0/statistic?geocode=${leaf}`, {
        headers: { accept: 'application/json' },
      }),
      412,
      'ERROR_COMMON_URL_PARAMETER_VALIDATION_FAILED',
    );
    assert.match(msgs[0]!.message, /no subregions/);
    await expectXmlError(
      await s.req('/search/v1.0/statistic?geocode=1276999999'),
      404,
      'ERROR_COMMON_RESOURCE_NOT_FOUND',
    );
    await expectXmlError(
      await s.req('/search/v1.0/statistic'),
      412,
      'ERROR_COMMON_URL_PARAMETER_VALIDATION_FAILED',
    );
    await expectXmlError(
      await s.req('/search/v1.0/statistic?geocode=Berlin'),
      412,
      'ERROR_COMMON_URL_PARAMETER_VALIDATION_FAILED',
    );
    await expectXmlError(
      await s.req('/search/v1.0/statistic?geocode=1276&channel=<x>'),
      412,
      'ERROR_COMMON_URL_PARAMETER_VALIDATION_FAILED',
    );
    await expectXmlError(
      await s.req('/search/v1.0/statistic?geocode=1276&realestatetypes='),
      412,
      'ERROR_COMMON_URL_PARAMETER_VALIDATION_FAILED',
    );
  });

  test('listings everywhere: every region with subregions has data', async () => {
    const idOf = async (i: string, t: string, country = 'DEU') => {
      const r = await s.req(
        `/gis/v2.0/geoautocomplete/${country}?i=${encodeURIComponent(i)}&t=${t}&l=1`,
      );
      return ((await r.json()) as { entity: { id: string } }[])[0]!.entity.id;
    };
    const places: [string, string, string?][] = [
      ['Brandenburg', 'region'],
      ['Saarland', 'region'],
      ['Stade Kreis', 'district'],
      ['Region Hannover', 'district'],
      ['Landkreis München', 'district'],
      ['Leipzig', 'city'],
      ['Potsdam', 'city'],
      ['Graz', 'city', 'AUT'],
      ['Wien', 'city', 'AUT'],
      ['Köln', 'city'],
    ];
    for (const [i, t, country] of places) {
      const id = await idOf(i, t, country);
      const { els } = await stat(
        `geocode=${id}&realestatetypes=apartmentrent,housebuy,apartmentbuy`,
      );
      const total = (e: El) => Object.values(e.counts).reduce((a, b) => a + b, 0);
      assert.ok(els.length > 1, `${i}: subregions`);
      assert.ok(total(els[0]!) > 0, `${i}: listings`);
      assert.ok(
        els.slice(1).filter((e) => total(e) > 0).length >= Math.min(els.length - 1, 2),
        `${i}: listings in its subregions`,
      );
    }
  });

  test('deterministic: a second sandbox gives the same counts', async () => {
    const a = (await stat(`geocode=${city.geoCodeId}`)).xml;
    const other = await start();
    try {
      const b = await (await other.req(`/search/v1.0/statistic?geocode=${city.geoCodeId}`)).text();
      assert.equal(b, a);
    } finally {
      await other.close();
    }
  });
});

describe('sandbox geo routes and region v1', () => {
  let s: Running;
  before(async () => {
    s = await start();
  });
  after(() => s.close());

  test('suggestion and entity are wired (JSON only); unknown country and entity 404', async () => {
    const r = await s.req('/gis/v2.0/geoautocomplete/DEU?i=Berlin&t=city', {
      headers: { accept: 'application/xml' },
    });
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type')!, /json/);
    const items = (await r.json()) as { entity: { id: string; label: string } }[];
    assert.ok(items.some((x) => x.entity.label === 'Berlin'));
    const e = await s.req(`/gis/v2.0/geoautocomplete/DEU/entity/${items[0]!.entity.id}?g=WGS84`);
    assert.equal(e.status, 200);
    assert.ok(((await e.json()) as { geoData?: unknown }).geoData);
    await expectJsonError(
      await s.req('/gis/v2.0/geoautocomplete/FRA?i=Paris'),
      404,
      'ERROR_COMMON_RESOURCE_NOT_FOUND',
    );
    await expectJsonError(
      await s.req('/gis/v2.0/geoautocomplete/DEU/entity/999999999999999'),
      404,
      'ERROR_COMMON_RESOURCE_NOT_FOUND',
    );
  });

  test('region v1: XML in the region namespace (schema-valid), JSON with the array root and one-item collapse', async () => {
    const x = await s.req('/search/v1.0/region?q=Berlin');
    const xml = await x.text();
    assert.match(
      xml,
      /<region:regions xmlns:region="http:\/\/rest\.immobilienscout24\.de\/schema\/search\/region\/1\.0"><region><name>/,
    );
    if (!schemaSkip) await assertValid(xml, 'region');
    const j = (await (
      await s.req('/search/v1.0/region?q=Berlin', { headers: { accept: 'application/json' } })
    ).json()) as any;
    const list = j['region.regions'][0].region;
    assert.ok(Array.isArray(list) && list.length > 1);
    assert.equal(typeof list[0].geoCodeId, 'number');
    // find a query with exactly one hit to see the collapse
    const names = list.map((r: { name: string }) => r.name) as string[];
    let single: any;
    for (const q of [...names, 'Wuppertal', 'Eisenhüttenstadt']) {
      const res = (await (
        await s.req(`/search/v1.0/region?q=${encodeURIComponent(q)}`, {
          headers: { accept: 'application/json' },
        })
      ).json()) as any;
      const reg = res['region.regions'][0].region;
      if (reg && !Array.isArray(reg)) {
        single = reg;
        break;
      }
    }
    assert.ok(single && typeof single.name === 'string', 'a one-item answer is an object');
    await expectXmlError(
      await s.req('/search/v1.0/region'),
      412,
      'ERROR_COMMON_URL_PARAMETER_VALIDATION_FAILED',
    );
  });
});
