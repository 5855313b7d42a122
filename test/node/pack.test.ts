/**
 * The npm package as a partner gets it: `npm pack` (whose prepack builds lib/ and dist/), then
 * a clean project installs the tarball and imports every entry point of the exports map, in Node and
 * through TypeScript. Every TypeScript check is a program of its own, in a folder of its own
 * (test/node/ts-programs.ts), as a partner's project is: one file's import of the package
 * root cannot type another's. React, Preact, Vue and @lit/react, which a partner's app brings,
 * are the repository's copies. The dependencies come from npm's local cache (`npm ci` filled
 * it), so the test does not depend on the network.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  mkdtempSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  writeFileSync,
  rmSync,
  existsSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, resolve } from 'node:path';
import {
  APP_OPTIONS,
  compileEach,
  docsBlocks,
  snippetSource,
  type TsProgram,
} from './ts-programs.js';
import { TAGS, type Tag } from '../../demo/tags.js';
import { launchChromium } from '../../bench/browser.js';

const root = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string;
  exports: Record<string, unknown>;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  sideEffects: string[];
};
let dir = '';
let tarball = '';

const run = (cmd: string, args: string[], cwd: string) =>
  execFileSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_update_notifier: 'false',
    },
  });

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'immo-pack-'));
  const out = run('npm', ['pack', '--json', '--pack-destination', dir], root);
  tarball = join(dir, (JSON.parse(out) as { filename: string }[])[0]!.filename);
  const app = join(dir, 'app');
  execFileSync('mkdir', ['-p', app]);
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'partner-app', version: '1.0.0', type: 'module', private: true }),
  );
  // As a plain app installs it: the optional peers (react, @lit/react) stay out.
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], app);
});

after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the tarball holds the bundles, the npm entry points with types, the manifest and the docs pages the README links', () => {
  const files = run('tar', ['-tzf', tarball], dir).split('\n');
  for (const f of [
    'dist/immo-elements.js',
    'dist/geo-autocomplete.js',
    'dist/immo-elements-placeholders.css',
    'dist/chunks/shared.en.js',
    'lib/index.js',
    'lib/index.d.ts',
    'lib/api/index.d.ts',
    'custom-elements.json',
    'README.md',
    'LICENSES-DATA.md',
    'docs/embedding.md',
    'docs/elements/geo-autocomplete.md',
  ]) {
    assert.ok(files.includes(`package/${f}`), `${f} is in the package`);
  }
  assert.ok(
    !files.some((f) => /^package\/((src|lib)\/sandbox|packages)\//.test(f)),
    'the sandbox is not published (it is its own package, packages/sandbox)',
  );
  assert.ok(!files.some((f) => f.includes('node_modules')), 'no node_modules');
  // Whatever the dist/ layout: every relative import of a script-tag file (a shared runtime
  // chunk, the on-demand XML chunks, property-text's geo-autocomplete) is in the package.
  const installed = join(dir, 'app', 'node_modules', pkg.name);
  let relativeImports = 0;
  for (const f of files.filter((x) => /^package\/dist\/.*\.js$/.test(x))) {
    const code = readFileSync(join(installed, f.slice('package/'.length)), 'utf8');
    for (const m of code.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)) {
      const target = join(dirname(f), m[1]!);
      assert.ok(files.includes(target), `${f} imports ${m[1]}, which is in the package`);
      relativeImports++;
    }
  }
  assert.ok(relativeImports > 0, 'the XML chunks, at least, are imported by relative paths');
});

test('package.json names the manifest that is in the package, and it declares the five elements', () => {
  const installed = join(dir, 'app', 'node_modules', pkg.name);
  const meta = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
    customElements?: string;
  };
  assert.ok(meta.customElements, 'customElements is set');
  const manifestPath = resolve(installed, meta.customElements);
  assert.ok(
    manifestPath.startsWith(installed + '/'),
    `customElements points into the package: ${meta.customElements}`,
  );
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    modules: { declarations?: { tagName?: string }[] }[];
  };
  const tags = manifest.modules
    .flatMap((m) => (m.declarations ?? []).map((d) => d.tagName).filter(Boolean))
    .sort();
  assert.deepEqual(tags, [...TAGS].sort());
});

test('a clean project imports every entry point of the exports map in Node (but those of optional peers)', () => {
  const app = join(dir, 'app');
  const entries = Object.keys(pkg.exports).filter(
    (k) =>
      !k.includes('*') &&
      !k.endsWith('.json') &&
      !k.startsWith('./react') &&
      !k.startsWith('./jsx') &&
      k !== './vue' &&
      k !== './ssr' &&
      k !== './hydrate',
  );
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

const spec = (key: string) => (key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`);
const CLASSES: Record<Tag, string> = {
  'geo-autocomplete': 'GeoAutocomplete',
  'region-stats': 'RegionStats',
  'contact-realtor': 'ContactRealtor',
  'property-text': 'PropertyText',
  'project-picker': 'ProjectPicker',
};
/** One event of each element and a field of its payload. */
const EVENTS: Record<Tag, [string, string]> = {
  'geo-autocomplete': ['geo-select', 'suggestion'],
  'region-stats': ['region-select', 'geocode'],
  'contact-realtor': ['contact-sent', 'exposeId'],
  'property-text': ['text-generated', 'headline'],
  'project-picker': ['project-select', 'projectId'],
};
const mods = join(root, 'node_modules');
/** What a partner's app brings itself: the repository's copies. */
const REACT = { react: [join(mods, '@types/react')], 'react/*': [join(mods, '@types/react/*')] };
const LIT_REACT = { '@lit/react': [join(mods, '@lit/react')] };
const PREACT = { preact: [join(mods, 'preact')], 'preact/*': [join(mods, 'preact/*')] };
const VUE = { vue: [join(mods, 'vue')], 'vue/*': [join(mods, 'vue/*')] };

