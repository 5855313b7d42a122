// geo-autocomplete's text helpers (src/elements/geo-autocomplete/match.ts) on labels far longer
// than any place name: folding stays linear in the label's length, whatever its letters.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fold, localMatch } from '../../src/elements/geo-autocomplete/match.js';

/** A label of 80,000 characters made of `word` (a new one each time: folds are kept). */
let labels = 0;
const label = (word: string) =>
  `Berlin ${++labels} ${word.repeat(Math.ceil(80_000 / word.length))}`.slice(0, 80_000);

/** The fastest of a few folds of new labels made of `word` (ms). */
function foldTime(word: string): number {
  let best = Infinity;
  for (let k = 0; k < 5; k++) {
    const s = label(word);
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

  it('takes as long for a label full of e (ae, oe, ue are looked at) as for one without', () => {
    foldTime('Abana Saal '); // (warm)
    const without = foldTime('Abana Saal ');
    const full = foldTime('Ebene Seen ');
    assert.ok(
      full < Math.max(without, 0.5) * 4,
      `80,000 characters: ${full.toFixed(1)} ms with an e in every other letter, ${without.toFixed(1)} ms without`,
    );
  });
});
