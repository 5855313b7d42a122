/** The gateway's log lines: one JSON object a line, never a secret or an error's message. */

export type Log = (line: Record<string, unknown>) => void;

export const stdoutLog: Log = (line) => process.stdout.write(JSON.stringify(line) + '\n');

/** What kind of error `e` is, for a log line that must not carry its message. */
export function errorKind(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code)) return code;
  if (e instanceof Error) return /^\w{1,40}$/.test(e.name) ? e.name : 'Error';
  return typeof e;
}

/** Error lines carry the kind of error and the request id, never its message. */
export function logError(log: Log, msg: string, e: unknown, id?: string): void {
  log({
    time: new Date().toISOString(),
    level: 'error',
    msg,
    error: errorKind(e),
    ...(id ? { id } : {}),
  });
}

/** A URL with any user name and password in it replaced, for log lines. */
export function redactUrl(href: string): string {
  try {
    const u = new URL(href);
    if (u.username) u.username = 'REDACTED';
    if (u.password) u.password = 'REDACTED';
    return u.href;
  } catch {
    return '(not a URL)';
  }
}
