// `npm run build` (first half): the script-tag bundles in dist/.
//
// Each entry of ENTRIES (vite.config.ts) becomes ONE self-contained file: its element, Lit,
// the client operations it uses, styles and both languages. Only what some uses need stays
// apart, loaded by a relative dynamic import on demand:
//   - the XML reader (fast-xml-parser) and the XML writer, built once into dist/chunks/ and
//     shared by every bundle (they carry their own copy of the few helpers they need);
//   - for property-text, the geo-autocomplete element, which is dist/geo-autocomplete.js
//     itself (so a page that has both loads it once).
// Why esbuild and not `vite build`: a Rollup-style build splits modules that an entry and
// its XML chunk share (types, coerce) into extra chunks, each gzipped apart, and cannot
// inline a chunk into its entry; a page then paid 1 to 3 KB more per element. Terser runs
// after esbuild because it compresses Lit templates and class code ~3% smaller.
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

/** Modules that stay apart, by source path → file in dist/ (relative to dist/). */
const APART: Record<string, string> = {
  [join(root, 'src/api/xml.ts')]: 'chunks/xml.js',
  [join(root, 'src/api/xml-write.ts')]: 'chunks/xml-write.js',
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
        let path = relative(dirname(outfile), join(dist, target));
        if (!path.startsWith('.')) path = `./${path}`;
        return { path, external: true };
      });
    },
  };
}

async function bundle(source: string, outfile: string): Promise<void> {
  const result = await build({
    ...ESBUILD_OPTIONS,
    entryPoints: [source],
    write: false,
    sourcemap: 'external',
    outfile,
    plugins: [apart(outfile, source)],
  });
  const code = result.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  const map = result.outputFiles.find((f) => f.path.endsWith('.map'))!.text;
  const min = await minify(code, { ...TERSER_OPTIONS, sourceMap: { content: map, url: `${basename(outfile)}.map` } });
  mkdirSync(dirname(outfile), { recursive: true });
  writeFileSync(outfile, min.code!);
  writeFileSync(`${outfile}.map`, typeof min.map === 'string' ? min.map : JSON.stringify(min.map));
}

rmSync(dist, { recursive: true, force: true });
for (const [source, file] of Object.entries(APART)) await bundle(source, join(dist, file));
for (const [name, source] of Object.entries(ENTRIES)) {
  if (!only || only === name) await bundle(join(root, source), join(dist, `${name}.js`));
}
