/**
 * The build's last step for a file that imports the runtime (scripts/import-names.ts): it
 * imports each binding by the runtime's own name for it, and the file does what it did, with
 * its source map still pointing at the source.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { minify } from 'terser';
import { importByExportedNames, renameApart } from '../../scripts/import-names.js';
import { TERSER_OPTIONS } from '../../scripts/bundle-options.js';

/** A module that uses its runtime imports every way a binding can be written. */
const SOURCE = `import { first as html, second as nothing, first as render } from './chunks/runtime.js';
import { other } from './other.js';
const tt = 'a local named as a runtime export';
const nt = 7;
export function shorthand() {
  return { html, nothing, tt };
}
export function shadowed(html = 1) {
  const nothing = (v) => v * 2;
  return nothing(html) + nt;
}
export function patterns({ html: a, nothing = 3, nt: b = 4 } = {}) {
  const [c = html] = [];
  return [a, nothing, b, c(2)];
}
export class Widget {
  static make() {
    return new Widget(html(other) + render(''));
  }
  constructor(v) {
    this.v = v;
  }
}
export { tt as label, nt };
`;

const RUNTIME = `export const tt = (x) => 'html:' + x;
export const nt = 'nothing';`;

/** Imports `code` as a module beside a runtime (exporting tt and nt) and ./other.js. */
async function load(code: string): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'import-names-'));
  try {
    mkdirSync(join(dir, 'chunks'));
    writeFileSync(join(dir, 'chunks/runtime.js'), RUNTIME);
    writeFileSync(join(dir, 'other.js'), `export const other = 'other';`);
    writeFileSync(join(dir, 'file.js'), code);
    return (await import(pathToFileURL(join(dir, 'file.js')).href)) as Record<string, unknown>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What the module's exports give. */
function behaviour(m: Record<string, unknown>): unknown {
  const shorthand = (m.shorthand as () => { html: (x: string) => string; nothing: string }).call(
    null,
  );
  return {
    shorthand: [shorthand.html('x'), shorthand.nothing, (shorthand as { tt?: string }).tt],
    shadowed: [(m.shadowed as (v?: number) => number)(), (m.shadowed as (v: number) => number)(5)],
    patterns: (m.patterns as (o?: object) => unknown[])({ html: 'h', nt: 'n' }),
    widget: ((m.Widget as { make(): { v: string } }).make() as { v: string }).v,
    label: m.label,
    nt: m.nt,
  };
}

/** The source as the build has it before this step: minified, importing the runtime renamed. */
async function built(): Promise<{ code: string; map: string }> {
  const runtimeNames = SOURCE.replace(
    'first as html, second as nothing, first as render',
    'tt as html, nt as nothing, tt as render',
  );
  const min = await minify(
    { 'src/file.js': runtimeNames },
    { ...TERSER_OPTIONS, sourceMap: { url: 'file.js.map', includeSources: true } },
  );
  return { code: min.code!, map: min.map as string };
}

test('every binding is renamed apart and the runtime imports take the runtime’s names', async () => {
  const { code } = await built();
  // (one binding imported twice, under two names: a file gets that from two modules re-exporting it)
  assert.match(code, /import\{\w+ as \w+,\w+ as \w+,\w+ as \w+\}from"\.\/chunks\/runtime\.js"/);
  const apart = renameApart(code, '/runtime.js', 'file.js');
  assert.deepEqual(apart.imported.sort(), ['nt', 'tt']);
  assert.deepEqual(behaviour(await load(apart.code)), behaviour(await load(code)));
});

test('the file imports the runtime by its exported names, does what it did, and maps to its source', async () => {
  const { code, map } = await built();
  const out = await importByExportedNames(code, map, '/runtime.js', 'file.js', TERSER_OPTIONS);
  assert.match(out.code, /import\{(tt,nt|nt,tt)\}from"\.\/chunks\/runtime\.js"/);
  assert.match(out.code, /\/\/# sourceMappingURL=file\.js\.map$/);
  assert.deepEqual(behaviour(await load(out.code)), behaviour(await load(code)));
  // The string of `tt` still maps to its line of the source.
  const at =
    out.code.indexOf("'a local named") >= 0
      ? out.code.indexOf("'a local named")
      : out.code.indexOf('"a local named');
  assert.ok(at > 0, 'the string is in the output');
  const position = originalPositionFor(new TraceMap(out.map), { line: 1, column: at });
  assert.equal(position.source, 'src/file.js');
  assert.equal(position.line, 3);
});
