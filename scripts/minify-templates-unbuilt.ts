// The build's template minifier (scripts/minify-templates.ts) wherever src/ runs without a
// build: the demo (Vite: `npm start`, `npm run build:demo`), the browser tests (web-test-runner,
// and the bundles its config builds with esbuild) and, through the Node module hooks of
// scripts/minify-templates-hooks.ts, server rendering in the test processes. So the DOM a test
// or the demo draws from src/ is the one a page gets from dist/ or lib/, and a server and a
// browser that both run src/ hold the same templates, which Lit's hydration compares.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin as EsbuildPlugin } from 'esbuild';
import type { Plugin as VitePlugin } from 'vite';
import type { Plugin as DevServerPlugin } from '@web/dev-server-core';
import { isSourceModule, minifySource, minifySourceWithMap } from './minify-templates.js';

/** Vite: before its TypeScript transform, with a source map back to the file as written. */
export function viteTemplates(): VitePlugin {
  return {
    name: 'immo-templates',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!isSourceModule(file)) return null;
      return minifySourceWithMap(code, file) ?? null;
    },
  };
}

/**
 * web-test-runner's dev server: goes before its esbuild plugin, which compiles the result and
 * carries the inline source map on.
 */
export function devServerTemplates(): DevServerPlugin {
  let rootDir = process.cwd();
  return {
    name: 'immo-templates',
    serverStart({ config }) {
      rootDir = config.rootDir;
    },
    transform(context) {
      const file = join(rootDir, context.path);
      if (!isSourceModule(file) || typeof context.body !== 'string') return undefined;
      return { body: minifySource(context.body, file) };
    },
  };
}

/**
 * esbuild's bundler (as scripts/build-dist.ts does for dist/). `then` rewrites a module further
 * once its templates are minified (esbuild gives a module's source to one plugin only).
 */
export function esbuildTemplates(then?: (code: string, file: string) => string): EsbuildPlugin {
  // (Per plugin: a build that bundles many entries reads and minifies each module once.)
  const minified = new Map<string, string>();
  return {
    name: 'immo-templates',
    setup(b) {
      b.onLoad({ filter: /\.ts$/, namespace: 'file' }, (args) => {
        if (!isSourceModule(args.path)) return undefined;
        let contents = minified.get(args.path);
        if (contents === undefined) {
          contents = minifySource(readFileSync(args.path, 'utf8'), args.path);
          if (then) contents = then(contents, args.path);
          minified.set(args.path, contents);
        }
        return { contents, loader: 'ts' };
      });
    },
  };
}