interface Check {
  name: string;
  file: string;
  source: string;
  paths?: Record<string, string[]>;
}

/** Each check in a fresh folder of the app, compiled as a program of its own; fails with every program's errors. */
function typecheckEach(checks: Check[]): void {
  const programs: TsProgram[] = checks.map((c) => {
    const folder = join(dir, 'app', 'ts', c.name);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, c.file), c.source);
    return {
      name: c.name,
      files: [join(folder, c.file)],
      options: c.paths ? { paths: c.paths } : {},
    };
  });
  const problems = [...compileEach(programs)].flatMap(([name, lines]) =>
    lines.map((l) => `[${name}] ${l}`),
  );
  assert.deepEqual(problems, [], `type errors:\n${problems.join('\n')}`);
}

/** A listener that reads the payload field, and the same field misspelt (which must not compile). */
const listen = (target: string, tag: Tag) => {
  const [event, field] = EVENTS[tag];
  return `${target}.addEventListener('${event}', (e) => { const v = e.${field}; void v; });
// @ts-expect-error: the ${event} payload has no ${field}x
${target}.addEventListener('${event}', (e) => e.${field}x);
`;
};

test('every entry point of the exports map brings its types, each entry in a project of its own', () => {
  const checks: Check[] = Object.keys(pkg.exports)
    .filter(
      (k) =>
        !k.includes('*') &&
        !k.endsWith('.json') &&
        !k.startsWith('./jsx') &&
        k !== './vue' &&
        !k.startsWith('./react'),
    )
    .map((k) => ({
      name: `entry-${k.slice(2).replace(/\//g, '-') || 'root'}`,
      file: 'check.ts',
      source: `import * as m from ${JSON.stringify(spec(k))};\nvoid m;\n`,
    }));
  checks.push({
    name: 'client',
    file: 'check.ts',
    source: `import { ImmoClient, type GeoSuggestion } from '${pkg.name}/client';
const s: Promise<GeoSuggestion[]> = new ImmoClient({ baseUrl: '/restapi/api' }).suggestGeo({ country: 'DEU', input: 'Ber' });
void s;
`,
  });
  typecheckEach(checks);
});

