import type { Story } from '../story.js';
import { sandboxFault, sandboxFixtures } from '../story.js';
import type { GeoHierarchyStatistic } from '../../src/api/index.js';
import type { RegionStats } from '../../src/elements/region-stats/region-stats.js';

interface StatFixtures {
  statistic: {
    geocodesWithSubregions: { geoCodeId: string; name: string }[];
    geocodeWithoutSubregions?: { geoCodeId: string; name: string };
  };
}

const each = (container: HTMLElement, fn: (el: RegionStats) => void) =>
  container.querySelectorAll('region-stats').forEach((el) => fn(el));

/** Sets the geocode only after a sandbox fault is in place, so the first request meets it. */
const withFault = (fault: Record<string, unknown>) => async (container: HTMLElement) => {
  const fx = await sandboxFixtures<StatFixtures>();
  await sandboxFault({ route: 'statistic', ...fault });
  each(container, (el) =>
    el.setAttribute('geocode', fx.statistic.geocodesWithSubregions[0]!.geoCodeId),
  );
};

const stories: Story[] = [
  {
    name: 'City and its quarters',
    description:
      'Berlin (geocode 1276003001) and its quarters for four property types: legend with the city’s own counts, a bar chart drawn as SVG and the same numbers as a sortable table. Click a bar or a row: the element fires region-select.',
    html: '<region-stats geocode="1276003001" real-estate-types="apartmentrent,apartmentbuy,houserent,housebuy"></region-stats>',
  },
  {
    name: 'Drill-down',
    description:
      'With drilldown the element descends into the chosen subregion itself (Germany → state → city → quarters) and shows a breadcrumb back up. A subregion without subregions of its own is explained, not hidden.',
    html: '<region-stats drilldown geocode="1276" real-estate-types="apartmentrent,housebuy"></region-stats>',
  },
  {
    name: 'Wired to a geo-autocomplete',
    description:
      'The for attribute names a geo-autocomplete: the statistic follows its selection without any code (the entity’s geoId with resolve="GeoId", else the suggestion id).',
    html:
      '<geo-autocomplete id="stats-where" label="Stadt oder Kreis" types="region,city,district" resolve="GeoId"></geo-autocomplete>\n' +
      '<region-stats for="stats-where" drilldown real-estate-types="apartmentrent,apartmentbuy"></region-stats>',
  },
  {
    name: 'Filtered by publisher and channel, as XML',
    description:
      'Counts only listings of one customer in the homepage channel, requested as XML (format="xml"): the XML parser loads on demand.',
    html: '<region-stats geocode="1276006001" customer-number="K-300377" channel="hp" format="xml" real-estate-types="apartmentrent,apartmentbuy,office"></region-stats>',
  },
  {
    name: 'English, every type',
    description:
      'lang="en" and no real-estate-types: the service’s default set, all types of the schema, with English labels and numbers.',
    html: '<region-stats lang="en" geocode="1276010024"></region-stats>',
  },
  {
    name: 'Own palette',
    description:
      'The series colours are custom properties; the default is the Okabe-Ito palette, readable with colour-vision deficiencies.',
    html:
      '<region-stats geocode="1276009003" real-estate-types="apartmentrent,housebuy,flatshareroom" ' +
      'style="--immo-region-stats-series-1:#332288;--immo-region-stats-series-2:#44aa99;--immo-region-stats-series-3:#cc6677"></region-stats>',
  },
  {
    name: 'Data from the host page',
    description:
      'The data property shows a statistic the page already has: no request, no stats-loaded event. Nothing loads, so --immo-region-stats-height: 0 lets the element take its content’s height instead of the reserved 900 px.',
    html: '<region-stats style="--immo-region-stats-height:0"></region-stats>',
    setup: (container) => {
      const data: GeoHierarchyStatistic = {
        parent: {
          type: 'City',
          name: 'Musterstadt',
          geoCodeId: '1276099001',
          statistics: [
            { realEstateType: 'APARTMENT_RENT', count: 1234 },
            { realEstateType: 'HOUSE_BUY', count: 321 },
          ],
        },
        children: [
          {
            type: 'Quarter',
            name: 'Altstadt',
            geoCodeId: '1276099001001',
            statistics: [
              { realEstateType: 'APARTMENT_RENT', count: 702 },
              { realEstateType: 'HOUSE_BUY', count: 48 },
            ],
          },
          {
            type: 'Quarter',
            name: 'Neustadt',
            geoCodeId: '1276099001002',
            statistics: [
              { realEstateType: 'APARTMENT_RENT', count: 532 },
              { realEstateType: 'HOUSE_BUY', count: 0 },
            ],
          },
        ],
      };
      each(container, (el) => (el.data = data));
    },
  },
  {
    name: 'Empty',
    description:
      'A channel nobody publishes in: every count is 0, so the element says so in one sentence, in the height it had while loading (nothing under it moves).',
    html: '<region-stats geocode="1276003001" channel="999999" real-estate-types="apartmentrent"></region-stats>',
  },
  {
    name: 'Geocode without subregions',
    description:
      'The service refuses a geocode without subregions (a quarter); the element explains why.',
    html: '<region-stats></region-stats>',
    expectFailedRequests: true,
    setup: async (container) => {
      const fx = await sandboxFixtures<StatFixtures>();
      const leaf = fx.statistic.geocodeWithoutSubregions;
      if (leaf) each(container, (el) => el.setAttribute('geocode', leaf.geoCodeId));
    },
  },
  {
    name: 'Error with retry',
    description:
      'The sandbox answers the first request with 500 (the client retries only on 429/502/503/504): the error in the element’s language, and “Erneut versuchen” loads the statistic.',
    html: '<region-stats></region-stats>',
    setup: withFault({ status: 500, times: 1 }),
  },
  {
    name: 'Loading',
    description:
      'The sandbox delays the answer by 5 seconds: the skeleton and a polite announcement.',
    html: '<region-stats></region-stats>',
    setup: withFault({ latencyMs: 5000, times: 1 }),
  },
];

export default stories;
