// <region-stats> chart labels wrap instead of being cut: wrapLabel breaks after spaces and
// hyphens, inside a word only when the word alone is too wide, and keeps every letter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wrapLabel } from '../../src/elements/region-stats/region-stats.js';

const fits = (n: number) => (line: string) => line.length <= n;

test('a name that fits stays one line', () => {
  assert.deepEqual(wrapLabel('Britz', fits(10)), ['Britz']);
});

test('breaks after a hyphen or a space, never cutting letters off', () => {
  assert.deepEqual(wrapLabel('Alt-Hohenschönhausen', fits(16)), ['Alt-', 'Hohenschönhausen']);
  assert.deepEqual(wrapLabel('Frankfurt am Main', fits(12)), ['Frankfurt am', 'Main']);
  assert.deepEqual(wrapLabel('Baden-Württemberg', fits(12)), ['Baden-', 'Württemberg']);
});

test('a single word wider than the column breaks inside with a hyphen, every letter kept', () => {
  const lines = wrapLabel('Schleswig-Holsteinischeswattenmeer', fits(10));
  assert.ok(
    lines.every((l) => l.length <= 10),
    JSON.stringify(lines),
  );
  assert.equal(lines.join('').replace(/-/g, ''), 'SchleswigHolsteinischeswattenmeer');
});
