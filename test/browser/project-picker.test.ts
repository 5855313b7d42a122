// <project-picker> end to end against the sandbox (mounted at /restapi/api) with its demo
// user: lists projects and entries, adds one and several listings (one request body), the
// BASIC limit, the unpublished project, a foreign listing, expired tokens and recovery,
// loading/empty/error states, keyboard-only use, both languages and axe in every state.
import { fixture, html, expect, oneEvent, waitUntil } from '@open-wc/testing';
import { ifDefined } from 'lit/directives/if-defined.js';
// @ts-expect-error the browser entry has no .d.mts of its own; its API is the package's (typed below)
import * as xmllintBrowser from 'xmllint-wasm/index-browser.mjs';
import { ImmoClient, type RealEstateProject } from '../../src/api/index.js';
import '../../src/elements/project-picker/define.js';
import type { ProjectPicker } from '../../src/elements/project-picker/project-picker.js';
import type {
  AuthRequiredEvent,
  EntryAddedEvent,
  ProjectSelectEvent,
} from '../../src/elements/project-picker/events.js';
import { schemaFiles } from './schemas.js';
import {
  afterEach,
  API,
  beforeEach,
  chord,
  clearSandboxFaults,
  describe,
  it,
  press,
  recordingFetch,
  type,
} from './helpers/index.js';
import { $, $$, pickOptions, projectOptions, sr, text } from './project-picker.helpers.js';

const { validateXML } = xmllintBrowser as typeof import('xmllint-wasm');

interface Fixtures {
  projects: Record<
    | 'basicAlmostFull'
    | 'basicFull'
    | 'basicFew'
    | 'unpublished'
    | 'premium'
    | 'withoutTitle'
    | 'foreign',
    string
  >;
  demoRealEstates: { published: string[]; unpublished: string[]; free: string[] };
  foreignRealEstateId: string;
  /** Publication state and product per project: what the list does not say (a partner who knows passes them on). */
  projectFacts: Record<string, { published: boolean; product: string }>;
}

