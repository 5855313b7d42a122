import type { Story } from '../story.js';
import { sandboxFault, sandboxToken } from '../story.js';
import type { PropertyText } from '../../src/elements/property-text/property-text.js';

const each = (container: HTMLElement, fn: (el: PropertyText) => void) =>
  container.querySelectorAll('property-text').forEach((el) => fn(el));

/** Gives every element of the story a fresh sandbox user token. */
const withToken = async (container: HTMLElement) => {
  const token = await sandboxToken();
  each(container, (el) => (el.token = token));
};

/** Renews the token whenever the element asks for one (auth-required), as a host's sign-in would. */
const refreshOnAuth = (container: HTMLElement) => {
  each(container, (el) =>
    el.addEventListener('auth-required', async () => (el.token = await sandboxToken())),
  );
};

const apartment = {
  realEstateType: 'apartment',
  transactionType: 'rent',
  location: {
    street: 'Schönhauser Allee',
    number: '80',
    postalCode: '10439',
    city: 'Berlin',
    district: 'Prenzlauer Berg',
  },
  apartmentDetails: {
    buildingType: 'ATTIC',
    condition: 'FIRST_TIME_USE_AFTER_REFURBISHMENT',
    interiorQuality: 'SOPHISTICATED',
    heatingType: 'FLOOR_HEATING',
    livingSpace: 78.5,
    noRooms: 3,
    noBathrooms: 1,
    floor: 4,
    balconyTerrace: true,
    elevator: true,
    equippedKitchen: true,
    monthlyRent: 1290,
    additionalCosts: 240,
    deposit: '3870,00',
    moveInDate: '01.10.2025',
    constructionYear: 1905,
    lastRefurbishment: 2023,
  },
} as const;

const stories: Story[] = [
  {
    name: 'Form',
    description:
      'A realtor picks apartment or house and rent or sale, fills the grouped form (location, size and rooms, condition and equipment, energy, costs) and gets an editable headline and text to copy. The address search fills street, postcode, city and the coordinates. The draft survives a reload.',
    html: '<property-text draft-key="demo-form"></property-text>',
    setup: withToken,
  },
  {
    name: 'Prefilled apartment (data)',
    description:
      'A host application hands over its own data through the data property; the form shows it, ready to generate.',
    html: '<property-text draft-key="demo-prefilled"></property-text>',
    setup: async (container) => {
      await withToken(container);
      each(container, (el) => (el.data = structuredClone(apartment) as never));
    },
  },
  {
    name: 'Headless (no-form)',
    description:
      'no-form hides the built-in form: the host sets data and calls generate(); the element shows progress, errors and the editable result. Here the button is the host page’s own.',
    html: '<property-text no-form no-draft></property-text>',
    setup: async (container) => {
      await withToken(container);
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Text erzeugen (Host-Button)';
      button.addEventListener('click', () =>
        each(container, (el) => {
          el.data = structuredClone(apartment) as never;
          el.generate().catch(() => undefined);
        }),
      );
      container.prepend(button);
    },
  },
  {
    name: 'Expired token (auth-required)',
    description:
      'No token at first: the service answers 401, the element fires auth-required, the host sets a fresh token and the element retries once, keeping the form.',
    html: '<property-text no-draft></property-text>',
    setup: (container) => {
      refreshOnAuth(container);
      each(container, (el) => (el.data = structuredClone(apartment) as never));
    },
  },
  {
    name: 'Failing service (500)',
    description:
      'The sandbox answers 500 twice: the element reports the error, keeps the form and offers a retry.',
    html: '<property-text no-draft></property-text>',
    setup: async (container) => {
      await withToken(container);
      await sandboxFault({ route: 'property-text', status: 500, times: 2 });
      each(container, (el) => (el.data = structuredClone(apartment) as never));
    },
  },
  {
    name: 'Slow service (cancel)',
    description:
      'The sandbox takes eight seconds: a progress indicator and a cancel button that aborts the request.',
    html: '<property-text no-draft></property-text>',
    setup: async (container) => {
      await withToken(container);
      await sandboxFault({ route: 'property-text', latencyMs: 8000, times: 3 });
      each(container, (el) => (el.data = structuredClone(apartment) as never));
    },
  },
  {
    name: 'English, house for sale',
    description: 'lang="en": every label, enum value, message and announcement in English.',
    html: '<property-text lang="en" no-draft></property-text>',
    setup: async (container) => {
      await withToken(container);
      each(
        container,
        (el) =>
          (el.data = {
            realEstateType: 'house',
            transactionType: 'sale',
            location: { postalCode: '5020', city: 'Salzburg' },
            houseDetails: {
              buildingType: 'VILLA',
              constructionPhase: 'COMPLETED',
              livingSpace: 210,
              propertySize: 900,
              noRooms: 7,
              price: 1450000,
              monument: true,
            },
          }),
      );
    },
  },
  {
    name: 'Austria',
    description: 'country="AUT": the address search and the coordinates come from Austrian places.',
    html: '<property-text country="AUT" draft-key="demo-aut"></property-text>',
    setup: withToken,
  },
];

export default stories;
