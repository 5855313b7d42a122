import type { Strings } from './strings.js';
import shared from '../../shared/strings.en.js';

/** `<geo-autocomplete>`'s strings in English (strings.ts), loaded the first time one shows English. */
const en: Strings = {
  label: 'Location',
  placeholder: 'City, district or postcode',
  list: 'Suggestions',
  count: (n) => (n === 1 ? '1 suggestion' : `${n} suggestions`),
  none: 'No matches',
  short: (n) => `At least ${n} characters`,
  loading: 'Searching …',
  rate: 'Trying again shortly …',
  retry: shared.retry,
  clear: shared.clear,
  recent: 'Recently chosen',
  chosen: (l) => `${l} selected`,
  missing: 'Please enter a location.',
  pick: 'Please choose a suggestion from the list.',
  types: {
    country: 'Countries', region: 'Federal states', city: 'Cities', district: 'Districts',
    quarterOrTown: 'Boroughs and towns', quarter: 'Quarters', postcode: 'Postcodes',
    postcodeWithQuarter: 'Postcodes with borough', street: 'Streets', trainStation: 'Train stations',
    address: 'Addresses', customArea: 'Areas', region_v1: 'Regions',
  },
};

export default en;
