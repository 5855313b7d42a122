// <project-picker> with answers no real account has: names and titles of 5,000 and 60,000
// characters, 10,000 projects, 10,000 entries in a project, 10,000 own listings. The requests
// go to the sandbox (its demo user); the test's fetch rewrites the sandbox's answers before the
// client parses them, so everything after the network is the element's real path. What is
// checked is what the visitor gets: the clipped text on one line with its tooltip and in the
// accessible name, a bounded number of rendered nodes, the "show more" button by keyboard and
// its announcement, and axe.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { ImmoClient } from '../../src/api/index.js';
import '../../src/elements/project-picker/define.js';
import type { ProjectPicker } from '../../src/elements/project-picker/project-picker.js';
import { clip, TEXT_MAX } from '../../src/shared/text.js';
import {
  afterEach,
  API,
  beforeEach,
  describe,
  findAccessible,
  it,
  nameOf,
  press,
  resetSandbox,
  sandboxFixtures,
  sandboxToken,
  type,
} from './helpers/index.js';
import { $, $$, pickOptions, projectOptions, sr, text } from './project-picker.helpers.js';

type Rewrite = (doc: XMLDocument, url: URL) => void;
interface Rewrites {
  projects?: Rewrite;
  entries?: Rewrite;
  own?: Rewrite;
}

/** A client whose requests reach the sandbox; an answer named in `rewrites` is changed on its way back. */
function rewritingClient(rewrites: Rewrites): ImmoClient {
  return new ImmoClient({
    baseUrl: API,
    retries: 0,
    fetch: async (input, init) => {
      const res = await fetch(input, init);
      const req = new Request(input, init);
      const url = new URL(req.url, location.href);
      const path = url.pathname;
      const which: keyof Rewrites | undefined =
        req.method !== 'GET'
          ? undefined
          : path.endsWith('/realestateprojectentry')
            ? 'entries'
            : path.endsWith('/realestateproject')
              ? 'projects'
              : path.endsWith('/user/me/realestate')
                ? 'own'
                : undefined;
      const rewrite = which && rewrites[which];
      if (!rewrite || !res.ok) return res;
      const doc = new DOMParser().parseFromString(await res.text(), 'application/xml');
      rewrite(doc, url);
      return new Response(new XMLSerializer().serializeToString(doc), {
        status: res.status,
        headers: res.headers,
      });
    },
  });
}

const first = (doc: XMLDocument | Element, tag: string) => doc.getElementsByTagName(tag)[0]!;
/** Keeps only the child elements of `el` named in `keep`: a lean copy, as the lists' answers allow. */
function only(el: Element, ...keep: string[]): void {
  for (const c of [...el.children]) if (!keep.includes(c.localName)) c.remove();
}
/** Sets (or adds) the child element `tag` of `el` to `text`. */
function setChild(el: Element, tag: string, text: string): void {
  let child = [...el.children].find((c) => c.localName === tag);
  if (!child) {
    child = el.ownerDocument.createElementNS(null, tag);
    el.append(child);
  }
  child.textContent = text;
}
/** The `tag` elements replaced by `n` copies of the first, each made its own by `each`. */
function multiply(
  doc: XMLDocument,
  tag: string,
  n: number,
  each: (el: Element, i: number) => void,
) {
  const model = first(doc, tag);
  const parent = model.parentNode!;
  for (const old of [...doc.getElementsByTagName(tag)]) old.remove();
  const frag = doc.createDocumentFragment();
  for (let i = 0; i < n; i++) {
    const el = model.cloneNode(true) as Element;
    each(el, i);
    frag.append(el);
  }
  parent.append(frag);
}
/** The paging of the user's listings: page `n` of `pages`, 100 a page. */
function paging(doc: XMLDocument, n: number, pages: number): void {
  const p = first(doc, 'Paging');
  setChild(p, 'pageNumber', String(n));
  setChild(p, 'pageSize', '100');
  setChild(p, 'numberOfPages', String(pages));
  setChild(p, 'numberOfHits', String(pages * 100));
}

