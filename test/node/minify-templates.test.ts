/**
 * The build's template minifier (scripts/minify-templates.ts): Prettier's layout of Lit `html`
 * and `css` templates comes out as the text would be written by hand, Lit's bindings and
 * whitespace that shows are kept, and dist/ (esbuild, minifySource) and lib/ (tsc,
 * templateTransformer) get the same strings, which server rendering and hydration compare.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SourceMap } from 'node:module';
import ts from 'typescript';
import {
  findTemplates,
  minifySource,
  minifyTemplate,
  templateTransformer,
} from '../../scripts/minify-templates.js';

const html = (...strings: string[]) => minifyTemplate('html', strings);
const css = (...strings: string[]) => minifyTemplate('css', strings);

test('html: the white space Prettier puts around block elements goes', () => {
  assert.deepEqual(
    html(
      '\n  <div class="status error" part="error" role="alert">\n    <p>',
      '</p>\n    <p>',
      '</p>\n    <button type="button" @click=',
      '>\n      ',
      '\n    </button>\n  </div>\n',
    ),
    [
      '<div class="status error" part="error" role="alert"><p>',
      '</p><p>',
      '</p><button type="button" @click=',
      '>',
      '</button></div>',
    ],
  );
});

test('html: white space between inline content stays, as one space', () => {
  assert.deepEqual(html('<span>a</span>\n  <b>b</b> text\n  wrapped <i>', '</i>'), [
    '<span>a</span> <b>b</b> text wrapped <i>',
    '</i>',
  ]);
  assert.deepEqual(html('<p>', ' ', '</p>'), ['<p>', ' ', '</p>']);
  assert.deepEqual(html('<label>', '\n  <input /></label>'), ['<label>', ' <input /></label>']);
});

test("html: a space written at a template's start or end stays; a line break's layout there goes", () => {
  // ("BASIC · 48 Wohneinheiten": the separator template ends with the space before the next part.)
  assert.deepEqual(html('', ' '), ['', ' ']);
  assert.deepEqual(html(' ', ''), [' ', '']);
  assert.deepEqual(html('\n  <span>', '</span>\n'), ['<span>', '</span>']);
  assert.deepEqual(html('<p>', '</p> '), ['<p>', '</p>']);
});

test('html: white space just inside a button, a select or an svg goes, beside them it stays', () => {
  assert.deepEqual(
    html('<p>a\n  <button type="button" @click=', '>\n    ', '\n  </button>\n  b</p>'),
    ['<p>a <button type="button" @click=', '>', '</button> b</p>'],
  );
  assert.deepEqual(html('<svg viewBox="0 0 1 1">\n  <path d=', '></path>\n</svg>'), [
    '<svg viewBox="0 0 1 1"><path d=',
    '></path></svg>',
  ]);
  assert.deepEqual(html('<select>\n  <option>', '</option>\n</select>'), [
    '<select><option>',
    '</option></select>',
  ]);
});

test("html: Lit's bindings and a tag Prettier broke over lines", () => {
  assert.deepEqual(
    html(
      '<input\n  id=',
      '\n  .value=',
      '\n  ?disabled=',
      '\n  @input=',
      '\n  ',
      '\n/><span\n  >',
      '</span\n>',
    ),
    ['<input id=', ' .value=', ' ?disabled=', ' @input=', ' ', ' /><span>', '</span>'],
  );
  // A quoted value keeps its spaces, and a line break in it becomes one space.
  assert.deepEqual(html('<p title="a  b" class="x\n    y ', '">', '</p>'), [
    '<p title="a  b" class="x y ',
    '">',
    '</p>',
  ]);
});

test('html: <pre> and <textarea> text, and comments, stay as written', () => {
  assert.deepEqual(html('<pre>\n  a\n   b\n</pre>\n<textarea>  x\n y</textarea>'), [
    '<pre>\n  a\n   b\n</pre><textarea>  x\n y</textarea>',
  ]);
  assert.deepEqual(html('<div>\n  <!--  a   b  -->\n</div>'), ['<div><!--  a   b  --></div>']);
});

test('css: comments and layout go; calc, strings and selectors keep what they need', () => {
  assert.deepEqual(
    css(
      '\n  /* why */\n  :host {\n    display: block;\n    width: calc(100% - 2px);\n  }\n\n' +
        '  .a > .b,\n  .c :first-child {\n    content: "a  b";\n    color: red !important;\n  }\n',
    ),
    [
      ':host{display:block;width:calc(100% - 2px)}.a>.b,.c :first-child{content:"a  b";color:red!important}',
    ],
  );
  // Beside an expression (a value or another sheet) one space stays where there was one.
  assert.deepEqual(css('\n  a {\n    margin: ', ' 0;\n  }\n  ', '\n'), ['a{margin:', ' 0}', '']);
  assert.deepEqual(css('a{b:c}\n', '\n.d{e:f}'), ['a{b:c}', ' .d{e:f}']);
});

