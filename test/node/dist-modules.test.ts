/**
 * No module twice on a page: read the script-tag files of dist/ (written by `npm
 * run build`, which `npm test` runs first) and their source maps, and check that no source
 * module has code in two files that one page loads together, but the few the build copies into
 * each file that uses them (COPIED in scripts/copied-modules.ts). A page loads any set of the
 * element files; each loads the runtime chunk, and on demand its chunks (the XML reader and
 * writer, the v1 adapter, the entity lookup, geo-autocomplete's `multiple`, the English
 * strings) and, for property-text, geo-autocomplete.js. So every file reachable from the five element files, statically or by
 * a dynamic import, must hold modules no other of them holds. immo-elements.js is a page of
 * its own (never loaded beside the element files); its English chunks are the element files'
 * too. (IMMO_DIST reads another folder, as scripts/build-dist.ts writes one.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { TAGS } from '../../demo/tags.js';
import { COPIED, copiedEntry, isCopied } from '../../scripts/copied-modules.js';

const root = resolve(import.meta.dirname, '../..');
const dist = process.env.IMMO_DIST ?? join(root, 'dist');

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The source index of every mapping segment of a source map's `mappings` (base64 VLQ). */
function mappedSources(mappings: string): Set<number> {
  const used = new Set<number>();
  let source = 0;
  for (const line of mappings.split(';')) {
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const ch of segment) {
        const digit = B64.indexOf(ch);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      // [column, source, line, column, name]: the source index is relative to the one before.
      if (fields.length >= 4) used.add((source += fields[1]!));
    }
  }
  return used;
}

/**
 * The source modules that have code in a built file, by its source map: repo-relative paths,
 * `node_modules/…` for a package (Lit's maps name its TypeScript sources).
 */
function modules(file: string): Set<string> {
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as {
    sources: string[];
    sourceRoot?: string;
    mappings: string;
  };
  const out = new Set<string>();
  for (const i of mappedSources(map.mappings)) {
    const source = map.sources[i]!;
    // (An element file's stand-ins for the runtime's modules re-export them: no source module.)
    if (source.includes('immo-runtime:')) continue;
    const path = relative(root, resolve(dirname(file), map.sourceRoot ?? '', source));
    out.add(path.includes('node_modules/') ? path.slice(path.lastIndexOf('node_modules/')) : path);
  }
  return out;
}

const IMPORTS =
  /(?:\bimport|\bexport)\s*(?:[^'"()]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+)["']|\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;

/** Every file a page with these entries can load: their static and dynamic relative imports, transitively. */
function reachable(entries: string[]): string[] {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    assert.ok(existsSync(file), `${relative(dist, file)} exists (npm run build writes dist/)`);
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORTS))
      walk(resolve(dirname(file), m[1] ?? m[2]!));
  };
  for (const e of entries) walk(join(dist, e));
  return [...seen].sort();
}

/** `files`' pairs that share a source module (one `except` allows), as readable lines. */
function twice(files: string[], except: (m: string) => boolean = () => false): string[] {
  const held = files.map((f) => [relative(dist, f), modules(f)] as const);
  const out: string[] = [];
  for (let i = 0; i < held.length; i++) {
    for (let j = i + 1; j < held.length; j++) {
      const both = [...held[i]![1]].filter((m) => held[j]![1].has(m) && !except(m));
      if (both.length) out.push(`${held[i]![0]} and ${held[j]![0]} both hold ${both.join(', ')}`);
    }
  }
  return out;
}

