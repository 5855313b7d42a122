/**
 * The request kernel of the elements (src/shared): failure.ts turns every failure into a
 * visitor's sentence without status, message code or server text; request.ts keeps only the
 * latest answer, aborts and resumes; auth.ts asks once per episode and re-runs on renew.
 * Failures come from a real client fed error bodies (docs/interface.md#errors).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from '../../src/api/index.js';
import { getStatistic } from '../../src/api/ops.js';
import { ClientBase } from '../../src/api/core.js';
import {
  FailureEvent,
  canRetry,
  failureKind,
  failureSentences,
  failureText,
  reportFailure,
  type FailureKind,
} from '../../src/shared/failure.js';
import { SHARED } from '../../src/shared/strings.js';
import { RequestController } from '../../src/shared/request.js';
import { AuthController } from '../../src/shared/auth.js';
import { clientFor } from '../../src/shared/client.js';
import { headingLevel } from '../../src/shared/heading.js';
import { fakeFetch, fixture, json, xml, type Reply } from './client-helpers.js';

// The English sentences load on demand (strings.en.ts), as an English element loads them.
await SHARED.load();

const SERVER_TEXT = 'An internal server error occured. Please contact the support.';
const messagesJson = (code: string, text = SERVER_TEXT) =>
  JSON.stringify({ 'common.messages': [{ message: { messageCode: code, message: text } }] });

/** The ApiError a lean client throws for one reply. */
async function errorFor(reply: Reply): Promise<ApiError> {
  const { fetch } = fakeFetch(reply);
  const c = new ClientBase({
    baseUrl: 'https://api.example.test/restapi/api',
    fetch,
    retries: 0,
    timeout: 50,
  });
  try {
    await getStatistic(c, { geocode: '1276003001' });
  } catch (e) {
    assert.ok(ApiError.is(e));
    return e;
  }
  throw new Error('no failure');
}

const cases: [string, Reply, string][] = [
  [
    '400',
    json(messagesJson('ERROR_COMMON_BAD_REQUEST', 'geocode [x] is invalid'), 400),
    'rejected',
  ],
  ['401', json(fixture('messages-bare.json'), 401), 'auth'],
  [
    '403',
    { status: 403, body: 'Access denied for this key', headers: { 'content-type': 'text/plain' } },
    'forbidden',
  ],
  ['404', xml(fixture('messages.xml'), 404), 'notFound'],
  [
    '409',
    json(messagesJson('ERROR_COMMON_REQUEST_CONFLICT', 'conflict on resource'), 409),
    'conflict',
  ],
  ['412', json(fixture('messages-wrapped.json'), 412), 'rejected'],
  ['429', json(messagesJson('ERROR_COMMON_TOO_MANY_REQUESTS', 'quota'), 429), 'busy'],
  ['500', json(messagesJson('ERROR_COMMON_INTERNAL_SERVER_ERROR'), 500), 'server'],
  [
    '502 proxy page',
    { status: 502, body: fixture('proxy.html'), headers: { 'content-type': 'text/html' } },
    'server',
  ],
  ['503', json(messagesJson('ERROR_COMMON_SERVICE_UNAVAILABLE', 'maintenance'), 503), 'busy'],
  [
    'unreadable body',
    {
      status: 200,
      body: '{"geoHierarchyStatistic": ',
      headers: { 'content-type': 'application/json' },
    },
    'unreadable',
  ],
  ['dropped connection', { network: true }, 'network'],
  ['timeout', { hang: true }, 'timeout'],
];

for (const [name, reply, kind] of cases) {
  test(`failure ${name}: kind ${kind}, a sentence in both languages without status, code or server text`, async () => {
    const err = await errorFor(reply);
    assert.equal(failureKind(err), kind);
    for (const lang of ['de', 'en'] as const) {
      const t = failureText(err, lang);
      assert.match(t, /^[A-ZÄÖÜ].*[.!]$/, t);
      assert.ok(t.split('. ').length >= 2, `what happened and what to do: ${t}`);
      assert.doesNotMatch(
        t,
        /\d{3}|HTTP|ERROR_|MESSAGE_|common:|Details:|support|invalid\]|quota|maintenance|Bad Gateway/i,
        t,
      );
      for (const m of err.messages)
        if (m.text) assert.ok(!t.includes(m.text), `server text leaked: ${t}`);
    }
    assert.notEqual(failureText(err, 'de'), failureText(err, 'en'));
  });
}

test('failure: the same 503 is worded the same wherever it comes from; Retry-After becomes seconds', async () => {
  const a = await errorFor(json(messagesJson('ERROR_COMMON_SERVICE_UNAVAILABLE', 'x'), 503));
  const b = await errorFor({ status: 503, body: '' });
  assert.equal(failureText(a, 'de'), failureText(b, 'de'));
  const c = await errorFor(
    json(messagesJson('ERROR_COMMON_TOO_MANY_REQUESTS', 'x'), 429, { 'retry-after': '20' }),
  );
  assert.match(failureText(c, 'de'), /in etwa 20 Sekunden/);
  assert.match(failureText(c, 'en'), /in about 20 seconds/);
});

