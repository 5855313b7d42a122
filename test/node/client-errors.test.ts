/** Error shapes, retries with backoff and Retry-After, abort, timeout, cache and validation. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError, ImmoClient, LruCache, parseRetryAfter } from '../../src/api/index.js';
import { BASE, fakeFetch, fixture, json, makeClient, xml, type Reply } from './client-helpers.js';

const isApiError = (check: (e: ApiError) => void) => (e: unknown) => {
  assert.ok(e instanceof ApiError, `expected ApiError, got ${String(e)}`);
  check(e);
  return true;
};

// ---------------------------------------------------------------- error bodies

const errorShapes: [string, Reply, number, { code: string; text: string; id?: string }[]][] = [
  [
    'XML common:messages',
    xml(fixture('messages.xml'), 404),
    404,
    [
      {
        code: 'ERROR_RESOURCE_NOT_FOUND',
        text: 'Resource [expose] with id [1] not found.',
        id: '1',
      },
    ],
  ],
  [
    'JSON wrapped',
    json(fixture('messages-wrapped.json'), 412),
    412,
    [
      {
        code: 'ERROR_COMMON_URL_PARAMETER_VALIDATION_FAILED',
        text: 'parameter [geocode] is invalid.',
      },
    ],
  ],
  [
    'JSON wrapped with inner array',
    json(fixture('messages-wrapped-array.json'), 400),
    400,
    [
      { code: 'ERROR_RESOURCE_VALIDATION', text: 'first problem' },
      { code: 'ERROR_RESOURCE_VALIDATION', text: 'second problem', id: '7' },
    ],
  ],
  [
    'JSON bare',
    json(fixture('messages-bare.json'), 401),
    401,
    [{ code: 'ERROR_COMMON_AUTHENTICATION_REQUIRED', text: 'Authentication required.' }],
  ],
  [
    'plain text',
    {
      status: 403,
      body: 'Access denied for   this key\n',
      headers: { 'content-type': 'text/plain' },
    },
    403,
    [{ code: '', text: 'Access denied for this key' }],
  ],
  [
    'HTML from a proxy',
    { status: 502, body: fixture('proxy.html'), headers: { 'content-type': 'text/html' } },
    502,
    [{ code: '', text: '502 Bad Gateway' }],
  ],
  ['empty body', { status: 500, body: '' }, 500, []],
  [
    'unparseable JSON error body',
    json('{"common.messages":', 500),
    500,
    [{ code: '', text: '{"common.messages":' }],
  ],
];

for (const [name, reply, status, messages] of errorShapes) {
  test(`HTTP error body: ${name}`, async () => {
    const { client } = makeClient([reply], { retries: 0 });
    await assert.rejects(
      client.getExpose('1'),
      isApiError((e) => {
        assert.equal(e.kind, 'http');
        assert.equal(e.status, status);
        assert.deepEqual(e.messages, messages);
        assert.equal(e.operation, 'getExpose');
        // One short English line for developers: operation, status, the service's codes and texts.
        assert.ok(e.message.startsWith(`getExpose: HTTP ${status}`), e.message);
        for (const m of messages)
          assert.ok(e.message.includes([m.code, m.text].filter(Boolean).join(' ')), e.message);
      }),
    );
  });
}

test('status helpers tell 401/403/404/412/429/503/5xx apart', async () => {
  const cases: [number, keyof ApiError][] = [
    [401, 'isUnauthorized'],
    [403, 'isForbidden'],
    [404, 'isNotFound'],
    [412, 'isPreconditionFailed'],
    [429, 'isRateLimited'],
  ];
  for (const [status, helper] of cases) {
    const e = new ApiError({ kind: 'http', status });
    for (const h of [
      'isUnauthorized',
      'isForbidden',
      'isNotFound',
      'isPreconditionFailed',
      'isRateLimited',
      'isServerError',
    ] as const) {
      assert.equal(e[h], h === helper, `${status} ${h}`);
    }
  }
  const e503 = new ApiError({ kind: 'http', status: 503 });
  assert.equal(e503.isRateLimited, true);
  assert.equal(e503.isServerError, true);
  assert.equal(new ApiError({ kind: 'http', status: 400 }).isServerError, false);
});

test('the message is one short English line; HTML never leaks markup', async () => {
  const { client } = makeClient(
    [{ status: 502, body: fixture('proxy.html'), headers: { 'content-type': 'text/html' } }],
    { retries: 0 },
  );
  await assert.rejects(
    client.getExpose('1'),
    isApiError((e) => {
      assert.equal(e.message, 'getExpose: HTTP 502: 502 Bad Gateway');
      assert.doesNotMatch(e.message, /script|</);
    }),
  );
});

test('malformed success bodies end in kind parse with the status', async () => {
  for (const [body, format] of [
    ['{"common.geoHierarchyElementsStatistic":', 'json'],
    ['<ns:geoHierarchyElementsStatistic xmlns:ns="x"><parent>', 'xml'],
    ['[1,2,3]', 'json'],
    ['"just a string"', 'json'],
    ['<html><body>hello</body></html>', 'xml'],
  ] as const) {
    const { client } = makeClient([format === 'json' ? json(body) : xml(body)]);
    await assert.rejects(
      client.getStatistic({ geocode: '1' }, { format }),
      isApiError((e) => {
        assert.equal(e.kind, 'parse', body);
        assert.equal(e.status, 200);
      }),
    );
  }
});

// ---------------------------------------------------------------- retries

test('GET retried on 503 with exponential backoff and jitter, then succeeds', async () => {
  const { client, calls, sleeps } = makeClient([json('', 503), json('', 502), json('[]')], {
    retries: 2,
    retryDelay: 100,
    random: () => 0.5,
  });
  assert.deepEqual(await client.suggestGeo({ country: 'DEU', input: 'a' }), []);
  assert.equal(calls.length, 3);
  // base * 2^attempt, jittered into [base/2, base]: random 0.5 → 75 %
  assert.deepEqual(sleeps, [75, 150]);
});

test('jitter spans half to full backoff and is capped by maxRetryDelay', async () => {
  const low = makeClient([json('', 504), json('', 504), json('', 504), json('', 504)], {
    retries: 3,
    retryDelay: 1000,
    maxRetryDelay: 2500,
    random: () => 0,
  });
  await assert.rejects(
    low.client.suggestGeo({ country: 'DEU', input: 'a' }),
    isApiError((e) => assert.equal(e.status, 504)),
  );
  assert.deepEqual(low.sleeps, [500, 1000, 1250]);
  assert.equal(low.calls.length, 4);
  const high = makeClient([json('', 429), json('[]')], {
    retryDelay: 1000,
    random: () => 0.999999,
  });
  await high.client.suggestGeo({ country: 'DEU', input: 'a' });
  assert.deepEqual(high.sleeps, [1000]);
});

test('Retry-After in seconds is honoured', async () => {
  const { client, sleeps, calls } = makeClient([json('', 429, { 'retry-after': '3' }), json('[]')]);
  await client.suggestGeo({ country: 'DEU', input: 'a' });
  assert.deepEqual(sleeps, [3000]);
  assert.equal(calls.length, 2);
});

test('Retry-After as HTTP date is honoured against the injected clock', async () => {
  const now = Date.parse('2025-05-01T10:00:00Z');
  const { client, sleeps } = makeClient(
    [json('', 503, { 'retry-after': 'Thu, 01 May 2025 10:00:05 GMT' }), json('[]')],
    { now: () => now },
  );
  await client.suggestGeo({ country: 'DEU', input: 'a' });
  assert.deepEqual(sleeps, [5000]);
  assert.equal(parseRetryAfter('Thu, 01 May 2025 09:00:00 GMT', now), 0);
  assert.equal(parseRetryAfter('soon', now), undefined);
});

test('Retry-After beyond the cap stops retrying and reports retryAfter', async () => {
  const { client, sleeps, calls } = makeClient(
    [json('', 429, { 'retry-after': '3600' }), json('[]')],
    { maxRetryDelay: 10_000 },
  );
  await assert.rejects(
    client.suggestGeo({ country: 'DEU', input: 'a' }),
    isApiError((e) => {
      assert.equal(e.retryAfter, 3600);
      assert.equal(e.isRateLimited, true);
      assert.match(e.message, /3600 s/);
    }),
  );
  assert.deepEqual(sleeps, []);
  assert.equal(calls.length, 1);
});

test('network errors are retried for GETs and end in kind network', async () => {
  const { client, calls } = makeClient([{ network: true }], { retries: 2 });
  await assert.rejects(
    client.getExpose('1'),
    isApiError((e) => assert.equal(e.kind, 'network')),
  );
  assert.equal(calls.length, 3);
});

test('POSTs and non-retryable statuses are never retried', async () => {
  const post = makeClient([json('', 503), json('')]);
  await assert.rejects(
    post.client.contactRealtor('1', { lastname: 'X' }),
    isApiError((e) => assert.equal(e.status, 503)),
  );
  assert.equal(post.calls.length, 1);
  const net = makeClient([{ network: true }, json('')]);
  await assert.rejects(
    net.client.addProjectEntries('1', ['2']),
    isApiError((e) => assert.equal(e.kind, 'network')),
  );
  assert.equal(net.calls.length, 1);
  for (const status of [400, 401, 403, 404, 412, 500]) {
    const g = makeClient([json('', status), json('[]')]);
    await assert.rejects(
      g.client.suggestGeo({ country: 'DEU', input: 'a' }),
      isApiError((e) => assert.equal(e.status, status)),
    );
    assert.equal(g.calls.length, 1, String(status));
  }
});

// ---------------------------------------------------------------- abort and timeout

test('abort before the call: no request, kind abort', async () => {
  const { client, calls } = makeClient([json('[]')]);
  const c = new AbortController();
  c.abort();
  await assert.rejects(
    client.suggestGeo({ country: 'DEU', input: 'a' }, { signal: c.signal }),
    isApiError((e) => assert.equal(e.kind, 'abort')),
  );
  assert.equal(calls.length, 0);
});

test('abort during a request: kind abort, never retried', async () => {
  const { client, calls } = makeClient([{ hang: true }]);
  const c = new AbortController();
  const p = client.getStatistic({ geocode: '1' }, { signal: c.signal });
  await new Promise((r) => setImmediate(r));
  c.abort();
  await assert.rejects(
    p,
    isApiError((e) => assert.equal(e.kind, 'abort')),
  );
  assert.equal(calls.length, 1);
});

test('abort during the backoff wait ends the call', async () => {
  const { fetch, calls } = fakeFetch(json('', 503));
  const c = new AbortController();
  const client = new ImmoClient({
    baseUrl: BASE,
    fetch,
    sleep: (_ms, signal) =>
      new Promise((_, reject) => {
        signal?.addEventListener('abort', () => reject(signal.reason));
        c.abort();
      }),
  });
  await assert.rejects(
    client.suggestGeo({ country: 'DEU', input: 'a' }, { signal: c.signal }),
    isApiError((e) => assert.equal(e.kind, 'abort')),
  );
  assert.equal(calls.length, 1);
});

test('timeout per attempt: kind timeout after the retries of a GET, POST not retried', async () => {
  const { client, calls } = makeClient([{ hang: true }], { timeout: 1, retries: 1 });
  await assert.rejects(
    client.getExpose('1'),
    isApiError((e) => assert.equal(e.kind, 'timeout')),
  );
  assert.equal(calls.length, 2);
  const post = makeClient([{ hang: true }]);
  await assert.rejects(
    post.client.contactRealtor('1', { lastname: 'x' }, { timeout: 1 }),
    isApiError((e) => assert.equal(e.kind, 'timeout')),
  );
  assert.equal(post.calls.length, 1);
});

test('auth hook failure is an ApiError, not a raw exception', async () => {
  const { client, calls } = makeClient([json('[]')], {
    auth: async () => {
      throw new Error('token refresh failed');
    },
  });
  await assert.rejects(
    client.listProjects(),
    isApiError((e) =>
      assert.deepEqual(e.messages, [{ code: 'AUTH_HOOK_FAILED', text: 'token refresh failed' }]),
    ),
  );
  assert.equal(calls.length, 0);
});

test('a token or auth-hook header fetch cannot send is a validation error naming it, not a network failure', async () => {
  const { client, calls } = makeClient([json('[]')]);
  await assert.rejects(
    client.listProjects({ token: 'abc€def' }),
    isApiError((e) => {
      assert.equal(e.kind, 'validation');
      assert.deepEqual(e.fields, ['token']);
    }),
  );
  await assert.rejects(
    client.listProjects({ token: 'two words' }),
    isApiError((e) => assert.deepEqual(e.fields, ['token'])),
  );
  const hooked = makeClient([json('[]')], {
    auth: () => ({ Authorization: 'Bearer ñ-is-latin-1', 'X-Partner': 'Straße €' }),
  });
  await assert.rejects(
    hooked.client.listProjects(),
    isApiError((e) => {
      assert.equal(e.kind, 'validation');
      assert.deepEqual(e.fields, ['X-Partner']);
    }),
  );
  assert.equal(calls.length + hooked.calls.length, 0, 'nothing was sent');
  const ok = makeClient([json('{}')]);
  await ok.client.listProjects({ token: 'Zm9v.YmFy-_~+/=' }).catch(() => {}); // (the body does not matter here)
  assert.equal(ok.calls[0]!.headers.authorization, 'Bearer Zm9v.YmFy-_~+/=');
});

// ---------------------------------------------------------------- cache and de-duplication

test('suggestion and entity GETs are cached by full URL; callers get copies', async () => {
  const { client, calls } = makeClient([json(fixture('suggest.json'))]);
  const a = await client.suggestGeo({ country: 'DEU', input: 'Ber' });
  a[0]!.entity.label = 'mutated';
  const b = await client.suggestGeo({ country: 'DEU', input: 'Ber' });
  assert.equal(b[0]!.entity.label, 'Berlin');
  assert.equal(calls.length, 1);
  await client.suggestGeo({ country: 'DEU', input: 'Ber', limit: 5 });
  assert.equal(calls.length, 2);
  await client.suggestGeo({ country: 'DEU', input: 'Ber' }, { cache: false });
  assert.equal(calls.length, 3);
});

test('cache TTL expires entries (injected clock) and cache:false disables it', async () => {
  let now = 1000;
  const { client, calls } = makeClient([json(fixture('entity.json'))], {
    cache: { ttl: 500 },
    now: () => now,
  });
  const q = { country: 'DEU', id: '1276003001046' } as const;
  await client.getGeoEntity(q);
  now += 499;
  await client.getGeoEntity(q);
  assert.equal(calls.length, 1);
  now += 1;
  await client.getGeoEntity(q);
  assert.equal(calls.length, 2);
  const off = makeClient([json(fixture('entity.json'))], { cache: false });
  await off.client.getGeoEntity(q);
  await off.client.getGeoEntity(q);
  assert.equal(off.calls.length, 2);
});

test('statistic is not cached; errors are not cached', async () => {
  const { client, calls } = makeClient([json(fixture('statistic.json'))]);
  await client.getStatistic({ geocode: '1' });
  await client.getStatistic({ geocode: '1' });
  assert.equal(calls.length, 2);
  const err = makeClient([json('', 404), json('[]')]);
  await assert.rejects(err.client.suggestGeo({ country: 'DEU', input: 'a' }));
  assert.deepEqual(await err.client.suggestGeo({ country: 'DEU', input: 'a' }), []);
  assert.equal(err.calls.length, 2);
});

test('LRU evicts the least recently used entry', () => {
  const c = new LruCache<number>(2, 1000, () => 0);
  c.set('a', 1);
  c.set('b', 2);
  assert.equal(c.get('a'), 1); // a is now most recent
  c.set('c', 3);
  assert.equal(c.get('b'), undefined);
  assert.equal(c.get('a'), 1);
  assert.equal(c.get('c'), 3);
  assert.equal(c.size, 2);
});

test('identical GETs in flight share one request; one caller aborting does not affect the other', async () => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const { fetch, calls } = fakeFetch(json(fixture('statistic.json')));
  const slow = (async (u: RequestInfo | URL, i?: RequestInit) => {
    const res = await fetch(u, i);
    await gate;
    return res;
  }) as typeof globalThis.fetch;
  const client = new ImmoClient({ baseUrl: BASE, fetch: slow });
  const c = new AbortController();
  const a = client.getStatistic({ geocode: '1' }, { signal: c.signal });
  const b = client.getStatistic({ geocode: '1' });
  c.abort();
  release();
  await assert.rejects(
    a,
    isApiError((e) => assert.equal(e.kind, 'abort')),
  );
  assert.equal((await b).parent.name, 'Berlin');
  assert.equal(calls.length, 1);
});

// ---------------------------------------------------------------- validation

const invalid = async (p: Promise<unknown>, fields: string[]) =>
  assert.rejects(
    p,
    isApiError((e) => {
      assert.equal(e.kind, 'validation');
      assert.deepEqual(e.fields, fields);
      assert.ok(
        e.message.startsWith(`${e.operation}: invalid request (${fields.join(', ')}): `),
        e.message,
      );
    }),
  );

test('validation: suggestion parameters', async () => {
  const { client, calls } = makeClient([json('[]')]);
  await invalid(client.suggestGeo({ country: 'FRA' as 'DEU', input: 'a' }), ['country']);
  await invalid(client.suggestGeo({ country: 'DEU', input: '  ' }), ['input']);
  await invalid(client.suggestGeo({ country: 'DEU', input: 'a', limit: 121 }), ['limit']);
  await invalid(client.suggestGeo({ country: 'DEU', input: 'a', limit: 0 }), ['limit']);
  await invalid(client.suggestGeo({ country: 'DEU', input: 'a', limit: 2.5 }), ['limit']);
  await invalid(client.suggestGeo({ country: 'DEU', input: 'a', limitPerType: 0 }), [
    'limitPerType',
  ]);
  await invalid(client.suggestGeo({ country: 'DEU', input: 'a', types: ['town' as 'city'] }), [
    'types',
  ]);
  await invalid(client.suggestGeo({ country: 'DEU', input: 'a' }, { format: 'xml' }), ['format']);
  await invalid(client.getGeoEntity({ country: 'AUT', id: '', geoData: 'UTM' as 'WGS84' }), [
    'id',
    'geoData',
  ]);
  await invalid(
    client.getStatistic({ geocode: '12a', realEstateTypes: ['CASTLE' as 'HOUSE_BUY'] }),
    ['geocode', 'realEstateTypes'],
  );
  await invalid(client.searchRegions(''), ['query']);
  await invalid(client.addProjectEntries('1', []), ['realEstateIds']);
  await invalid(client.addProjectEntries('1', ['12x']), ['realEstateIds']);
  await invalid(client.listProjectEntries(''), ['projectId']);
  await invalid(client.suggestGeo(null as never), ['country', 'input']);
  assert.equal(calls.length, 0);
  await client.suggestGeo({
    country: 'DEU',
    input: 'a',
    limit: 120,
    limitPerType: 1,
    types: ['All'],
  });
  assert.equal(calls.length, 1);
});

test('validation: contact form lengths, e-mail pattern, enums, lastname required', async () => {
  const { client, calls } = makeClient([json('')]);
  await invalid(client.contactRealtor('1', { lastname: '' }), ['lastname']);
  await invalid(
    client.contactRealtor('1', {
      lastname: 'x'.repeat(51),
      firstname: 'y'.repeat(51),
      phoneNumber: '1'.repeat(41),
      emailAddress: 'no-at-sign.de',
      message: 'm'.repeat(2001),
      income: 'i'.repeat(101),
      salutation: 'MR' as 'MALE',
      appointmentRequested: 'NO' as 'YES',
      sendProfile: 'yes' as unknown as boolean,
      numberOfRequiredWorkingPlaces: 1.5,
      address: { postcode: '1'.repeat(21) },
    }),
    [
      'firstname',
      'lastname',
      'phoneNumber',
      'message',
      'income',
      'emailAddress',
      'appointmentRequested',
      'salutation',
      'sendProfile',
      'numberOfRequiredWorkingPlaces',
      'address.postcode',
    ],
  );
  await invalid(
    client.contactRealtor('1', { lastname: 'x', emailAddress: `${'a'.repeat(140)}@example.org` }),
    ['emailAddress'],
  );
  await invalid(client.contactRealtor('', { lastname: 'x' }), ['exposeId']);
  assert.equal(calls.length, 0);
  // 50 characters of astral code points are 100 UTF-16 units but only 50 characters
  await client.contactRealtor('1', {
    lastname: '😀'.repeat(50),
    emailAddress: 'a@b.de',
    message: 'ok',
  });
  assert.equal(calls.length, 1);
});

test('validation: property-text enums, integers, years, dates and deposit', async () => {
  const { client, calls } = makeClient([json(fixture('property-text.json'))]);
  await invalid(
    client.generatePropertyText({
      realEstateType: 'castle' as 'house',
      transactionType: 'lease' as 'rent',
    }),
    ['realEstateType', 'transactionType'],
  );
  await invalid(
    client.generatePropertyText({
      realEstateType: 'apartment',
      transactionType: 'rent',
      apartmentDetails: {
        condition: 'SHABBY' as 'MINT_CONDITION',
        noRooms: 2.5,
        constructionYear: 99,
        deposit: '1500.00',
        moveInDate: '31.02.2025',
        balconyTerrace: 'true' as unknown as boolean,
        livingSpace: Number.NaN,
        firingType: 'GAS' as unknown as string[],
      },
    }),
    [
      'apartmentDetails.condition',
      'apartmentDetails.balconyTerrace',
      'apartmentDetails.livingSpace',
      'apartmentDetails.noRooms',
      'apartmentDetails.constructionYear',
      'apartmentDetails.deposit',
      'apartmentDetails.moveInDate',
      'apartmentDetails.firingType',
    ],
  );
  await invalid(
    client.generatePropertyText({
      realEstateType: 'house',
      transactionType: 'sale',
      houseDetails: { buildingType: 'LOFT' as 'VILLA', moveInDate: '2025-10-01' },
    }),
    ['houseDetails.buildingType', 'houseDetails.moveInDate'],
  );
  assert.equal(calls.length, 0);
  await client.generatePropertyText({
    realEstateType: 'apartment',
    transactionType: 'rent',
    apartmentDetails: {
      deposit: '1500,00',
      moveInDate: '29.02.2024',
      constructionYear: 1910,
      lastRefurbishment: 2020,
      floor: -1,
    },
  });
  assert.equal(calls.length, 1);
});
