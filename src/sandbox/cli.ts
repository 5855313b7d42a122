/**
 * `npm run sandbox`: the sandbox as a standalone server on 127.0.0.1.
 * PORT (default 8024), `--data-dir <dir>` (or SANDBOX_DATA_DIR) keeps state across restarts,
 * `--strict-contact` checks MANDATORY contact fields, `--no-geo` starts without the geography
 * (geo and statistic routes then answer 503; for quick checks of the other routes).
 */
import { resolve } from 'node:path';
import { createSandbox } from './index.js';

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
const sandbox = await createSandbox({
  dataDir: dataDirArg ? resolve(dataDirArg) : undefined,
  strictContact: process.argv.includes('--strict-contact'),
  geo: !process.argv.includes('--no-geo'),
});
const { baseUrl } = await sandbox.listen(port, '127.0.0.1');
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
