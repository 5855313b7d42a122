// The geo suggestion fast path of the sandbox server answers byte for
// byte as the general request handling does: the same requests go to a sandbox with the fast
// path and to one without, and status, raw headers (names, order, values; Date aside) and
// bodies must agree. Also: suggestJson is JSON.stringify(suggest).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { createSandbox, type Sandbox } from '../../packages/sandbox/src/index.js';
import { loadGeo } from '../../packages/sandbox/src/geo/index.js';

const P = '/restapi/api/gis/v2.0/geoautocomplete/';

/** Plain URLs (fast path) and ones the fast path hands on (general path on both sides). */
const URLS = [
  'DEU?i=Ber',
  'deu?i=Ber',
  'AUT?i=Wien&t=All',
  'DEU?i=a&l=120&lpt=120&t=All',
  'DEU?i=1&t=postcodeWithQuarter',
  'DEU?i=70435',
  'DEU?i=bad+h',
  'DEU?i=bad%20h',
  'DEU?i=M%C3%BCnchen',
  'DEU?i=a%2Bb',
  'DEU?i=Ber&i=Ham',
  'DEU?%69=Ber',
  'DEU?i=Ber&&l=3',
  'DEU?i=Ber&l=3&l=4',
  'DEU?i=Ber&t=',
  'DEU?i=Ber&t=All,city',
  'DEU?i=%E2%82%AC',
  'DEU?i=---%20!!',
  'DEU?i=Ber&l=%203',
  'DEU?I=Ber',
  // validation errors (412) and missing parameters
  'DEU?i=',
  'DEU',
  'DEU?',
  'DEU?i',
  'DEU?l=3',
  'DEU?i=a&l=121',
  'DEU?i=a&l=0',
  'DEU?i=a&l=abc',
  'DEU?i=a&lpt=x',
  'DEU?i=a&t=town',
  'DEU?i=' + 'a'.repeat(201),
  // handed to the general path: odd countries, trailing slash, other routes, odd characters
  'DEU/?i=Ber',
  'FRA?i=Ber',
  'DE?i=x',
  'DEUX?i=x',
  'D%45U?i=Ber',
  'DEU/entity/1276',
  'DEU?i=M%C3nchen',
  'DEU?i=M%ZZnchen',
  'DEU?i=Ber#frag',
  'DEU?i=ber;x',
  "DEU?i=o'",
  'DEU?i=B\u00e4r',
];
const HEADERS: Record<string, string>[] = [
  {},
  { origin: 'https://partner.example' },
  { accept: 'application/xml' },
];

interface Answer {
  status?: number;
  raw: string[];
  body: string;
}

function ask(
  port: number,
  path: string,
  method: string,
  headers: Record<string, string>,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const r = request({ host: '127.0.0.1', port, path, method, headers }, (m) => {
      const chunks: Buffer[] = [];
      m.on('data', (c: Buffer) => chunks.push(c));
      m.on('end', () => {
        const raw: string[] = [];
        for (let k = 0; k < m.rawHeaders.length; k += 2)
          if (m.rawHeaders[k] !== 'Date') raw.push(m.rawHeaders[k]!, m.rawHeaders[k + 1]!);
        resolve({ status: m.statusCode, raw, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    r.on('error', reject);
    r.end();
  });
}

describe('geo suggestion fast path', () => {
  let fast: Sandbox, slow: Sandbox, fastPort: number, slowPort: number;
  before(async () => {
    fast = await createSandbox({ quiet: true });
    slow = await createSandbox({ quiet: true, fastPath: false });
    fastPort = (await fast.listen(0)).port;
    slowPort = (await slow.listen(0)).port;
  });
  after(async () => {
    await fast.close();
    await slow.close();
  });

  test('answers as the general path: status, headers in order, body', async () => {
    for (const url of URLS) {
      for (const headers of HEADERS) {
        for (const method of ['GET', 'HEAD']) {
          const a = await ask(fastPort, P + url, method, headers);
          const b = await ask(slowPort, P + url, method, headers);
          assert.deepEqual(a, b, `${method} ${url} ${JSON.stringify(headers)}`);
        }
      }
    }
  });

  test('the fast path sends the usual CORS headers and JSON errors', async () => {
    const ok = await ask(fastPort, P + 'DEU?i=Ber', 'GET', { origin: 'https://partner.example' });
    assert.equal(ok.status, 200);
    const h = Object.fromEntries(
      ok.raw.flatMap((v, k) => (k % 2 ? [] : [[v.toLowerCase(), ok.raw[k + 1]]])),
    );
    assert.equal(h['access-control-allow-origin'], 'https://partner.example');
    assert.equal(h['vary'], 'Origin, Accept');
    assert.equal(h['access-control-allow-credentials'], 'true');
    assert.match(h['access-control-allow-methods']!, /GET/);
    assert.equal(h['content-type'], 'application/json;charset=UTF-8');
    assert.equal(h['cache-control'], 'no-store');
    assert.equal(Number(h['content-length']), Buffer.byteLength(ok.body));
    const bad = await ask(fastPort, P + 'DEU?i=a&l=121', 'GET', { accept: 'application/xml' });
    assert.equal(bad.status, 412);
    assert.equal(
      JSON.parse(bad.body)['common.messages'][0].message.messageCode,
      'ERROR_COMMON_URL_PARAMETER_VALIDATION_FAILED',
    );
  });

  test('a fault set for the route still applies (general path)', async () => {
    const set = await fetch(`http://127.0.0.1:${fastPort}/restapi/api/sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ route: 'geo-suggest', status: 503, times: 1 }),
    });
    assert.ok(set.ok, String(set.status));
    assert.equal((await ask(fastPort, P + 'DEU?i=Ber', 'GET', {})).status, 503);
    assert.equal((await ask(fastPort, P + 'DEU?i=Ber', 'GET', {})).status, 200);
  });

  test('suggestJson is JSON.stringify(suggest)', async () => {
    const geo = await loadGeo();
    for (const i of [
      'a',
      'b',
      'st',
      'ber',
      'bad h',
      'münchen',
      'strasse',
      '144',
      '1',
      'Frankfurt am',
      'xyz',
    ]) {
      for (const q of [{ i }, { i, t: 'All', l: '120' }, { i, t: 'street,postcode', lpt: '3' }]) {
        for (const c of ['DEU', 'AUT'])
          assert.equal(
            geo.suggestJson(c, q),
            JSON.stringify(geo.suggest(c, q)),
            `${c} ${JSON.stringify(q)}`,
          );
      }
    }
  });
});
