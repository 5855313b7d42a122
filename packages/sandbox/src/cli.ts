/**
 * `npm run sandbox`: the sandbox as a standalone server on 127.0.0.1.
 * PORT (default 8024), `--data-dir <dir>` (or SANDBOX_DATA_DIR) keeps state across restarts,
 * `--strict-contact` checks MANDATORY contact fields, `--no-geo` starts without the geography
 * (geo and statistic routes then answer 503; for quick checks of the other routes).
 */
import { resolve } from 'node:path';
import { createSandbox } from './index.js';
import { checkDataDir, listenProblem, probePort, StartupError } from './startup.js';

/** Start-up failures end the process with one line and exit code 1, never a stack trace. */
function die(message: string): never {
  process.stderr.write(`sandbox: ${message}\n`);
  process.exit(1);
}

function arg(name: string): string | undefined {
  const argv = process.argv.slice(2);
  const i = argv.findIndex((a) => a === name || a.startsWith(name + '='));
  if (i < 0) return undefined;
  const a = argv[i]!;
  if (a.includes('=')) return a.slice(a.indexOf('=') + 1);
  const v = argv[i + 1];
  if (!v || v.startsWith('--')) {
    process.stderr.write(`${name} needs a value\n`);
    process.exit(2);
  }
  return v;
}

const portRaw = process.env.PORT ?? '8024';
const port = Number(portRaw);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`PORT must be a port number, not "${portRaw}"\n`);
  process.exit(2);
}
const dataDirArg = arg('--data-dir') ?? process.env.SANDBOX_DATA_DIR;
// Strict OAuth mode, for trying a partner gateway against the sandbox:
// SANDBOX_OAUTH_CONSUMER_KEY / SANDBOX_OAUTH_CONSUMER_SECRET, and users' access tokens as
// SANDBOX_OAUTH_TOKENS="token:secret:user,…" (user: demo or other).
const oauthKey = process.env.SANDBOX_OAUTH_CONSUMER_KEY;
const oauthSecret = process.env.SANDBOX_OAUTH_CONSUMER_SECRET;
if (!!oauthKey !== !!oauthSecret) {
  process.stderr.write('Strict OAuth mode needs both SANDBOX_OAUTH_CONSUMER_KEY and SANDBOX_OAUTH_CONSUMER_SECRET\n');
  process.exit(2);
}
const oauthTokens = Object.fromEntries(
  (process.env.SANDBOX_OAUTH_TOKENS ?? '')
    .split(',')
    .filter(Boolean)
    .map((t) => {
      const [token, secret, user] = t.split(':');
      if (!token || !secret || !user) {
        process.stderr.write(`SANDBOX_OAUTH_TOKENS entries are token:secret:user, not "${t}"\n`);
        process.exit(2);
      }
      return [token, { secret, user }];
    }),
);
const HOST = '127.0.0.1';
const portFix = `start on another port: PORT=${port === 8024 ? 8025 : 8024} npm run sandbox`;
try {
  if (dataDirArg) checkDataDir(resolve(dataDirArg), 'npm run sandbox -- --data-dir <folder>, or SANDBOX_DATA_DIR');
  // Before loading the geography, which takes seconds: a taken port fails at once.
  if (port !== 0) await probePort(port, HOST);
} catch (e) {
  die(e instanceof StartupError ? e.message : (listenProblem(e, HOST, port, portFix) ?? (e as Error).message));
}
let sandbox: Awaited<ReturnType<typeof createSandbox>>;
let baseUrl: string;
try {
  sandbox = await createSandbox({
    oauth: oauthKey && oauthSecret ? { consumerKey: oauthKey, consumerSecret: oauthSecret, tokens: oauthTokens } : undefined,
    dataDir: dataDirArg ? resolve(dataDirArg) : undefined,
    strictContact: process.argv.includes('--strict-contact'),
    geo: !process.argv.includes('--no-geo'),
  });
  ({ baseUrl } = await sandbox.listen(port, HOST));
} catch (e) {
  die(listenProblem(e, HOST, port, portFix) ?? `could not start: ${String((e as Error)?.message ?? e).split('\n')[0]}`);
}
process.stdout.write(`${baseUrl}\n`);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  process.stderr.write(`sandbox: ${signal}, shutting down\n`);
  await sandbox.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
