// <property-text> end to end against the sandbox (mounted at /restapi/api): both types,
// every enum value sent, the request body field by field against SPEC.md 2.4, validation,
// 400/401/500 through the sandbox, token refresh, cancel, headless use, draft, a11y.
import { fixture, html, expect, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import {
  APARTMENT_DETAIL_FIELDS,
  HOUSE_DETAIL_FIELDS,
  ApiError,
  ImmoClient,
  type PropertyTextRequest,
} from '../../src/api/index.js';
import '../../src/elements/property-text/define.js';
import type { PropertyText } from '../../src/elements/property-text/property-text.js';
import type { TextGeneratedEvent } from '../../src/elements/property-text/events.js';

type Hook = () => unknown;
const { describe, it, beforeEach, afterEach } = globalThis as unknown as {
  describe(title: string, fn: () => void): void;
  it(title: string, fn: Hook): void;
  beforeEach(fn: Hook): void;
  afterEach(fn: Hook): void;
};

const API = '/restapi/api';
const post = (path: string, body?: unknown) =>
  fetch(`${API}/sandbox/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
const fault = (body: Record<string, unknown>) => post('faults', { route: 'property-text', ...body });
const newToken = async () => ((await (await post('token', { user: 'demo' })).json()) as { token: string }).token;

/** A client whose fetch records every request (URL, method, parsed JSON body) before the sandbox answers it. */
function recorder() {
  const sent: { url: string; method: string; body: unknown; auth: string | null }[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const req = new Request(input, init);
    const text = req.method === 'GET' ? '' : await req.clone().text();
    sent.push({ url: req.url, method: req.method, body: text ? JSON.parse(text) : undefined, auth: req.headers.get('authorization') });
    return fetch(req);
  };
  const client = new ImmoClient({ baseUrl: API, fetch: fetchFn, retries: 0 });
  const posts = () => sent.filter((s) => s.method === 'POST');
  return { sent, posts, client };
}

const root = (el: PropertyText) => el.shadowRoot!;
const q = <T extends Element = HTMLInputElement>(el: PropertyText, sel: string) => root(el).querySelector<T>(sel);
const field = <T extends Element = HTMLInputElement>(el: PropertyText, name: string) => q<T>(el, `[name="${name}"]`)!;

/** Sets a form control as a visitor's edit would, firing input and change. */
async function set(el: PropertyText, name: string, value: string | boolean) {
  const c = root(el).querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]${typeof value === 'string' && name.match(/Type$/) && q(el, `input[type=radio][name="${name}"]`) ? `[value="${value}"]` : ''}`);
  if (!c) throw new Error(`no control ${name}`);
  if (c instanceof HTMLInputElement && (c.type === 'checkbox' || c.type === 'radio')) c.checked = value === true || c.type === 'radio';
  else c.value = String(value);
  c.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  c.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  await el.updateComplete;
}
const choose = (el: PropertyText, name: 'realEstateType' | 'transactionType', v: string) => {
  const r = q(el, `input[type=radio][name="${name}"][value="${v}"]`)!;
  r.click();
  return el.updateComplete;
};
const errorOf = (el: PropertyText, name: string) => q(el, `#e-${name}`)?.textContent?.trim() ?? '';
const generated = (el: PropertyText) => oneEvent(el, 'text-generated') as Promise<TextGeneratedEvent>;
const submit = async (el: PropertyText) => {
  q<HTMLButtonElement>(el, '[part=submit-button]')!.click();
  await el.updateComplete;
};

let token = '';
let keyN = 0;
const draftKey = () => `test-${Date.now()}-${keyN++}`;

beforeEach(async () => {
  await post('reset');
  token = await newToken();
});
afterEach(async () => {
  await fetch(`${API}/sandbox/faults`, { method: 'DELETE' });
  sessionStorage.clear();
});

