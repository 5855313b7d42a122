// Which pages may use the sandbox-only routes (packages/sandbox/src/origins.ts): this
// machine's, the sandbox's own origin and those configured; a foreign page gets no CORS
// grant there (preflight included) and its requests do not act. The API routes answer every
// origin. Through HTTP on port 0, and the CLI's --origins / SANDBOX_ORIGINS.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { parseOrigins, trustedOrigin } from '../../packages/sandbox/src/origins.js';
import { expectJsonError, start, type Running } from '../fixtures/sandbox/helpers.js';

const FOREIGN = 'https://evil.example';
const CONFIGURED = 'https://staging.partner.example';

/** Every sandbox-only route, with a request that would act if it were let through. */
const SANDBOX_ROUTES: [method: string, path: string, body?: string][] = [
  ['GET', '/sandbox/outbox'],
  ['GET', '/sandbox/outbox/x.eml'],
  ['POST', '/sandbox/token', '{"user":"demo"}'],
  ['POST', '/sandbox/token/expire', '{"token":"x"}'],
  ['POST', '/sandbox/reset', '{}'],
  ['GET', '/sandbox/faults'],
  ['POST', '/sandbox/faults', '{"route":"contact","status":500}'],
  ['DELETE', '/sandbox/faults'],
  ['GET', '/sandbox/fixtures'],
];

const granted = (r: Response) => ({
  origin: r.headers.get('access-control-allow-origin'),
  credentials: r.headers.get('access-control-allow-credentials'),
});

