import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { badRequest, forbidden, SandboxError, unauthorized } from './errors.js';
import { OAuthVerifier } from './oauth.js';
import { oauthUsers } from './auth.js';
import {
  CORS_HEADERS,
  errorReply,
  negotiate,
  readBody,
  type Ctx,
  type Format,
  type Reply,
} from './http.js';
import { Router } from './router.js';
import { SandboxState } from './state.js';
import { applyFault, faultScope } from './faults.js';
import { registerRoutes } from './routes.js';
import { allowedHost, hostName, parseHosts, trustedOrigin } from './origins.js';

export { SandboxError } from './errors.js';

export interface SandboxOptions {
  /** Folder that keeps state (project entries, outbox, tokens) across restarts. */
  dataDir?: string;
  /** Check MANDATORY contact fields and the form type rules (off, as the real service today). */
  strictContact?: boolean;
  /** No log lines. */
  quiet?: boolean;
  /**
   * Strict OAuth mode: every API request (not the sandbox/ routes) must carry a valid
   * OAuth 1.0a HMAC-SHA1 signature of this consumer (timestamp window, no nonce reuse),
   * as the real service demands; otherwise 401 ERROR_COMMON_AUTHENTICATION_REQUIRED.
   * `tokens` are users' access tokens for three-legged requests: token → secret and user.
   */
  oauth?: {
    consumerKey: string;
    consumerSecret: string;
    tokens?: Record<string, { secret: string; user: string }>;
    windowSeconds?: number;
  };
  /**
   * Serve geo suggestions through the lean fast path (default true; see suggestFast). Tests
   * switch it off to compare both paths byte for byte.
   */
  fastPath?: boolean;
  /**
   * Load the geography (default true). Tests of routes that do not need it pass false to
   * start instantly; geo and statistic routes then answer 503.
   */
  geo?: boolean;
  /**
   * Origins (`https://staging.partner.example`) whose pages may use the sandbox-only routes
   * besides this machine's and the sandbox's own (origins.ts); the API routes answer every origin.
   */
  origins?: readonly string[];
  /**
   * Host names the sandbox answers for besides loopback names and addresses and the address
   * it listens on (origins.ts, allowedHost): `sandbox.example.test`, or `.example.test` for
   * that name and the names below it. Default: SANDBOX_ALLOWED_HOSTS, comma-separated.
   */
  allowedHosts?: readonly string[];
  /** Time a client has to send a request's headers, ms (default 10000; listen() only). */
  headersTimeoutMs?: number;
  /** Time a client has to send a whole request, ms (default 30000; listen() only). */
  requestTimeoutMs?: number;
  /** How long an idle keep-alive connection stays open, ms (default 5000; listen() only). */
  keepAliveTimeoutMs?: number;
  /** Connections open at once; more are refused (default 1024; listen() only). */
  maxConnections?: number;
}

export interface Sandbox {
  /** Node http handler; routes start with /restapi/api. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  listen(port?: number, host?: string): Promise<{ port: number; baseUrl: string }>;
  /** Back to the seeded state (clears faults and outbox). */
  reset(): void;
  close(): Promise<void>;
  /** The state, for tests and tools in this package. */
  readonly state: SandboxState;
  /** The server listen() started, while it runs. */
  readonly server: Server | undefined;
}

/** CORS_HEADERS as a flat name/value list. */
const CORS_HEADER_LIST = Object.entries(CORS_HEADERS).flat();

/**
 * The CORS and Vary headers of an answer, as a flat name/value list in the order they are
 * written: every page may call the API routes (the elements on a partner's page do), with
 * credentials; a `refused` request (a foreign page on a sandbox-only route) gets no grant.
 * Answers vary by Accept, and by Origin where the grant depends on it.
 */
function corsHeaders(
  origin: string | undefined,
  sandboxRoute: boolean,
  refused: boolean,
): string[] {
  const out = refused ? [] : [...CORS_HEADER_LIST, 'Access-Control-Allow-Origin', origin ?? '*'];
  out.push('Vary', origin || sandboxRoute ? 'Origin, Accept' : 'Accept');
  if (!refused) out.push('Access-Control-Allow-Credentials', 'true');
  return out;
}

export const API_PREFIX = '/restapi/api';

/** The sandbox-only routes (outbox, tokens, faults, reset, fixtures): only trusted origins (origins.ts). */
const SANDBOX_ROUTES = API_PREFIX + '/sandbox';

