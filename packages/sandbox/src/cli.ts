#!/usr/bin/env node
/**
 * `npx immo-elements-sandbox` (and `npm run sandbox` in the repository): the sandbox as a
 * standalone server. Options: HELP below. Configuration mistakes end it with one line and
 * exit code 2, start-up problems (a taken port, an unusable data folder) with one line and
 * exit code 1, never a stack trace.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createSandbox } from './index.js';
import { parseHosts, parseOrigins } from './origins.js';
import { checkDataDir, listenProblem, probePort, StartupError } from './startup.js';

const HELP = `Usage: immo-elements-sandbox [options]

The immo-elements sandbox: the portal's interface at its real paths (/restapi/api/…) on real
German and Austrian places. Prints its base URL, then serves until stopped (Ctrl-C).

Options (environment variable in brackets):
  --port <n>          port to listen on, 0 for any free one (PORT; default 8024)
  --host <address>    address to listen on (SANDBOX_HOST; default 127.0.0.1, this machine
                      only; 0.0.0.0 for every interface, e.g. in a container)
  --data-dir <dir>    keep projects, the outbox and tokens across restarts in this folder
                      (SANDBOX_DATA_DIR; default: in memory, gone when it stops)
  --origins <list>    comma-separated origins whose pages may use the sandbox-only routes
                      (outbox, token, faults, reset, fixtures) besides this machine's
                      (localhost, 127.0.0.1, [::1], any port) and the sandbox's own
                      (SANDBOX_ORIGINS; e.g. https://staging.partner.example). The API
                      routes answer pages of every origin.
  --allowed-hosts <list>
                      comma-separated host names the sandbox answers for besides this
                      machine's (localhost, *.localhost, 127.x.x.x, [::1]) and the address
                      it listens on (SANDBOX_ALLOWED_HOSTS; e.g. sandbox.example.test, or
                      .example.test for it and every name below it). A request for any
                      other Host is refused (403): no DNS-rebinding page reaches it.
  --strict-contact    contact requests check MANDATORY fields and the form-type rules
  --no-geo            start at once without the geography (geo and statistic answer 503)
  --quiet             no log lines on stderr
  -h, --help          this text
  -v, --version       the version

Connections (environment variables only; milliseconds):
  SANDBOX_HEADERS_TIMEOUT_MS (10000) time to send a request's headers,
  SANDBOX_REQUEST_TIMEOUT_MS (30000) time to send a whole request,
  SANDBOX_KEEP_ALIVE_TIMEOUT_MS (5000) how long an idle connection stays open,
  SANDBOX_MAX_CONNECTIONS (1024) connections at once; more are refused.

Strict OAuth mode (every API request must carry a valid OAuth 1.0a HMAC-SHA1 signature):
  SANDBOX_OAUTH_CONSUMER_KEY, SANDBOX_OAUTH_CONSUMER_SECRET, and users' access tokens as
  SANDBOX_OAUTH_TOKENS="token:secret:user,…" (users demo and other).

Exit codes: 0 stopped by SIGINT/SIGTERM, 1 could not start (port, data folder), 2 bad option.`;

/** Start-up failures end the process with one line and exit code 1, never a stack trace. */
function die(message: string, code = 1): never {
  process.stderr.write(`sandbox: ${message}\n`);
  process.exit(code);
}

const FLAGS = new Set([
  '--strict-contact',
  '--no-geo',
  '--quiet',
  '--help',
  '-h',
  '--version',
  '-v',
]);
const VALUED = new Set(['--port', '--host', '--data-dir', '--origins', '--allowed-hosts']);

/** The command line as flags and `--name value` / `--name=value` pairs; anything else ends with exit 2. */
function parseArgs(argv: string[]): { flags: Set<string>; values: Map<string, string> } {
  const flags = new Set<string>();
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const eq = a.startsWith('--') ? a.indexOf('=') : -1;
    const name = eq > 0 ? a.slice(0, eq) : a;
    if (FLAGS.has(name) && eq < 0) flags.add(name);
    else if (VALUED.has(name)) {
      const v = eq > 0 ? a.slice(eq + 1) : argv[++i];
      if (v === undefined || (eq < 0 && v.startsWith('--')))
        die(`${name} needs a value (see --help)`, 2);
      values.set(name, v);
    } else die(`unknown option ${a} (see --help)`, 2);
  }
  return { flags, values };
}