describe('CORS of the sandbox-only routes', () => {
  let s: Running;
  before(async () => {
    s = await start({ geo: false, origins: [CONFIGURED], allowedHosts: ['devbox.lan'] });
  });
  after(() => s.close());

  const ask = (method: string, path: string, origin: string, body?: string) =>
    s.req(path, {
      method,
      headers: {
        origin,
        'content-type': body ? 'text/plain' : 'application/json',
        accept: 'application/json',
      },
      body,
    });

  test('a foreign origin gets no grant on any of them, preflight included, and is refused before the route acts', async () => {
    const before = (await (await s.req('/sandbox/faults')).json()) as unknown;
    for (const [method, path, body] of SANDBOX_ROUTES) {
      const pre = await s.req(path, {
        method: 'OPTIONS',
        headers: {
          origin: FOREIGN,
          'access-control-request-method': method,
          'access-control-request-headers': 'content-type',
        },
      });
      assert.deepEqual(
        granted(pre),
        { origin: null, credentials: null },
        `preflight ${method} ${path}`,
      );
      assert.equal(
        pre.headers.get('access-control-allow-methods'),
        null,
        `preflight ${method} ${path}`,
      );
      assert.notEqual(pre.status, 204, `preflight ${method} ${path}`);
      // a "simple" request (text/plain POST) is sent by a browser without a preflight
      const r = await ask(method, path, FOREIGN, body);
      assert.deepEqual(granted(r), { origin: null, credentials: null }, `${method} ${path}`);
      assert.match(r.headers.get('vary') ?? '', /Origin/);
      const [msg] = await expectJsonError(r, 403, 'ERROR_COMMON_ACCESS_DENIED');
      assert.match(msg!.message, /evil\.example.*--origins/);
    }
    // nothing acted: the fault a foreign POST tried to set is not there
    assert.deepEqual(await (await s.req('/sandbox/faults')).json(), before);
    // "null" (sandboxed frames, file: pages) is foreign too
    assert.equal((await ask('GET', '/sandbox/outbox', 'null')).status, 403);
    // spellings of the path either are the route (refused) or are none (404): never served
    for (const path of [
      '/sandbox/outbox/',
      '/sandbox/./outbox',
      '/x/../sandbox/outbox',
      '/Sandbox/outbox',
      '//sandbox/outbox',
      '/%73andbox/outbox',
    ]) {
      assert.ok([403, 404].includes((await ask('GET', path, FOREIGN)).status), path);
    }
  });

  test("this machine's origins, any scheme and port, and a configured one are granted", async () => {
    for (const origin of [
      'http://localhost:5173',
      'http://127.0.0.1:8000',
      'http://[::1]:3000',
      'https://localhost',
      'http://app.localhost:8080',
      CONFIGURED,
    ]) {
      const pre = await s.req('/sandbox/token', {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      assert.equal(pre.status, 204, origin);
      assert.deepEqual(granted(pre), { origin, credentials: 'true' }, origin);
      const r = await s.req('/sandbox/token', {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: '{"user":"demo"}',
      });
      assert.equal(r.status, 200, origin);
      assert.deepEqual(granted(r), { origin, credentials: 'true' }, origin);
      assert.equal((await ask('GET', '/sandbox/outbox', origin)).status, 200, origin);
    }
    // what looks like localhost but is not
    for (const origin of [
      'http://localhost.evil.example',
      'http://127.0.0.1.evil.example',
      'http://staging.partner.example',
      'https://staging.partner.example:8443',
    ]) {
      assert.equal((await ask('GET', '/sandbox/outbox', origin)).status, 403, origin);
    }
  });

  test("the sandbox's own origin (an allowed Host it was asked at) is granted: a page it is mounted beside", async () => {
    const port = new URL(s.base).port;
    const status = (host: string, origin: string) =>
      new Promise<{ status: number; acao: string | undefined }>((resolve, reject) => {
        request(
          {
            host: '127.0.0.1',
            port,
            path: '/restapi/api/sandbox/outbox',
            headers: { host, origin },
          },
          (res) => {
            res.resume();
            resolve({
              status: res.statusCode!,
              acao: res.headers['access-control-allow-origin'] as string | undefined,
            });
          },
        )
          .on('error', reject)
          .end();
      });
    assert.deepEqual(await status('devbox.lan:5173', 'http://devbox.lan:5173'), {
      status: 200,
      acao: 'http://devbox.lan:5173',
    });
    assert.deepEqual(await status('devbox.lan:5173', 'http://devbox.lan:9999'), {
      status: 403,
      acao: undefined,
    });
  });

  test('requests without an Origin (curl, tests, servers) are served as before', async () => {
    const r = await s.req('/sandbox/fixtures');
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('access-control-allow-origin'), '*');
  });

  test('the API routes keep answering pages of every origin', async () => {
    const pre = await s.req('/search/v1.0/expose/1/contact', {
      method: 'OPTIONS',
      headers: { origin: FOREIGN, 'access-control-request-method': 'POST' },
    });
    assert.equal(pre.status, 204);
    assert.deepEqual(granted(pre), { origin: FOREIGN, credentials: 'true' });
    const r = await s.req('/search/v1.0/expose/150001001', { headers: { origin: FOREIGN } });
    assert.equal(r.status, 200);
    assert.deepEqual(granted(r), { origin: FOREIGN, credentials: 'true' });
  });
});

test('origin lists: origins only, normalised; the trust rule', () => {
  assert.deepEqual(
    parseOrigins(
      ' https://A.example , http://ci-host:8080/,https://x.example:443',
      'SANDBOX_ORIGINS',
    ),
    ['https://a.example', 'http://ci-host:8080', 'https://x.example'],
  );
  assert.deepEqual(parseOrigins('', 'SANDBOX_ORIGINS'), []);
  for (const bad of [
    'partner.example',
    'https://partner.example/app',
    'ftp://partner.example',
    '*',
    'https://u:p@partner.example',
  ]) {
    assert.throws(
      () => parseOrigins(bad, '--origins'),
      /^Error: --origins: ".*" is not an origin/,
      bad,
    );
  }
  const none = new Set<string>();
  assert.equal(trustedOrigin('http://127.1.2.3:1', undefined, none), true);
  assert.equal(trustedOrigin('chrome-extension://abc', undefined, none), false);
  assert.equal(trustedOrigin('http://localhost:5173', 'whatever', none), true);
});

describe('sandbox CLI: --origins and SANDBOX_ORIGINS', () => {
  /** Starts the CLI, returns its base URL, or its exit code and stderr when it ends first. */
  function cli(args: string[], env: Record<string, string> = {}) {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'packages/sandbox/src/cli.ts', '--no-geo', '--quiet', ...args],
      {
        env: { ...process.env, PORT: '0', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    const started = new Promise<{ url?: string; code?: number | null; stderr: string }>(
      (resolve) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d;
          const m = /^(http:\S+)\n/m.exec(out);
          if (m) resolve({ url: m[1]!, stderr });
        });
        child.once('exit', (code) => resolve({ code, stderr }));
      },
    );
    const stop = () =>
      new Promise<void>((r) =>
        child.exitCode !== null ? r() : (child.once('exit', () => r()), child.kill('SIGTERM')),
      );
    return { started, stop };
  }

  test('a configured origin is granted, from the flag or the environment; a bad one is one line and exit 2', async () => {
    for (const [args, env] of [
      [['--origins', CONFIGURED], {}],
      [[], { SANDBOX_ORIGINS: `https://other.example,${CONFIGURED}` }],
    ] as const) {
      const c = cli([...args], { ...env });
      try {
        const { url } = await c.started;
        assert.ok(url, 'started');
        const ok = await fetch(`${url}/sandbox/fixtures`, { headers: { origin: CONFIGURED } });
        assert.equal(ok.status, 200);
        assert.equal(ok.headers.get('access-control-allow-origin'), CONFIGURED);
        assert.equal(
          (await fetch(`${url}/sandbox/fixtures`, { headers: { origin: FOREIGN } })).status,
          403,
        );
      } finally {
        await c.stop();
      }
    }
    const bad = await cli(['--origins', 'partner.example']).started;
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /^sandbox: --origins: "partner\.example" is not an origin .*\n$/);
  });
});

