// `npm run build` (first half): the script-tag bundles in dist/.
//
// Each element entry of ENTRIES (vite.config.ts) becomes one file, `dist/<tag>.js`: a partner
// writes one script tag per element. Two layouts (IMMO_LAYOUT; DEFAULT_LAYOUT is the one
// chosen from the bench's page scenarios, see docs/architecture.md):
//   - 'shared': every module that two files of a page could both need is in
//     dist/chunks/runtime.js, which every element file imports statically by a relative path:
//     the browser loads it by itself, once for all elements of a page, and no module is in
//     two files that one page loads (test/node/dist-modules.test.ts reads the source maps),
//     but the few of scripts/copied-modules.ts, which each file that uses one holds;
//   - 'self': each element file is self-contained (its own copy of Lit and the rest).
// `dist/immo-elements.js` (all five) is one self-contained file in both.
// What only some uses need stays apart, loaded by a relative dynamic import on demand:
//   - ON_DEMAND: the XML reader (fast-xml-parser) and writer, geo-autocomplete's v1 adapter
//     (`api="v1"`), the entity lookup (geo-autocomplete's `resolve` and a `value` set by
//     code, property-text's picked place), geo-autocomplete's list and popup (all but the
//     text box, loaded when the browser is idle or at the first focus), its `multiple` (the
//     chips) and its popup positioning (Floating UI, loaded on the popup's first opening, preloaded on
//     focus). Beside the element files they import the runtime like an element file does
//     (dist/chunks/<name>.js); immo-elements.js has self-contained copies of the XML ones, of
//     `multiple` and of Floating UI (dist/chunks/self/<name>.js, each carrying the few helpers
//     it needs) and the others inside, imported statically (staticImports; a self-contained
//     copy would bring its own ApiError and readers);
//   - every module named `*.en.ts` (the English strings, loaded the first time an element
//     shows English): its own file, dist/chunks/<folder>.en.js, wherever it is imported from;
//   - for property-text, the geo-autocomplete element, which is dist/geo-autocomplete.js
//     itself (so a page that has both loads it once).
// Why esbuild and not `vite build`: a Rollup-style build splits modules that an entry and
// its XML chunk share (types, coerce) into extra chunks, each gzipped apart, and cannot
// inline a chunk into its entry; a page then paid 1 to 3 KB more per element. esbuild's own
// code splitting makes one chunk per set of entries that share a module: many small files.
// The planner here makes one runtime chunk. Terser runs after esbuild's own minifier because
// it compresses Lit templates and class code smaller still (scripts/bundle-options.ts).
import { build, type Metafile, type Plugin } from 'esbuild';
import { minify } from 'terser';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { ENTRIES } from '../vite.config.js';
import { ESBUILD_OPTIONS, TERSER_OPTIONS } from './bundle-options.js';
import { isCopied } from './copied-modules.js';
import { importByExportedNames } from './import-names.js';
import { esbuildTemplates } from './minify-templates-unbuilt.js';

const root = resolve(import.meta.dirname, '..');
/** IMMO_DIST (bench/sizes.ts builds the other layout into a temporary folder): another output folder. */
const dist = resolve(root, process.env.IMMO_DIST ?? 'dist');
/** IMMO_LAYOUT (bench/sizes.ts builds the other one to compare): 'shared' or 'self'. */
export type Layout = 'shared' | 'self';
/** The layout `npm run build` makes; chosen from the bench's page scenarios (docs/architecture.md). */
const DEFAULT_LAYOUT: Layout = 'shared';
const layout: Layout =
  process.env.IMMO_LAYOUT === 'self'
    ? 'self'
    : process.env.IMMO_LAYOUT === 'shared'
      ? 'shared'
      : DEFAULT_LAYOUT;
/** The entry that registers all five. */
const ALL_IN_ONE = 'immo-elements';
/** The shared runtime chunk (shared layout). */
const RUNTIME = 'chunks/runtime.js';

/** Modules loaded on demand by a dynamic import, by source path → chunk name. */
const ON_DEMAND: Record<string, string> = {
  [join(root, 'src/api/xml.ts')]: 'xml',
  [join(root, 'src/api/xml-write.ts')]: 'xml-write',
  [join(root, 'src/api/ops/regions.ts')]: 'geo-v1',
  [join(root, 'src/api/ops/geo-entity.ts')]: 'geo-entity',
  [join(root, 'src/elements/geo-autocomplete/multiple.ts')]: 'geo-multiple',
  // geo-autocomplete's list, suggestions and popup, loaded when the browser is idle or at the
  // first focus or pointer over the element (the text box renders without them).
  [join(root, 'src/elements/geo-autocomplete/combobox.ts')]: 'geo-combobox',
  // geo-autocomplete's popup positioning (Floating UI), loaded on the popup's first opening.
  [join(root, 'src/elements/geo-autocomplete/floating.ts')]: 'floating-ui',
};
/**
 * The on-demand chunks that self-contained files load apart too (the others they inline).
 * `multiple` is apart in immo-elements.js too: a page of it that picks one place loads none
 * of it (its copy carries only `localized` and `langOf` of the kernel; the element lends it
 * the rest).
 */
