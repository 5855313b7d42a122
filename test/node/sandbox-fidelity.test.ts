// Issue 16: the sandbox adds nothing to the real shapes. The ids the real documentation
// quotes name those places (or nothing), `t` is read in any case, the deprecated region
// search answers short and unmatched queries with the schema's empty list, and error texts
// are English only.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertValid, schemaSkip, start, type Running } from '../fixtures/sandbox/helpers.js';
import {
  DOCUMENTED_IDS,
  documentedIds,
  type GeoIndexApi,
  type GeoNode,
} from '../../packages/sandbox/src/geo-api.js';

describe('sandbox fidelity: documented ids, t in any case, region search, English errors', () => {
  let s: Running;
  const json = async (path: string) => {
    const r = await s.req(path, { headers: { accept: 'application/json' } });
    return { status: r.status, body: (await r.json()) as any };
  };
  before(async () => {
    s = await start();
  });
  after(() => s.close());

  test('the documented ids (API-NOTES) resolve to the places the documentation names', async () => {
    const expect: [string, string, RegExp][] = [
      ['1276', 'country', /^Deutschland$/],
      ['1276003', 'region', /^Berlin$/],
      ['1276003001', 'city', /^Berlin$/],
      ['1276003001046', 'quarterOrTown', /^Berlin - Mitte\b/],
      ['1276009039', 'district', /^Stade \(Kreis\)$/],
    ];
    for (const [id, type, label] of expect) {
      const { status, body } = await json(`/gis/v2.0/geoautocomplete/DEU/entity/${id}?g=GeoId`);
      assert.equal(status, 200, id);
      assert.equal(body.type, type, id);
      assert.match(body.label, label, id);
      assert.equal(body.id, id);
      assert.equal(body.geoId, id);
    }
    assert.equal(
      (await json('/gis/v2.0/geoautocomplete/DEU/entity/1276003001046')).body.address.quarter,
      'Mitte',
    );
  });

  test('the suggestion, the statistic and the region search use the same ids; the place that held one keeps an id of its own', async () => {
    const mitte = (await json('/gis/v2.0/geoautocomplete/DEU?i=Berlin%20Mitte&t=quarterOrTown&l=5'))
      .body as any[];
    assert.ok(
      mitte.some((x) => x.entity.id === '1276003001046' && /Mitte/.test(x.entity.label)),
      JSON.stringify(mitte),
    );
    const stade = (await json('/gis/v2.0/geoautocomplete/DEU?i=Stade&t=district&l=3'))
      .body as any[];
    assert.equal(stade.find((x) => x.entity.label === 'Stade (Kreis)')?.entity.id, '1276009039');
    const vechta = (
      (await json('/gis/v2.0/geoautocomplete/DEU?i=Vechta&t=district&l=3')).body as any[]
    ).find((x) => /Vechta/.test(x.entity.label));
    assert.ok(vechta && vechta.entity.id !== '1276009039', "Vechta is not under Stade's id");
    assert.match(
      (await json(`/gis/v2.0/geoautocomplete/DEU/entity/${vechta.entity.id}`)).body.label,
      /Vechta/,
    );
    const stat = (await json('/search/v1.0/statistic?geocode=1276009039')).body[
      'common.geoHierarchyElementsStatistic'
    ];
    assert.equal(stat.parent.name, 'Stade');
    assert.equal(stat.parent.geoCodeId, 1276009039);
    const kids = [].concat(stat.children?.geoHierarchyElement ?? []) as { geoCodeId: number }[];
    for (const k of kids) assert.match(String(k.geoCodeId), /^1276009039\d{3}$/);
    const regions = (await json('/search/v1.0/region?q=Stade')).body['region.regions'][0].region;
    assert.ok(
      [].concat(regions).some((r: any) => r.geoCodeId === 1276009039),
      JSON.stringify(regions),
    );
  });

  test('t is read in any case, as the real service does', async () => {
    const lower = (await json('/gis/v2.0/geoautocomplete/DEU?i=Potsdam&t=city,quarterOrTown&l=5'))
      .body;
    for (const t of ['CITY,QUARTERORTOWN', 'City,QuarterOrTown', 'city,quarterortown']) {
      assert.deepEqual(
        (await json(`/gis/v2.0/geoautocomplete/DEU?i=Potsdam&t=${t}&l=5`)).body,
        lower,
        t,
      );
    }
    assert.ok((await json('/gis/v2.0/geoautocomplete/DEU?i=Potsdam&t=ALL&l=5')).body.length > 0);
  });

  test("region search: fewer than 2 letters and no match both answer the schema's empty list", async () => {
    for (const q of ['B', ' b ', 'Ü', 'xqzzyqv']) {
      const j = await json(`/search/v1.0/region?q=${encodeURIComponent(q)}`);
      assert.equal(j.status, 200, q);
      assert.deepEqual(j.body, { 'region.regions': [{}] }, q);
      const r = await s.req(`/search/v1.0/region?q=${encodeURIComponent(q)}`);
      const xml = await r.text();
      assert.equal(r.status, 200);
      assert.match(xml, /<region:regions xmlns:region="[^"]+"><\/region:regions>$/);
      if (!schemaSkip) await assertValid(xml, 'region');
    }
    assert.ok(
      (await json('/search/v1.0/region?q=Be')).body['region.regions'][0].region,
      'two letters search',
    );
  });

  test('error texts are English only', async () => {
    for (const path of [
      '/gis/v2.0/geoautocomplete/DEU?i=x&t=nonsense',
      '/gis/v2.0/geoautocomplete/DEU?i=x&l=0',
      '/gis/v2.0/geoautocomplete/DEU',
      '/gis/v2.0/geoautocomplete/DEU/entity/1?g=Mercator',
      '/gis/v2.0/geoautocomplete/XYZ?i=x',
      '/search/v1.0/region',
      '/search/v1.0/statistic?geocode=nope',
    ]) {
      const { status, body } = await json(path);
      assert.ok(status >= 400, path);
      const m = body['common.messages'][0].message;
      for (const msg of [].concat(m) as { message: string }[]) {
        assert.doesNotMatch(
          msg.message,
          /[äöüßÄÖÜ„“]| muss | fehlt|Unbekannt|nicht /,
          `${path}: ${msg.message}`,
        );
      }
    }
  });
});