test('plain TypeScript with only a define module gets typed tags and events, on elements, the document and the window', () => {
  const checks: Check[] = [
    {
      name: 'define',
      file: 'main.ts',
      source: `import '${pkg.name}/define';
addEventListener('geo-select', (e) => e.suggestion);
document.addEventListener('region-select', (e) => e.geocode);
addEventListener('request-failed', (e) => e.operation);
// @ts-expect-error: a GeoSelectEvent has no sugestion
addEventListener('geo-select', (e) => e.sugestion);
const geo = document.querySelector('geo-autocomplete')!;
geo.country = 'AUT';
// @ts-expect-error: country is 'DEU' | 'AUT'
geo.country = 'FRA';
// @ts-expect-error: limit is a number
document.createElement('geo-autocomplete').limit = 'ten';
// several places (multiple): the ids, the suggestions, a removal
geo.multiple = true;
geo.values = ['1276003001047'];
const first: string | undefined = geo.selections[0]?.entity.label;
void first;
geo.addEventListener('geo-remove', (e) => e.suggestion.entity.id);
// @ts-expect-error: values are a list of ids
geo.values = '1276003001047';
// @ts-expect-error: a GeoRemoveEvent has no entity record
addEventListener('geo-remove', (e) => e.entity);
${TAGS.map((t) => listen(`document.querySelector('${t}')!`, t)).join('')}`,
    },
    ...TAGS.map((t) => ({
      name: `define-${t}`,
      file: 'main.ts',
      source: `import '${pkg.name}/${t}/define';\n${listen(`document.querySelector('${t}')!`, t)}${listen('document', t)}${listen('window', t)}`,
    })),
  ];
  typecheckEach(checks);
});

test("each element's entry (the class, no side effects) brings its events' types", () => {
  typecheckEach(
    TAGS.map((t) => ({
      name: `class-${t}`,
      file: 'main.ts',
      source: `import { ${CLASSES[t]}, ${t === 'geo-autocomplete' ? 'GeoSelectEvent' : CLASSES[t]} as Same } from '${pkg.name}/${t}';
customElements.define('my-${t}', class extends ${CLASSES[t]} {});
void Same;
declare const el: ${CLASSES[t]};
${listen('el', t)}${
        t === 'geo-autocomplete'
          ? `import { GeoRemoveEvent } from '${pkg.name}/geo-autocomplete';
el.addEventListener('geo-remove', (e) => { const r: GeoRemoveEvent = e; void r.suggestion; });
`
          : ''
      }`,
    })),
  );
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
  const meta = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
    sideEffects: string[];
    exports: Record<string, { default?: string } | string>;
  };
  const toRe = (glob: string) =>
    new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
  const patterns = meta.sideEffects.map(toRe);
  const hasEffects = (file: string) => patterns.some((re) => re.test(file));
  const target = (key: string) => {
    const v = meta.exports[key];
    return typeof v === 'string' ? v : v!.default!;
  };
  for (const key of [
    './define',
    ...TAGS.map((t) => `./${t}/define`),
    './react',
    ...TAGS.map((t) => `./react/${t}`),
  ])
    assert.ok(hasEffects(target(key)), `${key} (${target(key)}) is listed`);
  for (const key of [
    '.',
    './client',
    ...TAGS.map((t) => `./${t}`),
    './jsx-react',
    './jsx-preact',
    './vue',
  ]) {
    assert.ok(!hasEffects(target(key)), `${key} (${target(key)}) has no side effects`);
  }
  // Every pattern for the published folders names files that are in the package (the ./src
  // ones serve the repository's own bundling of the sources).
  const files = run('tar', ['-tzf', tarball], dir)
    .split('\n')
    .map((f) => `./${f.replace(/^package\//, '')}`);
  for (const [i, re] of patterns.entries()) {
    if (meta.sideEffects[i]!.startsWith('./src/')) continue;
    assert.ok(
      files.some((f) => re.test(f)),
      `sideEffects entry ${meta.sideEffects[i]} matches a file of the package`,
    );
  }
});

