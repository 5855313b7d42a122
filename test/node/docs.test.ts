/**
 * The documentation as one set of pages: the README (the front door) and docs/. Every
 * relative link points at a file that exists, every `#anchor` at a heading of its page (by
 * GitHub's slug rules, which the demo's Docs view uses too: demo/docs.ts), every link into the
 * demo at a story or page it has; and the reference tables of the element pages are those
 * `npm run analyze` generates from custom-elements.json (scripts/docs-tables.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { anchorsOf, demoHref, linkTarget, linksOf, routeOfPage } from '../../demo/docs.js';
import {
  declarations,
  pageOf,
  pages,
  referenceOf,
  withReference,
} from '../../scripts/docs-tables.js';
import { TAGS } from '../../demo/tags.js';

const root = resolve(import.meta.dirname, '../..');
const read = (f: string) => readFileSync(join(root, f), 'utf8');

/** Every Markdown page of the repository that a reader follows links in. */
const PAGES = [
  'README.md',
  'LICENSES-DATA.md',
  'packages/gateway/README.md',
  'packages/sandbox/README.md',
  ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f.split(sep).join('/')}`),
].sort();

/** Stories per demo group, counted in demo/stories/<group>.stories.ts (each story is an object with a `name:` at the array's top level). */
function storyCount(group: string): number | null {
  const file = join(root, 'demo/stories', `${group}.stories.ts`);
  if (!existsSync(file)) return null;
  return (readFileSync(file, 'utf8').match(/^ {4}name: /gm) ?? []).length;
}

/** Why a route of the demo does not exist, or '' when it does (demo/shell.ts parseRoute). */
function demoRouteProblem(route: string): string {
  const m = /^#\/([a-z-]*)(?:\/([a-z0-9-]+))?(?:\/([a-z0-9-]+))?$/.exec(route);
  if (!m) return `not a route of the demo: ${route}`;
  const [, group = '', which, anchor] = m;
  if (group === '' || group === 'outbox') return which ? `${route}: no such route` : '';
  if (group === 'docs') {
    const path = `docs/${which}.md`;
    if (!which || !existsSync(join(root, path))) return `${route}: no page ${path}`;
    return anchor && !anchorsOf(read(path)).has(anchor)
      ? `${route}: ${path} has no heading #${anchor}`
      : '';
  }
  if (which === 'docs') {
    const path = `docs/elements/${group}.md`;
    if (!existsSync(join(root, path))) return `${route}: no page ${path}`;
    return anchor && !anchorsOf(read(path)).has(anchor)
      ? `${route}: ${path} has no heading #${anchor}`
      : '';
  }
  const count = storyCount(group);
  if (count === null) return `${route}: the demo has no stories of ${group}`;
  if (which !== undefined && (!/^\d+$/.test(which) || Number(which) >= count))
    return `${route}: ${group} has ${count} stories`;
  return '';
}

test('the README is a front door: short, with the two commands and a page for each element', () => {
  const readme = read('README.md');
  assert.ok(readme.split('\n').length <= 160, `README.md has ${readme.split('\n').length} lines`);
  assert.match(readme, /npm ci && npm start/);
  assert.match(readme, /npm test/);
  for (const tag of TAGS)
    assert.ok(readme.includes(`](${pageOf(tag)})`), `README links ${pageOf(tag)}`);
  for (const page of ['embedding', 'theming', 'gateway', 'sandbox', 'testing', 'architecture']) {
    assert.ok(readme.includes(`](docs/${page}.md)`), `README links docs/${page}.md`);
  }
  assert.ok(readme.includes('](LICENSES-DATA.md)'), 'README credits the data sources');
});

test('every relative link and anchor between the pages, and every link into the demo, resolves', () => {
  const problems: string[] = [];
  let checked = 0;
  for (const from of PAGES) {
    for (const { href } of linksOf(read(from))) {
      const t = linkTarget(from, href);
      if (t.kind === 'external') continue;
      checked++;
      if (t.kind === 'demo') {
        const p = demoRouteProblem(t.route);
        if (p) problems.push(`${from}: ${href}: ${p}`);
        continue;
      }
      if (!existsSync(join(root, t.path))) {
        problems.push(`${from}: ${href}: no file ${t.path}`);
        continue;
      }
      if (
        t.kind === 'page' &&
        t.anchor &&
        !(statSync(join(root, t.path)).isFile() && anchorsOf(read(t.path)).has(t.anchor))
      ) {
        problems.push(`${from}: ${href}: ${t.path} has no heading #${t.anchor}`);
      }
      // In the demo, a link between pages becomes a route of the demo, which must exist too.
      if (t.kind === 'page' && routeOfPage(from) && routeOfPage(t.path)) {
        const route = demoHref(from, href)!;
        if (route !== '#/') {
          const p = demoRouteProblem(route);
          if (p) problems.push(`${from}: ${href} in the demo: ${p}`);
        }
      }
    }
  }
  assert.ok(checked > 40, `links checked: ${checked}`);
  assert.deepEqual(problems, []);
});

