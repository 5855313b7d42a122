// <contact-realtor> end to end against the sandbox (mounted at /restapi/api): loads seeded
// exposes of every form type, fills and sends the form in JSON and XML, then reads the
// sandbox's outbox and validates the XML the element sent against expose-1.0.xsd.
import { fixture, html, expect, oneEvent, waitUntil } from '@open-wc/testing';
import { nothing } from 'lit';
// @ts-expect-error the browser entry has no .d.mts of its own; its API is the package's (typed below)
import * as xmllintBrowser from 'xmllint-wasm/index-browser.mjs';
import { ImmoClient, type ExposeContactInfo } from '../../src/api/index.js';
import '../../src/elements/contact-realtor/define.js';
import type { ContactRealtor } from '../../src/elements/contact-realtor/contact-realtor.js';
import type {
  ContactSentEvent,
  ContactUnavailableEvent,
} from '../../src/elements/contact-realtor/events.js';
import { schemaFiles } from './schemas.js';
import {
  afterEach,
  API,
  beforeEach,
  clearSandboxFaults,
  describe,
  it,
  press,
  recordingFetch,
  type,
} from './helpers/index.js';

const { validateXML } = xmllintBrowser as typeof import('xmllint-wasm');

interface Fixtures {
  exposes: Record<'EMAIL' | 'PHONE' | 'LONG' | 'NONE', string[]> & {
    all: { id: string; contactFormType: string; purpose: string; title: string }[];
  };
}
interface Mail {
  id: string;
  exposeId: string;
  to: string;
  subject: string;
  text: string;
  attachmentName?: string;
  attachmentXml?: string;
}

