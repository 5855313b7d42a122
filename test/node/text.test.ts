import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TEXT_MAX, clip } from '../../src/shared/text.js';

test('clip: a text up to the maximum is kept as it is', () => {
  assert.equal(clip('Berlin'), 'Berlin');
  const exact = 'a'.repeat(TEXT_MAX);
  assert.equal(clip(exact), exact);
});

test('clip: a longer text is cut to the maximum, ending in an ellipsis', () => {
  const cut = clip('x'.repeat(60_000));
  assert.equal(cut.length, TEXT_MAX);
  assert.ok(cut.endsWith('…'));
  assert.equal(clip('abcdef', 4), 'abc…');
});

test('clip: a surrogate pair at the cut is not split', () => {
  const cut = clip(`ab${'😀'.repeat(10)}`, 4);
  assert.equal(cut, 'ab…');
  assert.ok(!/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(cut));
});
