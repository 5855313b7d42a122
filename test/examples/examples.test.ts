/**
 * Every app in examples/ as a partner builds it: the package packed from this build, each
 * app's lockfile installed with `npm ci` on the current LTS Node, built by the stack's own
 * tool, served by its own server behind a front server that routes the API to the sandbox,
 * and driven in Chromium (journey.ts). Each step's time is printed.
 *
 *   npm run build && npm run test:examples          every example
 *   EXAMPLES=react-vite,vue-vite npm run test:examples
 */
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, renameSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { startFront } from './front.js';
import { journey, type ExampleMeta } from './journey.js';
import { EXAMPLES_NODE, nodeBin } from '../../scripts/node-lines.js';

const root = resolve(import.meta.dirname, '../..');
const examplesDir = join(root, 'examples');
const TARBALL = 'immo-elements.tgz';

const wanted = process.env.EXAMPLES?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const examples = readdirSync(examplesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(examplesDir, d.name, 'example.json')))
  .map((d) => d.name)
  .filter((n) => !wanted || wanted.includes(n));

let env: NodeJS.ProcessEnv = {};

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

function step(name: string, what: string, fn: () => void) {
  const t0 = Date.now();
  fn();
  console.log(`examples: ${name}: ${what} in ${seconds(t0)}`);
}

before(() => {
  assert.ok(
    existsSync(join(root, 'dist/immo-elements.js')) && existsSync(join(root, 'lib/index.js')),
    'examples: run `npm run build` first (npm test does)',
  );
  env = {
    ...process.env,
    PATH: `${nodeBin(EXAMPLES_NODE)}:${process.env.PATH}`,
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    NEXT_TELEMETRY_DISABLED: '1',
    ASTRO_TELEMETRY_DISABLED: '1',
    NG_CLI_ANALYTICS: 'false',
  };
  step('package', 'packed', () => {
    // lib/ and dist/ are this run's build, so the pack step does not build again.
    const out = execFileSync(
      'npm',
      ['pack', '--ignore-scripts', '--json', '--pack-destination', examplesDir],
      { cwd: root, encoding: 'utf8', env },
    );
    const file = (JSON.parse(out) as { filename: string }[])[0]!.filename;
    renameSync(join(examplesDir, file), join(examplesDir, TARBALL));
  });
});

const freePort = () =>
  new Promise<number>((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
    s.on('error', rej);
  });

async function waitForServer(url: string, child: ChildProcess, log: () => string) {
  const until = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app's server exited:\n${log()}`);
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) throw new Error(`the app's server did not answer in 90 s:\n${log()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

for (const name of examples) {
  test(`examples/${name}: built from the packed package, served by its stack, driven in Chromium`, async (t) => {
    const dir = join(examplesDir, name);
    const meta = JSON.parse(readFileSync(join(dir, 'example.json'), 'utf8')) as ExampleMeta;
    const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8'));
    const entry = lock.packages['node_modules/immo-elements'];
    assert.equal(entry?.resolved, `file:../${TARBALL}`, 'the lockfile installs the packed tarball');
    // A hash would make npm ci take a cached copy of an earlier tarball instead of this one.
    assert.equal(
      entry.integrity,
      undefined,
      `examples/${name}/package-lock.json: drop the tarball's integrity (examples/README.md)`,
    );

    const run = (what: string, args: string[]) =>
      step(name, what, () =>
        execFileSync('npm', args, { cwd: dir, env, stdio: ['ignore', 'pipe', 'inherit'] }),
      );
    run('installed (npm ci)', ['ci', '--prefer-offline']);
    run('built', ['run', 'build']);

    const port = await freePort();
    let out = '';
    const t0 = Date.now();
    const child = spawn('npm', ['run', 'start'], {
      cwd: dir,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1', HOSTNAME: '127.0.0.1' },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    const front = await startFront(port).catch((e) => {
      process.kill(-child.pid!, 'SIGTERM');
      throw e;
    });
    try {
      await waitForServer(`http://127.0.0.1:${port}/`, child, () => out);
      console.log(`examples: ${name}: server up in ${seconds(t0)}`);
      const t1 = Date.now();
      const report = await journey(front.url, meta);
      console.log(
        `examples: ${name}: journey in ${seconds(t1)}, CLS ${report.cls.toFixed(4)}, picked ${report.picked.label} (${report.picked.id})`,
      );
      for (const w of report.warnings) t.diagnostic(w);
      if (meta.ssr)
        assert.equal(
          Number(report.cls.toFixed(4)),
          0,
          `CLS ${report.cls} on a server-rendered page`,
        );
    } finally {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        /* already gone */
      }
      await front.close();
    }
  });
}
