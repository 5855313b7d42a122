// <region-stats>' rules without a browser: the statistic's shape checks and counts, series,
// columns and sort (statistic.ts), the request checks, the words of a failed request
// (wording.ts), the reading of a geo field's pick (follow.ts), the drill-down's rules
// (drilldown.ts) and the last-call cache (cache.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { html, nothing } from 'lit';
import { ApiError } from '../../src/api/errors.js';
import { lastCall } from '../../src/elements/region-stats/cache.js';
import { drillable, markLeaf, withoutCounts } from '../../src/elements/region-stats/drilldown.js';
import { errorBox } from '../../src/elements/region-stats/frame.js';
import { pickOf } from '../../src/elements/region-stats/follow.js';
import {
  checkStatistic,
  columnsOf,
  countOf,
  knownTypes,
  largest,
  namedStatistic,
  nextSort,
  noListings,
  OTHER,
  requestOf,
  seriesOf,
  sortFor,
  sortRows,
  TOTAL,
  totalOf,
  typesOf,
  valueOf,
  type Statistic,
} from '../../src/elements/region-stats/statistic.js';
import { STRINGS } from '../../src/elements/region-stats/strings.js';
import { describe as describeFailure, refused } from '../../src/elements/region-stats/wording.js';
import { TEXT_MAX } from '../../src/shared/text.js';

const region = (name: string, counts: Record<string, number | string>, type = 'District') => ({
  type,
  name,
  geoCodeId: `1276${name.length}${name}`,
  statistics: Object.entries(counts).map(([realEstateType, count]) => ({
    realEstateType,
    count: count as number,
  })),
});

const stat: Statistic = namedStatistic({
  parent: region('Stadt', { APARTMENT_RENT: 30, HOUSE_BUY: 6 }, 'City'),
  children: [
    region('Nord', { APARTMENT_RENT: 10, HOUSE_BUY: 1 }),
    region('Süd', { APARTMENT_RENT: 20 }),
    region('Ost', { HOUSE_BUY: 5 }),
    region('Apfel', {}),
  ],
});

test('counts: a missing entry counts 0, a total sums the types', () => {
  const [nord, , , apfel] = stat.children;
  assert.equal(countOf(nord!, 'HOUSE_BUY'), 1);
  assert.equal(countOf(apfel!, 'HOUSE_BUY'), 0);
  assert.equal(totalOf(nord!, ['APARTMENT_RENT', 'HOUSE_BUY']), 11);
  assert.deepEqual(typesOf(stat), ['APARTMENT_RENT', 'HOUSE_BUY']);
  assert.equal(largest(stat, typesOf(stat)), 20);
  assert.equal(noListings(stat, ['HOUSE_BUY']), false);
  assert.equal(noListings(stat, ['OFFICE']), true);
});

test('a host’s statistic: counts as strings are read, anything but a count refused, names clipped', () => {
  const ok = checkStatistic({
    parent: {
      geoCodeId: 1,
      name: 'x'.repeat(1000),
      statistics: [{ realEstateType: 'A', count: '4' }],
    },
    children: [{ geoCodeId: '2', statistics: [{ realEstateType: 'A' }] }],
  });
  assert.ok(ok);
  assert.equal(ok.parent.geoCodeId, '1');
  assert.equal(ok.parent.name.length, TEXT_MAX);
  assert.equal(ok.parent.statistics[0]!.count, 4);
  assert.equal(ok.children[0]!.name, '2', 'no name: the geocode');
  assert.equal(ok.children[0]!.statistics[0]!.count, 0, 'no count: 0');
  const child = (statistics: unknown) => ({
    parent: { geoCodeId: '1', statistics: [] },
    children: [{ geoCodeId: '2', statistics }],
  });
  for (const bad of [
    null,
    'x',
    { parent: { geoCodeId: '1' } },
    { parent: { statistics: [] }, children: [] },
    child([{ realEstateType: 'A', count: -1 }]),
    child([{ realEstateType: 'A', count: 1.5 }]),
    child([{ realEstateType: 'A', count: 'many' }]),
    child([{ count: 1 }]),
    child('A'),
    { parent: { geoCodeId: '1' }, children: [null] },
  ])
    assert.equal(checkStatistic(bad), undefined, JSON.stringify(bad));
});

test('more types than colours: the seven most frequent one by one, the rest as "other types"', () => {
  const types = Array.from({ length: 10 }, (_, i) => `T${i}`);
  const many = namedStatistic({
    parent: region('P', Object.fromEntries(types.map((t, i) => [t, i]))),
    children: [region('C', Object.fromEntries(types.map((t) => [t, 1])))],
  });
  const [series, rest] = seriesOf(many, types);
  assert.deepEqual(series, ['T3', 'T4', 'T5', 'T6', 'T7', 'T8', 'T9'], 'in the statistic’s order');
  assert.deepEqual(rest, ['T0', 'T1', 'T2']);
  assert.deepEqual(columnsOf(many, types), [TOTAL, ...series, OTHER]);
  assert.equal(valueOf(many.children[0]!, OTHER, types, rest), 3);
  assert.equal(valueOf(many.children[0]!, TOTAL, types, rest), 10);
  assert.deepEqual(columnsOf(stat, ['HOUSE_BUY']), ['HOUSE_BUY'], 'one type: no total column');
});

