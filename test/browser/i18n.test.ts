/**
 * Only the language the page shows: German ships with each script-tag bundle,
 * English loads from dist/chunks/*.en.js the first time an element asks for it, once per
 * page however many elements ask. The pages are iframes loading dist/ as a partner does
 * (`npm test` builds it first), with the English chunks held back 500 ms
 * (web-test-runner.config.mjs, /slow/<page>/dist/) so that the wait is long enough to watch:
 * - the English chunks arrive once each for four English elements of three kinds, from one
 *   script tag per element and from immo-elements.js; a German page loads none;
 * - each element's first render (the first mutation of its shadow root) shows no German
 *   word, no key and no empty label, and until then the box keeps the height the page's
 *   placeholder sheet (dist/immo-elements-placeholders.css) gave it;
 * - switching `lang` on a live element, or on the page's <html>, changes its text.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { before, describe, it, sandboxFixtures } from './helpers/index.js';
import { SHARED } from '../../src/shared/strings.js';
import { STRINGS as GEO } from '../../src/elements/geo-autocomplete/strings.js';
import { STRINGS as STATS } from '../../src/elements/region-stats/strings.js';
import { STRINGS as CONTACT } from '../../src/elements/contact-realtor/strings.js';
import type { Localized } from '../../src/shared/i18n.js';

const TABLES = [SHARED, GEO, STATS, CONTACT] as Localized<unknown>[];

/** Every string of a table (functions called with sample values), and its keys. */
function texts(table: unknown, keys = new Set<string>()): { strings: string[]; keys: Set<string> } {
  const strings: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') strings.push(v);
    else if (typeof v === 'function') walk((v as (...a: unknown[]) => unknown)(2, 2, true));
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        keys.add(k);
        walk(x);
      }
  };
  walk(table);
  return { strings, keys };
}

const words = (s: string) => s.match(/\p{L}{3,}/gu) ?? [];

/** Words of the German tables that the English ones do not have, and the tables' camelCase keys. */
async function vocabulary(): Promise<{ german: Set<string>; keys: Set<string> }> {
  await Promise.all(TABLES.map((t) => t.load()));
  const keys = new Set<string>();
  const de = TABLES.flatMap((t) => texts(t.de, keys).strings);
  const en = new Set(TABLES.flatMap((t) => texts(t.en).strings).flatMap(words));
  const german = new Set(de.flatMap(words).filter((w) => !en.has(w)));
  return { german, keys: new Set([...keys].filter((k) => /[a-z][A-Z]/.test(k))) };
}

interface Rendered {
  host: Element;
  tag: string;
  /** The host's height on every frame while its shadow root was still empty. */
  waiting: number[];
  /** What its first render showed. */
  first?: { text: string; labels: string[]; names: string[] };
}
interface I18nWindow extends Window {
  __recs: Rendered[];
  /** The height the placeholder sheet gave each element before its script ran. */
  __placeheld: Map<Element, number>;
}

/**
 * Records, for every shadow root the page attaches (each element's, at its upgrade), the
 * host's height on each frame until the first render and what that render showed: its text,
 * its labels' texts and the accessible names and placeholders it set.
 */
const RECORDER = `<script>
window.__recs = [];
const attach = Element.prototype.attachShadow;
Element.prototype.attachShadow = function (init) {
  const root = attach.call(this, init);
  const host = this;
  const rec = { host, tag: host.localName, waiting: [] };
  window.__recs.push(rec);
  const frame = () => {
    if (rec.first) return;
    if (!root.childNodes.length) rec.waiting.push(host.getBoundingClientRect().height);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  new MutationObserver((_, mo) => {
    mo.disconnect();
    rec.first = {
      text: root.textContent.replace(/\\s+/g, ' '),
      labels: [...root.querySelectorAll('label')].map((l) => l.textContent.trim()),
      names: [...root.querySelectorAll('[aria-label],[placeholder],[title]')].flatMap((e) =>
        ['aria-label', 'placeholder', 'title'].filter((a) => e.hasAttribute(a)).map((a) => a + '=' + e.getAttribute(a))),
    };
  }).observe(root, { childList: true, subtree: true, characterData: true });
  return root;
};
</script>`;

let pages = 0;