test('no source module is in two files that one page loads: the element files, the runtime and every chunk they load', () => {
  assert.ok(
    existsSync(join(dist, 'chunks', 'runtime.js')),
    'dist/ is built in the shared layout (npm run build)',
  );
  const files = reachable(TAGS.map((t) => `${t}.js`));
  const names = files.map((f) => relative(dist, f));
  // What the test is about is really there: the runtime, property-text's geo-autocomplete, the on-demand chunks.
  for (const f of [
    'chunks/runtime.js',
    'chunks/xml.js',
    'chunks/geo-v1.js',
    'chunks/geo-entity.js',
    'chunks/geo-multiple.js',
    'chunks/floating-ui.js',
    'chunks/shared.en.js',
  ])
    assert.ok(names.includes(f), `${f} is loaded by an element file`);
  for (const f of files)
    assert.ok(modules(f).size > 0, `${relative(dist, f)} has a source map naming its modules`);
  assert.deepEqual(twice(files, isCopied), []);
  // Each copied module is where the list says: in two files or more, and not in the runtime.
  for (const c of COPIED) {
    const holders = files
      .filter((f) => [...modules(f)].some((m) => copiedEntry(m) === c))
      .map((f) => relative(dist, f));
    assert.ok(holders.length >= 2, `${c} is in two files or more: ${holders.join(', ')}`);
    assert.ok(!holders.includes('chunks/runtime.js'), `${c} is not in the runtime`);
  }
});

test('each element file holds its own modules, the runtime what two of them share', () => {
  const own = (t: string) => [...modules(join(dist, `${t}.js`))];
  // The element's own folder, and no other element's (a shared module is in the runtime).
  for (const t of TAGS) {
    assert.ok(
      own(t).some((m) => m.startsWith(`src/elements/${t}/`)),
      `${t}.js holds its element`,
    );
    assert.deepEqual(
      own(t).filter((m) => m.startsWith('src/elements/') && !m.startsWith(`src/elements/${t}/`)),
      [],
      `${t}.js holds no other element's modules`,
    );
  }
  const runtime = modules(join(dist, 'chunks', 'runtime.js'));
  for (const m of [
    'node_modules/lit-html/',
    'node_modules/@lit/reactive-element/',
    'src/api/core.ts',
    'src/api/parse.ts',
    'src/api/validate.ts',
    'src/api/coerce.ts',
    'src/api/errors.ts',
    'src/shared/client.ts',
  ]) {
    assert.ok(
      [...runtime].some((r) => r.startsWith(m)),
      `the runtime holds ${m}`,
    );
  }
  // Each operation stays with the elements that call it (a page without them does not load it).
  assert.deepEqual(
    [...runtime].filter((m) => m.startsWith('src/api/ops/')),
    [],
    'the runtime holds no operation',
  );
  assert.ok(own('region-stats').includes('src/api/ops/statistic.ts'));
  assert.ok(own('project-picker').includes('src/api/ops/projects.ts'));
  // (geo-autocomplete calls its operation from its list code, a chunk the element loads itself)
  assert.ok(modules(join(dist, 'chunks', 'geo-combobox.js')).has('src/api/ops/geo.ts'));
  // geo-autocomplete's text box renders before its list code: the engine, the listbox, the
  // popup and the operation are in chunks/geo-combobox.js, not in the element file.
  for (const m of [
    'src/elements/geo-autocomplete/combobox.ts',
    'src/elements/geo-autocomplete/engine.ts',
    'src/elements/geo-autocomplete/match.ts',
    'src/api/ops/geo.ts',
  ])
    assert.ok(!own('geo-autocomplete').includes(m), `geo-autocomplete.js does not hold ${m}`);
  // What few pages use loads on demand: the v1 adapter, the entity lookup, the XML reader,
  // geo-autocomplete's `multiple`.
  const onDemand = [
    'src/api/legacy.ts',
    'src/api/ops/regions.ts',
    'src/api/ops/geo-entity.ts',
    'src/api/xml.ts',
    'src/elements/geo-autocomplete/multiple.ts',
  ];
  for (const t of TAGS)
    assert.deepEqual(
      own(t).filter((m) => onDemand.includes(m)),
      [],
      `${t}.js loads the v1 adapter, the entity lookup, the XML reader and \`multiple\` on demand`,
    );
  assert.deepEqual(
    [...runtime].filter((m) => onDemand.includes(m)),
    [],
    'the runtime holds no on-demand module',
  );
  assert.ok(modules(join(dist, 'chunks', 'geo-v1.js')).has('src/api/legacy.ts'));
  assert.ok(modules(join(dist, 'chunks', 'geo-entity.js')).has('src/api/ops/geo-entity.ts'));
  assert.deepEqual(
    [...modules(join(dist, 'chunks', 'geo-multiple.js'))].sort(),
    [
      'node_modules/lit-html/src/directive-helpers.ts',
      'node_modules/lit-html/src/directives/repeat.ts',
      'src/elements/geo-autocomplete/multiple.ts',
      'src/elements/geo-autocomplete/remove-event.ts',
    ],
    'geo-multiple.js holds `multiple`, its event and its copy of Lit’s keyed lists alone (Lit and the kernel are the runtime’s)',
  );
  // Floating UI loads with the popup's first opening (preloaded on focus), not with the page.
  const floating = (m: string) =>
    m.startsWith('node_modules/@floating-ui/') || m === 'src/elements/geo-autocomplete/floating.ts';
  for (const t of TAGS)
    assert.deepEqual(own(t).filter(floating), [], `${t}.js holds no Floating UI`);
  assert.deepEqual([...runtime].filter(floating), [], 'the runtime holds no Floating UI');
  assert.ok(
    [...modules(join(dist, 'chunks', 'floating-ui.js'))].some((m) =>
      m.startsWith('node_modules/@floating-ui/dom/'),
    ),
  );
});

