#!/usr/bin/env node
/**
 * `npm run gateway` / `npx immo-elements-gateway`: runs the partner gateway configured by
 * environment variables (see README, "The partner gateway").
 */
import { configFromEnv, ConfigError } from './config.js';
import { createGateway, redactUrl } from './server.js';

async function main() {
  let config;
  try {
    config = await configFromEnv();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`immo-elements-gateway: ${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }
  const gateway = await createGateway(config);
  let url: string;
  let metricsUrl: string | undefined;
  try {
    ({ url, metricsUrl } = await gateway.listen());
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const metrics = (e as { metrics?: boolean }).metrics;
    const where = metrics
      ? `metrics port ${config.metricsPort} on ${config.metricsHost ?? config.host}`
      : `port ${config.port} on ${config.host}`;
    if (code === 'EADDRINUSE')
      fatal(
        `${where} is already in use (another gateway?). Stop that process, or choose another port with ${metrics ? 'GATEWAY_METRICS_PORT' : 'PORT'}.`,
      );
    if (code === 'EACCES' || code === 'EPERM')
      fatal(
        `not allowed to listen on ${where} (ports below 1024 need privileges). Choose another port with ${metrics ? 'GATEWAY_METRICS_PORT' : 'PORT'}.`,
      );
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
      fatal(`cannot listen on ${config.host}: no such local address. Check HOST.`);
    throw e;
  }
  process.stdout.write(
    JSON.stringify({
      time: new Date().toISOString(),
      level: 'info',
      msg: 'listening',
      url,
      metricsUrl,
      target: redactUrl(config.target),
      cache: gateway.cache.kind,
    }) + '\n',
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(
      JSON.stringify({
        time: new Date().toISOString(),
        level: 'info',
        msg: 'shutting down',
        signal,
      }) + '\n',
    );
    gateway.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/** Start-up failures end the process with one line and exit code 1, never a stack trace. */
function fatal(message: string): never {
  process.stderr.write(`immo-elements-gateway: ${message}\n`);
  process.exit(1);
}

main().catch((e) => fatal(`could not start: ${String((e as Error)?.message ?? e).split('\n')[0]}`));
