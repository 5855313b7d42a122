// The sandbox server itself: routing, CORS, content negotiation, error bodies, body limit,
// faults, tokens, reset, fixtures, persistence in dataDir and the CLI. Through HTTP on port 0.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import {
  expectJsonError,
  expectXmlError,
  start,
  type Running,
} from '../fixtures/sandbox/helpers.js';

const xmlEntries = (ids: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><p:realEstateProjectEntries xmlns:p="http://rest.immobilienscout24.de/schema/offer/realestateproject/1.0">${ids
    .map(
      (id) => `<realEstateProjectEntry><realEstateId>${id}</realEstateId></realEstateProjectEntry>`,
    )
    .join('')}</p:realEstateProjectEntries>`;

describe('sandbox server', () => {
  let s: Running;
  before(async () => {
    s = await start({ geo: false });
  });
  after(() => s.close());

  test('unknown routes: 404 in the common:messages shape, XML by default, JSON when asked', async () => {
    await expectXmlError(await s.req('/no/such/thing'), 404, 'ERROR_COMMON_RESOURCE_NOT_FOUND');
    const list = await expectJsonError(
      await s.req('/no/such/thing', { headers: { accept: 'application/json' } }),
      404,
      'ERROR_COMMON_RESOURCE_NOT_FOUND',
    );
    assert.match(list[0]!.message, /\/restapi\/api\/no\/such\/thing/);
    // outside the prefix too
    await expectXmlError(
      await fetch(s.base.replace('/restapi/api', '/elsewhere')),
      404,
      'ERROR_COMMON_RESOURCE_NOT_FOUND',
    );
  });

  test('content negotiation honours q values and wildcards', async () => {
    const ct = async (accept: string) =>
      (await s.req('/search/v1.0/expose/150001001', { headers: { accept } })).headers.get(
        'content-type',
      );
    assert.match((await ct('application/json'))!, /json/);
    assert.match((await ct('application/xml'))!, /xml/);
    assert.match((await ct('*/*'))!, /xml/);
    assert.match((await ct('application/xml;q=0.5, application/json'))!, /json/);
    assert.match((await ct('text/html, application/json;q=0.9'))!, /json/);
    assert.match((await ct('application/json;q=0, application/xml'))!, /xml/);
  });

  test('wrong method: 405 with Allow', async () => {
    const r = await s.req('/search/v1.0/expose/150001001', {
      method: 'DELETE',
      headers: { accept: 'application/json' },
    });
    await expectJsonError(r, 405, 'ERROR_COMMON_METHOD_NOT_ALLOWED');
    assert.match(r.headers.get('allow')!, /GET/);
  });

  test('CORS: preflight and the headers on answers', async () => {
    const pre = await s.req('/search/v1.0/expose/1/contact', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://partner.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, authorization',
      },
    });
    assert.equal(pre.status, 204);
    assert.equal(pre.headers.get('access-control-allow-origin'), 'https://partner.example');
    assert.match(pre.headers.get('access-control-allow-methods')!, /POST/);
    assert.match(pre.headers.get('access-control-allow-headers')!, /Authorization/i);
    const r = await s.req('/search/v1.0/expose/150001001', {
      headers: { origin: 'https://partner.example' },
    });
    assert.equal(r.headers.get('access-control-allow-origin'), 'https://partner.example');
    assert.match(r.headers.get('access-control-expose-headers')!, /Retry-After/);
  });

  test('request bodies over the limit: 413', async () => {
    const r = await s.req('/search/v1.0/expose/150001001/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: 'x'.repeat(300 * 1024),
    });
    await expectJsonError(r, 413, 'ERROR_COMMON_BAD_REQUEST');
  });

  test('geo routes answer 503 in the documented shape when the geography is off', async () => {
    await expectJsonError(
      await s.req('/gis/v2.0/geoautocomplete/DEU?i=Berlin'),
      503,
      'ERROR_COMMON_SERVICE_UNAVAILABLE',
    );
    await expectXmlError(
      await s.req('/search/v1.0/statistic?geocode=1276003001'),
      503,
      'ERROR_COMMON_SERVICE_UNAVAILABLE',
    );
  });
});

describe('sandbox faults', () => {
  let s: Running;
  before(async () => {
    s = await start({ geo: false });
  });
  after(() => s.close());
  const fault = (body: unknown) =>
    s.req('/sandbox/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  test('status fault with times: the given status in the documented shape, then normal again', async () => {
    assert.equal((await fault({ route: 'expose', status: 503, times: 2 })).status, 200);
    for (let i = 0; i < 2; i++) {
      const r = await s.req('/search/v1.0/expose/150001001', {
        headers: { accept: 'application/json' },
      });
      await expectJsonError(r, 503, 'ERROR_COMMON_SERVICE_UNAVAILABLE');
      assert.equal(r.headers.get('retry-after'), '1');
    }
    assert.equal((await s.req('/search/v1.0/expose/150001001')).status, 200);
  });

  test('malformed body: the content type promised, a body that does not parse', async () => {
    await fault({ route: 'expose', malformed: true, times: 2 });
    const j = await s.req('/search/v1.0/expose/150001001', {
      headers: { accept: 'application/json' },
    });
    assert.equal(j.status, 200);
    assert.match(j.headers.get('content-type')!, /json/);
    const text = await j.text();
    assert.throws(() => JSON.parse(text));
    const x = await s.req('/search/v1.0/expose/150001001');
    const xt = await x.text();
    assert.match(x.headers.get('content-type')!, /xml/);
    const { XMLValidator } = await import('fast-xml-parser');
    assert.notEqual(XMLValidator.validate(xt), true);
  });

  test('drop: the connection is destroyed without an answer', async () => {
    await fault({ route: 'contact', drop: true, times: 1 });
    await assert.rejects(
      s.req('/search/v1.0/expose/150001001/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    // and the next request is served
    const r = await s.req('/search/v1.0/expose/150001001/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: '{}',
    });
    assert.equal(r.status, 400);
  });

  test('latency is applied before the normal answer (not timed, only that it still answers)', async () => {
    await fault({ route: 'expose', latencyMs: 20, times: 1 });
    assert.equal((await s.req('/search/v1.0/expose/150001001')).status, 200);
  });

  test('listing, clearing, reset clears faults, bad fault bodies are refused', async () => {
    await fault({ route: 'statistic', status: 500 });
    const listed = (await (await s.req('/sandbox/faults')).json()) as {
      faults: { route: string }[];
    };
    assert.deepEqual(
      listed.faults.map((f) => f.route),
      ['statistic'],
    );
    await s.req('/sandbox/faults', { method: 'DELETE' });
    assert.deepEqual(
      ((await (await s.req('/sandbox/faults')).json()) as { faults: unknown[] }).faults,
      [],
    );
    await fault({ route: 'expose', status: 500 });
    await s.req('/sandbox/reset', { method: 'POST' });
    assert.equal((await s.req('/search/v1.0/expose/150001001')).status, 200);
    await expectJsonError(
      await fault({ route: 'nope', status: 500 }),
      400,
      'ERROR_COMMON_BAD_REQUEST',
    );
    await expectJsonError(await fault({ route: 'expose' }), 400, 'ERROR_COMMON_BAD_REQUEST');
    await expectJsonError(
      await fault({ route: 'expose', status: 'x' }),
      400,
      'ERROR_COMMON_BAD_REQUEST',
    );
    await expectJsonError(
      await s.req('/sandbox/faults', { method: 'POST', body: '{nope' }),
      400,
      'ERROR_COMMON_BAD_REQUEST',
    );
  });

  test('a property-text fault makes generation fail with 500', async () => {
    const token = await s.token();
    await fault({ route: 'property-text', status: 500, times: 1 });
    const r = await s.req('/ai/v1.0/nlg/listing/property/generate', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        realEstateType: 'apartment',
        transactionType: 'rent',
        apartmentDetails: { noRooms: 2 },
      }),
    });
    await expectJsonError(r, 500, 'ERROR_COMMON_INTERNAL_SERVER_ERROR');
  });
});

describe('sandbox tokens, fixtures and persistence', () => {
  test('tokens: issue, use, expire; bad requests refused', async () => {
    const s = await start({ geo: false });
    try {
      const r = await s.req('/sandbox/token', {
        method: 'POST',
        body: JSON.stringify({ user: 'demo', ttlSeconds: 60 }),
      });
      const t = (await r.json()) as { token: string; expiresAt: string; user: string };
      assert.equal(t.user, 'demo');
      assert.ok(Date.parse(t.expiresAt) > Date.now());
      const auth = { authorization: `Bearer ${t.token}`, accept: 'application/json' };
      assert.equal(
        (await s.req('/offer/v1.0/user/me/realestateproject', { headers: auth })).status,
        200,
      );
      assert.equal(
        (
          await s.req('/sandbox/token/expire', {
            method: 'POST',
            body: JSON.stringify({ token: t.token }),
          })
        ).status,
        200,
      );
      const expired = await s.req('/offer/v1.0/user/me/realestateproject', { headers: auth });
      const msgs = await expectJsonError(expired, 401, 'ERROR_COMMON_AUTHENTICATION_REQUIRED');
      assert.match(msgs[0]!.message, /expired/);
      assert.match(expired.headers.get('www-authenticate')!, /invalid_token/);
      await expectJsonError(
        await s.req('/sandbox/token', { method: 'POST', body: JSON.stringify({ user: 'root' }) }),
        400,
        'ERROR_COMMON_BAD_REQUEST',
      );
      await expectJsonError(
        await s.req('/sandbox/token', { method: 'POST', body: JSON.stringify({ ttlSeconds: -5 }) }),
        400,
        'ERROR_COMMON_BAD_REQUEST',
      );
      await expectJsonError(
        await s.req('/sandbox/token/expire', {
          method: 'POST',
          body: JSON.stringify({ token: 'nope' }),
        }),
        404,
        'ERROR_COMMON_RESOURCE_NOT_FOUND',
      );
    } finally {
      await s.close();
    }
  });

  test('fixtures name what was seeded', async () => {
    const s = await start({ geo: false });
    try {
      const f = await s.fixtures();
      for (const t of ['EMAIL', 'PHONE', 'LONG', 'NONE']) assert.ok(f.exposes[t].length >= 1, t);
      for (const k of [
        'basicAlmostFull',
        'basicFew',
        'unpublished',
        'premium',
        'withoutTitle',
        'foreign',
      ])
        assert.match(f.projects[k], /^\d+$/, k);
      assert.ok(f.demoRealEstates.free.length >= 1);
      assert.ok(f.demoRealEstates.unpublished.length >= 1);
      assert.match(f.foreignRealEstateId, /^\d+$/);
      assert.equal(f.statistic.available, false);
    } finally {
      await s.close();
    }
  });

  test('dataDir keeps project entries, outbox and tokens across restarts, written atomically', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sbx-data-'));
    try {
      let s = await start({ geo: false, dataDir: dir });
      const f = await s.fixtures();
      const token = await s.token();
      const add = await s.req(
        `/offer/v1.0/user/me/realestateproject/${f.projects.basicFew}/realestateprojectentry`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/xml' },
          body: xmlEntries([f.demoRealEstates.free[0]]),
        },
      );
      assert.equal(add.status, 200);
      const contact = await s.req(`/search/v1.0/expose/${f.exposes.EMAIL[0]}/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          'expose.contactForm': { lastname: 'Persistent', emailAddress: 'p@example.org' },
        }),
      });
      assert.equal(contact.status, 200);
      await s.close();
      assert.deepEqual(
        readdirSync(dir).filter((n) => n.endsWith('.tmp')),
        [],
      );
      JSON.parse(readFileSync(join(dir, 'sandbox-state.json'), 'utf8'));

      s = await start({ geo: false, dataDir: dir });
      const entries = await s.req(
        `/offer/v1.0/user/me/realestateproject/${f.projects.basicFew}/realestateprojectentry`,
        {
          headers: { authorization: `Bearer ${token}` }, // the token survived the restart
        },
      );
      assert.equal(entries.status, 200);
      assert.match(
        await entries.text(),
        new RegExp(`<realEstateId>${f.demoRealEstates.free[0]}</realEstateId>`),
      );
      const outbox = (await (await s.req('/sandbox/outbox')).json()) as {
        id: string;
        raw: string;
      }[];
      assert.equal(outbox.length, 1);
      assert.match(outbox[0]!.raw, /Persistent/);
      // reset goes back to the seeded state and persists that too
      await s.req('/sandbox/reset', { method: 'POST' });
      await s.close();
      s = await start({ geo: false, dataDir: dir });
      assert.deepEqual(await (await s.req('/sandbox/outbox')).json(), []);
      await s.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a corrupt state file is ignored: the sandbox starts from the seeds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sbx-data-'));
    try {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(join(dir, 'sandbox-state.json'), '{"version":1,"projectEn');
      const s = await start({ geo: false, dataDir: dir });
      assert.equal((await s.req('/sandbox/fixtures')).status, 200);
      await s.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('sandbox CLI', () => {
  const runCli = (args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'packages/sandbox/src/cli.ts', ...args],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d));
      child.stderr.on('data', (d: Buffer) => (stderr += d));
      child.once('exit', (code) => resolve({ code, stdout, stderr }));
    });

  test('--help names every option and environment variable; a wrong option is one line and exit 2', async () => {
    const help = await runCli(['--help']);
    assert.equal(help.code, 0);
    for (const o of [
      '--port',
      '--host',
      '--data-dir',
      '--origins',
      '--strict-contact',
      '--no-geo',
      '--quiet',
      '--help',
      '--version',
      'PORT',
      'SANDBOX_HOST',
      'SANDBOX_DATA_DIR',
      'SANDBOX_ORIGINS',
      'SANDBOX_OAUTH_CONSUMER_KEY',
      'SANDBOX_OAUTH_CONSUMER_SECRET',
      'SANDBOX_OAUTH_TOKENS',
    ]) {
      assert.match(help.stdout, new RegExp(`(^|[\\s(])${o}\\b`), o);
    }
    // and the CLI parses no option its help does not name
    const source = readFileSync('packages/sandbox/src/cli.ts', 'utf8');
    for (const [, list] of source.matchAll(/const (?:FLAGS|VALUED) = new Set\(\[([^\]]*)\]/g)) {
      for (const [, o] of list!.matchAll(/'([^']+)'/g))
        assert.ok(help.stdout.includes(o!), `--help names ${o}`);
    }
    const version = await runCli(['--version']);
    assert.match(version.stdout, /^\d+\.\d+\.\d+\n$/);
    for (const [args, pattern] of [
      [['--prot', '8000'], /^sandbox: unknown option --prot \(see --help\)\n$/],
      [['--port'], /^sandbox: --port needs a value \(see --help\)\n$/],
      [
        ['--port', 'eighty'],
        /^sandbox: the port must be a number from 0 to 65535, not "eighty" \(--port or PORT\)\n$/,
      ],
    ] as const) {
      const r = await runCli([...args]);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.stderr, pattern);
    }
  });

  test('prints its base URL, serves, and shuts down cleanly on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'packages/sandbox/src/cli.ts', '--no-geo'],
      {
        env: { ...process.env, PORT: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /^(http:\/\/127\.0\.0\.1:\d+\/restapi\/api)\n/m.exec(out);
          if (m) resolve(m[1]!);
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
      });
      const body = await new Promise<string>((resolve, reject) => {
        request(`${url}/sandbox/fixtures`, (res) => {
          let b = '';
          res.on('data', (d) => (b += d));
          res.on('end', () => resolve(b));
        })
          .on('error', reject)
          .end();
      });
      assert.ok(JSON.parse(body).exposes);
      const code = await new Promise<number | null>((resolve) => {
        child.once('exit', (c) => resolve(c));
        child.kill('SIGTERM');
      });
      assert.equal(code, 0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
