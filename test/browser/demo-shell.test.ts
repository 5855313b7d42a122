/**
 * The demo page's story and docs views (demo/shell.ts), as a partner uses them, against the
 * sandbox: a control for every attribute and property of the manifest (enums as selects,
 * booleans as switches), controls that write to the element and follow it, an event log
 * with each event's detail, the snippet with its script tag, the docs pages (docs/, rendered
 * by demo/docs.ts), and axe.
 */
import { expect, waitUntil } from '@open-wc/testing';
import '../../src/define.js';
import {
  ELEMENTS,
  SCRIPT_BASE,
  buildNav,
  declarationsOf,
  markCurrent,
  mountOutbox,
  mountStory,
  parseRoute,
  type CemDeclaration,
} from '../../demo/shell.js';
import { renderPage, titleOf } from '../../demo/docs.js';
import geoStories from '../../demo/stories/geo-autocomplete.stories.js';
import type { GeoAutocomplete } from '../../src/elements/geo-autocomplete/geo-autocomplete.js';
import { ImmoClient } from '../../src/api/index.js';
import {
  afterEach,
  before,
  clearSandboxFaults,
  describe,
  it,
  itInColorScheme,
  press,
  resetSandbox,
  type,
} from './helpers/index.js';

let declarations: Map<string, CemDeclaration>;
let page: HTMLElement;

before(async () => {
  declarations = declarationsOf(await (await fetch('/custom-elements.json')).json());
  // The demo's stylesheet, so that axe checks the page as the demo shows it.
  const style = document.createElement('style');
  style.textContent = await (await fetch('/demo/demo.css')).text();
  document.head.append(style);
});

/** axe under each theme of the demo. */
async function accessibleInEveryTheme(node: HTMLElement) {
  for (const theme of ['light', 'dark', 'brand']) {
    document.documentElement.dataset.theme = theme;
    await expect(node, theme).to.be.accessible();
  }
}

afterEach(async () => {
  page?.remove();
  await clearSandboxFaults();
});

function newPage(): HTMLElement {
  page = document.createElement('main');
  document.body.append(page);
  return page;
}

const q = <T extends Element>(sel: string) => page.querySelector<T>(sel);
const fieldsWithoutAttribute = (d: CemDeclaration) =>
  (d.members ?? []).filter(
    (m) =>
      m.kind === 'field' &&
      !m.static &&
      (m.privacy ?? 'public') === 'public' &&
      !m.name.startsWith('_') &&
      !m.attribute,
  );

