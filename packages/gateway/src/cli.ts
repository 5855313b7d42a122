#!/usr/bin/env node
/**
 * `npm run gateway` / `npx immo-elements-gateway`: runs the partner gateway configured by
 * environment variables (see README, "The partner gateway").
 */
import { configFromEnv, ConfigError } from './config.js';
import { createGateway } from './server.js';

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
  const { url } = await gateway.listen();
  process.stdout.write(JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'listening', url, target: config.target, cache: gateway.cache.kind }) + '\n');
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'shutting down', signal }) + '\n');
    gateway.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e) => {
  process.stderr.write(`immo-elements-gateway: ${(e as Error).stack ?? e}\n`);
  process.exit(1);
});
