/**
 * No request ends either server. The gateway CLI (public and metrics port, in front of a
 * sandbox) and two sandbox CLIs (one with the geography, one in strict OAuth mode without
 * it) run as child processes, as in production; a few thousand raw requests of random
 * request targets, methods, header values and bodies (fast-check, fixed seed unless
 * FUZZ_SEED is set) go to every listening port, a bounded number within a time bound; then
 * every process must still be running and answering, and none may have logged an unexpected
 * error. An uncaught exception in any of them ends that process, so this test sees it.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import fc from 'fast-check';
import { HOSTILE_TARGETS } from './raw-http.js';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 3000);
const SEED = Number(process.env.FUZZ_SEED ?? 4141);
/** The whole fuzz stops sending after this, whatever is left. */
const BUDGET_MS = 25_000;
/** Requests in flight at once. */
const PARALLEL = 12;
/** A request that has not been answered and closed by then is cut off by the client. */
const REQUEST_MS = 1500;

interface Server {
  name: string;
  child: ChildProcess;
  out: string;
  err: string;
}
const servers: Server[] = [];
const ports: Record<'gateway' | 'metrics' | 'sandbox' | 'strict', number> = {
  gateway: 0,
  metrics: 0,
  sandbox: 0,
  strict: 0,
};
let hookDir = '';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Spawns a CLI and resolves with it once its first stdout line is out. */
function spawnCli(name: string, args: string[], env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const s: Server = { name, child, out: '', err: '' };
  servers.push(s);
  child.stderr!.on('data', (d: Buffer) => (s.err += d));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      const first = !s.out.includes('\n');
      s.out += d;
      if (first && s.out.includes('\n')) resolve(s);
    });
    child.on('exit', (code) => reject(new Error(`${name} exited (${code}): ${s.err}`)));
  });
}

