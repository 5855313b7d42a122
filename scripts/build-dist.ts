// `npm run build` (first half): the script-tag bundles in dist/.
//
// Each element entry of ENTRIES (vite.config.ts) becomes one file, `dist/<tag>.js`: a partner
// writes one script tag per element. Two layouts (IMMO_LAYOUT; DEFAULT_LAYOUT is the one
// chosen from the bench's page scenarios, see docs/architecture.md):
//   - 'shared': what the element files share whole (Lit, the client's common helpers, the
//     kernel) is in dist/chunks/runtime.js, which every element file imports statically by
//     a relative path: the browser loads it by itself, once for all elements of a page;
//   - 'self': each element file is self-contained (its own copy of Lit and the rest).
// `dist/immo-elements.js` (all five) is one self-contained file in both.
// Only what some uses need stays apart, loaded by a relative dynamic import on demand:
//   - the XML reader (fast-xml-parser) and the XML writer, built once into dist/chunks/ and
//     shared by every bundle (they carry their own copy of the few helpers they need);
//   - geo-autocomplete's `multiple` (chips), dist/chunks/geo-multiple.js;
//   - for property-text, the geo-autocomplete element, which is dist/geo-autocomplete.js
//     itself (so a page that has both loads it once).
// Why esbuild and not `vite build`: a Rollup-style build splits modules that an entry and
// its XML chunk share (types, coerce) into extra chunks, each gzipped apart, and cannot
// inline a chunk into its entry; a page then paid 1 to 3 KB more per element. esbuild's own
// code splitting moves whole modules shared by all entries into one chunk, per-operation
// parsers included, which cost every single-element page 6 to 7 KB: the runtime chunk here
// takes only the modules that the elements share whole. Terser runs after esbuild because it
// compresses Lit templates and class code ~3% smaller.
import { build, type Plugin } from 'esbuild';
import { minify } from 'terser';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { ENTRIES } from '../vite.config.js';
import { ESBUILD_OPTIONS, TERSER_OPTIONS } from './bundle-options.js';

const root = resolve(import.meta.dirname, '..');
// IMMO_DIST and IMMO_ENTRY (measuring one bundle while others build): another output folder, one entry.
const dist = resolve(root, process.env.IMMO_DIST ?? 'dist');
const only = process.env.IMMO_ENTRY;
/** IMMO_LAYOUT (bench/sizes.ts builds the other one to compare): 'shared' or 'self'. */
export type Layout = 'shared' | 'self';
/** The layout `npm run build` makes; chosen from the bench's page scenarios (docs/architecture.md). */
const DEFAULT_LAYOUT: Layout = 'shared';
const layout: Layout = process.env.IMMO_LAYOUT === 'self' ? 'self' : process.env.IMMO_LAYOUT === 'shared' ? 'shared' : DEFAULT_LAYOUT;
/** The entry that registers all five. */
const ALL_IN_ONE = 'immo-elements';
/** The shared runtime chunk (shared layout). */
const RUNTIME = 'chunks/runtime.js';

/** Modules that stay apart, by source path → file in dist/ (relative to dist/). */
const APART: Record<string, string> = {
  [join(root, 'src/api/xml.ts')]: 'chunks/xml.js',
  [join(root, 'src/api/xml-write.ts')]: 'chunks/xml-write.js',
  // geo-autocomplete `multiple`: imports nothing at run time (the element lends it what it
  // needs), so one chunk serves geo-autocomplete.js, property-text's and immo-elements.js.
  [join(root, 'src/elements/geo-autocomplete/multiple.ts')]: 'chunks/geo-multiple.js',
};
/** property-text's on-demand geo-autocomplete is the geo-autocomplete bundle. */
const GEO_DEFINE = join(root, 'src/elements/geo-autocomplete/define.ts');
const PROPERTY_TEXT_DEFINE = join(root, 'src/elements/property-text/define.ts');

