// Browser tests in three engines: Chromium, Firefox and WebKit (test/browser/helpers/
// engines.node.mjs finds and launches them), TypeScript through esbuild, and the sandbox
// mounted on the same origin under /restapi/api so that every element test runs end to end.
//
//   npm run test:browser             every engine found (CI=true: all three, or the run fails)
//   npm run test:browser:firefox     one engine (also :chromium, :webkit)
//   npx wtr --files test/browser/x.test.ts --port 8103     one file in every engine found
//   IMMO_ENGINES=chromium npx wtr --files …               … or only in the engines named
//
// Without --files each engine is a group (chromium, firefox, firefox-dark, webkit, webkit-dark;
// `wtr --group firefox`). The -dark groups are Firefox and WebKit launched in the dark colour
// scheme: they run only the tests written with itInColorScheme('dark', …), in the files that
// hold such tests (Chromium switches the scheme at run time instead). WebKit runs
// layout.test.ts in groups of their own, one session per width (webkit-390, webkit-1280,
// webkit-dark-390, webkit-dark-1280): its driver cannot resize a running session.
import path from 'node:path';
import { execFile } from 'node:child_process';
import { register as registerHooks } from 'node:module';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { a11ySnapshotPlugin } from '@web/test-runner-commands/plugins';
import { register } from 'tsx/esm/api';
import {
  ENGINES,
  INSTALL,
  chromium,
  enginePlugin,
  findEngines,
  firefox,
  schemeFiles,
  webkit,
} from './test/browser/helpers/engines.node.mjs';

register();
// src/'s templates minified as the build minifies them (scripts/minify-templates-unbuilt.ts):
// in the modules served to the browser, in the bundles built here, and in the modules that
// render on the server here (/__ssr), so that the browser hydrates the templates it was sent.
registerHooks('./scripts/minify-templates-hooks.ts', import.meta.url);
const { devServerTemplates, esbuildTemplates } =
  await import('./scripts/minify-templates-unbuilt.ts');
const { createSandbox } = await import('./packages/sandbox/src/index.ts');
const sandbox = await createSandbox({ quiet: true });

const CI = process.env.CI === 'true';
const FILES = 'test/browser/**/*.test.ts';

const wanted = process.env.IMMO_ENGINES
  ? process.env.IMMO_ENGINES.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
  : ENGINES;
for (const e of wanted)
  if (!ENGINES.includes(e))
    throw new Error(`IMMO_ENGINES: unknown engine ${e} (known: ${ENGINES.join(', ')})`);
const found = findEngines();
const missing = wanted.filter((e) => !found[e]);
if (missing.length && CI) {
  throw new Error(
    `CI=true needs every browser engine; missing: ${missing.map((e) => `${e} (${INSTALL[e]})`).join('; ')}`,
  );
}
for (const e of missing)
  console.log(`Skipping the browser tests in ${e}: not found; to run them, ${INSTALL[e]}.`);
const engines = wanted.filter((e) => found[e]);
if (!engines.length)
  throw new Error(`No browser engine found. ${ENGINES.map((e) => INSTALL[e]).join('; ')}.`);

const light = {
  chromium: () => chromium(found.chromium),
  firefox: () => firefox(found.firefox, 'light'),
  webkit: () => webkit(found.webkit, 'light'),
};
const dark = {
  firefox: () => firefox(found.firefox, 'dark'),
  webkit: () => webkit(found.webkit, 'dark'),
};

// WebKit runs the layout of every story (layout.test.ts) once per width, in a session made at
// that size: WebKitGTK's driver cannot resize a running session (engines.node.mjs, webkit()).
const LAYOUT = 'test/browser/layout.test.ts';
const LAYOUT_WIDTHS = [390, 1280];
const sizedWebKit = (scheme) =>
  LAYOUT_WIDTHS.map((width) => ({
    name: `webkit${scheme === 'dark' ? '-dark' : ''}-${width}`,
    files: [LAYOUT],
    browsers: [webkit(found.webkit, scheme, { width, height: 844 })],
  }));

// The files named on the command line (--files a b, --files=a), if any.
const argv = process.argv.slice(2);
const cliFiles = [];
for (let i = 0; i < argv.length; i++) {
  if (argv[i].startsWith('--files=')) cliFiles.push(argv[i].slice(8));
  else if (argv[i] === '--files')
    while (argv[i + 1] && !argv[i + 1].startsWith('-')) cliFiles.push(argv[++i]);
}
const norm = (f) => path.relative(process.cwd(), path.resolve(f)).split(path.sep).join('/');
// (a glob's ** and * as wtr reads them, enough to pick the dark groups' files)
const globRe = (g) =>
  new RegExp(
    `^${g
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*\*\/?/g, '\0')
      .replace(/\*/g, '[^/]*')
      .replace(/\0/g, '(?:.*/)?')}$`,
  );
