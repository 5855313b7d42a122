/**
 * The client does not trust the sizes of answers (docs/interface.md#limits): names, labels and
 * titles are cut to TEXT_MAX characters, lists a request bounds are cut to that bound, and a
 * body beyond MAX_BODY characters is refused as a `parse` ApiError, the same for every
 * operation. The bodies are written from docs/interface.md, blown up to absurd sizes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError, ImmoClient } from '../../src/api/index.js';
import { MAX_BODY } from '../../src/api/core.js';
import { PROPERTY_TEXT_MAX } from '../../src/api/ops/property-text.js';
import { TEXT_MAX } from '../../src/shared/text.js';
import { BASE, json, makeClient, xml, type Reply } from './client-helpers.js';

const NS = 'http://rest.immobilienscout24.de/schema';
const long = (n: number, unit = 'Lang ') => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
const L5K = long(5_000);
const L60K = long(60_000);

/** A label as an element may lay it out: at most TEXT_MAX characters, an ellipsis when cut. */
function assertCut(label: string | undefined, original: string, what: string): void {
  assert.ok(label !== undefined, `${what} is kept`);
  assert.equal(label.length, TEXT_MAX, `${what} is cut to ${TEXT_MAX} characters`);
  assert.ok(label.endsWith('…'), `${what} ends in an ellipsis`);
  assert.ok(original.startsWith(label.slice(0, -1)), `${what} keeps its beginning`);
}

const suggestion = (i: number, label = `Ort ${i}`) => ({
  entity: { type: 'city', id: String(1276000000000 + i), label },
  matches: [{ offset: 0, length: 3 }],
});

test('geo suggestions: a 10,000-item answer is cut to the l asked, 50 when none, never past 120', async () => {
  const body = JSON.stringify(Array.from({ length: 10_000 }, (_, i) => suggestion(i)));
  for (const [limit, want] of [
    [10, 10],
    [undefined, 50],
    [120, 120],
  ] as const) {
    const { client } = makeClient([json(body)]);
    const list = await client.suggestGeo({ country: 'DEU', input: 'Ort', limit }, { cache: false });
    assert.equal(list.length, want, `l=${limit}`);
    assert.deepEqual(list[0], suggestion(0), 'the first items are kept as sent');
  }
});

test('geo suggestions: 5,000- and 60,000-character labels are cut, and their match ranges with them', async () => {
  const body = JSON.stringify([
    {
      ...suggestion(1, L5K),
      matches: [
        { offset: 0, length: 4 },
        { offset: 290, length: 50 },
      ],
    },
    { ...suggestion(2, L60K), matches: [[TEXT_MAX + 5, 3]] },
    suggestion(3, 'Potsdam'),
  ]);
  const { client } = makeClient([json(body)]);
  const [a, b, c] = await client.suggestGeo({ country: 'DEU', input: 'Lang', limit: 10 });
  assertCut(a?.entity.label, L5K, 'the 5,000-character label');
  assertCut(b?.entity.label, L60K, 'the 60,000-character label');
  assert.deepEqual(a?.matches, [
    { offset: 0, length: 4 },
    { offset: 290, length: TEXT_MAX - 1 - 290 },
  ]);
  assert.deepEqual(b?.matches, [], 'a range past the cut is dropped');
  assert.equal(c?.entity.label, 'Potsdam', 'a short label is untouched');
});

test('geo entity: label and address parts are cut', async () => {
  const body = JSON.stringify({
    type: 'quarterOrTown',
    id: '1276003001046',
    label: L60K,
    address: { city: L5K, quarter: 'Mitte' },
  });
  const { client } = makeClient([json(body)]);
  const e = await client.getGeoEntity({ country: 'DEU', id: '1276003001046' });
  assertCut(e.label, L60K, 'the entity label');
  assertCut(e.address.city, L5K, 'the city');
  assert.equal(e.address.quarter, 'Mitte');
});

