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
    loading: 'Suche läuft …',
    offline: 'Keine Internetverbindung.',
    rate: 'Der Dienst ist ausgelastet. Neuer Versuch in Kürze …',
    timeout: 'Der Dienst antwortet nicht.',
    invalid: 'Ungültige Einstellung der Suche',
    failed: 'Die Suche ist fehlgeschlagen',
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
  },
  en: {
    label: 'Location',
    placeholder: 'City, district or postcode',
    list: 'Suggestions',
    count: (n: number) => (n === 1 ? '1 suggestion' : `${n} suggestions`),
    none: 'No matches',
    loading: 'Searching …',
    offline: 'No internet connection.',
    rate: 'The service is busy. Trying again shortly …',
    timeout: 'The service does not answer.',
    invalid: 'Invalid search setting',
    failed: 'The search failed',
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
  },
} satisfies Record<Lang, unknown>;

export type Strings = (typeof STRINGS)['de'];
