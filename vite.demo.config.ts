import { defineConfig } from 'vite';
import { resolve } from 'node:path';
import { placeholderSheetPlugin, sandboxPlugin } from './vite.config.js';
import { viteTemplates } from './scripts/minify-templates-unbuilt.js';

/**
 * `npm run build:demo`: a static copy of the demo page in demo-dist/ (relative paths, so any
 * static host serves it). Its stories talk to a sandbox on the same origin under
 * /restapi/api: `npm run preview:demo` serves the copy with the sandbox mounted.
 */
export default defineConfig({
  root: resolve(import.meta.dirname, 'demo'),
  base: './',
  plugins: [viteTemplates(), sandboxPlugin(), placeholderSheetPlugin()],
  preview: { port: 5174, strictPort: true, host: '127.0.0.1' },
  build: {
    outDir: resolve(import.meta.dirname, 'demo-dist'),
    emptyOutDir: true,
    target: 'es2022',
  },
});