test('statistic: region names are cut, and 10,000 subregions are kept (no documented bound)', async () => {
  const element = (i: number, name: string) => ({
    '@xsi.type': 'common:Quarter',
    name,
    geoCodeId: 1276003001000 + i,
    statistics: { GeoHierarchyStatistic: [{ '@realEstateType': 'HOUSE_BUY', '@count': '1' }] },
  });
  const body = JSON.stringify({
    'common.geoHierarchyElementsStatistic': {
      parent: { ...element(0, L60K), '@xsi.type': 'common:City' },
      children: {
        geoHierarchyElement: Array.from({ length: 10_000 }, (_, i) =>
          element(i + 1, i === 0 ? L5K : `Ortsteil ${i}`),
        ),
      },
    },
  });
  const { client } = makeClient([json(body)]);
  const s = await client.getStatistic({ geocode: '1276003001' });
  assertCut(s.parent.name, L60K, 'the parent name');
  assertCut(s.children[0]?.name, L5K, 'a child name');
  assert.equal(s.children.length, 10_000);
  assert.equal(s.children[1]?.name, 'Ortsteil 1');
});

test('statistic in XML: a 60,000-character name is cut', async () => {
  const body =
    `<common:geoHierarchyElementsStatistic xmlns:common="${NS}/common/1.0" ` +
    `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
    `<parent xsi:type="common:City"><name>${L60K}</name><geoCodeId>1276003001</geoCodeId>` +
    `<statistics><GeoHierarchyStatistic realEstateType="HOUSE_BUY" count="3"/></statistics>` +
    `</parent><children/></common:geoHierarchyElementsStatistic>`;
  const { client } = makeClient([xml(body)]);
  const s = await client.getStatistic({ geocode: '1276003001' }, { format: 'xml' });
  assertCut(s.parent.name, L60K, 'the parent name');
  assert.deepEqual(s.parent.statistics, [{ realEstateType: 'HOUSE_BUY', count: 3 }]);
});

test('an id longer than any name is no id: the item is left out, or the answer is unreadable', async () => {
  const { client } = makeClient([
    json(JSON.stringify([{ ...suggestion(1), entity: { ...suggestion(1).entity, id: L5K } }])),
  ]);
  assert.deepEqual(await client.suggestGeo({ country: 'DEU', input: 'Ort' }), []);
  const bad = JSON.stringify({
    'common.geoHierarchyElementsStatistic': { parent: { name: 'Berlin', geoCodeId: L5K } },
  });
  const { client: c2 } = makeClient([json(bad)]);
  await assert.rejects(
    c2.getStatistic({ geocode: '1276003001' }),
    (e) => ApiError.is(e) && e.kind === 'parse',
  );
});

test('legacy region search: names are cut', async () => {
  const body =
    `<region:regions xmlns:region="${NS}/search/region/1.0">` +
    `<region><name>${L60K}</name><geoCodeId>1276003001</geoCodeId><amount>0</amount></region>` +
    `<region><name>Berlin</name><geoCodeId>1276003</geoCodeId><amount>0</amount></region>` +
    `</region:regions>`;
  const { client } = makeClient([xml(body)]);
  const [a, b] = await client.searchRegions('Ber');
  assertCut(a?.name, L60K, 'the region name');
  assert.equal(b?.name, 'Berlin');
  const { client: c2 } = makeClient([xml(body)]);
  const [s] = await c2.suggestGeoV1('Lang');
  assertCut(s?.entity.label, L60K, 'the adapted label');
});

test('building projects: names, titles, free text and messages are cut', async () => {
  const projects =
    `<realestateproject:realEstateProjects xmlns:realestateproject="${NS}/offer/realestateproject/1.0">` +
    `<realEstateProject id="7"><name>${L60K}</name><title>${L5K}</title>` +
    `<freeFrom>${L5K}</freeFrom><address><city>${L60K}</city></address></realEstateProject>` +
    `</realestateproject:realEstateProjects>`;
  const { client } = makeClient([xml(projects)]);
  const [p] = await client.listProjects();
  assertCut(p?.name, L60K, 'the project name');
  assertCut(p?.title, L5K, 'the project title');
  assertCut(p?.freeFrom, L5K, 'freeFrom');
  assertCut(p?.address?.city, L60K, 'the project city');

  const added =
    `<realestateproject:realEstateProjectEntries xmlns:realestateproject="${NS}/offer/realestateproject/1.0">` +
    `<realEstateProjectEntry><realEstateId>42</realEstateId>` +
    `<messageCode>MESSAGE_RESOURCE_CREATED</messageCode><message>${L60K}</message>` +
    `</realEstateProjectEntry></realestateproject:realEstateProjectEntries>`;
  const { client: c2 } = makeClient([xml(added)]);
  const [r] = await c2.addProjectEntries('7', ['42']);
  assert.equal(r?.ok, true);
  assertCut(r?.message, L60K, 'the add message');
});

test("the user's listings: a 10,000-item page is cut to the page size asked, titles are cut", async () => {
  const items = Array.from(
    { length: 10_000 },
    (_, i) =>
      `<realEstateElement id="${i + 1}"><title>${i === 0 ? L60K : `Wohnung ${i}`}</title>` +
      `<realEstateState>ACTIVE</realEstateState></realEstateElement>`,
  ).join('');
  const body =
    `<realestates:realEstates xmlns:realestates="http://rest.immobilienscout24.de/schema/offer/realestates/1.0">` +
    `<Paging><numberOfPages>1</numberOfPages></Paging><realEstateList>${items}</realEstateList>` +
    `</realestates:realEstates>`;
  const { client } = makeClient([xml(body)]);
  const list = await client.listOwnRealEstates();
  assert.equal(list.length, 100);
  assertCut(list[0]?.title, L60K, 'the listing title');
  assert.equal(list[1]?.title, 'Wohnung 1');
});

test('expose and property text: the title and headline are cut, the description at its own bound', async () => {
  const expose = JSON.stringify({
    'expose.expose': {
      '@id': '1',
      '@contactFormType': 'EMAIL',
      realEstate: { title: L60K, address: { street: L5K, city: 'Berlin' } },
    },
  });
  const { client } = makeClient([json(expose)]);
  const info = await client.getExpose('1');
  assertCut(info.title, L60K, 'the expose title');
  assertCut(info.address?.street, L5K, 'the street');
  assert.equal(info.contactFormType, 'EMAIL');

  const prose = long(60_000, 'Helle Wohnung mit Balkon. ');
  const { client: c2 } = makeClient([
    json(JSON.stringify({ headline: L60K, propertyText: prose })),
  ]);
  const t = await c2.generatePropertyText({ realEstateType: 'house', transactionType: 'sale' });
  assertCut(t.headline, L60K, 'the headline');
  assert.equal(t.propertyText.length, PROPERTY_TEXT_MAX);
  assert.ok(t.propertyText.endsWith('…'));
  const { client: c3 } = makeClient([
    json(JSON.stringify({ headline: 'Villa', propertyText: L5K })),
  ]);
  assert.deepEqual(
    await c3.generatePropertyText({ realEstateType: 'house', transactionType: 'sale' }),
    { headline: 'Villa', propertyText: L5K },
    'a description within the bound is untouched',
  );
});

/** Every operation, called once on a client that answers `reply`. */
const calls: [string, (c: ImmoClient) => Promise<unknown>][] = [
  ['getStatistic', (c) => c.getStatistic({ geocode: '1276003001' })],
  ['getExpose', (c) => c.getExpose('1')],
  ['contactRealtor', (c) => c.contactRealtor('1', { lastname: 'Muster' })],
  [
    'generatePropertyText',
    (c) => c.generatePropertyText({ realEstateType: 'house', transactionType: 'sale' }),
  ],
  ['listProjects', (c) => c.listProjects()],
  ['listProjectEntries', (c) => c.listProjectEntries('7')],
  ['listOwnRealEstates', (c) => c.listOwnRealEstates()],
  ['addProjectEntries', (c) => c.addProjectEntries('7', ['42'])],
  ['suggestGeo', (c) => c.suggestGeo({ country: 'DEU', input: 'Ber' })],
  ['getGeoEntity', (c) => c.getGeoEntity({ country: 'DEU', id: '1276003' })],
  ['searchRegions', (c) => c.searchRegions('Ber')],
];

test('a body beyond MAX_BODY characters is refused as a parse error by every operation', async () => {
  // A list of suggestions would be valid JSON: only its size is wrong.
  const item = JSON.stringify(suggestion(1));
  const huge = `[${Array.from({ length: Math.ceil(MAX_BODY / item.length) + 1 }, () => item).join(',')}]`;
  assert.ok(huge.length > MAX_BODY);
  for (const [operation, call] of calls) {
    const { client } = makeClient([json(huge)]);
    await assert.rejects(
      call(client),
      (e) =>
        ApiError.is(e) &&
        e.kind === 'parse' &&
        e.operation === operation &&
        e.status === 200 &&
        e.code === 'RESPONSE_TOO_LARGE',
      operation,
    );
  }
});

test('an error answer beyond MAX_BODY keeps its status and loses its messages', async () => {
  const reply: Reply = {
    status: 404,
    body: `{"messageCode":"ERROR_RESOURCE_NOT_FOUND","message":"${'x'.repeat(MAX_BODY)}"}`,
    headers: { 'content-type': 'application/json' },
  };
  const { client } = makeClient([reply]);
  await assert.rejects(
    client.getExpose('1'),
    (e) => ApiError.is(e) && e.kind === 'http' && e.status === 404 && e.messages.length === 0,
  );
});

/** A fetch answering a body that streams `piece` after `piece`, a pause between them. */
function streaming(headers: Record<string, string>, pauseMs = 0) {
  const state = { pulled: 0, cancelled: false };
  const piece = new TextEncoder().encode('['.padEnd(64 * 1024, ' '));
  const fetch = (async (_: unknown, init?: RequestInit) =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(c) {
          // As a real fetch does: an abort of the request errors its body.
          init?.signal?.addEventListener('abort', () => c.error(init.signal!.reason));
        },
        async pull(c) {
          if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
          if (init?.signal?.aborted) return;
          state.pulled += piece.length;
          c.enqueue(piece);
        },
        cancel() {
          state.cancelled = true;
        },
      }),
      { status: 200, headers: { 'content-type': 'application/json', ...headers } },
    )) as typeof globalThis.fetch;
  return { fetch, state };
}

test('a declared length far beyond the bound is refused before the body is read', async () => {
  const { fetch, state } = streaming({ 'content-length': String(3 * MAX_BODY + 1) });
  const client = new ImmoClient({ baseUrl: BASE, fetch });
  await assert.rejects(
    client.suggestGeo({ country: 'DEU', input: 'Ber' }),
    (e) => ApiError.is(e) && e.kind === 'parse' && e.code === 'RESPONSE_TOO_LARGE',
  );
  assert.ok(state.cancelled, 'the body is cancelled');
  assert.ok(state.pulled < 1_000_000, `read ${state.pulled} of it`);
});

test('an endless body ends with the timeout', async () => {
  const { fetch } = streaming({}, 5);
  const client = new ImmoClient({ baseUrl: BASE, fetch, retries: 0, timeout: 200 });
  await assert.rejects(
    client.suggestGeo({ country: 'DEU', input: 'Ber' }),
    (e) => ApiError.is(e) && e.kind === 'timeout',
  );
});

test('a fetch whose response has no stream is bounded the same way', async () => {
  const huge = `[${' '.repeat(MAX_BODY)}]`;
  const fetch = (async () => ({
    status: 200,
    headers: new Headers({ 'content-type': 'application/json' }),
    text: async () => huge,
  })) as unknown as typeof globalThis.fetch;
  const client = new ImmoClient({ baseUrl: BASE, fetch });
  await assert.rejects(
    client.suggestGeo({ country: 'DEU', input: 'Ber' }),
    (e) => ApiError.is(e) && e.code === 'RESPONSE_TOO_LARGE',
  );
  const small = (async () => ({
    status: 200,
    headers: new Headers({ 'content-type': 'application/json' }),
    text: async () => JSON.stringify([suggestion(1)]),
  })) as unknown as typeof globalThis.fetch;
  const ok = new ImmoClient({ baseUrl: BASE, fetch: small });
  assert.equal((await ok.suggestGeo({ country: 'DEU', input: 'Ber' })).length, 1);
});
