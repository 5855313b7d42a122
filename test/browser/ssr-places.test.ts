// Lit's hydration support before anything that loads Lit (docs/embedding.md, "In the browser:
// hydration first"); the elements' definitions come later, in the test, as a page's script.
import '../../src/hydrate.js';
import { expect } from '@open-wc/testing';
import { describe, it, before, after } from './helpers/mocha.js';

type Geo = HTMLElement & {
  selections?: unknown[];
  updateComplete: Promise<unknown>;
  text: string;
};

const place = (id: string, label: string) => ({ entity: { type: 'city', id, label }, matches: [] });
/** The places a page hands the server and, before the script runs, the element in the browser. */
const PLACES = [place('1276003001', 'Berlin'), place('1276002007', 'Hamburg')];

/** One element as immo-elements/ssr renders it (the test server's /__ssr route). */
async function served(
  attributes: Record<string, unknown>,
  properties: Record<string, unknown>,
  lang?: string,
): Promise<string> {
  const q = new URLSearchParams({
    tag: 'geo-autocomplete',
    a: JSON.stringify(attributes),
    p: JSON.stringify(properties),
    ...(lang ? { lang } : {}),
  });
  return (await fetch(`/__ssr?${q}`)).text();
}

const boxOf = (el: Element) => {
  const { width, height, top } = el.getBoundingClientRect();
  return { width, height, top };
};

/**
 * Places known to the partner's server (a form posted back: its ids and labels) are in what
 * the server sends: the chips of `multiple` and the text of one place, at their final size
 * before the script runs; hydration keeps them, their nodes and their size, and the form
 * posts their ids. An English page's element is English on the server too.
 */
describe('server-rendered places and language, before and after the script', () => {
  let form: HTMLFormElement;
  let multi: Geo;
  let one: Geo;
  let en: Geo;
  const before0 = new Map<Element, ReturnType<typeof boxOf>>();
  let chipNodes: Element[];
  const warned: unknown[][] = [];
  const { warn, error } = console;

  before(async () => {
    form = document.createElement('form');
    form.style.width = '390px';
    const html =
      (await served({ multiple: true, name: 'orte' }, { selections: PLACES })) +
      (await served({ name: 'ort' }, { selections: [PLACES[0]] })) +
      `<div lang="en">${await served({ name: 'where' }, {}, 'en')}</div>`;
    (form as HTMLElement & { setHTMLUnsafe(h: string): void }).setHTMLUnsafe(html);
    document.body.append(form);
    [multi, one, en] = [...form.querySelectorAll<Geo>('geo-autocomplete')] as [Geo, Geo, Geo];
    // (the page hands the elements the same places before the script, as properties)
    multi.selections = PLACES;
    one.selections = [PLACES[0]];
  });

  after(() => {
    console.warn = warn;
    console.error = error;
    form.remove();
  });

  it('before the script: the chips, the text and the English label are there', async () => {
    expect(customElements.get('geo-autocomplete')).to.equal(undefined);
    chipNodes = [...multi.shadowRoot!.querySelectorAll('[part="chip"]')];
    expect(chipNodes.map((c) => c.textContent!.replace('×', '').trim())).to.deep.equal([
      'Berlin',
      'Hamburg',
    ]);
    expect(one.shadowRoot!.querySelector('input')!.value).to.equal('Berlin');
    expect(en.shadowRoot!.querySelector('label')!.textContent!.trim()).to.equal('Location');
    for (const el of [multi, one, en]) before0.set(el, boxOf(el));
    await expect(form).to.be.accessible();
  });

  it('with the script: hydration without a warning keeps the chips, the text, the sizes and the language; the form posts the ids', async () => {
    console.warn = (...a: unknown[]) => void warned.push(a);
    console.error = (...a: unknown[]) => void warned.push(a);
    await import('../../src/define.js');
    for (const el of [multi, one, en]) await el.updateComplete;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    expect(warned.map((a) => a.map(String).join(' '))).to.deep.equal([]);
    expect([...multi.shadowRoot!.querySelectorAll('[part="chip"]')]).to.deep.equal(chipNodes);
    for (const el of [multi, one, en]) {
      const b = boxOf(el);
      const a = before0.get(el)!;
      for (const k of ['width', 'height', 'top'] as const)
        expect(Math.abs(b[k] - a[k]), `${el.getAttribute('name')} ${k}`).to.be.at.most(1);
    }
    expect(one.shadowRoot!.querySelector('input')!.value).to.equal('Berlin');
    expect(one.text).to.equal('Berlin');
    expect(en.shadowRoot!.querySelector('label')!.textContent!.trim()).to.equal('Location');
    const data = new FormData(form);
    expect(data.getAll('orte')).to.deep.equal(['1276003001', '1276002007']);
    expect(data.get('ort')).to.equal('1276003001');
    expect(data.get('ort-label')).to.equal('Berlin');
    await expect(form).to.be.accessible();
  });
});