/** Marks the modules that stay apart as external, pointing at their file in dist/. */
function apart(outfile: string, entrySource: string): Plugin {
  return {
    name: 'immo-apart',
    setup(b) {
      b.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.kind !== 'dynamic-import') return undefined;
        const source = resolve(args.resolveDir, args.path).replace(/\.js$/, '.ts');
        // (The all-in-one bundle has geo-autocomplete inside already: there the import stays.)
        const target = APART[source] ?? (source === GEO_DEFINE && entrySource === PROPERTY_TEXT_DEFINE ? 'geo-autocomplete.js' : undefined);
        if (!target) return undefined;
        return { path: relativeTo(outfile, target), external: true };
      });
    },
  };
}

/** A path in dist/ as a relative import from `outfile`. */
function relativeTo(outfile: string, target: string): string {
  const path = relative(dirname(outfile), join(dist, target));
  return path.startsWith('.') ? path : `./${path}`;
}

/**
 * Shared layout: the modules that the element bundles share whole (Lit, the client's error
 * and coercion helpers, the define guard, language handling, and the kernel modules that
 * every element uses alike) are taken out of the element bundles and put once into
 * dist/chunks/runtime.js, which each element file imports statically by a relative path.
 * A module goes there when two bundles or more contain it, no bundle uses more than
 * SHARE_SLACK bytes (minified) of it less than another (a bundle without it counts as 0, so
 * no element pays for much code it never runs), and everything it imports goes there too.
 * A module that elements use in different parts (the per-operation parsers and validators,
 * and the client core, which imports them) stays in each bundle, tree-shaken to what that
 * element calls. (IMMO_SHARE_SLACK to try another slack: 256, 512 and 1024 bytes gave the
 * same page figures within 0.4 KB.) In an element's bundle, a runtime module is
 * replaced by a stand-in that re-exports its bindings from the runtime under short aliases.
 */
const SHARE_SLACK = Number(process.env.IMMO_SHARE_SLACK ?? 256);

interface Runtime {
  /** The shared modules, absolute paths. */
  modules: Set<string>;
  /** Per module: export name → alias in the runtime chunk. */
  aliases: Map<string, Map<string, string>>;
  /** The aliases the element files import (the runtime keeps only these). */
  used: Set<string>;
}

async function planRuntime(entries: string[]): Promise<Runtime> {
  /** Per module: its minified bytes in each bundle that has it, and its static imports. */
  const bytes = new Map<string, number[]>();
  const imports = new Map<string, string[]>();
  for (const source of entries) {
    const outfile = join(dist, 'plan.js');
    const r = await build({ ...ESBUILD_OPTIONS, minify: true, absWorkingDir: root, entryPoints: [join(root, source)], write: false, metafile: true, outfile, plugins: [apart(outfile, join(root, source))] });
    for (const [f, input] of Object.entries(Object.values(r.metafile.outputs)[0]!.inputs)) {
      const path = resolve(root, f);
      bytes.set(path, [...(bytes.get(path) ?? []), input.bytesInOutput]);
    }
    for (const [f, input] of Object.entries(r.metafile.inputs)) {
      imports.set(resolve(root, f), input.imports.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => resolve(root, i.path)));
    }
  }
  // A bundle without the module counts as using 0 bytes of it.
  const modules = new Set(
    [...bytes].filter(([, b]) => b.length >= 2 && Math.max(...b) - (b.length < entries.length ? 0 : Math.min(...b)) <= SHARE_SLACK).map(([f]) => f),
  );
  // Closed under static imports: a module whose import stays behind stays behind too.
  for (let changed = true; changed; ) {
    changed = false;
    for (const m of modules) {
      if ((imports.get(m) ?? []).some((i) => !modules.has(i))) {
        modules.delete(m);
        changed = true;
      }
    }
  }
  const aliases = new Map<string, Map<string, string>>();
  let n = 0;
  for (const m of [...modules].sort()) {
    const outfile = join(dist, 'names.js');
    const r = await build({ ...ESBUILD_OPTIONS, absWorkingDir: root, entryPoints: [m], write: false, metafile: true, outfile, plugins: [apart(outfile, m)] });
    const names = Object.values(r.metafile.outputs).find((o) => o.entryPoint)?.exports ?? [];
    aliases.set(m, new Map(names.map((name) => [name, `$${(n++).toString(36)}`])));
  }
  if (process.env.IMMO_RUNTIME_DEBUG) console.log([...modules].map((m) => relative(root, m)).join('\n'));
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
        if (args.path === RUNTIME_SPECIFIER) return { path: relativeTo(outfile, RUNTIME), external: true };
        if (args.pluginData === skip || args.kind === 'entry-point' || args.kind === 'dynamic-import') return undefined;
        const r = await b.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: skip });
        if (r.errors.length || r.external || !runtime.modules.has(r.path)) return undefined;
        return { path: r.path, namespace: 'immo-runtime' };
      });
      b.onLoad({ filter: /.*/, namespace: 'immo-runtime' }, (args) => {
        const names = [...runtime.aliases.get(args.path)!];
        const contents = names.length
          ? `export { ${names.map(([name, alias]) => `${alias} as ${name === 'default' ? '"default"' : name}`).join(', ')} } from '${RUNTIME_SPECIFIER}';`
          : `import '${RUNTIME_SPECIFIER}';`;
        return { contents, loader: 'js', resolveDir: root };
      });
    },
  };
}