const json = async <T>(path: string, init?: RequestInit): Promise<T> => {
  const r = await fetch(`${API}/sandbox/${path}`, init);
  if (!r.ok) throw new Error(`sandbox/${path}: HTTP ${r.status}`);
  return (await r.json()) as T;
};
const post = (path: string, body?: unknown) =>
  fetch(`${API}/sandbox/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
const fixtures = () => json<Fixtures>('fixtures');
const outbox = () => json<Mail[]>('outbox');
const fault = (body: Record<string, unknown>) => post('faults', body);

/**
 * A fetch that records every request body the client sends; `failPosts` POSTs fail as a
 * lost connection does (a TypeError), which the sandbox cannot produce reliably because
 * Chromium silently retries a request whose reused connection was dropped.
 */
function recorder(failPosts = 0) {
  const rec = recordingFetch((req) => {
    if (req.method === 'POST' && failPosts-- > 0) throw new TypeError('Failed to fetch');
    return undefined;
  });
  return { sent: rec.sent, client: new ImmoClient({ baseUrl: API, fetch: rec.fetch, retries: 0 }) };
}

const $ = <T extends Element = HTMLInputElement>(el: ContactRealtor, sel: string) =>
  el.shadowRoot!.querySelector<T>(sel);
const field = (el: ContactRealtor, name: string) => $<HTMLInputElement>(el, `[name="${name}"]`);
const submitButton = (el: ContactRealtor) => $<HTMLButtonElement>(el, 'button[type="submit"]')!;
const statusText = (el: ContactRealtor) => $(el, '[role="status"]')!.textContent!.trim();

async function ready(el: ContactRealtor) {
  await waitUntil(
    () => $(el, 'form') || $(el, '.status:not(p)'),
    'the form or a status box appears',
    { timeout: 10000 },
  );
  await el.updateComplete;
}

/** Sets values as a visitor would produce them (input/change events), text and checkboxes. */
async function fill(el: ContactRealtor, values: Record<string, string | boolean>) {
  for (const [name, v] of Object.entries(values)) {
    const input = field(el, name);
    if (!input) throw new Error(`no field ${name}`);
    if (typeof v === 'boolean') {
      (input as HTMLInputElement).checked = v;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    } else {
      input.value = v;
      input.dispatchEvent(
        new Event(input.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }),
      );
    }
  }
  await el.updateComplete;
}

const renderedNames = (el: ContactRealtor) =>
  [...el.shadowRoot!.querySelectorAll<HTMLInputElement>('form :is(input, select, textarea)')].map(
    (i) => `${i.name}${i.required ? '*' : ''}`,
  );

beforeEach(async () => {
  sessionStorage.clear();
  await post('reset');
});
afterEach(async () => {
  await clearSandboxFaults();
});

const VISITOR = {
  salutation: 'FEMALE',
  firstname: 'Erika',
  lastname: 'Mustermann',
  phoneNumber: '+49 30 1234567',
  emailAddress: 'erika@example.de',
  street: 'Heidestraße',
  houseNumber: '17',
  postcode: '51147',
  city: 'Köln',
  moveInDate: 'zum 1. März',
  numberOfPersons: '2',
};

describe('contact-realtor end to end', () => {
  for (const type of ['EMAIL', 'PHONE', 'LONG'] as const) {
    for (const format of ['json', 'xml'] as const) {
      it(`sends the ${type} form as ${format}; the outbox holds the e-mail and the OpenImmo feedback`, async () => {
        const fx = await fixtures();
        const id = fx.exposes[type][0]!;
        const rec = recorder();
        const el = await fixture<ContactRealtor>(
          html`<contact-realtor expose-id=${id} format=${format} .client=${rec.client}></contact-realtor>`,
        );
        await ready(el);
        expect($(el, 'form'), 'form').to.exist;
        const message = `Anfrage ${type}/${format}: Ist die Wohnung noch frei? <b>fett</b> & "zitiert"`;
        // Everything the form shows that the visitor fills in: required fields and a few optional ones.
        const values: Record<string, string | boolean> = { [`privacyConsent`]: true };
        for (const name of renderedNames(el)) {
          const n = name.replace('*', '');
          if (n === 'immo_website' || field(el, n)!.type === 'checkbox') continue;
          values[n] =
            (VISITOR as Record<string, string>)[n] ??
            (n === 'numberOfRequiredWorkingPlaces' ? '3' : `Angabe ${n}`);
        }
        if (field(el, 'message')) values.message = message;
        await fill(el, values);
        const sent = oneEvent(el, 'contact-sent') as Promise<ContactSentEvent>;
        submitButton(el).click();
        const ev = await sent;
        expect(ev.exposeId).to.equal(id);
        expect(ev.format).to.equal(format);
        await el.updateComplete;
        expect($(el, '.success')).to.exist;
        expect(statusText(el)).to.contain('Vielen Dank');

        const posts = rec.sent.filter((r) => r.method === 'POST');
        expect(posts).to.have.length(1);
        expect(posts[0]!.contentType).to.contain(format);
        if (format === 'xml') {
          const body = posts[0]!.body;
          expect(body).to.match(
            /^<\?xml[^>]*\?><expose:contactForm xmlns:expose="http:\/\/rest\.immobilienscout24\.de\/schema\/search\/expose\/1\.0"/,
          );
          expect(body).to.contain('<lastname>Mustermann</lastname>');
          expect(body).to.contain('<privacyPolicyAccepted>true</privacyPolicyAccepted>');
          // the form type of the loaded expose, as the attribute of contactForm (validated below)
          expect(body).to.match(new RegExp(`<expose:contactForm [^>]*contactFormType="${type}"`));
          const schemas = await schemaFiles([
            'search/expose-1.0.xsd',
            'search/common-1.0.xsd',
            'common/common-1.0.xsd',
            'common/xlink.xsd',
            'common/includes/messages-1.0.xsd',
          ]);
          if (!schemas) {
            console.warn(
              'skipping the XSD check: ../shared/api-schemas is missing (the Node test test/node/contact-realtor-xml.test.ts covers it and fails in CI)',
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
        } else {
          const body = JSON.parse(posts[0]!.body)['expose.contactForm'];
          expect(body.lastname).to.equal('Mustermann');
          expect(body.privacyPolicyAccepted).to.equal(true);
          expect(body['@contactFormType']).to.equal(type);
        }

        const mails = (await outbox()).filter((m) => m.exposeId === id);
        expect(mails).to.have.length(1);
        const mail = mails[0]!;
        expect(mail.text).to.contain('Mustermann');
        if (values.message) expect(mail.text).to.contain(message);
        expect(mail.attachmentXml, 'OpenImmo attachment').to.be.a('string');
        const doc = new DOMParser().parseFromString(mail.attachmentXml!, 'application/xml');
        expect(doc.querySelector('parsererror')).to.equal(null);
        expect(doc.documentElement.localName).to.equal('openimmo_feedback');
        const who = doc.getElementsByTagName('interessent')[0]!;
        expect(who, 'interessent').to.exist;
        const get = (n: string) => who.getElementsByTagName(n)[0]?.textContent ?? null;
        expect(get('nachname')).to.equal('Mustermann');
        if (values.firstname) expect(get('vorname')).to.equal('Erika');
        if (values.emailAddress) expect(get('email')).to.equal('erika@example.de');
        if (values.phoneNumber) expect(get('tel')).to.equal('+49 30 1234567');
        if (values.salutation) expect(get('anrede')).to.equal('Frau');
        if (values.street) {
          expect(get('strasse')).to.contain('Heidestraße');
          expect(get('plz')).to.equal('51147');
          expect(get('ort')).to.equal('Köln');
        }
        if (values.message) expect(get('anfrage')).to.contain(message);
        expect(sessionStorage.getItem(`immo-contact-realtor:draft:${id}`)).to.equal(null);
        await expect(el).to.be.accessible();
      });
    }
  }

  it('the XML body is exactly the schema sequence of what the visitor entered', async () => {
    const fx = await fixtures();
    const id = fx.exposes.EMAIL[0]!;
    const rec = recorder();
    const el = await fixture<ContactRealtor>(
      html`<contact-realtor expose-id=${id} format="xml" .client=${rec.client}></contact-realtor>`,
    );
    await ready(el);
    await fill(el, {
      lastname: ' Müller & Söhne ',
      emailAddress: 'm@example.de',
      appointmentRequested: true,
      privacyConsent: true,
    });
    const sent = oneEvent(el, 'contact-sent');
    submitButton(el).click();
    await sent;
    expect(rec.sent.find((r) => r.method === 'POST')!.body).to.equal(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        // the expose's form type travels along, as the attribute of contactForm
        '<expose:contactForm xmlns:expose="http://rest.immobilienscout24.de/schema/search/expose/1.0" xmlns:common="http://rest.immobilienscout24.de/schema/common/1.0" contactFormType="EMAIL">' +
        '<lastname>Müller &amp; Söhne</lastname><emailAddress>m@example.de</emailAddress>' +
        '<appointmentRequested>YES</appointmentRequested><privacyPolicyAccepted>true</privacyPolicyAccepted>' +
        '</expose:contactForm>',
    );
  });

  it('form type NONE: no form, a clear message in both languages and contact-unavailable', async () => {
    const fx = await fixtures();
    const id = fx.exposes.NONE[0]!;
    const el = document.createElement('contact-realtor');
    const unavailable = oneEvent(el, 'contact-unavailable') as Promise<ContactUnavailableEvent>;
    el.setAttribute('expose-id', id);
    const phone = document.createElement('p');
    phone.slot = 'unavailable';
    phone.textContent = 'Telefon: 0221 5550199';
    el.append(phone);
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    host.append(el);
    expect((await unavailable).exposeId).to.equal(id);
    await ready(el);
    expect($(el, 'form')).to.equal(null);
    expect(el.shadowRoot!.textContent).to.contain('nicht online kontaktiert werden');
    expect(phone.assignedSlot).to.exist;
    await expect(el).to.be.accessible();
    el.lang = 'en';
    await el.updateComplete;
    expect(el.shadowRoot!.textContent).to.contain('cannot be contacted online');
  });

  it('renders exactly the configured fields in the order of a German form (salutation, names, contact, address, further questions, message, consent) for every seeded configuration', async () => {
    const fx = await fixtures();
    const client = new ImmoClient({ baseUrl: API });
    const expected: Record<string, string[]> = {};
    const orderOf = (e: ExposeContactInfo) => {
      const cfg = e.contactFormConfiguration as Record<string, string>;
      const must = new Set([
        'lastname',
        ...({
          EMAIL: ['emailAddress'],
          PHONE: ['phoneNumber'],
          LONG: ['emailAddress', 'phoneNumber', 'address'],
        }[e.contactFormType as 'EMAIL'] ?? []),
      ]);
      const order = [
        'salutation',
        'company',
        'firstname',
        'lastname',
        'emailAddress',
        'phoneNumber',
        'address',
        'moveInDate',
        'moveOutDate',
        'petsInHousehold',
        'numberOfPersons',
        'employmentRelationship',
        'income',
        'schufaInformationProvided',
        'buyReason',
        'ownCapital',
        'hasPreapproval',
        'lotAvailable',
        'numberOfRequiredWorkingPlaces',
        'plannedInvestment',
        'commercialUsage',
        'applicationPackageCompleted',
        'message',
        'appointmentRequested',
      ];
      const entry = (n: string) =>
        n === 'schufaInformationProvided' ? 'schufaInformationField' : `${n}Field`;
      const bools = [
        'appointmentRequested',
        'schufaInformationProvided',
        'hasPreapproval',
        'lotAvailable',
        'applicationPackageCompleted',
      ];
      const out: string[] = [];
      for (const n of order) {
        const v = n === 'appointmentRequested' ? 'OPTIONAL' : cfg[entry(n)];
        const req = (must.has(n) || v === 'MANDATORY') && !bools.includes(n);
        if (!(must.has(n) || v)) continue;
        if (n === 'address')
          for (const p of ['street', 'houseNumber', 'postcode', 'city'])
            out.push(p + (req ? '*' : ''));
        else out.push(n + (req ? '*' : ''));
      }
      return [...out, 'privacyConsent*', 'immo_website'];
    };
    const shapes = fx.exposes.all.filter((e) => e.contactFormType !== 'NONE');
    expect(shapes.length).to.be.greaterThan(3);
    for (const { id } of shapes) {
      expected[id] = orderOf(await client.getExpose(id));
      const el = await fixture<ContactRealtor>(
        html`<contact-realtor expose-id=${id}></contact-realtor>`,
      );
      await ready(el);
      expect(renderedNames(el), `expose ${id}`).to.deep.equal(expected[id]);
      el.remove();
    }
    // the seeded shapes include all-mandatory and all-optional configurations
    const counts = Object.values(expected).map(
      (names) => names.filter((n) => n.endsWith('*')).length,
    );
    expect(Math.max(...counts)).to.be.greaterThan(10);
  });

  it('sends a form whose every entry is MANDATORY (booleans sent as false when not ticked)', async () => {
    const fx = await fixtures();
    const client = new ImmoClient({ baseUrl: API });
    let id = '';
    for (const e of fx.exposes.all) {
      const info = await client.getExpose(e.id);
      const cfg = Object.values(info.contactFormConfiguration);
      if (info.contactFormType !== 'NONE' && cfg.length > 10 && cfg.every((v) => v === 'MANDATORY'))
        id = e.id;
    }
    expect(id, 'an all-mandatory expose is seeded').to.not.equal('');
    const rec = recorder();
    const el = await fixture<ContactRealtor>(
      html`<contact-realtor expose-id=${id} .client=${rec.client}></contact-realtor>`,
    );
    await ready(el);
    submitButton(el).click();
    await el.updateComplete;
    const invalid = [...el.shadowRoot!.querySelectorAll('[aria-invalid="true"]')].map(
      (i) => (i as HTMLInputElement).name,
    );
    expect(invalid.length).to.be.greaterThan(10);
    const values: Record<string, string | boolean> = { privacyConsent: true };
    for (const name of invalid)
      values[name] =
        name === 'privacyConsent'
          ? true
          : ((VISITOR as Record<string, string>)[name] ?? `Wert ${name}`);
    values.emailAddress = VISITOR.emailAddress;
    if (field(el, 'numberOfRequiredWorkingPlaces')) values.numberOfRequiredWorkingPlaces = '4';
    if (field(el, 'salutation')) values.salutation = 'COMPANY';
    await fill(el, values);
    const sent = oneEvent(el, 'contact-sent') as Promise<ContactSentEvent>;
    submitButton(el).click();
    const ev = await sent;
    const body = JSON.parse(rec.sent.find((r) => r.method === 'POST')!.body)['expose.contactForm'];
    expect(body.applicationPackageCompleted).to.equal(false);
    expect(body.salutation).to.equal('COMPANY');
    expect(ev.form.lastname).to.equal(values.lastname);
    expect((await outbox()).filter((m) => m.exposeId === id)).to.have.length(1);
  });
});

describe('contact-realtor validation', () => {
  it('marks missing and invalid fields, ties messages with aria-describedby and focuses the first (German)', async () => {
    const fx = await fixtures();
    const el = await fixture<ContactRealtor>(
      html`<contact-realtor expose-id=${fx.exposes.LONG[0]!}></contact-realtor>`,
    );
    await ready(el);
    await fill(el, { emailAddress: 'kein-at.de' });
    submitButton(el).click();
    await el.updateComplete;
    const first = el.shadowRoot!.activeElement as HTMLInputElement;
    expect(first).to.exist;
    expect(first.getAttribute('aria-invalid')).to.equal('true');
    const described = (name: string) => {
      const i = field(el, name)!;
      const id = i.getAttribute('aria-describedby');
      return id ? el.shadowRoot!.getElementById(id)!.textContent!.trim() : '';
    };
    expect(described('lastname')).to.equal('Bitte füllen Sie dieses Feld aus.');
    expect(described('emailAddress')).to.contain('gültige E-Mail-Adresse');
    expect(described('privacyConsent')).to.contain('zu');
    await waitUntil(() => /Bitte korrigieren Sie \d+ Eingaben: /.test(statusText(el)));
    expect((await outbox()).length).to.equal(0);
    await expect(el).to.be.accessible();
    // correcting a field clears its message as the visitor types
    await fill(el, { emailAddress: 'ok@example.de' });
    expect(field(el, 'emailAddress')!.getAttribute('aria-invalid')).to.equal('false');
    expect(field(el, 'emailAddress')!.hasAttribute('aria-describedby')).to.equal(false);
  });

  it('speaks English with lang="en" on an ancestor, length limits as the schema counts', async () => {
    const fx = await fixtures();
    const wrap = await fixture<HTMLDivElement>(
      html`<div lang="en"><contact-realtor expose-id=${fx.exposes.EMAIL[0]!}></contact-realtor></div>`,
    );
    const el = wrap.querySelector('contact-realtor')!;
    await ready(el);
    expect($(el, 'label[for="f-lastname"]')!.textContent).to.contain('Last name');
    await fill(el, { lastname: 'x'.repeat(51), privacyConsent: true, emailAddress: 'a@b.de' });
    submitButton(el).click();
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement).to.equal(field(el, 'lastname'));
    expect(el.shadowRoot!.getElementById('e-lastname')!.textContent).to.equal(
      'At most 50 characters allowed (currently 51).',
    );
    await waitUntil(() => statusText(el) === 'Please correct 1 field: Last name.');
    await expect(el).to.be.accessible();
  });
  it('keeps text longer than the schema allows, counts an emoji as one character, marks and announces it at once', async () => {
    const fx = await fixtures();
    const el = await fixture<ContactRealtor>(
      html`<contact-realtor expose-id=${fx.exposes.EMAIL[0]!}></contact-realtor>`,
    );
    await ready(el);
    // 33 characters (63 UTF-16 units): within the schema's 50, typed as a visitor types.
    field(el, 'firstname')!.focus();
    await type('😀'.repeat(30) + 'abc');
    await el.updateComplete;
    expect([...field(el, 'firstname')!.value]).to.have.length(33);
    expect(field(el, 'firstname')!.getAttribute('aria-invalid')).to.equal('false');
    // Typed past the limit: nothing is cut, the field is marked before any submit and the message announced.
    field(el, 'lastname')!.focus();
    await type('x'.repeat(52));
    await el.updateComplete;
    expect(field(el, 'lastname')!.value).to.have.length(52);
    expect(field(el, 'lastname')!.getAttribute('aria-invalid')).to.equal('true');
    expect(el.shadowRoot!.getElementById('e-lastname')!.textContent).to.equal(
      'Höchstens 50 Zeichen erlaubt (jetzt 52).',
    );
    // announced once, as the 51st character made it too long (not again on every key)
    expect(statusText(el)).to.equal('Höchstens 50 Zeichen erlaubt (jetzt 51).');
    // Pasted text is not cut either.
    const message = field(el, 'message')!;
    message.focus();
    document.execCommand('insertText', false, 'y'.repeat(2100));
    await el.updateComplete;
    expect(message.value).to.have.length(2100);
    expect(message.getAttribute('aria-describedby')).to.equal('e-message');
    await expect(el).to.be.accessible();
    await fill(el, { emailAddress: 'lang@example.de', privacyConsent: true });
    submitButton(el).click();
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement).to.equal(field(el, 'lastname'));
    field(el, 'lastname')!.focus();
    await press('Backspace');
    await press('Backspace');
    await el.updateComplete;
    expect(field(el, 'lastname')!.getAttribute('aria-invalid')).to.equal('false');
    expect(await outbox()).to.have.length(0);
  });
});

describe('contact-realtor sending', () => {
  it('sends one request however often the visitor clicks or presses Enter', async () => {
    const fx = await fixtures();
    const id = fx.exposes.EMAIL[0]!;
    await fault({ route: 'contact', latencyMs: 400, times: 1 });
    const rec = recorder();
    const el = await fixture<ContactRealtor>(
      html`<contact-realtor expose-id=${id} .client=${rec.client}></contact-realtor>`,
    );
    await ready(el);
    await fill(el, { lastname: 'Doppelt', emailAddress: 'd@example.de', privacyConsent: true });
    const sent = oneEvent(el, 'contact-sent');
    submitButton(el).click();
    await el.updateComplete;
    expect(submitButton(el).getAttribute('aria-disabled')).to.equal('true');
    expect(submitButton(el).textContent).to.contain('wird gesendet');
    await expect(el).to.be.accessible();
    submitButton(el).click();
    submitButton(el).focus();
    await press('Enter');
    submitButton(el).click();
    await sent;
    expect(rec.sent.filter((r) => r.method === 'POST')).to.have.length(1);
    expect((await outbox()).filter((m) => m.exposeId === id)).to.have.length(1);
  });

  for (const [name, f, failPosts, text, enText] of [
    [
      'a 5xx',
      { route: 'contact', status: 500, times: 1 },
      0,
      'Beim Dienst ist ein Fehler aufgetreten.',
      'Something went wrong at the service.',
    ],
  ] as const) {
    it(`keeps the data after ${name}, shows and announces the error, and the retry sends`, async () => {
      const fx = await fixtures();
      const id = fx.exposes.PHONE[0]!;
      if (f) await fault(f);
      const el = await fixture<ContactRealtor>(
        html`<contact-realtor expose-id=${id} .client=${recorder(failPosts).client}></contact-realtor>`,
      );
      await ready(el);
      const values = {
        lastname: 'Fehler',
        phoneNumber: '0800 123',
        message: 'Bitte zurückrufen 📞',
        privacyConsent: true,
      };
      await fill(el, values);
      submitButton(el).click();
      await waitUntil(() => $(el, '[role="alert"]'), 'the error appears', { timeout: 10000 });
      const alert = $(el, '[role="alert"]')!;
      expect(alert.textContent).to.contain('konnte nicht gesendet werden');
      expect(alert.textContent).to.contain(text);
      expect(alert.textContent, 'no status, code or server text').not.to.match(
        /HTTP|500|ERROR_|Details/,
      );
      expect(field(el, 'lastname')!.value).to.equal('Fehler');
      expect(field(el, 'message')!.value).to.equal('Bitte zurückrufen 📞');
      expect(field(el, 'privacyConsent')!.checked).to.equal(true);
      expect(submitButton(el).textContent).to.contain('Erneut senden');
      await expect(el).to.be.accessible();
      expect(await outbox()).to.have.length(0);
      // the host switches the language: the whole error box follows, the cause included
      el.lang = 'en';
      await el.updateComplete;
      expect(alert.textContent).to.contain('could not be sent');
      expect(alert.textContent).to.contain(enText);
      expect(alert.textContent).to.not.contain(text);
      const sent = oneEvent(el, 'contact-sent');
      submitButton(el).click();
      await sent;
      const mails = await outbox();
      expect(mails).to.have.length(1);
      expect(mails[0]!.text).to.contain('Bitte zurückrufen 📞');
    });
  }

  for (const [name, how, cause] of [
    ['a timeout on the contact POST', 'timeout', 'nicht rechtzeitig geantwortet'],
    ['a connection that breaks off', 'network', 'Verbindung brach ab'],
  ] as const) {
    it(`after ${name} the request is not called failed: "may have arrived", the form kept, send again knowingly`, async () => {
      const fx = await fixtures();
      const id = fx.exposes.PHONE[0]!;
      let client: ImmoClient;
      if (how === 'timeout') {
        // The sandbox holds the answer longer than the client waits: the body was sent, no answer came.
        await fault({ route: 'contact', latencyMs: 3000, times: 1 });
        client = new ImmoClient({ baseUrl: API, retries: 0, timeout: 400 });
      } else client = recorder(1).client;
      const el = await fixture<ContactRealtor>(
        html`<contact-realtor expose-id=${id} .client=${client}></contact-realtor>`,
      );
      await ready(el);
      await fill(el, {
        lastname: 'Vielleicht',
        phoneNumber: '0800 123',
        message: 'Angekommen?',
        privacyConsent: true,
      });
      submitButton(el).click();
      await waitUntil(() => $(el, '[role="alert"]'), 'the notice appears', { timeout: 10000 });
      const alert = $(el, '[role="alert"]')!;
      expect(alert.textContent).to.contain('möglicherweise angekommen').and.contain(cause);
      expect(alert.textContent).to.not.contain('konnte nicht gesendet werden');
      expect(field(el, 'lastname')!.value).to.equal('Vielleicht');
      expect(field(el, 'message')!.value).to.equal('Angekommen?');
      expect(submitButton(el).textContent).to.contain('Trotzdem erneut senden');
      await expect(el).to.be.accessible();
      el.lang = 'en';
      await el.updateComplete;
      expect(alert.textContent).to.contain('may have arrived').and.not.contain('could not be sent');
      expect(submitButton(el).textContent).to.contain('Send again anyway');
      // The visitor decides to send again: it goes out, once.
      const sent = oneEvent(el, 'contact-sent');
      submitButton(el).click();
      await sent;
      const mails = (await outbox()).filter((m) => m.exposeId === id);
      expect(mails.length).to.be.within(1, 2);
      expect(mails.at(-1)!.text).to.contain('Angekommen?');
    });
  }

  it('sends hostile text as text and never renders it as HTML', async () => {
    const fx = await fixtures();
    const id = fx.exposes.EMAIL[0]!;
    // 2,000 characters as the schema counts them: an emoji (two UTF-16 units), right-to-left text, Latin
    const long = '😀' + 'ا'.repeat(999) + 'x'.repeat(1000);
    const el = await fixture<ContactRealtor>(
      html`<contact-realtor expose-id=${id} .client=${recorder().client}></contact-realtor>`,
    );
    await ready(el);
    const values = {
      firstname: '<script>window.__pwned=1</script>',
      lastname: '"><img src=x onerror="window.__pwned=1">',
      emailAddress: 'h@example.de',
      message: long,
      privacyConsent: true,
    };
    await fill(el, values);
    el.lang = 'en'; // re-rendered with the values in place
    await el.updateComplete;
    expect(field(el, 'lastname')!.value).to.equal(values.lastname);
    expect(el.shadowRoot!.querySelector('img, script')).to.equal(null);
    const sent = oneEvent(el, 'contact-sent');
    submitButton(el).click();
    await sent;
    expect(el.shadowRoot!.querySelector('img, script')).to.equal(null);
    expect((window as unknown as { __pwned?: number }).__pwned).to.equal(undefined);
    const mail = (await outbox()).find((m) => m.exposeId === id)!;
    expect(mail.text).to.contain(long);
    const doc = new DOMParser().parseFromString(mail.attachmentXml!, 'application/xml');
    expect(doc.getElementsByTagName('vorname')[0]!.textContent).to.equal(values.firstname);
    expect(doc.getElementsByTagName('nachname')[0]!.textContent).to.equal(values.lastname);
  });

  it('a draft survives a reload and is cleared on success', async () => {
    const fx = await fixtures();
    const id = fx.exposes.EMAIL[0]!;
    let el = await fixture<ContactRealtor>(
      html`<contact-realtor expose-id=${id}></contact-realtor>`,
    );
    await ready(el);
    await fill(el, {
      lastname: 'Entwurf',
      message: 'Noch nicht fertig 😀 שלום',
      privacyConsent: true,
    });
    el.remove();
    el = await fixture<ContactRealtor>(html`<contact-realtor expose-id=${id}></contact-realtor>`);
    await ready(el);
    expect(field(el, 'lastname')!.value).to.equal('Entwurf');
    expect(field(el, 'message')!.value).to.equal('Noch nicht fertig 😀 שלום');
    expect(field(el, 'privacyConsent')!.checked, 'consent is given anew').to.equal(false);
    await fill(el, { emailAddress: 'e@example.de', privacyConsent: true });
    const sent = oneEvent(el, 'contact-sent');
    submitButton(el).click();
    await sent;
    expect(sessionStorage.getItem(`immo-contact-realtor:draft:${id}`)).to.equal(null);
    // A broken draft, and one of another shape (unversioned, as kept before), read as none.
    for (const stored of ['{"v":1,', JSON.stringify({ lastname: 'Alt' })]) {
      sessionStorage.setItem(`immo-contact-realtor:draft:${id}`, stored);
      el = await fixture<ContactRealtor>(html`<contact-realtor expose-id=${id}></contact-realtor>`);
      await ready(el);
      expect(field(el, 'lastname')!.value).to.equal('');
    }
    sessionStorage.removeItem(`immo-contact-realtor:draft:${id}`);
  });

  it("the listing the page hands it (`expose`): the form at once, without loading; the draft after; someone else's is loaded instead", async () => {
    const fx = await fixtures();
    const id = fx.exposes.EMAIL[0]!;
    const info = await new ImmoClient({ baseUrl: API }).getExpose(id);
    sessionStorage.setItem(
      `immo-contact-realtor:draft:${id}`,
      JSON.stringify({ v: 1, data: { message: 'Entwurf' } }),
    );
    const { sent, client } = recorder();
    const el = await fixture<ContactRealtor>(
      html`<contact-realtor expose-id=${id} prefill-lastname="Vorbelegt" .expose=${info} .client=${client}></contact-realtor>`,
    );
    expect($(el, 'form'), 'the form in the first render').to.not.equal(null);
    expect(sent, 'nothing loaded').to.deep.equal([]);
    await el.updateComplete;
    expect(field(el, 'lastname')!.value).to.equal('Vorbelegt');
    expect(field(el, 'message')!.value, 'the draft').to.equal('Entwurf');
    await fill(el, { emailAddress: 'e@example.de', privacyConsent: true });
    const done = oneEvent(el, 'contact-sent');
    submitButton(el).click();
    await done;
    expect(sent.map((r) => r.method)).to.deep.equal(['POST']);
    // another listing's record is not this one's: a warning, and the listing is loaded
    const warned: unknown[] = [];
    const warn = console.warn;
    console.warn = (...a: unknown[]) => void warned.push(a.join(' '));
    try {
      const other = recorder();
      const el2 = await fixture<ContactRealtor>(
        html`<contact-realtor expose-id=${fx.exposes.LONG[0]!} .expose=${info} .client=${other.client}></contact-realtor>`,
      );
      await ready(el2);
      expect(other.sent.map((r) => r.method)).to.deep.equal(['GET']);
      expect(String(warned[0])).to.match(/`expose` is not the contact information/);
      expect(other.sent[0]!.url).to.contain(`/expose/${fx.exposes.LONG[0]!}`);
      expect($(el2, 'form'), 'its own form').to.not.equal(null);
    } finally {
      console.warn = warn;
    }
  });

  it('keeps what was typed through re-renders; "send another" starts again from the prefill', async () => {
    const fx = await fixtures();
    const el = await fixture<ContactRealtor>(
      html`<contact-realtor expose-id=${fx.exposes.EMAIL[0]!} prefill-lastname="Vorbelegt"></contact-realtor>`,
    );
    await ready(el);
    await fill(el, { firstname: 'Kim', lastname: '', message: 'Hallo' });
    submitButton(el).click(); // invalid: re-renders with messages
    await el.updateComplete;
    el.lang = 'en'; // and once more in another language
    await el.updateComplete;
    expect(field(el, 'firstname')!.value).to.equal('Kim');
    expect(field(el, 'lastname')!.value).to.equal('');
    expect(field(el, 'message')!.value).to.equal('Hallo');
    await fill(el, { lastname: 'Neu', emailAddress: 'kim@example.de', privacyConsent: true });
    const sent = oneEvent(el, 'contact-sent');
    submitButton(el).click();
    await sent;
    $<HTMLButtonElement>(el, '.success button')!.click();
    await el.updateComplete;
    expect(field(el, 'lastname')!.value).to.equal('Vorbelegt');
    for (const n of ['firstname', 'emailAddress', 'message'])
      expect(field(el, n)!.value, n).to.equal('');
    expect(field(el, 'privacyConsent')!.checked).to.equal(false);
  });

  it('is usable with the keyboard alone', async () => {
    const fx = await fixtures();
    const id = fx.exposes.PHONE[0]!;
    const wrap = await fixture<HTMLDivElement>(
      html`<div><button>vorher</button><contact-realtor expose-id=${id} prefill-lastname="Tastatur"></contact-realtor></div>`,
    );
    const el = wrap.querySelector('contact-realtor')!;
    await ready(el);
    // Tab into the element: the first field of the form's order (salutation, then the names) gets focus.
    wrap.querySelector('button')!.focus();
    await press('Tab');
    const first = (el.shadowRoot!.activeElement as HTMLInputElement).name;
    expect(first).to.be.oneOf(['salutation', 'firstname']);
    if (first === 'salutation') await press('Tab');
    expect((el.shadowRoot!.activeElement as HTMLInputElement).name).to.equal('firstname');
    await type('Kim');
    await press('Tab'); // lastname (prefilled)
    expect(field(el, 'lastname')!.value).to.equal('Tastatur');
    await press('Tab');
    expect((el.shadowRoot!.activeElement as HTMLInputElement).name).to.equal('phoneNumber');
    await type('030 999');
    // on to the consent checkbox
    for (
      let i = 0;
      i < 20 && (el.shadowRoot!.activeElement as HTMLInputElement)?.name !== 'privacyConsent';
      i++
    )
      await press('Tab');
    await press('Space');
    expect(field(el, 'privacyConsent')!.checked).to.equal(true);
    await press('Tab');
    expect(el.shadowRoot!.activeElement).to.equal(submitButton(el), 'the honeypot is skipped');
    const sent = oneEvent(el, 'contact-sent');
    await press('Enter');
    await sent;
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement).to.equal(
      $(el, '.success'),
      'focus moves to the confirmation',
    );
    const mail = (await outbox()).find((m) => m.exposeId === id)!;
    expect(mail.text).to.contain('Tastatur');
  });

  it('a filled honeypot looks like success but sends nothing', async () => {
    const fx = await fixtures();
    const el = await fixture<ContactRealtor>(
      html`<contact-realtor expose-id=${fx.exposes.EMAIL[0]!}></contact-realtor>`,
    );
    await ready(el);
    await fill(el, {
      lastname: 'Bot',
      emailAddress: 'bot@example.de',
      privacyConsent: true,
      immo_website: 'http://spam.example',
    });
    let fired = false;
    el.addEventListener('contact-sent', () => (fired = true));
    submitButton(el).click();
    await waitUntil(() => $(el, '.success'));
    expect(fired).to.equal(false);
    expect(await outbox()).to.have.length(0);
    // a visitor's next request from the same element (its honeypot left empty) is sent
    $<HTMLButtonElement>(el, '.success button')!.click();
    await el.updateComplete;
    await fill(el, { lastname: 'Mensch', emailAddress: 'mensch@example.de', privacyConsent: true });
    const sent = oneEvent(el, 'contact-sent');
    submitButton(el).click();
    await sent;
    expect((await outbox()).map((m) => m.text).join()).to.contain('Mensch');
  });
});

describe('contact-realtor loading states', () => {
  it('shows loading, then an error with retry that recovers', async () => {
    const fx = await fixtures();
    await fault({ route: 'expose', status: 503 });
    const el = await fixture<ContactRealtor>(
      html`<contact-realtor expose-id=${fx.exposes.EMAIL[0]!} .client=${recorder().client}></contact-realtor>`,
    );
    expect(el.shadowRoot!.textContent).to.contain('wird geladen');
    await expect(el).to.be.accessible();
    await waitUntil(() => $(el, '[part="retry"]'), 'retry button');
    expect(el.shadowRoot!.textContent).to.contain('konnte nicht geladen werden');
    await expect(el).to.be.accessible();
    await clearSandboxFaults();
    $<HTMLButtonElement>(el, '[part="retry"]')!.click();
    await waitUntil(() => $(el, 'form'), 'form after retry');
  });

  it('retry keeps the keyboard focus: on the new retry button, then on the first field of the form', async () => {
    const fx = await fixtures();
    await fault({ route: 'expose', status: 500, times: 2 });
    const el = await fixture<ContactRealtor>(
      html`<contact-realtor expose-id=${fx.exposes.EMAIL[0]!} .client=${recorder().client}></contact-realtor>`,
    );
    await waitUntil(() => $(el, '[part="retry"]'), 'retry button');
    $<HTMLButtonElement>(el, '[part="retry"]')!.focus();
    await press('Enter');
    await waitUntil(
      () => el.shadowRoot!.activeElement?.matches('[part="retry"]'),
      'focus on the retry button of the second error',
      { timeout: 5000 },
    );
    await press('Enter');
    await waitUntil(() => $(el, 'form'), 'form after the second retry', { timeout: 5000 });
    await el.updateComplete;
    await waitUntil(
      () => el.shadowRoot!.activeElement === field(el, 'firstname'),
      'focus on the first field',
      { timeout: 5000 },
    );
    await expect(el).to.be.accessible();
  });

  it('a new expose-id aborts the running load; disconnecting aborts too', async () => {
    const fx = await fixtures();
    const [a, b] = [fx.exposes.EMAIL[0]!, fx.exposes.PHONE[0]!];
    const titleOf = (id: string) => fx.exposes.all.find((e) => e.id === id)!.title;
    await fault({ route: 'expose', latencyMs: 300, times: 1 });
    const signals: AbortSignal[] = [];
    const client = new ImmoClient({
      baseUrl: API,
      cache: false,
      fetch: (input, init) => {
        if (init?.signal) signals.push(init.signal);
        return fetch(input, init);
      },
    });
    const el = await fixture<ContactRealtor>(
      html`<contact-realtor expose-id=${a} .client=${client}></contact-realtor>`,
    );
    el.setAttribute('expose-id', b);
    await waitUntil(() => $(el, 'form'), 'form of the second expose', { timeout: 5000 });
    expect($(el, '[part="expose-title"]')!.textContent).to.equal(titleOf(b));
    expect(signals[0]!.aborted, 'the first load was aborted').to.equal(true);
    expect(field(el, 'phoneNumber')!.required).to.equal(true);
    await fault({ route: 'expose', latencyMs: 300, times: 1 });
    const before = signals.length;
    el.setAttribute('expose-id', a);
    await waitUntil(() => signals.length > before, 'the load starts');
    el.remove();
    expect(signals.at(-1)!.aborted, 'disconnect aborts the load').to.equal(true);
    document.body.append(el);
    await waitUntil(
      () => $(el, '[part="expose-title"]')?.textContent === titleOf(a),
      'reloads when connected again',
      { timeout: 5000 },
    );
    el.remove();
  });

  // Issue 18, "No layout shift when an element arrives": the skeleton has the common form's
  // height, and so has every outcome shorter than it (the element keeps it).
  it('holds its height while loading (a skeleton of the common form, hidden from screen readers) and after, an error included', async () => {
    const fx = await fixtures();
    const heights = async (fault_: Record<string, unknown>) => {
      await fault(fault_);
      const wrap = await fixture<HTMLDivElement>(
        html`<div style="width:700px"><contact-realtor expose-id=${fx.exposes.EMAIL[0]!} .client=${recorder().client}></contact-realtor></div>`,
      );
      const el = wrap.querySelector('contact-realtor')!;
      const sk = $(el, '[part~=skeleton]')!;
      expect(sk.getAttribute('aria-hidden')).to.equal('true');
      expect(sk.hasAttribute('inert'), 'inert: nothing in it takes focus').to.equal(true);
      expect(sk.querySelectorAll('[id], :is(input, select, textarea)[name]')).to.have.length(0);
      expect($(el, 'form'), 'the skeleton is no form').to.equal(null);
      expect(
        sk.querySelectorAll('[part~=input]').length,
        'the shapes of the common form',
      ).to.be.at.least(9);
      expect(statusText(el)).to.contain('wird geladen');
      await expect(el).to.be.accessible();
      const loading = el.getBoundingClientRect().height;
      await waitUntil(() => $(el, 'form') || $(el, '[part~=retry]'), 'the form or the error', {
        timeout: 10000,
      });
      await el.updateComplete;
      return { el, loading, loaded: el.getBoundingClientRect().height };
    };
    const ok = await heights({ route: 'expose', latencyMs: 500, times: 1 });
    expect(ok.loaded, 'the common form is as tall as its skeleton').to.be.closeTo(ok.loading, 1);
    await clearSandboxFaults();
    const failed = await heights({ route: 'expose', status: 500, latencyMs: 500, times: 1 });
    expect($(failed.el, '[part~=retry]')).to.not.equal(null);
    expect(failed.loaded, 'the error box keeps the height').to.be.closeTo(failed.loading, 1);
    await expect(failed.el).to.be.accessible();
  });

  // The host page's hint (expected-form, as <img width height>): the skeleton and the kept
  // least height are those of the form it names; the form itself is always the listing's own.
  describe('expected-form', () => {
    /** Mounts the element in a container `width` px wide, the load delayed: heights while loading and once loaded. */
    const measure = async (id: string, hint: string | undefined, width: number) => {
      await fault({ route: 'expose', latencyMs: 500, times: 1 });
      const wrap =
        await fixture<HTMLDivElement>(html`<div style="width:${width}px"><contact-realtor expose-id=${id}
        expected-form=${hint ?? nothing} .client=${recorder().client}></contact-realtor></div>`);
      const el = wrap.querySelector('contact-realtor')!;
      expect($(el, 'form'), 'still loading').to.equal(null);
      const sk = $(el, '[part~=skeleton]')!;
      const loading = el.getBoundingClientRect().height;
      await waitUntil(() => $(el, 'form'), 'the form', { timeout: 10000 });
      await el.updateComplete;
      return { el, sk, loading, loaded: el.getBoundingClientRect().height };
    };
    const longId = async () => {
      const fx = await fixtures();
      return fx.exposes.all.find(
        (e) => e.contactFormType === 'LONG' && e.purpose.includes('everything mandatory'),
      )!.id;
    };

    for (const width of [390, 1280]) {
      it(`LONG: the skeleton is as tall as the long form that arrives (${width} px); without the hint it is the common form's, and the long form grows`, async () => {
        const id = await longId();
        const hinted = await measure(id, 'LONG', width);
        expect(hinted.loaded, 'the long form is as tall as its skeleton').to.be.closeTo(
          hinted.loading,
          1,
        );
        expect(field(hinted.el, 'moveInDate'), 'the long form arrived').to.not.equal(null);
        await clearSandboxFaults();
        const plain = await measure(id, undefined, width);
        expect(plain.loading, 'without the hint: the common form, shorter').to.be.below(
          hinted.loading - 200,
        );
        expect(plain.loaded, 'the same form as with the hint').to.be.closeTo(hinted.loaded, 1);
        expect(plain.loaded - plain.loading, 'without the hint the long form grows').to.be.above(
          200,
        );
      });
    }

    it('is only a shape: a wrong hint (LONG, an EMAIL form arrives) keeps the reserved height and shows the real form', async () => {
      const fx = await fixtures();
      const id = fx.exposes.all.find((e) => e.purpose.includes('typical buy'))!.id;
      const wrong = await measure(id, 'LONG', 390);
      expect(wrong.loaded, 'the reserved height stays (blank space, no shift)').to.be.closeTo(
        wrong.loading,
        1,
      );
      await clearSandboxFaults();
      const right = await measure(id, undefined, 390);
      expect(renderedNames(wrong.el), "the listing's own fields, whatever the hint").to.deep.equal(
        renderedNames(right.el),
      );
      expect(field(wrong.el, 'emailAddress')!.required).to.equal(true);
      expect(field(wrong.el, 'moveInDate'), 'no field of the hinted form').to.equal(null);
      expect(wrong.loading).to.be.above(right.loading + 200);
      await expect(wrong.el).to.be.accessible();
    });

    it('its skeleton stays hidden from screen readers, inert, without ids or names, and axe-clean; unknown values mean the common form', async () => {
      const fx = await fixtures();
      for (const hint of ['LONG', 'long', 'EMAIL', 'PHONE', 'SOMETHING']) {
        await fault({ route: 'expose', latencyMs: 400, times: 1 });
        const el = await fixture<ContactRealtor>(
          html`<contact-realtor expose-id=${fx.exposes.EMAIL[0]!} expected-form=${hint} .client=${recorder().client}></contact-realtor>`,
        );
        const sk = $(el, '[part~=skeleton]')!;
        expect(sk.getAttribute('aria-hidden')).to.equal('true');
        expect(sk.hasAttribute('inert')).to.equal(true);
        expect(sk.querySelectorAll('[id], :is(input, select, textarea)[name]')).to.have.length(0);
        expect($(el, 'form')).to.equal(null);
        const shapes = sk.querySelectorAll('[part~=input]').length;
        if (hint.toUpperCase() === 'LONG')
          expect(shapes, `${hint}: the long form's shapes`).to.be.at.least(16);
        else expect(shapes, `${hint}: the common form's`).to.be.below(16);
        await expect(el).to.be.accessible();
        await waitUntil(() => $(el, 'form'), 'the form', { timeout: 10000 });
        await el.updateComplete;
        const kept = $(el, '.kept[part~=skeleton]')!;
        expect(kept.getAttribute('aria-hidden')).to.equal('true');
        expect(kept.hasAttribute('inert')).to.equal(true);
        expect(kept.querySelectorAll('[id], :is(input, select, textarea)[name]')).to.have.length(0);
        await expect(el).to.be.accessible();
        await clearSandboxFaults();
      }
    });
  });

  it('without expose-id: says so, in English too', async () => {
    const el = await fixture<ContactRealtor>(html`<contact-realtor lang="en"></contact-realtor>`);
    expect(el.shadowRoot!.textContent).to.contain('No listing given.');
    expect($(el, 'form')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('not found: a clear message and no form', async () => {
    const el = await fixture<ContactRealtor>(
      html`<contact-realtor expose-id="999999999" lang="en"></contact-realtor>`,
    );
    await waitUntil(() => el.shadowRoot!.textContent!.includes('does not exist'), 'not-found text');
    expect($(el, 'form')).to.equal(null);
    expect($(el, '[part="retry"]')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('prefills from attributes and the prefill property; the draft wins', async () => {
    const fx = await fixtures();
    const id = fx.exposes.LONG[0]!;
    const el =
      await fixture<ContactRealtor>(html`<contact-realtor expose-id=${id} prefill-email="a@example.de"
      .prefill=${{ lastname: 'Eingeloggt', address: { city: 'Bonn' }, salutation: 'MALE', emailAddress: 'p@example.de' }}></contact-realtor>`);
    await ready(el);
    expect(field(el, 'lastname')!.value).to.equal('Eingeloggt');
    expect(field(el, 'city')!.value).to.equal('Bonn');
    expect(field(el, 'emailAddress')!.value, 'the property wins over the attribute').to.equal(
      'p@example.de',
    );
    if (field(el, 'salutation')) expect(field(el, 'salutation')!.value).to.equal('MALE');
  });

  it('lays the address out with a narrow house number and postcode, stacked when the element is narrow', async () => {
    const fx = await fixtures();
    const el = await fixture<ContactRealtor>(
      html`<contact-realtor expose-id=${fx.exposes.LONG[0]!}></contact-realtor>`,
    );
    await ready(el);
    const box = (n: string) => field(el, n)!.getBoundingClientRect();
    const fieldset = $<HTMLFieldSetElement>(el, 'fieldset')!;
    for (const width of ['700px', '420px']) {
      el.style.width = width;
      expect(box('street').width, width).to.be.greaterThan(box('houseNumber').width * 1.5);
      expect(box('city').width, `the city is wide at ${width}`).to.be.greaterThan(
        box('postcode').width * 1.5,
      );
      expect(box('postcode').left).to.equal(box('street').left);
      expect(box('houseNumber').top).to.equal(box('street').top);
      expect(box('city').top).to.equal(box('postcode').top);
      expect(fieldset.scrollWidth).to.be.at.most(fieldset.clientWidth);
    }
    // a narrow sidebar: one field per line, each as wide as the box
    el.style.width = '250px';
    const widths = ['street', 'houseNumber', 'postcode', 'city'].map((n) =>
      Math.round(box(n).width),
    );
    expect(new Set(widths).size, widths.join()).to.equal(1);
    expect(box('houseNumber').top).to.be.greaterThan(box('street').bottom);
    expect(box('city').top).to.be.greaterThan(box('postcode').bottom);
    expect(fieldset.scrollWidth).to.be.at.most(fieldset.clientWidth);
  });

  // Issue 18: "In the dark partner form the checkboxes stay light." Native controls draw in the
  // colour scheme they inherit: the element must not pin one, so that a dark page (which
  // declares color-scheme: dark) gets dark checkboxes, selects and text fields, and a light one light.
  it('draws its checkboxes, select and fields in the colour scheme of the page (dark in a dark form)', async () => {
    const fx = await fixtures();
    for (const scheme of ['dark', 'light']) {
      const wrap = await fixture<HTMLDivElement>(
        html`<div style="color-scheme:${scheme}"><contact-realtor expose-id=${fx.exposes.LONG[0]!}></contact-realtor></div>`,
      );
      const el = wrap.querySelector('contact-realtor')!;
      await ready(el);
      const controls = [
        ...el.shadowRoot!.querySelectorAll<HTMLElement>(
          'form :is(input:not([tabindex="-1"]), select, textarea)',
        ),
      ];
      expect(
        controls.filter((c) => c.matches('[type=checkbox]')).length,
        'checkboxes',
      ).to.be.at.least(2);
      expect(controls.filter((c) => c.matches('select')).length, 'the salutation select').to.equal(
        1,
      );
      const off = controls
        .filter((c) => getComputedStyle(c).colorScheme !== scheme)
        .map((c) => `${(c as HTMLInputElement).name}: ${getComputedStyle(c).colorScheme}`);
      expect(off, `${scheme} page`).to.deep.equal([]);
    }
  });

  it('shows API text (the listing title) as text', async () => {
    const title = '<img src=x onerror="window.__pwned2=1"> Villa';
    const fakeFetch: typeof fetch = async (input) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/expose/')) {
        return new Response(
          JSON.stringify({
            'expose.expose': { '@id': '42', '@contactFormType': 'EMAIL', realEstate: { title } },
          }),
          {
            headers: { 'content-type': 'application/json' },
          },
        );
      }
      return new Response('', { status: 404 });
    };
    const el = await fixture<ContactRealtor>(
      html`<contact-realtor expose-id="42" .client=${new ImmoClient({ baseUrl: API, fetch: fakeFetch })}></contact-realtor>`,
    );
    await ready(el);
    expect($(el, '[part="expose-title"]')!.textContent).to.equal(title);
    expect(el.shadowRoot!.querySelector('img')).to.equal(null);
    // a configuration that is missing entirely: lastname, what EMAIL needs, the appointment box
    expect(renderedNames(el)).to.deep.equal([
      'lastname*',
      'emailAddress*',
      'appointmentRequested',
      'privacyConsent*',
      'immo_website',
    ]);
    await expect(el).to.be.accessible();
  });
});
