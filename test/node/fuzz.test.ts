/**
 * Property test: random and mutated bodies (XML and JSON) through every response parser
 * and the error-body reader. Each must end in a model or an ApiError — never another
 * exception, and never a hang (the test's own timeout is the guard).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import fc from 'fast-check';
import { ApiError, ImmoClient } from '../../src/api/index.js';
import { parseErrorBody, type Format } from '../../src/api/parse.js';
import { parseStatistic } from '../../src/api/ops/statistic.js';
import { parseExpose } from '../../src/api/ops/expose.js';
import { parsePropertyText } from '../../src/api/ops/property-text.js';
import {
  parseEntryResults,
  parseOwnRealEstates,
  parseProjectEntries,
  parseProjects,
} from '../../src/api/ops/projects.js';
import { parseSuggestions } from '../../src/api/ops/geo.js';
import { parseEntity } from '../../src/api/ops/geo-entity.js';
import { parseRegions } from '../../src/api/ops/regions.js';
import { fixture } from './client-helpers.js';

const FIXTURES = readdirSync(new URL('../fixtures/api/', import.meta.url)).map((name) => ({
  name,
  body: fixture(name),
}));

const PARSERS: [string, (b: string, f: Format) => Promise<unknown>][] = [
  ['statistic', (b, f) => parseStatistic(b, f)],
  ['expose', (b, f) => parseExpose(b, f, 200, '1')],
  ['propertyText', (b, f) => parsePropertyText(b, f)],
  ['projects', (b, f) => parseProjects(b, f)],
  ['projectEntries', (b, f) => parseProjectEntries(b, f)],
  ['entryResults', (b, f) => parseEntryResults(b, f, 200, ['68000003', '68000004'])],
  ['ownRealEstates', (b, f) => parseOwnRealEstates(b, f)],
  ['suggestions', (b, f) => parseSuggestions(b, f)],
  ['entity', (b, f) => parseEntity(b, f, 200, '1276003001046')],
  ['regions', (b, f) => parseRegions(b, f)],
];

let models = 0;
let errors = 0;

/** Runs one body through every parser in both formats; any non-ApiError fails the property. */
async function feed(body: string): Promise<void> {
  for (const format of ['json', 'xml'] as const) {
    for (const [name, parse] of PARSERS) {
      try {
        const model = await parse(body, format);
        assert.notEqual(model, undefined, name);
        models++;
      } catch (e) {
        if (!(e instanceof ApiError) || e.kind !== 'parse') {
          throw new Error(
            `${name}/${format} threw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)} for ${JSON.stringify(body.slice(0, 200))}`,
            { cause: e },
          );
        }
        assert.ok(e.message.length > 0);
        errors++;
      }
    }
  }
  const messages = await parseErrorBody(
    body,
    body.trimStart().startsWith('<') ? 'application/xml' : 'application/json',
  );
  assert.ok(Array.isArray(messages));
  for (const m of messages)
    assert.ok(typeof m.code === 'string' && typeof m.text === 'string' && m.text.length <= 500);
}

/** Text-level mutations of a recorded body. */
const mutated = fc
  .tuple(
    fc.constantFrom(...FIXTURES),
    fc.array(
      fc.oneof(
        fc.record({
          op: fc.constant('delete' as const),
          at: fc.nat(),
          len: fc.integer({ min: 1, max: 40 }),
        }),
        fc.record({
          op: fc.constant('insert' as const),
          at: fc.nat(),
          text: fc.oneof(
            fc.string({ maxLength: 12 }),
            fc.constantFrom(
              '<',
              '>',
              '"',
              '{',
              '}',
              '[',
              ']',
              ',',
              ':',
              '&amp;',
              '&#0;',
              '&x;',
              '<a>',
              '</',
              '/>',
              'xsi:type="q:Z"',
              '"@count":"x"',
              'null',
              '\u0000',
              '\uD800',
            ),
          ),
        }),
        fc.record({
          op: fc.constant('dup' as const),
          at: fc.nat(),
          len: fc.integer({ min: 1, max: 200 }),
        }),
        fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }),
      ),
      { minLength: 1, maxLength: 5 },
    ),
  )
  .map(([f, ops]) => {
    let s = f.body;
    for (const o of ops) {
      const at = s.length ? o.at % (s.length + 1) : 0;
      if (o.op === 'delete') s = s.slice(0, at) + s.slice(at + o.len);
      else if (o.op === 'insert') s = s.slice(0, at) + o.text + s.slice(at);
      else if (o.op === 'dup') s = s.slice(0, at) + s.slice(at, at + o.len) + s.slice(at);
      else s = s.slice(0, at);
    }
    return s;
  });