const cliRes = cliFiles.map((f) => globRe(norm(f)));
const isCli = (f) => !cliRes.length || cliRes.some((re) => re.test(f));
const darkFiles = schemeFiles('test/browser')
  .map(norm)
  .filter((f) => isCli(f));

const layoutWanted = isCli(LAYOUT) && engines.includes('webkit');
// In WebKit the layout file runs only in its sized sessions, in both schemes.
const notLayoutInWebKit = (e, files) => (e === 'webkit' ? [files, `!${LAYOUT}`].flat() : files);
const darkGroups = engines
  .map((e) => ({ e, files: e === 'webkit' ? darkFiles.filter((f) => f !== LAYOUT) : darkFiles }))
  .filter(({ e, files }) => dark[e] && files.length)
  .map(({ e, files }) => ({ name: `${e}-dark`, files, browsers: [dark[e]()] }))
  .concat(
    layoutWanted
      ? [...sizedWebKit('light'), ...(darkFiles.includes(LAYOUT) ? sizedWebKit('dark') : [])]
      : [],
  );
const lights = engines.map((e) => light[e]());
const layout = cliFiles.length
  ? // --files: the default group runs them in every engine (in WebKit's default session the
    // layout file checks nothing: its sized groups do); the dark groups add their scheme tests
    { browsers: lights, groups: darkGroups }
  : // (browsers: wtr wants some at the top; only the groups' own run)
    {
      browsers: lights,
      groups: [
        ...engines.map((e, i) => ({
          name: e,
          files: notLayoutInWebKit(e, FILES),
          browsers: [lights[i]],
        })),
        ...darkGroups,
      ],
    };

/** The modules the freshModules middleware holds back now: the requests waiting, how many came. */
const heldModules = new Map();

/** The React vendor bundles by path, each built on first request (see the reactVendor middleware). */
const reactBundles = {};