test('failure: validation, abort and a thrown non-ApiError have sentences; retry only where it can help', async () => {
  const v = new ApiError({ kind: 'validation', fields: ['geocode'] });
  assert.equal(failureKind(v), 'invalid');
  assert.equal(failureKind(new ApiError({ kind: 'abort' })), 'aborted');
  assert.equal(failureKind(new TypeError('x is undefined')), 'unknown');
  assert.doesNotMatch(failureText(new TypeError('x is undefined'), 'en'), /undefined/);
  assert.equal(canRetry(v), false);
  assert.equal(canRetry(await errorFor({ status: 404, body: '' })), false);
  assert.equal(canRetry(await errorFor({ status: 500, body: '' })), true);
  assert.equal(canRetry(await errorFor({ network: true })), true);
  // Every sentence of the table exists in both languages and differs between them.
  for (const kind of Object.keys(SHARED.de.failure) as FailureKind[]) {
    const [de, en] = [failureSentences(kind, 'de'), failureSentences(kind, 'en')];
    for (const i of [0, 1]) assert.ok(de[i] && en[i] && de[i] !== en[i], `${kind} ${i}`);
  }
});

test('reportFailure: the technical detail goes to the event and console.debug, not to the sentence', async () => {
  const err = await errorFor(json(messagesJson('ERROR_COMMON_INTERNAL_SERVER_ERROR'), 500));
  const el = Object.assign(new EventTarget(), { localName: 'region-stats' }) as unknown as Element;
  const seen: FailureEvent[] = [];
  el.addEventListener('request-failed', (e) => seen.push(e as FailureEvent));
  const logged: unknown[][] = [];
  const debug = console.debug;
  console.debug = (...a: unknown[]) => void logged.push(a);
  try {
    const text = reportFailure(el, 'statistic', err, 'en');
    assert.equal(text, failureText(err, 'en'));
  } finally {
    console.debug = debug;
  }
  assert.equal(seen.length, 1);
  assert.equal(seen[0]!.operation, 'statistic');
  assert.equal(seen[0]!.kind, 'server');
  assert.equal(seen[0]!.error.status, 500);
  assert.equal(seen[0]!.error.code, 'ERROR_COMMON_INTERNAL_SERVER_ERROR');
  assert.deepEqual(seen[0]!.detail.text, seen[0]!.text);
  assert.equal(logged.length, 1);
  assert.match(String(logged[0]![0]), /region-stats.*statistic/);
});

// ---------------------------------------------------------------- request controller

/** A stand-in for a Lit element: controllers, updates, focus and events. */
function fakeHost() {
  const t = new EventTarget();
  const controllers: { hostConnected?(): void; hostDisconnected?(): void }[] = [];
  const events: Event[] = [];
  const host = Object.assign(t, {
    localName: 'x-el',
    updates: 0,
    renderRoot: { querySelector: () => null },
    updateComplete: Promise.resolve(true),
    addController: (c: (typeof controllers)[number]) => void controllers.push(c),
    removeController: () => {},
    requestUpdate() {
      host.updates++;
    },
    matches: () => false,
    connect: () => controllers.forEach((c) => c.hostConnected?.()),
    disconnect: () => controllers.forEach((c) => c.hostDisconnected?.()),
  });
  const dispatch = t.dispatchEvent.bind(t);
  host.dispatchEvent = (e: Event) => (events.push(e), dispatch(e));
  return { host, events };
}

