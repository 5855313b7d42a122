// Lit's `html` and `css` template literals without the whitespace and comments that Prettier's
// layout gives them, for the built files (dist/ through esbuild, lib/ through tsc): Lit ships
// a template's text as written. One function decides a template's new text, and both builds
// call it, so that a server rendering lib/ and a browser hydrating dist/ hold the same
// templates (Lit's hydration compares a digest of a template's strings).
//
// Why not a library: the maintained minifiers of Lit templates (minify-literals 2,
// @lit-labs/rollup-plugin-minify-html-literals, @literals/html-css-minifier) carry
// lightningcss, a native addon; minify-literals 1 brings TypeScript 4 for its parser. What
// Prettier adds is whitespace, and the rules that take it out again are few:
//   - html: a run of white space between two tags, or at the template's start or end, goes
//     when it touches the start or end of a block-level element, or the inside of an
//     inline block's (<button>, <select>, <svg>) (where CSS's default display ignores it, as
//     Prettier's `htmlWhitespaceSensitivity: 'css'` assumes when it adds it); at the
//     template's start or end, a run with a line break goes too (Prettier's layout), and a
//     run without one becomes one space (written to be seen where the template goes); any
//     other run becomes one space. Inside a tag a run becomes one space, and goes before
//     `>`; inside a quoted attribute value only a run with a line break becomes one space.
//     The text of <pre>, <textarea>, <script> and <style>, and comments, stay as written.
//   - css: comments go; a run of white space becomes one space, and goes at the start and end,
//     next to `{ } ; , >` (and `+ ~` outside parentheses), after `:` and `(` and before `)`; the last `;` of a block goes, and
//     the 0 of 0.5, and the quotes of an attribute selector's value that is a name. Strings
//     stay.
// A template with a backslash in its text (an escape) stays as written, so that its raw
// text and the string Lit gets are the same.
import ts from 'typescript';
import { join, resolve, sep } from 'node:path';

export type Kind = 'html' | 'css';

const SRC = join(resolve(import.meta.dirname, '..'), 'src') + sep;

/** Whether a file (an absolute path) is one of src/'s TypeScript modules, which the build minifies. */
export const isSourceModule = (file: string): boolean =>
  file.startsWith(SRC) && file.endsWith('.ts') && !file.endsWith('.d.ts');

/** The elements whose start and end tags make white space beside them insignificant. */
const BLOCK = new Set(
  (
    'address article aside blockquote body caption col colgroup dd details dialog div dl dt ' +
    'fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html legend ' +
    'li main menu nav ol optgroup option p pre section summary table tbody td tfoot th thead tr ul'
  ).split(' '),
);
/** Inline blocks: white space just inside their tags is insignificant, beside them it shows. */
const INLINE_BLOCK = new Set(['button', 'select', 'meter', 'progress', 'svg', 'video', 'audio']);
/** Elements whose text is kept as written. */
const RAW = new Set(['pre', 'textarea', 'script', 'style']);

const WS = /\s/;

/**
 * A template's strings (the raw text between its expressions), minified; undefined when it
 * is kept as written (it has an escape).
 */
export function minifyTemplate(kind: Kind, strings: readonly string[]): string[] | undefined {
  if (strings.some((s) => s.includes('\\'))) return undefined;
  return kind === 'html' ? minifyHtml(strings) : minifyCss(strings);
}

/** What stands beside a run of white space in text. */
type Side = 'edge' | 'block' | 'other';

function tagAt(s: string, i: number): { name: string; closing: boolean } | undefined {
  const m = /^<(\/?)([a-zA-Z][\w-]*)/.exec(s.slice(i, i + 40));
  return m ? { name: m[2]!.toLowerCase(), closing: m[1] === '/' } : undefined;
}

