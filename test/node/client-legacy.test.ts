/** The v1 → v2 adapter: word-prefix matches ignoring case, accents and the spelling of umlauts. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { legacyMatches, legacyRegionsToSuggestions } from '../../src/api/index.js';

test('matches at word starts, case-insensitive, every occurrence', () => {
  assert.deepEqual(legacyMatches('Berlin - Mitte (Mitte)', 'mit'), [
    { offset: 9, length: 3 },
    { offset: 16, length: 3 },
  ]);
  assert.deepEqual(legacyMatches('Berlin - Mitte (Mitte)', 'itte'), []);
  assert.deepEqual(legacyMatches('Bad Ems', '  bad   em '), [{ offset: 0, length: 6 }]);
  assert.deepEqual(legacyMatches('Bad Ems', ''), []);
});

test('umlauts match as ü, u or ue; ß as ss; offsets refer to the label', () => {
  assert.deepEqual(legacyMatches('München', 'munch'), [{ offset: 0, length: 5 }]);
  assert.deepEqual(legacyMatches('München', 'MUENCH'), [{ offset: 0, length: 5 }]);
  assert.deepEqual(legacyMatches('Muenchen', 'münch'), [{ offset: 0, length: 6 }]);
  assert.deepEqual(legacyMatches('Lühsdorf (Treuenbrietzen)', 'lue'), [{ offset: 0, length: 2 }]);
  assert.deepEqual(legacyMatches('Gießen', 'giess'), [{ offset: 0, length: 4 }]);
  assert.deepEqual(legacyMatches('Zürich', 'zu'), [{ offset: 0, length: 2 }]);
});

test('records become quarterOrTown items; amount is not carried over', () => {
  assert.deepEqual(
    legacyRegionsToSuggestions([{ name: 'Köln', geoCodeId: '1276010', amount: 4 }], 'koe'),
    [
      {
        entity: { type: 'quarterOrTown', id: '1276010', label: 'Köln' },
        matches: [{ offset: 0, length: 2 }],
      },
    ],
  );
});
