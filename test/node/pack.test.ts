/**
 * The npm package as a partner gets it: `npm run build`, `npm pack`, then a clean project
 * installs the tarball and imports every entry point of the exports map, in Node and
 * through TypeScript (types of each entry point resolve). The dependencies come from npm's
 * local cache (`npm ci` filled it), so the test does not depend on the network.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string;
  exports: Record<string, unknown>;
  dependencies: Record<string, string>;
  sideEffects: string[];
};
const TAGS = ['geo-autocomplete', 'region-stats', 'contact-realtor', 'property-text', 'project-picker'];
let dir = '';
let tarball = '';

const run = (cmd: string, args: string[], cwd: string) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' } });

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'immo-pack-'));
  run('npm', ['run', 'build'], root);
  const out = run('npm', ['pack', '--json', '--pack-destination', dir], root);
  tarball = join(dir, (JSON.parse(out) as { filename: string }[])[0]!.filename);
  const app = join(dir, 'app');
  execFileSync('mkdir', ['-p', app]);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'partner-app', version: '1.0.0', type: 'module', private: true }));
  // The peer React is not needed to import the entry points.
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--omit=peer', tarball], app);
});

after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the tarball holds the bundles, the npm entry points with types, and the manifest', () => {
  const files = run('tar', ['-tzf', tarball], dir).split('\n');
  for (const f of ['dist/immo-elements.js', 'dist/geo-autocomplete.js', 'lib/index.js', 'lib/index.d.ts', 'lib/api/index.d.ts', 'custom-elements.json', 'README.md', 'LICENSES-DATA.md']) {
    assert.ok(files.includes(`package/${f}`), `${f} is in the package`);
  }
  assert.ok(!files.some((f) => f.startsWith('package/src/sandbox') || f.startsWith('package/lib/sandbox')), 'the sandbox is not published');
  assert.ok(!files.some((f) => f.includes('node_modules')), 'no node_modules');
});

test('package.json names the manifest that is in the package, and it declares the five elements', () => {
  const installed = join(dir, 'app', 'node_modules', pkg.name);
  const meta = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { customElements?: string };
  assert.ok(meta.customElements, 'customElements is set');
  const manifestPath = resolve(installed, meta.customElements);
  assert.ok(manifestPath.startsWith(installed + '/'), `customElements points into the package: ${meta.customElements}`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { modules: { declarations?: { tagName?: string }[] }[] };
  const tags = manifest.modules.flatMap((m) => (m.declarations ?? []).map((d) => d.tagName).filter(Boolean)).sort();
  assert.deepEqual(tags, ['contact-realtor', 'geo-autocomplete', 'project-picker', 'property-text', 'region-stats']);
});

test('a clean project imports every entry point of the exports map in Node', () => {
  const app = join(dir, 'app');
  const entries = Object.keys(pkg.exports).filter((k) => !k.includes('*') && !k.endsWith('.json') && k !== './react' && !k.startsWith('./jsx') && k !== './vue');
  const script = entries
    .map((k) => {
      const spec = k === '.' ? pkg.name : `${pkg.name}/${k.slice(2)}`;
      return `{ const m = await import(${JSON.stringify(spec)}); if (typeof m !== 'object') throw new Error('no module: ${spec}'); console.log(${JSON.stringify(spec)}, Object.keys(m).length); }`;
    })
    .join('\n');
  writeFileSync(join(app, 'imports.mjs'), script);
  const out = run('node', ['imports.mjs'], app);
  assert.equal(out.trim().split('\n').length, entries.length, out);
  const check = `import { ImmoClient, GeoAutocomplete, ContactRealtor } from 'immo-elements';
const c = new ImmoClient({ baseUrl: 'http://127.0.0.1:1/restapi/api' });
if (typeof c.suggestGeo !== 'function' || typeof GeoAutocomplete !== 'function' || typeof ContactRealtor !== 'function') throw new Error('exports missing');
console.log('ok');`;
  writeFileSync(join(app, 'use.mjs'), check);
  assert.equal(run('node', ['use.mjs'], app).trim(), 'ok');
});

test('the types of every entry point resolve for a TypeScript project', () => {
  const app = join(dir, 'app');
  const lines = Object.keys(pkg.exports)
    .filter((k) => !k.includes('*') && !k.endsWith('.json') && !k.startsWith('./jsx') && k !== './vue' && k !== './react')
    .map((k, i) => `import * as m${i} from ${JSON.stringify(k === '.' ? pkg.name : `${pkg.name}/${k.slice(2)}`)}; void m${i};`);
  lines.push(
    "import { ImmoClient, type GeoSuggestion } from 'immo-elements/client';",
    "const s: Promise<GeoSuggestion[]> = new ImmoClient({ baseUrl: '/restapi/api' }).suggestGeo({ country: 'DEU', input: 'Ber' }); void s;",
    "import 'immo-elements/define';",
    "const el: import('immo-elements').GeoAutocomplete = document.createElement('geo-autocomplete'); void el;",
    "document.createElement('region-stats').addEventListener('region-select', (e) => { const g: string = e.geocode; void g; });",
  );
  writeFileSync(join(app, 'check.ts'), lines.join('\n') + '\n');
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, noEmit: true, skipLibCheck: true, lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: [] }, files: ['check.ts'] }),
  );
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  assert.ok(existsSync(tsc));
  run('node', [tsc, '-p', 'tsconfig.json'], app);
});

test('importing a class module defines nothing; its define module, and the one for all, define the tags', () => {
  const app = join(dir, 'app');
  // Lit's Node build puts a customElements registry on globalThis, as a browser has one.
  const script = `
const defined = () => ${JSON.stringify(TAGS)}.filter((t) => customElements.get(t));
const out = {};
await import('${pkg.name}');
await import('${pkg.name}/client');
for (const t of ${JSON.stringify(TAGS)}) await import('${pkg.name}/' + t);
out.classes = defined();
await import('${pkg.name}/geo-autocomplete/define');
out.oneDefine = defined();
await import('${pkg.name}/define');
out.all = defined();
await import('${pkg.name}/define');
for (const t of ${JSON.stringify(TAGS)}) await import('${pkg.name}/' + t + '/define');
out.again = defined();
console.log(JSON.stringify(out));`;
  writeFileSync(join(app, 'define.mjs'), script);
  const out = JSON.parse(run('node', ['define.mjs'], app)) as Record<string, string[]>;
  assert.deepEqual(out.classes, [], 'the class modules and the client define nothing');
  assert.deepEqual(out.oneDefine, ['geo-autocomplete']);
  assert.deepEqual(out.all, TAGS);
  assert.deepEqual(out.again, TAGS, 'defining twice throws nothing');
});

test('the client entry point loads no element code (no Lit, no DOM registry)', () => {
  const app = join(dir, 'app');
  writeFileSync(
    join(app, 'client-only.mjs'),
    `const { ImmoClient } = await import('${pkg.name}/client');
if (typeof ImmoClient !== 'function') throw new Error('no ImmoClient');
console.log(typeof globalThis.customElements, typeof globalThis.litElementVersions);`,
  );
  assert.equal(run('node', ['client-only.mjs'], app).trim(), 'undefined undefined');
});

test('sideEffects names the define modules (and what imports them) and no class module', () => {
  const installed = join(dir, 'app', 'node_modules', pkg.name);
  const meta = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { sideEffects: string[]; exports: Record<string, { default?: string } | string> };
  const toRe = (glob: string) => new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
  const patterns = meta.sideEffects.map(toRe);
  const hasEffects = (file: string) => patterns.some((re) => re.test(file));
  const target = (key: string) => {
    const v = meta.exports[key];
    return typeof v === 'string' ? v : v!.default!;
  };
  for (const key of ['./define', ...TAGS.map((t) => `./${t}/define`)]) assert.ok(hasEffects(target(key)), `${key} (${target(key)}) is listed`);
  for (const key of ['.', './client', ...TAGS.map((t) => `./${t}`), './jsx-react', './jsx-preact', './vue']) {
    assert.ok(!hasEffects(target(key)), `${key} (${target(key)}) has no side effects`);
  }
  // Every pattern for the published folders names files that are in the package (the ./src
  // ones serve the repository's own bundling of the sources).
  const files = run('tar', ['-tzf', tarball], dir).split('\n').map((f) => `./${f.replace(/^package\//, '')}`);
  for (const [i, re] of patterns.entries()) {
    if (meta.sideEffects[i]!.startsWith('./src/')) continue;
    assert.ok(files.some((f) => re.test(f)), `sideEffects entry ${meta.sideEffects[i]} matches a file of the package`);
  }
});

test('the React 19, Preact and Vue typings and the React 18 wrappers type-check from the installed package', () => {
  const app = join(dir, 'app');
  const mods = join(root, 'node_modules');
  writeFileSync(
    join(app, 'react.tsx'),
    `import type {} from '${pkg.name}/jsx-react';
import { GeoAutocompleteReact } from '${pkg.name}/react';
export const a = <geo-autocomplete types="city" limit={5} ongeo-select={(e) => e.suggestion.entity.id} />;
export const b = <region-stats htmlFor="where" onregion-select={(e) => e.geocode} />;
// @ts-expect-error: country is 'DEU' | 'AUT'
export const c = <geo-autocomplete country="FRA" />;
// @ts-expect-error: a GeoSelectEvent has no headline
export const d = <geo-autocomplete ongeo-select={(e) => e.headline} />;
export const e = <GeoAutocompleteReact types="city" onGeoSelect={(ev) => ev.suggestion.entity.label} />;
`,
  );
  writeFileSync(
    join(app, 'preact.tsx'),
    `/** @jsxImportSource preact */