function minifyHtml(strings: readonly string[]): string[] {
  type State = 'text' | 'tag' | 'comment' | 'raw';
  let state: State = 'text';
  /** In a tag: its name, whether it closes, the quote of the attribute value we are in. */
  let tag = { name: '', closing: false };
  let quote = '';
  let rawEnd = '';
  /** In text: what the last thing written was. */
  let before: Side = 'edge';
  return strings.map((s, n) => {
    let out = '';
    let i = 0;
    if (n > 0 && state === 'text') before = 'other';
    while (i < s.length) {
      const c = s[i]!;
      if (state === 'comment') {
        const end = s.indexOf('-->', i);
        const stop = end < 0 ? s.length : end + 3;
        out += s.slice(i, stop);
        i = stop;
        if (end >= 0) {
          state = 'text';
          before = 'other';
        }
        continue;
      }
      if (state === 'raw') {
        const end = s.toLowerCase().indexOf(rawEnd, i);
        const stop = end < 0 ? s.length : end;
        out += s.slice(i, stop);
        i = stop;
        if (end >= 0) state = 'text';
        before = 'other';
        continue;
      }
      if (state === 'tag') {
        if (quote) {
          if (c === quote) quote = '';
          if (WS.test(c)) {
            let j = i;
            while (j < s.length && WS.test(s[j]!)) j++;
            const run = s.slice(i, j);
            out += run.includes('\n') ? ' ' : run;
            i = j;
            continue;
          }
          out += c;
          i++;
          continue;
        }
        if (WS.test(c)) {
          let j = i;
          while (j < s.length && WS.test(s[j]!)) j++;
          if (s[j] !== '>' && j < s.length) out += ' ';
          else if (j === s.length) out += ' ';
          i = j;
          continue;
        }
        if (c === '"' || c === "'") quote = c;
        out += c;
        i++;
        if (c === '>') {
          state = !tag.closing && RAW.has(tag.name) ? 'raw' : 'text';
          rawEnd = `</${tag.name}`;
          before =
            BLOCK.has(tag.name) || (!tag.closing && INLINE_BLOCK.has(tag.name)) ? 'block' : 'other';
        }
        continue;
      }
      // text
      if (WS.test(c)) {
        let j = i;
        while (j < s.length && WS.test(s[j]!)) j++;
        let after: Side = 'other';
        if (j === s.length) after = n === strings.length - 1 ? 'edge' : 'other';
        else {
          const t = tagAt(s, j);
          if (t && (BLOCK.has(t.name) || (t.closing && INLINE_BLOCK.has(t.name)))) after = 'block';
        }
        // At the template's start or end, a run with a line break is layout; a space without
        // one is written there to be seen where the template is put (`${SEP} `).
        const written = (before === 'edge' || after === 'edge') && !/[\n\r]/.test(s.slice(i, j));
        if (
          before !== 'block' &&
          after !== 'block' &&
          (written || (before === 'other' && after === 'other'))
        )
          out += ' ';
        i = j;
        continue;
      }
      if (s.startsWith('<!--', i)) {
        state = 'comment';
        continue;
      }
      const t = c === '<' ? tagAt(s, i) : undefined;
      if (t) {
        tag = t;
        state = 'tag';
        out += c;
        i++;
        continue;
      }
      out += c;
      i++;
      before = 'other';
    }
    return out;
  });
}

function minifyCss(strings: readonly string[]): string[] {
  /** No space after these, */
  const AFTER = '{};,>:(';
  /** nor before these (a space before `:` is a descendant combinator). */
  const BEFORE = '{};,>!)';
  return strings.map((s, n) => {
    let out = '';
    let space = false;
    /** The last character written ('' at the template's start, 'x' for an expression). */
    let prev = n === 0 ? '' : 'x';
    /** Parentheses open: outside them `+` and `~` are combinators, inside calc() operators. */
    let depth = 0;
    const tight = (c: string, set: string) => set.includes(c) || (depth === 0 && '+~'.includes(c));
    const write = (text: string) => {
      if (space && prev !== '' && !tight(prev, AFTER) && !tight(text[0]!, BEFORE)) out += ' ';
      space = false;
      out += text;
      prev = text[text.length - 1]!;
      if (text === '(') depth++;
      if (text === ')') depth = Math.max(0, depth - 1);
    };
    let i = 0;
    while (i < s.length) {
      const c = s[i]!;
      if (s.startsWith('/*', i)) {
        const end = s.indexOf('*/', i + 2);
        i = end < 0 ? s.length : end + 2;
        space = true;
      } else if (WS.test(c)) {
        space = true;
        i++;
      } else if (c === '"' || c === "'") {
        let j = i + 1;
        while (j < s.length && s[j] !== c) j++;
        const value = s.slice(i + 1, j);
        // [part~='x'] → [part~=x], as a selector's value may be written when it is a name
        const name =
          prev === '=' && /^[a-zA-Z_][\w-]*$/.test(value) && /^\s*\]/.test(s.slice(j + 1));
        write(name ? value : s.slice(i, j + 1));
        i = j + 1;
      } else if (
        c === '0' &&
        /^\.\d/.test(s.slice(i + 1, i + 3)) &&
        (space || !/[\w.%-]/.test(prev))
      ) {
        // 0.75 → .75 (a number's start: after a space, `:`, `(`, `,` or an operator)
        write('.');
        i += 2;
      } else {
        if (c === '}' && out.endsWith(';')) out = out.slice(0, -1);
        write(c);
        i++;
      }
    }
    if (space && n < strings.length - 1 && prev !== '' && !tight(prev, AFTER)) out += ' ';
    return out;
  });
}