const post = async <T = unknown>(path: string, body?: unknown): Promise<T> => {
  const r = await fetch(`${API}/sandbox/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  if (!r.ok) throw new Error(`sandbox/${path}: HTTP ${r.status}`);
  return (await r.json()) as T;
};
const fixtures = async () => (await (await fetch(`${API}/sandbox/fixtures`)).json()) as Fixtures;
const newToken = async () => (await post<{ token: string }>('token', { user: 'demo' })).token;

/** A client whose fetch records every request (method, url, body, signal). */
function recorder(extra: Partial<ConstructorParameters<typeof ImmoClient>[0]> = {}) {
  const rec = recordingFetch();
  return {
    sent: rec.sent,
    client: new ImmoClient({ baseUrl: API, fetch: rec.fetch, retries: 0, ...extra }),
  };
}
const posts = (r: ReturnType<typeof recorder>) => r.sent.filter((s) => s.method === 'POST');

const liveText = (el: ProjectPicker) => text($(el, '[role=status]'));

async function mount(
  opts: {
    token?: string;
    client?: ImmoClient;
    lang?: string;
    projectId?: string;
    facts?: Fixtures['projectFacts'];
    onAuth?: (e: AuthRequiredEvent) => void;
  } = {},
) {
  return fixture<ProjectPicker>(html`<project-picker
    lang=${opts.lang ?? 'de'}
    project-id=${ifDefined(opts.projectId)}
    .token=${opts.token}
    .client=${opts.client}
    .projectFacts=${opts.facts}
    @auth-required=${(e: AuthRequiredEvent) => opts.onAuth?.(e)}
  ></project-picker>`);
}

// Generous timeouts: on a loaded machine the first request of the file (cold sandbox route) can take seconds.
const listed = (el: ProjectPicker) =>
  waitUntil(() => projectOptions(el).length > 0, 'projects listed', { timeout: 10000 });
const entriesLoaded = (el: ProjectPicker) =>
  waitUntil(
    () =>
      $(el, '[part=entries]') ||
      /noch keine|no listings/i.test(text($(el, 'section[aria-labelledby=eh]'))),
    'entries loaded',
    { timeout: 10000 },
  );

/** The projects as the service lists them (to find an option by name without hard-coding). */
async function projectsOf(token: string): Promise<RealEstateProject[]> {
  return new ImmoClient({ baseUrl: API }).listProjects({ token });
}
async function entryIds(token: string, projectId: string): Promise<string[]> {
  return (await new ImmoClient({ baseUrl: API }).listProjectEntries(projectId, { token })).flatMap(
    (e) => e.realEstateId ?? [],
  );
}

/** Clicks the project with this id (mouse path) and waits for its entries. */
async function choose(el: ProjectPicker, token: string, projectId: string) {
  const i = (await projectsOf(token)).findIndex((p) => p.id === projectId);
  projectOptions(el)[i]!.click();
  await waitUntil(() => el.projectId === projectId, 'project chosen');
  await entriesLoaded(el);
}
/** The element with a fresh token and the demo user's BASIC project with few entries, both lists loaded. */
async function withFewEntries() {
  const fx = await fixtures();
  const el = await mount({ token: await newToken(), projectId: fx.projects.basicFew });
  await listed(el);
  await entriesLoaded(el);
  return el;
}

async function openPicker(el: ProjectPicker) {
  $(el, '[part=add]')!.click();
  await waitUntil(() => pickOptions(el).length > 0, 'picker lists own listings');
}
const pickOption = (el: ProjectPicker, id: string) =>
  pickOptions(el).find((o) => text(o).includes(id));

beforeEach(async () => {
  await post('reset');
});
afterEach(async () => {
  await clearSandboxFaults();
});

describe('project-picker', () => {
  it('lists the projects with what the list says; state and product only when the partner knows them', async () => {
    const fx = await fixtures();
    const token = await newToken();
    const el = await mount({ token });
    await listed(el);
    const projects = await projectsOf(token);
    let opts = projectOptions(el);
    expect(opts).to.have.length(projects.length);
    const opt = (id: string) => text(opts[projects.findIndex((p) => p.id === id)]);
    // The list does not say whether a project is published or which product it has: nor does the element.
    for (const o of opts) expect(text(o)).to.not.match(/veröffentlicht|BASIC|PREMIUM|\/ 15/);
    const untitled = projects.find((p) => p.id === fx.projects.withoutTitle)!;
    expect(untitled.title).to.equal(undefined);
    expect(opt(fx.projects.withoutTitle)).to.contain(untitled.name).and.contain('Wohneinheiten');
    // A partner who knows them says so.
    el.projectFacts = fx.projectFacts;
    await el.updateComplete;
    opts = projectOptions(el);
    expect(opt(fx.projects.basicAlmostFull)).to.contain('BASIC').and.contain('veröffentlicht');
    expect(opt(fx.projects.unpublished)).to.contain('nicht veröffentlicht');
    expect(opt(fx.projects.premium)).to.contain('PREMIUM').and.not.contain('/ 15');
    expect($(el, '[part=project-list]')!.getAttribute('aria-labelledby')).to.equal('ph');
    expect(liveText(el)).to.contain(`${projects.length} Bauprojekte geladen`);
    await expect(el).to.be.accessible();
  });

  it('keyboard only: choose a project, open the picker, search, select and add one listing', async () => {
    const fx = await fixtures();
    const token = await newToken();
    const projects = await projectsOf(token);
    const target = projects.findIndex((p) => p.id === fx.projects.basicFew);
    const el = await mount({ token });
    await listed(el);
    (document.activeElement as HTMLElement | null)?.blur();

    await press('Tab');
    const list = $(el, '[part=project-list]')!;
    expect(sr(el).activeElement).to.equal(list);
    for (let i = 0; i < target; i++) await press('ArrowDown');
    await el.updateComplete;
    expect(list.getAttribute('aria-activedescendant')).to.equal(`p${target}`);
    const selected = oneEvent(el, 'project-select') as Promise<ProjectSelectEvent>;
    await press('Enter');
    const ev = await selected;
    expect(ev.projectId).to.equal(fx.projects.basicFew);
    expect(projectOptions(el)[target]!.getAttribute('aria-selected')).to.equal('true');
    await entriesLoaded(el);
    const before = $$(el, '[part=entries] li').length;
    expect(before).to.equal((await entryIds(token, fx.projects.basicFew)).length);

    await press('Tab');
    expect(sr(el).activeElement).to.equal($(el, '[part=add]'));
    await press('Enter');
    await waitUntil(
      () => sr(el).activeElement === $(el, '[part=input]'),
      'focus in the search field',
    );
    expect($(el, '[part=add]')!.getAttribute('aria-expanded')).to.equal('true');
    await waitUntil(() => pickOptions(el).length > 0, 'own listings');
    await expect(el).to.be.accessible();

    const id = fx.demoRealEstates.free[0]!;
    await type(id);
    await waitUntil(() => pickOptions(el).length === 1, 'filtered to one listing');
    expect(text(pickOptions(el)[0])).to.contain(id);
    await el.updateComplete;
    expect(liveText(el)).to.equal('1 Angebot gefunden.');
    await press('ArrowDown');
    const lb = $(el, '[part=listing-list]')!;
    expect(sr(el).activeElement).to.equal(lb);
    expect(lb.getAttribute('aria-multiselectable')).to.equal('true');
    await press('Space');
    await el.updateComplete;
    expect(pickOptions(el)[0]!.getAttribute('aria-selected')).to.equal('true');
    expect(lb.getAttribute('aria-activedescendant')).to.equal(pickOptions(el)[0]!.id);

    await press('Tab');
    expect(sr(el).activeElement).to.equal($(el, '[part=submit]'));
    const added = oneEvent(el, 'entry-added') as Promise<EntryAddedEvent>;
    await press('Enter');
    const a = await added;
    expect(a.projectId).to.equal(fx.projects.basicFew);
    expect(a.realEstateId).to.equal(id);
    await waitUntil(() => $$(el, '[part=entries] li').length === before + 1, 'entry listed');
    expect(text($(el, '[part=results]')))
      .to.contain(id)
      .and.contain('hinzugefügt');
    expect(liveText(el)).to.contain('1 Angebot wurde hinzugefügt');
    expect($(el, '[part=picker]')).to.equal(null);
    expect(sr(el).activeElement).to.equal($(el, '[part=add]'));
    expect(await entryIds(token, fx.projects.basicFew)).to.include(id);
    await expect(el).to.be.accessible();
  });

  it('adds several listings with ONE request body that validates against the schema', async () => {
    const fx = await fixtures();
    const token = await newToken();
    const rec = recorder();
    const el = await mount({ token, client: rec.client });
    await listed(el);
    await choose(el, token, fx.projects.basicFew);
    await openPicker(el);
    const [a, b] = fx.demoRealEstates.free as [string, string];
    pickOption(el, a)!.click();
    pickOption(el, b)!.click();
    await el.updateComplete;
    expect(text($(el, '[part=submit]'))).to.equal('2 Angebote hinzufügen');
    const events: EntryAddedEvent[] = [];
    el.addEventListener('entry-added', (e) => events.push(e));
    $(el, '[part=submit]')!.click();
    await waitUntil(() => events.length === 2, 'two entry-added events');
    expect(events.map((e) => e.realEstateId).sort()).to.deep.equal([a, b].sort());

    const sentPosts = posts(rec);
    expect(sentPosts).to.have.length(1);
    const body = sentPosts[0]!.body;
    expect(body.match(/<realEstateProjectEntry>/g)).to.have.length(2);
    expect(body)
      .to.contain(`<realEstateId>${a}</realEstateId>`)
      .and.contain(`<realEstateId>${b}</realEstateId>`);
    const schemas = await schemaFiles([
      'offer/realestateproject-1.0.xsd',
      'common/common-1.0.xsd',
      'common/xlink.xsd',
      'common/includes/messages-1.0.xsd',
    ]);
    if (!schemas) {
      console.warn(
        'skipping the XSD check: ../shared/api-schemas is missing (test/node/xml.test.ts validates the same multi-entry body and fails in CI)',
      );
    } else {
      const r = await validateXML({
        xml: [{ fileName: 'sent.xml', contents: body }],
        schema: [schemas[0]!],
        preload: schemas.slice(1),
      });
      expect(r.errors.map((e) => e.rawMessage)).to.deep.equal([]);
      expect(r.valid).to.equal(true);
    }
    expect($$(el, '[part=results] li.ok')).to.have.length(2);
    expect(liveText(el)).to.contain('2 Angebote wurden hinzugefügt');
    const ids = await entryIds(token, fx.projects.basicFew);
    expect(ids).to.include(a).and.include(b);
  });

  it('shows partial success per listing: a foreign listing is refused by the service', async () => {
    const fx = await fixtures();
    const token = await newToken();
    const el = await mount({ token });
    await listed(el);
    await choose(el, token, fx.projects.basicFew);
    const before = await entryIds(token, fx.projects.basicFew);
    const added: string[] = [];
    el.addEventListener('entry-added', (e) => added.push(e.realEstateId));
    const free = fx.demoRealEstates.free[0]!;
    const results = await el.addListings([free, fx.foreignRealEstateId]);
    expect(results.map((r) => [r.realEstateId, r.ok])).to.deep.equal([
      [free, true],
      [fx.foreignRealEstateId, false],
    ]);
    expect(results[1]!.messageCode).to.equal('ERROR_COMMON_ACCESS_DENIED');
    expect(added).to.deep.equal([free]);
    await el.updateComplete;
    const refused = $(el, '[part=results] li.refused')!;
    expect(text(refused))
      .to.contain(fx.foreignRealEstateId)
      .and.contain('abgelehnt')
      .and.contain('gehört nicht zu Ihrem Konto');
    // words, never the service's code or its English text
    expect(text(refused)).to.not.contain('ERROR_').and.not.contain('belongs to another user');
    expect(liveText(el)).to.contain('1 von 2 Angeboten wurden hinzugefügt');
    expect(await entryIds(token, fx.projects.basicFew)).to.deep.equal([...before, free]);
    await expect(el).to.be.accessible();
  });

  it('a request with only a foreign listing is refused as a whole: explained per listing, nothing changes', async () => {
    const fx = await fixtures();
    const token = await newToken();
    const el = await mount({ token });
    await listed(el);
    await choose(el, token, fx.projects.basicFew);
    const before = $$(el, '[part=entries] li').length;
    const results = await el.addListings([fx.foreignRealEstateId]);
    expect(results).to.deep.equal([]);
    await el.updateComplete;
    expect($(el, '[part=error]')).to.equal(null);
    const refused = text($(el, '[part=results] li.refused'));
    expect(refused)
      .to.contain(fx.foreignRealEstateId)
      .and.contain('gehört nicht zu Ihrem Konto')
      .and.not.contain('403');
    expect(liveText(el)).to.contain('gehört nicht zu Ihrem Konto');
    expect($$(el, '[part=entries] li')).to.have.length(before);
    await expect(el).to.be.accessible();
  });

  it('BASIC limit: 14 → 15 in the picker, then the picker refuses more and the action is disabled', async () => {
    const fx = await fixtures();
    const token = await newToken();
    const rec = recorder();
    const el = await mount({
      token,
      client: rec.client,
      projectId: fx.projects.basicAlmostFull,
      facts: fx.projectFacts,
    });
    await listed(el);
    await entriesLoaded(el);
    expect(text($(el, '#rule'))).to.equal('Noch 1 Angebot passt in dieses Projekt.');
    await openPicker(el);
    const [a, b] = fx.demoRealEstates.free as [string, string];
    pickOption(el, a)!.click();
    await el.updateComplete;
    pickOption(el, b)!.click();
    await el.updateComplete;
    expect(pickOption(el, b)!.getAttribute('aria-selected')).to.equal('false');
    expect(pickOption(el, b)!.getAttribute('aria-disabled')).to.equal('true');
    expect(text($(el, '[part=picker]'))).to.contain(
      'Mehr passt nicht: nur noch 1 Angebot hat Platz.',
    );
    await expect(el).to.be.accessible();
    $(el, '[part=submit]')!.click();
    await oneEvent(el, 'entry-added');
    await waitUntil(() => text($(el, '#rule')).includes('voll'), 'project is full');
    const add = $(el, '[part=add]')!;
    expect(add.getAttribute('aria-disabled')).to.equal('true');
    expect(text($(el, 'section[aria-labelledby=eh] p.muted'))).to.contain('15 / 15');
    expect(text($(el, '#rule'))).to.contain('höchstens 15');
    add.click();
    await el.updateComplete;
    expect($(el, '[part=picker]')).to.equal(null);
    const count = posts(rec).length;
    expect(await el.addListings([b])).to.deep.equal([]);
    expect(posts(rec)).to.have.length(count);
    expect(await entryIds(token, fx.projects.basicAlmostFull)).to.have.length(15);
    await expect(el).to.be.accessible();
  });

  it('a BASIC project seeded full (15 / 15), product known: the action is disabled and explained, nothing is sent', async () => {
    const fx = await fixtures();
    const token = await newToken();
    const rec = recorder();
    const el = await mount({
      token,
      client: rec.client,
      projectId: fx.projects.basicFull,
      facts: fx.projectFacts,
    });
    await listed(el);
    await entriesLoaded(el);
    expect(text($(el, 'section[aria-labelledby=eh] p.muted'))).to.contain('15 / 15');
    expect(text($(el, '#rule'))).to.contain('Das Projekt ist voll');
    const add = $(el, '[part=add]')!;
    expect(add.getAttribute('aria-disabled')).to.equal('true');
    add.click();
    await el.updateComplete;
    expect($(el, '[part=picker]')).to.equal(null);
    expect(await el.addListings([fx.demoRealEstates.free[0]!])).to.deep.equal([]);
    expect(posts(rec)).to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it('a full project whose product is unknown: the add is sent, and the refusal explained with the count the picker knows', async () => {
    const fx = await fixtures();
    const token = await newToken();
    const rec = recorder();
    const el = await mount({ token, client: rec.client, projectId: fx.projects.basicFull });
    await listed(el);
    await entriesLoaded(el);
    expect(text($(el, 'section[aria-labelledby=eh] p.muted')))
      .to.contain('15 Einträge')
      .and.not.contain('/ 15');
    expect($(el, '[part=add]')!.getAttribute('aria-disabled')).to.equal('false');
    expect(text($(el, '#rule'))).to.contain('prüft das Portal beim Hinzufügen');
    const free = fx.demoRealEstates.free[0]!;
    await openPicker(el);
    pickOption(el, free)!.click();
    await el.updateComplete;
    $(el, '[part=submit]')!.click();
    await waitUntil(() => $(el, '[part=results] li.refused'), 'refusal shown');
    expect(posts(rec)).to.have.length(1);
    const refused = text($(el, '[part=results] li.refused'));
    expect(refused)
      .to.contain(free)
      .and.contain('enthält 15 Angebote')
      .and.contain('Produkt BASIC');
    expect(refused).to.not.contain('ERROR_').and.not.contain('412');
    expect($(el, '[part=error]')).to.equal(null);
    expect(pickOption(el, free)!.getAttribute('aria-selected')).to.equal('true');
    expect(await entryIds(token, fx.projects.basicFull)).to.have.length(15);
    await expect(el).to.be.accessible();
  });

  it('BASIC limit: when the data is stale, the service refuses the 16th and the element catches up', async () => {
    const fx = await fixtures();
    const token = await newToken();
    const el = await mount({
      token,
      projectId: fx.projects.basicAlmostFull,
      facts: fx.projectFacts,
    });
    await listed(el);
    await entriesLoaded(el);
    const [a, b] = fx.demoRealEstates.free as [string, string];
    // Someone else fills the last place meanwhile.
    const direct = await new ImmoClient({ baseUrl: API }).addProjectEntries(
      fx.projects.basicAlmostFull,
      [a],
      { token },
    );
    expect(direct[0]!.ok).to.equal(true);
    await openPicker(el);
    pickOption(el, b)!.click();
    await el.updateComplete;
    $(el, '[part=submit]')!.click();
    await waitUntil(() => $(el, '[part=results] li.refused'), 'refusal shown');
    await waitUntil(
      () => text($(el, '[part=results] li.refused')).includes('voll'),
      'explained as full once the count is fresh',
    );
    expect(text($(el, '[part=results] li.refused')))
      .to.contain(b)
      .and.contain('höchstens 15')
      .and.not.contain('ERROR_');
    await waitUntil(
      () => text($(el, 'section[aria-labelledby=eh] p.muted')).includes('15 / 15'),
      'count refreshed',
    );
    // the refreshed counts explain why: the BASIC limit, in the element's own words
    await waitUntil(() => text($(el, '#rule')).includes('BASIC'), 'the rule names the limit');
    expect(pickOption(el, b)?.getAttribute('aria-selected') ?? 'gone').to.not.equal('false');
    expect(await entryIds(token, fx.projects.basicAlmostFull)).to.have.length(15);
  });

  it('an unpublished project whose state is unknown: the add is sent and the refusal explained per listing', async () => {
    const fx = await fixtures();
    const token = await newToken();
    const rec = recorder();
    const el = await mount({ token, client: rec.client });
    await listed(el);
    await choose(el, token, fx.projects.unpublished);
    expect($(el, '[part=add]')!.getAttribute('aria-disabled')).to.equal('false');
    const [a, b] = fx.demoRealEstates.free as [string, string];
    const results = await el.addListings([a, b]);
    expect(results).to.deep.equal([]);
    expect(posts(rec)).to.have.length(1);
    await el.updateComplete;
    const refused = $$(el, '[part=results] li.refused').map(text);
    expect(refused).to.have.length(2);
    for (const [i, id] of [a, b].entries()) {
      expect(refused[i])
        .to.contain(id)
        .and.contain('vermutlich noch nicht veröffentlicht')
        .and.not.contain('ERROR_');
    }
    expect(liveText(el)).to.contain('nicht veröffentlicht');
    expect($(el, '[part=error]')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('an unpublished project the partner says is unpublished is explained, its action disabled, and nothing is sent', async () => {
    const fx = await fixtures();
    const token = await newToken();
    const rec = recorder();
    const el = await mount({ token, client: rec.client, facts: fx.projectFacts });
    await listed(el);
    await choose(el, token, fx.projects.unpublished);
    const add = $(el, '[part=add]')!;
    expect(add.getAttribute('aria-disabled')).to.equal('true');
    expect(add.getAttribute('aria-describedby')).to.equal('rule');
    expect(text($(el, '#rule'))).to.contain('nicht veröffentlicht');
    add.click();
    await el.updateComplete;
    expect($(el, '[part=picker]')).to.equal(null);
    expect(liveText(el)).to.contain('Nur veröffentlichten Projekten');
    expect(await el.addListings([fx.demoRealEstates.free[0]!])).to.deep.equal([]);
    expect(posts(rec)).to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it('expired token: auth-required, then a new token re-runs the failed load', async () => {
    const old = await newToken();
    await post('token/expire', { token: old });
    const events: AuthRequiredEvent[] = [];
    const el = await mount({ token: old, onAuth: (e) => events.push(e) });
    await waitUntil(() => events.length > 0, 'auth-required fired');
    expect(events[0]!.operation).to.equal('projects');
    expect(events[0]!.error!.status).to.equal(401);
    await el.updateComplete;
    expect(text($(el, '[part=auth]'))).to.contain('Anmeldung erforderlich');
    await expect(el).to.be.accessible();
    el.token = await newToken();
    await listed(el);
    expect($(el, '[part=auth]')).to.equal(null);
    expect(events).to.have.length(1);
  });

  it('without any token it sends nothing, asks once for all its loads, and a new token runs each of them', async () => {
    const fx = await fixtures();
    const events: AuthRequiredEvent[] = [];
    const token = await newToken();
    // The element's own client fetches through the page's fetch: every request it sends is
    // seen, with its credentials, however late.
    const sent: Request[] = [];
    const pageFetch = window.fetch;
    window.fetch = (input, init) => {
      const req = new Request(input, init);
      if (/\/restapi\/api\/offer\//.test(req.url)) sent.push(req);
      return pageFetch(input, init);
    };
    try {
      const el = await mount({ projectId: fx.projects.basicFew, onAuth: (e) => events.push(e) });
      await waitUntil(() => events.length > 0, 'auth-required fired');
      await el.updateComplete;
      expect(events).to.have.length(1);
      expect(events[0]!.error, 'nothing was sent, so no error').to.equal(undefined);
      expect(sent.length, 'no request before the token').to.equal(0);
      el.token = token;
      await listed(el);
      await entriesLoaded(el);
      expect($$(el, '[part=entries] li')).to.have.length(
        (await entryIds(token, fx.projects.basicFew)).length,
      );
      await openPicker(el);
      expect(events).to.have.length(1);
    } finally {
      window.fetch = pageFetch;
    }
    expect(
      sent.filter((r) => r.headers.get('authorization') !== `Bearer ${token}`).map((r) => r.url),
      'every request with the token: none before it (no 401 in the console)',
    ).to.deep.equal([]);
    expect(sent.length, 'the loads ran with the token').to.be.greaterThan(0);
  });

  it('a host that sets the new token right inside auth-required: every parallel load recovers, one event', async () => {
    const fx = await fixtures();
    const old = await newToken();
    await post('token/expire', { token: old });
    const fresh = await newToken();
    const events: AuthRequiredEvent[] = [];
    const el = await mount({
      token: old,
      projectId: fx.projects.basicFew,
      onAuth: (e) => {
        events.push(e);
        (e.target as ProjectPicker).token = fresh;
      },
    });
    await listed(el);
    await waitUntil(() => $(el, '[part=entries]'), 'entries listed');
    await openPicker(el);
    expect($(el, '[part=auth]')).to.equal(null);
    expect(events).to.have.length(1);
  });

  it('a token that expires before an add: the choice survives and the add runs with the new token', async () => {
    const fx = await fixtures();
    const token = await newToken();
    const events: AuthRequiredEvent[] = [];
    const el = await mount({ token, onAuth: (e) => events.push(e) });
    await listed(el);
    await choose(el, token, fx.projects.basicFew);
    await openPicker(el);
    const id = fx.demoRealEstates.free[0]!;
    pickOption(el, id)!.click();
    await post('token/expire', { token });
    $(el, '[part=submit]')!.click();
    await waitUntil(() => events.length > 0, 'auth-required fired');
    expect(events[0]!.operation).to.equal('add');
    await el.updateComplete;
    expect(pickOption(el, id)!.getAttribute('aria-selected')).to.equal('true');
    const added = oneEvent(el, 'entry-added') as Promise<EntryAddedEvent>;
    el.token = await newToken();
    expect((await added).realEstateId).to.equal(id);
    expect(await entryIds(el.token!, fx.projects.basicFew)).to.include(id);
  });

  for (const when of ['while the add is on its way', 'inside auth-required'] as const) {
    it(`an add refused with 401 runs again with a token the host sets ${when}`, async () => {
      const fx = await fixtures();
      const token = await newToken();
      const fresh = await newToken();
      const events: AuthRequiredEvent[] = [];
      const el = await mount({
        token,
        onAuth: (e) => {
          events.push(e);
          if (when === 'inside auth-required') el.token = fresh;
        },
      });
      await listed(el);
      await choose(el, token, fx.projects.basicFew);
      await openPicker(el);
      const id = fx.demoRealEstates.free[0]!;
      pickOption(el, id)!.click();
      await post('token/expire', { token });
      await post('faults', { route: 'add-entry', latencyMs: 300, times: 1 });
      const added = oneEvent(el, 'entry-added') as Promise<EntryAddedEvent>;
      $(el, '[part=submit]')!.click();
      if (when === 'while the add is on its way') el.token = fresh;
      expect((await added).realEstateId).to.equal(id);
      expect(events).to.have.length(when === 'inside auth-required' ? 1 : 0);
      expect(await entryIds(fresh, fx.projects.basicFew)).to.include(id);
      await el.updateComplete;
      expect($(el, '[part=auth]')).to.equal(null);
      expect(text($(el, '[part=results]'))).to.contain('hinzugefügt');
    });
  }

  it('an add that never reaches the service says so (not "refused"), and the choice survives', async () => {
    const fx = await fixtures();
    const token = await newToken();
    const offline = new ImmoClient({
      baseUrl: API,
      retries: 0,
      fetch: (input, init) =>
        new Request(input, init).method === 'POST'
          ? Promise.reject(new TypeError('Failed to fetch'))
          : fetch(input, init),
    });
    const el = await mount({ token, client: offline, projectId: fx.projects.basicFew });
    await listed(el);
    await entriesLoaded(el);
    await openPicker(el);
    const id = fx.demoRealEstates.free[0]!;
    pickOption(el, id)!.click();
    await el.updateComplete;
    $(el, '[part=submit]')!.click();
    await waitUntil(() => $(el, '[part=error]'), 'error shown');
    const err = text($(el, '[part=error]'));
    expect(err)
      .to.contain('Die Angebote konnten nicht hinzugefügt werden.')
      .and.not.contain('abgelehnt');
    expect(liveText(el)).to.contain('Die Angebote konnten nicht hinzugefügt werden.');
    expect(pickOption(el, id)!.getAttribute('aria-selected')).to.equal('true');
    expect(text($(el, '[part=submit]'))).to.equal('1 Angebot hinzufügen');
    await expect(el).to.be.accessible();
  });

  it('the client auth hook works instead of the token property', async () => {
    let current = '';
    const client = new ImmoClient({
      baseUrl: API,
      auth: async () => (current ? { Authorization: `Bearer ${current}` } : undefined),
    });
    const events: AuthRequiredEvent[] = [];
    const el = await mount({ client, onAuth: (e) => events.push(e) });
    await waitUntil(() => events.length > 0, 'auth-required fired');
    expect(events[0]!.operation).to.equal('projects');
    current = await newToken();
    el.reload(); // same client, its hook now has fresh credentials
    await listed(el);
  });

  it('loading, error with retry, then success', async () => {
    const token = await newToken();
    await post('faults', { route: 'projects', status: 500, times: 1 });
    const el = await mount({ token });
    await waitUntil(() => $(el, '[part=error]'), 'error shown');
    const err = $(el, '[part=error]')!;
    expect(text(err))
      .to.contain('Bauprojekte konnten nicht geladen werden')
      .and.contain('Beim Dienst ist ein Fehler aufgetreten.')
      .and.not.match(/500|HTTP|ERROR_/);
    await expect(el).to.be.accessible();
    await post('faults', { route: 'projects', latencyMs: 400, times: 1 });
    err.querySelector('button')!.click();
    await waitUntil(
      () => text(sr(el).querySelector('section')).includes('werden geladen'),
      'loading shown',
    );
    await expect(el).to.be.accessible();
    await listed(el);
    expect($(el, '[part=error]')).to.equal(null);
  });

  it('aborts its requests when removed from the page', async () => {
    const token = await newToken();
    await post('faults', { route: 'projects', latencyMs: 3000, times: 1 });
    const rec = recorder();
    const el = await mount({ token, client: rec.client });
    await waitUntil(() => rec.sent.length > 0, 'request sent');
    el.remove();
    await waitUntil(() => rec.sent[0]!.signal?.aborted === true, 'request aborted');
  });

  it('speaks English', async () => {
    const fx = await fixtures();
    const token = await newToken();
    const el = await mount({
      token,
      lang: 'en',
      projectId: fx.projects.basicAlmostFull,
      facts: fx.projectFacts,
    });
    await listed(el);
    await entriesLoaded(el);
    expect(text($(el, 'h2'))).to.equal('Building projects');
    expect(text(sr(el)))
      .to.contain('14 / 15 entries')
      .and.contain('1 more listing fits into this project.');
    expect(text($(el, '[part=add]'))).to.equal('Add listings');
    await openPicker(el);
    expect(text($(el, 'label'))).to.equal('Search your listings');
    await expect(el).to.be.accessible();
  });

  it('says how many more fit once: under the add button while the picker is closed, in the picker while it is open', async () => {
    const el = await withFewEntries();
    const fits = () =>
      (sr(el).textContent ?? '').match(
        /Angebote? passt?e?n? in dieses Projekt|prüft das Portal|keine Obergrenze/g,
      )?.length ?? 0;
    expect(fits(), 'closed').to.equal(1);
    await openPicker(el);
    await el.updateComplete;
    expect(fits(), 'open').to.equal(1);
    await expect(el).to.be.accessible();
  });

  it('the listing listbox starts on its first option: the first ArrowDown moves to the second', async () => {
    const el = await withFewEntries();
    $(el, '[part=add]')!.focus();
    await press('Enter');
    await waitUntil(
      () => pickOptions(el).length > 1 && sr(el).activeElement === $(el, '[part=input]'),
      'picker open',
    );
    await press('ArrowDown');
    const lb = $(el, '[part=listing-list]')!;
    expect(sr(el).activeElement).to.equal(lb);
    expect(lb.getAttribute('aria-activedescendant')).to.equal(pickOptions(el)[0]!.id);
    await press('ArrowDown');
    await el.updateComplete;
    expect(lb.getAttribute('aria-activedescendant')).to.equal(pickOptions(el)[1]!.id);
    await press('Space');
    await el.updateComplete;
    expect(pickOptions(el).map((o) => o.getAttribute('aria-selected'))).to.deep.equal(
      pickOptions(el).map((_, i) => String(i === 1)),
    );
    await press('ArrowUp');
    await el.updateComplete;
    expect(lb.getAttribute('aria-activedescendant')).to.equal(pickOptions(el)[0]!.id);
  });

  it('a search without match says so, keeps the typed text and stays axe-clean (no reference to a missing listbox)', async () => {
    const el = await withFewEntries();
    await openPicker(el);
    $(el, '[part=input]')!.focus();
    await type('Xyzzy<b>');
    await waitUntil(() => pickOptions(el).length === 0, 'no option left');
    await el.updateComplete;
    expect(liveText(el)).to.equal('0 Angebote gefunden.');
    expect(text($(el, '[part=picker]'))).to.contain('Kein Angebot passt zu „Xyzzy<b>“.');
    expect($<HTMLInputElement>(el, '[part=input]')!.value).to.equal('Xyzzy<b>');
    const controls = $(el, '[part=input]')!.getAttribute('aria-controls');
    if (controls)
      expect(sr(el).getElementById(controls), `aria-controls="${controls}"`).to.not.equal(null);
    await expect(el).to.be.accessible();
  });

  it('retry keeps keyboard focus in the element (on the section heading) while it loads again', async () => {
    const fx = await fixtures();
    const token = await newToken();
    await post('faults', { route: 'project-entries', status: 500, times: 1 });
    const el = await mount({ token, projectId: fx.projects.basicFew });
    await waitUntil(() => $(el, '[part=error] button'), 'entries error with retry');
    $(el, '[part=error] button')!.focus();
    await press('Enter');
    await entriesLoaded(el);
    await el.updateComplete;
    expect($(el, '[part=error]')).to.equal(null);
    const focused = sr(el).activeElement;
    expect(focused, 'focus inside the element').to.not.equal(null);
    expect(focused!.id).to.equal('eh');
    await press('Tab');
    expect(sr(el).activeElement).to.equal($(el, '[part=add]'));
    await expect(el).to.be.accessible();
  });

  it("another user's project: named as a project, the service's refusal shown, nothing can be added", async () => {
    const fx = await fixtures();
    const token = await newToken();
    const el = await mount({ token, projectId: fx.projects.foreign });
    await listed(el);
    await waitUntil(() => $(el, '[part=error]'), 'refusal shown');
    expect(text($(el, '#eh'))).to.equal(`Angebote in „Projekt ${fx.projects.foreign}“`);
    expect(text($(el, '[part=error]')))
      .to.contain('Berechtigung')
      .and.not.contain('403');
    expect($(el, '[part=add]')!.getAttribute('aria-disabled')).to.equal('true');
    expect(await el.addListings([fx.demoRealEstates.free[0]!])).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  it('a new token also re-runs loads that failed for another reason than 401', async () => {
    const fx = await fixtures();
    // A token that cannot even be sent (not Latin-1): the client fails before any 401.
    const el = await mount({ token: 'abgelaufen-€', projectId: fx.projects.basicFew });
    await waitUntil(() => $$(el, '[part=error]').length === 2, 'both loads failed');
    el.token = await newToken();
    await listed(el);
    await waitUntil(() => $(el, '[part=entries]'), 'entries listed');
    expect($(el, '[part=error]')).to.equal(null);
  });

  it("the tick of a selected option is decoration: empty alternative text, so it stays out of the option's name", async () => {
    // Chromium names an option from its content, ::before included ("✓ Stadtvillen …"); the
    // accessibility tree the runner exposes prunes options, so the alternative text is checked.
    const el = await withFewEntries();
    await openPicker(el);
    pickOptions(el)[0]!.click();
    await el.updateComplete;
    for (const o of [
      projectOptions(el).find((x) => x.getAttribute('aria-selected') === 'true')!,
      pickOptions(el)[0]!,
    ]) {
      expect(getComputedStyle(o, '::before').content).to.equal('"✓" / ""');
    }
  });

  it('only the active option of a focused listbox has a frame (forced colours draw every border, transparent ones too)', async () => {
    // Checked with Chromium's forced-colors emulation (CDP); the runner cannot emulate it, so
    // the styles that forced colours keep are checked: no option but the active one is framed.
    const el = await withFewEntries();
    await openPicker(el);
    const lb = $(el, '[part=listing-list]')!;
    lb.focus();
    await press('ArrowDown');
    await el.updateComplete;
    const framed = (o: Element) => {
      const cs = getComputedStyle(o);
      return [
        cs.borderTopStyle,
        cs.borderRightStyle,
        cs.borderBottomStyle,
        cs.borderLeftStyle,
        cs.outlineStyle,
      ].some((x) => x !== 'none');
    };
    const active = lb.getAttribute('aria-activedescendant');
    expect(
      pickOptions(el)
        .filter(framed)
        .map((o) => o.id),
    ).to.deep.equal([active]);
    expect(projectOptions(el).filter(framed)).to.have.length(0);
  });

  it('focusing the project list scrolls the chosen project into view', async () => {
    const token = await newToken();
    const projects = await projectsOf(token);
    const last = projects[projects.length - 1]!;
    const el =
      await fixture<ProjectPicker>(html`<project-picker lang="de" project-id=${last.id} .token=${token}
      style="--immo-project-picker-list-height:120px"></project-picker>`);
    await listed(el);
    const list = $(el, '[part=project-list]')!;
    const opt = projectOptions(el)[projects.length - 1]!;
    const inView = () => {
      const l = list.getBoundingClientRect();
      const o = opt.getBoundingClientRect();
      return o.top >= l.top - 1 && o.bottom <= l.bottom + 1;
    };
    expect(inView(), 'hidden below the fold before').to.equal(false);
    list.focus();
    await el.updateComplete;
    expect(list.getAttribute('aria-activedescendant')).to.equal(opt.id);
    await waitUntil(inView, 'chosen project scrolled into view');
  });

  it('type-ahead in the project list, Ctrl+A and Escape in the picker', async () => {
    const fx = await fixtures();
    const token = await newToken();
    const projects = await projectsOf(token);
    const el = await mount({ token, facts: fx.projectFacts });
    await listed(el);
    $(el, '[part=project-list]')!.focus();
    const last = projects.length - 1;
    const letter = projects[last]!.name![0]!.toLowerCase();
    const expected = projects.findIndex((p) => p.name!.toLowerCase().startsWith(letter));
    await press(letter);
    await el.updateComplete;
    expect($(el, '[part=project-list]')!.getAttribute('aria-activedescendant')).to.equal(
      `p${expected}`,
    );
    await press('End');
    await el.updateComplete;
    expect($(el, '[part=project-list]')!.getAttribute('aria-activedescendant')).to.equal(
      `p${last}`,
    );

    await choose(el, token, fx.projects.basicAlmostFull);
    await openPicker(el);
    $(el, '[part=listing-list]')!.focus();
    await chord('Control', 'a');
    await el.updateComplete;
    // Only one more fits: Ctrl+A selects one and refuses the rest.
    expect(
      pickOptions(el).filter((o) => o.getAttribute('aria-selected') === 'true'),
    ).to.have.length(1);
    expect(text($(el, '[part=picker]'))).to.contain('Mehr passt nicht');
    await press('Escape');
    await el.updateComplete;
    expect($(el, '[part=picker]')).to.equal(null);
    expect(sr(el).activeElement).to.equal($(el, '[part=add]'));
  });
});

describe('project-picker with odd or hostile service data', () => {
  const NS = 'http://rest.immobilienscout24.de/schema/offer/realestateproject/1.0';
  const xmlClient = (routes: Record<string, string>) =>
    new ImmoClient({
      baseUrl: API,
      retries: 0,
      fetch: async (input) => {
        const url = String(input instanceof Request ? input.url : input);
        const key = Object.keys(routes).find((k) =>
          new URL(url, location.href).pathname.endsWith(k),
        );
        return new Response(key ? routes[key] : 'not found', {
          status: key ? 200 : 404,
          headers: { 'content-type': 'application/xml' },
        });
      },
    });

  // Published and unpublished in words. The project list says nothing of a project's state
  // (docs/interface.md#building-projects); the user's listings list gives each listing's
  // realEstateState (common-1.0.xsd: ACTIVE, INACTIVE, DRAFT, ARCHIVED, TO_BE_DELETED).
  it("shows every listing's publication state in words, from its realEstateState, in the picker and in the project", async () => {
    const R = 'http://rest.immobilienscout24.de/schema/offer/realestates/1.0';
    const estate = (id: string, title: string, state?: string) =>
      `<realEstateElement id="${id}" xsi:type="r:ApartmentBuy"><title>${title}</title>${state ? `<realEstateState>${state}</realEstateState>` : ''}</realEstateElement>`;
    const client = xmlClient({
      '/realestateproject':
        `<p:realEstateProjects xmlns:p="${NS}"><realEstateProject id="4711"><name>Quartier am Kanal</name>` +
        `<price><minimal>1.00</minimal><maximal>2.00</maximal></price><space><minimal>1.00</minimal><maximal>2.00</maximal></space>` +
        `<numberOfHousingUnit>18</numberOfHousingUnit><interiorQuality>NORMAL</interiorQuality><freeFrom>2027</freeFrom></realEstateProject></p:realEstateProjects>`,
      '/realestateproject/4711/realestateprojectentry':
        `<p:realEstateProjectEntries xmlns:p="${NS}"><realEstateProjectEntry id="9"><realEstateId>71</realEstateId></realEstateProjectEntry>` +
        `<realEstateProjectEntry id="10"><realEstateId>72</realEstateId></realEstateProjectEntry></p:realEstateProjectEntries>`,
      '/user/me/realestate':
        `<r:realEstates xmlns:r="${R}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><realEstateList>` +
        estate('71', 'Im Projekt, aktiv', 'ACTIVE') +
        estate('72', 'Im Projekt, inaktiv', 'INACTIVE') +
        estate('81', 'Frei, aktiv', 'ACTIVE') +
        estate('82', 'Frei, Entwurf', 'DRAFT') +
        estate('83', 'Frei, archiviert', 'ARCHIVED') +
        estate('84', 'Frei, ohne Angabe') +
        `</realEstateList></r:realEstates>`,
    });
    const el = await mount({ client, projectId: '4711' });
    await listed(el);
    await waitUntil(() => $$(el, '[part=entries] .badge').length === 2, "the entries' states");
    const badge = (n: Element | undefined) => n?.querySelector('.badge');
    const entries = $$(el, '[part=entries] li');
    expect(entries.map((li) => text(badge(li)))).to.deep.equal([
      'veröffentlicht',
      'nicht veröffentlicht',
    ]);
    await openPicker(el);
    const state = (id: string) => {
      const o = pickOption(el, id)!;
      return {
        badge: text(badge(o)),
        cls: badge(o)?.className ?? '',
        disabled: o.getAttribute('aria-disabled'),
      };
    };
    expect(state('81')).to.deep.equal({
      badge: 'veröffentlicht',
      cls: 'badge pub',
      disabled: 'false',
    });
    for (const id of ['82', '83'])
      expect(state(id), id).to.deep.equal({
        badge: 'nicht veröffentlicht',
        cls: 'badge unpub',
        disabled: 'true',
      });
    expect(text(pickOption(el, '82'))).to.contain('kann nicht hinzugefügt werden');
    // No state in the data: none is claimed.
    expect(state('84')).to.deep.equal({ badge: '', cls: '', disabled: 'false' });
    // The two states differ in more than colour: the words, and the unpublished badge's dashed frame.
    const css = (id: string) => getComputedStyle(badge(pickOption(el, id))!);
    expect(css('81').borderStyle).to.not.equal(css('82').borderStyle);
    await expect(el).to.be.accessible();
    el.lang = 'en';
    await el.updateComplete;
    expect(text(badge(pickOption(el, '82')))).to.equal('not published');
  });

  it('a real-shaped project list (no state, product or count): the model says nothing, the visitor adds, the refusal is explained', async () => {
    // Bodies written from docs/interface.md#building-projects and the XSDs, not from the sandbox.
    const C = 'http://rest.immobilienscout24.de/schema/common/1.0';
    const posted: string[] = [];
    const routes: Record<string, string> = {
      '/realestateproject':
        `<p:realEstateProjects xmlns:p="${NS}" xmlns:common="${C}"><realEstateProject id="4711"><name>Quartier am Kanal</name>` +
        `<price><minimal>310000.00</minimal><maximal>590000.00</maximal></price><space><minimal>54.00</minimal><maximal>121.00</maximal></space>` +
        `<numberOfHousingUnit>18</numberOfHousingUnit><interiorQuality>NORMAL</interiorQuality><freeFrom>Sommer 2027</freeFrom>` +
        `<address><street>Kanalstraße</street><houseNumber>3</houseNumber><postcode>12043</postcode><city>Berlin</city></address>` +
        `</realEstateProject></p:realEstateProjects>`,
      '/realestateproject/4711/realestateprojectentry': `<p:realEstateProjectEntries xmlns:p="${NS}"><realEstateProjectEntry id="9"><realEstateExternalId>KANAL-1</realEstateExternalId></realEstateProjectEntry></p:realEstateProjectEntries>`,
      '/user/me/realestate':
        `<r:realEstates xmlns:r="http://rest.immobilienscout24.de/schema/offer/realestates/1.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><realEstateList>` +
        `<realEstateElement id="77" xsi:type="r:ApartmentBuy"><title>Kanalblick, 2 Zimmer</title><realEstateState>ACTIVE</realEstateState></realEstateElement>` +
        `</realEstateList></r:realEstates>`,
    };
    const client = new ImmoClient({
      baseUrl: API,
      retries: 0,
      fetch: async (input, init) => {
        const path = new URL(String(input), location.href).pathname;
        if (init?.method === 'POST') {
          posted.push(String(init.body));
          return new Response(
            `<?xml version="1.0" encoding="UTF-8"?><common:messages xmlns:common="${C}"><message><messageCode>ERROR_RESOURCE_VALIDATION</messageCode>` +
              `<message>realestateproject [4711] is not published.</message></message></common:messages>`,
            { status: 412, headers: { 'content-type': 'application/xml' } },
          );
        }
        const key = Object.keys(routes).find((k) => path.endsWith(k));
        return new Response(key ? routes[key] : 'not found', {
          status: key ? 200 : 404,
          headers: { 'content-type': 'application/xml' },
        });
      },
    });
    const [project] = await client.listProjects();
    expect(project).to.deep.equal({
      id: '4711',
      name: 'Quartier am Kanal',
      price: { minimal: 310000, maximal: 590000 },
      space: { minimal: 54, maximal: 121 },
      numberOfHousingUnit: 18,
      interiorQuality: 'NORMAL',
      freeFrom: 'Sommer 2027',
      address: { street: 'Kanalstraße', houseNumber: '3', postcode: '12043', city: 'Berlin' },
    });
    const el = await mount({ client, projectId: '4711' });
    await listed(el);
    await waitUntil(() => $(el, '[part=entries]'), 'entries');
    expect(text(projectOptions(el)[0])).to.not.match(/veröffentlicht|BASIC/);
    // one entry, named by its external id only: counted all the same
    expect(text($(el, 'section[aria-labelledby=eh] p.muted'))).to.contain('1 Eintrag');
    const add = $(el, '[part=add]')!;
    expect(add.getAttribute('aria-disabled')).to.equal('false');
    await openPicker(el);
    pickOptions(el)[0]!.click();
    await el.updateComplete;
    $(el, '[part=submit]')!.click();
    await waitUntil(() => $(el, '[part=results] li.refused'), 'refusal shown');
    expect(posted).to.have.length(1);
    expect(posted[0]).to.contain('<realEstateId>77</realEstateId>');
    const refused = text($(el, '[part=results] li.refused'));
    expect(refused).to.contain('Kanalblick').and.contain('vermutlich noch nicht veröffentlicht');
    expect(refused).to.not.contain('is not published').and.not.contain('ERROR_');
    await expect(el).to.be.accessible();
  });

  it('a refusal while the entries list could not be loaded: both rules named, no guess which one', async () => {
    const C = 'http://rest.immobilienscout24.de/schema/common/1.0';
    const client = new ImmoClient({
      baseUrl: API,
      retries: 0,
      fetch: async (input, init) => {
        const path = new URL(String(input), location.href).pathname;
        const xmlRes = (body: string, status = 200) =>
          new Response(body, { status, headers: { 'content-type': 'application/xml' } });
        if (init?.method === 'POST') {
          return xmlRes(
            `<common:messages xmlns:common="${C}"><message><messageCode>ERROR_RESOURCE_VALIDATION</messageCode><message>refused</message></message></common:messages>`,
            412,
          );
        }
        if (path.endsWith('/realestateprojectentry')) return xmlRes('', 500);
        if (path.endsWith('/realestateproject'))
          return xmlRes(
            `<p:realEstateProjects xmlns:p="${NS}"><realEstateProject id="5"><name>Ohne Liste</name></realEstateProject></p:realEstateProjects>`,
          );
        return xmlRes(
          `<r:realEstates xmlns:r="http://rest.immobilienscout24.de/schema/offer/realestates/1.0"><realEstateList><realEstateElement id="9"><title>Eins</title></realEstateElement></realEstateList></r:realEstates>`,
        );
      },
    });
    const el = await mount({ client, projectId: '5' });
    await listed(el);
    await waitUntil(() => $(el, '[part=error]'), 'entries failed');
    expect(await el.addListings(['9'])).to.deep.equal([]);
    await el.updateComplete;
    const refused = text($(el, '[part=results] li.refused'));
    expect(refused)
      .to.contain('nur in veröffentlichte Projekte')
      .and.contain('höchstens 15')
      .and.not.contain('vermutlich');
  });

  // Nothing under the element moves when its data arrives: an open project's
  // entries arrive after the project list, and the list does not say how many there are. The
  // pane keeps one height: the element is as tall at its first render, with the list and the
  // entries' skeleton, and once 1 or 15 entries or an error arrived. Bodies from the XSD.
  for (const width of [390, 1280]) {
    for (const outcome of [1, 15, 'error'] as const) {
      it(`keeps its height while an open project's entries load and after ${outcome === 'error' ? 'an error' : `${outcome} arrive`} (${width} px)`, async () => {
        let release!: () => void;
        const gate = new Promise<void>((r) => (release = r));
        /** The client has read the own listings' answer. */
        let ownRead = false;
        const ids = Array.from({ length: 15 }, (_, i) => String(320000101 + i));
        const names = [
          'Quartier am Kanal',
          'Stadtgärten Ost',
          'Hafenblick',
          'Alte Weberei',
          'Lindenhöfe',
          'Am Schlosspark',
        ];
        const xmlRes = (body: string, status = 200) =>
          new Response(body, { status, headers: { 'content-type': 'application/xml' } });
        const client = new ImmoClient({
          baseUrl: API,
          retries: 0,
          fetch: async (input) => {
            const path = new URL(String(input), location.href).pathname;
            if (path.endsWith('/realestateprojectentry')) {
              await gate;
              if (outcome === 'error') return xmlRes('', 500);
              const entries = ids
                .slice(0, outcome)
                .map(
                  (id, i) =>
                    `<realEstateProjectEntry id="${i + 1}"><realEstateId>${id}</realEstateId></realEstateProjectEntry>`,
                );
              return xmlRes(
                `<p:realEstateProjectEntries xmlns:p="${NS}">${entries.join('')}</p:realEstateProjectEntries>`,
              );
            }
            if (path.endsWith('/realestateproject')) {
              const projects = names.map(
                (n, i) =>
                  `<realEstateProject id="${4711 + i}"><name>${n}</name><numberOfHousingUnit>${12 + i}</numberOfHousingUnit><address><city>Berlin</city></address></realEstateProject>`,
              );
              return xmlRes(
                `<p:realEstateProjects xmlns:p="${NS}">${projects.join('')}</p:realEstateProjects>`,
              );
            }
            const own = ids.map(
              (id, i) =>
                `<realEstateElement id="${id}" xsi:type="r:ApartmentBuy"><title>Helle ${2 + (i % 4)}-Zimmer-Eigentumswohnung mit Balkon und Blick auf den Kanal</title><realEstateState>ACTIVE</realEstateState></realEstateElement>`,
            );
            const res = xmlRes(
              `<r:realEstates xmlns:r="http://rest.immobilienscout24.de/schema/offer/realestates/1.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><realEstateList>${own.join('')}</realEstateList></r:realEstates>`,
            );
            const read = res.text.bind(res);
            res.text = () => read().finally(() => (ownRead = true));
            return res;
          },
        });
        const box = await fixture<HTMLDivElement>(
          html`<div style="width:${width}px"><project-picker lang="de" project-id="4711" .client=${client}></project-picker><p>Darunter</p></div>`,
        );
        const el = box.querySelector<ProjectPicker>('project-picker')!;
        const height = () => el.getBoundingClientRect().height;
        await el.updateComplete;
        const first = height();
        await listed(el);
        await waitUntil(() => $(el, '.pane [part=skeleton]'), 'entries skeleton');
        // The own listings (their titles) arrive as well: wait for them before measuring the
        // skeleton state (read, they are parsed and rendered in that task's microtasks).
        await waitUntil(() => ownRead, 'own listings read');
        await el.updateComplete;
        expect(height(), 'with the project list, entries loading').to.be.closeTo(first, 0.5);
        release();
        if (outcome === 'error')
          await waitUntil(() => $(el, '.pane [part=error]'), 'entries error');
        else await waitUntil(() => $(el, '[part=entries]'), 'entries');
        await el.updateComplete;
        expect(height(), 'after the entries arrived').to.be.closeTo(first, 0.5);
        expect($(el, '.pane [part=skeleton]:not(.ghost)'), 'no loading shapes').to.equal(null);
        const scroll = $(el, '#es');
        // An error keeps the entries' frame under it: their shapes, still and fading.
        expect(
          $(el, '.pane .ghost[part=skeleton][aria-hidden=true]') !== null,
          'the frame under an error',
        ).to.equal(outcome === 'error');
        if (outcome === 'error')
          expect(text($(el, '.pane [part=error]'))).to.contain('nicht geladen');
        else {
          expect($$(el, '[part=entries] li')).to.have.length(outcome);
          // 15 entries scroll inside the box, which is then a tab stop; one entry fits and is not.
          expect(scroll!.scrollHeight > scroll!.clientHeight, 'scrolls').to.equal(outcome === 15);
          expect(scroll!.getAttribute('tabindex')).to.equal(outcome === 15 ? '0' : null);
          expect(scroll!.getAttribute('aria-labelledby')).to.equal('eh');
        }
        await expect(el).to.be.accessible();
      });
    }
  }

  it('more than six projects scroll inside the list, which keeps the six-project height it had while loading', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const projects = Array.from(
      { length: 9 },
      (_, i) =>
        `<realEstateProject id="${4711 + i}"><name>Projekt am Ufer ${i + 1}</name><numberOfHousingUnit>${10 + i}</numberOfHousingUnit></realEstateProject>`,
    );
    const client = new ImmoClient({
      baseUrl: API,
      retries: 0,
      fetch: async () => {
        await gate;
        return new Response(
          `<p:realEstateProjects xmlns:p="${NS}">${projects.join('')}</p:realEstateProjects>`,
          { headers: { 'content-type': 'application/xml' } },
        );
      },
    });
    const el = await fixture<ProjectPicker>(
      html`<project-picker lang="de" style="width:390px" .client=${client}></project-picker>`,
    );
    const first = el.getBoundingClientRect().height;
    release();
    await listed(el);
    await el.updateComplete;
    expect(projectOptions(el)).to.have.length(9);
    expect(el.getBoundingClientRect().height).to.be.closeTo(first, 0.5);
    const list = $(el, '[part=project-list]')!;
    expect(list.scrollHeight).to.be.greaterThan(list.clientHeight);
    await expect(el).to.be.accessible();
  });

  it('shows the empty state when the user has no projects', async () => {
    const el = await mount({
      client: xmlClient({ '/realestateproject': `<p:realEstateProjects xmlns:p="${NS}"/>` }),
    });
    await waitUntil(() => text(sr(el)).includes('noch keine Bauprojekte'), 'empty state');
    expect($(el, '[part=project-list]')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('renders hostile names as text, never as HTML', async () => {
    const evil = '<img src=x onerror="window.__pwned=1">';
    const esc = evil.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
    const el = await mount({
      projectId: '7',
      client: xmlClient({
        '/realestateproject':
          `<p:realEstateProjects xmlns:p="${NS}"><realEstateProject id="7"><name>${esc}</name><title>${esc}</title>` +
          `</realEstateProject></p:realEstateProjects>`,
        '/realestateproject/7/realestateprojectentry': `<p:realEstateProjectEntries xmlns:p="${NS}"><realEstateProjectEntry id="1"><realEstateId>5</realEstateId></realEstateProjectEntry></p:realEstateProjectEntries>`,
        '/user/me/realestate':
          `<r:realEstates xmlns:r="http://rest.immobilienscout24.de/schema/offer/realestates/1.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><realEstateList>` +
          `<realEstateElement id="5" xsi:type="r:ApartmentBuy"><title>${esc}</title><realEstateState>ACTIVE</realEstateState></realEstateElement>` +
          `<realEstateElement id="6" xsi:type="r:HouseRent"><title>${esc}</title><realEstateState>ACTIVE</realEstateState></realEstateElement>` +
          `</realEstateList></r:realEstates>`,
      }),
    });
    await listed(el);
    await waitUntil(() => $(el, '[part=entries]'), 'entries');
    await openPicker(el);
    expect(text(projectOptions(el)[0])).to.contain(evil);
    expect(text($(el, '[part=entries]'))).to.contain(evil);
    expect(text(pickOptions(el)[0])).to.contain(evil);
    expect(sr(el).querySelector('img')).to.equal(null);
    expect((window as unknown as { __pwned?: number }).__pwned).to.equal(undefined);
    await expect(el).to.be.accessible();
  });
});