const SELF_APART = new Set(['xml', 'xml-write', 'geo-multiple', 'floating-ui']);
/** property-text's on-demand geo-autocomplete is the geo-autocomplete bundle. */
const GEO_DEFINE = join(root, 'src/elements/geo-autocomplete/define.ts');
const PROPERTY_TEXT_DEFINE = join(root, 'src/elements/property-text/define.ts');

/** A file that uses the runtime ('shared') or carries all it needs itself ('self'). */
type Kind = 'shared' | 'self';

/** An English strings module (`*.en.ts`) → its file in dist/ (`src/shared/strings.en.ts` → `chunks/shared.en.js`). */
function englishChunk(source: string): string | undefined {
  return /\.en\.ts$/.test(source) ? `chunks/${basename(dirname(source))}.en.js` : undefined;
}

/** Where a dynamic import of `source` goes for a file of this kind: a dist/ path, or undefined (bundled in). */
function onDemandFile(source: string, kind: Kind): string | undefined {
  const name = ON_DEMAND[source];
  if (!name) return undefined;
  if (kind === 'shared') return `chunks/${name}.js`;
  return SELF_APART.has(name) ? `chunks/self/${name}.js` : undefined;
}

/**
 * Marks what stays apart as external, pointing at its file in dist/: the on-demand chunks
 * (dynamic imports), the English strings (any import), and property-text's geo-autocomplete.
 */
function apart(outfile: string, entrySource: string, kind: Kind): Plugin {
  return {
    name: 'immo-apart',
    setup(b) {
      b.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const source = resolve(args.resolveDir, args.path).replace(/\.js$/, '.ts');
        const english = englishChunk(source);
        if (english)
          return source === entrySource
            ? undefined
            : { path: relativeTo(outfile, english), external: true };
        if (args.kind !== 'dynamic-import') return undefined;
        const target = loadedApart(source, kind, entrySource);
        if (!target) return undefined;
        return { path: relativeTo(outfile, target), external: true };
      });
    },
  };
}

/** The file of dist/ that a dynamic import of `source` loads, or undefined where it is bundled in. */
function loadedApart(source: string, kind: Kind, entrySource: string): string | undefined {
  // (The all-in-one bundle has geo-autocomplete inside already: there the import is bundled in.)
  return (
    englishChunk(source) ??
    onDemandFile(source, kind) ??
    (source === GEO_DEFINE && entrySource === PROPERTY_TEXT_DEFINE
      ? 'geo-autocomplete.js'
      : undefined)
  );
}

/**
 * A self-contained file's dynamic imports of modules it bundles in, made static. Such an
 * import defers only the module's evaluation, and esbuild pays for that by wrapping the module,
 * and every module it imports, in a lazy initialiser that carries the module's path and is
 * called at each importer. `import('./x.js')` becomes `Promise.resolve(ns)` with
 * `import * as ns from './x.js'`, so the caller still gets a promise of the module.
 */
