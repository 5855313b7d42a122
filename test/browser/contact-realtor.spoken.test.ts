/**
 * What a screen-reader user hears in contact-realtor, end to end against the sandbox: an
 * empty form sent, the focus on the first field to correct with its state and message, then
 * the fields to correct named, said after the focus move (helpers/transcript.ts).
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/contact-realtor/define.js';
import type { ContactRealtor } from '../../src/elements/contact-realtor/contact-realtor.js';
import { API, describe, it, listen, press } from './helpers/index.js';

const q = <T extends Element = HTMLElement>(el: ContactRealtor, sel: string) =>
  el.shadowRoot!.querySelector<T>(sel);

describe('contact-realtor: what a screen reader says', () => {
  it('sends the empty form: the first field to correct, then which fields, in that order', async () => {
    const fx = (await (await fetch(`${API}/sandbox/fixtures`)).json()) as {
      exposes: { EMAIL: string[] };
    };
    // An empty form: no draft another test left in this tab for the same listing.
    sessionStorage.removeItem(`immo-contact-realtor:draft:${fx.exposes.EMAIL[0]!}`);
    const el = await fixture<ContactRealtor>(
      html`<contact-realtor expose-id=${fx.exposes.EMAIL[0]!}></contact-realtor>`,
    );
    await waitUntil(() => q(el, 'form'), 'the form', { timeout: 10000 });
    await el.updateComplete;
    const t = listen(el);
    q(el, 'button[type="submit"]')!.focus();
    const from = t.mark();
    await press('Enter');
    await waitUntil(() => /Bitte korrigieren/.test(q(el, '[role="status"]')!.textContent!));
    const said = (await t.lines()).slice(from);
    expect(said).to.deep.equal([
      'Nachname, Eingabefeld, erforderlich, ungültig, Bitte füllen Sie dieses Feld aus.',
      'Bitte korrigieren Sie 3 Eingaben: Nachname, E-Mail, Einwilligung.',
    ]);
    t.stop();
  });
});