async function mount(opts: { lang?: string; client?: ImmoClient; token?: string | null; noDraft?: boolean; key?: string } = {}) {
  const el = await fixture<PropertyText>(html`<property-text
    lang=${opts.lang ?? 'de'}
    draft-key=${opts.key ?? draftKey()}
    ?no-draft=${opts.noDraft ?? false}
    .client=${opts.client}
    .token=${opts.token === null ? undefined : (opts.token ?? token)}
  ></property-text>`);
  return el;
}

describe('property-text: form', () => {
  it('asks for the types first and shows only the chosen type’s fields, grouped', async () => {
    const el = await mount();
    const legends = [...root(el).querySelectorAll('form > fieldset > legend')].map((l) => l.textContent!.trim());
    expect(legends).to.deep.equal(['Objekt', 'Lage']);
    expect(field(el, 'livingSpace' as string)).to.equal(null);
    await choose(el, 'realEstateType', 'house');
    const groups = [...root(el).querySelectorAll('fieldset[data-group] > legend')].map((l) => l.textContent!.trim());
    expect(groups).to.deep.equal(['Größe und Zimmer', 'Zustand und Ausstattung', 'Energie', 'Kosten']);
    const names = new Set([...root(el).querySelectorAll<HTMLInputElement>('fieldset[data-group] [name]')].map((i) => i.name));
    const houseNames = [
      ...Object.keys(HOUSE_DETAIL_FIELDS.enum), ...HOUSE_DETAIL_FIELDS.boolean, ...HOUSE_DETAIL_FIELDS.number, ...HOUSE_DETAIL_FIELDS.integer,
      ...HOUSE_DETAIL_FIELDS.year, ...HOUSE_DETAIL_FIELDS.date,
    ];
    expect([...names].sort()).to.deep.equal([...new Set(houseNames)].sort());
    await choose(el, 'realEstateType', 'apartment');
    const aNames = new Set([...root(el).querySelectorAll<HTMLInputElement>('fieldset[data-group] [name]')].map((i) => i.name));
    const apartmentNames = [
      ...Object.keys(APARTMENT_DETAIL_FIELDS.enum), ...APARTMENT_DETAIL_FIELDS.boolean, ...APARTMENT_DETAIL_FIELDS.number,
      ...APARTMENT_DETAIL_FIELDS.integer, ...APARTMENT_DETAIL_FIELDS.year, ...APARTMENT_DETAIL_FIELDS.date,
      ...APARTMENT_DETAIL_FIELDS.decimalComma, ...APARTMENT_DETAIL_FIELDS.string, ...APARTMENT_DETAIL_FIELDS.stringArray,
    ];
    expect([...aNames].sort()).to.deep.equal([...new Set(apartmentNames)].sort());
    await expect(el).to.be.accessible();
  });

  it('renders every enum of both types with German labels and the exact values of types.ts', async () => {
    const el = await mount();
    for (const [type, spec] of [['apartment', APARTMENT_DETAIL_FIELDS], ['house', HOUSE_DETAIL_FIELDS]] as const) {
      await choose(el, 'realEstateType', type);
      for (const [name, values] of Object.entries(spec.enum)) {
        const opts = [...field<HTMLSelectElement>(el, name).options].slice(1);
        expect(opts.map((o) => o.value), name).to.deep.equal([...values]);
        for (const o of opts) expect(o.textContent!.trim(), `${name} ${o.value}`).not.to.match(/^[A-Z_]+$/);
      }
    }
    await choose(el, 'realEstateType', 'apartment');
    const cond = [...field<HTMLSelectElement>(el, 'condition').options].find((o) => o.value === 'FIRST_TIME_USE_AFTER_REFURBISHMENT')!;
    expect(cond.textContent!.trim()).to.equal('Erstbezug nach Sanierung');
    el.lang = 'en';
    await el.updateComplete;
    const condEn = [...field<HTMLSelectElement>(el, 'condition').options].find((o) => o.value === 'FIRST_TIME_USE_AFTER_REFURBISHMENT')!;
    expect(condEn.textContent!.trim()).to.equal('First occupancy after refurbishment');
  });
});