test('React 19, React 18 (per element and all five), Preact and Vue typings, each in a project of its own', () => {
  typecheckEach([
    {
      name: 'react19',
      file: 'app.tsx',
      paths: REACT,
      source: `import type {} from '${pkg.name}/jsx-react';
export const a = <geo-autocomplete types="city" limit={5} ongeo-select={(e) => e.suggestion.entity.id} />;
export const b = <region-stats htmlFor="where" onregion-select={(e) => e.geocode} />;
// @ts-expect-error: country is 'DEU' | 'AUT'
export const c = <geo-autocomplete country="FRA" />;
// @ts-expect-error: must-pick is a boolean attribute
export const d = <geo-autocomplete must-pick="yes" />;
// @ts-expect-error: a GeoSelectEvent has no sugestion
export const e = <geo-autocomplete ongeo-select={(e) => e.sugestion} />;
// several places: multiple, max, the ids, and a removal
export const f = <geo-autocomplete multiple max={3} values={['1276003001047', '1276003001063']} ongeo-remove={(e) => e.suggestion.entity.id} />;
// @ts-expect-error: values are a list of ids
export const g = <geo-autocomplete multiple values="1276003001047" />;
// @ts-expect-error: a GeoRemoveEvent carries no entity record
export const h = <geo-autocomplete ongeo-remove={(e) => e.entity} />;
`,
    },
    {
      name: 'react18-one-element',
      file: 'app.tsx',
      paths: { ...REACT, ...LIT_REACT },
      source: `import { GeoAutocompleteReact } from '${pkg.name}/react/geo-autocomplete';
export const a = <GeoAutocompleteReact types="city" onGeoSelect={(ev) => ev.suggestion.entity.label} />;
// @ts-expect-error: country is 'DEU' | 'AUT'
export const b = <GeoAutocompleteReact country="FRA" />;
// @ts-expect-error: a GeoSelectEvent has no sugestion
export const c = <GeoAutocompleteReact onGeoSelect={(ev) => ev.sugestion} />;
export const d = <GeoAutocompleteReact multiple max={5} selections={[]} onGeoRemove={(ev) => ev.suggestion.entity.label} onChange={(ev) => (ev.target as HTMLElement)} />;
// @ts-expect-error: max is a number
export const e = <GeoAutocompleteReact multiple max="5" />;
`,
    },
    {
      name: 'react18-all',
      file: 'app.tsx',
      paths: { ...REACT, ...LIT_REACT },
      source: `import { GeoAutocompleteReact, RegionStatsReact, ContactRealtorReact, PropertyTextReact, ProjectPickerReact } from '${pkg.name}/react';
export const all = (
  <>
    <GeoAutocompleteReact onGeoSelect={(e) => e.suggestion} />
    <RegionStatsReact geocode="1276003001" onStatsLoaded={(e) => e.statistic} onRequestFailed={(e) => e.text} />
    <ContactRealtorReact exposeId="1" onContactSent={(e) => e.exposeId} />
    <PropertyTextReact onTextGenerated={(e) => e.headline} onAuthRequired={(e) => e.operation} />
    <ProjectPickerReact onEntryAdded={(e) => e.realEstateId} />
  </>
);
// @ts-expect-error: an EntryAddedEvent has no realEstateID
export const wrong = <ProjectPickerReact onEntryAdded={(e) => e.realEstateID} />;
`,
    },
    {
      name: 'preact',
      file: 'app.tsx',
      paths: PREACT,
      source: `/** @jsxImportSource preact */
import type {} from '${pkg.name}/jsx-preact';
export const a = <contact-realtor exposeId="1" oncontact-sent={(e) => e.exposeId} />;
// @ts-expect-error: format is 'json' | 'xml'
export const b = <contact-realtor format="yaml" />;
// @ts-expect-error: a ContactSentEvent has no exposeID
export const c = <contact-realtor oncontact-sent={(e) => e.exposeID} />;
export const d = <geo-autocomplete multiple values={['1276003001047']} ongeo-remove={(e) => e.suggestion.entity.label} />;
// @ts-expect-error: multiple is a boolean
export const e = <geo-autocomplete multiple="yes" />;
`,
    },
    {
      name: 'vue-script',
      file: 'main.ts',
      paths: VUE,
      source: `import type { GlobalComponents } from 'vue';
import type {} from '${pkg.name}/vue';
type Geo = InstanceType<GlobalComponents['GeoAutocomplete']>['$props'];
export const a: Geo = { types: 'city', onGeoSelect: (e) => e.suggestion };
// @ts-expect-error: limit is a number
export const b: Geo = { limit: 'ten' };
// @ts-expect-error: a GeoSelectEvent has no sugestion
export const c: Geo = { onGeoSelect: (e) => e.sugestion };
export const e: Geo = { multiple: true, max: 3, values: ['1276003001047'], onGeoRemove: (e) => e.suggestion.entity.id };
// @ts-expect-error: values are a list of ids
export const f: Geo = { values: '1276003001047' };
type Stats = InstanceType<GlobalComponents['region-stats']>['$props'];
export const d: Stats = { geocode: '1276003001', drilldown: true };
`,
    },
  ]);
});

