/**
 * Which web pages may use the sandbox-only routes (`/restapi/api/sandbox/…`: the outbox with
 * visitors' contact data, tokens, faults, reset, fixtures) from a browser. By default only
 * pages of this machine (localhost, *.localhost, 127.x.x.x, [::1], any scheme and port) and
 * of the sandbox's own origin (the Host the request was sent to, as when `npm start` mounts
 * it on the demo's origin); more with `--origins` / SANDBOX_ORIGINS. Any other page gets no
 * CORS grant there, and its requests are refused (403) before they act: a page a developer
 * visits cannot read the outbox, mint tokens or reset the sandbox, even without reading the
 * answer. The documented API routes answer every origin, as the elements on a partner's page
 * call them.
 */

/**
 * Parses a comma-separated origin list (`https://staging.partner.example,http://ci:8080`).
 * Throws with a one-line message, naming `source` (where the list was given), for an entry
 * that is not an origin.
 */
export function parseOrigins(list: string, source: string): string[] {
  const out: string[] = [];
  for (const raw of list.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      /* reported below */
    }
    if (
      !url ||
      !/^https?:$/.test(url.protocol) ||
      url.pathname !== '/' ||
      url.search ||
      url.hash ||
      url.username ||
      url.password
    ) {
      throw new Error(
        `${source}: "${entry}" is not an origin (scheme, host and optional port, e.g. https://staging.partner.example or http://ci-host:8080)`,
      );
    }
    out.push(url.origin);
  }
  return out;
}

/** Whether `hostname` (as URL gives it: IPv6 in brackets) is this machine's loopback. */
function isLoopback(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    /^127(?:\.\d{1,3}){3}$/.test(hostname)
  );
}

/**
 * Whether a page of `origin` may use the sandbox-only routes: this machine's pages, the
 * sandbox's own origin (`host`: the request's Host header) and the configured `extra` ones.
 */
export function trustedOrigin(
  origin: string,
  host: string | undefined,
  extra: ReadonlySet<string>,
): boolean {
  let url: URL;
  try {
    url = new URL(origin); // "null" (sandboxed frames, file: pages) is no URL: not trusted
  } catch {
    return false;
  }
  if (!/^https?:$/.test(url.protocol)) return false;
  return (
    isLoopback(url.hostname) ||
    (host !== undefined && url.host === host.toLowerCase()) ||
    extra.has(url.origin)
  );
}
