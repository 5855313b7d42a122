/**
 * Fault scopes (packages/sandbox/src/faults.ts): two callers sharing one sandbox, each with its own
 * scope (header X-Sandbox-Scope or cookie sandbox-scope), neither see nor clear each other's
 * faults; a fault set without a scope stays global.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createSandbox, type Sandbox } from '../../packages/sandbox/src/index.js';
import { FaultStore } from '../../packages/sandbox/src/faults.js';

let sandbox: Sandbox;
let base = '';
const EXPOSE = '/search/v1.0/expose/150001001';

before(async () => {
  sandbox = await createSandbox({ quiet: true, geo: false });
  base = (await sandbox.listen(0, '127.0.0.1')).baseUrl;
});
after(() => sandbox.close());

type Who = { header?: string; cookie?: string };
const headersOf = (who: Who): Record<string, string> => ({
  Accept: 'application/json',
  ...(who.header ? { 'X-Sandbox-Scope': who.header } : {}),
  ...(who.cookie ? { Cookie: `theme=dark; sandbox-scope=${who.cookie}` } : {}),
});
const setFault = (who: Who, fault: unknown) =>
  fetch(base + '/sandbox/faults', {
    method: 'POST',
    headers: { ...headersOf(who), 'Content-Type': 'application/json' },
    body: JSON.stringify(fault),
  });
const list = async (who: Who) =>
  (await (await fetch(base + '/sandbox/faults', { headers: headersOf(who) })).json()) as {
    scope: string | null;
    faults: { route: string; status?: number; scope: string | null }[];
  };
const clear = (who: Who) =>
  fetch(base + '/sandbox/faults', { method: 'DELETE', headers: headersOf(who) });
const expose = async (who: Who) => (await fetch(base + EXPOSE, { headers: headersOf(who) })).status;

const A: Who = { header: 'run-a' };
const B: Who = { header: 'run-b' };
const C: Who = { cookie: 'browser-c' };
const NONE: Who = {};

describe('fault scopes', () => {
  test("two scopes on one sandbox do not see each other's faults", async () => {
    assert.equal((await setFault(A, { route: 'expose', status: 503 })).status, 200);
    assert.equal(await expose(A), 503);
    assert.equal(await expose(B), 200, "B is not hit by A's fault");
    assert.equal(await expose(NONE), 200, 'nor is a request without a scope');
    assert.equal((await setFault(B, { route: 'expose', status: 500 })).status, 200);
    assert.equal(await expose(A), 503);
    assert.equal(await expose(B), 500);
    assert.deepEqual(await list(A), {
      scope: 'run-a',
      faults: [{ route: 'expose', status: 503, scope: 'run-a' }],
    });
    assert.deepEqual(
      (await list(B)).faults.map((f) => f.status),
      [500],
    );
    assert.equal((await clear(B)).status, 200);
    assert.equal(await expose(B), 200, 'B cleared its own');
    assert.equal(await expose(A), 503, "and not A's");
    await clear(A);
    assert.equal(await expose(A), 200);
  });

  test('the scope may come from a cookie; the header wins over the cookie', async () => {
    await setFault(C, { route: 'expose', status: 502 });
    assert.equal(await expose(C), 502);
    assert.equal(await expose({ cookie: 'browser-c', header: 'run-a' }), 200);
    assert.equal(await expose(A), 200);
    await clear(C);
    assert.equal(await expose(C), 200);
  });

  test('times counts per scope', async () => {
    await setFault(A, { route: 'expose', status: 503, times: 1 });
    await setFault(B, { route: 'expose', status: 503, times: 1 });
    assert.equal(await expose(A), 503);
    assert.equal(await expose(A), 200);
    assert.equal(await expose(B), 503, "A's requests did not use up B's fault");
    assert.equal(await expose(B), 200);
  });

  test("a fault without a scope is global; a scope's own fault for the route wins; a scope-less DELETE clears only the global ones", async () => {
    await setFault(NONE, { route: 'expose', status: 503 });
    assert.equal(await expose(NONE), 503);
    assert.equal(await expose(A), 503, 'global applies to scoped callers');
    await setFault(B, { route: 'expose', status: 500 });
    assert.equal(await expose(B), 500);
    assert.deepEqual((await list(A)).faults, [{ route: 'expose', status: 503, scope: null }]);
    assert.deepEqual((await list(B)).faults, [{ route: 'expose', status: 500, scope: 'run-b' }]);
    await clear(A);
    assert.equal(await expose(A), 503, 'a scope cannot clear the global fault');
    await clear(NONE);
    assert.equal(await expose(A), 200);
    assert.equal(await expose(B), 500, "clearing the global faults keeps B's");
    await clear(B);
  });

  test("reset with a scope clears that scope's faults only; reset without one clears all", async () => {
    await setFault(A, { route: 'expose', status: 503 });
    await setFault(B, { route: 'expose', status: 503 });
    await fetch(base + '/sandbox/reset', { method: 'POST', headers: headersOf(A) });
    assert.equal(await expose(A), 200);
    assert.equal(await expose(B), 503);
    await fetch(base + '/sandbox/reset', { method: 'POST' });
    assert.equal(await expose(B), 200);
  });

  test('a malformed scope is refused by the fault routes', async () => {
    for (const bad of ['has space', 'x'.repeat(65), 'a.b', '']) {
      const res = await fetch(base + '/sandbox/faults', { headers: { 'X-Sandbox-Scope': bad } });
      assert.equal(res.status, 400, JSON.stringify(bad));
    }
    assert.equal(
      await expose({ header: 'has space' }),
      200,
      'other routes then see global faults only',
    );
  });
});

test('FaultStore: hasRoute sees every scope, and the number of scopes is bounded', () => {
  const store = new FaultStore();
  assert.equal(store.hasRoute('geo-suggest'), false);
  store.set('x', { route: 'geo-suggest', status: 500 });
  assert.equal(
    store.hasRoute('geo-suggest'),
    true,
    'the suggestion fast path steps aside for a scoped fault',
  );
  assert.equal(store.take('y', 'geo-suggest'), undefined);
  assert.equal(store.take('x', 'geo-suggest')?.status, 500);
  for (let i = 0; i < FaultStore.MAX_SCOPES + 5; i++)
    store.set(`s${i}`, { route: 'expose', status: 500 });
  assert.equal(store.take('x', 'geo-suggest'), undefined, 'the oldest scope was dropped');
  assert.equal(store.take(`s${FaultStore.MAX_SCOPES + 4}`, 'expose')?.status, 500);
});