const { flags, values } = parseArgs(process.argv.slice(2));
if (flags.has('--help') || flags.has('-h')) {
  process.stdout.write(HELP + '\n');
  process.exit(0);
}
if (flags.has('--version') || flags.has('-v')) {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  process.stdout.write(pkg.version + '\n');
  process.exit(0);
}

const portRaw = values.get('--port') ?? process.env.PORT ?? '8024';
const port = Number(portRaw);
if (!/^\d+$/.test(portRaw) || port > 65535)
  die(`the port must be a number from 0 to 65535, not "${portRaw}" (--port or PORT)`, 2);
const host = values.get('--host') ?? process.env.SANDBOX_HOST ?? '127.0.0.1';
const dataDirArg = values.get('--data-dir') ?? process.env.SANDBOX_DATA_DIR;
let origins: string[] = [];
try {
  origins = values.has('--origins')
    ? parseOrigins(values.get('--origins')!, '--origins')
    : parseOrigins(process.env.SANDBOX_ORIGINS ?? '', 'SANDBOX_ORIGINS');
} catch (e) {
  die((e as Error).message, 2);
}
let allowedHosts: string[] = [];
try {
  allowedHosts = values.has('--allowed-hosts')
    ? parseHosts(values.get('--allowed-hosts')!, '--allowed-hosts')
    : parseHosts(process.env.SANDBOX_ALLOWED_HOSTS ?? '', 'SANDBOX_ALLOWED_HOSTS');
} catch (e) {
  die((e as Error).message, 2);
}
/** A positive whole number from the environment, or `fallback`; anything else ends with exit 2. */
function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    die(`${name} must be a whole number above 0, not "${raw}"`, 2);
  return Number(raw);
}
const limits = {
  headersTimeoutMs: envNumber('SANDBOX_HEADERS_TIMEOUT_MS', 10_000),
  requestTimeoutMs: envNumber('SANDBOX_REQUEST_TIMEOUT_MS', 30_000),
  keepAliveTimeoutMs: envNumber('SANDBOX_KEEP_ALIVE_TIMEOUT_MS', 5000),
  maxConnections: envNumber('SANDBOX_MAX_CONNECTIONS', 1024),
};
const oauthKey = process.env.SANDBOX_OAUTH_CONSUMER_KEY;
const oauthSecret = process.env.SANDBOX_OAUTH_CONSUMER_SECRET;
if (!!oauthKey !== !!oauthSecret)
  die(
    'strict OAuth mode needs both SANDBOX_OAUTH_CONSUMER_KEY and SANDBOX_OAUTH_CONSUMER_SECRET',
    2,
  );
const oauthTokens = Object.fromEntries(
  (process.env.SANDBOX_OAUTH_TOKENS ?? '')
    .split(',')
    .filter(Boolean)
    .map((t) => {
      const [token, secret, user] = t.split(':');
      if (!token || !secret || !user)
        die(`SANDBOX_OAUTH_TOKENS entries are token:secret:user, not "${t}"`, 2);
      return [token, { secret, user }];
    }),
);
const other = port === 8024 ? 8025 : 8024;
const portFix = `start on another port: --port ${other} (or PORT=${other})`;
try {
  if (dataDirArg) checkDataDir(resolve(dataDirArg), '--data-dir <folder> or SANDBOX_DATA_DIR');
  // Before loading the geography: a taken port fails at once.
  if (port !== 0) await probePort(port, host);
} catch (e) {
  die(
    e instanceof StartupError
      ? e.message
      : (listenProblem(e, host, port, portFix) ?? (e as Error).message),
  );
}
let sandbox: Awaited<ReturnType<typeof createSandbox>>;
let baseUrl: string;
try {
  sandbox = await createSandbox({
    oauth:
      oauthKey && oauthSecret
        ? { consumerKey: oauthKey, consumerSecret: oauthSecret, tokens: oauthTokens }
        : undefined,
    dataDir: dataDirArg ? resolve(dataDirArg) : undefined,
    strictContact: flags.has('--strict-contact'),
    geo: !flags.has('--no-geo'),
    quiet: flags.has('--quiet'),
    origins,
    allowedHosts,
    ...limits,
  });
  ({ baseUrl } = await sandbox.listen(port, host));
} catch (e) {
  die(
    listenProblem(e, host, port, portFix) ??
      `could not start: ${String((e as Error)?.message ?? e).split('\n')[0]}`,
  );
}
process.stdout.write(`${baseUrl}\n`);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  if (!flags.has('--quiet')) process.stderr.write(`sandbox: ${signal}, shutting down\n`);
  await sandbox.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