describe('demo story view', () => {
  it('the manifest declares the five elements', () => {
    expect([...declarations.keys()].sort()).to.deep.equal([...ELEMENTS].sort());
  });

  for (const tag of ELEMENTS) {
    it(`<${tag}>: a control for every attribute and property, typed by the manifest`, async function () {
      this.timeout(20000);
      const decl = declarations.get(tag)!;
      // No base URL that answers: the controls are what is under test here.
      expect(
        await mountStory(
          newPage(),
          { name: tag, description: '', html: `<${tag} base-url="/nowhere"></${tag}>` },
          declarations,
        ),
      ).to.equal(true);
      for (const attr of decl.attributes ?? []) {
        const control = q<HTMLInputElement | HTMLSelectElement>(`#ctl-attr-${attr.name}`);
        expect(control, `control for ${attr.name}`).to.exist;
        expect(
          q(`label[for="ctl-attr-${attr.name}"]`)?.textContent,
          `label of ${attr.name}`,
        ).to.equal(attr.name);
        const type = (attr.type?.text ?? '').replace(/\s*\|\s*undefined/, '');
        const literals =
          attr.name === 'lang'
            ? ['de', 'en']
            : type
                .split('|')
                .map((p) => p.trim())
                .filter((p) => /^'.*'$/.test(p))
                .map((p) => p.slice(1, -1));
        if (type === 'boolean') {
          expect(
            [control!.localName, (control as HTMLInputElement).type, control!.getAttribute('role')],
            attr.name,
          ).to.deep.equal(['input', 'checkbox', 'switch']);
        } else if (literals.length > 1) {
          expect(control!.localName, attr.name).to.equal('select');
          expect(
            [...(control as HTMLSelectElement).options].map((o) => o.value).filter(Boolean),
            attr.name,
          ).to.deep.equal(literals.filter(Boolean));
        } else {
          expect([control!.localName, (control as HTMLInputElement).type], attr.name).to.deep.equal(
            ['input', 'text'],
          );
        }
      }
      for (const field of fieldsWithoutAttribute(decl))
        expect(q(`#ctl-prop-${field.name}`), `control for .${field.name}`).to.exist;
      // Code-only properties (functions, clients, elements) cannot be typed in as JSON.
      const client = q<HTMLTextAreaElement>('#ctl-prop-client');
      expect(client?.readOnly, '.client is set from code').to.equal(true);
      await accessibleInEveryTheme(page);
    });
  }

  it('controls write to the element, the snippet follows with its script tag, and the controls follow the element', async function () {
    this.timeout(20000);
    await mountStory(
      newPage(),
      { name: 'x', description: '', html: '<geo-autocomplete label="Ort"></geo-autocomplete>' },
      declarations,
    );
    const geo = q<GeoAutocomplete>('geo-autocomplete')!;
    const snippet = () => q('#snippet')!.textContent!;
    expect(snippet().split('\n')[0]).to.equal(
      `<script type="module" src="${SCRIPT_BASE}/geo-autocomplete.js"></script>`,
    );
    const country = q<HTMLSelectElement>('#ctl-attr-country')!;
    country.value = 'AUT';
    country.dispatchEvent(new Event('change'));
    await geo.updateComplete;
    expect(geo.country).to.equal('AUT');
    await waitUntil(() => snippet().includes('country="AUT"'), 'the snippet shows the attribute');
    const recent = q<HTMLInputElement>('#ctl-attr-recent')!;
    recent.click();
    expect(geo.recent).to.equal(true);
    await waitUntil(
      () => /<geo-autocomplete[^>]* recent[ =>]/.test(snippet()),
      'the snippet shows the boolean attribute',
    );
    // The host page (or the element) changes an attribute: the control and snippet show it.
    geo.setAttribute('limit', '7');
    await waitUntil(
      () => q<HTMLInputElement>('#ctl-attr-limit')!.value === '7',
      'the control follows the attribute',
    );
    expect(snippet()).to.include('limit="7"');
    const selected = q<HTMLTextAreaElement>('#ctl-prop-selected')!;
    expect(selected.readOnly, '.selected is read-only').to.equal(true);
  });

  it('the snippet carries the properties a story set from code, as a module script that runs', async function () {
    this.timeout(20000);
    const data = {
      parent: {
        type: 'City',
        name: 'Musterstadt',
        geoCodeId: '1276099001',
        statistics: [{ realEstateType: 'APARTMENT_RENT', count: 3 }],
      },
      children: [],
    };
    await mountStory(
      newPage(),
      {
        name: 'x',
        description: '',
        html: '<region-stats></region-stats><project-picker base-url="/nowhere"></project-picker>',
        setup: (c) => {
          (c.querySelector('region-stats') as HTMLElement & { data: unknown }).data = data;
          (c.querySelector('project-picker') as HTMLElement & { token: string }).token =
            'sbx_secret';
        },
      },
      declarations,
    );
    const text = q('#snippet')!.textContent!;
    expect(text).to.include(`<script type="module" src="${SCRIPT_BASE}/region-stats.js"></script>`);
    expect(text).to.include(
      `<script type="module" src="${SCRIPT_BASE}/project-picker.js"></script>`,
    );
    expect(text, 'the token itself is never copied').not.to.include('sbx_secret');
    const module = /<script type="module">\n([^]*?)<\/script>/.exec(text)?.[1];
    expect(module, 'a module script').to.be.a('string');
    // It runs on a page with the same markup and gives the element the same data.
    const copy = document.createElement('div');
    copy.innerHTML = '<region-stats></region-stats>';
    document.body.append(copy);
    try {
      new Function('document', module!)({
        querySelector: (s: string) => copy.querySelector(s),
        querySelectorAll: (s: string) => copy.querySelectorAll(s),
        getElementById: (id: string) => copy.querySelector(`#${id}`),
      });
      expect(
        (copy.querySelector('region-stats') as HTMLElement & { data: unknown }).data,
      ).to.deep.equal(data);
    } finally {
      copy.remove();
    }
  });

  it('the event log shows each of the element’s events once with its detail, and the controls show the state the event left', async function () {
    this.timeout(30000);
    await mountStory(
      newPage(),
      { name: 'x', description: '', html: '<geo-autocomplete label="Ort"></geo-autocomplete>' },
      declarations,
    );
    const geo = q<GeoAutocomplete>('geo-autocomplete')!;
    geo.shadowRoot!.querySelector('input')!.focus();
    await type('Berlin');
    await waitUntil(
      () => geo.shadowRoot!.querySelectorAll('[role=option]').length > 0,
      'suggestions',
      { timeout: 15000 },
    );
    await press('ArrowDown');
    await press('Enter');
    await waitUntil(() => geo.selected, 'a selection');
    const entries = () =>
      [...page.querySelectorAll('#event-log > li')].map((li) => ({
        type: li.querySelector('strong')!.textContent,
        detail: li.querySelector('pre')?.textContent ?? '',
      }));
    await waitUntil(() => entries().some((e) => e.type === 'geo-select'), 'geo-select logged');
    const select = entries().filter((e) => e.type === 'geo-select');
    expect(select, 'one geo-select').to.have.length(1);
    const detail = JSON.parse(select[0]!.detail) as Record<string, { entity: { id: string } }>;
    expect(detail.suggestion!.entity.id).to.equal(geo.selected!.entity.id);
    expect(Object.keys(detail), 'the detail once, not also the event fields').to.have.members([
      'suggestion',
      'entity',
      'error',
    ]);
    // Native input events (every keystroke) carry no detail of their own: no "0" from UIEvent.detail.
    expect(
      entries()
        .filter((e) => e.type === 'input')
        .map((e) => e.detail),
    ).to.satisfy((d: string[]) => d.length > 0 && d.every((x) => x === ''));
    await waitUntil(
      () => q<HTMLTextAreaElement>('#ctl-prop-selected')!.value.includes(geo.selected!.entity.id),
      'the .selected control shows the selection',
    );
    expect(JSON.parse(q<HTMLTextAreaElement>('#ctl-prop-text')!.value)).to.equal(geo.text);
    expect(
      q('#event-log')!.getAttribute('aria-live'),
      'the log does not talk over the element',
    ).to.equal(null);
  });

  it('the log shows an element’s declared events only, not the input events of its inner fields', async function () {
    this.timeout(20000);
    const fx = (await (await fetch('/restapi/api/sandbox/fixtures')).json()) as {
      exposes: { EMAIL: string[] };
    };
    await mountStory(
      newPage(),
      {
        name: 'x',
        description: '',
        html: `<contact-realtor expose-id="${fx.exposes.EMAIL[0]}"></contact-realtor>`,
      },
      declarations,
    );
    const contact = q('contact-realtor')!;
    await waitUntil(() => contact.shadowRoot!.querySelector('form input'), 'the form', {
      timeout: 15000,
    });
    contact.shadowRoot!.querySelector<HTMLInputElement>('form input:not([type=checkbox])')!.focus();
    await type('Erika');
    // (the log writes an entry in the event's own task; the element's events follow its update)
    await (contact as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    expect(page.querySelectorAll('#event-log > li'), 'nothing logged for typing').to.have.length(0);
  });

  it('a composition has controls for each of its elements', async function () {
    this.timeout(20000);
    await mountStory(
      newPage(),
      {
        name: 'x',
        description: '',
        html: '<geo-autocomplete id="w" label="Ort"></geo-autocomplete><region-stats for="w"></region-stats>',
      },
      declarations,
    );
    expect(q('#ctl-attr-country'), 'geo-autocomplete').to.exist;
    const forControl = q<HTMLInputElement>('#ctl2-attr-for')!;
    expect(forControl.value, 'region-stats').to.equal('w');
    const drilldown = q<HTMLInputElement>('#ctl2-attr-drilldown')!;
    drilldown.click();
    expect(q('region-stats')!.hasAttribute('drilldown')).to.equal(true);
    expect([...page.querySelectorAll('.panel h3')].map((h) => h.textContent)).to.deep.equal([
      '<geo-autocomplete> #w',
      '<region-stats>',
    ]);
    expect(
      new Set([...page.querySelectorAll('[id]')].map((n) => n.id)).size,
      'ids unique',
    ).to.equal(page.querySelectorAll('[id]').length);
  });

  it('a story starts without the sandbox faults an earlier story turned on', async function () {
    this.timeout(20000);
    await fetch('/restapi/api/sandbox/faults', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ route: 'geo-suggest', status: 500 }),
    });
    let faultsAtSetup = -1;
    const setup = async () => {
      faultsAtSetup = (
        (await (await fetch('/restapi/api/sandbox/faults')).json()) as { faults: unknown[] }
      ).faults.length;
    };
    await mountStory(
      newPage(),
      {
        name: 'x',
        description: '',
        html: '<geo-autocomplete label="Ort"></geo-autocomplete>',
        setup,
      },
      declarations,
    );
    expect(faultsAtSetup).to.equal(0);
  });

  it('a story whose setup fails (no sandbox) says so instead of leaving an empty page', async () => {
    const p = newPage();
    const ok = await mountStory(
      p,
      {
        name: 'x',
        description: '',
        html: '<contact-realtor></contact-realtor>',
        setup: async () => {
          throw new TypeError('Failed to fetch');
        },
      },
      declarations,
    );
    expect(ok).to.equal(false);
    const alert = p.querySelector('[role=alert]');
    expect(alert?.textContent).to.include('Failed to fetch').and.include('/restapi/api');
    expect(p.querySelector('contact-realtor')).to.equal(null);
  });

  it('a story left while its setup runs is not put into the page', async function () {
    this.timeout(20000);
    const p = newPage();
    p.append(document.createElement('p'));
    let current = true;
    let setUp!: () => void;
    const done = mountStory(
      p,
      {
        name: 'x',
        description: '',
        html: '<region-stats></region-stats>',
        setup: () => new Promise<void>((r) => (setUp = r)),
      },
      declarations,
      { isCurrent: () => current },
    );
    current = false;
    await waitUntil(() => setUp, 'the story’s setup started');
    setUp();
    expect(await done).to.equal(false);
    expect(p.querySelector('region-stats')).to.equal(null);
    expect(p.children).to.have.length(1);
  });
});

