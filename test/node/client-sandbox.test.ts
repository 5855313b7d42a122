/**
 * End to end: the client against the real sandbox over HTTP, every operation, both media
 * types where the operation has two. Ids come from sandbox/fixtures, never hard-coded.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createSandbox } from '../../packages/sandbox/src/index.js';
import { ApiError, ImmoClient, legacyRegionsToSuggestions } from '../../src/api/index.js';

type Sandbox = Awaited<ReturnType<typeof createSandbox>>;
let sb: Sandbox;
let baseUrl: string;
let fixtures: Record<string, unknown>;
let token: string;

const post = async (path: string, body: unknown) => {
  const r = await fetch(`${baseUrl}/sandbox/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return r.json() as Promise<Record<string, unknown>>;
};

before(async () => {
  sb = await createSandbox({ quiet: true });
  ({ baseUrl } = await sb.listen(0));
  fixtures = (await (await fetch(`${baseUrl}/sandbox/fixtures`)).json()) as Record<string, unknown>;
  token = String((await post('token', { user: 'demo' })).token);
});
after(async () => {
  await sb?.close();
});

const client = () => new ImmoClient({ baseUrl, retries: 0 });

test('sandbox: geo suggestion, entity (all g values), statistic of a suggested city in JSON and XML', async () => {
  const c = client();
  const items = await c.suggestGeo({
    country: 'DEU',
    input: 'Berlin',
    limit: 10,
    limitPerType: 10,
    types: ['city', 'quarterOrTown'],
  });
  assert.ok(items.length > 0);
  const city = items.find((i) => i.entity.type === 'city') ?? items[0]!;
  assert.ok(city.entity.label.toLowerCase().includes('berlin'));
  for (const m of city.matches)
    assert.ok(m.offset >= 0 && m.offset + m.length <= city.entity.label.length);
  const plain = await c.getGeoEntity({ country: 'DEU', id: city.entity.id, geoData: 'None' });
  assert.equal(plain.id, city.entity.id);
  assert.equal(plain.geoData, undefined);
  const wgs = await c.getGeoEntity({ country: 'DEU', id: city.entity.id, geoData: 'WGS84' });
  assert.ok(wgs.geoData && 'lat' in wgs.geoData && wgs.geoData.lat > 47 && wgs.geoData.lat < 56);
  const lam = await c.getGeoEntity({ country: 'DEU', id: city.entity.id, geoData: 'Lambert' });
  assert.ok(lam.geoData && 'x' in lam.geoData && Number.isFinite(lam.geoData.x));
  const gid = await c.getGeoEntity({ country: 'DEU', id: city.entity.id, geoData: 'GeoId' });
  assert.ok(gid.geoId);

  const viaJson = await c.getStatistic({
    geocode: city.entity.id,
    realEstateTypes: ['HOUSE_BUY', 'APARTMENT_RENT'],
  });
  const viaXml = await c.getStatistic(
    { geocode: city.entity.id, realEstateTypes: ['HOUSE_BUY', 'APARTMENT_RENT'] },
    { format: 'xml' },
  );
  assert.deepEqual(viaXml, viaJson);
  assert.equal(viaJson.parent.geoCodeId, city.entity.id);
  assert.ok(viaJson.children.length > 0);
  assert.deepEqual(viaJson.parent.statistics.map((s) => s.realEstateType).sort(), [
    'APARTMENT_RENT',
    'HOUSE_BUY',
  ]);
});

test('sandbox: unknown entity is a 404 ApiError; invalid geocode a 4xx', async () => {
  const c = client();
  await assert.rejects(
    c.getGeoEntity({ country: 'DEU', id: '999999999999999', geoData: 'None' }),
    (e: ApiError) => e.kind === 'http' && e.isNotFound && e.messages.length > 0,
  );
  await assert.rejects(
    c.getStatistic({ geocode: '1' }),
    (e: ApiError) => e.kind === 'http' && (e.status ?? 0) >= 400 && (e.status ?? 0) < 500,
  );
});

test('sandbox: legacy region search in XML and JSON, and the v1 adapter', async () => {
  const c = client();
  const xml = await c.searchRegions('Berl');
  const json = await c.searchRegions('Berl', { format: 'json' });
  assert.deepEqual(json, xml);
  assert.ok(xml.length > 0);
  const v1 = await c.suggestGeoV1('Berl');
  assert.deepEqual(v1, legacyRegionsToSuggestions(xml, 'Berl'));
  assert.ok(
    v1.every(
      (s) => s.entity.type === 'quarterOrTown' && Object.keys(s).join() === 'entity,matches',
    ),
  );
  assert.ok(v1.some((s) => s.matches.length > 0));
});

test('sandbox: expose in both formats, then contact in JSON and XML', async () => {
  const c = client();
  const exposes = fixtures.exposes as { all?: { id: string }[] } | undefined;
  const ids = (exposes?.all ?? []).map((e) => String(e.id));
  assert.ok(ids.length > 0, `fixtures.exposes: ${JSON.stringify(fixtures).slice(0, 300)}`);
  let contacted = 0;
  for (const id of ids) {
    const info = await c.getExpose(id);
    assert.deepEqual(await c.getExpose(id, { format: 'xml' }), info);
    if (info.contactFormType === 'NONE') continue;
    const form = {
      lastname: 'Mustermann',
      firstname: 'Erika',
      emailAddress: 'erika@example.org',
      phoneNumber: '030 1234567',
      address: { street: 'Hauptstraße', houseNumber: '1', postcode: '10115', city: 'Berlin' },
      message: 'Test <b>&</b>',
    };
    await c.contactRealtor(id, form);
    await c.contactRealtor(id, form, { format: 'xml' });
    contacted += 2;
  }
  assert.ok(contacted > 0);
});

test('sandbox: building projects need the token; list, entries, own real estates, add', async () => {
  const c = client();
  await assert.rejects(c.listProjects(), (e: ApiError) => e.isUnauthorized);
  const projects = await c.listProjects({ token });
  assert.ok(projects.length > 0);
  assert.deepEqual(await c.listProjects({ token, format: 'json' }), projects);
  const own = await c.listOwnRealEstates({ token });
  assert.ok(own.length > 0);
  // The list does not say which project is published or has room: the sandbox's fixtures do.
  const target = projects.find(
    (p) => p.id === (fixtures.projects as Record<string, string>).basicFew,
  );
  assert.ok(target, 'a published project with room');
  const before = await c.listProjectEntries(target.id, { token });
  const candidate = own.find((r) => r.published && !before.some((e) => e.realEstateId === r.id));
  assert.ok(candidate, 'a published real estate not yet in the project');
  const [result] = await c.addProjectEntries(target.id, [candidate.id], { token });
  assert.equal(result!.realEstateId, candidate.id);
  assert.equal(result!.ok, true, JSON.stringify(result));
  const afterAdd = await c.listProjectEntries(target.id, { token });
  assert.ok(afterAdd.some((e) => e.realEstateId === candidate.id));
});

test('sandbox: faults — 503 with Retry-After is retried, malformed body is a parse error', async () => {
  const sleeps: number[] = [];
  const c = new ImmoClient({
    baseUrl,
    retries: 2,
    sleep: async (ms) => void sleeps.push(ms),
    cache: false,
  });
  await post('faults', { route: 'geo-suggest', status: 503, times: 1 });
  const items = await c.suggestGeo({
    country: 'DEU',
    input: 'Pots',
    limit: 5,
    limitPerType: 5,
    types: ['city'],
  });
  assert.ok(items.length > 0);
  assert.equal(sleeps.length, 1);
  await post('faults', { route: 'geo-suggest', malformed: true, times: 1 });
  await assert.rejects(
    c.suggestGeo({ country: 'DEU', input: 'Pots', limit: 5, limitPerType: 5, types: ['city'] }),
    (e: ApiError) => e.kind === 'parse',
  );
  await fetch(`${baseUrl}/sandbox/faults`, { method: 'DELETE' });
});
