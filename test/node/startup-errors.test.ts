/**
 * Start-up errors as a user meets them: the sandbox CLI, `npm start` (Vite with the sandbox
 * mount of vite.config.ts) and the gateway CLI, each spawned as its own process, on a taken
 * port and with an unusable data folder (the gateway: an unloadable user-token hook). Each
 * ends with a non-zero exit code and one line on stderr that names the port or folder,
 * never a stack trace.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import net from 'node:net';

const root = resolve(import.meta.dirname, '../..');
let blocker: net.Server;
let taken = 0;
let dir = '';

function freePort(): Promise<number> {
  return new Promise((r) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => r(port));
    });
  });
}

before(async () => {
  blocker = net.createServer();
  await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
  taken = (blocker.address() as net.AddressInfo).port;
  dir = mkdtempSync(join(tmpdir(), 'immo-startup-'));
});
after(async () => {
  await new Promise((r) => blocker.close(r));
  rmSync(dir, { recursive: true, force: true });
});

/** Runs a command to its end (killed after 60 s), returning exit code and output. */
function run(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? '/tmp', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (c) => (stderr += c));
    child.stdout.on('data', (c) => (stdout += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    });
  });
}

function oneLine(r: { code: number | null; stderr: string }, pattern: RegExp) {
  assert.ok(r.code !== 0 && r.code !== null, `non-zero exit, got ${r.code}`);
  const lines = r.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, `one line:\n${r.stderr}`);
  assert.match(lines[0]!, pattern);
  assert.doesNotMatch(r.stderr, /\bat .*:\d+:\d+|Error:|node:internal/, 'no stack');
}

const sandboxCli = ['--import', 'tsx', 'packages/sandbox/src/cli.ts', '--no-geo'];
const vite = ['node_modules/vite/bin/vite.js'];
const gatewayCli = ['--import', 'tsx', 'packages/gateway/src/cli.ts'];
const gatewayEnv = {
  GATEWAY_TARGET: 'http://127.0.0.1:1/restapi/api',
  GATEWAY_CONSUMER_KEY: 'k',
  GATEWAY_CONSUMER_SECRET: 's',
  GATEWAY_ORIGINS: 'https://www.partner.example',
  HOST: '127.0.0.1',
};

test('sandbox CLI: a taken port', async () => {
  oneLine(
    await run(sandboxCli, { PORT: String(taken) }),
    new RegExp(
      `^sandbox: port ${taken} on 127\\.0\\.0\\.1 is already in use .*--port \\d+ \\(or PORT=\\d+\\)\\.$`,
    ),
  );
});

test('sandbox CLI: a data folder that is a file, and a state file that cannot be read', async () => {
  const file = join(dir, 'a-file');
  writeFileSync(file, 'x');
  oneLine(
    await run([...sandboxCli, '--data-dir', file], { PORT: '0' }),
    new RegExp(`^sandbox: cannot use the data folder ${file}: a file is in the way.*--data-dir`),
  );
  const stateIsFolder = join(dir, 'state-is-folder');
  mkdirSync(join(stateIsFolder, 'sandbox-state.json'), { recursive: true });
  oneLine(
    await run(sandboxCli, { PORT: '0', SANDBOX_DATA_DIR: stateIsFolder }),
    /^sandbox: cannot use the data folder .*sandbox-state\.json: it is a folder, not a file\./,
  );
});

test('npm start (vite with the sandbox mount): a taken port', async () => {
  oneLine(
    await run([...vite, '--port', String(taken)], {}),
    new RegExp(
      `^npm start: port ${taken} on 127\\.0\\.0\\.1 is already in use .*npm start -- --port ${taken + 1}\\.$`,
    ),
  );
});

test('npm start: an unusable SANDBOX_DATA_DIR', async () => {
  const file = join(dir, 'another-file');
  writeFileSync(file, 'x');
  oneLine(
    await run([...vite, '--port', String(await freePort())], { SANDBOX_DATA_DIR: file }),
    /^npm start: cannot use the data folder .*another-file: a file is in the way.*SANDBOX_DATA_DIR=/,
  );
});

test('gateway CLI: a taken port', async () => {
  oneLine(
    await run(gatewayCli, { ...gatewayEnv, PORT: String(taken) }),
    new RegExp(
      `^immo-elements-gateway: port ${taken} on 127\\.0\\.0\\.1 is already in use .*PORT\\.$`,
    ),
  );
});

test('gateway CLI: a taken metrics port', async () => {
  oneLine(
    await run(gatewayCli, {
      ...gatewayEnv,
      PORT: String(await freePort()),
      GATEWAY_METRICS_PORT: String(taken),
    }),
    new RegExp(
      `^immo-elements-gateway: metrics port ${taken} on 127\\.0\\.0\\.1 is already in use .*GATEWAY_METRICS_PORT\\.$`,
    ),
  );
});

test('gateway CLI: a user-token hook that cannot be loaded, and missing configuration', async () => {
  const r = await run(gatewayCli, {
    ...gatewayEnv,
    PORT: String(await freePort()),
    GATEWAY_USER_TOKENS: join(dir, 'missing.mjs'),
  });
  oneLine(
    r,
    /^immo-elements-gateway: GATEWAY_USER_TOKENS \(.*missing\.mjs\) cannot be loaded: no such file\.$/,
  );
  assert.equal(r.code, 2);
  const none = await run(gatewayCli, {});
  oneLine(none, /^immo-elements-gateway: Missing required environment variables: GATEWAY_TARGET, /);
  assert.equal(none.code, 2);
});