test("the docs' ts and tsx snippets compile from the installed package, each as a project of its own", () => {
  const snippets = docsBlocks().filter((b) => b.lang === 'ts' || b.lang === 'tsx');
  assert.ok(snippets.length >= 5, 'snippets found');
  typecheckEach(
    snippets.map((b) => ({
      name: `${b.file.replace(/\W+/g, '-')}-line-${b.line}`,
      file: `snippet.${b.lang}`,
      source: snippetSource(b),
      paths: { ...REACT, ...LIT_REACT, ...PREACT, ...VUE },
    })),
  );
});

/** Runs vue-tsc on a folder of the app holding one Vue project; fails with its output. */
function vueTsc(name: string, files: Record<string, string>): void {
  const folder = join(dir, 'app', 'vue', name);
  mkdirSync(folder, { recursive: true });
  for (const [file, source] of Object.entries(files)) writeFileSync(join(folder, file), source);
  writeFileSync(
    join(folder, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { ...APP_OPTIONS, jsx: 'preserve', paths: VUE },
      include: ['*.ts', '*.vue'],
    }),
  );
  try {
    run(
      'node',
      [join(root, 'node_modules', 'vue-tsc', 'bin', 'vue-tsc.js'), '-p', 'tsconfig.json'],
      folder,
    );
  } catch (e) {
    assert.fail(`[${name}] ${String((e as { stdout?: string }).stdout ?? e)}`);
  }
}

test('Vue single-file components type-check with vue-tsc: props and events in templates', () => {
  vueTsc('sfc', {
    'Search.vue': `<script setup lang="ts">
import { ref } from 'vue';
import type { GeoSuggestion } from '${pkg.name}/client';
import type {} from '${pkg.name}/vue';
const place = ref<GeoSuggestion | null>(null);
</script>

<template>
  <geo-autocomplete types="city" :limit="5" @geo-select="(e) => (place = e.suggestion)" />
  <region-stats geocode="1276003001" drilldown @region-select="(e) => console.log(e.geocode)" />
  <!-- @vue-expect-error: country is 'DEU' | 'AUT' -->
  <geo-autocomplete country="FRA" />
  <!-- @vue-expect-error: a GeoSelectEvent has no sugestion -->
  <geo-autocomplete @geo-select="(e) => console.log(e.sugestion)" />
  <geo-autocomplete multiple :max="3" :values="['1276003001047']" @geo-remove="(e) => console.log(e.suggestion.entity.id)" />
  <!-- @vue-expect-error: values are a list of ids -->
  <geo-autocomplete multiple :values="'1276003001047'" />
</template>
`,
  });
  const vue = docsBlocks().filter((b) => b.lang === 'vue');
  assert.ok(vue.length >= 1, 'the docs have a Vue component');
  for (const b of vue)
    vueTsc(`${b.file.replace(/\W+/g, '-')}-line-${b.line}`, { 'Component.vue': b.code });
});

test("a React 18 app that imports one element's wrapper bundles that element only", async () => {
  const { build } = await import('esbuild');
  const app = join(dir, 'app');
  for (const tag of ['geo-autocomplete', 'region-stats'] as const) {
    const r = await build({
      stdin: {
        contents: `export { ${CLASSES[tag]}React } from '${pkg.name}/react/${tag}';`,
        resolveDir: app,
        loader: 'js',
      },
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'browser',
      // The app's own React and @lit/react.
      external: ['react', '@lit/react'],
      logLevel: 'silent',
    });
    const elements = new Set(
      Object.keys(r.metafile.inputs).flatMap(
        (f) => /\/lib\/elements\/([^/]+)\//.exec(f)?.[1] ?? [],
      ),
    );
    assert.deepEqual(
      [...elements],
      [tag],
      `immo-elements/react/${tag} bundles ${[...elements].join(', ')}`,
    );
  }
});