async function bundle(source: string | { contents: string }, outfile: string, runtime?: Runtime): Promise<void> {
  const entrySource = typeof source === 'string' ? source : '';
  const result = await build({
    ...ESBUILD_OPTIONS,
    absWorkingDir: root,
    ...(typeof source === 'string' ? { entryPoints: [source] } : { stdin: { contents: source.contents, resolveDir: root, sourcefile: 'runtime.js', loader: 'js' } }),
    write: false,
    sourcemap: 'external',
    outfile,
    plugins: [apart(outfile, entrySource), ...(runtime ? [useRuntime(runtime, outfile)] : [])],
  });
  const code = result.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  const map = result.outputFiles.find((f) => f.path.endsWith('.map'))!.text;
  if (runtime) {
    // The aliases this element imports from the runtime (esbuild keeps only the used ones).
    for (const m of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*"[^"]*chunks\/runtime\.js"/g)) {
      for (const spec of m[1]!.split(',')) runtime.used.add(spec.trim().split(/\s+as\s+/)[0]!);
    }
  }
  const min = await minify(code, { ...TERSER_OPTIONS, sourceMap: { content: map, url: `${basename(outfile)}.map` } });
  mkdirSync(dirname(outfile), { recursive: true });
  writeFileSync(outfile, min.code!);
  writeFileSync(`${outfile}.map`, typeof min.map === 'string' ? min.map : JSON.stringify(min.map));
}

rmSync(dist, { recursive: true, force: true });
// `npm run build` compiles lib/ next (tsc, which never deletes): start it empty, so that a
// module removed from src/ does not stay in the package.
if (!process.env.IMMO_DIST) rmSync(join(root, 'lib'), { recursive: true, force: true });
for (const [source, file] of Object.entries(APART)) await bundle(source, join(dist, file));
const elements = Object.entries(ENTRIES).filter(([name]) => name !== ALL_IN_ONE);
const runtime = layout === 'shared' ? await planRuntime(elements.map(([, source]) => source)) : undefined;
for (const [name, source] of elements) {
  if (!only || only === name) await bundle(join(root, source), join(dist, `${name}.js`), runtime);
}
if (runtime) {
  const exports = [...runtime.aliases].flatMap(([m, names]) => {
    const used = [...names].filter(([, alias]) => runtime.used.has(alias));
    return used.length ? [`export { ${used.map(([name, alias]) => `${name === 'default' ? '"default"' : name} as ${alias}`).join(', ')} } from ${JSON.stringify(m)};`] : [];
  });
  await bundle({ contents: exports.join('\n') }, join(dist, RUNTIME));
}
// All five in one self-contained file in either layout: one request, and smaller than the
// five element files with the runtime (see docs/architecture.md).
if (!only || only === ALL_IN_ONE) await bundle(join(root, ENTRIES[ALL_IN_ONE]!), join(dist, `${ALL_IN_ONE}.js`));
