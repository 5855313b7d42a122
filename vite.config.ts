import { defineConfig, type Plugin } from 'vite';
import { resolve } from 'node:path';

/**
 * The script-tag bundles written by `npm run build` to dist/. Each element's issue adds
 * one line here: `dist/<tag>.js` registers that element, `dist/immo-elements.js` all of them.
 * scripts/build-dist.mjs builds each entry on its own (IMMO_ENTRY), so that every bundle
 * carries only what its element uses (one build of all entries would put the union of
 * what they share, e.g. every client operation, into chunks every element loads). The XML
 * parser stays a chunk beside them, loaded by a relative import only on demand.
 */
export const ENTRIES: Record<string, string> = {
  'immo-elements': 'src/define.ts',
  'geo-autocomplete': 'src/elements/geo-autocomplete/define.ts',
  'contact-realtor': 'src/elements/contact-realtor/define.ts',
  'region-stats': 'src/elements/region-stats/define.ts',
  'property-text': 'src/elements/property-text/define.ts',
  'project-picker': 'src/elements/project-picker/define.ts',
};

/** Mounts the sandbox on the server's origin under /restapi/api (npm start, and the demo preview). */
export function sandboxPlugin(): Plugin {
  const mount = async (server: { middlewares: { use: (fn: (req: any, res: any, next: () => void) => void) => void }; httpServer?: { once(ev: 'close', fn: () => void): unknown } | null }) => {
    const { register } = await import('tsx/esm/api');
    register();
    const { createSandbox } = await import(resolve(import.meta.dirname, 'src/sandbox/index.ts'));
    const sandbox = await createSandbox({ dataDir: process.env.SANDBOX_DATA_DIR });
    server.middlewares.use((req, res, next) => {
      if (req.url && req.url.startsWith('/restapi/')) sandbox.handle(req, res);
      else next();
    });
    server.httpServer?.once('close', () => void sandbox.close());
  };
  return {
    name: 'immo-sandbox',
    configureServer: mount,
    configurePreviewServer: mount,
  };
}

export default defineConfig(({ command }) => ({
  root: command === 'serve' ? 'demo' : undefined,
  server: { port: 5173, strictPort: true, host: '127.0.0.1', open: false, fs: { allow: ['..'] } },
  plugins: [sandboxPlugin()],
  esbuild: { target: 'es2022' },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: !process.env.IMMO_ENTRY,
    sourcemap: true,
    minify: true,
    lib: {
      entry: Object.fromEntries(
        Object.entries(ENTRIES)
          .filter(([k]) => !process.env.IMMO_ENTRY || k === process.env.IMMO_ENTRY)
          .map(([k, v]) => [k, resolve(import.meta.dirname, v)]),
      ),
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
    rollupOptions: {
      output: {
        // geo-autocomplete loaded by property-text on demand is a chunk of its own name, so
        // that its size is reported apart (it is a separate element).
        chunkFileNames: (chunk) =>
          process.env.IMMO_ENTRY !== 'geo-autocomplete' && chunk.moduleIds.some((id) => id.includes('/elements/geo-autocomplete/geo-autocomplete.'))
            ? 'chunks/geo-autocomplete-[hash].js'
            : 'chunks/[name]-[hash].js',
      },
    },
  },
}));
