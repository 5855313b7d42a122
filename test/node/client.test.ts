/** Every operation against recorded payloads in both media types; URLs, headers, bodies exact. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ApiError,
  CONTACT_FORM_FIELDS,
  CONTACT_FORM_SCHEMA_FIELDS,
  REAL_ESTATE_TYPES,
} from '../../src/api/index.js';
import { BASE, fixture, fullForm, json, makeClient, xml } from './client-helpers.js';

const berlinStatistic = {
  parent: {
    type: 'City',
    name: 'Berlin',
    geoCodeId: '1276003001',
    statistics: [
      { realEstateType: 'SPECIAL_PURPOSE', count: 12 },
      { realEstateType: 'HOUSE_BUY', count: 147 },
    ],
  },
  children: [
    {
      type: 'Quarter',
      name: 'Mitte (Mitte)',
      geoCodeId: '1276003001046',
      statistics: [
        { realEstateType: 'SPECIAL_PURPOSE', count: 0 },
        { realEstateType: 'HOUSE_BUY', count: 3 },
      ],
    },
    {
      type: 'Quarter',
      name: 'Wedding (Mitte)',
      geoCodeId: '1276003001047',
      statistics: [
        { realEstateType: 'SPECIAL_PURPOSE', count: 1 },
        { realEstateType: 'HOUSE_BUY', count: 9 },
      ],
    },
  ],
};

test('getStatistic: JSON, query parameters named and lower-cased as in the spec', async () => {
  const { client, calls } = makeClient([json(fixture('statistic.json'))]);
  const stat = await client.getStatistic({
    geocode: 1276003001,
    realEstateTypes: ['HOUSE_BUY', 'SPECIAL_PURPOSE'],
    customerNumber: 'CU 1',
    username: 'makler@x',
    channel: 'hp',
  });
  assert.deepEqual(stat, berlinStatistic);
  assert.equal(calls.length, 1);
  assert.deepEqual(calls[0], {
    url: `${BASE}/search/v1.0/statistic?geocode=1276003001&realestatetypes=housebuy,specialpurpose&customernumber=CU%201&username=makler%40x&channel=hp`,
    method: 'GET',
    headers: { accept: 'application/json' },
    body: undefined,
    credentials: undefined,
  });
});

test('getStatistic: XML with xsi:type bound by URI on the element, prefixes differ', async () => {
  const { client, calls } = makeClient([xml(fixture('statistic.xml'))]);
  const stat = await client.getStatistic({ geocode: '1276003001' }, { format: 'xml' });
  assert.deepEqual(stat, berlinStatistic);
  assert.equal(calls[0]!.url, `${BASE}/search/v1.0/statistic?geocode=1276003001`);
  assert.deepEqual(calls[0]!.headers, { accept: 'application/xml' });
});

test('getStatistic: one-item lists collapsed to objects, string geoCodeId, unknown fields ignored', async () => {
  const { client } = makeClient([json(fixture('statistic-collapsed.json'))]);
  assert.deepEqual(await client.getStatistic({ geocode: '1276009039' }), {
    parent: {
      type: 'City',
      name: 'Stade',
      geoCodeId: '1276009039',
      statistics: [{ realEstateType: 'HOUSE_BUY', count: 5 }],
    },
    children: [
      {
        type: 'Quarter',
        name: 'Altstadt',
        geoCodeId: '1276009039001',
        statistics: [{ realEstateType: 'HOUSE_BUY', count: 2 }],
      },
    ],
  });
});

test('getStatistic: XML root in a foreign namespace is a parse error', async () => {
  const body = fixture('statistic.xml').replace('schema/common/1.0"', 'schema/other/1.0"');
  const { client } = makeClient([xml(body)]);
  await assert.rejects(
    client.getStatistic({ geocode: '1' }, { format: 'xml' }),
    (e: ApiError) => e.kind === 'parse' && e.status === 200,
  );
});

const exposeInfo = {
  id: '68123456',
  contactFormType: 'LONG',
  contactFormConfiguration: {
    lastnameField: 'MANDATORY',
    emailAddressField: 'MANDATORY',
    phoneNumberField: 'MANDATORY',
    addressField: 'MANDATORY',
    firstnameField: 'OPTIONAL',
    messageField: 'OPTIONAL',
    salutationField: 'OPTIONAL',
    moveInDateField: 'OPTIONAL',
    companyField: 'OPTIONAL',
  },
  title: 'Helle 3-Zimmer-Wohnung & Balkon',
  address: {
    street: 'Invalidenstraße',
    houseNumber: '12',
    postcode: '10115',
    city: 'Berlin',
    quarter: 'Mitte (Mitte)',
  },
};

for (const format of ['json', 'xml'] as const) {
  test(`getExpose (${format}): contact form type and configuration`, async () => {
    const { client, calls } = makeClient([
      format === 'json' ? json(fixture('expose.json')) : xml(fixture('expose.xml')),
    ]);
    const info = await client.getExpose('68123456', { format });
    assert.deepEqual(info, exposeInfo);
    assert.equal(calls[0]!.url, `${BASE}/search/v1.0/expose/68123456`);
    assert.deepEqual(calls[0]!.headers, { accept: `application/${format}` });
  });
}

test('getExpose: path segment is percent-encoded; a missing contactFormType stays unknown', async () => {
  const { client, calls } = makeClient([json('{"expose.expose":{"realEstate":{"title":"x"}}}')]);
  const info = await client.getExpose('a/b?c');
  assert.equal(calls[0]!.url, `${BASE}/search/v1.0/expose/a%2Fb%3Fc`);
  assert.deepEqual(info, { id: 'a/b?c', contactFormConfiguration: {}, title: 'x' });
  assert.ok(!('contactFormType' in info));
});

test("handedExpose: a page's contact information is kept only as the listing's record, checked as an answer", async () => {
  const { handedExpose } = await import('../../src/api/ops/expose.js');
  // what getExpose gives is taken as it is
  assert.deepEqual(handedExpose(exposeInfo, '68123456'), exposeInfo);
  assert.deepEqual(handedExpose({ ...exposeInfo, id: 68123456 }, ' 68123456 '), exposeInfo);
  // another listing's, or no record at all
  assert.equal(handedExpose(exposeInfo, '99'), null);
  for (const junk of [null, 'x', 42, [exposeInfo, exposeInfo], { contactFormType: 'EMAIL' }])
    assert.equal(handedExpose(junk, '68123456'), null);
  // a form type the service does not have
  assert.equal(handedExpose({ ...exposeInfo, contactFormType: 'FAX' }, '68123456'), null);
  // entries and values the record cannot hold are dropped, text is cut as in an answer
  const odd = handedExpose(
    {
      id: '1',
      contactFormType: 'email',
      contactFormConfiguration: {
        emailAddressField: 'mandatory',
        lastnameField: 'SOMETIMES',
        shoeSizeField: 'MANDATORY',
        __proto__: { incomeField: 'MANDATORY' },
      },
      title: 'T'.repeat(5000),
      address: { city: 'Berlin', planet: 'Erde' },
      extra: '<script>',
    },
    '1',
  )!;
  assert.deepEqual(Object.keys(odd).sort(), [
    'address',
    'contactFormConfiguration',
    'contactFormType',
    'id',
    'title',
  ]);
  assert.equal(odd.contactFormType, 'EMAIL');
  assert.deepEqual(odd.contactFormConfiguration, { emailAddressField: 'MANDATORY' });
  assert.deepEqual(odd.address, { city: 'Berlin' });
  assert.ok(odd.title!.length <= 300);
});

test('contactRealtor (json): root expose.contactForm, @xmlns, @xsi.type on address, keys in schema order', async () => {
  const { client, calls } = makeClient([{ status: 200, body: '' }]);
  await client.contactRealtor('68123456', fullForm);
  assert.equal(calls.length, 1);
  const c = calls[0]!;
  assert.equal(c.url, `${BASE}/search/v1.0/expose/68123456/contact`);
  assert.equal(c.method, 'POST');
  assert.deepEqual(c.headers, { accept: 'application/json', 'content-type': 'application/json' });
  const expected = {
    'expose.contactForm': {
      '@xmlns': {
        expose: 'http://rest.immobilienscout24.de/schema/search/expose/1.0',
        common: 'http://rest.immobilienscout24.de/schema/common/1.0',
      },
      ...Object.fromEntries(
        CONTACT_FORM_SCHEMA_FIELDS.map((k) => [
          k,
          k === 'address'
            ? { '@xsi.type': 'common:Address', ...fullForm.address }
            : (fullForm as unknown as Record<string, unknown>)[k],
        ]),
      ),
    },
  };
  assert.equal(c.body, JSON.stringify(expected));
  const keys = Object.keys(JSON.parse(c.body!)['expose.contactForm']).slice(1);
  assert.deepEqual(keys, [...CONTACT_FORM_SCHEMA_FIELDS]);
  assert.equal(CONTACT_FORM_FIELDS.length, 28);
});

test('contactRealtor (xml): exact document, fields in schema order, empties dropped, text escaped', async () => {
  const { client, calls } = makeClient([{ status: 200 }]);
  await client.contactRealtor(
    '7',
    {
      lastname: 'Müller & Söhne',
      firstname: '  ',
      emailAddress: 'a@b.de',
      message: 'a<b>\u0001c',
      address: { city: 'Köln', street: '' },
      appointmentRequested: 'NOT_APPLICABLE',
    },
    { format: 'xml' },
  );
  assert.deepEqual(calls[0]!.headers, {
    accept: 'application/xml',
    'content-type': 'application/xml',
  });
  assert.equal(
    calls[0]!.body,
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<expose:contactForm xmlns:expose="http://rest.immobilienscout24.de/schema/search/expose/1.0" xmlns:common="http://rest.immobilienscout24.de/schema/common/1.0">' +
      '<lastname>Müller &amp; Söhne</lastname><emailAddress>a@b.de</emailAddress><appointmentRequested>NOT_APPLICABLE</appointmentRequested>' +
      '<message>a&lt;b&gt;c</message><address><city>Köln</city></address></expose:contactForm>',
  );
});

test('generatePropertyText: only given fields, apartmentDetails only for apartment', async () => {
  const { client, calls } = makeClient([json(fixture('property-text.json'))], {
    auth: async () => ({ Authorization: 'Bearer hook' }),
  });
  const res = await client.generatePropertyText(
    {
      realEstateType: 'apartment',
      transactionType: 'rent',
      location: { city: 'Berlin', street: '', geoCoordinates: { latitude: 52.5, longitude: 13.4 } },
      apartmentDetails: {
        noRooms: 3,
        balconyTerrace: true,
        deposit: '1500,00',
        moveInDate: '01.10.2025',
        condition: undefined,
        firingType: ['GAS'],
      },
      houseDetails: { noRooms: 9 },
    },
    { token: 'user-token' },
  );
  assert.deepEqual(res, {
    headline: 'Helle Wohnung mit Balkon in Mitte',
    propertyText: 'Diese gepflegte 3-Zimmer-Wohnung <b>liegt</b> zentral.',
  });
  const c = calls[0]!;
  assert.equal(c.url, `${BASE}/ai/v1.0/nlg/listing/property/generate`);
  assert.equal(c.method, 'POST');
  assert.deepEqual(c.headers, {
    accept: 'application/json',
    'content-type': 'application/json',
    authorization: 'Bearer user-token',
  });
  assert.deepEqual(JSON.parse(c.body!), {
    realEstateType: 'apartment',
    transactionType: 'rent',
    location: { city: 'Berlin', geoCoordinates: { latitude: 52.5, longitude: 13.4 } },
    apartmentDetails: {
      balconyTerrace: true,
      noRooms: 3,
      deposit: '1500,00',
      moveInDate: '01.10.2025',
      firingType: ['GAS'],
    },
  });
});

test('generatePropertyText: houseDetails only for house; no location when empty', async () => {
  const { client, calls } = makeClient([json(fixture('property-text.json'))]);
  await client.generatePropertyText({
    realEstateType: 'house',
    transactionType: 'sale',
    location: { city: '' },
    apartmentDetails: { noRooms: 3 },
    houseDetails: { noRooms: 5, constructionYear: 1998, buildingType: 'VILLA', monument: false },
  });
  assert.equal(
    calls[0]!.body,
    JSON.stringify({
      realEstateType: 'house',
      transactionType: 'sale',
      houseDetails: { buildingType: 'VILLA', monument: false, noRooms: 5, constructionYear: 1998 },
    }),
  );
});

test('generatePropertyText: response without headline is a parse error', async () => {
  const { client } = makeClient([json('{"propertyText":"x"}')]);
  await assert.rejects(
    client.generatePropertyText({ realEstateType: 'house', transactionType: 'sale' }),
    (e: ApiError) => e.kind === 'parse',
  );
});

test('listProjects (xml): the documented fields only; nothing about state, product or entries', async () => {
  const { client, calls } = makeClient([xml(fixture('projects.xml'))]);
  const projects = await client.listProjects({ token: 't' });
  assert.deepEqual(projects, [
    {
      id: '1001',
      name: 'Wohnpark am See',
      price: { minimal: 250000, maximal: 640000 },
      space: { minimal: 48, maximal: 140.5 },
      numberOfHousingUnit: 24,
      interiorQuality: 'SOPHISTICATED',
      freeFrom: 'Frühjahr 2026',
      address: { street: 'Seestraße', houseNumber: '4', postcode: '14467', city: 'Potsdam' },
    },
    {
      id: '1002',
      name: 'Stadtvillen Nord',
      price: { minimal: 480000, maximal: 720000 },
      space: { minimal: 120, maximal: 160 },
      numberOfHousingUnit: 6,
      interiorQuality: 'LUXURY',
      freeFrom: 'ab sofort',
      address: { postcode: '22083', city: 'Hamburg' },
    },
  ]);
  // The model says nothing it did not read: no guessed publication state, product or count.
  for (const p of projects)
    for (const k of ['published', 'product', 'entryCount', 'maxEntries', 'state'])
      assert.ok(!(k in p), k);
  assert.deepEqual(calls[0], {
    url: `${BASE}/offer/v1.0/user/me/realestateproject`,
    method: 'GET',
    headers: { accept: 'application/xml', authorization: 'Bearer t' },
    body: undefined,
    credentials: undefined,
  });
});

test('listProjects (json): mechanical mapping with one project collapsed to an object; fields it lacks stay unknown', async () => {
  const body = JSON.stringify({
    'realestateproject.realEstateProjects': {
      realEstateProject: {
        '@id': '1001',
        name: 'Wohnpark am See',
        price: { minimal: '250000', maximal: 640000 },
        numberOfHousingUnit: '24',
      },
    },
  });
  const { client, calls } = makeClient([json(body)]);
  assert.deepEqual(await client.listProjects({ format: 'json' }), [
    {
      id: '1001',
      name: 'Wohnpark am See',
      price: { minimal: 250000, maximal: 640000 },
      numberOfHousingUnit: 24,
    },
  ]);
  assert.deepEqual(calls[0]!.headers, { accept: 'application/json' });
});

test('listProjectEntries (xml): an entry named only by its external id still counts', async () => {
  const { client, calls } = makeClient([xml(fixture('project-entries.xml'))]);
  assert.deepEqual(await client.listProjectEntries('1001'), [
    { id: '501', realEstateId: '68000001' },
    { id: '502', realEstateId: '68000002', realEstateExternalId: 'WP-SEE-2' },
    { id: '503', realEstateExternalId: 'WP-SEE-3' },
  ]);
  assert.equal(
    calls[0]!.url,
    `${BASE}/offer/v1.0/user/me/realestateproject/1001/realestateprojectentry`,
  );
});

test('listOwnRealEstates (xml): xsi:type without prefix, ACTIVE = published', async () => {
  const { client, calls } = makeClient([xml(fixture('realestates.xml'))]);
  assert.deepEqual(await client.listOwnRealEstates(), [
    {
      id: '68000001',
      title: '3-Zimmer mit Seeblick',
      type: 'ApartmentBuy',
      published: true,
      address: { street: 'Seestraße', houseNumber: '4', postcode: '14467', city: 'Potsdam' },
    },
    { id: '68000009', title: 'Reihenhaus (Entwurf)', type: 'HouseBuy', published: false },
  ]);
  assert.equal(calls[0]!.url, `${BASE}/offer/v1.0/user/me/realestate?pagesize=100`);
});

test('listOwnRealEstates follows the paging: every page, in order, each listing once', async () => {
  const estate = (id: string) =>
    `<realEstateElement xsi:type="r:ApartmentBuy" id="${id}"><title>T${id}</title><realEstateState>ACTIVE</realEstateState></realEstateElement>`;
  const page = (n: number, ids: string[]) =>
    xml(
      `<r:realEstates xmlns:r="http://rest.immobilienscout24.de/schema/offer/realestates/1.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
        `<Paging><pageNumber>${n}</pageNumber><pageSize>2</pageSize><numberOfPages>3</numberOfPages><numberOfHits>5</numberOfHits></Paging>` +
        `<realEstateList>${ids.map(estate).join('')}</realEstateList></r:realEstates>`,
    );
  // (page 3 repeats a listing that moved while the pages were read)
  const { client, calls } = makeClient([
    page(1, ['1', '2']),
    page(2, ['3', '4']),
    page(3, ['4', '5']),
  ]);
  assert.deepEqual(
    (await client.listOwnRealEstates()).map((r) => r.id),
    ['1', '2', '3', '4', '5'],
  );
  assert.deepEqual(
    calls.map((c) => new URL(c.url).search),
    ['?pagesize=100', '?pagesize=100&pagenumber=2', '?pagesize=100&pagenumber=3'],
  );
  const single = makeClient([
    json(
      JSON.stringify({
        'realestates.realEstates': {
          Paging: { numberOfPages: '1' },
          realEstateList: { realEstateElement: { '@id': '9', title: 'x' } },
        },
      }),
    ),
  ]);
  // no realEstateState: whether it is published is unknown, not "no"
  assert.deepEqual(await single.client.listOwnRealEstates({ format: 'json' }), [
    { id: '9', title: 'x' },
  ]);
  assert.equal(single.calls.length, 1);
});

test('addProjectEntries: exact XML body, results with ok flag, never retried', async () => {
  const { client, calls } = makeClient([xml(fixture('add-entries.xml'))]);
  const res = await client.addProjectEntries('1001', ['68000003', '68000004']);
  assert.deepEqual(res, [
    {
      realEstateId: '68000003',
      messageCode: 'MESSAGE_RESOURCE_CREATED',
      message: 'real estate with id [68000003] has been added to project [1001].',
      ok: true,
    },
    {
      realEstateId: '68000004',
      messageCode: 'ERROR_RESOURCE_VALIDATION',
      message: 'project [1001] of product BASIC holds at most 15 real estates.',
      ok: false,
    },
  ]);
  const c = calls[0]!;
  assert.equal(c.method, 'POST');
  assert.equal(c.url, `${BASE}/offer/v1.0/user/me/realestateproject/1001/realestateprojectentry`);
  assert.deepEqual(c.headers, { accept: 'application/xml', 'content-type': 'application/xml' });
  assert.equal(
    c.body,
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><realestateproject:realEstateProjectEntries xmlns:realestateproject="http://rest.immobilienscout24.de/schema/offer/realestateproject/1.0">' +
      '<realEstateProjectEntry><realEstateId>68000003</realEstateId></realEstateProjectEntry><realEstateProjectEntry><realEstateId>68000004</realEstateId></realEstateProjectEntry>' +
      '</realestateproject:realEstateProjectEntries>',
  );
});

test('suggestGeo: i, l, lpt, t comma-joined; both match shapes; unknown fields dropped', async () => {
  const { client, calls } = makeClient([json(fixture('suggest.json'))]);
  const res = await client.suggestGeo({
    country: 'DEU',
    input: 'Ber lin&',
    limit: 120,
    limitPerType: 5,
    types: ['city', 'quarterOrTown', 'street'],
  });
  assert.equal(
    calls[0]!.url,
    `${BASE}/gis/v2.0/geoautocomplete/DEU?i=Ber%20lin%26&l=120&lpt=5&t=city,quarterOrTown,street`,
  );
  assert.deepEqual(calls[0]!.headers, { accept: 'application/json' });
  assert.deepEqual(res, [
    {
      entity: { type: 'city', id: '1276003001', label: 'Berlin' },
      matches: [{ offset: 0, length: 3 }],
    },
    {
      entity: { type: 'quarterOrTown', id: '1276003001046', label: 'Berlin - Mitte (Mitte)' },
      matches: [{ offset: 0, length: 3 }],
    },
    {
      entity: { type: 'street', id: 'S1234567', label: 'Berliner Straße, 14467 Potsdam' },
      matches: [{ offset: 0, length: 3 }],
    },
    {
      entity: { type: 'postcode', id: 'P276-90402-NUERNBERG', label: '90402 Nürnberg' },
      matches: [{ offset: 6, length: 3 }],
    },
  ]);
});

test('suggestGeo: only given parameters are sent', async () => {
  const { client, calls } = makeClient([json('[]')]);
  assert.deepEqual(await client.suggestGeo({ country: 'AUT', input: 'Salz' }), []);
  assert.equal(calls[0]!.url, `${BASE}/gis/v2.0/geoautocomplete/AUT?i=Salz`);
});

test('getGeoEntity: WGS84 and Lambert shapes, g parameter', async () => {
  const { client, calls } = makeClient([
    json(fixture('entity.json')),
    json(fixture('entity-lambert.json')),
  ]);
  assert.deepEqual(
    await client.getGeoEntity({ country: 'DEU', id: '1276003001046', geoData: 'WGS84' }),
    {
      type: 'quarterOrTown',
      id: '1276003001046',
      label: 'Berlin - Mitte (Mitte)',
      address: { quarter: 'Mitte (Mitte)', city: 'Berlin', region: 'Berlin' },
      geoData: { lat: 52.5323, lon: 13.3846 },
    },
  );
  assert.equal(calls[0]!.url, `${BASE}/gis/v2.0/geoautocomplete/DEU/entity/1276003001046?g=WGS84`);
  assert.deepEqual(
    await client.getGeoEntity({ country: 'DEU', id: 'S1234567', geoData: 'Lambert' }),
    {
      type: 'street',
      id: 'S1234567',
      label: 'Berliner Straße, 14467 Potsdam',
      address: {
        street: 'Berliner Straße',
        postcode: '14467',
        city: 'Potsdam',
        region: 'Brandenburg',
      },
      geoId: '1276004011001',
      geoData: { x: 4542817.3, y: 3269405.9 },
    },
  );
});

const regions = [
  { name: 'Berlin - Mitte (Mitte)', geoCodeId: '1276003001046', amount: 0 },
  { name: 'München', geoCodeId: '1276002059', amount: 17 },
];

test('searchRegions: XML by default, JSON array root by Accept', async () => {
  const { client, calls } = makeClient([
    xml(fixture('regions.xml')),
    json(fixture('regions.json')),
  ]);
  assert.deepEqual(await client.searchRegions('Mü'), regions);
  assert.equal(calls[0]!.url, `${BASE}/search/v1.0/region?q=M%C3%BC`);
  assert.deepEqual(calls[0]!.headers, { accept: 'application/xml' });
  assert.deepEqual(await client.searchRegions('Mü', { format: 'json' }), regions);
  assert.deepEqual(calls[1]!.headers, { accept: 'application/json' });
});

test('searchRegions: one region collapsed to an object, amount as string', async () => {
  const { client } = makeClient([json(fixture('regions-single.json'))]);
  assert.deepEqual(await client.searchRegions('bad', { format: 'json' }), [
    { name: 'Bad Ems', geoCodeId: '1276007012', amount: 3 },
  ]);
});

test('suggestGeoV1: v1 records as quarterOrTown suggestions with matches (amount has no v2 counterpart)', async () => {
  const { client } = makeClient([xml(fixture('regions.xml'))]);
  assert.deepEqual(await client.suggestGeoV1('mu'), [
    {
      entity: { type: 'quarterOrTown', id: '1276003001046', label: 'Berlin - Mitte (Mitte)' },
      matches: [],
    },
    {
      entity: { type: 'quarterOrTown', id: '1276002059', label: 'München' },
      matches: [{ offset: 0, length: 2 }],
    },
  ]);
});

test('auth hook is awaited per request and gets method, url and operation; credentials passed', async () => {
  const seen: unknown[] = [];
  const { client, calls } = makeClient([json('[]')], {
    credentials: 'include',
    auth: async (r) => {
      seen.push(r);
      return { Authorization: 'Bearer from-hook', 'X-Partner': 'p1' };
    },
  });
  await client.suggestGeo({ country: 'DEU', input: 'x' });
  assert.deepEqual(seen, [
    { method: 'GET', url: `${BASE}/gis/v2.0/geoautocomplete/DEU?i=x`, operation: 'suggestGeo' },
  ]);
  assert.deepEqual(calls[0]!.headers, {
    accept: 'application/json',
    authorization: 'Bearer from-hook',
    'x-partner': 'p1',
  });
  assert.equal(calls[0]!.credentials, 'include');
});

test('every real-estate type maps to its query form', () => {
  assert.equal(REAL_ESTATE_TYPES.length, 21);
});
