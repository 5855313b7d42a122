import { localized } from '../../shared/i18n.js';
import { SHARED } from '../../shared/strings.js';

/** Every visible string and announcement of `<geo-autocomplete>`, German (English: strings.en.ts). */
const de = {
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
  /** The pick, with its type: two places of one name ("Berlin") are told apart. */
  chosen: (l: string, type: string) => `Ausgewählt: ${l}, ${type}`,
  missing: 'Bitte einen Ort eingeben.',
  pick: 'Bitte einen Vorschlag aus der Liste wählen.',
  types: {
    country: 'Länder',
    region: 'Bundesländer',
    city: 'Städte',
    district: 'Kreise',
    quarterOrTown: 'Stadtteile und Orte',
    quarter: 'Ortsteile',
    postcode: 'Postleitzahlen',
    postcodeWithQuarter: 'PLZ mit Stadtteil',
    street: 'Straßen',
    trainStation: 'Bahnhöfe',
    address: 'Adressen',
    customArea: 'Gebiete',
    region_v1: 'Regionen',
  } as Record<string, string>,
  /** One place's type, as its option is described ("Berlin, Stadt"). */
  type: {
    country: 'Land',
    region: 'Bundesland',
    city: 'Stadt',
    district: 'Kreis',
    quarterOrTown: 'Stadtteil oder Ort',
    quarter: 'Ortsteil',
    postcode: 'Postleitzahl',
    postcodeWithQuarter: 'PLZ mit Stadtteil',
    street: 'Straße',
    trainStation: 'Bahnhof',
    address: 'Adresse',
    customArea: 'Gebiet',
    region_v1: 'Region',
  } as Record<string, string>,
};

export type Strings = typeof de;
export const STRINGS = localized(de, () => import('./strings.en.js'), SHARED);