import type {} from '${pkg.name}/jsx-preact';
export const a = <contact-realtor exposeId="1" oncontact-sent={(e) => e.type} />;
// @ts-expect-error: format is 'json' | 'xml'
export const b = <contact-realtor format="yaml" />;
`,
  );
  writeFileSync(
    join(app, 'vue.ts'),
    `import type { GlobalComponents } from 'vue';
import type {} from '${pkg.name}/vue';
type Geo = InstanceType<GlobalComponents['GeoAutocomplete']>['$props'];
export const a: Geo = { types: 'city', onGeoSelect: (e) => e.suggestion };
// @ts-expect-error: limit is a number
export const b: Geo = { limit: 'ten' };
type Stats = InstanceType<GlobalComponents['region-stats']>['$props'];
export const c: Stats = { geocode: '1276003001', drilldown: true };
`,
  );
  // The partner's React, Preact and Vue: the repository's copies (the test installs no peers).
  const paths = {
    react: [join(mods, '@types/react')],
    'react/*': [join(mods, '@types/react/*')],
    preact: [join(mods, 'preact')],
    'preact/*': [join(mods, 'preact/*')],
    vue: [join(mods, 'vue')],
  };
  writeFileSync(
    join(app, 'tsconfig.frameworks.json'),
    JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, noEmit: true, skipLibCheck: true, jsx: 'react-jsx', lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: [], paths }, files: ['react.tsx', 'preact.tsx', 'vue.ts'] }),
  );
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  try {
    run('node', [tsc, '-p', 'tsconfig.frameworks.json'], app);
  } catch (e) {
    assert.fail(String((e as { stdout?: string }).stdout ?? e));
  }
});