function staticImports(entrySource: string) {
  return (code: string, file: string): string => {
    const hoisted: string[] = [];
    const body = code.replace(
      /(?<!typeof\s*)\bimport\((['"])(\.\.?\/[^'"]+)\1\)/g,
      (call, _quote: string, path: string) => {
        const source = resolve(dirname(file), path).replace(/\.js$/, '.ts');
        if (loadedApart(source, 'self', entrySource)) return call;
        const ns = `inlined$${hoisted.length}`;
        hoisted.push(`import * as ${ns} from '${path}';`);
        return `Promise.resolve(${ns})`;
      },
    );
    // On the first line, after which the source's lines keep their numbers for the source map.
    return hoisted.length ? `${hoisted.join(' ')} ${body}` : code;
  };
}

/**
 * The package's own TypeScript modules with their `html` and `css` templates minified
 * (scripts/minify-templates.ts; lib/ gets the same templates from scripts/build-lib.ts).
 */
const templates = esbuildTemplates();

/** A path in dist/ as a relative import from `outfile`. */
function relativeTo(outfile: string, target: string): string {
  const path = relative(dirname(outfile), join(dist, target));
  return path.startsWith('.') ? path : `./${path}`;
}

/**
 * Shared layout: which modules go to dist/chunks/runtime.js. Every file a page may load
 * besides the runtime (the element files and the on-demand chunks that use the runtime) is
 * built once to see which modules it holds (minified bytes > 0, after tree shaking). A module
 * that two of them hold goes to the runtime, so that no page loads it twice (a page loads
 * any set of element files, and an element file may load any of its on-demand chunks), and
 * so does everything such a module imports (the runtime cannot import from an element
 * file). A module that one file alone holds stays there. What keeps the runtime lean is the
 * source's module layout, not the planner: the client is split so that what every element
 * needs (ClientBase, the body and error readers of parse.ts, the problem list of
 * validate.ts, coerce.ts, the error type) is shared, and each operation (src/api/ops/, with
 * its checks and its parser) and each part of the interface's constants (src/api/types/) is
 * a module of its own, held only by the elements that call it. In an element's bundle, a
 * runtime module is replaced by a stand-in that re-exports its bindings from the runtime
 * under short aliases, and the file imports them in one statement (oneRuntimeImport), by
 * the runtime's minified names once it is built (exportLocalNames).
 * One runtime, not one chunk per set of elements sharing a module (as esbuild's splitting
 * does): measured on this code, chunks of their own for the list keyboard (geo-autocomplete,
 * project-picker, region-stats) and the sign-in wait (property-text, project-picker) saved
 * contact-realtor alone 1.6 KB but cost geo-autocomplete alone, the search page and all five
 * 0.6 to 0.7 KB each (a file of its own costs its import and export lists and gzip's fresh
 * start; docs/architecture.md, "Bundles"). A second chunk for the shared modules that
 * geo-autocomplete's files do not use (the form's draft and field, the pager, the sign-in
 * wait, the heading level, the checked directive) saved geo-autocomplete alone 1.8 KB and
 * cost every other page with an element file 0.6 to 0.75 KB.
 */
interface Runtime {
  /** The shared modules, absolute paths. */
  modules: Set<string>;
  /** Per module: export name → alias in the runtime chunk. */
  aliases: Map<string, Map<string, string>>;
  /** The aliases the element files import (the runtime keeps only these). */
  used: Set<string>;
}

/** The modules (absolute paths) a build put code of into its output, and every module's static imports. */
function modulesOf(meta: Metafile): { held: string[]; imports: Map<string, string[]> } {
  const out =
    Object.values(meta.outputs).find((o) => o.entryPoint) ?? Object.values(meta.outputs)[0]!;
  const held = Object.entries(out.inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([f]) => resolve(root, f));
  const imports = new Map<string, string[]>();
  for (const [f, input] of Object.entries(meta.inputs)) {
    imports.set(
      resolve(root, f),
      input.imports
        .filter((i) => i.kind === 'import-statement' && !i.external)
        .map((i) => resolve(root, i.path)),
    );
  }
  return { held, imports };
}

async function planRuntime(sources: string[]): Promise<Runtime> {
  const holders = new Map<string, number>();
  const imports = new Map<string, string[]>();
  for (const source of sources) {
    const outfile = join(dist, 'plan.js');
    const r = await build({
      ...ESBUILD_OPTIONS,
      absWorkingDir: root,
      entryPoints: [source],
      write: false,
      metafile: true,
      outfile,
      plugins: [apart(outfile, source, 'shared'), templates],
    });
    const m = modulesOf(r.metafile);
    for (const f of m.held) holders.set(f, (holders.get(f) ?? 0) + 1);
    for (const [f, i] of m.imports) imports.set(f, i);
  }
  const modules = new Set(
    [...holders].filter(([f, n]) => n >= 2 && !isCopied(relative(root, f))).map(([f]) => f),
  );
  // Closed under static imports: what a runtime module imports is in the runtime too.
  const queue = [...modules];
  while (queue.length) {
    const m = queue.pop()!;
    for (const i of imports.get(m) ?? []) {
      if (!modules.has(i) && !englishChunk(i)) {
        if (isCopied(relative(root, i)))
          throw new Error(
            `${relative(root, m)}, in the runtime, imports ${relative(root, i)}, which COPIED keeps out`,
          );
        modules.add(i);
        queue.push(i);
      }
    }
  }
  const aliases = new Map<string, Map<string, string>>();
  let n = 0;
  for (const m of [...modules].sort()) {
    const outfile = join(dist, 'names.js');
    const r = await build({
      ...ESBUILD_OPTIONS,
      absWorkingDir: root,
      entryPoints: [m],
      write: false,
      metafile: true,
      outfile,
      plugins: [apart(outfile, m, 'shared'), templates],
    });
    const names = Object.values(r.metafile.outputs).find((o) => o.entryPoint)?.exports ?? [];
    aliases.set(m, new Map(names.map((name) => [name, `$${(n++).toString(36)}`])));
  }
  if (process.env.IMMO_RUNTIME_DEBUG)
    console.log([...modules].map((m) => relative(root, m)).join('\n'));
  return { modules, aliases, used: new Set() };
}

const RUNTIME_SPECIFIER = 'immo-runtime:chunk';

/** Replaces the runtime's modules in an element bundle by stand-ins importing from dist/chunks/runtime.js. */
function useRuntime(runtime: Runtime, outfile: string): Plugin {
  const skip = Symbol('resolving');
  return {
    name: 'immo-runtime',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.path === RUNTIME_SPECIFIER)
          return { path: relativeTo(outfile, RUNTIME), external: true };
        if (
          args.pluginData === skip ||
          args.kind === 'entry-point' ||
          args.kind === 'dynamic-import'
        )
          return undefined;
        const r = await b.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: skip,
        });
        if (r.errors.length || r.external || !runtime.modules.has(r.path)) return undefined;
        return { path: r.path, namespace: 'immo-runtime' };
      });
      b.onLoad({ filter: /.*/, namespace: 'immo-runtime' }, (args) => {
        const names = [...runtime.aliases.get(args.path)!];
        const list = names.map(
          ([name, alias]) => `${alias} as ${name === 'default' ? '"default"' : name}`,
        );
        const contents = names.length
          ? `export { ${list.join(', ')} } from '${RUNTIME_SPECIFIER}';`
          : `import '${RUNTIME_SPECIFIER}';`;
        return { contents, loader: 'js', resolveDir: root };
      });
    },
  };
}