const liveText = (el: ProjectPicker) => text($(el, '.sr[role=status][aria-live]'));
/** Every element the element rendered. */
const nodes = (el: ProjectPicker) => sr(el).querySelectorAll('*').length;

/** Whether `span` is laid out as one line that ends in a CSS ellipsis because the text does not fit. */
function oneLineEllipsis(span: HTMLElement): void {
  const css = getComputedStyle(span);
  expect(css.whiteSpace, 'one line').to.equal('nowrap');
  expect(css.textOverflow, 'an ellipsis').to.equal('ellipsis');
  expect(css.overflowX, 'cut at its box').to.equal('hidden');
  expect(span.scrollWidth, 'the text is wider than its box').to.be.greaterThan(span.clientWidth);
  const line = parseFloat(css.lineHeight) || parseFloat(css.fontSize) * 1.5;
  expect(span.getBoundingClientRect().height, 'one line high').to.be.below(line * 1.6);
}

/** The shortened text: its TEXT_MAX characters, an ellipsis last, the whole of it as the tooltip. */
function clipped(span: HTMLElement | null, long: string): string {
  expect(span, 'rendered').to.not.equal(null);
  const want = clip(long);
  expect(want).to.have.length(TEXT_MAX);
  expect(want.endsWith('…')).to.equal(true);
  expect(span!.textContent!.length, 'clipped').to.equal(TEXT_MAX);
  expect(span!.textContent).to.equal(want);
  expect(span!.title, 'tooltip').to.equal(want);
  return want;
}

const CEILING = 5000;

async function mount(client: ImmoClient, token: string, projectId?: string, lang = 'de') {
  return fixture<ProjectPicker>(html`<project-picker
    lang=${lang}
    project-id=${projectId ?? ''}
    .token=${token}
    .client=${client}
    style="width: 900px"
  ></project-picker>`);
}

beforeEach(async () => {
  await resetSandbox();
});
afterEach(async () => {
  await resetSandbox();
});

