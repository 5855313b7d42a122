import { test } from 'node:test';
import assert from 'node:assert/strict';
import { foldWords, spanOf, tokenize } from '../../packages/sandbox/src/geo/fold.js';
import { expandStreet, lambert, looksLikeStreet } from '../../packages/sandbox/src/geo/build.js';

const original = (text: string, t: ReturnType<typeof tokenize>[number], len: number, from = 0) => {
  const { offset, length } = spanOf(t, len, from);
  return text.slice(offset, offset + length);
};

test('umlauts, transliterations and case meet in one folded form', () => {
  assert.deepEqual(foldWords('München muenchen MUNCHEN Müenchen'), [
    'munchen',
    'munchen',
    'munchen',
    'munchen',
  ]);
  assert.deepEqual(foldWords('Köln Koeln Göttingen Goettingen Bärenstein Baerenstein'), [
    'koln',
    'koln',
    'gottingen',
    'gottingen',
    'barenstein',
    'barenstein',
  ]);
  assert.deepEqual(foldWords('Straße strasse STRASSE'), ['strasse', 'strasse', 'strasse']);
  assert.deepEqual(foldWords('Café Zürich-Höngg'), ['cafe', 'zurich', 'hongg']);
});

test('words are runs of letters and digits', () => {
  assert.deepEqual(foldWords('Berlin - Mitte (Mitte), 10115 / St. Georg'), [
    'berlin',
    'mitte',
    'mitte',
    '10115',
    'sankt',
    'georg',
  ]);
  assert.deepEqual(foldWords(' -- ,, '), []);
});

test('spans map folded prefixes back to the original text', () => {
  const text = 'Hafenstraße, 60327 Frankfurt';
  const [hafen, code, city] = tokenize(text);
  assert.equal(original(text, hafen!, 'hafenstrasse'.length), 'Hafenstraße');
  assert.equal(original(text, hafen!, 'hafenstr'.length), 'Hafenstr');
  assert.equal(original(text, hafen!, 'strasse'.length, 5), 'straße'); // inner-word match
  assert.equal(original(text, code!, 3), '603');
  assert.equal(original(text, city!, 5), 'Frank');
  const m = 'Neu-Müenchen';
  const [, mu] = tokenize(m);
  assert.equal(original(m, mu!, 'mun'.length), 'Müen'); // the dropped e belongs to the ü
  const k = 'Kurfürstendamm';
  assert.equal(original(k, tokenize(k)[0]!, 'furstendamm'.length, 3), 'fürstendamm');
});

test('street names from station addresses and stop names', () => {
  assert.equal(expandStreet('Bahnhofstr.'), 'Bahnhofstraße');
  assert.equal(expandStreet('K.-Liebknecht-Str.'), 'K.-Liebknecht-Straße');
  assert.equal(expandStreet('Lange Str.'), 'Lange Straße');
  assert.equal(expandStreet('Am  Bahnhof'), 'Am Bahnhof');
  for (const s of [
    'Hafenstraße',
    'Heilbronner Straße',
    'Am Mühlenweg',
    'Willy-Brandt-Platz',
    'Alte Allee',
  ])
    assert.ok(looksLikeStreet(s), s);
  for (const s of [
    'Hauptbahnhof',
    'Weser-/Münchener Straße',
    'Mainz-Kostheim Sankt-Veiter-Platz Nord',
    'Gleis 3 Weg',
    'Ring',
  ])
    assert.ok(!looksLikeStreet(s), s);
});

test('Lambert is ETRS89-LAEA (EPSG:3035)', () => {
  // the projection centre (52°N, 10°E) has the false easting and northing
  assert.deepEqual(lambert(52, 10), { x: 4321000, y: 3210000 });
  const { x, y } = lambert(48.20849, 16.37208); // Wien
  assert.ok(Math.abs(x - 4796000) < 5000 && Math.abs(y - 2809000) < 5000, `${x} ${y}`);
});