/** Structural mutations of the JSON fixtures: any node replaced by any JSON value. */
function replaceAt(v: unknown, path: number[], replacement: unknown): unknown {
  if (!path.length || v === null || typeof v !== 'object') return replacement;
  const entries = Object.entries(v);
  if (!entries.length) return replacement;
  const [i, ...rest] = path;
  const idx = i! % entries.length;
  if (Array.isArray(v)) return v.map((x, j) => (j === idx ? replaceAt(x, rest, replacement) : x));
  return Object.fromEntries(
    entries.map(([k, x], j) => [k, j === idx ? replaceAt(x, rest, replacement) : x]),
  );
}
const jsonFixtures = FIXTURES.filter((f) => f.name.endsWith('.json'));
const structural = fc
  .tuple(
    fc.constantFrom(...jsonFixtures),
    fc.array(fc.nat(), { maxLength: 7 }),
    fc.jsonValue({ maxDepth: 3 }),
  )
  .map(([f, path, value]) => JSON.stringify(replaceAt(JSON.parse(f.body), path, value)));

/** Arbitrary bodies: strings, JSON values, and XML-ish element soup. */
const xmlish = fc
  .array(
    fc.constantFrom(
      '<a>',
      '</a>',
      '<b x="1">',
      '</b>',
      '<ns:r xmlns:ns="http://rest.immobilienscout24.de/schema/common/1.0">',
      '</ns:r>',
      'text',
      '&amp;',
      '<![CDATA[x]]>',
      '<!-- c -->',
      '<?pi x?>',
      '<!DOCTYPE a [<!ENTITY e "x">]>',
      '&e;',
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));
const arbitrary = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  xmlish,
  fc.string({ unit: 'binary', maxLength: 100 }),
);

test(
  'fuzz: ≥10,000 random and mutated bodies through every parser end in a model or an ApiError',
  { timeout: 120_000 },
  async () => {
    await fc.assert(fc.asyncProperty(mutated, feed), { numRuns: 5000, seed: 1 });
    await fc.assert(fc.asyncProperty(structural, feed), { numRuns: 2500, seed: 2 });
    await fc.assert(fc.asyncProperty(arbitrary, feed), { numRuns: 2500, seed: 3 });
    // both outcomes really happen: the generators do not only produce garbage
    assert.ok(models > 1000, `models ${models}`);
    assert.ok(errors > 1000, `errors ${errors}`);
  },
);

test(
  'fuzz: the whole client turns any status and body into a model or an ApiError',
  { timeout: 120_000 },
  async () => {
    const bodies = fc.oneof(mutated, structural, arbitrary);
    const statuses = fc.constantFrom(
      200,
      200,
      200,
      201,
      204,
      400,
      401,
      403,
      404,
      412,
      429,
      500,
      502,
      503,
    );
    const types = fc.constantFrom(
      'application/json',
      'application/xml',
      'text/html',
      'text/plain',
      '',
      'application/json;charset=UTF-8',
    );
    await fc.assert(
      fc.asyncProperty(
        bodies,
        statuses,
        types,
        fc.constantFrom('json', 'xml'),
        async (body, status, type, format) => {
          const client = new ImmoClient({
            baseUrl: 'http://x.test/restapi/api',
            retries: 0,
            cache: false,
            fetch: async () =>
              new Response(status === 204 ? null : body, {
                status,
                headers: type ? { 'content-type': type } : {},
              }),
          });
          const calls: Promise<unknown>[] = [
            client.getStatistic({ geocode: '1' }, { format }),
            client.getExpose('1', { format }),
            client.listProjects({ format }),
            client.listOwnRealEstates({ format }),
            client.searchRegions('a', { format }),
            client.suggestGeo({ country: 'DEU', input: 'a' }),
            client.getGeoEntity({ country: 'DEU', id: '1' }),
            client.generatePropertyText({ realEstateType: 'house', transactionType: 'sale' }),
          ];
          for (const r of await Promise.allSettled(calls)) {
            if (r.status === 'rejected') {
              assert.ok(r.reason instanceof ApiError, String(r.reason));
              if (status >= 400) assert.equal(r.reason.status, status);
            }
          }
        },
      ),
      { numRuns: 1500, seed: 4 },
    );
  },
);
