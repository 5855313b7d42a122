/**
 * What the browser benchmarks share: Debian's Chromium with the flags this machine's closed
 * network needs, a server on 127.0.0.1, and the pages and dist/ files they serve.
 */
import { readFileSync } from 'node:fs';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
// @ts-expect-error a plain ES module of the test runner's, without declarations
import { CHROME_ARGS } from '../test/browser/helpers/engines.node.mjs';

/** The repository root, ending in a slash. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Debian's Chromium, or CHROME_PATH. */
export const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
/** The test runner's Chromium flags: headless, nothing that reaches for the network. */
export const ARGS: string[] = CHROME_ARGS;

/** Headless Chromium through puppeteer-core (no browser download). */
export async function launchChromium() {
  const lib = await import('puppeteer-core');
  return (lib.default ?? lib).launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
}

/** Starts `server` on 127.0.0.1 and a free port; resolves with its base URL. */
export async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * Answers a page of `pages` (by path) or a script under /dist/ (from dist/); false when `url`
 * is neither, for the caller's own routes or its 404.
 */
export function serveStatic(url: URL, res: ServerResponse, pages: Map<string, string>): boolean {
  const page = pages.get(url.pathname);
  if (page !== undefined) {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page);
    return true;
  }
  const m = /^\/dist\/((?:chunks\/)?[\w.-]+\.js)$/.exec(url.pathname);
  if (!m) return false;
  let body: Buffer;
  try {
    body = readFileSync(`${ROOT}dist/${m[1]}`);
  } catch {
    return false;
  }
  res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(body);
  return true;
}
