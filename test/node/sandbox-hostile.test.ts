// The sandbox on a hostile network: a quadratic OAuth header, a body that keeps coming after
// 413, slow clients, inherited names as enum values, an unparseable request target, lone
// surrogates in a visitor's text, bodies a page can send without a preflight (text/plain, no
// type), and a Host port out of range. One test per probe. (The Host check is in
// sandbox-cors.test.ts; the fuzz of every port in gateway-fuzz.test.ts.)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { XMLParser } from 'fast-xml-parser';
import { createSandbox, type Sandbox } from '../../packages/sandbox/src/index.js';
import { OAuthVerifier, parseAuthorizationHeader } from '../../packages/sandbox/src/oauth.js';
import { validatePropertyText } from '../../packages/sandbox/src/property-text-validate.js';
import { start, type Running } from '../fixtures/sandbox/helpers.js';
import { raw } from './raw-http.js';

describe('OAuth header parser', () => {
  test('reads the header in one pass: 50,000 letters after "OAuth " take milliseconds', () => {
    const header = 'OAuth ' + 'a'.repeat(50_000);
    const t0 = performance.now();
    for (let i = 0; i < 5; i++) assert.deepEqual(parseAuthorizationHeader(header), {});
    const ms = (performance.now() - t0) / 5;
    assert.ok(ms < 40, `${ms.toFixed(1)} ms per header`);
  });

  test('takes every name="value" pair as before, decoded, and nothing from between them', () => {
    assert.deepEqual(
      {
        ...parseAuthorizationHeader(
          'OAuth realm="Example", oauth_consumer_key="9djdj82h48djs9d2",oauth_nonce="7d8f3e4a" , x y="a%20b" junk, c="", =="x", d="1',
        ),
      },
      {
        realm: 'Example',
        oauth_consumer_key: '9djdj82h48djs9d2',
        oauth_nonce: '7d8f3e4a',
        y: 'a b',
        c: '',
      },
    );
    assert.equal(parseAuthorizationHeader('Basic abc'), null);
    assert.equal(parseAuthorizationHeader('OAuth a="%E0%A4%A"'), null);
  });

  test('an access token named like an Object method is an unknown token', () => {
    const v = new OAuthVerifier({ consumerKey: 'ck', consumerSecret: 'cs', tokens: {} });
    const header = `OAuth oauth_consumer_key="ck", oauth_token="constructor", oauth_signature_method="HMAC-SHA1", oauth_timestamp="${Math.floor(Date.now() / 1000)}", oauth_nonce="n", oauth_signature="x"`;
    assert.deepEqual(v.verify('GET', new URL('http://h/x'), header), {
      ok: false,
      reason: 'unknown access token',
    });
  });
});

describe('connections', () => {
  let sb: Sandbox;
  let port: number;
  /** With the default timeouts, for the 413 tests: a loaded machine may be slow to read. */
  let plain: Sandbox;
  let plainPort: number;
  before(async () => {
    plain = await createSandbox({ quiet: true, geo: false });
    plainPort = (await plain.listen(0)).port;
    sb = await createSandbox({
      quiet: true,
      geo: false,
      headersTimeoutMs: 300,
      requestTimeoutMs: 2000,
      keepAliveTimeoutMs: 700,
      maxConnections: 50,
    });
    port = (await sb.listen(0)).port;
  });
  after(async () => {
    await sb.close();
    await plain.close();
  });

  test('the timeouts and the connection cap are set as configured', () => {
    const srv = sb.server!;
    assert.equal(srv.headersTimeout, 300);
    assert.equal(srv.requestTimeout, 2000);
    assert.equal(srv.keepAliveTimeout, 700);
    assert.equal(srv.maxConnections, 50);
  });

  test('a client that never finishes its headers is answered 408 and closed', async () => {
    const t0 = Date.now();
    const r = await raw(
      port,
      'GET /restapi/api/sandbox/outbox HTTP/1.1\r\nHost: localhost\r\nX-Slow: ',
    );
    assert.ok(r.closed, 'closed by the server');
    assert.match(r.answer, /^HTTP\/1\.1 408/);
    assert.ok(Date.now() - t0 < 3000);
  });

  test('413 (declared length): answered, then the connection is closed and the body not read', async () => {
    let read = 0;
    plain.server!.once('connection', (s: net.Socket) => s.on('close', () => (read = s.bytesRead)));
    const r = await raw(
      plainPort,
      'POST /restapi/api/sandbox/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 33554432\r\n\r\n',
      32 * 1024 * 1024,
    );
    assert.match(r.answer, /^HTTP\/1\.1 413/);
    assert.match(r.answer, /connection: close/i);
    assert.ok(r.closed, 'closed by the server');
    assert.ok(read < 4 * 1024 * 1024, `${read} bytes read`);
  });

  test('a request refused before its body is read (404) closes the connection without reading the body', async () => {
    let read = 0;
    plain.server!.once('connection', (s: net.Socket) => s.on('close', () => (read = s.bytesRead)));
    const r = await raw(
      plainPort,
      'POST /restapi/api/nowhere HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 33554432\r\n\r\n',
      32 * 1024 * 1024,
    );
    assert.match(r.answer, /^HTTP\/1\.1 404/);
    assert.ok(r.closed, 'closed by the server');
    assert.ok(read < 4 * 1024 * 1024, `${read} bytes read`);
  });

  test('413 (chunked body): answered once the limit is passed, then closed', async () => {
    let read = 0;
    plain.server!.once('connection', (s: net.Socket) => s.on('close', () => (read = s.bytesRead)));
    const chunk = 'x'.repeat(65536);
    const body = Array.from({ length: 512 }, () => `10000\r\n${chunk}\r\n`).join('');
    const r = await raw(
      plainPort,
      'POST /restapi/api/sandbox/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n' +
        body,
    );
    assert.match(r.answer, /^HTTP\/1\.1 413/);
    assert.ok(r.closed, 'closed by the server');
    assert.ok(read < 4 * 1024 * 1024, `${read} bytes read`);
  });

  test('an unparseable request target is 400 with a log line, not 500', async () => {
    const quietless = await createSandbox({ geo: false });
    const logged: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((s: string) => (logged.push(String(s)), true)) as typeof write;
    try {
      const p = (await quietless.listen(0)).port;
      const r = await raw(
        p,
        'GET http://[/x HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
      );
      assert.match(r.answer, /^HTTP\/1\.1 400/);
      assert.match(r.answer, /not a valid URL/);
    } finally {
      process.stderr.write = write;
      await quietless.close();
    }
    assert.ok(
      logged.some((l) => /not a valid URL \(400\)/.test(l)),
      logged.join(''),
    );
    assert.ok(!logged.some((l) => /Unexpected|TypeError|Invalid URL/.test(l)), logged.join(''));
  });
});

