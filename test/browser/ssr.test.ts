// Lit's hydration support before anything that loads Lit (docs/embedding.md, "In the browser:
// hydration first"); the elements' definitions come later, in the test, as a page's script.
import '../../src/hydrate.js';
import { expect, waitUntil } from '@open-wc/testing';
import { sandboxFixtures, sandboxToken } from '../../demo/story.js';
import { type } from './helpers/keys.js';
import { describe, it, before, after } from './helpers/mocha.js';
import { TAGS, type Tag } from '../../demo/tags.js';

/**
 * A page as a partner's server sends it (immo-elements/ssr, rendered by the test server's
 * /__ssr route, web-test-runner.config.mjs) and no placeholder stylesheet: before the script
 * runs, every element is at its final size and the geo field takes typed text; the script
 * then takes the shadow roots over without a warning, keeps the text, suggests and submits.
 */
describe('server-rendered elements, before and after the script', () => {
  let page: HTMLElement;
  const els = {} as Record<Tag, HTMLElement>;
  const before0 = {} as Record<Tag, DOMRect>;
  let input: HTMLInputElement;
  let root: ShadowRoot;
  /** A region-stats the page hands a statistic (`data`), on the server and in the browser. */
  let withData: HTMLElement;
  let withDataBox: DOMRect;
  const warned: unknown[][] = [];
  const { warn, error } = console;

  before(async () => {
    const fx = await sandboxFixtures<{ exposes: Record<string, string[]> }>();
    const markup =
      `<form id="f"><geo-autocomplete name="ort" label="Wo suchen Sie?"></geo-autocomplete></form>` +
      `<region-stats geocode="1276003001" real-estate-types="apartmentrent"></region-stats>` +
      `<contact-realtor expose-id="${fx.exposes.EMAIL![0]}"></contact-realtor>` +
      `<property-text no-draft></property-text>` +
      `<project-picker></project-picker>`;
    const res = await fetch(`/__ssr?m=${encodeURIComponent(markup)}`);
    page = document.createElement('div');
    page.style.width = '640px';
    document.body.append(page);
    // (a page's HTML as the parser reads it: declarative shadow roots attached)
    (page as HTMLElement & { setHTMLUnsafe(h: string): void }).setHTMLUnsafe(await res.text());
    for (const t of TAGS) els[t] = page.querySelector<HTMLElement>(t)!;
    const one = await fetch(
      `/__ssr?tag=region-stats&p=${encodeURIComponent(JSON.stringify({ data: STAT }))}`,
    );
    const div = document.createElement('div');
    page.append(div);
    (div as HTMLElement & { setHTMLUnsafe(h: string): void }).setHTMLUnsafe(await one.text());
    withData = div.firstElementChild as HTMLElement;
    // (the page hands the element the same statistic before the script, as a property)
    (withData as HTMLElement & { data?: unknown }).data = STAT;
  });

  after(() => {
    console.warn = warn;
    console.error = error;
    page.remove();
  });

  it('before the script: each element has its shadow root, a size, and the geo field takes text', async () => {
    for (const t of TAGS) {
      const el = els[t];
      expect(customElements.get(t), t).to.equal(undefined);
      expect(el.shadowRoot, `${t}: declarative shadow root`).to.not.equal(null);
      before0[t] = el.getBoundingClientRect();
      expect(before0[t].height, `${t}: has its height`).to.be.greaterThan(20);
    }
    const chart = withData.shadowRoot!.querySelector('[part~="chart"]');
    expect(chart, 'region-stats with data: its chart').to.not.equal(null);
    expect(withData.shadowRoot!.querySelector('[part~="legend"]')).to.not.equal(null);
    withDataBox = withData.getBoundingClientRect();
    root = els['geo-autocomplete'].shadowRoot!;
    expect(root.querySelector('label')!.textContent).to.contain('Wo suchen Sie?');
    input = root.querySelector('input')!;
    input.focus();
    await type('Berl');
    expect(input.value).to.equal('Berl');
    await expect(page).to.be.accessible();
  });

  it('with the script: hydration without a warning, same nodes and sizes (within 1 px), text kept', async () => {
    console.warn = (...a: unknown[]) => void warned.push(a);
    console.error = (...a: unknown[]) => void warned.push(a);
    // (a signed-in page hands project-picker its token before the script, as a property)
    (els['project-picker'] as HTMLElement & { token?: string }).token = await sandboxToken();
    await import('../../src/define.js');
    // every update the hydration started, and those they asked for, done
    for (const t of TAGS)
      while (
        !(await (els[t] as HTMLElement & { updateComplete: Promise<boolean> }).updateComplete)
      );
    expect(warned.map((a) => a.map(String).join(' '))).to.deep.equal([]);
    expect(els['geo-autocomplete'].shadowRoot).to.equal(root);
    expect(root.querySelector('input'), 'the same input, not a new one').to.equal(input);
    for (const t of TAGS) {
      const r = els[t].getBoundingClientRect();
      expect(Math.abs(r.width - before0[t].width), `${t} width`).to.be.at.most(1);
      expect(Math.abs(r.height - before0[t].height), `${t} height`).to.be.at.most(1);
      expect(Math.abs(r.top - before0[t].top), `${t} top`).to.be.at.most(1);
    }
    // the chart's labels measured in the update after hydration: the box stays
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const r = withData.getBoundingClientRect();
    expect(Math.abs(r.height - withDataBox.height), 'region-stats with data').to.be.at.most(1);
    expect(withData.shadowRoot!.querySelectorAll('[part~="chart"] .bar-group').length).to.equal(2);
    expect(warned.map((a) => a.map(String).join(' '))).to.deep.equal([]);
    expect(input.value).to.equal('Berl');
    expect((els['geo-autocomplete'] as HTMLElement & { text: string }).text).to.equal('Berl');
  });

  it('the first suggestions follow the typed text, and a pick posts the place id', async () => {
    await waitUntil(() => root.querySelector('[role=option]'), 'suggestions for Berl', {
      timeout: 8000,
    });
    const option = root.querySelector<HTMLElement>('[role=option]')!;
    expect(option.textContent).to.match(/Berl/i);
    option.click();
    await waitUntil(() => new FormData(page.querySelector('form')!).get('ort'), 'the pick posted', {
      timeout: 8000,
    });
    const id = String(new FormData(page.querySelector('form')!).get('ort'));
    expect(id).to.match(/^\d+$/);
    expect(warned.map((a) => a.map(String).join(' '))).to.deep.equal([]);
    await expect(page).to.be.accessible();
  });
});

// (a long name of narrow letters: estimated on the server, it wraps into more lines than
// measured in the browser, so a hydrating render that measured would not match)
const STAT = {
  parent: {
    type: 'City',
    name: 'Musterstadt',
    geoCodeId: '1276099001',
    statistics: [{ realEstateType: 'APARTMENT_RENT', count: 1234 }],
  },
  children: ['Altstadt', 'Lilienthal-Siedlung im Filialviertel am Illtal, Lilli-Allee'].map(
    (name, i) => ({
      type: 'Quarter',
      name,
      geoCodeId: `127609900100${i + 1}`,
      statistics: [{ realEstateType: 'APARTMENT_RENT', count: 500 + i }],
    }),
  ),
};
