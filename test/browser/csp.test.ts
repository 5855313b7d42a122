/**
 * Every element under a strict Content-Security-Policy (`default-src 'self'`: no inline
 * scripts or styles, no eval): the page in the iframe loads the elements, each renders and
 * talks to the sandbox, and the browser reports no violation. Once from the sources, and
 * once per script-tag bundle of dist/ (`npm test` builds them first), loaded by a plain
 * `<script type="module">` as a partner's page does, on-demand chunks included.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { describe, it } from './helpers/index.js';
import { TAGS, type Tag } from '../../demo/tags.js';

type Els = Partial<Record<'geo' | 'stats' | 'contact' | 'text' | 'picker', HTMLElement>>;
interface CspWindow extends Window {
  __csp?: { violations: string[]; errors: string[]; ready: Promise<Els> };
}

async function openPage(
  url: string,
): Promise<{ win: CspWindow; els: Els; frame: HTMLIFrameElement }> {
  const frame = document.createElement('iframe');
  frame.style.width = '1000px';
  frame.style.height = '800px';
  frame.src = url;
  document.body.append(frame);
  await new Promise((r) => frame.addEventListener('load', r, { once: true }));
  const win = frame.contentWindow as CspWindow;
  await waitUntil(() => win.__csp, 'the page script ran', { timeout: 10000 });
  return { win, els: await win.__csp!.ready, frame };
}

/** Types `text` into the page's `input` as one edit, by the page's own InputEvent (the page is a frame). */
function typeInto(win: CspWindow, input: HTMLInputElement, text: string): void {
  input.value = text;
  input.dispatchEvent(
    new (win as unknown as typeof globalThis).InputEvent('input', {
      bubbles: true,
      composed: true,
      data: text.at(-1),
      inputType: 'insertText',
    }),
  );
}

/** Waits until each element present has rendered and finished its first load against the sandbox. */
async function checkRendered(win: CspWindow, els: Els): Promise<void> {
  if (els.stats)
    await waitUntil(
      () => els.stats!.shadowRoot?.querySelector('table'),
      'region-stats shows its table',
      { timeout: 15000 },
    );
  if (els.contact)
    await waitUntil(
      () => els.contact!.shadowRoot?.querySelector('form'),
      'contact-realtor shows its form',
      { timeout: 15000 },
    );
  if (els.picker) {
    // (Its options, not a count: the picker names a limit only when the partner says the product.)
    await waitUntil(
      () => els.picker!.shadowRoot?.querySelector('[role="listbox"] [role="option"]'),
      'project-picker lists projects',
      { timeout: 15000 },
    );
  }
  if (els.text)
    await waitUntil(
      () => els.text!.shadowRoot?.querySelector('form, select'),
      'property-text shows its form',
      { timeout: 15000 },
    );
  if (els.geo) {
    // The geo combobox: type, get suggestions from the sandbox.
    const input = els.geo.shadowRoot!.querySelector('input')!;
    input.focus();
    typeInto(win, input, 'Berlin');
    await waitUntil(
      () => els.geo!.shadowRoot!.querySelectorAll('[role="option"]').length > 0,
      'geo-autocomplete shows suggestions',
      { timeout: 15000 },
    );
    // Placed by Floating UI: coordinates written as inline styles from script (CSSOM), which
    // style-src without 'unsafe-inline' allows.
    const field = els.geo.shadowRoot!.querySelector('.field')!;
    const pop = els.geo.shadowRoot!.querySelector<HTMLElement>('[popover]')!;
    await waitUntil(
      () => {
        const f = field.getBoundingClientRect();
        const p = pop.getBoundingClientRect();
        return (
          win.getComputedStyle(pop).visibility === 'visible' &&
          Math.abs(p.top - (f.bottom + 2)) < 1.5 &&
          Math.abs(p.left - f.left) < 1.5 &&
          Math.abs(p.width - f.width) < 1.5
        );
      },
      'the popup is placed under the field, as wide as it',
      { timeout: 15000 },
    );
  }
}

const loaded = (win: Window, file: string) =>
  win.performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname === file);

/** A page that should have all five elements: each works, no violation, no uncaught error. */
async function checkAllFive(url: string): Promise<void> {
  const { win, els, frame } = await openPage(url);
  expect(Object.keys(els)).to.have.length(5);
  await checkRendered(win, els);
  expect(win.__csp!.violations).to.deep.equal([]);
  expect(win.__csp!.errors).to.deep.equal([]);
  frame.remove();
}

describe('strict Content-Security-Policy', () => {
  it('every element works with default-src self and the browser reports no violation', async function () {
    this.timeout(30000);
    await checkAllFive('/csp/');
  });
});