/** A template to minify in a source file: its kind and the ranges of its strings. */
export interface Found {
  kind: Kind;
  /** [start, end) of each string's raw text in the source. */
  ranges: [number, number][];
}

function kindOf(node: ts.TaggedTemplateExpression): Kind | undefined {
  return ts.isIdentifier(node.tag) && (node.tag.text === 'html' || node.tag.text === 'css')
    ? node.tag.text
    : undefined;
}

/** The `html` and `css` templates of a source file, with the ranges of their strings. */
export function findTemplates(file: ts.SourceFile): Found[] {
  const found: Found[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isTaggedTemplateExpression(node)) {
      const kind = kindOf(node);
      const t = node.template;
      if (kind) {
        const ranges: [number, number][] = ts.isNoSubstitutionTemplateLiteral(t)
          ? [[t.getStart(file) + 1, t.end - 1]]
          : [
              [t.head.getStart(file) + 1, t.head.end - 2],
              ...t.templateSpans.map((sp): [number, number] => [
                sp.literal.getStart(file) + 1,
                sp.literal.end - (ts.isTemplateTail(sp.literal) ? 1 : 2),
              ]),
            ];
        found.push({ kind, ranges });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** A version 3 source map of one file. */
export interface SourceMap {
  version: 3;
  sources: string[];
  sourcesContent: string[];
  names: string[];
  mappings: string;
}

/**
 * A TypeScript source with its templates minified, and a source map back to the source as
 * written; undefined when no template changes. The minified templates take fewer lines, so
 * the lines after them move up: stack traces and debuggers find the source's lines through
 * the map, one segment per line (a position maps to its line's start, not to its column).
 */
export function minifySourceWithMap(
  source: string,
  fileName: string,
): { code: string; map: SourceMap } | undefined {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false);
  const edits: { start: number; end: number; text: string }[] = [];
  for (const f of findTemplates(file)) {
    const strings = f.ranges.map(([a, b]) => source.slice(a, b));
    const min = minifyTemplate(f.kind, strings);
    if (!min) continue;
    f.ranges.forEach(([a, b], k) => {
      if (min[k] !== strings[k]) edits.push({ start: a, end: b, text: min[k]! });
    });
  }
  if (!edits.length) return undefined;
  edits.sort((x, y) => x.start - y.start);
  const map = new SourceMapWriter(source);
  let at = 0;
  for (const e of edits) {
    map.copy(at, e.start);
    map.insert(e.text, e.start);
    at = e.end;
  }
  map.copy(at, source.length);
  return {
    code: map.out,
    map: {
      version: 3,
      sources: [fileName],
      sourcesContent: [source],
      names: [],
      mappings: map.mappings(),
    },
  };
}

/**
 * A TypeScript source with its templates minified (for esbuild), and an inline source map
 * back to the source as written.
 */
export function minifySource(source: string, fileName: string): string {
  const out = minifySourceWithMap(source, fileName);
  if (!out) return source;
  const map = Buffer.from(JSON.stringify(out.map)).toString('base64');
  return `${out.code}\n//# sourceMappingURL=data:application/json;base64,${map}\n`;
}

/** A TypeScript transformer (for tsc's emit) that minifies the templates it meets. */
export function templateTransformer(): ts.TransformerFactory<ts.SourceFile> {
  return (context) => (file) => {
    const visit = (node: ts.Node): ts.Node => {
      node = ts.visitEachChild(node, visit, context);
      if (!ts.isTaggedTemplateExpression(node)) return node;
      const kind = kindOf(node);
      const t = node.template;
      if (!kind) return node;
      const parts = ts.isNoSubstitutionTemplateLiteral(t)
        ? [t]
        : [t.head, ...t.templateSpans.map((sp) => sp.literal)];
      const strings = parts.map((p) => p.rawText ?? p.text);
      const min = minifyTemplate(kind, strings);
      if (!min || min.every((m, k) => m === strings[k])) return node;
      const f = context.factory;
      const template = ts.isNoSubstitutionTemplateLiteral(t)
        ? f.createNoSubstitutionTemplateLiteral(min[0]!, min[0]!)
        : f.createTemplateExpression(
            f.createTemplateHead(min[0]!, min[0]!),
            t.templateSpans.map((sp, k) =>
              f.createTemplateSpan(
                sp.expression,
                k === t.templateSpans.length - 1
                  ? f.createTemplateTail(min[k + 1]!, min[k + 1]!)
                  : f.createTemplateMiddle(min[k + 1]!, min[k + 1]!),
              ),
            ),
          );
      ts.setTextRange(template, t);
      return f.updateTaggedTemplateExpression(node, node.tag, node.typeArguments, template);
    };
    return ts.visitNode(file, visit) as ts.SourceFile;
  };
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function vlq(n: number): string {
  let v = n < 0 ? (-n << 1) | 1 : n << 1;
  let s = '';
  do {
    let d = v & 31;
    v >>>= 5;
    if (v) d |= 32;
    s += B64[d];
  } while (v);
  return s;
}

/** Builds the output of a few text edits with a source map (a segment per line and per edit). */
class SourceMapWriter {
  out = '';
  #lines: string[][] = [[]];
  #col = 0;
  #starts: number[];
  #prev = { col: 0, line: 0, srcCol: 0 };
  // (Fields and a plain constructor, not parameter properties: Node's own type stripping loads
  // this module in minify-templates-hooks.ts's hooks thread on Node 22 and later.)
  private readonly source: string;
  constructor(source: string) {
    this.source = source;
    this.#starts = [0];
    for (let i = 0; i < source.length; i++) if (source[i] === '\n') this.#starts.push(i + 1);
  }
  #pos(offset: number): [number, number] {
    let lo = 0;
    let hi = this.#starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.#starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return [lo, offset - this.#starts[lo]!];
  }
  #mark(offset: number): void {
    const [line, col] = this.#pos(offset);
    const seg = this.#lines[this.#lines.length - 1]!;
    const genCol = seg.length ? this.#col - this.#prev.col : this.#col;
    seg.push(vlq(genCol) + vlq(0) + vlq(line - this.#prev.line) + vlq(col - this.#prev.srcCol));
    this.#prev = { col: this.#col, line, srcCol: col };
  }
  #write(text: string, offset: number, follows: boolean): void {
    let from = 0;
    this.#mark(offset);
    for (let i = 0; i < text.length; i++) {
      if (text[i] !== '\n') continue;
      this.out += text.slice(from, i + 1);
      this.#lines.push([]);
      this.#col = 0;
      this.#prev.col = 0;
      from = i + 1;
      if (follows && from < text.length) this.#mark(offset + from);
    }
    this.out += text.slice(from);
    this.#col += text.length - from;
  }
  /** Copies source[a, b) as it is. */
  copy(a: number, b: number): void {
    if (b > a) this.#write(this.source.slice(a, b), a, true);
  }
  /** Writes text that stands for the source at `offset`. */
  insert(text: string, offset: number): void {
    this.#write(text, offset, false);
  }
  mappings(): string {
    return this.#lines.map((l) => l.join(',')).join(';');
  }
}
