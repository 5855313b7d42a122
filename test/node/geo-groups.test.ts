// geo-autocomplete's list as the popup shows it (src/elements/geo-autocomplete/groups.ts):
// grouped by type for the eye, and for the ear each option's type, one description per type.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { GeoSuggestion } from '../../src/api/index.js';
import {
  group,
  placeType,
  shownTypes,
  typeName,
} from '../../src/elements/geo-autocomplete/groups.js';
import { STRINGS } from '../../src/elements/geo-autocomplete/strings.js';

const place = (id: string, label: string, type: string) =>
  ({ entity: { id, label, type }, matches: [] }) as unknown as GeoSuggestion;

const berlin = place('1276003001', 'Berlin', 'city');
const land = place('1276003', 'Berlin', 'region');
const mitte = place('1276003001014', 'Berlin - Mitte (Mitte)', 'quarterOrTown');
const moabit = place('1276003001017', 'Berlin - Moabit (Mitte)', 'quarterOrTown');

describe('geo-autocomplete groups', () => {
  it('groups by type in the order the types first appear', () => {
    const g = group([berlin, mitte, land, moabit], 'v2');
    assert.deepEqual(
      g.map((x) => [x.type, x.items.map((s) => s.entity.label)]),
      [
        ['city', ['Berlin']],
        ['quarterOrTown', ['Berlin - Mitte (Mitte)', 'Berlin - Moabit (Mitte)']],
        ['region', ['Berlin']],
      ],
    );
  });

  it('describes each type shown once, also in the group of recent places', () => {
    assert.deepEqual(shownTypes(group([berlin, mitte, land, moabit], 'v2'), 'v2'), [
      'city',
      'quarterOrTown',
      'region',
    ]);
    const recent = group([mitte, berlin, moabit], 'recent');
    assert.deepEqual(
      recent.map((x) => x.type),
      ['recent'],
    );
    assert.deepEqual(shownTypes(recent, 'v2'), ['quarterOrTown', 'city']);
  });

  it('gives every place of the legacy search one type, named Region', () => {
    assert.equal(placeType(berlin, 'v1'), 'region_v1');
    assert.deepEqual(shownTypes(group([berlin, mitte], 'v1'), 'v1'), ['region_v1']);
    assert.equal(typeName(STRINGS.de, 'region_v1'), 'Region');
  });

  it("names a type in the element's language, and a type it does not know by the service's text", () => {
    assert.equal(typeName(STRINGS.de, placeType(berlin, 'v2')), 'Stadt');
    assert.equal(typeName(STRINGS.de, 'region'), 'Bundesland');
    assert.equal(typeName(STRINGS.de, 'lake'), 'lake');
    assert.equal(
      STRINGS.de.chosen('Berlin', typeName(STRINGS.de, 'city')),
      'Ausgewählt: Berlin, Stadt',
    );
  });
});