test('a plain app installs no React, no React types and no @lit/react', (t) => {
  const app = join(dir, 'app');
  for (const name of ['react', '@types/react', '@lit/react', 'csstype'])
    assert.ok(!existsSync(join(app, 'node_modules', name)), `${name} is not installed`);
  const packages = readdirSync(join(app, 'node_modules')).flatMap((n) =>
    n.startsWith('.')
      ? []
      : n.startsWith('@')
        ? readdirSync(join(app, 'node_modules', n)).map((m) => `${n}/${m}`)
        : [n],
  );
  const size = run('du', ['-sh', 'node_modules'], app).split('\t')[0];
  t.diagnostic(`a plain app: ${packages.length} packages, ${size} (${packages.join(', ')})`);
});

test('every runtime dependency is used by the published code', () => {
  const installed = join(dir, 'app', 'node_modules', pkg.name);
  const code = run('find', ['lib', 'dist', '-name', '*.js'], installed)
    .split('\n')
    .filter(Boolean)
    .map((f) => readFileSync(join(installed, f), 'utf8'))
    .join('\n');
  for (const dep of Object.keys(pkg.dependencies)) {
    assert.ok(
      new RegExp(
        `(?:from\\s*|import\\s*\\(?\\s*)["']${dep.replace(/[/.]/g, '\\$&')}(/[^"']*)?["']`,
      ).test(code),
      `${dep} is imported by lib/ or dist/`,
    );
  }
});

/** The packages of an install (`npm ls --all --parseable`), by name, without the project itself. */
function installed(project: string): string[] {
  const lines = run('npm', ['ls', '--all', '--parseable'], project).split('\n').filter(Boolean);
  return lines
    .slice(1)
    .map((l) => l.slice(l.lastIndexOf('node_modules/') + 'node_modules/'.length))
    .sort();
}

/** A fresh project beside the plain app, with `packages` installed from npm's cache. */
function project(name: string, packages: string[]): string {
  const folder = join(dir, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'package.json'),
    JSON.stringify({ name, version: '1.0.0', type: 'module', private: true }),
  );
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...packages], folder);
  return folder;
}

test('a browser-only install brings the package and what Lit, the XML parser and Floating UI bring, nothing for servers', (t) => {
  const app = join(dir, 'app');
  const three = project(
    'three',
    Object.entries(pkg.dependencies).map(([n, range]) => `${n}@${range}`),
  );
  const ours = installed(app);
  assert.deepEqual(ours, [...installed(three), pkg.name].sort());
  for (const server of [
    '@lit-labs/ssr',
    '@lit-labs/ssr-client',
    'parse5',
    'node-fetch',
    'enhanced-resolve',
    '@types/node',
  ])
    assert.ok(!ours.includes(server), `${server} is not installed`);
  assert.doesNotMatch(run('npm', ['ls', '--all'], app), /@types\/node/);
  const size = (p: string) => run('du', ['-sh', 'node_modules'], p).split('\t')[0];
  t.diagnostic(
    `browser-only: ${ours.length} packages, ${size(app)}; Lit, fast-xml-parser and Floating UI alone: ${installed(three).length} packages, ${size(three)}`,
  );
});

test('the ranges the missing-peer errors name are the peerDependencies of package.json', async () => {
  const { PEERS } = await import('../../src/peers.js');
  for (const [name, range] of Object.entries(PEERS)) {
    assert.equal(range, pkg.peerDependencies[name], name);
    assert.ok(!(name in pkg.dependencies), `${name} is no dependency`);
  }
});

/** What a Node script of the app prints to stderr when it fails (it must fail). */
function fails(app: string, file: string, source: string): string {
  writeFileSync(join(app, file), source);
  try {
    run('node', [file], app);
  } catch (e) {
    return String((e as { stderr?: string }).stderr);
  }
  assert.fail(`${file} ran without its optional peer`);
}