/**
 * esbuild writes one import statement per runtime module a file uses; they become one (the
 * aliases this file imports, noted in `runtime.used`: esbuild keeps only the used ones). The
 * statements are blanked in place, keeping lines and columns for the source map, and the one
 * import goes at the end (imports are hoisted).
 */
function oneRuntimeImport(code: string, runtime: Runtime): string {
  const specs: string[] = [];
  let from = '';
  const blanked = code.replace(
    /import\s*(?:\{([^}]*)\}\s*from\s*)?("[^"]*\/runtime\.js");?/g,
    (statement, names: string | undefined, path: string) => {
      from = path;
      for (const spec of names?.split(',') ?? []) {
        if (!spec.trim()) continue;
        specs.push(spec.trim());
        runtime.used.add(spec.trim().split(/\s+as\s+/)[0]!);
      }
      return statement.replace(/[^\n]/g, ' ');
    },
  );
  if (!from) return code;
  specs.sort();
  return `${blanked}\nimport ${specs.length ? `{ ${specs.join(', ')} } from ` : ''}${from};\n`;
}

/**
 * The runtime exports each binding under the name terser gave it there, not under its alias
 * (`export{tt}` for `export{tt as $1d}`), and the files that use it import it by that name,
 * as their own name for it too (`import{tt}` for `import{$1d as y}`; scripts/import-names.ts
 * renames the file): the aliases are chosen before the runtime is minified, its names after.
 * The runtime's clause ends its file's one line of code, so no position of its source map moves.
 */
async function exportLocalNames(users: string[]): Promise<void> {
  const file = join(dist, RUNTIME);
  const code = readFileSync(file, 'utf8');
  const clause = /export\{([^}]*)\};?(?=\n)/.exec(code);
  if (!clause) throw new Error(`${RUNTIME}: no export clause`);
  const local = new Map<string, string>();
  for (const spec of clause[1]!.split(',')) {
    const [name, alias = name] = spec.split(' as ');
    local.set(alias!, name!);
  }
  const names = [...new Set(local.values())];
  writeFileSync(file, code.replace(clause[0], `export{${names.join(',')}};`));
  for (const user of users) {
    const out = await importByExportedNames(
      readFileSync(user, 'utf8'),
      readFileSync(`${user}.map`, 'utf8'),
      '/runtime.js',
      basename(user),
      TERSER_OPTIONS,
      (alias) => {
        const name = local.get(alias);
        if (!name) throw new Error(`${relative(dist, user)}: ${alias} is not exported`);
        return name;
      },
    );
    writeFileSync(user, out.code);
    writeFileSync(`${user}.map`, out.map);
  }
}