export default {
  ...layout,
  nodeResolve: true,
  // One test file at a time: they share one sandbox whose state some tests change.
  concurrency: 1,
  concurrentBrowsers: 1,
  testsFinishTimeout: 240000,
  testFramework: { config: { timeout: 20000 } },
  // A WebDriver session starts MiniBrowser, and the first WebKit session also Xvfb and the driver.
  browserStartTimeout: 60000,
  // a11ySnapshot(): Chromium's accessibility tree (test/browser/helpers/a11y.ts); enginePlugin():
  // keys and colour scheme in every engine (test/browser/helpers/keys.ts, scheme.ts).
  plugins: [
    devServerTemplates(),
    esbuildPlugin({ ts: true, tsconfig: './tsconfig.json', target: 'es2022' }),
    a11ySnapshotPlugin(),
    enginePlugin(),
  ],
  middleware: [
    // A page under a strict Content-Security-Policy, for test/browser/csp.test.ts.
    // /bundle/?src=/dist/<file>.js[&src=…]: the same page with script-tag bundles of dist/
    // loaded by plain <script type="module"> tags, as a partner's page does
    // (test/browser/csp.test.ts). The page script comes first so that it sees their errors.
    function cspPage(ctx, next) {
      if (ctx.path !== '/csp/' && ctx.path !== '/bundle/') return next();
      const srcs = ctx.path === '/bundle/' ? [ctx.query.src ?? []].flat().map(String) : [];
      if (
        ctx.path === '/bundle/' &&
        (!srcs.length || !srcs.every((s) => /^\/dist\/[a-z-]+\.js$/.test(s)))
      )
        return next();
      ctx.set('Content-Security-Policy', "default-src 'self'");
      ctx.type = 'html';
      ctx.body =
        '<!doctype html><html lang="de"><head><meta charset="utf-8"><title>CSP</title></head><body>' +
        '<script type="module" src="/test/browser/csp-page.ts"></script>' +
        srcs.map((s) => `<script type="module" src="${s}"></script>`).join('') +
        '</body></html>';
      return undefined;
    },
    // /slow/<page>/dist/…: dist/ with the chunks a first render waits for (the English ones,
    // *.en.js, and geo-autocomplete's `multiple`) held back 500 ms, so that
    // test/browser/i18n.test.ts can watch an element wait (<page>: a fresh URL per page, which
    // no browser cache has seen).
    async function slowChunks(ctx, next) {
      const m = /^\/slow\/[\w-]+(\/dist\/.*)$/.exec(ctx.path);
      if (!m) return next();
      if (/(\.en|\/geo-multiple)\.js$/.test(ctx.path)) await new Promise((r) => setTimeout(r, 500));
      ctx.path = m[1];
      return next();
    },
    // /__fresh/<id>/…: the files under a URL that no browser cache has seen (the prefix dropped),
    // so that a test sees a module of it load. /__hold?m=/__fresh/<id>/src/<module>.js: the next
    // requests for that module wait until /__hold/release?m=… (which answers how many waited),
    // for test/browser/geo-autocomplete.ondemand.test.ts: a visitor types before
    // geo-autocomplete's list code has arrived.
    async function freshModules(ctx, next) {
      const FRESH = /^\/__fresh\/[\w-]+(\/[\w/.@-]+)$/;
      if (ctx.path === '/__hold' || ctx.path === '/__hold/release') {
        const m = String(ctx.query.m ?? '');
        if (!FRESH.test(m)) return next();
        const held = heldModules.get(m) ?? { waiting: [], count: 0 };
        if (ctx.path === '/__hold') heldModules.set(m, { waiting: [], count: 0 });
        else {
          heldModules.delete(m);
          for (const go of held.waiting) go();
        }
        ctx.type = 'json';
        ctx.body = { held: held.count };
        return undefined;
      }
      const fresh = FRESH.exec(ctx.path);
      if (!fresh) return next();
      const held = heldModules.get(ctx.path.replace(/\.ts$/, '.js'));
      if (held) {
        held.count++;
        await new Promise((go) => held.waiting.push(go));
      }
      ctx.path = fresh[1];
      return next();
    },
    // /__vendor/react.js: React 19 and react-dom as one ES module (both ship CommonJS only),
    // bundled once by esbuild, for the React 19 test in geo-autocomplete.frameworks.test.ts.
    // /__vendor/react-wrappers.js: the same with react-dom's server renderer and the package's
    // React wrappers (src/frameworks/react/*, with their elements), one React for all, for
    // react-hydrate.test.ts.
    async function reactVendor(ctx, next) {
      const contents = {
        '/__vendor/react.js':
          "export * as React from 'react'; export * as ReactDOMClient from 'react-dom/client';" +
          "export { flushSync } from 'react-dom';",
        '/__vendor/react-wrappers.js':
          "export * as React from 'react'; export * as ReactDOMClient from 'react-dom/client';" +
          "export { renderToString } from 'react-dom/server.browser';" +
          "export * from './src/frameworks/react.ts';",
      }[ctx.path];
      if (!contents) return next();
      reactBundles[ctx.path] ??= import('esbuild').then(({ build }) =>
        build({
          stdin: { contents, resolveDir: process.cwd(), loader: 'ts' },
          bundle: true,
          format: 'esm',
          target: 'es2022',
          write: false,
          define: { 'process.env.NODE_ENV': '"development"' },
          plugins: [esbuildTemplates()],
        }).then((r) => r.outputFiles[0].text),
      );
      ctx.type = 'js';
      ctx.body = await reactBundles[ctx.path];
      return undefined;
    },
    // /__ssr?m=<markup>, or ?tag=<tag>&a=<attributes as JSON>&p=<properties as JSON>: the
    // markup, or one element, rendered by immo-elements/ssr (src/ssr.ts) as a partner's
    // server sends it, in the page language `lang` if given, for test/browser/ssr*.test.ts.
    // With `from=lib`, by the built package's lib/ssr.js (`npm run build`), whose templates
    // are minified as dist/'s are, for a page that hydrates with dist/: in a Node process of
    // its own, since the tags registered here are src/'s.
    async function serverRender(ctx, next) {
      if (ctx.path !== '/__ssr') return next();
      if (ctx.query.from === 'lib') {
        const script =
          "const { renderHTML } = await import('./lib/ssr.js');" +
          'process.stdout.write(await renderHTML(process.argv[1]));';
        ctx.type = 'html';
        ctx.body = await new Promise((resolve, reject) =>
          execFile(
            process.execPath,
            ['--input-type=module', '-e', script, String(ctx.query.m ?? '')],
            { maxBuffer: 8e6 },
            (e, out) => (e ? reject(e) : resolve(out)),
          ),
        );
        return undefined;
      }
      const { renderHTML, renderElement } = await import('./src/ssr.ts');
      const json = (k) => JSON.parse(String(ctx.query[k] ?? '{}'));
      const options = ctx.query.lang ? { lang: String(ctx.query.lang) } : {};
      ctx.type = 'html';
      ctx.body = ctx.query.tag
        ? await renderElement(String(ctx.query.tag), json('a'), json('p'), options)
        : await renderHTML(String(ctx.query.m ?? ''), options);
      return undefined;
    },
    function sandboxMiddleware(ctx, next) {
      if (!ctx.path.startsWith('/restapi/')) return next();
      ctx.respond = false;
      return new Promise((resolve) => {
        ctx.res.on('finish', resolve);
        ctx.res.on('close', resolve);
        sandbox.handle(ctx.req, ctx.res);
      });
    },
  ],
  // demo/sandbox-scope.ts first: each test page asks the sandbox in a fault scope of its own,
  // so faults a test file sets or clears never reach another's (two runs may share a sandbox).
  testRunnerHtml: (testFramework) =>
    '<!doctype html><html lang="de"><head><meta charset="utf-8"></head><body>' +
    '<script type="module" src="/demo/sandbox-scope.ts"></script>' +
    `<script type="module" src="${testFramework}"></script></body></html>`,
};
