import type { Strings } from './strings.js';
import type { MultipleStrings } from './multiple.js';
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
  chosen: (l, type) => `Selected: ${l}, ${type}`,
  missing: 'Please enter a location.',
  pick: 'Please choose a suggestion from the list.',
  types: {
    country: 'Countries',
    region: 'Federal states',
    city: 'Cities',
    district: 'Districts',
    quarterOrTown: 'Boroughs and towns',
    quarter: 'Quarters',
    postcode: 'Postcodes',
    postcodeWithQuarter: 'Postcodes with borough',
    street: 'Streets',
    trainStation: 'Train stations',
    address: 'Addresses',
    customArea: 'Areas',
    region_v1: 'Regions',
  },
  type: {
    country: 'Country',
    region: 'Federal state',
    city: 'City',
    district: 'District',
    quarterOrTown: 'Borough or town',
    quarter: 'Quarter',
    postcode: 'Postcode',
    postcodeWithQuarter: 'Postcode with borough',
    street: 'Street',
    trainStation: 'Train station',
    address: 'Address',
    customArea: 'Area',
    region_v1: 'Region',
  },
};

/** `multiple`'s strings in English (multiple.ts has the German ones and loads this with them). */
export const multiple: MultipleStrings = {
  chips: 'Chosen places',
  remove: (l) => `Remove ${l}`,
  places: (n, max) =>
    max
      ? `${n} of ${max} places chosen`
      : n === 1
        ? '1 place chosen'
        : n
          ? `${n} places chosen`
          : 'no place chosen',
  added: (l, count) => `${l} added, ${count}`,
  removed: (l, count) => `${l} removed, ${count}`,
  full: (n) => (n === 1 ? 'At most 1 place' : `At most ${n} places`),
  missing: 'Please choose at least one place.',
};

export default en;
