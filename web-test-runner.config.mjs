// Browser tests: real Chromium (Debian's /usr/bin/chromium), TypeScript through esbuild,
// and the sandbox mounted on the same origin under /restapi/api so that every element
// test runs end to end against it.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { a11ySnapshotPlugin } from '@web/test-runner-commands/plugins';
import { register } from 'tsx/esm/api';

register();
const { createSandbox } = await import('./src/sandbox/index.ts');
const sandbox = await createSandbox({ quiet: true });

const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
/** The React vendor bundle, built on first request (see the reactVendor middleware). */
let reactBundle;

export default {
  files: ['test/browser/**/*.test.ts'],
  nodeResolve: true,
  // One test file at a time: they share one sandbox whose state some tests change.
  concurrency: 1,
  concurrentBrowsers: 1,
  testsFinishTimeout: 240000,
  testFramework: { config: { timeout: 20000 } },
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: CHROMIUM,
        headless: true,
        args: [
          '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
          '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
        ],
      },
    }),
  ],
  // a11ySnapshot(): the browser's accessibility tree, for role and accessible-name checks.
  plugins: [esbuildPlugin({ ts: true, tsconfig: './tsconfig.json', target: 'es2022' }), a11ySnapshotPlugin()],
  middleware: [
    // A page under a strict Content-Security-Policy, for test/browser/csp.test.ts.
    // /bundle/?src=/dist/<file>.js[&src=…]: the same page with script-tag bundles of dist/
    // loaded by plain <script type="module"> tags, as a partner's page does
    // (test/browser/csp.test.ts). The page script comes first so that it sees their errors.
    function cspPage(ctx, next) {
      if (ctx.path !== '/csp/' && ctx.path !== '/bundle/') return next();
      const srcs = ctx.path === '/bundle/' ? [ctx.query.src ?? []].flat().map(String) : [];
      if (ctx.path === '/bundle/' && (!srcs.length || !srcs.every((s) => /^\/dist\/[a-z-]+\.js$/.test(s)))) return next();
      ctx.set('Content-Security-Policy', "default-src 'self'");
      ctx.type = 'html';
      ctx.body =
        '<!doctype html><html lang="de"><head><meta charset="utf-8"><title>CSP</title></head><body>' +
        '<script type="module" src="/test/browser/csp-page.ts"></script>' +
        srcs.map((s) => `<script type="module" src="${s}"></script>`).join('') +
        '</body></html>';
      return undefined;
    },
    // /__vendor/react.js: React 19 and react-dom as one ES module (both ship CommonJS only),
    // bundled once by esbuild, for the React 19 test in geo-autocomplete.frameworks.test.ts.
    async function reactVendor(ctx, next) {
      if (ctx.path !== '/__vendor/react.js') return next();
      reactBundle ??= import('esbuild').then(({ build }) =>
        build({
          stdin: { contents: "export * as React from 'react'; export * as ReactDOMClient from 'react-dom/client'; export { flushSync } from 'react-dom';", resolveDir: process.cwd() },
          bundle: true, format: 'esm', write: false, define: { 'process.env.NODE_ENV': '"development"' },
        }).then((r) => r.outputFiles[0].text),
      );
      ctx.type = 'js';
      ctx.body = await reactBundle;
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
  testRunnerHtml: (testFramework) => `<!doctype html><html lang="de"><head><meta charset="utf-8"></head><body><script type="module" src="/demo/sandbox-scope.ts"></script><script type="module" src="${testFramework}"></script></body></html>`,
};