describe('documentedIds: swaps found from the hierarchy', () => {
  /** A small hierarchy whose module numbered Mitte 059 and gave 046 to Kreuzberg. */
  function fake(nodes: GeoNode[]): GeoIndexApi {
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const entity = (_c: string, id: string) => {
      const n = byId.get(id);
      return n
        ? { type: n.type.toLowerCase(), id: n.id, label: n.name, address: {}, geoId: n.id }
        : null;
    };
    return {
      suggest: () =>
        nodes.map((n) => ({ entity: { type: n.type, id: n.id, label: n.name }, matches: [] })),
      suggestJson: () =>
        JSON.stringify(
          nodes.map((n) => ({ entity: { type: n.type, id: n.id, label: n.name }, matches: [] })),
        ),
      entity,
      regionSearch: () => nodes.map((n) => ({ name: n.name, geoCodeId: n.id, amount: 0 })),
      node: (id) => byId.get(id),
      cities: () => [],
    };
  }
  const n = (
    id: string,
    type: string,
    name: string,
    parentId?: string,
    childIds: string[] = [],
  ): GeoNode => ({ id, type, name, parentId, childIds });

  test('a documented id held by another place: the two trade ids, with everything below them', () => {
    const geo = documentedIds(
      fake([
        n('1276', 'Country', 'Deutschland', undefined, ['1276003']),
        n('1276003', 'Region', 'Berlin', '1276', ['1276003001']),
        n('1276003001', 'City', 'Berlin', '1276003', ['1276003001046', '1276003001059']),
        n('1276003001046', 'Quarter', 'Kreuzberg', '1276003001'),
        n('1276003001059', 'Quarter', 'Mitte', '1276003001'),
      ]),
    );
    assert.equal(geo.node('1276003001046')?.name, 'Mitte');
    assert.equal(geo.node('1276003001059')?.name, 'Kreuzberg');
    assert.deepEqual(geo.node('1276003001')?.childIds, ['1276003001059', '1276003001046']);
    assert.equal((geo.entity('DEU', '1276003001046') as { label: string }).label, 'Mitte');
    assert.equal((geo.entity('DEU', '1276003001046') as { geoId: string }).geoId, '1276003001046');
    const items = JSON.parse(geo.suggestJson('DEU', {})) as {
      entity: { id: string; label: string };
    }[];
    assert.equal(items.find((i) => i.entity.label === 'Mitte')!.entity.id, '1276003001046');
    assert.equal(
      geo.suggest('DEU', {}).find((i) => i.entity.label === 'Kreuzberg')!.entity.id,
      '1276003001059',
    );
  });

  test('a documented place the data lacks: its id names nothing rather than another place', () => {
    const geo = documentedIds(
      fake([
        n('1276', 'Country', 'Deutschland', undefined, ['1276009']),
        n('1276009', 'Region', 'Niedersachsen', '1276', ['1276009039']),
        n('1276009039', 'District', 'Vechta', '1276009'),
      ]),
    );
    assert.equal(geo.node('1276009039'), undefined);
    assert.equal(geo.entity('DEU', '1276009039'), null);
    const vechta = geo.suggest('DEU', {}).find((i) => i.entity.label === 'Vechta')!;
    assert.notEqual(vechta.entity.id, '1276009039');
    assert.equal(geo.node(vechta.entity.id)?.name, 'Vechta');
  });

  test('documented ids where the module already puts them: no swap, the geography as it is', () => {
    const geo = documentedIds(fake([n('1276', 'Country', 'Deutschland')]));
    assert.equal(geo.node('1276')?.name, 'Deutschland');
    assert.equal(DOCUMENTED_IDS[0]!.id, '1276');
  });
});
