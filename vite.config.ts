import { defineConfig, type Plugin } from 'vite';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { TAGS, defineModule } from './demo/tags.js';
import { viteTemplates } from './scripts/minify-templates-unbuilt.js';

/**
 * The script-tag bundles written by `npm run build` to dist/ (scripts/build-dist.ts, with
 * esbuild and terser: one file per element, sharing dist/chunks/runtime.js; the all-in-one
 * file self-contained; the XML chunks apart): `dist/<tag>.js` registers that element (one
 * per tag of demo/tags.ts), `dist/immo-elements.js` all of them. This file is otherwise the
 * dev server's (npm start).
 */
export const ENTRIES: Record<string, string> = {
  'immo-elements': 'src/define.ts',
  ...Object.fromEntries(TAGS.map((tag) => [tag, defineModule(tag)])),
};

/** Where the demo links the placeholder sheet, as a partner links it from their copy of dist/. */
const PLACEHOLDERS_URL = '/dist/immo-elements-placeholders.css';

/**
 * Serves the placeholder sheet at PLACEHOLDERS_URL from its source, src/placeholders.css, in
 * the dev server and in the demo's build: `npm run build` copies that file to dist/ unchanged
 * (test/node/placeholders.test.ts keeps the two equal), and serving the source means
 * `npm ci && npm start` on a fresh clone shows the demo without building dist/ first.
 */
export function placeholderSheetPlugin(): Plugin {
  const source = resolve(import.meta.dirname, 'src/placeholders.css');
  return {
    name: 'immo-placeholder-sheet',
    resolveId: (id) => (id === PLACEHOLDERS_URL ? source : undefined),
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== PLACEHOLDERS_URL) return next();
        res.setHeader('Content-Type', 'text/css; charset=utf-8');
        res.end(readFileSync(source));
      });
    },
  };
}

type Mountable = {
  middlewares: {
    use: (fn: (req: IncomingMessage, res: ServerResponse, next: () => void) => void) => void;
  };
  httpServer?: { once(ev: 'close', fn: () => void): unknown } | null;
  config: {
    server: { port?: number; host?: string | boolean };
    preview: { port?: number; host?: string | boolean };
  };
};

/**
 * Mounts the sandbox on the server's origin under /restapi/api (npm start, and the demo
 * preview; SANDBOX_ORIGINS as for the sandbox's CLI). A taken port, an unusable
 * SANDBOX_DATA_DIR or a bad SANDBOX_ORIGINS ends `npm start` with one line and exit code 1
 * (packages/sandbox/src/startup.ts), before the geography loads, instead of Vite's stack.
 */
export function sandboxPlugin(): Plugin {
  const mount = async (server: Mountable, which: 'server' | 'preview') => {
    const { register } = await import('tsx/esm/api');
    register();
    const startup = await import(resolve(import.meta.dirname, 'packages/sandbox/src/startup.ts'));
    const { port = which === 'server' ? 5173 : 4173, host } = server.config[which];
    const h = typeof host === 'string' ? host : 'localhost';
    const dataDir = process.env.SANDBOX_DATA_DIR;
    let origins: string[] = [];
    try {
      origins = (
        await import(resolve(import.meta.dirname, 'packages/sandbox/src/origins.ts'))
      ).parseOrigins(process.env.SANDBOX_ORIGINS ?? '', 'SANDBOX_ORIGINS');
      if (dataDir) startup.checkDataDir(resolve(dataDir), 'SANDBOX_DATA_DIR=<folder> npm start');
      await startup.probePort(port, h);
    } catch (e) {
      const line =
        e instanceof startup.StartupError
          ? (e as Error).message
          : (startup.listenProblem(
              e,
              h,
              port,
              `start on another port: npm start -- --port ${port + 1}`,
            ) ?? (e as Error).message);
      process.stderr.write(`npm start: ${line}\n`);
      process.exit(1);
    }
    const { createSandbox } = await import(
      resolve(import.meta.dirname, 'packages/sandbox/src/index.ts')
    );
    const sandbox = await createSandbox({ dataDir, origins });
    server.middlewares.use((req, res, next) => {
      if (req.url && req.url.startsWith('/restapi/')) sandbox.handle(req, res);
      else next();
    });
    server.httpServer?.once('close', () => void sandbox.close());
  };
  return {
    name: 'immo-sandbox',
    configureServer: (server) => mount(server as unknown as Mountable, 'server'),
    configurePreviewServer: (server) => mount(server as unknown as Mountable, 'preview'),
  };
}

export default defineConfig(({ command }) => ({
  root: command === 'serve' ? 'demo' : undefined,
  server: { port: 5173, strictPort: true, host: '127.0.0.1', open: false, fs: { allow: ['..'] } },
  // viteTemplates(): the demo runs src/'s templates minified, as dist/ has them.
  plugins: [viteTemplates(), sandboxPlugin(), placeholderSheetPlugin()],
  esbuild: { target: 'es2022' },
}));
