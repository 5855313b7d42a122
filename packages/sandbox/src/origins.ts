/**
 * Which hosts the sandbox answers for, and which web pages may use the sandbox-only routes (`/restapi/api/sandbox/…`: the outbox with
 * visitors' contact data, tokens, faults, reset, fixtures) from a browser. By default only
 * pages of this machine (localhost, *.localhost, 127.x.x.x, [::1], any scheme and port) and
 * of the sandbox's own origin (the Host the request was sent to, as when `npm start` mounts
 * it on the demo's origin); more with `--origins` / SANDBOX_ORIGINS. Any other page gets no
 * CORS grant there, and its requests are refused (403) before they act: a page a developer
 * visits cannot read the outbox, mint tokens or reset the sandbox, even without reading the
 * answer. The documented API routes answer every origin, as the elements on a partner's page
 * call them.
 *
 * The Host check comes first and guards both: a page on a name the attacker's DNS first
 * points elsewhere and then at this machine (DNS rebinding) sends its own name as Host, and
 * the Origin of that page then equals it. The sandbox answers only requests whose Host is
 * a loopback name or address (any port), the address it listens on, the address the
 * request arrived at, or a name configured with `--allowed-hosts` / SANDBOX_ALLOWED_HOSTS
 * (as Vite's server.allowedHosts). A rebinding page can do none of these: it cannot name a
 * loopback host or an IP address, and its own name is not configured.
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

/**
 * Parses a comma-separated list of host names for the Host check (`sandbox.example.test`,
 * `.example.test` for that name and every name below it, an IP address). Throws with a
 * one-line message naming `source` for an entry that is not a host name.
 */
export function parseHosts(list: string, source: string): string[] {
  const out: string[] = [];
  for (const raw of list.split(',')) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    const name = entry.startsWith('.') ? entry.slice(1) : entry;
    if (
      !/^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\.)*[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/.test(
        name,
      ) &&
      !/^\[[0-9a-f:.]+\]$/.test(name)
    )
      throw new Error(
        `${source}: "${raw.trim()}" is not a host name (a name such as sandbox.example.test, .example.test for it and the names below it, or an IP address; no scheme or port)`,
      );
    out.push(entry);
  }
  return out;
}

/**
 * The host name of a Host header, lower case, IPv6 in brackets; undefined when it is none: a
 * header that is no host and optional port, or one no URL parser takes (a port above 65535,
 * a character no host name may hold), as the URLs built from it must parse.
 */
export function hostName(host: string): string | undefined {
  const h = host.trim().toLowerCase();
  const m = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(h);
  if (!m || Number(m[2] ?? 0) > 65535) return undefined;
  try {
    new URL(`http://${h}/`);
  } catch {
    return undefined;
  }
  return m[1]!.replace(/\.$/, '');
}

/** An address as a Host header names it: IPv6 in brackets, IPv4-mapped IPv6 as IPv4. */
function asHostName(address: string): string {
  const a = address.toLowerCase().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
  return a.includes(':') ? `[${a}]` : a;
}

/**
 * Whether the sandbox answers a request with this Host header: loopback names and addresses
 * (any port), `local` (the address it listens on and the one the request arrived at), and
 * the `allowed` names (`.name` also allows the names below it). A request without Host
 * (HTTP/1.0) comes from no browser and passes.
 */
export function allowedHost(
  host: string | undefined,
  local: readonly (string | undefined)[],
  allowed: readonly string[],
): boolean {
  if (host === undefined) return true;
  const name = hostName(host);
  if (name === undefined) return false;
  if (isLoopback(name)) return true;
  for (const a of local) if (a && asHostName(a) === name) return true;
  for (const a of allowed) {
    if (a === name) return true;
    if (a.startsWith('.') && (name === a.slice(1) || name.endsWith(a))) return true;
  }
  return false;
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
