// How every script-tag bundle is compiled: esbuild to one minified ES module, then terser, since
// each finds savings the other leaves (docs/architecture.md, "Bundles"). Shared by
// scripts/build-dist.ts (dist/) and bench/floors.ts (the size floors), so that a floor is
// measured exactly as a bundle is built.
import type { BuildOptions } from 'esbuild';
import type { MinifyOptions } from 'terser';

export const ESBUILD_OPTIONS: BuildOptions = {
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2022',
  platform: 'browser',
  legalComments: 'none',
  // Lit's production build (no dev-mode warnings), as `vite build` picked it.
  conditions: ['production'],
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
};

export const TERSER_OPTIONS: MinifyOptions = {
  module: true,
  ecma: 2020,
  compress: { passes: 2 },
};