describe('inherited names as enum values', () => {
  let s: Running;
  let id: string;
  before(async () => {
    s = await start({ geo: false });
    id = (await s.fixtures()).exposes.EMAIL[0];
  });
  after(() => s.close());

  for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
    test(`"salutation":"${name}" is refused and never reaches the e-mail`, async () => {
      await s.req('/sandbox/reset', { method: 'POST' });
      const r = await s.req(`/search/v1.0/expose/${id}/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          'expose.contactForm': { lastname: 'M', emailAddress: 'm@example.org', salutation: name },
        }),
      });
      assert.equal(r.status, 400);
      assert.match(await r.text(), /salutation must be one of/);
      const outbox = (await (await s.req('/sandbox/outbox')).json()) as unknown[];
      assert.equal(outbox.length, 0);
    });
  }

  test('a property-text detail named like an Object method is an unknown field', () => {
    for (const name of ['constructor', 'toString', 'valueOf']) {
      assert.throws(
        () =>
          validatePropertyText({
            realEstateType: 'apartment',
            transactionType: 'rent',
            location: { city: 'Berlin' },
            apartmentDetails: { [name]: 'x' },
          }),
        (e: Error & { messages?: { message: string }[] }) =>
          (e.messages ?? []).some((m) =>
            m.message.includes(`apartmentDetails.${name}: unknown field`),
          ),
      );
    }
  });
});

describe('OpenImmo attachment', () => {
  let s: Running;
  let id: string;
  before(async () => {
    s = await start({ geo: false });
    id = (await s.fixtures()).exposes.EMAIL[0];
  });
  after(() => s.close());

  test("lone surrogates in a visitor's text become U+FFFD, as in the .eml; pairs stay", async () => {
    const text = 'a\uD800b\uDC00c 😀 d\uDBFF';
    const r = await s.req(`/search/v1.0/expose/${id}/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        'expose.contactForm': { lastname: text, emailAddress: 'm@example.org', message: text },
      }),
    });
    assert.equal(r.status, 200);
    const [mail] = (await (await s.req('/sandbox/outbox')).json()) as { attachmentXml: string }[];
    const xml = mail!.attachmentXml;
    assert.equal(Buffer.from(xml, 'utf8').toString('utf8'), xml, 'every character encodes');
    assert.doesNotMatch(
      xml,
      /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
    );
    const fb = new XMLParser({ parseTagValue: false }).parse(xml).openimmo_feedback;
    assert.equal(fb.objekt.interessent.nachname, 'a\uFFFDb\uFFFDc 😀 d\uFFFD');
  });
});