test('immo-elements/ssr without @lit-labs/ssr fails with the command that installs it; with the peers, ssr and hydrate load', () => {
  const stderr = fails(join(dir, 'app'), 'ssr.mjs', `await import('${pkg.name}/ssr');`);
  assert.ok(
    stderr.includes(
      `immo-elements/ssr needs @lit-labs/ssr, an optional peer dependency that is not installed: npm install @lit-labs/ssr@${pkg.peerDependencies['@lit-labs/ssr']}`,
    ),
    stderr,
  );
  assert.match(
    fails(join(dir, 'app'), 'hydrate.mjs', `await import('${pkg.name}/hydrate');`),
    /Cannot find package '@lit-labs\/ssr-client'/,
  );
  const app = project('ssr-app', [
    tarball,
    `@lit-labs/ssr@${pkg.peerDependencies['@lit-labs/ssr']}`,
    `@lit-labs/ssr-client@${pkg.peerDependencies['@lit-labs/ssr-client']}`,
  ]);
  writeFileSync(
    join(app, 'render.mjs'),
    `const { renderHTML } = await import('${pkg.name}/ssr');
await import('${pkg.name}/hydrate');
console.log(await renderHTML('<geo-autocomplete label="Ort"></geo-autocomplete>'));`,
  );
  assert.match(run('node', ['render.mjs'], app), /<template shadowroot(mode)?="open"/);
});

test('a React 18 wrapper without @lit/react: TypeScript names the package to install', () => {
  const folder = join(dir, 'app', 'ts', 'react18-no-lit-react');
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'app.tsx'),
    `import { GeoAutocompleteReact } from '${pkg.name}/react/geo-autocomplete';
export const a = <GeoAutocompleteReact types="city" onGeoSelect={(e) => e.suggestion} />;
`,
  );
  const problems = [
    ...compileEach([
      { name: 'no-lit-react', files: [join(folder, 'app.tsx')], options: { paths: REACT } },
    ]),
  ].flatMap(([, lines]) => lines);
  assert.ok(
    problems.some((l) =>
      l.includes(`npm install @lit/react@${pkg.peerDependencies['@lit/react']}`),
    ),
    problems.join('\n'),
  );
});

test('a React 18 wrapper without @lit/react, built by Vite: the page fails with an error that names @lit/react', async () => {
  const react = (n: string) =>
    `${n}@${(JSON.parse(readFileSync(join(mods, n, 'package.json'), 'utf8')) as { version: string }).version}`;
  const app = project('vite-app', [tarball, react('react'), react('react-dom')]);
  writeFileSync(
    join(app, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/main.js"></script></body></html>',
  );
  writeFileSync(
    join(app, 'main.js'),
    `import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { GeoAutocompleteReact } from '${pkg.name}/react/geo-autocomplete';
createRoot(document.getElementById('root')).render(createElement(GeoAutocompleteReact, { types: 'city' }));
`,
  );
  const { build } = await import('vite');
  await build({ root: app, configFile: false, logLevel: 'silent', build: { outDir: 'dist' } });
  const errors = await pageErrors(join(app, 'dist'));
  assert.ok(
    errors.some((m) => m.includes('"@lit/react"') || m.includes('npm install @lit/react')),
    errors.join('\n'),
  );
});

/** The errors a page of `folder` (its index.html and assets, served on 127.0.0.1) throws in Chromium. */
async function pageErrors(folder: string): Promise<string[]> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = join(folder, path === '/' ? 'index.html' : path);
    if (!file.startsWith(folder + '/') || !existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e instanceof Error ? e.message : String(e)));
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {
      waitUntil: 'load',
    });
    await page.evaluate(() => new Promise((r) => setTimeout(r, 200)));
    return errors;
  } finally {
    await browser.close();
    server.close();
  }
}

test('publint, and attw on its esm-only profile (the README names it), pass on the tarball', async () => {
  const { publint } = await import('publint');
  const { formatMessage } = await import('publint/utils');
  const tgz = readFileSync(tarball);
  const result = await publint({
    pack: { tarball: tgz.buffer.slice(tgz.byteOffset, tgz.byteOffset + tgz.byteLength) },
    level: 'suggestion',
    strict: true,
  });
  assert.deepEqual(
    result.messages.map((m) => formatMessage(m, result.pkg) ?? m.code),
    [],
  );
  const attw = join(mods, '@arethetypeswrong', 'cli', 'dist', 'index.js');
  try {
    run('node', [attw, tarball, '--profile', 'esm-only', '--no-color'], dir);
  } catch (e) {
    assert.fail(`attw --profile esm-only: ${String((e as { stdout?: string }).stdout ?? e)}`);
  }
});
