/**
 * Start-up checks shared by the sandbox CLI (packages/sandbox/src/cli.ts) and `npm start`'s sandbox
 * mount (vite.config.ts): each problem is one sentence that names the port or folder and
 * what to do, printed as one line with a non-zero exit, never a stack trace.
 */
import {
  accessSync,
  constants,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';

/** A start-up problem the user can fix; its message is the whole story. */
export class StartupError extends Error {
  override name = 'StartupError';
}

const reason = (e: unknown): string => {
  const code = (e as NodeJS.ErrnoException)?.code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOTDIR':
    case 'EEXIST':
      return 'a file is in the way (not a folder)';
    case 'EROFS':
      return 'the file system is read-only';
    case 'EISDIR':
      return 'it is a folder, not a file';
    case 'ENOSPC':
      return 'the disk is full';
    default:
      return code ?? String((e as Error)?.message ?? e).split('\n')[0]!;
  }
};

/**
 * Checks that `dir` can hold the sandbox's state: it exists or can be created, is a folder,
 * can be read and written (a probe file is written and removed), and its state file, when
 * there is one, can be read. Throws StartupError naming the folder and the fix.
 */
export function checkDataDir(dir: string, how: string): void {
  const fail = (what: string, e: unknown): never => {
    throw new StartupError(
      `cannot use the data folder ${what}: ${reason(e)}. Choose a folder you can write to (${how}).`,
    );
  };
  try {
    mkdirSync(join(dir, 'outbox'), { recursive: true });
  } catch (e) {
    fail(dir, e);
  }
  try {
    if (!statSync(dir).isDirectory())
      fail(dir, Object.assign(new Error('not a folder'), { code: 'ENOTDIR' }));
    accessSync(dir, constants.R_OK | constants.W_OK | constants.X_OK);
    const probe = join(dir, `.write-probe-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (e) {
    if (e instanceof StartupError) throw e;
    fail(dir, e);
  }
  const state = join(dir, 'sandbox-state.json');
  try {
    readFileSync(state);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') fail(state, e);
  }
}

/** The one-line sentence for a listen() error on `port`, or undefined for anything else. */
export function listenProblem(
  e: unknown,
  host: string,
  port: number,
  fix: string,
): string | undefined {
  const code = (e as NodeJS.ErrnoException)?.code;
  if (code === 'EADDRINUSE' || /already in use/.test(String((e as Error)?.message))) {
    return `port ${port} on ${host} is already in use (another sandbox, npm start or gateway?). Stop that process, or ${fix}.`;
  }
  if (code === 'EACCES' || code === 'EPERM')
    return `not allowed to listen on port ${port} on ${host} (ports below 1024 need privileges). ${fix[0]!.toUpperCase()}${fix.slice(1)}.`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return `cannot listen on ${host}: no such local address.`;
  return undefined;
}

/** Resolves when `port` on `host` is free; rejects with the listen error otherwise. */
export function probePort(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen({ port, host, exclusive: true }, () => s.close(() => resolve()));
  });
}