describe('demo routes', () => {
  it("stories, docs, outbox and home are routes; the skip link's #main is not (the story stays)", () => {
    expect(parseRoute('#/region-stats/3')).to.deep.equal({
      kind: 'story',
      hash: '#/region-stats/3',
      group: 'region-stats',
      index: 3,
    });
    expect(parseRoute('#/region-stats/docs')).to.deep.equal({
      kind: 'docs',
      hash: '#/region-stats/docs',
      group: 'region-stats',
      anchor: '',
    });
    expect(parseRoute('#/outbox')).to.deep.equal({ kind: 'outbox', hash: '#/outbox' });
    expect(parseRoute('')).to.deep.equal({ kind: 'group', hash: '#/', group: '' });
    expect(parseRoute('#main')).to.equal(null);
    expect(parseRoute('#privacy')).to.equal(null);
  });

  it("the page's skip link moves the focus to main without leaving the route", async () => {
    const html = await (await fetch('/demo/index.html')).text();
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const skip = doc.querySelector<HTMLAnchorElement>('a.skip')!;
    expect(skip.getAttribute('href')).to.equal('#main');
    expect(parseRoute(skip.getAttribute('href')!), 'not a route').to.equal(null);
    expect(doc.querySelector('main#main')?.getAttribute('tabindex')).to.equal('-1');
  });
});

