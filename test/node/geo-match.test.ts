// geo-autocomplete's text helpers (src/elements/geo-autocomplete/match.ts) on labels far longer
// than any place name: folding stays linear in the label's length.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fold, localMatch } from '../../src/elements/geo-autocomplete/match.js';

/** A label of `n` characters with words that fold ("ue", "ß", capitals). */
const label = (n: number, salt: number) =>
  (`Berlin ${salt} ` + 'Straße entlang der Ebene Muenchen '.repeat(Math.ceil(n / 33))).slice(0, n);

/** The fastest of a few folds of new labels of `n` characters (ms). */
function foldTime(n: number, salt: number): number {
  let best = Infinity;
  for (let k = 0; k < 5; k++) {
    const s = label(n, salt * 10 + k);
    const t = performance.now();
    fold(s);
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

describe('fold', () => {
  it('folds as a German visitor matches: case, umlauts as ae/oe/ue, ß as ss, accents', () => {
    assert.equal(fold('Düsseldorf').f, 'dusseldorf');
    assert.equal(fold('Duesseldorf').f, 'dusseldorf');
    assert.equal(fold('Straße').f, 'strasse');
    assert.equal(fold('Île-de-France').f, 'ile-de-france');
    assert.deepEqual(localMatch('Muenchen - Schwabing', 'münch'), [{ offset: 0, length: 6 }]);
  });

  it('takes time in proportion to the label: sixteen times the characters, not hundreds of times the time', () => {
    foldTime(5_000, 1); // (warm)
    const short = foldTime(5_000, 2);
    const long = foldTime(80_000, 3);
    assert.ok(
      long < Math.max(short, 0.05) * 48,
      `80,000 characters took ${long.toFixed(1)} ms, 5,000 took ${short.toFixed(1)} ms`,
    );
  });
});