test('a template with an escape stays as written', () => {
  assert.equal(html('<p>\\u00a0  x</p>'), undefined);
});

const SOURCE = `import { html, css } from 'lit';
export const styles = css\`
  :host {
    display: block;
  }
\`;
export const view = (x: string) => html\`
  <div>
    <span>\${x}</span>
  </div>
\`;
export const after = 'after';
`;

/** The template strings of a module's output, in order. */
function stringsOf(code: string): string[][] {
  const file = ts.createSourceFile('x.js', code, ts.ScriptTarget.Latest, true);
  return findTemplates(file).map((f) => f.ranges.map(([a, b]) => code.slice(a, b)));
}

test('dist/ and lib/ get the same template strings', () => {
  const forDist = minifySource(SOURCE, 'x.ts');
  const forLib = ts.transpileModule(SOURCE, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
    transformers: { before: [templateTransformer()] },
  }).outputText;
  assert.deepEqual(stringsOf(forDist), [
    [':host{display:block}'],
    ['<div><span>', '</span></div>'],
  ]);
  assert.deepEqual(stringsOf(forLib), stringsOf(forDist));
});

test("minifySource's source map leads back to the source as written", () => {
  const out = minifySource(SOURCE, 'x.ts');
  const data = /sourceMappingURL=data:application\/json;base64,(\S+)/.exec(out)![1]!;
  const map = new SourceMap(JSON.parse(Buffer.from(data, 'base64').toString()));
  const lines = out.split('\n');
  const line = lines.findIndex((l) => l.includes("'after'"));
  // (a segment per line: the line's start leads to the line's start)
  const entry = map.findEntry(line, 0) as { originalLine: number; originalColumn: number };
  assert.equal(
    entry.originalLine,
    SOURCE.split('\n').findIndex((l) => l.includes("'after'")),
  );
  assert.equal(entry.originalColumn, 0);
});

test('esbuild carries the map on, as the dev servers and the test hooks compile the output', async () => {
  const { transform } = await import('esbuild');
  const { code } = await transform(minifySource(SOURCE, 'x.ts'), {
    loader: 'ts',
    sourcemap: 'inline',
    sourcefile: 'x.ts',
  });
  const data = /sourceMappingURL=data:application\/json;base64,(\S+)/.exec(code)![1]!;
  const map = new SourceMap(JSON.parse(Buffer.from(data, 'base64').toString()));
  const line = code.split('\n').findIndex((l) => l.includes('"after"'));
  const entry = map.findEntry(line, 0) as { originalSource: string; originalLine: number };
  assert.equal(entry.originalSource, 'x.ts');
  assert.equal(
    entry.originalLine,
    SOURCE.split('\n').findIndex((l) => l.includes("'after'")),
  );
  assert.ok(line < entry.originalLine, 'the minified templates take fewer lines');
});

test("css: what Prettier adds to a value or a selector's name goes", () => {
  assert.deepEqual(
    css(
      "\n  [part~='submit'],\n  [type='checkbox'] {\n    font-family: var(\n      --f,\n      'Segoe UI'\n    );\n" +
        '    opacity: 0.6;\n    margin: 0 0.5em -0.25em;\n    padding: calc(var(--s) * 0.75);\n    width: 10.5px;\n  }\n',
    ),
    [
      "[part~=submit],[type=checkbox]{font-family:var(--f,'Segoe UI');opacity:.6;margin:0 .5em -0.25em;" +
        'padding:calc(var(--s) * .75);width:10.5px}',
    ],
  );
  // + and ~ are combinators outside parentheses, operators inside.
  assert.deepEqual(css('.a + .b ~ .c {\n  width: calc(1px + 2px);\n}'), [
    '.a+.b~.c{width:calc(1px + 2px)}',
  ]);
  // A value that is not a name keeps its quotes.
  assert.deepEqual(css("[data-n='1'],[title='a b']{x:y}"), ["[data-n='1'],[title='a b']{x:y}"]);
});