/** A raw request to a sandbox on 127.0.0.1 with any Host and Origin. */
function ask(
  port: string | number,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; acao: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          acao: res.headers['access-control-allow-origin'] as string | undefined,
          body,
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('the Host check (DNS rebinding)', () => {
  let s: Running;
  let port: string;
  before(async () => {
    s = await start({ geo: false, allowedHosts: ['sandbox.example.test', '.team.example.test'] });
    port = new URL(s.base).port;
  });
  after(() => s.close());

  test('a rebinding page (its own name as Host and Origin) is refused with 403 and a sentence naming the option, on every route', async () => {
    for (const path of ['/restapi/api/sandbox/outbox', '/restapi/api/search/v1.0/region?q=Ber']) {
      const r = await ask(port, path, {
        host: 'rebind.evil.example:18024',
        origin: 'http://rebind.evil.example:18024',
        accept: 'application/json',
      });
      assert.equal(r.status, 403, path);
      assert.equal(r.acao, undefined, path);
      assert.match(r.body, /--allowed-hosts/);
      assert.match(r.body, /SANDBOX_ALLOWED_HOSTS/);
      assert.match(r.body, /rebind\.evil\.example/);
    }
    const suggest = await ask(port, '/restapi/api/gis/v2.0/geoautocomplete/DEU?i=Ber', {
      host: 'rebind.evil.example',
    });
    assert.equal(suggest.status, 403, 'the suggestion fast path checks Host too');
  });

  test('loopback names and addresses on any port, the listen address and configured names pass', async () => {
    for (const host of [
      'localhost:5173',
      'LOCALHOST',
      'app.localhost:8000',
      '127.0.0.1:1',
      '127.1.2.3',
      '[::1]:8024',
      `127.0.0.1:${port}`,
      'sandbox.example.test:8024',
      'team.example.test',
      'a.team.example.test:443',
    ]) {
      const r = await ask(port, '/restapi/api/sandbox/outbox', { host });
      assert.equal(r.status, 200, host);
    }
    for (const host of [
      'example.test',
      'sandbox.example.test.evil.example',
      'localhost.evil',
      '10.0.0.1',
    ]) {
      const r = await ask(port, '/restapi/api/sandbox/outbox', { host });
      assert.equal(r.status, 403, host);
    }
  });

  test('the address it was told to listen on passes; so does SANDBOX_ALLOWED_HOSTS without the option', async () => {
    const { allowedHost } = await import('../../packages/sandbox/src/origins.js');
    // A LAN address the sandbox listens on (--host 192.168.1.5), or one the request arrived
    // at (--host 0.0.0.0): an IP address, which no rebinding page can send as its Host.
    assert.equal(allowedHost('192.168.1.5:8024', ['192.168.1.5'], []), true);
    assert.equal(allowedHost('192.168.1.5:8024', [undefined, '::ffff:192.168.1.5'], []), true);
    assert.equal(allowedHost('[fd00::5]:8024', ['fd00::5'], []), true);
    assert.equal(allowedHost('192.168.1.6:8024', ['192.168.1.5'], []), false);
    assert.equal(allowedHost('rebind.evil.example', ['0.0.0.0'], []), false);
    const saved = process.env.SANDBOX_ALLOWED_HOSTS;
    process.env.SANDBOX_ALLOWED_HOSTS = 'from-env.example.test';
    const { createSandbox } = await import('../../packages/sandbox/src/index.js');
    const sb = await createSandbox({ quiet: true, geo: false });
    if (saved === undefined) delete process.env.SANDBOX_ALLOWED_HOSTS;
    else process.env.SANDBOX_ALLOWED_HOSTS = saved;
    const { port: p } = await sb.listen(0, '127.0.0.1');
    try {
      const status = async (host: string) =>
        (await ask(p, '/restapi/api/sandbox/outbox', { host })).status;
      assert.equal(await status('from-env.example.test'), 200);
      assert.equal(await status('other.example.test'), 403);
    } finally {
      await sb.close();
    }
  });

  test('the CLI takes --allowed-hosts and refuses an entry that is not a host name', async () => {
    const { parseHosts } = await import('../../packages/sandbox/src/origins.js');
    assert.deepEqual(parseHosts(' a.example.test, .b.example.test ,', '--allowed-hosts'), [
      'a.example.test',
      '.b.example.test',
    ]);
    assert.throws(
      () => parseHosts('http://a.example.test', '--allowed-hosts'),
      /--allowed-hosts: "http:\/\/a\.example\.test" is not a host name/,
    );
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'packages/sandbox/src/cli.ts',
        '--no-geo',
        '--allowed-hosts',
        'a.example.test:80',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c));
    const code = await new Promise<number | null>((r) => child.on('close', r));
    assert.equal(code, 2);
    assert.match(err, /--allowed-hosts: "a\.example\.test:80" is not a host name/);
  });
});