async function openPage(
  lang: string,
  scripts: string[],
  body: string,
): Promise<{ win: I18nWindow; frame: HTMLIFrameElement }> {
  // (Each page its own URL of dist/: no chunk comes from the cache of the page before.)
  const dist = `/slow/p${Date.now()}-${++pages}/dist/`;
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width: 800px; height: 900px';
  frame.srcdoc = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<link rel="stylesheet" href="${dist}immo-elements-placeholders.css">${RECORDER}</head><body>${body}
<script>window.__placeheld = new Map([...document.body.children].map((e) => [e, e.getBoundingClientRect().height]));</script>
${scripts.map((s) => `<script type="module" src="${dist}${s}"></script>`).join('')}</body></html>`;
  document.body.append(frame);
  await new Promise((r) => frame.addEventListener('load', r, { once: true }));
  return { win: frame.contentWindow as I18nWindow, frame };
}

/** The English chunks the page requested, with how often each. */
function englishRequests(win: Window): { [chunk: string]: number } {
  const n: { [chunk: string]: number } = {};
  for (const e of win.performance.getEntriesByType('resource')) {
    const path = new URL(e.name).pathname;
    const chunk = path.replace(/^.*\/dist\//, '');
    if (path.endsWith('.en.js')) n[chunk] = (n[chunk] ?? 0) + 1;
  }
  return n;
}

const shadowText = (el: Element) => el.shadowRoot!.textContent!.replace(/\s+/g, ' ');

describe('English on demand (dist/)', () => {
  let body = '';
  before(async () => {
    const res = await fetch('/dist/chunks/shared.en.js', { method: 'HEAD' });
    expect(
      res.ok,
      'dist/chunks/shared.en.js exists (npm test builds dist/; alone, run npm run build first)',
    ).to.equal(true);
    const fx = await sandboxFixtures<{ exposes: { EMAIL: string[] } }>();
    body = `<geo-autocomplete></geo-autocomplete>
<region-stats geocode="1276003001" real-estate-types="apartmentrent,apartmentbuy"></region-stats>
<contact-realtor expose-id="${fx.exposes.EMAIL[0]}"></contact-realtor>
<geo-autocomplete label-name="again"></geo-autocomplete>`;
  });

  const PAGES: [string, string[]][] = [
    [
      'one script tag per element',
      ['geo-autocomplete.js', 'region-stats.js', 'contact-realtor.js'],
    ],
    ['immo-elements.js', ['immo-elements.js']],
  ];
  for (const [name, scripts] of PAGES) {
    it(`an English page (${name}): each English chunk once, first renders in English only, boxes held while waiting`, async function () {
      this.timeout(30000);
      const { german, keys } = await vocabulary();
      const { win, frame } = await openPage('en', scripts, body);
      await waitUntil(
        () => win.__recs?.length === 4 && win.__recs.every((r) => r.first),
        'all four elements rendered',
        { timeout: 15000 },
      );
      for (const r of win.__recs) {
        const f = r.first!;
        const said = `${r.tag} first render: ${f.text.slice(0, 200)}`;
        expect(f.text.trim(), said).not.to.equal('');
        const shown = [f.text, ...f.names].join(' ');
        const germanWords = words(shown).filter((w) => german.has(w));
        expect(germanWords, `${said}: German words`).to.deep.equal([]);
        const shownKeys = words(shown).filter((w) => keys.has(w));
        expect(shownKeys, `${said}: keys`).to.deep.equal([]);
        expect(f.text, said).not.to.match(/undefined|\[object |NaN/);
        for (const l of f.labels) expect(l, `${r.tag}: a label`).not.to.equal('');
        for (const n of f.names) expect(n, `${r.tag}: a name or placeholder`).to.match(/=\S/);
        // It waited (the chunks were held back), and its box kept the placeholder's height meanwhile.
        expect(r.waiting.length, `${r.tag} waited for its strings`).to.be.greaterThan(0);
        const held = win.__placeheld.get(r.host)!;
        expect(held, `${r.tag} had a placeholder height`).to.be.greaterThan(40);
        expect(Math.min(...r.waiting), `${r.tag}'s box while it waited`).to.be.at.least(held - 0.5);
      }
      // Once per page: four elements of three kinds ask, each chunk is fetched once.
      await waitUntil(
        () => Object.keys(englishRequests(win)).length >= 4,
        'the English chunks arrived',
        { timeout: 5000 },
      );
      expect(englishRequests(win)).to.deep.equal({
        'chunks/shared.en.js': 1,
        'chunks/geo-autocomplete.en.js': 1,
        'chunks/region-stats.en.js': 1,
        'chunks/contact-realtor.en.js': 1,
      });
      frame.remove();
    });
  }

  it('a German page loads no English chunk', async function () {
    this.timeout(30000);
    const { win, frame } = await openPage(
      'de',
      ['geo-autocomplete.js', 'region-stats.js', 'contact-realtor.js'],
      body,
    );
    await waitUntil(
      () => win.__recs?.length === 4 && win.__recs.every((r) => r.first),
      'all four elements rendered',
      { timeout: 15000 },
    );
    expect(
      win.__recs.map((r) => r.waiting.length),
      'no element waited',
    ).to.deep.equal([0, 0, 0, 0]);
    expect(shadowText(win.document.querySelector('geo-autocomplete')!)).to.contain('Ort');
    // A bare wait: a page lists a request among its resources only once it has loaded, and
    // no event marks "the page will ask for no more chunks"; 700 ms is longer than the test
    // server holds an English chunk back (slowChunks, web-test-runner.config.mjs).
    await new Promise((r) => setTimeout(r, 700));
    expect(englishRequests(win)).to.deep.equal({});
    frame.remove();
  });

  it('a German geo-autocomplete `multiple` waits for its code with its placeholder height held', async function () {
    this.timeout(30000);
    const { win, frame } = await openPage(
      'de',
      ['geo-autocomplete.js'],
      '<geo-autocomplete multiple></geo-autocomplete>',
    );
    await waitUntil(() => win.__recs?.[0]?.first, 'it rendered', { timeout: 15000 });
    const [r] = win.__recs;
    expect(r!.waiting.length, 'it waited for its code').to.be.greaterThan(0);
    const held = win.__placeheld.get(r!.host)!;
    expect(held).to.be.greaterThan(40);
    expect(Math.min(...r!.waiting), 'its box while it waited').to.be.at.least(held - 0.5);
    frame.remove();
  });

  it('switching lang on a live element, or on the page, changes its text', async function () {
    this.timeout(30000);
    const { win, frame } = await openPage(
      'de',
      ['geo-autocomplete.js', 'region-stats.js'],
      '<geo-autocomplete></geo-autocomplete><region-stats geocode="1276003001" real-estate-types="apartmentrent,apartmentbuy"></region-stats>',
    );
    await waitUntil(
      () =>
        win.customElements.get('region-stats') &&
        win.document.querySelector('region-stats')!.shadowRoot?.querySelector('table'),
      'region-stats shows its table',
      { timeout: 15000 },
    );
    const geo = win.document.querySelector('geo-autocomplete')! as HTMLElement & {
      updateComplete: Promise<boolean>;
    };
    const stats = win.document.querySelector('region-stats')! as HTMLElement & {
      updateComplete: Promise<boolean>;
    };
    const label = () => geo.shadowRoot!.querySelector('label')!.textContent!.trim();
    expect(label()).to.equal('Ort');
    // The element's own lang: English once its strings are here, German again at once.
    geo.lang = 'en';
    await waitUntil(() => label() === 'Location', `English label (now "${label()}")`, {
      timeout: 5000,
    });
    expect(geo.shadowRoot!.querySelector('input')!.placeholder).to.equal(
      'City, district or postcode',
    );
    geo.removeAttribute('lang');
    await geo.updateComplete;
    expect(label(), 'the page is German').to.equal('Ort');
    // The page's lang reaches every element that has none of its own.
    win.document.documentElement.lang = 'en';
    await waitUntil(
      () => shadowText(stats).includes('Apartments for rent'),
      `region-stats in English: ${shadowText(stats).slice(0, 200)}`,
      { timeout: 5000 },
    );
    expect(shadowText(stats)).not.to.contain('Mietwohnungen');
    await waitUntil(() => label() === 'Location', 'geo-autocomplete follows the page', {
      timeout: 5000,
    });
    expect(englishRequests(win)).to.deep.equal({
      'chunks/shared.en.js': 1,
      'chunks/geo-autocomplete.en.js': 1,
      'chunks/region-stats.en.js': 1,
    });
    frame.remove();
  });
});
