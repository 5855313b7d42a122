import type { Story } from '../story.js';
import { sandboxFixtures, sandboxToken } from '../story.js';

interface Fixtures {
  exposes: Record<'EMAIL' | 'PHONE' | 'LONG' | 'NONE', string[]> & {
    all: { id: string; title?: string }[];
  };
}

/** Compositions: how the elements work together on a partner's pages. */
const stories: Story[] = [
  {
    name: 'Search page: place → listing counts',
    description:
      'A geo-autocomplete drives a region-stats through its for attribute, without any code: pick a city and the chart shows its quarters. Drill down by clicking a bar.',
    html:
      '<form role="search" class="search-page">\n' +
      '  <geo-autocomplete id="place" label="Stadt oder Landkreis" types="city,district" resolve="GeoId" name="place"></geo-autocomplete>\n' +
      '  <region-stats for="place" drilldown real-estate-types="apartmentrent,apartmentbuy,houserent,housebuy"></region-stats>\n' +
      '</form>',
  },
  {
    name: 'Listing page: details and contact',
    description:
      'A mock listing page: the listing on the left, its contact form on the right, shaped by the listing’s own contact form configuration. The sandbox’s outbox (sidebar) shows the e-mail the realtor receives.',
    html:
      '<article class="listing">\n' +
      '  <section>\n' +
      '    <div class="photo" role="img" aria-label="Foto der Wohnung"></div>\n' +
      '    <h2>Helle 3-Zimmer-Wohnung mit Balkon</h2>\n' +
      '    <p>3 Zimmer · 84 m² · 1.290 € kalt</p>\n' +
      '  </section>\n' +
      '  <contact-realtor expected-form="LONG"></contact-realtor>\n' +
      '</article>',
    setup: async (container) => {
      const fx = await sandboxFixtures<Fixtures>();
      const id = fx.exposes.LONG[0]!;
      // The mock page shows the same listing as the form's heading.
      const title = fx.exposes.all.find((e) => e.id === id)?.title;
      if (title) container.querySelector('.listing h2')!.textContent = title;
      container.querySelector('contact-realtor')!.setAttribute('expose-id', id);
    },
  },
  {
    name: 'Back office: text for a new listing',
    description:
      'property-text with its embedded geo-autocomplete for the location: pick an address, fill in the data, generate a headline and description. The sandbox issues the demo user’s token.',
    html: '<property-text></property-text>',
    setup: async (container) => {
      const el = container.querySelector('property-text') as HTMLElement & { token?: string };
      el.token = await sandboxToken();
    },
  },
  {
    name: 'Back office: projects and listings',
    description:
      'project-picker for the demo user: choose a building project and add published listings to it.',
    html: '<project-picker></project-picker>',
    setup: async (container) => {
      const el = container.querySelector('project-picker') as HTMLElement & { token?: string };
      el.token = await sandboxToken();
    },
  },
];

export default stories;