test('the link check finds a broken file, a broken anchor and a story the demo does not have', () => {
  assert.equal(
    linkTarget(
      'docs/elements/region-stats.md',
      '../embedding.md#no-layout-shift-while-the-script-loads',
    ).kind,
    'page',
  );
  assert.ok(anchorsOf(read('docs/embedding.md')).has('no-layout-shift-while-the-script-loads'));
  assert.ok(!anchorsOf(read('docs/embedding.md')).has('no-layout-shift'));
  assert.equal(demoRouteProblem('#/region-stats/0'), '');
  assert.match(demoRouteProblem('#/region-stats/999'), /stories/);
  assert.match(demoRouteProblem('#/docs/nowhere'), /no page/);
  assert.match(demoRouteProblem('#/geo-autocomplete/docs/no-such-heading'), /no heading/);
  assert.equal(
    demoHref(
      'docs/elements/contact-realtor.md',
      '../embedding.md#failures-retry-and-sign-in-the-same-in-all-five',
    ),
    '#/docs/embedding/failures-retry-and-sign-in-the-same-in-all-five',
  );
  assert.equal(demoHref('docs/embedding.md', 'elements/region-stats.md'), '#/region-stats/docs');
  assert.equal(demoHref('docs/embedding.md', '../LICENSES-DATA.md'), null);
});

test("GitHub's heading anchors: code without backticks, punctuation dropped, repeats numbered", () => {
  const anchors = anchorsOf(
    '# A `<tag>`: title\n\n## The value, `input` and `change`\n\n## Über Größe\n\n## Same\n\n## Same\n',
  );
  assert.deepEqual(
    [...anchors],
    ['a-tag-title', 'the-value-input-and-change', 'über-größe', 'same', 'same-1'],
  );
});

test('the reference tables of every element page are generated from custom-elements.json (npm run analyze)', () => {
  for (const p of pages())
    assert.equal(
      p.current,
      p.wanted,
      `${p.file}: the tables differ from custom-elements.json; run npm run analyze`,
    );
});

test('a reference table edited by hand, or a manifest changed without npm run analyze, is caught', () => {
  const manifest = JSON.parse(read('custom-elements.json')) as Parameters<typeof declarations>[0];
  const decl = declarations(manifest).get('geo-autocomplete')!;
  const page = read(pageOf('geo-autocomplete'));
  // By hand: one description cell changed.
  const row = referenceOf(decl)
    .split('\n')
    .find((l) => l.startsWith('| `country`'))!;
  const edited = page.replace(row, row.replace('Country searched', 'The country'));
  assert.notEqual(edited, page, 'the row is in the page');
  assert.notEqual(withReference(edited, 'geo-autocomplete', decl), edited);
  // In the code: an attribute's JSDoc changed and the manifest regenerated, the page not.
  const changed = structuredClone(decl);
  changed.attributes!.find((a) => a.name === 'country')!.description = 'Changed in the JSDoc.';
  assert.notEqual(withReference(page, 'geo-autocomplete', changed), page);
  // The generated block names the source and holds every table a page needs.
  const block = referenceOf(decl);
  for (const title of [
    'Attributes',
    'Properties (script only)',
    'Events',
    'CSS parts',
    'CSS custom properties',
  ])
    assert.ok(block.includes(`### ${title}`), title);
  // The native `lang` (an attribute the JSDoc documents, a field without one in the manifest) is an attribute with its property, not a script-only property.
  const [attributes, scriptOnly] = block.split('### Properties (script only)');
  assert.match(attributes!, /^\| `lang` \| `lang` \| `string` \|/m);
  assert.doesNotMatch(scriptOnly!.split('### ')[0]!, /^\| `lang`/m);
});

test('every element has a page with a first example and its states', () => {
  for (const tag of TAGS) {
    const page = read(pageOf(tag));
    assert.ok(page.startsWith(`# \`<${tag}>\``), `${tag}: title`);
    assert.match(page, /## First example\n\n```html/, `${tag}: first example`);
    assert.match(page, /## States/, `${tag}: states`);
    assert.ok(page.includes(`<!-- manifest-reference: ${tag} -->`), `${tag}: reference block`);
  }
});
