/**
 * Writes an example app's lockfile anew: `npm install` in examples/<name> on the examples'
 * Node, against the tarball the examples test packed last (examples/immo-elements.tgz), then
 * drops that tarball's hash from the lockfile so that `npm ci` installs each new tarball
 * instead of a cached earlier one.
 *
 *   npx tsx scripts/example-lock.ts react-vite
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EXAMPLES_NODE, nodeBin } from './node-lines.js';

const root = resolve(import.meta.dirname, '..');
const name = process.argv[2];
const dir = join(root, 'examples', name ?? '');
if (!name || !existsSync(join(dir, 'package.json'))) {
  console.error('usage: npx tsx scripts/example-lock.ts <example folder name>');
  process.exit(2);
}
if (!existsSync(join(root, 'examples', 'immo-elements.tgz'))) {
  console.error('examples/immo-elements.tgz is missing: run `npm run test:examples` once first');
  process.exit(2);
}
execFileSync('npm', ['install', '--no-audit', '--no-fund'], {
  cwd: dir,
  stdio: 'inherit',
  env: { ...process.env, PATH: `${nodeBin(EXAMPLES_NODE)}:${process.env.PATH}` },
});
const file = join(dir, 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));
delete lock.packages['node_modules/immo-elements']?.integrity;
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`examples/${name}/package-lock.json written`);
