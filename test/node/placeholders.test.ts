/**
 * The placeholder sheet: the `:not(:defined)` rules are written once, in
 * src/placeholders.css; the build copies it to dist/immo-elements-placeholders.css for a
 * partner to link, and docs/embedding.md shows the same rules in its two marked blocks (the
 * heights and the hints), which the demo and bench/cls.ts read. None of the three can drift.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TAGS } from '../../demo/tags.js';

const root = join(import.meta.dirname, '../..');
const source = readFileSync(join(root, 'src/placeholders.css'), 'utf8');

/** The rules of a stylesheet, one a line, without comments. */
const rules = (css: string) =>
  css
    .replace(/\/\*[^]*?\*\//g, '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

function docsBlock(marker: string): string {
  const docs = readFileSync(join(root, 'docs/embedding.md'), 'utf8');
  const m = new RegExp(`<!-- ${marker} -->\\s*\`\`\`css\\n([^]*?)\`\`\``).exec(docs);
  assert.ok(m, `docs/embedding.md has a css block after <!-- ${marker} -->`);
  return m[1]!;
}

test('docs/embedding.md shows the rules of src/placeholders.css: the heights, then the hints', () => {
  const [heights, hints] = source.split(/\n(?=\/\* What the page knows in advance)/);
  assert.ok(
    hints,
    'src/placeholders.css has its hints after a comment "What the page knows in advance"',
  );
  assert.deepEqual(rules(docsBlock('not-defined-rule')), rules(heights!));
  assert.deepEqual(rules(docsBlock('not-defined-rule-hints')), rules(hints));
  // One rule per element, each a :not(:defined) rule.
  assert.deepEqual(
    rules(heights!)
      .filter((l) => !l.startsWith('@media'))
      .map((l) => l.split(':')[0]),
    TAGS,
  );
  for (const l of rules(source)) assert.match(l, /:not\(:defined\)/);
});

test('the build writes it to dist/immo-elements-placeholders.css as it is', () => {
  const built = join(root, 'dist/immo-elements-placeholders.css');
  assert.ok(
    existsSync(built),
    'dist/immo-elements-placeholders.css exists (npm test builds dist/; alone, run npm run build first)',
  );
  assert.equal(readFileSync(built, 'utf8'), source);
});
