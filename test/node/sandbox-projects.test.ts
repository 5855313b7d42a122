// Building projects and own real estates through HTTP: auth, the rules of SPEC.md 4.4,
// every refusal with its own status and message, XML and JSON shapes, schema checks.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  assertValid,
  assertValidExcept,
  expectJsonError,
  expectXmlError,
  schemaSkip,
  start,
  type Running,
} from '../fixtures/sandbox/helpers.js';

const NS = 'http://rest.immobilienscout24.de/schema/offer/realestateproject/1.0';
const body = (ids: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><rep:realEstateProjectEntries xmlns:rep="${NS}">${ids
    .map(
      (id) => `<realEstateProjectEntry><realEstateId>${id}</realEstateId></realEstateProjectEntry>`,
    )
    .join('')}</rep:realEstateProjectEntries>`;

describe('sandbox building projects', () => {
  let s: Running;
  let f: Record<string, any>;
  let token: string;
  let otherToken: string;
  const auth = (extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${token}`,
    ...extra,
  });
  const entriesPath = (id: string) =>
    `/offer/v1.0/user/me/realestateproject/${id}/realestateprojectentry`;
  const add = (project: string, ids: string[], headers: Record<string, string> = {}) =>
    s.req(entriesPath(project), {
      method: 'POST',
      headers: auth({ 'content-type': 'application/xml', ...headers }),
      body: body(ids),
    });

  before(async () => {
    s = await start({ geo: false });
    f = await s.fixtures();
    token = await s.token('demo');
    otherToken = await s.token('other');
  });
  beforeEach(async () => {
    await s.req('/sandbox/reset', { method: 'POST' });
  });
  after(() => s.close());

  test('every project route needs a valid bearer token', async () => {
    const paths = [
      '/offer/v1.0/user/me/realestateproject',
      entriesPath(f.projects.basicFew),
      '/offer/v1.0/user/me/realestate',
    ];
    for (const p of paths) {
      await expectXmlError(await s.req(p), 401, 'ERROR_COMMON_AUTHENTICATION_REQUIRED');
      await expectJsonError(
        await s.req(p, {
          headers: { authorization: 'Bearer nonsense', accept: 'application/json' },
        }),
        401,
        'ERROR_COMMON_AUTHENTICATION_REQUIRED',
      );
      await expectXmlError(
        await s.req(p, { headers: { authorization: 'Basic abc' } }),
        401,
        'ERROR_COMMON_AUTHENTICATION_REQUIRED',
      );
    }
    await expectXmlError(
      await s.req(entriesPath(f.projects.basicFew), { method: 'POST', body: body(['1']) }),
      401,
      'ERROR_COMMON_AUTHENTICATION_REQUIRED',
    );
  });

  test("project list: the user's projects with the real fields only (API-NOTES), valid but for the documented missing title", async () => {
    const r = await s.req('/offer/v1.0/user/me/realestateproject', { headers: auth() });
    assert.equal(r.status, 200);
    const xml = await r.text();
    assert.match(
      xml,
      new RegExp(
        `<realestateproject:realEstateProjects xmlns:realestateproject="${NS.replace(/\./g, '\\.')}"`,
      ),
    );
    const projects = [
      ...xml.matchAll(/<realEstateProject id="(\d+)">(.*?)<\/realEstateProject>/g),
    ].map((m) => ({ id: m[1], x: m[2]! }));
    assert.deepEqual(
      projects.map((p) => p.id).sort(),
      [
        f.projects.basicAlmostFull,
        f.projects.basicFew,
        f.projects.unpublished,
        f.projects.premium,
        f.projects.withoutTitle,
        f.projects.basicFull,
      ].sort(),
    );
    for (const p of projects) {
      // exactly the documented children, in schema order
      const names = [...p.x.matchAll(/<(\w+)>(?:(?!<\/\1>).)*<\/\1>/g)].map((m) => m[1]);
      assert.deepEqual(
        names,
        ['name', 'price', 'space', 'numberOfHousingUnit', 'interiorQuality', 'freeFrom', 'address'],
        p.x,
      );
      assert.doesNotMatch(p.x, /state|product|entryCount|title|homepageUrl/i);
    }
    if (!schemaSkip)
      await assertValidExcept(xml, 'project', [
        /Element 'price': This element is not expected\. Expected is \( title \)/,
      ]);
    // the other user sees only their own
    const o = await (
      await s.req('/offer/v1.0/user/me/realestateproject', {
        headers: { authorization: `Bearer ${otherToken}` },
      })
    ).text();
    assert.deepEqual(
      [...o.matchAll(/<realEstateProject id="(\d+)">/g)].map((m) => m[1]),
      [f.projects.foreign],
    );
  });

  test('project list in JSON: prefix.localName root, @id, one item collapses to an object, real fields only', async () => {
    const r = await s.req('/offer/v1.0/user/me/realestateproject', {
      headers: auth({ accept: 'application/json' }),
    });
    const j = (await r.json()) as any;
    const list = j['realestateproject.realEstateProjects'].realEstateProject;
    assert.equal(list.length, 6);
    for (const p of list)
      assert.deepEqual(Object.keys(p), [
        '@id',
        'name',
        'price',
        'space',
        'numberOfHousingUnit',
        'interiorQuality',
        'freeFrom',
        'address',
      ]);
    const o = (await (
      await s.req('/offer/v1.0/user/me/realestateproject', {
        headers: { authorization: `Bearer ${otherToken}`, accept: 'application/json' },
      })
    ).json()) as any;
    assert.equal(
      o['realestateproject.realEstateProjects'].realEstateProject['@id'],
      f.projects.foreign,
    );
  });

  test(
    'the add answer and the entries list validate against the schema but for the documented messageCode/message',
    { skip: schemaSkip },
    async () => {
      const id = f.demoRealEstates.free[0];
      const xml = await (await add(f.projects.basicFew, [id])).text();
      await assertValidExcept(xml, 'project', [
        /Element 'message(Code)?': This element is not expected/,
      ]);
      assert.match(xml, /<messageCode>MESSAGE_RESOURCE_CREATED<\/messageCode>/);
      await assertValid(
        await (await s.req(entriesPath(f.projects.basicFew), { headers: auth() })).text(),
        'project',
      );
    },
  );

  test('the sandbox still enforces what the list does not show: unpublished project and a full BASIC project are refused in English', async () => {
    const id = f.demoRealEstates.free[0];
    const unpublished = await expectXmlError(
      await add(f.projects.unpublished, [id]),
      412,
      'ERROR_RESOURCE_VALIDATION',
    );
    assert.match(unpublished, /not published/);
    const full = await add(f.projects.basicFull, [id], { accept: 'application/json' });
    const msgs = await expectJsonError(full, 412, 'ERROR_RESOURCE_VALIDATION');
    assert.match(msgs[0]!.message, /BASIC/);
    for (const m of [unpublished, ...msgs.map((x) => x.message)])
      assert.doesNotMatch(m, /[äöüß]|nicht|Projekt /);
  });

  test('entries: list of a project; unknown 404, foreign 403', async () => {
    const r = await s.req(entriesPath(f.projects.basicAlmostFull), { headers: auth() });
    const xml = await r.text();
    assert.equal((xml.match(/<realEstateProjectEntry /g) ?? []).length, 14);
    if (!schemaSkip) await assertValid(xml, 'project');
    await expectXmlError(
      await s.req(entriesPath('999999'), { headers: auth() }),
      404,
      'ERROR_COMMON_RESOURCE_NOT_FOUND',
    );
    await expectXmlError(
      await s.req(entriesPath(f.projects.foreign), { headers: auth() }),
      403,
      'ERROR_COMMON_ACCESS_DENIED',
    );
    const j = (await (
      await s.req(entriesPath(f.projects.basicFew), {
        headers: auth({ accept: 'application/json' }),
      })
    ).json()) as any;
    const entries = j['realestateproject.realEstateProjectEntries'].realEstateProjectEntry;
    assert.equal(entries.length, 2);
    assert.equal(typeof entries[0].realEstateId, 'number');
  });

  test('add: 200 with MESSAGE_RESOURCE_CREATED, the entry is listed afterwards', async () => {
    const id = f.demoRealEstates.free[0];
    const r = await add(f.projects.basicFew, [id]);
    assert.equal(r.status, 200);
    const xml = await r.text();
    assert.match(
      xml,
      new RegExp(
        `<realEstateProjectEntry id="\\d+"><messageCode>MESSAGE_RESOURCE_CREATED</messageCode><message>[^<]+</message><realEstateId>${id}</realEstateId></realEstateProjectEntry>`,
      ),
    );
    const list = await (await s.req(entriesPath(f.projects.basicFew), { headers: auth() })).text();
    assert.match(list, new RegExp(`<realEstateId>${id}</realEstateId>`));
  });

  test('BASIC: 14 → 15 accepted, the 16th refused with its own message', async () => {
    const [a, b] = f.demoRealEstates.free;
    assert.equal((await add(f.projects.basicAlmostFull, [a])).status, 200);
    const text = await expectXmlError(
      await add(f.projects.basicAlmostFull, [b]),
      412,
      'ERROR_RESOURCE_VALIDATION',
    );
    assert.match(text, /BASIC holds at most 15/);
    // PREMIUM has no limit
    assert.equal((await add(f.projects.premium, [b])).status, 200);
  });

  test('refusals: foreign 403, unpublished 412, already in project 412, unknown estate 404, unpublished project 412', async () => {
    await expectXmlError(
      await add(f.projects.basicFew, [f.foreignRealEstateId]),
      403,
      'ERROR_COMMON_ACCESS_DENIED',
    );
    const un = await expectXmlError(
      await add(f.projects.basicFew, [f.demoRealEstates.unpublished[0]]),
      412,
      'ERROR_RESOURCE_VALIDATION',
    );
    assert.match(un, /not published/);
    const list = await (await s.req(entriesPath(f.projects.basicFew), { headers: auth() })).text();
    const existing = /<realEstateId>(\d+)<\/realEstateId>/.exec(list)![1]!;
    const dup = await expectXmlError(
      await add(f.projects.basicFew, [existing]),
      412,
      'ERROR_RESOURCE_VALIDATION',
    );
    assert.match(dup, /already in building project/);
    await expectXmlError(
      await add(f.projects.basicFew, ['777777777']),
      404,
      'ERROR_COMMON_RESOURCE_NOT_FOUND',
    );
    const up = await expectXmlError(
      await add(f.projects.unpublished, [f.demoRealEstates.free[0]]),
      412,
      'ERROR_RESOURCE_VALIDATION',
    );
    assert.match(up, /not published/);
    await expectXmlError(
      await add('999999', [f.demoRealEstates.free[0]]),
      404,
      'ERROR_COMMON_RESOURCE_NOT_FOUND',
    );
    await expectXmlError(
      await add(f.projects.foreign, [f.demoRealEstates.free[0]]),
      403,
      'ERROR_COMMON_ACCESS_DENIED',
    );
  });

  test('several entries in one body: one result each; all refused → messages with the ids', async () => {
    const [a, b] = f.demoRealEstates.free;
    const r = await add(f.projects.premium, [a, f.foreignRealEstateId, b, a], {
      accept: 'application/json',
    });
    assert.equal(r.status, 200);
    const j = (await r.json()) as any;
    const entries = j['realestateproject.realEstateProjectEntries'].realEstateProjectEntry;
    assert.deepEqual(
      entries.map((e: any) => e.messageCode),
      [
        'MESSAGE_RESOURCE_CREATED',
        'ERROR_COMMON_ACCESS_DENIED',
        'MESSAGE_RESOURCE_CREATED',
        'ERROR_RESOURCE_VALIDATION',
      ],
    );
    assert.deepEqual(
      entries.map((e: any) => String(e.realEstateId)),
      [a, f.foreignRealEstateId, b, a],
    );
    const all = await add(f.projects.premium, [a, b], { accept: 'application/json' });
    const msgs = await expectJsonError(all, 412, 'ERROR_RESOURCE_VALIDATION');
    assert.deepEqual(
      msgs.map((m) => m.id),
      [a, b],
    );
  });

  test('bad bodies: malformed 400, wrong root or namespace 400, non-numeric id 400, JSON 415', async () => {
    const post = (b: string, ct = 'application/xml') =>
      s.req(entriesPath(f.projects.basicFew), {
        method: 'POST',
        headers: auth({ 'content-type': ct }),
        body: b,
      });
    await expectXmlError(
      await post('<rep:realEstateProjectEntries xmlns:rep="x"><oops>'),
      400,
      'ERROR_COMMON_BAD_REQUEST',
    );
    await expectXmlError(
      await post(`<rep:realEstateProjects xmlns:rep="${NS}"/>`),
      400,
      'ERROR_COMMON_SCHEMA_VALIDATION_FAILED',
    );
    await expectXmlError(
      await post(
        '<rep:realEstateProjectEntries xmlns:rep="urn:other"><realEstateProjectEntry><realEstateId>1</realEstateId></realEstateProjectEntry></rep:realEstateProjectEntries>',
      ),
      400,
      'ERROR_COMMON_SCHEMA_VALIDATION_FAILED',
    );
    await expectXmlError(await post(body(['12a'])), 400, 'ERROR_COMMON_SCHEMA_VALIDATION_FAILED');
    await expectXmlError(
      await post(`<rep:realEstateProjectEntries xmlns:rep="${NS}"/>`),
      400,
      'ERROR_COMMON_SCHEMA_VALIDATION_FAILED',
    );
    await expectXmlError(
      await post('{"x":1}', 'application/json'),
      415,
      'ERROR_COMMON_MEDIA_TYPE_UNSUPPORTED',
    );
    // a default namespace binds by URI too
    const r = await post(
      `<realEstateProjectEntries xmlns="${NS}"><realEstateProjectEntry xmlns=""><realEstateId>${f.demoRealEstates.free[0]}</realEstateId></realEstateProjectEntry></realEstateProjectEntries>`,
    );
    assert.equal(r.status, 200);
  });

  test(
    'the request body the add route takes validates against the schema',
    { skip: schemaSkip },
    async () => {
      await assertValid(body(['320000119', '320000120']), 'project');
    },
  );

  test("own real estates: the user's only, ACTIVE and INACTIVE, XML and JSON", async () => {
    const xml = await (
      await s.req('/offer/v1.0/user/me/realestate?pagesize=100', { headers: auth() })
    ).text();
    assert.match(
      xml,
      /<realestates:realEstates xmlns:realestates="http:\/\/rest\.immobilienscout24\.de\/schema\/offer\/realestates\/1\.0"/,
    );
    const ids = [
      ...xml.matchAll(/<realEstateElement xsi:type="offerrealestates:\w+" id="(\d+)">/g),
    ].map((m) => m[1]);
    assert.deepEqual(ids, [...f.demoRealEstates.published, ...f.demoRealEstates.unpublished]);
    assert.ok(!ids.includes(f.foreignRealEstateId));
    assert.match(xml, /<realEstateState>INACTIVE<\/realEstateState>/);
    const j = (await (
      await s.req('/offer/v1.0/user/me/realestate?pagesize=100', {
        headers: auth({ accept: 'application/json' }),
      })
    ).json()) as any;
    const els = j['realestates.realEstates'].realEstateList.realEstateElement;
    assert.equal(els.length, ids.length);
    assert.match(els[0]['@xsi.type'], /^offerrealestates:/);
    assert.ok(els[0].address.city);
  });

  test('own real estates are paged like the real service: 20 a page by default, pagesize and pagenumber', async () => {
    const all = [...f.demoRealEstates.published, ...f.demoRealEstates.unpublished];
    assert.ok(all.length > 20, 'the demo user has more listings than one default page');
    const page = async (q: string) => {
      const j = (await (
        await s.req(`/offer/v1.0/user/me/realestate${q}`, {
          headers: auth({ accept: 'application/json' }),
        })
      ).json()) as any;
      const root = j['realestates.realEstates'];
      const els = root.realEstateList.realEstateElement ?? [];
      return {
        ids: (Array.isArray(els) ? els : [els]).map((e: any) => e['@id']),
        paging: root.Paging,
      };
    };
    const first = await page('');
    assert.deepEqual(first.ids, all.slice(0, 20));
    assert.deepEqual(first.paging, {
      pageNumber: 1,
      pageSize: 20,
      numberOfPages: 2,
      numberOfHits: all.length,
    });
    const third = await page('?pagesize=10&pagenumber=3');
    assert.deepEqual(third.ids, all.slice(20, 30));
    assert.deepEqual(third.paging, {
      pageNumber: 3,
      pageSize: 10,
      numberOfPages: Math.ceil(all.length / 10),
      numberOfHits: all.length,
    });
    assert.deepEqual((await page('?pagenumber=9')).ids, [], 'a page past the end is empty');
    const xml = await (
      await s.req('/offer/v1.0/user/me/realestate?pagesize=5&pagenumber=2', { headers: auth() })
    ).text();
    assert.match(
      xml,
      /<Paging><pageNumber>2<\/pageNumber><pageSize>5<\/pageSize><numberOfPages>5<\/numberOfPages><numberOfHits>23<\/numberOfHits><\/Paging>/,
    );
  });
});