describe('inherited names in search input', () => {
  let s: Running;
  before(async () => {
    s = await start();
  });
  after(() => s.close());

  test('a query word named like an Object method is only a word (suggestion, fast and general path, and region search)', async () => {
    for (const q of ['constructor', 'Berlin constructor', 'toString hbf', 'valueOf str.']) {
      for (const path of [
        `/gis/v2.0/geoautocomplete/DEU?i=${encodeURIComponent(q)}&t=city`,
        `/gis/v2.0/geoautocomplete/DEU?i=${encodeURIComponent(q)}&t=city&x=%20`,
        `/search/v1.0/region?q=${encodeURIComponent(q)}`,
      ]) {
        const r = await s.req(path, { headers: { accept: 'application/json' } });
        const text = await r.text();
        assert.equal(r.status, 200, `${path}: ${text}`);
        assert.doesNotMatch(text, /native code|function/);
      }
    }
  });
});

describe('bodies without an XML or JSON media type', () => {
  let s: Running;
  let id: string;
  before(async () => {
    s = await start({ geo: false });
    id = (await s.fixtures()).exposes.EMAIL[0];
  });
  after(() => s.close());

  const XML = `<ns:contactForm xmlns:ns="http://rest.immobilienscout24.de/schema/search/expose/1.0"><lastname>x</lastname><emailAddress>x@example.org</emailAddress></ns:contactForm>`;

  test('a page of any site cannot write into the outbox with a simple (text/plain) POST: 415', async () => {
    await s.req('/sandbox/reset', { method: 'POST' });
    for (const [type, body] of [
      ['text/plain', XML],
      ['text/plain;charset=UTF-8', JSON.stringify({ 'expose.contactForm': { lastname: 'x' } })],
      ['application/x-www-form-urlencoded', XML],
      ['multipart/form-data; boundary=x', XML],
      ['application/octet-stream', XML],
      [undefined, XML],
    ] as const) {
      const r = await s.req(`/search/v1.0/expose/${id}/contact`, {
        method: 'POST',
        headers: { origin: 'https://evil.example', ...(type ? { 'content-type': type } : {}) },
        // a Blob without a type is how a page sends a body with no Content-Type at all
        body: type ? body : new Blob([body]),
      });
      assert.equal(r.status, 415, String(type));
      assert.match(await r.text(), /ERROR_COMMON_MEDIA_TYPE_UNSUPPORTED/);
    }
    const outbox = (await (await s.req('/sandbox/outbox')).json()) as unknown[];
    assert.equal(outbox.length, 0);
  });

  test('with application/xml the same body is a contact request', async () => {
    await s.req('/sandbox/reset', { method: 'POST' });
    const r = await s.req(`/search/v1.0/expose/${id}/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: XML,
    });
    assert.equal(r.status, 200);
    const outbox = (await (await s.req('/sandbox/outbox')).json()) as unknown[];
    assert.equal(outbox.length, 1);
  });

  test('a building-project body without a media type is 415 too', async () => {
    const token = await s.token();
    const project = (await s.fixtures()).projects.basicFew;
    const r = await s.req(
      `/offer/v1.0/user/me/realestateproject/${project}/realestateprojectentry`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: new Blob(['<x/>']),
      },
    );
    assert.equal(r.status, 415);
  });
});

describe('Host header in strict OAuth mode', () => {
  test('a port out of range is 400, not 500 with a stack trace', async () => {
    const sb = await createSandbox({
      geo: false,
      oauth: { consumerKey: 'ck', consumerSecret: 'cs' },
    });
    const logged: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((l: string) => (logged.push(String(l)), true)) as typeof write;
    try {
      const p = (await sb.listen(0)).port;
      for (const host of ['localhost:99999', 'localhost:65536', '127.0.0.1:00000000']) {
        const r = await raw(
          p,
          `GET /restapi/api/search/v1.0/expose/150001001 HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
        );
        assert.match(r.answer, /^HTTP\/1\.1 400/, host);
        assert.match(r.answer, /Host/);
      }
    } finally {
      process.stderr.write = write;
      await sb.close();
    }
    assert.ok(!logged.some((l) => /TypeError|Invalid URL|\n\s+at /.test(l)), logged.join(''));
  });
});

describe('a client gone in the middle of its body', () => {
  test('is no error of the sandbox: nothing logged as unexpected', async () => {
    const sb = await createSandbox({ geo: false });
    const logged: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((l: string) => (logged.push(String(l)), true)) as typeof write;
    try {
      const p = (await sb.listen(0)).port;
      await new Promise<void>((resolve) => {
        const sock = net.connect(p, '127.0.0.1', () =>
          sock.end(
            'POST /restapi/api/search/v1.0/expose/150001001/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
          ),
        );
        sock.on('error', () => {});
        sock.resume();
        sock.on('close', () => resolve());
      });
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      process.stderr.write = write;
      await sb.close();
    }
    assert.ok(!logged.some((l) => /\n\s+at /.test(l)), logged.join(''));
  });
});
