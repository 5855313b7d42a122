import type { Lang } from '../../shared/i18n.js';
import { SHARED } from '../../shared/strings.js';

/** Every visible string and announcement of `<geo-autocomplete>`, in both languages. */
export const STRINGS = {
  de: {
    label: 'Ort',
    placeholder: 'Ort, Stadtteil oder PLZ',
    list: 'Vorschläge',
    count: (n: number) => (n === 1 ? '1 Vorschlag' : `${n} Vorschläge`),
    none: 'Keine Treffer',
    short: (n: number) => `Mindestens ${n} Zeichen`,
    loading: 'Suche läuft …',
    rate: 'Neuer Versuch in Kürze …',
    retry: SHARED.de.retry,
    clear: SHARED.de.clear,
    recent: 'Zuletzt gewählt',
    chosen: (l: string) => `${l} ausgewählt`,
    missing: 'Bitte einen Ort eingeben.',
    pick: 'Bitte einen Vorschlag aus der Liste wählen.',
    types: {
      country: 'Länder', region: 'Bundesländer', city: 'Städte', district: 'Kreise',
      quarterOrTown: 'Stadtteile und Orte', quarter: 'Ortsteile', postcode: 'Postleitzahlen',
      postcodeWithQuarter: 'PLZ mit Stadtteil', street: 'Straßen', trainStation: 'Bahnhöfe',
      address: 'Adressen', customArea: 'Gebiete', region_v1: 'Regionen',
    } as Record<string, string>,
    // `multiple` (the rest of its strings are in multiple.ts, which loads on demand)
    missingMany: 'Bitte mindestens einen Ort wählen.',
  },
  en: {
    label: 'Location',
    placeholder: 'City, district or postcode',
    list: 'Suggestions',
    count: (n: number) => (n === 1 ? '1 suggestion' : `${n} suggestions`),
    none: 'No matches',
    short: (n: number) => `At least ${n} characters`,
    loading: 'Searching …',
    rate: 'Trying again shortly …',
    retry: SHARED.en.retry,
    clear: SHARED.en.clear,
    recent: 'Recently chosen',
    chosen: (l: string) => `${l} selected`,
    missing: 'Please enter a location.',
    pick: 'Please choose a suggestion from the list.',
    types: {
      country: 'Countries', region: 'Federal states', city: 'Cities', district: 'Districts',
      quarterOrTown: 'Boroughs and towns', quarter: 'Quarters', postcode: 'Postcodes',
      postcodeWithQuarter: 'Postcodes with borough', street: 'Streets', trainStation: 'Train stations',
      address: 'Addresses', customArea: 'Areas', region_v1: 'Regions',
    } as Record<string, string>,
    missingMany: 'Please choose at least one place.',
  },
} satisfies Record<Lang, unknown>;

export type Strings = (typeof STRINGS)['de'];
