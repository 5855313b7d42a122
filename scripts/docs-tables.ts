// `npm run analyze` (second half): the reference tables of each element's page in docs/elements/
// from custom-elements.json, so that the reference can never drift from the code's JSDoc.
//
// Each page holds one generated block between
//   <!-- manifest-reference: <tag> -->  and  <!-- /manifest-reference -->
// with the tables of attributes, script-only properties, methods, events, slots, CSS parts and
// CSS custom properties of that tag's manifest entry. Everything outside the markers is
// written by hand. test/node/docs.test.ts regenerates the blocks in memory and fails when a
// committed page differs (a table edited by hand, or a manifest regenerated without this).
//
//   npx tsx scripts/docs-tables.ts           rewrite the blocks
//   npx tsx scripts/docs-tables.ts --check   exit 1 when a block is out of date
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TAGS } from '../demo/tags.js';

const root = resolve(import.meta.dirname, '..');

interface Named {
  name: string;
  description?: string;
  default?: string;
  type?: { text: string };
}
interface Member extends Named {
  kind: string;
  static?: boolean;
  privacy?: string;
  attribute?: string;
  readonly?: boolean;
}
interface Declaration {
  tagName?: string;
  customElement?: boolean;
  attributes?: (Named & { fieldName?: string })[];
  members?: Member[];
  events?: Named[];
  slots?: Named[];
  cssParts?: Named[];
  cssProperties?: Named[];
}
interface Manifest {
  modules: { declarations?: Declaration[] }[];
}

/** The page of an element, relative to the repository root. */
export const pageOf = (tag: string) => `docs/elements/${tag}.md`;

const START = (tag: string) => `<!-- manifest-reference: ${tag} -->`;
const END = '<!-- /manifest-reference -->';

/** A table cell: one line, pipes escaped (GFM reads `\|` as a pipe, in code spans too). */
const cell = (s: string | undefined) =>
  (s ?? '')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
/** Inline code of any text: a fence longer than every backtick run inside it. */
const code = (s: string | undefined) => {
  const t = cell(s);
  if (!t) return '';
  const longest = Math.max(0, ...(t.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  return longest ? `${fence} ${t} ${fence}` : `${fence}${t}${fence}`;
};

function table(title: string, heads: string[], rows: string[][]): string[] {
  if (!rows.length) return [];
  return [
    `### ${title}`,
    '',
    `| ${heads.join(' | ')} |`,
    `|${heads.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
  ];
}

const isPublic = (m: Member) =>
  !m.static &&
  (m.privacy ?? 'public') === 'public' &&
  !m.name.startsWith('_') &&
  !m.name.startsWith('#');

/** The generated block of one element (without the markers). */
export function referenceOf(decl: Declaration): string {
  const members = (decl.members ?? []).filter(isPublic);
  const fields = members.filter((m) => m.kind === 'field');
  const byAttribute = new Map(fields.filter((f) => f.attribute).map((f) => [f.attribute!, f]));
  // A native attribute the element documents (`lang`) has no field of its own in the manifest,
  // only the element's field of the same name: one row under Attributes, not a script-only one.
  for (const a of decl.attributes ?? []) {
    const f = fields.find((m) => m.name === a.name && !m.attribute);
    if (!a.fieldName && !byAttribute.has(a.name) && f) byAttribute.set(a.name, f);
  }
  const withAttribute = new Set(byAttribute.values());
  const lines = [
    '<!-- Generated from custom-elements.json by `npm run analyze` (scripts/docs-tables.ts): edit the JSDoc, not these tables. -->',
    '',
    ...table(
      'Attributes',
      ['Attribute', 'Property', 'Type', 'Default', 'Description'],
      (decl.attributes ?? []).map((a) => {
        const f = byAttribute.get(a.name);
        return [
          code(a.name),
          code(a.fieldName ?? f?.name),
          code(a.type?.text ?? f?.type?.text),
          code(a.default ?? f?.default),
          cell(a.description ?? f?.description),
        ];
      }),
    ),
    ...table(
      'Properties (script only)',
      ['Property', 'Type', 'Default', 'Description'],
      fields
        .filter((f) => !withAttribute.has(f))
        .map((f) => [
          code(f.name) + (f.readonly ? ' (read-only)' : ''),
          code(f.type?.text),
          code(f.default),
          cell(f.description),
        ]),
    ),
    ...table(
      'Methods',
      ['Method', 'Description'],
      members
        .filter((m) => m.kind === 'method')
        .map((m) => [code(`${m.name}()`), cell(m.description)]),
    ),
    ...table(
      'Events',
      ['Event', 'Type', 'Description'],
      (decl.events ?? []).map((e) => [code(e.name), code(e.type?.text), cell(e.description)]),
    ),
    ...table(
      'Slots',
      ['Slot', 'Description'],
      (decl.slots ?? []).map((s) => [s.name ? code(s.name) : '(default)', cell(s.description)]),
    ),
    ...table(
      'CSS parts',
      ['Part', 'Description'],
      (decl.cssParts ?? []).map((p) => [code(p.name), cell(p.description)]),
    ),
    ...table(
      'CSS custom properties',
      ['Property', 'Default', 'Description'],
      (decl.cssProperties ?? []).map((p) => [code(p.name), code(p.default), cell(p.description)]),
    ),
  ];
  while (lines.at(-1) === '') lines.pop();
  return lines.join('\n');
}

/** Each element's manifest entry, by tag. */
export function declarations(manifest: Manifest): Map<string, Declaration> {
  const out = new Map<string, Declaration>();
  for (const mod of manifest.modules)
    for (const d of mod.declarations ?? []) if (d.customElement && d.tagName) out.set(d.tagName, d);
  return out;
}

/** A page's text with its generated block replaced; throws when the page has no markers. */
export function withReference(page: string, tag: string, decl: Declaration): string {
  const start = page.indexOf(START(tag));
  const end = page.indexOf(END, start);
  if (start < 0 || end < 0) throw new Error(`${pageOf(tag)} has no ${START(tag)} … ${END} block`);
  return `${page.slice(0, start + START(tag).length)}\n${referenceOf(decl)}\n${page.slice(end)}`;
}

/** Every element page as committed and as it should be. */
export function pages(): { tag: string; file: string; current: string; wanted: string }[] {
  const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8')) as Manifest;
  const decls = declarations(manifest);
  return TAGS.map((tag) => {
    const file = pageOf(tag);
    const current = readFileSync(join(root, file), 'utf8');
    const decl = decls.get(tag);
    if (!decl) throw new Error(`custom-elements.json has no <${tag}>`);
    return { tag, file, current, wanted: withReference(current, tag, decl) };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const p of pages()) {
    if (p.current === p.wanted) continue;
    stale++;
    if (check)
      console.error(
        `${p.file}: the reference tables differ from custom-elements.json (run npm run analyze)`,
      );
    else writeFileSync(join(root, p.file), p.wanted);
  }
  if (check && stale) process.exit(1);
  if (!check) console.log(`docs-tables: ${stale} of ${TAGS.length} element pages updated`);
}
