// Node module hooks (module.register) that load src/'s TypeScript modules with their templates
// minified as the build minifies them (scripts/minify-templates.ts), for a Node process that
// renders src/'s elements on the server while a browser hydrates them from src/ (the test
// server of web-test-runner.config.mjs, test/node/ssr.test.ts). Registered after tsx, these
// hooks run before its own and compile the module themselves, with esbuild and the project's
// tsconfig.json as tsx does; the inline source map leads back to the file as written.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadHook } from 'node:module';
import { transform } from 'esbuild';

// By its file name: in the hooks thread, Node 22 and later load this module with their own type
// stripping, which maps no `.js` specifier to a `.ts` file (tsx does, on Node 20).
const { isSourceModule, minifySource } = (await import(
  new URL('./minify-templates.ts', import.meta.url).href
)) as typeof import('./minify-templates.js');

const tsconfigRaw = await readFile(resolve(import.meta.dirname, '..', 'tsconfig.json'), 'utf8');

export const load: LoadHook = async (url, context, nextLoad) => {
  const file = url.startsWith('file:') ? fileURLToPath(url.split('?')[0]!) : '';
  if (!isSourceModule(file)) return nextLoad(url, context);
  const source = minifySource(await readFile(file, 'utf8'), file);
  const { code } = await transform(source, {
    loader: 'ts',
    format: 'esm',
    target: 'es2022',
    sourcemap: 'inline',
    sourcefile: file,
    tsconfigRaw,
  });
  return { format: 'module', source: code, shortCircuit: true };
};
