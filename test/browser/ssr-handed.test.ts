// Lit's hydration support before anything that loads Lit (docs/embedding.md, "In the browser:
// hydration first"); the elements' definitions come later, in the test, as a page's script.
import '../../src/hydrate.js';
import { expect } from '@open-wc/testing';
import { ImmoClient } from '../../src/api/index.js';
import { sandboxFixtures } from '../../demo/story.js';
import { API } from './helpers/index.js';
import { describe, it, before, after } from './helpers/mocha.js';

type El = HTMLElement & { updateComplete: Promise<unknown> };
type Geo = El & { selections?: unknown[]; text: string };

const place = (id: string, label: string) => ({ entity: { type: 'city', id, label }, matches: [] });
/** The places a page hands the server and, before the script runs, the element in the browser. */
const PLACES = [place('1276003001', 'Berlin'), place('1276002007', 'Hamburg')];

/** One element as immo-elements/ssr renders it (the test server's /__ssr route). */
async function served(
  tag: string,
  attributes: Record<string, unknown>,
  properties: Record<string, unknown> = {},
  lang?: string,
): Promise<string> {
  const q = new URLSearchParams({
    tag,
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
 * What the page hands the server is in what it sends, at its final size before the script
 * runs: the chips of a geo-autocomplete `multiple` and the text of one place (a form posted
 * back has their ids and labels), contact-realtor's form for the listing the page has, an
 * English page's language. What a visitor enters before the script runs stays. Hydration
 * keeps it all, nodes and size, and the form posts the ids.
 */
describe('server-rendered with what the page hands it, before and after the script', () => {
  let form: HTMLFormElement;
  let multi: Geo;
  let one: Geo;
  let en: Geo;
  let contact: El;
  let pt: El;
  let exposeId: string;
  const before0 = new Map<Element, ReturnType<typeof boxOf>>();
  let chipNodes: Element[];
  const warned: unknown[][] = [];
  const { warn, error } = console;
  const $ = <T extends Element = HTMLInputElement>(el: Element, sel: string) =>
    el.shadowRoot!.querySelector<T>(sel)!;

  before(async () => {
    const fx = await sandboxFixtures<{ exposes: Record<string, string[]> }>();
    exposeId = fx.exposes.EMAIL![0]!;
    sessionStorage.removeItem(`immo-contact-realtor:draft:${exposeId}`);
    // (the page's server has the listing's contact information, as the client gives it)
    const expose = await new ImmoClient({ baseUrl: API }).getExpose(exposeId);
    form = document.createElement('form');
    form.style.width = '390px';
    const html =
      (await served('geo-autocomplete', { multiple: true, name: 'orte' }, { selections: PLACES })) +
      (await served('geo-autocomplete', { name: 'ort' }, { selections: [PLACES[0]] })) +
      `<div lang="en">${await served('geo-autocomplete', { name: 'where' }, {}, 'en')}</div>` +
      (await served('contact-realtor', { 'expose-id': exposeId }, { expose })) +
      (await served('property-text', { 'no-draft': true }));
    (form as HTMLElement & { setHTMLUnsafe(h: string): void }).setHTMLUnsafe(html);
    document.body.append(form);
    [multi, one, en] = [...form.querySelectorAll<Geo>('geo-autocomplete')] as [Geo, Geo, Geo];
    contact = form.querySelector<El>('contact-realtor')!;
    pt = form.querySelector<El>('property-text')!;
    // (the page hands the elements the same before the script, as properties)
    multi.selections = PLACES;
    one.selections = [PLACES[0]];
    (contact as El & { expose?: unknown }).expose = expose;
  });

  after(() => {
    console.warn = warn;
    console.error = error;
    form.remove();
  });

  it('before the script: the chips, the text, the English label and the contact form are there, and take entries', async () => {
    expect(customElements.get('geo-autocomplete')).to.equal(undefined);
    chipNodes = [...multi.shadowRoot!.querySelectorAll('[part="chip"]')];
    expect(chipNodes.map((c) => c.textContent!.replace('×', '').trim())).to.deep.equal([
      'Berlin',
      'Hamburg',
    ]);
    expect($(one, 'input').value).to.equal('Berlin');
    expect($(en, 'label').textContent!.trim()).to.equal('Location');
    expect($(contact, 'form'), 'the form of the listing').to.not.equal(null);
    for (const el of [multi, one, en, contact]) before0.set(el, boxOf(el));
    // no box is ticked before the visitor ticks it
    expect($(contact, '[name=privacyConsent]').checked).to.equal(false);
    expect(
      [...pt.shadowRoot!.querySelectorAll<HTMLInputElement>('[type=radio]')].some((r) => r.checked),
    ).to.equal(false);
    await expect(form).to.be.accessible();
    // a visitor fills in what they can before the script has run
    $(contact, '[name=lastname]').value = 'Vorab';
    $(contact, '[name=privacyConsent]').click();
    $(pt, '[name=realEstateType][value=apartment]').click();
    $(pt, '[name=street]').value = 'Lindenstraße';
    expect($(pt, '[name=livingSpace]'), 'no apartment fields yet').to.equal(null);
  });

  it('with the script: hydration without a warning keeps what was sent and entered, the sizes and the language; the form posts the ids', async () => {
    console.warn = (...a: unknown[]) => void warned.push(a);
    console.error = (...a: unknown[]) => void warned.push(a);
    await import('../../src/define.js');
    for (const el of [multi, one, en, contact, pt]) await el.updateComplete;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    for (const el of [contact, pt]) await el.updateComplete;
    expect(warned.map((a) => a.map(String).join(' '))).to.deep.equal([]);
    expect([...multi.shadowRoot!.querySelectorAll('[part="chip"]')]).to.deep.equal(chipNodes);
    for (const el of [multi, one, en, contact]) {
      const b = boxOf(el);
      const a = before0.get(el)!;
      for (const k of ['width', 'height', 'top'] as const)
        expect(Math.abs(b[k] - a[k]), `${el.localName} ${k}`).to.be.at.most(1);
    }
    expect($(one, 'input').value).to.equal('Berlin');
    expect(one.text).to.equal('Berlin');
    expect($(en, 'label').textContent!.trim()).to.equal('Location');
    const data = new FormData(form);
    expect(data.getAll('orte')).to.deep.equal(['1276003001', '1276002007']);
    expect(data.get('ort')).to.equal('1276003001');
    expect(data.get('ort-label')).to.equal('Berlin');
    // what the visitor entered is the elements' now: kept in the draft, fields that follow it
    expect($(contact, '[name=lastname]').value).to.equal('Vorab');
    expect($(contact, '[name=privacyConsent]').checked).to.equal(true);
    const draft = JSON.parse(sessionStorage.getItem(`immo-contact-realtor:draft:${exposeId}`)!);
    expect(draft.data.lastname).to.equal('Vorab');
    expect($(pt, '[name=realEstateType][value=apartment]').checked).to.equal(true);
    expect($(pt, '[name=street]').value).to.equal('Lindenstraße');
    expect($(pt, '[name=livingSpace]'), 'the apartment fields').to.not.equal(null);
    await expect(form).to.be.accessible();
  });
});
