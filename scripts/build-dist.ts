// `npm run build` (first half): one vite build per script-tag entry of vite.config.ts, all
// into dist/, so that each bundle is self-contained and carries only what its element uses.
import { build } from 'vite';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { ENTRIES } from '../vite.config.js';

const root = resolve(import.meta.dirname, '..');
rmSync(resolve(root, 'dist'), { recursive: true, force: true });
for (const entry of Object.keys(ENTRIES)) {
  process.env.IMMO_ENTRY = entry;
  await build({ root, configFile: resolve(root, 'vite.config.ts'), logLevel: 'warn' });
}
delete process.env.IMMO_ENTRY;