let readyAt = 0;
before(async () => {
  const t0 = Date.now();
  hookDir = mkdtempSync(join(tmpdir(), 'gateway-fuzz-'));
  const hook = join(hookDir, 'user-tokens.mjs');
  writeFileSync(
    hook,
    "export default (req) => /session=ok/.test(req.headers.cookie ?? '') ? { token: 't', secret: 's' } : null;\n",
  );
  const sandboxPort = (ports.sandbox = await freePort());
  const [sandbox] = await Promise.all([
    spawnCli('sandbox', ['packages/sandbox/src/cli.ts', '--port', String(sandboxPort)], {}),
    freePort().then((p) =>
      spawnCli(
        'strict sandbox',
        ['packages/sandbox/src/cli.ts', '--port', String((ports.strict = p)), '--no-geo'],
        {
          SANDBOX_OAUTH_CONSUMER_KEY: 'ck',
          SANDBOX_OAUTH_CONSUMER_SECRET: 'cs',
          SANDBOX_OAUTH_TOKENS: 't:s:demo',
        },
      ),
    ),
  ]);
  // The geography builds its search indexes just after start-up, busy for seconds: the fuzz
  // starts once the sandbox answers quickly again, not to measure that.
  const base = sandbox.out.trim();
  for (let t = Date.now(), quick = 0; quick < 3 && Date.now() - t < 20_000;) {
    const t0 = Date.now();
    const r = await fetch(base + '/gis/v2.0/geoautocomplete/DEU?i=Ber');
    await r.arrayBuffer();
    quick = r.status === 200 && Date.now() - t0 < 250 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  ports.gateway = await freePort();
  ports.metrics = await freePort();
  await spawnCli('gateway', ['packages/gateway/src/cli.ts'], {
    GATEWAY_TARGET: sandbox.out.trim(),
    GATEWAY_CONSUMER_KEY: 'ck',
    GATEWAY_CONSUMER_SECRET: 'cs',
    GATEWAY_ORIGINS: 'https://www.partner.example',
    GATEWAY_USER_TOKENS: hook,
    GATEWAY_RATE_LIMIT: '100000',
    GATEWAY_RATE_BURST: '100000',
    GATEWAY_TRUST_PROXY: 'loopback',
    GATEWAY_MAX_BODY_BYTES: '65536',
    PORT: String(ports.gateway),
    HOST: '127.0.0.1',
    GATEWAY_METRICS_PORT: String(ports.metrics),
  });
  readyAt = Date.now() - t0;
});

after(() => {
  for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGTERM');
  if (hookDir) rmSync(hookDir, { recursive: true, force: true });
});

const PATHS = [
  '/',
  '/healthz',
  '/metrics',
  '/restapi/api',
  '/restapi/api/gis/v2.0/geoautocomplete/DEU',
  '/restapi/api/gis/v2.0/geoautocomplete/AUT',
  '/restapi/api/gis/v2.0/geoautocomplete/DEU/entity/1276003001',
  '/restapi/api/search/v1.0/statistic',
  '/restapi/api/search/v1.0/region',
  '/restapi/api/search/v1.0/expose/150001001',
  '/restapi/api/search/v1.0/expose/150001001/contact',
  '/restapi/api/ai/v1.0/nlg/listing/property/generate',
  '/restapi/api/offer/v1.0/user/me/realestateproject',
  '/restapi/api/offer/v1.0/user/me/realestateproject/1/realestateprojectentry',
  '/restapi/api/offer/v1.0/user/me/realestate',
  '/restapi/api/sandbox/outbox',
  '/restapi/api/sandbox/fixtures',
  '/restapi/api/sandbox/token',
  '/restapi/api/sandbox/faults',
];
const PARAMS = [
  'i',
  'l',
  'lpt',
  't',
  'q',
  'g',
  'geocode',
  'realestatetypes',
  'channel',
  'pagesize',
  'pagenumber',
  'oauth_token',
  '__proto__',
  'constructor',
];

/** Text as a visitor or an attacker might type it: ASCII, Latin-1, emoji, controls, percent junk. */
const text = (maxLength: number) =>
  fc.oneof(
    fc.string({ maxLength }),
    fc.string({ unit: 'grapheme', maxLength }),
    fc.string({
      unit: fc.constantFrom('%', 'z', '0', 'f', '+', '&', '=', '#', '?', '/', '.', '[', ':'),
      maxLength,
    }),
    fc.constantFrom('', 'Berlin', 'Ber', '1276003', '-1', '1e999', 'NaN', 'x'.repeat(3000), 'DEU'),
  );

const query = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...PARAMS), text(8)), text(20), fc.boolean()), {
    maxLength: 5,
  })
  .map((pairs) =>
    pairs
      .map(([k, v, raw]) =>
        raw ? `${k}=${v}` : `${encodeURIComponent(k)}=${encodeURIComponent(v)}`,
      )
      .join('&'),
  );

/** Request targets: the hostile ones, the servers' paths with junk after them, and junk. */
const target = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_TARGETS) },
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...PATHS),
        fc.oneof(
          { weight: 4, arbitrary: fc.constant('') },
          { weight: 1, arbitrary: fc.constant('/') },
          { weight: 1, arbitrary: text(10) },
        ),
        fc.oneof(
          fc.constant(''),
          query.map((q) => '?' + q),
        ),
        fc.boolean(),
      )
      .map(([p, tail, q, absolute]) => (absolute ? 'http://localhost' : '') + p + tail + q),
  },
  { weight: 1, arbitrary: text(40).map((t) => '/' + t) },
);

const method = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('GET', 'POST', 'OPTIONS', 'HEAD') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'PUT',
      'DELETE',
      'PATCH',
      'TRACE',
      'get',
      'FOO',
      'M-SEARCH',
      'CONNECT',
    ),
  },
);

const CONTACT_XML =
  '<ns:contactForm xmlns:ns="http://rest.immobilienscout24.de/schema/search/expose/1.0"><lastname>x</lastname><emailAddress>x@example.org</emailAddress><message>hi</message></ns:contactForm>';
