/**
 * Server-side rendering (docs/embedding.md, "Server-side rendering"): a Next.js, Nuxt or
 * Angular SSR build imports the package on the server. The built entry points (lib/, written
 * by `npm run build`, which `npm test` runs first) must load in plain Node, without a window,
 * each in a fresh process: Lit's DOM shim stands in for the browser's globals there.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TAGS } from '../../demo/tags.js';

const root = resolve(import.meta.dirname, '../..');
const lib = (f: string) => pathToFileURL(join(root, 'lib', f)).href;

/** Runs a module script in a new Node process and returns what it printed. */
const node = (script: string) =>
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });

test('the built entry points load in Node without a window, as an SSR build imports them', () => {
  assert.ok(existsSync(join(root, 'lib', 'define.js')), 'lib/ is built (npm run build)');
  const out = node(`
    await import(${JSON.stringify(lib('define.js'))});
    const tags = ${JSON.stringify(TAGS)};
    console.log(typeof window, tags.map((t) => typeof customElements.get(t)).join(','));
  `);
  assert.equal(out.trim(), `undefined ${TAGS.map(() => 'function').join(',')}`);
  for (const entry of [
    'index.js',
    'api/index.js',
    'elements/geo-autocomplete/index.js',
    'frameworks/vue.js',
  ]) {
    assert.equal(
      node(`await import(${JSON.stringify(lib(entry))}); console.log('loaded');`).trim(),
      'loaded',
      entry,
    );
  }
});
