// <region-stats> chart labels wrap instead of being cut: wrapLabel breaks after spaces and
// hyphens, inside a word only when the word alone is too wide, and keeps every letter of a
// name that fits in its lines. A name longer than any real one is clipped and ends in an
// ellipsis, measured a handful of times per line, not once per character.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wrapLabel, LABEL_LINES } from '../../src/elements/region-stats/wrap.js';
import { TEXT_MAX } from '../../src/shared/text.js';

const fits = (n: number) => (line: string) => line.length <= n;

/** `fits(n)` that counts its calls and the characters it measured. */
function counting(n: number) {
  const seen = { calls: 0, chars: 0 };
  const f = (line: string) => {
    seen.calls++;
    seen.chars += line.length;
    return line.length <= n;
  };
  return { seen, f };
}

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

for (const [what, name] of [
  ['one word', 'x'.repeat(60_000)],
  ['words', 'Neu '.repeat(15_000)],
  ['hyphens', 'Alt-'.repeat(15_000)],
] as const) {
  test(`60,000 characters (${what}): at most ${LABEL_LINES} lines, an ellipsis, a few measurements per line`, () => {
    const { seen, f } = counting(40);
    const lines = wrapLabel(name, f);
    assert.ok(lines.length <= LABEL_LINES, JSON.stringify(lines));
    assert.ok(lines.every((l) => l.length <= 40));
    assert.ok(lines.at(-1)!.endsWith('…'), lines.at(-1)!);
    // About log2(TEXT_MAX) per line: a search, not a walk over the characters.
    assert.ok(seen.calls <= LABEL_LINES * 12, `${seen.calls} measurements`);
    assert.ok(seen.chars <= seen.calls * TEXT_MAX, `${seen.chars} characters measured`);
  });
}

test('a name just too long for its lines ends in an ellipsis; one that fits keeps every letter', () => {
  assert.deepEqual(wrapLabel('aaa bbb ccc ddd eee', fits(4), 4), ['aaa', 'bbb', 'ccc', 'ddd…']);
  assert.deepEqual(wrapLabel('aaa bbb ccc ddd', fits(4), 4), ['aaa', 'bbb', 'ccc', 'ddd']);
});

test('a surrogate pair is not split at a break', () => {
  const lines = wrapLabel('😀'.repeat(40), fits(9));
  for (const l of lines) assert.doesNotMatch(l, /[\ud800-\udbff](?![\udc00-\udfff])/);
});
