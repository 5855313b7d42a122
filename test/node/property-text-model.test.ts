/**
 * property-text's form model (src/elements/property-text/model.ts), from the interface
 * (docs/interface.md#property-text): both types and the transaction required, at least one
 * detail, only the details of the chosen type, the formats the service takes (numbers, whole
 * numbers, years, a date day.month.year, a deposit with a decimal comma), and a host's request
 * taken into the form and back.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildRequest,
  detailFields,
  extraOptions,
  fieldsByGroup,
  fitsTransaction,
  fromRequest,
  parseField,
  readDraft,
  type FieldDef,
} from '../../src/elements/property-text/model.js';
import { YEAR_MAX } from '../../src/elements/property-text/strings.js';

const def = (kind: FieldDef['kind']): FieldDef => ({ name: 'x', kind });

test('a request needs both types and at least one detail (the service refuses one without)', () => {
  assert.deepEqual(buildRequest({}, null), {
    problems: { realEstateType: 'vRequired', transactionType: 'vRequired' },
  });
  assert.deepEqual(buildRequest({ realEstateType: 'boat', transactionType: 'rent' }, null), {
    problems: { realEstateType: 'vRequired' },
  });
  const bare = buildRequest({ realEstateType: 'house', transactionType: 'sale' }, null);
  assert.equal(bare.request, undefined);
  assert.deepEqual(bare.problems, { livingSpace: 'vDetails' });
  const { request, problems } = buildRequest(
    { realEstateType: 'house', transactionType: 'sale', livingSpace: ' 120,5 ', monument: true },
    null,
  );
  assert.deepEqual(problems, {});
  assert.deepEqual(request, {
    realEstateType: 'house',
    transactionType: 'sale',
    houseDetails: { livingSpace: 120.5, monument: true },
  });
});

test('only the detail object of the chosen type is sent, with only its own fields and values', () => {
  const values = {
    realEstateType: 'apartment',
    transactionType: 'rent',
    livingSpace: '60',
    floor: '-1',
    // a house's field and a house's building type are not an apartment's
    propertySize: '500',
    buildingType: 'VILLA',
  };
  const { request } = buildRequest(values, null);
  assert.deepEqual(request, {
    realEstateType: 'apartment',
    transactionType: 'rent',
    apartmentDetails: { livingSpace: 60, floor: -1 },
  });
  const house = buildRequest({ ...values, realEstateType: 'house', floor: '' }, null).request!;
  assert.deepEqual(house.houseDetails, {
    livingSpace: 60,
    propertySize: 500,
    buildingType: 'VILLA',
  });
  assert.equal('apartmentDetails' in house, false);
});

test('a field of the other transaction is neither offered nor sent; a house for rent has no price', () => {
  assert.equal(fitsTransaction('monthlyRent', 'rent'), true);
  assert.equal(fitsTransaction('monthlyRent', 'sale'), false);
  assert.equal(fitsTransaction('price', 'rent'), false);
  assert.equal(fitsTransaction('price', undefined), false, 'until a transaction is chosen');
  assert.equal(fitsTransaction('livingSpace', undefined), true);
  const names = (type: 'house' | 'apartment', tx: string) =>
    fieldsByGroup(type, tx).flatMap(([, defs]) => defs.map((d) => d.name));
  assert.ok(names('apartment', 'rent').includes('monthlyRent'));
  assert.ok(!names('apartment', 'rent').includes('price'));
  assert.ok(names('house', 'sale').includes('price'));
  assert.ok(!names('house', 'rent').some((n) => n === 'price' || n === 'monthlyRent'));
  const typedBefore = buildRequest(
    { realEstateType: 'apartment', transactionType: 'rent', price: '300000', livingSpace: '50' },
    null,
  ).request!;
  assert.deepEqual(typedBefore.apartmentDetails, { livingSpace: 50 });
});

test('each kind of field takes what the service takes and names what it does not', () => {
  const ok = (kind: FieldDef['kind'], raw: string, value: unknown) =>
    assert.deepEqual(parseField(def(kind), raw), { value }, `${kind} ${raw}`);
  const bad = (kind: FieldDef['kind'], raw: string, problem: string) =>
    assert.deepEqual(parseField(def(kind), raw), { problem }, `${kind} ${raw}`);
  ok('number', '72,5', 72.5);
  ok('number', '72.25', 72.25);
  bad('number', '72,555', 'vNumber');
  bad('number', '-3', 'vNumber');
  ok('int', '3', 3);
  bad('int', '-1', 'vInteger');
  bad('int', '2,5', 'vInteger');
  ok('sint', '-1', -1);
  bad('sint', '1.5', 'vSignedInteger');
  ok('year', '1000', 1000);
  ok('year', String(YEAR_MAX), YEAR_MAX);
  bad('year', String(YEAR_MAX + 1), 'vYear');
  bad('year', '999', 'vYear');
  ok('deposit', '1500', '1500,00');
  ok('deposit', '1500.5', '1500,50');
  bad('deposit', '1.500,00', 'vDeposit');
  ok('date', '1.2.2025', '01.02.2025');
  bad('date', '31.02.2025', 'vDate');
  bad('date', '2025-02-01', 'vDate');
  assert.deepEqual(parseField(def('int'), '   '), {}, 'an empty input is left out');
  assert.deepEqual(parseField(def('bool'), false), {});
  assert.deepEqual(parseField(def('multi'), ['OIL', 'GAS']), { value: ['OIL', 'GAS'] });
});

test('a refurbishment before construction is named; a field that cannot be sent keeps the request', () => {
  const base = { realEstateType: 'house', transactionType: 'sale' };
  assert.deepEqual(
    buildRequest({ ...base, constructionYear: '1990', lastRefurbishment: '1980' }, null).problems,
    { lastRefurbishment: 'vRefurb' },
  );
  const { request, problems } = buildRequest({ ...base, livingSpace: 'viel', noRooms: '4' }, null);
  assert.equal(request, undefined);
  assert.deepEqual(problems, { livingSpace: 'vNumber' });
});

test('the location is sent trimmed, without empty parts; coordinates only when one is a number', () => {
  const values = {
    realEstateType: 'house',
    transactionType: 'sale',
    livingSpace: '100',
    street: ' Lindenstraße ',
    number: '',
    city: 'Görlitz',
  };
  assert.deepEqual(buildRequest(values, null).request!.location, {
    street: 'Lindenstraße',
    city: 'Görlitz',
  });
  const coords = { latitude: 51.15, longitude: 14.98 };
  assert.deepEqual(buildRequest(values, coords).request!.location!.geoCoordinates, coords);
  assert.equal(buildRequest(values, {}).request!.location!.geoCoordinates, undefined);
});

test("a host's request fills the form and comes back the same; what cannot be shown is named", () => {
  const request = {
    realEstateType: 'apartment',
    transactionType: 'rent',
    location: { city: 'Leipzig', geoCoordinates: { latitude: 51.34, longitude: 12.37 } },
    apartmentDetails: {
      livingSpace: 72.5,
      deposit: '1500,00',
      moveInDate: '01.03.2026',
      balconyTerrace: true,
      firingType: ['GAS', 'Holz aus eigenem Wald'],
    },
  };
  const { values, coords, bad } = fromRequest(request);
  assert.deepEqual(bad, []);
  assert.equal(values.livingSpace, '72,5', 'numbers with a decimal comma in German');
  assert.equal(fromRequest(request, false).values.livingSpace, '72.5');
  assert.deepEqual(buildRequest(values, coords).request, request);
  const wrong = fromRequest({
    ...request,
    extra: 1,
    houseDetails: { livingSpace: 1 },
    location: { city: 'Leipzig', planet: 'Erde', geoCoordinates: { latitude: 'x' } },
    apartmentDetails: { livingSpace: 'sechzig', buildingType: 'CASTLE', balconyTerrace: 'ja' },
  });
  assert.deepEqual(wrong.bad.sort(), [
    'apartmentDetails.balconyTerrace',
    'apartmentDetails.buildingType',
    'extra',
    'houseDetails',
    'location.geoCoordinates.latitude',
    'location.planet',
  ]);
  assert.equal(wrong.values.livingSpace, 'sechzig', 'kept, so the form points at it');
  assert.deepEqual(fromRequest([1]).bad, ['data']);
});

test('an open field offers the values passed in besides its own list; a closed one does not', () => {
  const firing = detailFields('apartment').get('firingType')!;
  assert.deepEqual(extraOptions(firing, ['GAS', 'Holz']), ['Holz']);
  const condition = detailFields('apartment').get('condition')!;
  assert.deepEqual(extraOptions(condition, 'SOMETHING'), []);
});

test('a stored draft is taken as the form can hold it', () => {
  const d = readDraft({
    values: { city: 'Görlitz', monument: true, firingType: ['GAS'], evil: { x: 1 } },
    coords: { latitude: 51.1, longitude: 'x' },
    result: { headline: 'Ü' },
  });
  assert.deepEqual(d, {
    values: { city: 'Görlitz', monument: true, firingType: ['GAS'] },
    coords: { latitude: 51.1 },
    result: null,
  });
  assert.equal(readDraft('x'), undefined);
  assert.deepEqual(readDraft({ result: { headline: 'H', propertyText: 'T' } })!.result, {
    headline: 'H',
    propertyText: 'T',
  });
});