/** A task whose calls wait until the test settles them. */
function deferredTask<T>() {
  const calls: {
    args: unknown[];
    signal: AbortSignal;
    resolve(v: T): void;
    reject(e: unknown): void;
  }[] = [];
  const task = (signal: AbortSignal, ...args: unknown[]) =>
    new Promise<T>((resolve, reject) => {
      calls.push({ args, signal, resolve, reject });
      signal.addEventListener('abort', () => reject(new ApiError({ kind: 'abort' })));
    });
  return { task, calls };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

test('request: only the latest run reaches the element; the older one is aborted and rejects with abort', async () => {
  const { host } = fakeHost();
  const { task, calls } = deferredTask<string>();
  const done: string[] = [];
  const r = new RequestController<[string], string>(host as never, {
    operation: 'x',
    task,
    lang: () => 'de',
    onComplete: (v) => done.push(v),
  });
  const first = r.run('a');
  const second = r.run('b');
  assert.equal(calls[0]!.signal.aborted, true);
  await assert.rejects(first, (e: ApiError) => e.kind === 'abort');
  calls[1]!.resolve('B');
  assert.equal(await second, 'B');
  assert.equal(r.status, 'complete');
  assert.deepEqual(done, ['B']);
});

test('request: a late answer of a superseded run is dropped even when the task ignores the signal', async () => {
  const { host } = fakeHost();
  const settle: ((v: string) => void)[] = [];
  const r = new RequestController<[], string>(host as never, {
    operation: 'x',
    task: () => new Promise((res) => settle.push(res)),
    lang: () => 'de',
  });
  const first = r.run();
  const second = r.run();
  settle[1]!('new');
  settle[0]!('old');
  await assert.rejects(first);
  assert.equal(await second, 'new');
  assert.equal(r.value, 'new');
});

test('request: a failure is kept, reported once (event), its sentence in the language; retry runs the same arguments', async () => {
  const { host, events } = fakeHost();
  const { task, calls } = deferredTask<number>();
  const r = new RequestController<[number], number>(host as never, {
    operation: 'load',
    task,
    lang: () => 'en',
  });
  const p = r.run(7);
  calls[0]!.reject(new ApiError({ kind: 'http', status: 503 }));
  await assert.rejects(p);
  assert.equal(r.status, 'error');
  assert.equal(r.text('en'), failureText(r.error, 'en'));
  assert.equal(events.filter((e) => e.type === 'request-failed').length, 1);
  const again = r.retry(() => null);
  await tick();
  assert.deepEqual(calls[1]!.args, [7]);
  calls[1]!.resolve(8);
  await again;
  assert.equal(r.status, 'complete');
  assert.equal(r.error, undefined);
});

test('request: disconnect aborts a pending run and connecting again resumes it; a finished run is not repeated', async () => {
  const { host, events } = fakeHost();
  const { task, calls } = deferredTask<number>();
  const r = new RequestController<[string], number>(host as never, {
    operation: 'load',
    task,
    lang: () => 'de',
  });
  r.start('q');
  host.disconnect();
  assert.equal(calls[0]!.signal.aborted, true);
  await tick();
  assert.equal(events.length, 0, 'an abort is no failure');
  host.connect();
  assert.equal(calls.length, 2);
  assert.deepEqual(calls[1]!.args, ['q']);
  calls[1]!.resolve(1);
  await tick();
  host.disconnect();
  host.connect();
  assert.equal(calls.length, 2);
});

test('auth: one auth-required per episode, every waiting run re-runs on renew; a replaced token re-runs without asking', async () => {
  const { host, events } = fakeHost();
  const auth = new AuthController(host as never);
  const unauthorized = () => new ApiError({ kind: 'http', status: 401 });
  let token = 'old';
  const seen: string[] = [];
  const make = (op: string) =>
    new RequestController<[], string>(host as never, {
      operation: op,
      auth,
      lang: () => 'de',
      task: async () => {
        seen.push(`${op}:${token}`);
        if (token !== 'good') throw unauthorized();
        return op;
      },
    });
  const a = make('projects');
  const b = make('entries');
  const pa = a.run();
  const pb = b.run();
  await tick();
  assert.equal(a.status, 'auth');
  assert.equal(b.status, 'auth');
  assert.equal(events.filter((e) => e.type === 'auth-required').length, 1);
  assert.equal((events[0] as Event & { operation: string }).operation, 'projects');
  assert.equal(auth.waiting, true);
  token = 'good';
  auth.renew();
  assert.equal(await pa, 'projects');
  assert.equal(await pb, 'entries');
  assert.equal(auth.waiting, false);
  // Sent with a token that was replaced while the request was on its way: re-run at once.
  token = 'stale';
  const c = make('add');
  const pc = c.run();
  token = 'good';
  auth.renew();
  assert.equal(await pc, 'add');
  assert.equal(events.filter((e) => e.type === 'auth-required').length, 1);
  assert.deepEqual(seen.slice(-2), ['add:stale', 'add:good']);
});

test('auth: aborting a waiting run rejects it with abort and closes the episode; refused again after renew, the run fails', async () => {
  const { host, events } = fakeHost();
  const auth = new AuthController(host as never);
  const r = new RequestController<[], string>(host as never, {
    operation: 'generate',
    auth,
    lang: () => 'de',
    task: async () => {
      throw new ApiError({ kind: 'http', status: 401 });
    },
  });
  const p = r.run();
  await tick();
  r.abort();
  await assert.rejects(p, (e: ApiError) => e.kind === 'abort');
  assert.equal(auth.waiting, false);
  const q = r.run();
  await tick();
  auth.renew();
  await assert.rejects(q, (e: ApiError) => e.status === 401);
  assert.equal(r.status, 'error');
  assert.equal(events.filter((e) => e.type === 'auth-required').length, 2);
  assert.equal(events.filter((e) => e.type === 'request-failed').length, 1);
});

test('clientFor: one lean client per service root, shared', () => {
  assert.equal(clientFor('/restapi/api'), clientFor(' /restapi/api '));
  assert.equal(clientFor(''), clientFor('/restapi/api'));
  assert.notEqual(clientFor('/a'), clientFor('/restapi/api'));
  assert.notEqual(clientFor('/restapi/api', 0), clientFor('/restapi/api'));
});

test('headingLevel: 1 to 6 as asked, anything else the default 2', () => {
  assert.equal(headingLevel('3'), 3);
  assert.equal(headingLevel(1), 1);
  assert.equal(headingLevel(' 6 '), 6);
  for (const bad of [null, undefined, '', '0', '7', '2.5', 'h3', NaN, -1])
    assert.equal(headingLevel(bad), 2, String(bad));
});
