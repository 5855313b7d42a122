/**
 * The client against bodies written from docs/interface.md and the service's schemas (not
 * copied from the sandbox), one per operation. A model states only what the body carried;
 * a body with anything else in it still ends in the documented model or the documented
 * error (ApiError), also through the caching client.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ApiError, ImmoClient } from '../../src/api/index.js';
import { json, makeClient, xml } from './client-helpers.js';

const P = 'http://rest.immobilienscout24.de/schema/offer/realestateproject/1.0';
const C = 'http://rest.immobilienscout24.de/schema/common/1.0';

test('statistic (JSON as the service sends it: capital G, @count strings, @xsi.type on the element, one child collapsed)', async () => {
  const { client } = makeClient([
    json(
      JSON.stringify({
        'common.geoHierarchyElementsStatistic': {
          '@xmlns': { common: C },
          parent: {
            '@xsi.type': 'common:City',
            name: 'Berlin',
            geoCodeId: 1276003001,
            statistics: {
              GeoHierarchyStatistic: { '@realEstateType': 'HOUSE_BUY', '@count': '147' },
            },
          },
          children: {
            geoHierarchyElement: {
              '@xsi.type': 'common:Quarter',
              name: 'Mitte',
              geoCodeId: 1276003001046,
              statistics: {
                GeoHierarchyStatistic: [{ '@realEstateType': 'HOUSE_BUY', '@count': '0' }],
              },
            },
          },
        },
      }),
    ),
  ]);
  assert.deepEqual(
    await client.getStatistic({ geocode: '1276003001', realEstateTypes: ['HOUSE_BUY'] }),
    {
      parent: {
        type: 'City',
        name: 'Berlin',
        geoCodeId: '1276003001',
        statistics: [{ realEstateType: 'HOUSE_BUY', count: 147 }],
      },
      children: [
        {
          type: 'Quarter',
          name: 'Mitte',
          geoCodeId: '1276003001046',
          statistics: [{ realEstateType: 'HOUSE_BUY', count: 0 }],
        },
      ],
    },
  );
});

test('expose: contactFormType from the root attribute; configuration entries beyond the basic ones kept, unknown ones dropped', async () => {
  const { client } = makeClient([
    xml(
      `<expose:expose xmlns:expose="http://rest.immobilienscout24.de/schema/search/expose/1.0" id="68123456" contactFormType="PHONE">` +
        `<contactFormConfiguration><phoneNumberField>MANDATORY</phoneNumberField><companyField>OPTIONAL</companyField><somethingNewField>MANDATORY</somethingNewField></contactFormConfiguration>` +
        `</expose:expose>`,
    ),
  ]);
  assert.deepEqual(await client.getExpose('68123456', { format: 'xml' }), {
    id: '68123456',
    contactFormType: 'PHONE',
    contactFormConfiguration: { phoneNumberField: 'MANDATORY', companyField: 'OPTIONAL' },
  });
});

test("project list with none of the sandbox's fields: the model says nothing about state, product or entries", async () => {
  const { client } = makeClient([
    json(
      JSON.stringify({
        'realestateproject.realEstateProjects': {
          '@xmlns': { realestateproject: P, common: C },
          realEstateProject: [
            {
              '@id': '4711',
              name: 'Quartier am Kanal',
              price: { minimal: 310000, maximal: 590000 },
              space: { minimal: 54, maximal: 121 },
              numberOfHousingUnit: 18,
              interiorQuality: 'NORMAL',
              freeFrom: 'Sommer 2027',
              address: { city: 'Berlin' },
            },
            { '@id': '4712', name: 'Alte Weberei' },
          ],
        },
      }),
    ),
  ]);
  const [a, b] = await client.listProjects({ format: 'json' });
  assert.deepEqual(a, {
    id: '4711',
    name: 'Quartier am Kanal',
    price: { minimal: 310000, maximal: 590000 },
    space: { minimal: 54, maximal: 121 },
    numberOfHousingUnit: 18,
    interiorQuality: 'NORMAL',
    freeFrom: 'Sommer 2027',
    address: { city: 'Berlin' },
  });
  assert.deepEqual(b, { id: '4712', name: 'Alte Weberei' });
  for (const p of [a!, b!]) {
    const r = p as unknown as Record<string, unknown>;
    assert.equal(r.published, undefined);
    assert.equal(r.product, undefined);
    assert.equal(r.entryCount, undefined);
  }
});

test('add answer echoing only realEstateExternalId (with the undocumented messageCode/message): still one result per listing sent', async () => {
  const { client } = makeClient([
    xml(
      `<p:realEstateProjectEntries xmlns:p="${P}">` +
        `<realEstateProjectEntry id="901"><messageCode>MESSAGE_RESOURCE_CREATED</messageCode><message>created</message><realEstateExternalId>KANAL-7</realEstateExternalId></realEstateProjectEntry>` +
        `<realEstateProjectEntry><messageCode>ERROR_RESOURCE_VALIDATION</messageCode><message>full</message><realEstateExternalId>KANAL-8</realEstateExternalId></realEstateProjectEntry>` +
        `</p:realEstateProjectEntries>`,
    ),
  ]);
  assert.deepEqual(await client.addProjectEntries('4711', ['77', '78']), [
    {
      realEstateId: '77',
      realEstateExternalId: 'KANAL-7',
      messageCode: 'MESSAGE_RESOURCE_CREATED',
      message: 'created',
      ok: true,
    },
    {
      realEstateId: '78',
      realEstateExternalId: 'KANAL-8',
      messageCode: 'ERROR_RESOURCE_VALIDATION',
      message: 'full',
      ok: false,
    },
  ]);
});

test('add answer in another order, or missing a listing: results follow the ids sent; the silent one is not ok and has no code', async () => {
  const { client } = makeClient([
    xml(
      `<p:realEstateProjectEntries xmlns:p="${P}">` +
        `<realEstateProjectEntry><messageCode>MESSAGE_RESOURCE_CREATED</messageCode><message>ok</message><realEstateId>78</realEstateId></realEstateProjectEntry>` +
        `</p:realEstateProjectEntries>`,
    ),
  ]);
  assert.deepEqual(await client.addProjectEntries('4711', ['77', '78']), [
    { realEstateId: '77', ok: false },
    { realEstateId: '78', messageCode: 'MESSAGE_RESOURCE_CREATED', message: 'ok', ok: true },
  ]);
});

test('add refused as a whole: the documented common:messages error, as an ApiError with the code', async () => {
  const { client } = makeClient([
    xml(
      `<common:messages xmlns:common="${C}"><message><messageCode>ERROR_RESOURCE_VALIDATION</messageCode><message>project is not published</message></message></common:messages>`,
      412,
    ),
  ]);
  await assert.rejects(
    client.addProjectEntries('4711', ['77']),
    (e: ApiError) =>
      e.kind === 'http' && e.status === 412 && e.code === 'ERROR_RESOURCE_VALIDATION',
  );
});

test('suggestion items with undocumented fields (geopath, value, P… ids): only the documented fields', async () => {
  const { client } = makeClient([
    json(
      JSON.stringify([
        {
          entity: {
            type: 'quarterOrTown',
            id: '1276003001046',
            label: 'Berlin - Mitte (Mitte)',
            geopath: { uri: '/de/berlin/berlin/mitte-mitte' },
          },
          matches: [{ offset: 9, length: 5 }],
        },
        {
          entity: {
            type: 'postcode',
            id: 'P276-90402-NUERNBERG',
            label: '90402 Nürnberg',
            value: '90402',
          },
          matches: [[0, 5]],
        },
      ]),
    ),
  ]);
  const items = await client.suggestGeo({ country: 'DEU', input: 'Mitte' });
  assert.deepEqual(items, [
    {
      entity: { type: 'quarterOrTown', id: '1276003001046', label: 'Berlin - Mitte (Mitte)' },
      matches: [{ offset: 9, length: 5 }],
    },
    {
      entity: { type: 'postcode', id: 'P276-90402-NUERNBERG', label: '90402 Nürnberg' },
      matches: [{ offset: 0, length: 5 }],
    },
  ]);
});

test('entity resource without the id (the request names it): the model takes it from the request', async () => {
  const { client } = makeClient([
    json(
      JSON.stringify({
        type: 'district',
        label: 'Stade (Kreis)',
        address: { region: 'Niedersachsen' },
        geoId: '1276009039',
      }),
    ),
  ]);
  assert.deepEqual(
    await client.getGeoEntity({ country: 'DEU', id: '1276009039', geoData: 'GeoId' }),
    {
      type: 'district',
      id: '1276009039',
      label: 'Stade (Kreis)',
      address: { region: 'Niedersachsen' },
      geoId: '1276009039',
    },
  );
});

test('legacy region record without amount: amount unknown, not 0', async () => {
  const { client } = makeClient([
    xml(
      `<region:regions xmlns:region="http://rest.immobilienscout24.de/schema/search/region/1.0"><region><name>Stade (Kreis)</name><geoCodeId>1276009039</geoCodeId></region></region:regions>`,
    ),
  ]);
  assert.deepEqual(await client.searchRegions('Stade'), [
    { name: 'Stade (Kreis)', geoCodeId: '1276009039' },
  ]);
});

/** `{"x":{"x":…}}` nested `depth` levels, written as text (no recursion). */
const deep = (depth: number) => '{"x":'.repeat(depth) + '1' + '}'.repeat(depth);