/** Request paths of the geo suggestion route start with this (country and query follow). */
const SUGGEST_PREFIX = API_PREFIX + '/gis/v2.0/geoautocomplete/';

/**
 * Characters the suggestion fast path accepts in a query string: those that `new URL()`
 * leaves alone and URLSearchParams decodes like the split-and-decodeURIComponent parse of
 * parseQuery. Anything else (spaces, raw non-ASCII, '#', ';' …) takes the general path.
 */
const QUERY_SAFE = new Uint8Array(128);
for (const ch of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789%+&=-._~,')
  QUERY_SAFE[ch.charCodeAt(0)] = 1;

/**
 * The suggestion parameters of a query string, as URLSearchParams.get would give them (the
 * first of repeated names); undefined when the string holds anything outside QUERY_SAFE or
 * a percent sequence decodeURIComponent rejects (URLSearchParams would keep it literally).
 */
function parseQuery(
  qs: string,
): { i: string | null; l: string | null; lpt: string | null; t: string | null } | undefined {
  for (let k = 0; k < qs.length; k++) {
    const c = qs.charCodeAt(k);
    if (c >= 128 || !QUERY_SAFE[c]) return undefined;
  }
  const q = {
    i: null as string | null,
    l: null as string | null,
    lpt: null as string | null,
    t: null as string | null,
  };
  let from = 0;
  while (from <= qs.length) {
    let to = qs.indexOf('&', from);
    if (to < 0) to = qs.length;
    if (to > from) {
      const eq = qs.indexOf('=', from);
      const hasValue = eq >= 0 && eq < to;
      const name = decodePart(qs.slice(from, hasValue ? eq : to));
      const value = hasValue ? decodePart(qs.slice(eq + 1, to)) : '';
      if (name === undefined || value === undefined) return undefined;
      if ((name === 'i' || name === 'l' || name === 'lpt' || name === 't') && q[name] === null)
        q[name] = value;
    }
    from = to + 1;
  }
  return q;
}

/** Form-decodes one name or value ('+' is a space); undefined for a bad percent sequence. */
function decodePart(s: string): string | undefined {
  if (s.indexOf('+') >= 0) s = s.replace(/\+/g, ' ');
  if (s.indexOf('%') < 0) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

/** Creates a sandbox of the whole interface (see docs/architecture.md). */
export async function createSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const state = await SandboxState.create({
    dataDir: opts.dataDir,
    strictContact: !!opts.strictContact,
    geo: opts.geo !== false,
  });
  const verifier = opts.oauth
    ? new OAuthVerifier({
        consumerKey: opts.oauth.consumerKey,
        consumerSecret: opts.oauth.consumerSecret,
        tokens: Object.fromEntries(
          Object.entries(opts.oauth.tokens ?? {}).map(([t, v]) => [t, v.secret]),
        ),
        windowSeconds: opts.oauth.windowSeconds,
      })
    : undefined;
  const router = new Router();
  registerRoutes(router, state);
  const fastPath = opts.fastPath;
  const origins = new Set(opts.origins ?? []);
  const allowedHosts =
    opts.allowedHosts ??
    parseHosts(process.env.SANDBOX_ALLOWED_HOSTS ?? '', 'SANDBOX_ALLOWED_HOSTS');
  /** The address listen() was given, for the Host check. */
  let listenHost: string | undefined;
  const log = opts.quiet ? () => {} : (line: string) => process.stderr.write(line + '\n');
  if (opts.geo !== false && state.geo instanceof Error)
    log(`sandbox: no geography (geo and statistic routes answer 503): ${state.geo.message}`);
  let server: Server | undefined;
  const sockets = new Set<import('node:net').Socket>();

  async function run(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://sandbox.local');
    } catch {
      // e.g. `GET http://[/x`: a request target no URL parser takes
      log(`sandbox: ${method}: the request target is not a valid URL (400)`);
      send(
        req,
        res,
        errorReply(
          badRequest('The request target is not a valid URL.'),
          negotiate(req.headers.accept, 'xml'),
        ),
      );
      return;
    }
    const origin = req.headers.origin;
    const sandboxRoute =
      url.pathname === SANDBOX_ROUTES || url.pathname.startsWith(SANDBOX_ROUTES + '/');
    // A foreign page gets no CORS grant on the sandbox-only routes, preflight included.
    const refused =
      sandboxRoute && origin !== undefined && !trustedOrigin(origin, req.headers.host, origins);
    const cors = corsHeaders(origin, sandboxRoute, refused);
    for (let i = 0; i < cors.length; i += 2) res.setHeader(cors[i]!, cors[i + 1]!);
    if (method === 'OPTIONS' && !refused) {
      res.writeHead(204, { 'Content-Length': '0' });
      res.end();
      return;
    }
    let format: Format = negotiate(req.headers.accept, 'xml');
    let reply: Reply;
    let ctx: Ctx | undefined;
    try {
      if (refused) {
        // refused before the route acts: a simple cross-site POST (no preflight) must not reset or mint either
        format = negotiate(req.headers.accept, 'json', ['json']); // the sandbox routes speak JSON
        throw forbidden(
          `Pages of ${origin} may not use the sandbox's own routes: only this machine's origins and those named with --origins or SANDBOX_ORIGINS.`,
        );
      }
      let path = url.pathname;
      if (!path.startsWith(API_PREFIX + '/') && path !== API_PREFIX) {
        throw new SandboxError(
          404,
          'ERROR_COMMON_RESOURCE_NOT_FOUND',
          `No resource at ${path}; the sandbox serves ${API_PREFIX}/….`,
        );
      }
      path = path.slice(API_PREFIX.length) || '/';
      const m = router.match(method, path);
      if (!m)
        throw new SandboxError(
          404,
          'ERROR_COMMON_RESOURCE_NOT_FOUND',
          `No resource at ${API_PREFIX}${path}.`,
        );
      if ('allowed' in m) {
        throw new SandboxError(
          405,
          'ERROR_COMMON_METHOD_NOT_ALLOWED',
          `Method ${method} is not allowed here; use ${m.allowed.join(', ')}.`,
          [],
          { Allow: [...m.allowed, 'OPTIONS'].join(', ') },
        );
      }
      const { route, params } = m;
      format = negotiate(req.headers.accept, route.formats[0]!, route.formats);
      ctx = {
        req,
        res,
        method,
        path,
        query: url.searchParams,
        params,
        format,
        body: () => readBody(req),
      };
      if (verifier && !path.startsWith('/sandbox/')) {
        // The URL as the client signed it: scheme and host as it reached us (hostRefused
        // has made sure the Host header parses).
        const signed = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
        const verdict = verifier.verify(method, signed, req.headers.authorization);
        if (!verdict.ok) throw unauthorized(`OAuth 1.0a: ${verdict.reason}.`);
        if (verdict.token) oauthUsers.set(req, opts.oauth!.tokens![verdict.token]!.user);
      }
      const fault = route.name ? state.faults.take(faultScope(req), route.name) : undefined;
      if (fault) {
        const done = await applyFault(fault, ctx, req, res);
        if (done) return;
      }
      reply = await route.handler(ctx);
    } catch (err) {
      // A handler may have settled the media type later (e.g. from the request body).
      if (ctx) format = ctx.format;
      if (err instanceof SandboxError) reply = errorReply(err, format);
      else {
        log(`sandbox: ${method} ${url.pathname}: ${(err as Error)?.stack ?? String(err)}`);
        reply = errorReply(
          new SandboxError(500, 'ERROR_COMMON_INTERNAL_SERVER_ERROR', 'Unexpected sandbox error.'),
          format,
        );
      }
    }
    send(req, res, reply);
  }

  /**
   * Writes a reply. When the request's body has not been read to its end (a 413, or a
   * request refused before its body was read), the connection is closed after the answer:
   * the rest of the body is never read (readBody pauses the request), and the connection
   * carries no further request.
   */
  function send(req: IncomingMessage, res: ServerResponse, reply: Reply): void {
    if (res.destroyed || res.headersSent) return;
    const body = typeof reply.body === 'string' ? Buffer.from(reply.body) : reply.body;
    const unread =
      !req.complete &&
      (req.headers['transfer-encoding'] !== undefined ||
        Number(req.headers['content-length'] ?? 0) > 0);
    res.writeHead(reply.status, {
      ...reply.headers,
      'Content-Type': reply.contentType,
      'Content-Length': String(body.length),
      'Cache-Control': 'no-store',
      ...(unread ? { Connection: 'close' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /**
   * The Host check (origins.ts, allowedHost), before anything else: a Host header that is no
   * host name is 400, a request for any other name 403, with the option that allows the name.
   */
  function hostRefused(req: IncomingMessage, res: ServerResponse): boolean {
    const host = req.headers.host;
    if (host !== undefined && hostName(host) === undefined) {
      send(
        req,
        res,
        errorReply(
          badRequest('The Host header is not a host name with an optional port (0-65535).'),
          negotiate(req.headers.accept, 'xml'),
        ),
      );
      return true;
    }
    if (allowedHost(host, [listenHost, req.socket.localAddress], allowedHosts)) return false;
    const name = JSON.stringify(String(host).slice(0, 100));
    send(
      req,
      res,
      errorReply(
        forbidden(
          `The sandbox answers only requests for this machine's names and addresses; to allow the host ${name}, start it with --allowed-hosts (or SANDBOX_ALLOWED_HOSTS) naming it.`,
        ),
        negotiate(req.headers.accept, 'xml'),
      ),
    );
    return true;
  }

  /**
   * Fast path of GET geo suggestion, the route a typing user hits on every keystroke. It
   * answers exactly as run()
   * would — same status, headers in the same order, same body — but synchronously, without
   * `new URL()`, the router, setHeader calls or a Buffer copy of the body: a string body
   * lets Node send header and body in one write. It only takes plain requests (no OAuth
   * mode, no fault set for the route, geography loaded, a simple URL: see parseQuery) and
   * returns false for everything else, which run() then serves; so do unexpected errors.
   */
  function suggestFast(req: IncomingMessage, res: ServerResponse, url: string): boolean {
    if (
      verifier ||
      fastPath === false ||
      state.geo instanceof Error ||
      state.faults.hasRoute('geo-suggest')
    )
      return false;
    // the country segment: exactly DEU or AUT (any case), then the query string or nothing
    const rest = url.length - SUGGEST_PREFIX.length;
    if (rest < 3 || (rest > 3 && url.charCodeAt(SUGGEST_PREFIX.length + 3) !== 63) /* ? */)
      return false;
    const country = url.slice(SUGGEST_PREFIX.length, SUGGEST_PREFIX.length + 3).toUpperCase();
    if (country !== 'DEU' && country !== 'AUT') return false;
    const q = parseQuery(rest > 4 ? url.slice(SUGGEST_PREFIX.length + 4) : '');
    if (!q) return false;
    let status = 200,
      body: string;
    try {
      body = state.geo.suggestJson(country, q);
    } catch (err) {
      if (!(err instanceof SandboxError) || Object.keys(err.headers).length) return false;
      const reply = errorReply(err, 'json'); // the route renders JSON only, errors included
      status = reply.status;
      body = reply.body as string;
    }
    if (res.destroyed) return true;
    res.writeHead(status, [
      ...corsHeaders(req.headers.origin, false, false),
      'Content-Type',
      'application/json;charset=UTF-8',
      'Content-Length',
      String(Buffer.byteLength(body)),
      'Cache-Control',
      'no-store',
    ]);
    res.end(body);
    return true;
  }

  const sandbox: Sandbox = {
    state,
    get server() {
      return server;
    },
    handle(req, res) {
      if (hostRefused(req, res)) return;
      const url = req.url;
      if (
        req.method === 'GET' &&
        url !== undefined &&
        url.startsWith(SUGGEST_PREFIX) &&
        suggestFast(req, res, url)
      )
        return;
      run(req, res).catch((err) => {
        log(`sandbox: ${(err as Error)?.stack ?? String(err)}`);
        if (!res.headersSent && !res.destroyed) {
          res.writeHead(500);
          res.end();
        }
      });
    },
    listen(port = 0, host = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        const headersTimeout = opts.headersTimeoutMs ?? 10_000;
        const srv = createServer(
          {
            headersTimeout,
            requestTimeout: opts.requestTimeoutMs ?? 30_000,
            keepAliveTimeout: opts.keepAliveTimeoutMs ?? 5000,
            // how often the two timeouts above are checked: often enough for short ones
            connectionsCheckingInterval: Math.min(1000, headersTimeout / 2),
          },
          (req, res) => sandbox.handle(req, res),
        );
        srv.maxConnections = opts.maxConnections ?? 1024;
        listenHost = host;
        srv.on('connection', (s) => {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
        });
        srv.once('error', reject);
        srv.listen(port, host, () => {
          server = srv;
          const p = (srv.address() as AddressInfo).port;
          const h = host.includes(':') ? `[${host}]` : host;
          resolve({ port: p, baseUrl: `http://${h}:${p}${API_PREFIX}` });
        });
      });
    },
    reset() {
      state.reset();
    },
    async close() {
      const srv = server;
      server = undefined;
      if (srv) {
        await new Promise<void>((resolve) => {
          srv.close(() => resolve());
          for (const s of sockets) s.destroy();
        });
      }
      state.close();
    },
  };
  return sandbox;
}