test('the sort: by value, equal values by name; a column turns, another starts largest first', () => {
  const types = typesOf(stat);
  const names = (key: string, dir: 1 | -1) =>
    sortRows(stat, types, key, dir, 'de').map((r) => r.name);
  assert.deepEqual(names(TOTAL, -1), ['Süd', 'Nord', 'Ost', 'Apfel']);
  assert.deepEqual(names('HOUSE_BUY', -1), ['Ost', 'Nord', 'Apfel', 'Süd']);
  assert.deepEqual(names('', 1), ['Apfel', 'Nord', 'Ost', 'Süd']);
  assert.deepEqual(names('', -1), ['Süd', 'Ost', 'Nord', 'Apfel']);
  assert.deepEqual(nextSort([TOTAL, -1], TOTAL), [TOTAL, 1]);
  assert.deepEqual(nextSort([TOTAL, 1], 'HOUSE_BUY'), ['HOUSE_BUY', -1]);
  assert.deepEqual(nextSort([TOTAL, -1], ''), ['', 1]);
  // A new statistic keeps a sort it has the column of, else the total; one type is its own total.
  const sort = ['HOUSE_BUY', 1] as [string, 1];
  assert.equal(sortFor(sort, stat), sort);
  assert.deepEqual(sortFor(['OFFICE', 1], stat), [TOTAL, -1]);
  const one = namedStatistic({ parent: region('P', { OFFICE: 1 }), children: [] });
  assert.deepEqual(sortFor([TOTAL, 1], one), ['OFFICE', -1]);
});

test('the request: a geocode of digits, known types in either spelling, json or xml', () => {
  const s = STRINGS.de;
  const error = (r: ReturnType<typeof requestOf>) => ('error' in r ? r.error(s) : '');
  assert.match(error(requestOf('12a', {}, false)), /kein gültiger Geocode/);
  assert.match(
    error(requestOf('1', { realEstateTypes: 'apartmentrent,villa' }, false)),
    /Unbekannte Immobilienart: villa/,
  );
  assert.match(error(requestOf('1', { format: 'csv' }, false)), /Unbekanntes Format „csv“/);
  assert.deepEqual(
    requestOf(
      '1',
      { realEstateTypes: 'apartmentrent, HOUSE_BUY', channel: ' hp ', format: 'XML' },
      false,
    ),
    {
      format: 'xml',
      query: {
        realEstateTypes: ['APARTMENT_RENT', 'HOUSE_BUY'],
        customerNumber: undefined,
        username: undefined,
        channel: 'hp',
      },
    },
  );
  const every = requestOf('1', { realEstateTypes: 'apartmentrent' }, true);
  assert.ok('query' in every && every.query.realEstateTypes === undefined, 'every type: no filter');
  assert.deepEqual(knownTypes('apartmentrent villa HOUSE_BUY'), ['APARTMENT_RENT', 'HOUSE_BUY']);
});

test('a failed request in words: an unknown region, a refusal with and without filters, never the service’s text', () => {
  const notFound = new ApiError({
    kind: 'http',
    status: 404,
    messages: [{ code: 'ERROR_RESOURCE_NOT_FOUND', text: 'secret' }],
  });
  const bad = new ApiError({
    kind: 'http',
    status: 400,
    messages: [{ code: 'X', text: 'secret' }],
  });
  assert.equal(refused(bad), true);
  assert.equal(refused(notFound), false);
  assert.match(
    describeFailure(notFound, 'de', '123', 'Teststadt', {}),
    /keine Region mit dem Geocode „123“/,
  );
  assert.match(
    describeFailure(bad, 'de', '123', 'Teststadt', {}),
    /^Für „Teststadt“ gibt es keine Statistik/,
  );
  const filtered = describeFailure(bad, 'de', '123', '', { channel: 'hp', username: ' ' });
  assert.match(filtered, /„123“ abgelehnt/);
  assert.match(filtered, /\(Kanal „hp“\)/);
  for (const e of [notFound, bad])
    assert.doesNotMatch(describeFailure(e, 'de', '1', '', {}), /secret/);
});

test('a geo field’s pick: the entity’s geoId, else a numeric suggestion id, with its label', () => {
  assert.deepEqual(pickOf({ entity: { geoId: '1276003001', label: 'Berlin' } }), {
    code: '1276003001',
    label: 'Berlin',
  });
  assert.deepEqual(pickOf({ suggestion: { entity: { id: '1276', label: 'Deutschland' } } }), {
    code: '1276',
    label: 'Deutschland',
  });
  assert.deepEqual(pickOf({ suggestion: { entity: { id: 'abc-1' } } }), {
    code: '',
    label: 'abc-1',
  });
  assert.deepEqual(pickOf(undefined), { code: '', label: '' });
});

test('drill-down: not into a quarter nor a known leaf; the path forgets its counts', () => {
  const city = stat.children[0]!;
  assert.equal(drillable(city), true);
  assert.equal(drillable({ ...city, type: 'geo:Quarter' }), false);
  markLeaf(city.geoCodeId);
  assert.equal(drillable(city), false);
  assert.deepEqual(withoutCounts([{ code: '1', name: 'A', stat }]), [{ code: '1', name: 'A' }]);
});

test('the last-call cache: the same arguments give the last result, others a new one', () => {
  let calls = 0;
  const sum = lastCall((a: number[], b: string) => {
    calls++;
    return a.length + b.length;
  });
  const list = [1, 2];
  assert.equal(sum(list, 'x'), 3);
  assert.equal(sum(list, 'x'), 3);
  assert.equal(calls, 1);
  assert.equal(sum([1, 2], 'x'), 3, 'another array');
  assert.equal(sum(list, 'y'), 3);
  assert.equal(calls, 3);
});

test('the error box: a row of actions only where an action helps', () => {
  const s = STRINGS.de;
  const actions = (retry?: () => void, back: unknown = nothing) =>
    (errorBox('Fehler', retry, back, s).values[1] as unknown) !== nothing;
  assert.equal(actions(), false, 'no retry, no way back: no empty row');
  assert.equal(
    actions(() => {}),
    true,
  );
  assert.equal(actions(undefined, html`<button>Zurück</button>`), true);
});
