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
  bin: Record<string, string>;
  dependencies: Record<string, string>;
};
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
  // The peer React and the optional Redis client are not needed to import the entry points.
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

test('the gateway bin is installed and refuses to start without its configuration', () => {
  const app = join(dir, 'app');
  const bin = join(app, 'node_modules', '.bin', Object.keys(pkg.bin)[0]!);
  assert.ok(existsSync(bin), 'bin linked');
  let stderr = '';
  let status = 0;
  try {
    execFileSync(bin, [], { cwd: app, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH } });
  } catch (e) {
    stderr = (e as { stderr: string }).stderr;
    status = (e as { status: number }).status;
  }
  assert.equal(status, 2);
  assert.match(stderr, /Missing required environment variables: GATEWAY_TARGET, GATEWAY_CONSUMER_KEY, GATEWAY_CONSUMER_SECRET, GATEWAY_ORIGINS/);
});