describe('demo sidebar', () => {
  it('following a story link keeps the focus on it, and only that link is the current page', async () => {
    const nav = document.createElement('nav');
    nav.setAttribute('aria-label', 'Stories');
    newPage().append(nav);
    buildNav(nav, [['geo-autocomplete', geoStories]], declarations);
    const links = [...nav.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).to.include.members([
      '#/geo-autocomplete/0',
      '#/geo-autocomplete/docs',
      '#/outbox',
    ]);
    links[1]!.focus();
    markCurrent(nav, links[1]!.getAttribute('href')!);
    expect(document.activeElement).to.equal(links[1]);
    expect(nav.querySelectorAll('[aria-current="page"]')).to.have.length(1);
    expect(links[1]!.getAttribute('aria-current')).to.equal('page');
    markCurrent(nav, '#/outbox');
    expect(links[1]!.hasAttribute('aria-current')).to.equal(false);
    await expect(page).to.be.accessible();
  });
});

describe('demo docs view', () => {
  for (const tag of ELEMENTS) {
    it(`<${tag}>: its page of docs/elements, with every attribute, event, slot, part and custom property of the manifest`, async () => {
      const decl = declarations.get(tag)!;
      const path = `docs/elements/${tag}.md`;
      const text = await (await fetch(`/${path}`)).text();
      expect(titleOf(text).startsWith(`<${tag}>`), 'the page is titled by its tag').to.equal(true);
      newPage().append(renderPage(text, path));
      // Each table is named by its heading (aria-labelledby), not by a caption repeating it.
      const table = (caption: string) =>
        [...page.querySelectorAll('table')].find(
          (t) =>
            document.getElementById(t.getAttribute('aria-labelledby')!)?.textContent === caption,
        );
      const firstColumn = (caption: string) =>
        [...(table(caption)?.tBodies[0]?.rows ?? [])].map((r) => r.cells[0]!.textContent);
      const want: [string, string[]][] = [
        ['Attributes', (decl.attributes ?? []).map((a) => a.name)],
        ['Events', (decl.events ?? []).map((e) => e.name)],
        ['Slots', (decl.slots ?? []).map((s) => s.name || '(default)')],
        ['CSS parts', (decl.cssParts ?? []).map((s) => s.name)],
        ['CSS custom properties', (decl.cssProperties ?? []).map((s) => s.name)],
      ];
      for (const [caption, names] of want) {
        if (names.length) expect(firstColumn(caption), caption).to.deep.equal(names);
      }
      // A field named like a documented native attribute (`lang`) stands in the Attributes table.
      const scriptOnly = fieldsWithoutAttribute(decl).filter(
        (f) => !(decl.attributes ?? []).some((a) => a.name === f.name),
      );
      expect(
        firstColumn('Properties (script only)').map((n) => n!.replace(' (read-only)', '')),
        'properties',
      ).to.include.members(scriptOnly.map((f) => f.name));
      expect(page.querySelectorAll('caption'), 'no caption repeating the heading').to.have.length(
        0,
      );
      // Markdown is rendered (backticks become code), never as HTML: the page's own tags are text.
      expect(page.querySelector('code')).to.not.equal(null);
      expect(
        [...page.querySelectorAll('*')].some((n) => n.localName.includes('-')),
        'no element of the text is created',
      ).to.equal(false);
      expect(
        [...page.querySelectorAll('p, li, td')].some((n) => n.textContent!.includes('`')),
        'no raw backticks',
      ).to.equal(false);
      // Links lead to the demo's own routes or out; none to a file the demo does not serve.
      for (const a of page.querySelectorAll('a'))
        expect(a.getAttribute('href')!, a.textContent!).to.match(/^(#\/|https?:)/);
      expect(
        (decl.cssProperties ?? []).length,
        'each element documents custom properties',
      ).to.be.greaterThan(0);
      expect((decl.cssParts ?? []).length, 'each element documents parts').to.be.greaterThan(0);
      await accessibleInEveryTheme(page);
    });
  }

  it('every other page of docs/ renders, axe-clean, with its links as routes of the demo', async function () {
    this.timeout(20000);
    for (const name of ['embedding', 'theming', 'gateway', 'sandbox', 'testing', 'architecture']) {
      const path = `docs/${name}.md`;
      const text = await (await fetch(`/${path}`)).text();
      expect(titleOf(text), path).to.not.equal('');
      newPage().append(renderPage(text, path));
      expect(page.querySelectorAll('h2').length, path).to.be.greaterThan(0);
      for (const a of page.querySelectorAll('a'))
        expect(a.getAttribute('href')!, `${path}: ${a.textContent}`).to.match(/^(#\/|https?:)/);
      await expect(page, path).to.be.accessible();
      page.remove();
    }
  });

  it('a docs route may name a heading of the page', () => {
    expect(parseRoute('#/docs/embedding/no-layout-shift-while-the-script-loads')).to.deep.equal({
      kind: 'page',
      hash: '#/docs/embedding/no-layout-shift-while-the-script-loads',
      page: 'embedding',
      anchor: 'no-layout-shift-while-the-script-loads',
    });
    expect(parseRoute('#/region-stats/docs/its-height-in-every-state')).to.deep.equal({
      kind: 'docs',
      hash: '#/region-stats/docs/its-height-in-every-state',
      group: 'region-stats',
      anchor: 'its-height-in-every-state',
    });
  });
});

describe('demo outbox', () => {
  it('shows the contact e-mails newest first with their OpenImmo attachment, the visitor’s text as text', async function () {
    this.timeout(20000);
    await resetSandbox();
    const fx = (await (await fetch('/restapi/api/sandbox/fixtures')).json()) as {
      exposes: { EMAIL: string[] };
    };
    const client = new ImmoClient({ baseUrl: '/restapi/api' });
    const form = (lastname: string, message: string) => ({
      lastname,
      emailAddress: 'erika@example.de',
      message,
      privacyPolicyAccepted: true,
    });
    await client.contactRealtor(fx.exposes.EMAIL[0]!, form('Erste', 'Hallo'));
    await client.contactRealtor(
      fx.exposes.EMAIL[0]!,
      form('Zweite', 'Noch frei? <img src=x onerror="window.__pwned=1"><b>fett</b>'),
    );
    await mountOutbox(newPage());
    const mails = [...page.querySelectorAll('article')];
    expect(mails).to.have.length(2);
    expect(page.querySelector('[role=status]')!.textContent).to.match(/^2 E-Mails/);
    const [newest] = mails;
    expect(newest!.querySelector('pre')!.textContent)
      .to.include('Zweite')
      .and.include('<b>fett</b>');
    expect(page.querySelector('img, b'), 'no markup from the message').to.equal(null);
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
    const attachment = newest!.querySelector('pre.attachment')!.textContent!;
    expect(attachment)
      .to.match(/^<\?xml/)
      .and.include('<openimmo_feedback>')
      .and.include('Zweite');
    expect(newest!.querySelector('h3')!.textContent).to.match(/^Anhang: .+\.xml$/);
    const eml = newest!.querySelector<HTMLAnchorElement>('a[href$=".eml"]')!;
    expect((await fetch(eml.href)).ok, 'the raw e-mail link works').to.equal(true);
    expect(page.querySelector('[aria-live]'), 'the mails are not read out as they load').to.equal(
      null,
    );
    await accessibleInEveryTheme(page);
  });
});

/** WCAG contrast of two rgb() colours as getComputedStyle reports them. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = c
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((x) => {
        const v = Number(x) / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('demo buttons', () => {
  // Native buttons take the engine's colours: WebKitGTK's dark scheme reports a grey
  // background it does not paint, so axe measured the demo's buttons at contrast 1.81.
  for (const scheme of ['light', 'dark'] as const) {
    itInColorScheme(
      scheme,
      "the demo's own buttons (Kopieren, Leeren, Suchen) have the theme's colours in every theme, axe-clean",
      async function () {
        this.timeout(30000);
        const story = geoStories.find((s) => s.html.includes('Suchen'))!;
        await mountStory(newPage(), story, declarations);
        const buttons = [...page.querySelectorAll<HTMLButtonElement>('button')];
        const names = buttons.map((b) => b.textContent!.trim());
        expect(names).to.include.members(['Kopieren', 'Leeren', 'Suchen']);
        for (const theme of ['light', 'dark', 'brand']) {
          document.documentElement.dataset.theme = theme;
          for (const b of buttons) {
            const cs = getComputedStyle(b);
            expect(
              cs.backgroundColor,
              `${theme}: ${b.textContent} has its own background`,
            ).to.not.equal('rgba(0, 0, 0, 0)');
            expect(
              contrast(cs.color, cs.backgroundColor),
              `${theme}: ${b.textContent} text contrast`,
            ).to.be.at.least(4.5);
          }
          await expect(page, theme).to.be.accessible();
        }
        delete document.documentElement.dataset.theme;
      },
    );
  }
});
