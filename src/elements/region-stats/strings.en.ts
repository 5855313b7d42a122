import type { Strings } from './strings.js';
import shared from '../../shared/strings.en.js';

/** `<region-stats>`' strings in English (strings.ts), loaded the first time one shows English. */
const en: Strings = {
  types: {
    APARTMENT_RENT: 'Apartments for rent',
    APARTMENT_BUY: 'Apartments for sale',
    HOUSE_RENT: 'Houses for rent',
    HOUSE_BUY: 'Houses for sale',
    GARAGE_RENT: 'Garages and parking for rent',
    GARAGE_BUY: 'Garages and parking for sale',
    LIVING_RENT_SITE: 'Residential plots for lease',
    LIVING_BUY_SITE: 'Residential plots for sale',
    TRADE_SITE: 'Commercial plots',
    HOUSE_TYPE: 'Catalogue houses',
    FLAT_SHARE_ROOM: 'Flat-share rooms',
    SENIOR_CARE: 'Care home places',
    ASSISTED_LIVING: 'Assisted living',
    OFFICE: 'Offices and practices',
    INDUSTRY: 'Halls and production',
    STORE: 'Retail',
    GASTRONOMY: 'Restaurants and hotels',
    SPECIAL_PURPOSE: 'Special-purpose property',
    INVESTMENT: 'Investment property',
    COMPULSORY_AUCTION: 'Foreclosure auctions',
    SHORT_TERM_ACCOMMODATION: 'Short-term accommodation',
  },
  chart: (p) => `Bar chart: listings per subregion of ${p}`,
  table: (p) => `Listings per subregion of ${p}`,
  region: 'Region',
  total: (p) => `${p} in total`,
  loading: 'Loading statistics …',
  loaded: (p, n) => `Statistics for ${p} loaded, ${n} subregions.`,
  idle: 'Please choose a region.',
  empty: (p) => `There are no listings of the chosen kinds in ${p}.`,
  noChildren: (p) => `${p} has no subregions.`,
  invalid: (g) =>
    `There are no statistics for “${g}”: the service only answers for regions with subregions, such as a city with its quarters.`,
  badGeocode: (g) =>
    `“${g}” is not a valid geocode: a string of digits such as 1276003001 is expected.`,
  badTypes: (g) => `Unknown real estate type: ${g}.`,
  badFormat: (g) => `Unknown format “${g}”: json or xml is expected.`,
  badData: 'The statistic handed in does not have the expected shape.',
  unknown: (g) => `The service knows no region with the geocode “${g}”.`,
  rejected: (g, f) =>
    `The service refused the request for “${g}”: statistics exist only for regions with ` +
    `subregions, and the filters (${f}) must be valid.`,
  filters: { customerNumber: 'customer number', username: 'user name', channel: 'channel' },
  badSelection: (g) =>
    `There are no region statistics for “${g}”. Please choose a city, a district or a federal state.`,
  failed: 'The statistics could not be loaded.',
  retry: shared.retry,
  sorted: (c, d) => `Sorted by ${c}, ${d}.`,
  asc: 'ascending',
  desc: 'descending',
  path: 'Region path',
  back: (p) => `Back to ${p}`,
  more: (n, rest) =>
    `The chart and the table show the ${n} most frequent types one by one and the other ${rest} together.`,
  otherTypes: 'Other types',
  hint: 'Arrow keys move between subregions, Enter selects one.',
  sum: 'Total',
  top: (n, all, largest) =>
    largest
      ? `The ${n} subregions with the most listings, of ${all}.`
      : `${n} of ${all} subregions.`,
  showAll: (all) => `Show all ${all} subregions`,
  showMore: (n, all) => `Show ${n} more of ${all} subregions`,
  showTop: (n) => `Show only the ${n} largest`,
  kinds: 'Chosen property types',
  everyKind: 'Every property type',
  everyType: 'Show every property type',
};

export default en;