test('the runtime exports by its minified names, and a file imports each by that name, which is one of them', () => {
  const runtime = readFileSync(join(dist, 'chunks/runtime.js'), 'utf8');
  const exported = /export\{([^}]*)\}/.exec(runtime)?.[1]?.split(',') ?? [];
  assert.ok(exported.length > 0, 'the runtime has an export clause');
  assert.deepEqual(
    exported.filter((e) => e.includes(' as ')),
    [],
    'no export is renamed',
  );
  const users = reachable(TAGS.map((t) => `${t}.js`)).filter((f) => !f.endsWith('runtime.js'));
  let imports = 0;
  for (const file of users) {
    const clause = /import\{([^}]*)\}from"[^"]*\/runtime\.js"/.exec(readFileSync(file, 'utf8'));
    const specs = clause?.[1]?.split(',') ?? [];
    assert.equal(
      new Set(specs).size,
      specs.length,
      `${relative(dist, file)} imports each name once`,
    );
    for (const spec of specs) {
      imports++;
      const [name, local = name] = spec.split(' as ');
      assert.equal(local, name, `${relative(dist, file)} imports ${name} by its name`);
      assert.ok(
        exported.includes(name),
        `${relative(dist, file)} imports ${name}, which the runtime exports`,
      );
    }
  }
  assert.ok(imports > 0, 'the element files import from the runtime');
});

test('immo-elements.js is one file with what every page of it needs; English, XML and Floating UI load on demand', () => {
  const files = reachable(['immo-elements.js']).map((f) => relative(dist, f));
  assert.ok(!files.includes('chunks/runtime.js'), 'the all-in-one file does not load the runtime');
  const all = modules(join(dist, 'immo-elements.js'));
  for (const t of TAGS)
    assert.ok(
      [...all].some((m) => m.startsWith(`src/elements/${t}/`)),
      `immo-elements.js holds ${t}`,
    );
  assert.ok(!all.has('src/api/xml.ts'), 'the XML reader is apart');
  assert.ok(!all.has('src/elements/geo-autocomplete/multiple.ts'), '`multiple` is apart');
  assert.ok(files.includes('chunks/self/geo-multiple.js'), 'and loads on demand from chunks/self/');
  assert.ok(
    ![...all].some((m) => m.startsWith('node_modules/@floating-ui/')),
    'Floating UI is apart',
  );
  assert.ok(files.includes('chunks/self/floating-ui.js'), 'and loads on demand from its own copy');
  // Its own chunks other than the self-contained XML ones (chunks/self/: each carries the few
  // helpers it needs, so that an all-in-one page never loads the runtime) hold no module of it.
  assert.deepEqual(
    twice(
      reachable(['immo-elements.js']).filter((f) => !relative(dist, f).startsWith('chunks/self/')),
    ),
    [],
  );
  // The modules it holds are evaluated in order, none behind a lazy initialiser (esbuild's,
  // which names its module's path): a dynamic import of a module it holds is made static.
  const code = readFileSync(join(dist, 'immo-elements.js'), 'utf8');
  assert.deepEqual(code.match(/"(?:src|node_modules)\/[^"]*\.[jt]s"/g) ?? [], []);
});