async function bundle(
  source: string | { contents: string },
  outfile: string,
  kind: Kind,
  runtime?: Runtime,
): Promise<void> {
  const entrySource = typeof source === 'string' ? source : '';
  const result = await build({
    ...ESBUILD_OPTIONS,
    absWorkingDir: root,
    ...(typeof source === 'string'
      ? { entryPoints: [source] }
      : {
          stdin: {
            contents: source.contents,
            resolveDir: root,
            sourcefile: 'runtime.js',
            loader: 'js',
          },
        }),
    write: false,
    sourcemap: 'external',
    outfile,
    plugins: [
      apart(outfile, entrySource, kind),
      ...(runtime ? [useRuntime(runtime, outfile)] : []),
      kind === 'self' ? esbuildTemplates(staticImports(entrySource)) : templates,
    ],
  });
  let code = result.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  const map = result.outputFiles.find((f) => f.path.endsWith('.map'))!.text;
  if (runtime) code = oneRuntimeImport(code, runtime);
  const min = await minify(code, {
    ...TERSER_OPTIONS,
    sourceMap: { content: map, url: `${basename(outfile)}.map` },
  });
  mkdirSync(dirname(outfile), { recursive: true });
  writeFileSync(outfile, min.code!);
  writeFileSync(`${outfile}.map`, typeof min.map === 'string' ? min.map : JSON.stringify(min.map));
}

/** Every `*.en.ts` module under src/. */
function englishModules(dir = join(root, 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? englishModules(join(dir, e.name))
      : englishChunk(join(dir, e.name))
        ? [join(dir, e.name)]
        : [],
  );
}

rmSync(dist, { recursive: true, force: true });
// `npm run build` compiles lib/ next (tsc, which never deletes): start it empty, so that a
// module removed from src/ does not stay in the package.
if (!process.env.IMMO_DIST) rmSync(join(root, 'lib'), { recursive: true, force: true });
const elements = Object.entries(ENTRIES).filter(([name]) => name !== ALL_IN_ONE);
const allInOne = join(root, ENTRIES[ALL_IN_ONE]!);
for (const source of englishModules())
  await bundle(source, join(dist, englishChunk(source)!), 'self');
for (const [source, name] of Object.entries(ON_DEMAND))
  if (SELF_APART.has(name)) await bundle(source, join(dist, onDemandFile(source, 'self')!), 'self');
if (layout === 'shared') {
  const onDemand = Object.keys(ON_DEMAND);
  const runtime = await planRuntime([
    ...elements.map(([, source]) => join(root, source)),
    ...onDemand,
  ]);
  for (const [name, source] of elements)
    await bundle(join(root, source), join(dist, `${name}.js`), 'shared', runtime);
  for (const source of onDemand)
    await bundle(source, join(dist, onDemandFile(source, 'shared')!), 'shared', runtime);
  const exports = [...runtime.aliases].flatMap(([m, names]) => {
    const used = [...names].filter(([, alias]) => runtime.used.has(alias));
    const list = used.map(
      ([name, alias]) => `${name === 'default' ? '"default"' : name} as ${alias}`,
    );
    return used.length ? [`export { ${list.join(', ')} } from ${JSON.stringify(m)};`] : [];
  });
  await bundle({ contents: exports.join('\n') }, join(dist, RUNTIME), 'shared');
  await exportLocalNames([
    ...elements.map(([name]) => join(dist, `${name}.js`)),
    ...onDemand.map((source) => join(dist, onDemandFile(source, 'shared')!)),
  ]);
} else {
  for (const [name, source] of elements)
    await bundle(join(root, source), join(dist, `${name}.js`), 'self');
}
// All five in one self-contained file in either layout: one request, and smaller than the
// five element files with the runtime (see docs/architecture.md).
await bundle(allInOne, join(dist, `${ALL_IN_ONE}.js`), 'self');
// The placeholder sheet a partner links (the :not(:defined) rules of docs/embedding.md, which
// test/node/placeholders.test.ts keeps equal to its source).
copyFileSync(join(root, 'src/placeholders.css'), join(dist, 'immo-elements-placeholders.css'));
// Lit's hydration support for a server-rendered page (docs/embedding.md, "Server-side
// rendering"), which loads it before the element files: a file of its own, self-contained.
await build({
  ...ESBUILD_OPTIONS,
  entryPoints: [join(root, 'src/hydrate.ts')],
  outfile: join(dist, 'immo-elements-hydrate.js'),
});