test('a suggestion whose entity carries an unknown field nested 2,000 deep, through the caching client: the documented model, cached, shared', async () => {
  const body = `[{"entity":{"type":"city","id":"1276003001","label":"Berlin","unknown":${deep(2000)}},"matches":[{"offset":0,"length":3}],"more":${deep(2000)}}]`;
  const { client, calls } = makeClient([json(body)]);
  const expected = [
    {
      entity: { type: 'city', id: '1276003001', label: 'Berlin' },
      matches: [{ offset: 0, length: 3 }],
    },
  ];
  // two callers share one request (the second gets a copy), a third is served from the cache
  const [a, b] = await Promise.all([
    client.suggestGeo({ country: 'DEU', input: 'Ber' }),
    client.suggestGeo({ country: 'DEU', input: 'Ber' }),
  ]);
  assert.deepEqual(a, expected);
  assert.deepEqual(b, expected);
  assert.deepEqual(await client.suggestGeo({ country: 'DEU', input: 'Ber' }), expected);
  assert.equal(calls.length, 1);
});

test('unknown fields nested 200,000 deep (JSON and XML): the documented model or the documented error, never a RangeError', async () => {
  const { client } = makeClient([
    json(`[{"entity":{"type":"city","id":"1","label":"B","u":${deep(200_000)}},"matches":[]}]`),
    xml(
      `<region:regions xmlns:region="http://rest.immobilienscout24.de/schema/search/region/1.0"><region><name>B</name><geoCodeId>1</geoCodeId>${'<u>'.repeat(200_000)}${'</u>'.repeat(200_000)}</region></region:regions>`,
    ),
  ]);
  for (const call of [
    () => client.suggestGeo({ country: 'DEU', input: 'B' }),
    () => client.searchRegions('B'),
  ]) {
    const r = await call().catch((e: unknown) => e);
    if (r instanceof Error) assert.ok(r instanceof ApiError && r.kind === 'parse', String(r));
    else
      assert.deepEqual(
        r,
        Array.isArray(r) && 'entity' in (r[0] ?? {})
          ? [{ entity: { type: 'city', id: '1', label: 'B' }, matches: [] }]
          : [{ name: 'B', geoCodeId: '1' }],
      );
  }
});

