/**
 * The gateway is its own package (packages/gateway, an npm workspace): built and packed as
 * a partner gets it, installed into a clean folder from npm's local cache, its bin refuses to
 * start without configuration and serves once configured. The elements' package carries
 * none of it: no bin, no ioredis, no oauth-1.0a.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, rmSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import net from 'node:net';

const root = resolve(import.meta.dirname, '../..');
const rootPkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<
  string,
  Record<string, string> | undefined
>;
const gwPkg = JSON.parse(readFileSync(join(root, 'packages/gateway/package.json'), 'utf8')) as {
  name: string;
  bin: Record<string, string>;
  dependencies: Record<string, string>;
};
let dir = '';
let tarball = '';
let app = '';

const env = {
  ...process.env,
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
};
const run = (cmd: string, args: string[], cwd: string) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env });

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'immo-gateway-pack-'));
  run('npm', ['run', 'build', '-w', gwPkg.name], root);
  const out = run('npm', ['pack', '-w', gwPkg.name, '--json', '--pack-destination', dir], root);
  tarball = join(dir, (JSON.parse(out) as { filename: string }[])[0]!.filename);
  app = join(dir, 'app');
  mkdirSync(app);
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'partner-backend', version: '1.0.0', type: 'module', private: true }),
  );
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], app);
});

after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the elements package has no gateway bin and none of its dependencies', () => {
  assert.equal(rootPkg.bin, undefined);
  for (const dep of ['ioredis', 'oauth-1.0a', 'prom-client', 'rate-limiter-flexible'])
    assert.equal(rootPkg.dependencies?.[dep], undefined, dep);
  assert.deepEqual(rootPkg.workspaces, [
    'packages/gateway',
    'packages/sandbox',
  ] as unknown as Record<string, string>);
});

test('the gateway tarball holds the compiled lib, its README and nothing else', () => {
  const files = run('tar', ['-tzf', tarball], dir).split('\n').filter(Boolean).sort();
  assert.ok(
    files.includes('package/lib/cli.js') &&
      files.includes('package/lib/server.d.ts') &&
      files.includes('package/README.md'),
    files.join(' '),
  );
  assert.deepEqual(
    files.filter(
      (f) =>
        !/^package\/(lib\/(steps\/)?[\w-]+\.(js|d\.ts|js\.map)|README\.md|package\.json)$/.test(f),
    ),
    [],
  );
});

test('the installed bin refuses to start without configuration: one message, exit 2', () => {
  const bin = join(app, 'node_modules', '.bin', Object.keys(gwPkg.bin)[0]!);
  assert.ok(existsSync(bin), 'bin linked');
  let stderr = '';
  let status = 0;
  try {
    execFileSync(bin, [], {
      cwd: app,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH },
    });
  } catch (e) {
    stderr = (e as { stderr: string }).stderr;
    status = (e as { status: number }).status;
  }
  assert.equal(status, 2);
  assert.match(
    stderr,
    /Missing required environment variables: GATEWAY_TARGET, GATEWAY_CONSUMER_KEY, GATEWAY_CONSUMER_SECRET, GATEWAY_ORIGINS/,
  );
  assert.doesNotMatch(stderr, /\n\s+at /, 'no stack');
});

test('the installed package serves: the bin answers /healthz and stops on SIGTERM; its API imports', async () => {
  const port = await new Promise<number>((r) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => r(p));
    });
  });
  const child = spawn(join(app, 'node_modules', '.bin', Object.keys(gwPkg.bin)[0]!), [], {
    cwd: app,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      GATEWAY_TARGET: 'http://127.0.0.1:1/restapi/api',
      GATEWAY_CONSUMER_KEY: 'k',
      GATEWAY_CONSUMER_SECRET: 's',
      GATEWAY_ORIGINS: 'https://www.partner.example',
    },
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  try {
    let out = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (c: Buffer) => {
        out += c;
        if (out.includes('"listening"')) resolve();
      });
      child.once('exit', () => reject(new Error(`exited before listening: ${out}`)));
    });
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    assert.deepEqual(await health.json(), { status: 'ok', cache: 'memory' });
  } finally {
    child.kill('SIGTERM');
  }
  assert.equal(await exited, 0);
  const api = run(
    'node',
    [
      '--input-type=module',
      '-e',
      `import { createGateway } from '${gwPkg.name}'; import { configFromEnv } from '${gwPkg.name}/config'; console.log(typeof createGateway, typeof configFromEnv);`,
    ],
    app,
  );
  assert.equal(api.trim(), 'function function');
});
