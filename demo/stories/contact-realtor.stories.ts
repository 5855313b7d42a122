import type { Story } from '../story.js';
import { sandboxFault, sandboxFixtures } from '../story.js';
import type { ContactRealtor } from '../../src/elements/contact-realtor/contact-realtor.js';

interface ExposeFixtures {
  exposes: Record<'EMAIL' | 'PHONE' | 'LONG' | 'NONE', string[]> & {
    all: { id: string; contactFormType: string; purpose: string }[];
  };
}

/** Points every <contact-realtor> in the story at a seeded expose (ids are never hard-coded). */
const withExpose =
  (
    pick: (fx: ExposeFixtures) => string | undefined,
    extra?: (el: ContactRealtor) => void | Promise<void>,
  ) =>
  async (container: HTMLElement) => {
    const fx = await sandboxFixtures<ExposeFixtures>();
    const id = pick(fx) ?? fx.exposes.EMAIL[0]!;
    for (const el of container.querySelectorAll('contact-realtor')) {
      await extra?.(el);
      el.setAttribute('expose-id', id);
    }
  };

const byPurpose = (fx: ExposeFixtures, word: string) =>
  fx.exposes.all.find((e) => e.contactFormType !== 'NONE' && e.purpose.includes(word))?.id;

const stories: Story[] = [
  {
    name: 'E-mail form',
    description:
      'The default: a quick-contact (EMAIL) form with the fields its configuration names; last name and e-mail are required.',
    html: '<contact-realtor></contact-realtor>',
    setup: withExpose((fx) => fx.exposes.EMAIL[0]),
  },
  {
    name: 'Phone form',
    description:
      'Contact form type PHONE: the phone number is required instead of the e-mail address.',
    html: '<contact-realtor></contact-realtor>',
    setup: withExpose((fx) => fx.exposes.PHONE[0]),
  },
  {
    name: 'Long form, everything mandatory',
    description:
      'Contact form type LONG: e-mail, phone and the whole address are required, and this realtor marks every entry MANDATORY. expected-form="LONG" (the page knows its listing) reserves the long form\'s height while it loads.',
    html: '<contact-realtor expected-form="LONG"></contact-realtor>',
    setup: withExpose((fx) => byPurpose(fx, 'everything mandatory') ?? fx.exposes.LONG[0]),
  },
  {
    name: 'Every entry optional',
    description:
      'A configuration with every entry OPTIONAL: only what the form type (EMAIL) needs is required. It asks for everything the long form does, so the page says expected-form="LONG".',
    html: '<contact-realtor expected-form="LONG"></contact-realtor>',
    setup: withExpose((fx) => byPurpose(fx, 'OPTIONAL')),
  },
  {
    name: 'XML request body',
    description:
      'format="xml": the request is sent as expose:contactForm XML, valid against expose-1.0.xsd. The XML writer loads only now.',
    html: '<contact-realtor format="xml" expected-form="LONG"></contact-realtor>',
    setup: withExpose((fx) => fx.exposes.LONG[0]),
  },
  {
    name: 'Realtor without e-mail (NONE)',
    description:
      'Contact form type NONE: no form, a clear message, and the contact-unavailable event; the host page shows a phone number in the "unavailable" slot.',
    html: '<contact-realtor>\n  <p slot="unavailable">Telefon: <a href="tel:+492215550199">0221 555 01 99</a></p>\n</contact-realtor>',
    setup: withExpose((fx) => fx.exposes.NONE[0]),
  },
  {
    name: 'English, own heading and privacy link',
    description:
      'lang="en", a partner heading in the "heading" slot and the partner\'s privacy policy link in the "consent" slot.',
    html:
      '<contact-realtor lang="en">\n  <h3 slot="heading">Ask about this flat</h3>\n' +
      '  <span slot="consent">I agree to the <a href="#privacy">privacy policy</a> and that my details are passed on to the realtor.</span>\n</contact-realtor>',
    setup: withExpose((fx) => fx.exposes.EMAIL[0]),
  },
  {
    name: 'Prefilled for a logged-in visitor',
    description:
      'Prefill attributes for simple values; the prefill property takes a whole ContactForm (address included). A draft the visitor typed wins.',
    html: '<contact-realtor expected-form="LONG" prefill-firstname="Erika" prefill-lastname="Mustermann" prefill-email="erika@example.de"></contact-realtor>',
    setup: withExpose(
      (fx) => fx.exposes.LONG[0],
      (el) => {
        el.prefill = {
          phoneNumber: '+49 221 1234567',
          address: { street: 'Heidestraße', houseNumber: '17', postcode: '51147', city: 'Köln' },
        };
      },
    ),
  },
  {
    name: 'Sending fails (service error)',
    description:
      'The sandbox answers the contact request with 503 twice: the entries stay, the error is shown and announced, and "Erneut senden" retries.',
    html: '<contact-realtor></contact-realtor>',
    setup: async (container) => {
      await sandboxFault({ route: 'contact', status: 503, times: 2 });
      await withExpose((fx) => fx.exposes.EMAIL[0])(container);
    },
  },
  {
    name: 'Loading fails',
    description:
      'The expose cannot be loaded (the sandbox answers 500 three times, more than the client retries): an error with a retry button.',
    html: '<contact-realtor></contact-realtor>',
    setup: async (container) => {
      await sandboxFault({ route: 'expose', status: 500, times: 3 });
      await withExpose((fx) => fx.exposes.PHONE[0])(container);
    },
  },
  {
    name: 'On a listing page',
    description:
      'The form beside a mock listing, themed only with the documented custom properties.',
    html:
      '<article style="display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,300px),1fr));gap:24px;max-width:960px">\n' +
      '  <section>\n    <h2>Altbauwohnung mit Stuck und Südbalkon</h2>\n    <p>3 Zimmer · 92,5 m² · 489.000 €</p>\n' +
      '    <p>Kastanienallee 28, 10435 Berlin (Prenzlauer Berg)</p>\n  </section>\n' +
      '  <contact-realtor style="--immo-color-accent:#8a3b12;--immo-color-on-accent:#ffffff;--immo-radius:2px;--immo-space:10px"></contact-realtor>\n</article>',
    setup: withExpose((fx) => fx.exposes.EMAIL[0]),
  },
];

export default stories;