describe('project-picker with oversized answers', () => {
  for (const size of [5000, 60000]) {
    it(`a project name, title and city and a listing title of ${size.toLocaleString('en')} characters: clipped, one line, whole in the name and the tooltip`, async () => {
      const fx = await sandboxFixtures<{
        projects: { basicFew: string };
        demoRealEstates: { free: string[] };
      }>();
      const token = await sandboxToken();
      const pid = fx.projects.basicFew;
      const name = `Wohnpark ${'Spreebogen '.repeat(size / 11 + 1)}`.slice(0, size);
      const title = `Titel ${'lang '.repeat(size / 5 + 1)}`.slice(0, size);
      const city = `Berlin-${'x'.repeat(size)}`.slice(0, size);
      const listing = `Wohnung ${'mit Blick '.repeat(size / 10 + 1)}`.slice(0, size);
      const client = rewritingClient({
        projects: (doc) => {
          for (const p of doc.getElementsByTagName('realEstateProject')) {
            if (p.getAttribute('id') !== pid) continue;
            setChild(p, 'name', name);
            setChild(p, 'title', title);
            setChild(first(p, 'address'), 'city', city);
          }
        },
        own: (doc) => {
          for (const o of doc.getElementsByTagName('realEstateElement'))
            setChild(o, 'title', listing);
        },
      });
      const t0 = performance.now();
      const el = await mount(client, token, pid);
      await waitUntil(
        () => $(el, '[part=entries]') && projectOptions(el).length > 0,
        'projects and entries listed',
        { timeout: CEILING },
      );
      expect(performance.now() - t0, 'within the ceiling').to.be.below(CEILING);

      const option = projectOptions(el).find((o) => o.getAttribute('aria-selected') === 'true')!;
      const shortName = clipped(option.querySelector('.name'), name);
      oneLineEllipsis(option.querySelector('.name')!);
      clipped(option.querySelector('.name ~ .line'), title);
      // The city stands in the usage line while the count is not on it; once the entries
      // are read, the count takes its place: look for it where it may show.
      const cityLine = [...option.querySelectorAll<HTMLElement>('.usage .line')].find((s) =>
        s.textContent!.startsWith('Berlin-'),
      );
      if (cityLine) clipped(cityLine, city);
      expect(nameOf(option), 'the option is named by its whole clipped name').to.contain(shortName);
      expect(
        nameOf(option).length,
        'and by no more than the clipped texts and its usage line',
      ).to.be.below(4 * TEXT_MAX);

      const heading = $(el, '#eh')!;
      expect(heading.title).to.equal(heading.textContent);
      expect(heading.textContent).to.equal(`Angebote in „${shortName}“`);
      expect(
        await findAccessible({ role: 'heading', name: `Angebote in „${shortName}“` }),
        'the heading in the accessibility tree',
      ).to.not.equal(undefined);

      const entry = $(el, '[part=entries] li .line')!;
      await waitUntil(() => entry.textContent!.startsWith('Wohnung'), 'entries titled');
      clipped(entry, listing);
      oneLineEllipsis(entry);

      $(el, '[part=add]')!.click();
      await waitUntil(() => pickOptions(el).length > 0, 'picker lists own listings');
      const pick = pickOptions(el)[0]!;
      clipped(pick.querySelector('.name'), listing);
      oneLineEllipsis(pick.querySelector('.name')!);
      expect(nameOf(pick)).to.contain(clip(listing));
      expect(text(sr(el)).length, 'no text laid out whole').to.be.below(60 * TEXT_MAX);
      await expect(el).to.be.accessible();
    });
  }

  it('10,000 projects: the list renders a page, "show more" by keyboard adds the next and says so', async () => {
    const token = await sandboxToken();
    const client = rewritingClient({
      projects: (doc) =>
        multiply(doc, 'realEstateProject', 10000, (p, i) => {
          p.setAttribute('id', String(5000000 + i));
          only(p, 'name');
          setChild(p, 'name', `Projekt Nummer ${i + 1}`);
        }),
    });
    const t0 = performance.now();
    const el = await mount(client, token);
    await waitUntil(() => projectOptions(el).length > 0, 'projects listed', { timeout: CEILING });
    expect(performance.now() - t0, 'within the ceiling').to.be.below(CEILING);
    expect(projectOptions(el)).to.have.length(100);
    expect(nodes(el), 'rendered nodes').to.be.below(1500);
    const more = $<HTMLButtonElement>(el, 'button.more')!;
    expect(text(more)).to.equal('100 weitere Projekte anzeigen');
    expect(nameOf(more)).to.equal('100 weitere Projekte anzeigen');
    expect(text(sr(el).getElementById(more.getAttribute('aria-describedby')!))).to.equal(
      '100 von 10.000 angezeigt',
    );
    await expect(el).to.be.accessible();

    more.focus();
    await press('Enter');
    await waitUntil(() => projectOptions(el).length === 200, 'the next page');
    expect(sr(el).activeElement, 'focus stays on the button').to.equal(more);
    expect(liveText(el)).to.equal('200 von 10.000 angezeigt.');
    expect(text(sr(el).getElementById(more.getAttribute('aria-describedby')!))).to.equal(
      '200 von 10.000 angezeigt',
    );
    expect(nodes(el), 'rendered nodes').to.be.below(2500);
    await press(' ');
    await waitUntil(() => projectOptions(el).length === 300, 'and the next');
    await expect(el).to.be.accessible();
  });

  it('the last page: the button leaves and the list takes the focus; English', async () => {
    const token = await sandboxToken();
    const client = rewritingClient({
      projects: (doc) =>
        multiply(doc, 'realEstateProject', 150, (p, i) => {
          p.setAttribute('id', String(5000000 + i));
          only(p, 'name');
          setChild(p, 'name', `Project number ${i + 1}`);
        }),
    });
    const el = await mount(client, token, undefined, 'en');
    await waitUntil(() => projectOptions(el).length > 0, 'projects listed', { timeout: CEILING });
    const more = $<HTMLButtonElement>(el, 'button.more')!;
    expect(text(more)).to.equal('Show 50 more projects');
    expect(text(sr(el).getElementById(more.getAttribute('aria-describedby')!))).to.equal(
      '100 of 150 shown',
    );
    more.focus();
    await press('Enter');
    await waitUntil(() => projectOptions(el).length === 150, 'all shown');
    expect($(el, 'button.more')).to.equal(null);
    expect(sr(el).activeElement, 'the list has the focus').to.equal($(el, '[part=project-list]'));
    expect(liveText(el)).to.equal('150 of 150 shown.');
    await expect(el).to.be.accessible();
  });

  it('10,000 entries in a project and 5,000 own listings (50 pages of 100, the most the client reads): each list renders a page; the search finds any', async () => {
    const fx = await sandboxFixtures<{ projects: { premium: string } }>();
    const token = await sandboxToken();
    const pid = fx.projects.premium;
    const id = (i: number) => String(330000000 + i);
    let model: Element | undefined;
    const client = rewritingClient({
      entries: (doc) =>
        multiply(doc, 'realEstateProjectEntry', 10000, (e, i) => {
          e.setAttribute('id', String(9900000 + i));
          setChild(e, 'realEstateId', id(i));
          only(e, 'realEstateId');
        }),
      // 5,000 more than those in the project, which the picker offers, a page of 100 at a time.
      // The sandbox's own pages after the first are empty: the first page's listing is the model.
      own: (doc, url) => {
        const n = Number(url.searchParams.get('pagenumber') ?? '1');
        const list =
          doc.getElementsByTagName('realEstateList')[0] ??
          doc.documentElement.appendChild(doc.createElement('realEstateList'));
        model ??= first(doc, 'realEstateElement').cloneNode(true) as Element;
        for (const old of [...doc.getElementsByTagName('realEstateElement')]) old.remove();
        for (let i = 0; i < 100; i++) {
          const k = (n - 1) * 100 + i;
          const o = doc.importNode(model, true);
          o.setAttribute('id', id(10000 + k));
          only(o, 'title', 'realEstateState');
          setChild(o, 'title', `Wohnung Nummer-${10000 + k + 1}`);
          list.append(o);
        }
        paging(doc, n, 50);
      },
    });
    const t0 = performance.now();
    const el = await mount(client, token, pid);
    await waitUntil(() => $$(el, '[part=entries] > li').length > 0, 'entries listed', {
      timeout: CEILING,
    });
    expect(performance.now() - t0, 'within the ceiling').to.be.below(CEILING);
    expect($$(el, '[part=entries] > li')).to.have.length(100);
    const more = $<HTMLButtonElement>(el, 'button.more')!;
    expect(text(more)).to.equal('100 weitere Angebote anzeigen');
    expect(nodes(el), 'rendered nodes').to.be.below(2000);

    $(el, '[part=add]')!.click();
    await waitUntil(() => pickOptions(el).length > 0, 'picker lists own listings', {
      timeout: CEILING,
    });
    expect(pickOptions(el)).to.have.length(100);
    expect(text(pickOptions(el)[0]!.querySelector('.name'))).to.equal('Wohnung Nummer-10001');
    expect(nodes(el), 'rendered nodes').to.be.below(3500);
    await expect(el).to.be.accessible();

    // A listing far beyond the first page is one search away.
    $(el, '[part=input]')!.focus();
    await type('nummer-14999');
    await waitUntil(() => pickOptions(el).length === 1, 'one match');
    expect(text(pickOptions(el)[0]!.querySelector('.name'))).to.equal('Wohnung Nummer-14999');
    expect(liveText(el)).to.equal('1 Angebot gefunden.');
    expect(sr(el).querySelectorAll('[part=picker] button.more')).to.have.length(0);
    await expect(el).to.be.accessible();
  });
});