const CONTACT_JSON = JSON.stringify({
  'expose.contactForm': { lastname: 'x', emailAddress: 'x@example.org', salutation: 'FEMALE' },
});
const ENTRIES_XML =
  '<p:realEstateProjectEntries xmlns:p="http://rest.immobilienscout24.de/schema/offer/realestateproject/1.0"><realEstateProjectEntry><realEstateId>1</realEstateId></realEstateProjectEntry></p:realEstateProjectEntries>';

/** A valid body now and then, mutated, cut off or replaced by junk. */
const body = fc.oneof(
  fc.constant(''),
  fc.constantFrom(CONTACT_XML, CONTACT_JSON, ENTRIES_XML, '{}', '[]', 'null', '<x/>'),
  fc
    .tuple(fc.constantFrom(CONTACT_XML, CONTACT_JSON, ENTRIES_XML), fc.nat(), text(20))
    .map(([b, at, junk]) => b.slice(0, at % b.length) + junk + b.slice(at % b.length)),
  text(200),
  fc.constantFrom('<'.repeat(5000), '{"a":'.repeat(2000), 'x'.repeat(70_000)),
);

const headerValue = (...likely: string[]) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...likely) },
    { weight: 1, arbitrary: text(60) },
  );

const headers = fc.record(
  {
    host: headerValue(
      'localhost',
      'localhost',
      'localhost',
      '127.0.0.1:8080',
      'localhost:99999',
      '[::1]:80',
      '[::',
      'evil.example',
      '',
    ),
    origin: headerValue(
      'https://www.partner.example',
      'https://www.partner.example',
      'https://www.partner.example',
      'https://evil.example',
      'null',
      'http://localhost:5173',
    ),
    'content-type': headerValue(
      'application/xml',
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'text/xml; charset=utf-8',
      'application/json;;;',
    ),
    accept: headerValue(
      'application/json',
      'application/xml',
      '*/*',
      'text/html',
      'application/json;q=0',
    ),
    'accept-language': headerValue('de-DE,de;q=0.9', 'en', '*', 'xx-'),
    'sec-fetch-site': headerValue('cross-site', 'same-origin', 'same-origin', 'none'),
    'x-forwarded-for': headerValue(
      '203.0.113.7',
      '::ffff:c633:6409',
      '1.1.1.1, 2001:db8::1',
      'junk, [::1]:5',
    ),
    authorization: headerValue(
      'OAuth oauth_consumer_key="ck", oauth_token="t", oauth_signature="x"',
      'Bearer nope',
      'OAuth ' + 'a'.repeat(2000),
    ),
    cookie: headerValue('session=ok', 'sandbox-scope=fuzz', ''),
    'x-sandbox-scope': headerValue('fuzz', ''),
    'x-sandbox-strict-contact': headerValue('true', 'false'),
  },
  // Host always (Node answers 400 without one), the others now and then
  { requiredKeys: ['host'] },
);

/** How the body goes out: with its length, chunked, or with a Content-Length that lies. */
const framing = fc.constantFrom('length', 'length', 'length', 'chunked', 'short', 'long');

const request = fc.record({
  port: fc.constantFrom('gateway', 'gateway', 'metrics', 'sandbox', 'sandbox', 'strict' as const),
  method,
  target,
  headers,
  body,
  framing,
});

/** Header values as bytes on the wire: a line break would start another header, so none. */
const headerLine = (name: string, value: string) => `${name}: ${value.replace(/[\r\n]/g, ' ')}\r\n`;

let timedOut = 0;