describe('script-tag bundles of dist/', () => {
  const keyOf: Record<Tag, keyof Els> = {
    'geo-autocomplete': 'geo',
    'region-stats': 'stats',
    'contact-realtor': 'contact',
    'property-text': 'text',
    'project-picker': 'picker',
  };
  for (const tag of TAGS) {
    const key = keyOf[tag];
    it(`dist/${tag}.js defines <${tag}> on its own, and it works under the strict CSP`, async function () {
      this.timeout(40000);
      const res = await fetch(`/dist/${tag}.js`, { method: 'HEAD' });
      expect(
        res.ok,
        `dist/${tag}.js exists (npm test builds it; alone, run npm run build first)`,
      ).to.equal(true);
      const { win, els, frame } = await openPage(`/bundle/?src=/dist/${tag}.js`);
      // (property-text's on-demand geo-autocomplete may be defined already.)
      expect(
        Object.keys(els).filter((k) => !(tag === 'property-text' && k === 'geo')),
        'only its own element is defined',
      ).to.deep.equal([key]);
      const floating = '/dist/chunks/floating-ui.js';
      if (tag === 'geo-autocomplete')
        expect(loaded(win, floating), 'no Floating UI before the field is used').to.equal(false);
      await checkRendered(win, els);
      if (tag === 'geo-autocomplete') {
        await waitUntil(
          () => loaded(win, '/dist/chunks/geo-combobox.js'),
          'the list code loads on demand',
          { timeout: 15000 },
        );
        await waitUntil(
          () => loaded(win, floating),
          'focus loads the popup positioning on demand',
          { timeout: 15000 },
        );
      }
      if (tag === 'property-text') {
        // Its place field: the geo-autocomplete bundle, loaded on demand.
        await waitUntil(
          () => win.customElements.get('geo-autocomplete'),
          'property-text loads dist/geo-autocomplete.js',
          { timeout: 15000 },
        );
        expect(loaded(win, '/dist/geo-autocomplete.js')).to.equal(true);
      }
      if (tag === 'project-picker')
        expect(loaded(win, '/dist/chunks/xml.js'), 'the XML chunk it always needs').to.equal(true);
      if (tag === 'region-stats') {
        expect(loaded(win, '/dist/chunks/xml.js'), 'no XML chunk for JSON').to.equal(false);
        const table = els.stats!.shadowRoot!.querySelector('table')!;
        els.stats!.setAttribute('format', 'xml');
        await waitUntil(
          () => loaded(win, '/dist/chunks/xml.js'),
          'format="xml" loads the XML chunk',
          { timeout: 15000 },
        );
        await waitUntil(
          () =>
            els.stats!.shadowRoot!.querySelector('table') &&
            !els.stats!.shadowRoot!.querySelector('[part~="error"]'),
          'the XML statistic is shown',
          { timeout: 15000 },
        );
        expect(els.stats!.shadowRoot!.querySelector('table')!.rows.length).to.equal(
          table.rows.length,
        );
      }
      expect(win.__csp!.violations).to.deep.equal([]);
      expect(win.__csp!.errors).to.deep.equal([]);
      frame.remove();
    });
  }

  it(
    'dist/geo-autocomplete.js loads the v1 adapter (chunks/geo-v1.js) only when api="v1" is set, ' +
      'and v1 works as before',
    async function () {
      this.timeout(40000);
      const { win, els, frame } = await openPage('/bundle/?src=/dist/geo-autocomplete.js');
      await checkRendered(win, els);
      expect(loaded(win, '/dist/chunks/geo-v1.js'), 'no v1 chunk for the v2 suggestions').to.equal(
        false,
      );
      const geo = els.geo!;
      const input = geo.shadowRoot!.querySelector('input')!;
      geo.setAttribute('api', 'v1');
      typeInto(win, input, 'Münch');
      await waitUntil(() => loaded(win, '/dist/chunks/geo-v1.js'), 'api="v1" loads the v1 chunk', {
        timeout: 15000,
      });
      // The deprecated region search's records, through the adapter: München among them.
      await waitUntil(
        () =>
          [...geo.shadowRoot!.querySelectorAll('[role="option"]')].some((o) =>
            o.textContent!.includes('München'),
          ),
        'v1 suggestions',
        { timeout: 15000 },
      );
      const v1 = win.performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.endsWith('/search/v1.0/region'));
      expect(v1.length, 'asked the v1 region search').to.be.greaterThan(0);
      expect(win.__csp!.violations).to.deep.equal([]);
      expect(win.__csp!.errors).to.deep.equal([]);
      frame.remove();
    },
  );

  it('loading two bundles, and one twice, defines each element once and throws nothing', async function () {
    this.timeout(40000);
    const src = ['geo-autocomplete', 'immo-elements', 'region-stats', 'geo-autocomplete']
      .map((f) => `src=/dist/${f}.js`)
      .join('&');
    await checkAllFive(`/bundle/?${src}`);
  });

  it('dist/immo-elements.js defines all five', async function () {
    this.timeout(40000);
    await checkAllFive('/bundle/?src=/dist/immo-elements.js');
  });
});
