/**
 * ClientBase, the lean client the elements build from `base-url`: the same requests, errors,
 * retries and timeouts as ClientCore, but no cache and no sharing of identical requests (each
 * call is its own request), and no auth hook in its options.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError, ClientBase, ClientCore, getStatistic, suggestGeo } from '../../src/api/index.js';
import { BASE, fakeFetch, fixture, json } from './client-helpers.js';

const suggestions = JSON.stringify([
  {
    entity: { type: 'city', id: '1276003001', label: 'Berlin' },
    matches: [{ offset: 0, length: 6 }],
  },
]);

function make(replies: Parameters<typeof fakeFetch>, Kind: typeof ClientBase = ClientBase) {
  const { fetch, calls } = fakeFetch(...replies);
  const sleeps: number[] = [];
  const client = new Kind({
    baseUrl: BASE,
    fetch,
    random: () => 0.5,
    sleep: async (ms) => void sleeps.push(ms),
  });
  return { client, calls, sleeps };
}

test('ClientBase runs an operation like ClientCore: same URL, headers and parsed model', async () => {
  const a = make([json(fixture('statistic.json'))]);
  const b = make([json(fixture('statistic.json'))], ClientCore);
  const query = { geocode: '1276003001', realEstateTypes: ['APARTMENT_RENT' as const] };
  assert.deepEqual(await getStatistic(a.client, query), await getStatistic(b.client, query));
  assert.equal(a.calls[0]!.url, b.calls[0]!.url);
  assert.deepEqual(a.calls[0]!.headers, b.calls[0]!.headers);
});

test('ClientBase neither caches nor shares: two identical suggestion calls are two requests; ClientCore makes one', async () => {
  const q = { country: 'DEU' as const, input: 'Berl' };
  const base = make([json(suggestions)]);
  await Promise.all([suggestGeo(base.client, q), suggestGeo(base.client, q)]);
  await suggestGeo(base.client, q);
  assert.equal(base.calls.length, 3);
  const core = make([json(suggestions)], ClientCore);
  await Promise.all([suggestGeo(core.client, q), suggestGeo(core.client, q)]);
  await suggestGeo(core.client, q);
  assert.equal(core.calls.length, 1);
});

test('ClientBase retries a GET on 503 with the backoff and honours Retry-After, like ClientCore', async () => {
  const { client, calls, sleeps } = make([
    { status: 503, body: '' },
    { status: 429, body: '', headers: { 'retry-after': '2' } },
    json(suggestions),
  ]);
  const list = await suggestGeo(client, { country: 'DEU', input: 'Berl' });
  assert.equal(list[0]!.entity.label, 'Berlin');
  assert.equal(calls.length, 3);
  assert.deepEqual(sleeps, [225, 2000]);
});

test('ClientBase validates before sending and throws an ApiError naming the field', async () => {
  const { fetch, calls } = fakeFetch(json(suggestions));
  const client = new ClientBase({ baseUrl: BASE, fetch });
  await assert.rejects(
    suggestGeo(client, { country: 'FRA' as 'DEU', input: 'Par' }),
    (e: unknown) => {
      assert.ok(e instanceof ApiError);
      assert.equal(e.kind, 'validation');
      assert.deepEqual(e.fields, ['country']);
      assert.equal(
        e.message,
        'suggestGeo: invalid request (country): country: must be one of DEU, AUT',
      );
      return true;
    },
  );
  assert.equal(calls.length, 0);
});

test('ClientBase maps an HTTP error with its body to ApiError', async () => {
  const body = JSON.stringify({
    'common.messages': [
      { message: { messageCode: 'ERROR_RESOURCE_NOT_FOUND', message: 'no such region' } },
    ],
  });
  const { client } = make([json(body, 404)]);
  await assert.rejects(getStatistic(client, { geocode: '1276999' }), (e: unknown) => {
    assert.ok(e instanceof ApiError);
    assert.equal(e.status, 404);
    assert.equal(e.code, 'ERROR_RESOURCE_NOT_FOUND');
    return true;
  });
});
