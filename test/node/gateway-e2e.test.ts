/**
 * Client → gateway → sandbox in strict OAuth mode: every operation passes with the right
 * consumer secret, a wrong secret fails, a replayed nonce fails, and a request without a
 * signature fails. The sandbox verifies with its own RFC 5849 code, the gateway signs with
 * the oauth-1.0a package.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createSandbox, type Sandbox } from '../../packages/sandbox/src/index.js';
import { createGateway, type Gateway } from '../../packages/gateway/src/server.js';
import { ImmoClient, ApiError } from '../../src/api/index.js';
import type { GatewayConfig } from '../../packages/gateway/src/config.js';

const KEY = 'partner-key';
const SECRET = 'partner-secret';
const USER_TOKEN = 'demo-access-token';
const USER_SECRET = 'demo-access-secret';

let sandbox: Sandbox;
let sandboxUrl: string;
let gateway: Gateway;
let wrongGateway: Gateway;
let client: ImmoClient;
let wrongClient: ImmoClient;
let fixtures: {
  exposes: Record<'EMAIL' | 'NONE', string[]>;
  projects: { basicFew: string };
  demoRealEstates: { free: string[] };
  statistic: Record<string, unknown>;
};
const upstreamRequests: { method: string; url: string; authorization?: string; host?: string }[] =
  [];

function config(target: string, secret: string): GatewayConfig {
  return {
    target,
    consumerKey: KEY,
    consumerSecret: secret,
    origins: ['https://www.partner.example'],
    port: 0,
    host: '127.0.0.1',
    userTokens: () => ({ token: USER_TOKEN, secret: USER_SECRET }),
    rateLimit: 1000,
    rateBurst: 1000,
    cacheTtlMs: 60_000,
    maxBodyBytes: 65536,
    upstreamTimeoutMs: 10_000,
    trustProxy: false,
    log: () => {},
  };
}

before(async () => {
  sandbox = await createSandbox({
    quiet: true,
    oauth: {
      consumerKey: KEY,
      consumerSecret: SECRET,
      tokens: { [USER_TOKEN]: { secret: USER_SECRET, user: 'demo' } },
    },
  });
  const handle = sandbox.handle.bind(sandbox);
  // Record what reaches the sandbox, to replay one request as an attacker would.
  sandbox.handle = (req: IncomingMessage, res: ServerResponse) => {
    upstreamRequests.push({
      method: req.method!,
      url: req.url!,
      authorization: req.headers.authorization,
      host: req.headers.host,
    });
    handle(req, res);
  };
  ({ baseUrl: sandboxUrl } = await sandbox.listen(0, '127.0.0.1'));
  fixtures = await (await fetch(sandboxUrl + '/sandbox/fixtures')).json();
  gateway = await createGateway(config(sandboxUrl, SECRET));
  wrongGateway = await createGateway(config(sandboxUrl, 'not-the-secret'));
  client = new ImmoClient({
    baseUrl: (await gateway.listen(0, '127.0.0.1')).url,
    cache: false,
    retries: 0,
  });
  wrongClient = new ImmoClient({
    baseUrl: (await wrongGateway.listen(0, '127.0.0.1')).url,
    cache: false,
    retries: 0,
  });
});

after(async () => {
  await gateway.close();
  await wrongGateway.close();
  await sandbox.close();
});

test('a request that is not signed is refused by the strict sandbox', async () => {
  const direct = new ImmoClient({ baseUrl: sandboxUrl, retries: 0 });
  await assert.rejects(
    direct.suggestGeo({ country: 'DEU', input: 'Berlin' }),
    (e: ApiError) =>
      e.status === 401 && e.messages[0]?.code === 'ERROR_COMMON_AUTHENTICATION_REQUIRED',
  );
});

test('every operation passes through the gateway', async () => {
  upstreamRequests.length = 0;
  const suggestions = await client.suggestGeo({
    country: 'DEU',
    input: 'Berlin Mitte',
    types: ['quarterOrTown', 'city'],
  });
  assert.ok(suggestions.length > 0);
  const entity = await client.getGeoEntity({
    country: 'DEU',
    id: suggestions[0]!.entity.id,
    geoData: 'WGS84',
  });
  assert.equal(entity.id, suggestions[0]!.entity.id);
  const geocode = (fixtures.statistic as { geocodesWithSubregions: { geoCodeId: string }[] })
    .geocodesWithSubregions[0]!.geoCodeId;
  for (const format of ['json', 'xml'] as const) {
    const stat = await client.getStatistic({ geocode }, { format });
    assert.ok(stat.children.length > 0, format);
  }
  const regions = await client.searchRegions('Berl');
  assert.ok(regions.length > 0);
  const expose = await client.getExpose(fixtures.exposes.EMAIL[0]!);
  assert.equal(expose.contactFormType, 'EMAIL');
  for (const format of ['json', 'xml'] as const) {
    await client.contactRealtor(
      fixtures.exposes.EMAIL[0]!,
      {
        lastname: 'Gateway',
        emailAddress: 'g@example.org',
        message: `über das Gateway (${format})`,
      },
      { format },
    );
  }
  const text = await client.generatePropertyText({
    realEstateType: 'apartment',
    transactionType: 'rent',
    location: { city: 'Berlin' },
    apartmentDetails: { noRooms: 3, livingSpace: 80 },
  });
  assert.ok(text.headline.length > 0 && text.propertyText.length > 0);
  const projects = await client.listProjects();
  assert.ok(projects.length > 0);
  const entries = await client.listProjectEntries(fixtures.projects.basicFew);
  assert.ok(Array.isArray(entries));
  const own = await client.listOwnRealEstates();
  assert.ok(own.length > 0);
  const [result] = await client.addProjectEntries(fixtures.projects.basicFew, [
    fixtures.demoRealEstates.free[0]!,
  ]);
  assert.equal(result!.messageCode, 'MESSAGE_RESOURCE_CREATED');
  assert.ok(
    upstreamRequests.every((r) => /^OAuth /.test(r.authorization ?? '')),
    'every forwarded request was signed',
  );
  assert.ok(
    upstreamRequests.some((r) => /oauth_token="demo-access-token"/.test(r.authorization!)),
    'user operations three-legged',
  );
  assert.ok(
    upstreamRequests.some(
      (r) => r.url.includes('geoautocomplete') && !/oauth_token=/.test(r.authorization!),
    ),
    'geo operations two-legged',
  );
});

test('a wrong consumer secret fails', async () => {
  await assert.rejects(
    wrongClient.suggestGeo({ country: 'DEU', input: 'Hamburg' }),
    (e: ApiError) => e.status === 401,
  );
  await assert.rejects(wrongClient.listProjects(), (e: ApiError) => e.status === 401);
});

test('a replayed nonce fails', async () => {
  upstreamRequests.length = 0;
  await client.suggestGeo({ country: 'AUT', input: 'Salzburg' }, { cache: false });
  const signed = upstreamRequests.find((r) => r.url.includes('geoautocomplete/AUT'));
  assert.ok(signed?.authorization);
  const replay = await fetch(`http://${signed!.host}${signed!.url}`, {
    headers: { Authorization: signed!.authorization!, Accept: 'application/json' },
  });
  assert.equal(replay.status, 401);
  const body = (await replay.json()) as {
    'common.messages': { message: { messageCode: string; message: string } }[];
  };
  assert.equal(
    body['common.messages'][0]!.message.messageCode,
    'ERROR_COMMON_AUTHENTICATION_REQUIRED',
  );
  assert.match(body['common.messages'][0]!.message.message, /nonce/);
});

test('a client oauth_* query parameter never reaches the strict sandbox, and the request still verifies', async () => {
  upstreamRequests.length = 0;
  const gw = (gateway.server.address() as { port: number }).port;
  const evil =
    'oauth_consumer_key=evil&oauth_token=demo-access-token&oauth_signature=forged&oauth_nonce=n&oauth_timestamp=1';
  const suggest = await fetch(
    `http://127.0.0.1:${gw}/restapi/api/gis/v2.0/geoautocomplete/DEU?i=Potsdam&${evil}&t=city`,
    { headers: { Accept: 'application/json' } },
  );
  assert.equal(suggest.status, 200, 'two-legged request verified');
  assert.ok(((await suggest.json()) as unknown[]).length > 0);
  const projects = await fetch(
    `http://127.0.0.1:${gw}/restapi/api/offer/v1.0/user/me/realestateproject?${evil}`,
    { headers: { Accept: 'application/json' } },
  );
  assert.equal(projects.status, 200, 'three-legged request verified');
  assert.equal(upstreamRequests.length, 2);
  for (const r of upstreamRequests) {
    assert.doesNotMatch(
      r.url,
      /oauth_|evil|forged/i,
      'no client OAuth parameter in the forwarded URL',
    );
    assert.match(r.authorization!, /oauth_consumer_key="partner-key"/);
    assert.doesNotMatch(r.authorization!, /evil|forged/);
  }
  assert.match(upstreamRequests[0]!.url, /\?i=Potsdam&t=city$/);
});
