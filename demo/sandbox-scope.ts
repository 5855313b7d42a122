/**
 * Demo and browser tests only: gives this browser tab its own sandbox fault scope, so that
 * a fault one tab (or one test run) turns on is not seen, and not cleared, by another
 * sharing the same sandbox (packages/sandbox/src/faults.ts, docs/sandbox.md).
 *
 * It wraps `window.fetch` so that every request to the sandbox on this origin (`/restapi/`)
 * carries `X-Sandbox-Scope`: the elements' own requests and the fault routes alike. The
 * elements and their client know nothing of it; the real service never sees it. Imported
 * first by demo/main.ts and demo/story.ts, and loaded into every browser test page by
 * web-test-runner.config.mjs. Idempotent.
 */
const KEY = 'immo-sandbox-scope';
const HEADER = 'X-Sandbox-Scope';

function newScope(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return 'tab-' + [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** This tab's scope: kept in sessionStorage, so a reload keeps the faults it set. */
export const sandboxScope: string = (() => {
  try {
    let s = sessionStorage.getItem(KEY);
    if (!s || !/^[A-Za-z0-9_-]{1,64}$/.test(s)) sessionStorage.setItem(KEY, (s = newScope()));
    return s;
  } catch {
    return newScope();
  }
})();

const marker = Symbol.for('immo-sandbox-scope');
type Marked = typeof fetch & { [marker]?: string };
if (!(window.fetch as Marked)[marker]) {
  const real = window.fetch.bind(window);
  const scoped = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (url.origin !== location.origin || !url.pathname.startsWith('/restapi/'))
      return real(input, init);
    const headers = new Headers(
      init?.headers ?? (input instanceof Request ? input.headers : undefined),
    );
    if (!headers.has(HEADER)) headers.set(HEADER, sandboxScope);
    return real(input, { ...init, headers });
  }) as Marked;
  scoped[marker] = sandboxScope;
  window.fetch = scoped;
}