test(
  'fuzz: suggestion answers with unknown fields of any shape and depth, through the caching client, end in the model or an ApiError',
  { timeout: 120_000 },
  async () => {
    const unknownValue = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
      fc.integer({ min: 1, max: 3000 }).map(deep),
      fc.integer({ min: 1, max: 3000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
    );
    const key = fc.constantFrom(
      'geopath',
      'value',
      'x',
      '__proto__',
      'constructor',
      'entity',
      'matches',
      'type',
      'id',
      'label',
    );
    const item = fc
      .record({
        k1: key,
        v1: unknownValue,
        k2: key,
        v2: unknownValue,
        label: fc.string({ maxLength: 20 }),
      })
      .map(
        ({ k1, v1, k2, v2, label }) =>
          `{"entity":{"type":"city","id":"1276003001","label":${JSON.stringify(label)},${JSON.stringify(k1)}:${v1}},"matches":[{"offset":0,"length":1}],${JSON.stringify(k2)}:${v2}}`,
      );
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(item, { maxLength: 3 }), async (items) => {
        const body = `[${items.join(',')}]`;
        const client = new ImmoClient({
          baseUrl: 'http://x.test/restapi/api',
          retries: 0,
          fetch: async () =>
            new Response(body, { headers: { 'content-type': 'application/json' } }),
        });
        const input = `q${n++}`;
        for (const r of await Promise.allSettled([
          client.suggestGeo({ country: 'DEU', input }),
          client.suggestGeo({ country: 'DEU', input }),
        ])) {
          if (r.status === 'rejected') assert.ok(r.reason instanceof ApiError, String(r.reason));
          else for (const s of r.value) assert.deepEqual(Object.keys(s), ['entity', 'matches']);
        }
        const cached = await client.suggestGeo({ country: 'DEU', input }).catch((e: unknown) => e);
        assert.ok(Array.isArray(cached) || cached instanceof ApiError, String(cached));
      }),
      { numRuns: 2000, seed: 16 },
    );
  },
);

test('contact: contactFormType is the attribute of contactForm in both media types (@contactFormType in JSON, first)', async () => {
  const { client, calls } = makeClient([
    { status: 200, body: '' },
    { status: 200, body: '' },
  ]);
  await client.contactRealtor('68123456', {
    contactFormType: 'PHONE',
    lastname: 'Müller',
    phoneNumber: '030 1',
  });
  const body = JSON.parse(calls[0]!.body!)['expose.contactForm'];
  assert.deepEqual(Object.keys(body), ['@xmlns', '@contactFormType', 'lastname', 'phoneNumber']);
  assert.equal(body['@contactFormType'], 'PHONE');
  await client.contactRealtor(
    '68123456',
    { contactFormType: 'PHONE', lastname: 'Müller' },
    { format: 'xml' },
  );
  assert.match(
    calls[1]!.body!,
    /<expose:contactForm xmlns:expose="[^"]+" xmlns:common="[^"]+" contactFormType="PHONE"><lastname>Müller<\/lastname><\/expose:contactForm>$/,
  );
  await assert.rejects(
    client.contactRealtor('68123456', { contactFormType: 'FAX' as 'EMAIL', lastname: 'M' }),
    (e: ApiError) => e.kind === 'validation' && e.fields?.includes('contactFormType') === true,
  );
});