/** Sends one request over a socket of its own; resolves with the status, or 0 for none. */
function send(r: Req): Promise<number> {
  const b = Buffer.from(r.body);
  let head = `${r.method} ${r.target.replace(/[\s]/g, '%20')} HTTP/1.1\r\n`;
  for (const [k, v] of Object.entries(r.headers)) if (v !== undefined) head += headerLine(k, v);
  head += 'Connection: close\r\n';
  let payload: Buffer = b;
  if (r.framing === 'chunked') {
    head += 'Transfer-Encoding: chunked\r\n';
    payload = Buffer.concat([
      Buffer.from(b.length.toString(16) + '\r\n'),
      b,
      Buffer.from(b.length ? '\r\n0\r\n\r\n' : '\r\n'),
    ]);
  } else if (r.framing === 'short') head += `Content-Length: ${Math.max(0, b.length - 3)}\r\n`;
  else if (r.framing === 'long') head += `Content-Length: ${b.length + 10}\r\n`;
  else if (b.length || r.method === 'POST') head += `Content-Length: ${b.length}\r\n`;
  return new Promise((resolve) => {
    const sock = net.connect(ports[r.port], '127.0.0.1');
    let answer = '';
    const timer = setTimeout(() => {
      timedOut++;
      if (process.env.FUZZ_DEBUG) console.error(JSON.stringify(r).slice(0, 300));
      sock.destroy();
    }, REQUEST_MS);
    sock.on('connect', () => {
      sock.write(head + '\r\n');
      sock.end(payload);
    });
    sock.setEncoding('latin1');
    sock.on('data', (d: string) => {
      if (answer.length < 20) answer += d;
    });
    sock.on('error', () => {});
    sock.on('close', () => {
      clearTimeout(timer);
      resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0));
    });
  });
}
type Req = {
  port: keyof typeof ports;
  method: string;
  target: string;
  headers: Partial<Record<string, string>>;
  body: string;
  framing: string;
};

test(`${REQUESTS} random requests to every port of the gateway and the sandboxes leave every process running`, async (t) => {
  const requests = [
    // the known hostile targets first, to every port
    ...(Object.keys(ports) as (keyof typeof ports)[]).flatMap((port) =>
      HOSTILE_TARGETS.map((t): Req => ({
        port,
        method: 'GET',
        target: t,
        headers: { host: 'localhost' },
        body: '',
        framing: 'length',
      })),
    ),
    ...(fc.sample(request, { numRuns: REQUESTS, seed: SEED }) as Req[]),
  ];
  const statuses = new Map<string, number>();
  const started = Date.now();
  const deadline = started + BUDGET_MS;
  let next = 0;
  let sent = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < requests.length && Date.now() < deadline) {
        const r = requests[next++]!;
        const status = await send(r);
        sent++;
        const key = `${r.port} ${status}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      }
    }),
  );
  const summary = `seed ${SEED}, ${sent} of ${requests.length} sent in ${Date.now() - started} ms, ${timedOut} cut off; ${[
    ...statuses,
  ]
    .sort()
    .map(([k, n]) => `${k}: ${n}`)
    .join(', ')}`;
  t.diagnostic(`servers ready after ${readyAt} ms; ${summary}`);
  assert.ok(sent >= Math.min(requests.length, 500), summary);
  for (const s of servers)
    assert.equal(
      s.child.exitCode ?? s.child.signalCode,
      null,
      `${s.name} ended: ${s.err}\n${summary}`,
    );
  // every port still answers
  assert.equal((await fetch(`http://127.0.0.1:${ports.gateway}/healthz`)).status, 200);
  assert.equal((await fetch(`http://127.0.0.1:${ports.metrics}/metrics`)).status, 200);
  for (const p of [ports.sandbox, ports.strict])
    assert.equal((await fetch(`http://127.0.0.1:${p}/restapi/api/sandbox/fixtures`)).status, 200);
  // and nothing was an unexpected error
  const gateway = servers.find((s) => s.name === 'gateway')!;
  assert.doesNotMatch(gateway.out, /"msg":"unhandled"/, summary);
  for (const s of servers)
    assert.doesNotMatch(s.err, /\n\s+at |Unexpected sandbox error/, `${s.name}: ${summary}`);
});
