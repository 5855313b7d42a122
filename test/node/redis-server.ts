/**
 * A real redis-server for the gateway's tests and bench (test/node/gateway-redis.test.ts,
 * bench/gateway.ts), started, killed and restarted by its own process id, on 127.0.0.1.
 */
import net from 'node:net';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

export const hasRedis = (): boolean => spawnSync('redis-server', ['--version']).status === 0;

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Starts redis-server on `port` without persistence; resolves once it accepts connections. */
export async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((r) => {
      const s = net
        .connect(port, '127.0.0.1', () => (s.end(), r(true)))
        .on('error', () => r(false));
    });
    if (up) return child;
    await new Promise((r) => setTimeout(r, 50));
  }
  process.kill(child.pid!, 'SIGKILL');
  throw new Error('redis-server did not start');
}

/** Kills it (SIGKILL by its pid, as a crash would) and waits until it is gone. */
export async function killRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(child.pid!, 'SIGKILL');
  await exited;
}
