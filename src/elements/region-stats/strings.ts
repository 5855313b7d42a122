import type { Lang } from '../../shared/i18n.js';
import { SHARED } from '../../shared/strings.js';

/**
 * Labels of every RealEstateType of common-1.0.xsd, as plural category names (the chart
 * counts listings of a kind). The schema's own one-word annotations are too terse for a
 * legend ("Mietwohnung"), so these follow the portal's category wording.
 */
export const TYPE_LABELS: Record<string, [de: string, en: string]> = {
  APARTMENT_RENT: ['Mietwohnungen', 'Apartments for rent'],
  APARTMENT_BUY: ['Eigentumswohnungen', 'Apartments for sale'],
  HOUSE_RENT: ['Häuser zur Miete', 'Houses for rent'],
  HOUSE_BUY: ['Häuser zum Kauf', 'Houses for sale'],
  GARAGE_RENT: ['Garagen und Stellplätze zur Miete', 'Garages and parking for rent'],
  GARAGE_BUY: ['Garagen und Stellplätze zum Kauf', 'Garages and parking for sale'],
  LIVING_RENT_SITE: ['Wohngrundstücke zur Pacht', 'Residential plots for lease'],
  LIVING_BUY_SITE: ['Wohngrundstücke zum Kauf', 'Residential plots for sale'],
  TRADE_SITE: ['Gewerbegrundstücke', 'Commercial plots'],
  HOUSE_TYPE: ['Typenhäuser', 'Catalogue houses'],
  FLAT_SHARE_ROOM: ['WG-Zimmer', 'Flat-share rooms'],
  SENIOR_CARE: ['Pflegeheimplätze', 'Care home places'],
  ASSISTED_LIVING: ['Betreutes Wohnen', 'Assisted living'],
  OFFICE: ['Büros und Praxen', 'Offices and practices'],
  INDUSTRY: ['Hallen und Produktion', 'Halls and production'],
  STORE: ['Einzelhandel', 'Retail'],
  GASTRONOMY: ['Gastronomie und Hotels', 'Restaurants and hotels'],
  SPECIAL_PURPOSE: ['Spezialgewerbe', 'Special-purpose property'],
  INVESTMENT: ['Anlageimmobilien', 'Investment property'],
  COMPULSORY_AUCTION: ['Zwangsversteigerungen', 'Foreclosure auctions'],
  SHORT_TERM_ACCOMMODATION: ['Wohnen auf Zeit', 'Short-term accommodation'],
};

/** The label of a response's type value; an unknown value is shown as it came. */
export function typeLabel(lang: Lang, type: string): string {
  return TYPE_LABELS[type]?.[lang === 'de' ? 0 : 1] ?? type;
}

/** The request's spelling of a type: lower case without separators (`HOUSE_BUY` → `housebuy`). */
export const requestName = (type: string) => type.replace(/[_\s-]/g, '').toLowerCase();

const de = {
  chart: (p: string) => `Balkendiagramm: Inserate je Unterregion von ${p}`,
  table: (p: string) => `Inserate je Unterregion von ${p}`,
  region: 'Region',
  total: (p: string) => `${p} insgesamt`,
  loading: 'Statistik wird geladen …',
  loaded: (p: string, n: string) => `Statistik für ${p} geladen, ${n} Unterregionen.`,
  idle: 'Bitte eine Region wählen.',
  empty: (p: string) => `Für ${p} gibt es keine Inserate der gewählten Arten.`,
  noChildren: (p: string) => `${p} hat keine Unterregionen.`,
  invalid: (g: string) =>
    `Für „${g}“ gibt es keine Statistik: Der Dienst liefert sie nur für Regionen mit Unterregionen, zum Beispiel eine Stadt mit ihren Stadtteilen.`,
  badGeocode: (g: string) => `„${g}“ ist kein gültiger Geocode: erwartet wird eine Ziffernfolge wie 1276003001.`,
  badTypes: (g: string) => `Unbekannte Immobilienart: ${g}.`,
  badFormat: (g: string) => `Unbekanntes Format „${g}“: erwartet wird json oder xml.`,
  badData: 'Die übergebene Statistik hat nicht die erwartete Form.',
  unknown: (g: string) => `Der Dienst kennt keine Region mit dem Geocode „${g}“.`,
  rejected: (g: string, f: string) =>
    `Der Dienst hat die Anfrage für „${g}“ abgelehnt: Statistiken gibt es nur für Regionen mit Unterregionen, und die Filter (${f}) müssen gültig sein.`,
  filters: { customerNumber: 'Kundennummer', username: 'Benutzername', channel: 'Kanal' } as Record<string, string>,
  badSelection: (g: string) => `Für „${g}“ gibt es keine Regionsstatistik. Bitte eine Stadt, einen Kreis oder ein Bundesland wählen.`,
  failed: 'Die Statistik konnte nicht geladen werden.',
  retry: SHARED.de.retry,
  sorted: (c: string, d: string) => `Sortiert nach ${c}, ${d}.`,
  asc: 'aufsteigend',
  desc: 'absteigend',
  path: 'Regionspfad',
  back: (p: string) => `Zurück zu ${p}`,
  more: (n: string, rest: string) => `Das Diagramm zeigt die ${n} häufigsten Arten und die übrigen ${rest} zusammen, die Tabelle jede Art einzeln.`,
  otherTypes: 'Weitere Arten',
  hint: 'Pfeiltasten wechseln die Unterregion, Eingabetaste wählt sie aus.',
  sum: 'Gesamt',
  top: (n: string, all: string, largest: boolean) => (largest ? `Die ${n} Unterregionen mit den meisten Inseraten, von ${all}.` : `${n} von ${all} Unterregionen.`),
  showAll: (all: string) => `Alle ${all} Unterregionen zeigen`,
  showTop: (n: string) => `Nur die ${n} größten zeigen`,
  kinds: 'Gewählte Immobilienarten',
  everyKind: 'Alle Immobilienarten',
  everyType: 'Alle Immobilienarten zeigen',
};
const en: typeof de = {
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
  badGeocode: (g) => `“${g}” is not a valid geocode: a string of digits such as 1276003001 is expected.`,
  badTypes: (g) => `Unknown real estate type: ${g}.`,
  badFormat: (g) => `Unknown format “${g}”: json or xml is expected.`,
  badData: 'The statistic handed in does not have the expected shape.',
  unknown: (g) => `The service knows no region with the geocode “${g}”.`,
  rejected: (g, f) =>
    `The service refused the request for “${g}”: statistics exist only for regions with subregions, and the filters (${f}) must be valid.`,
  filters: { customerNumber: 'customer number', username: 'user name', channel: 'channel' },
  badSelection: (g) => `There are no region statistics for “${g}”. Please choose a city, a district or a federal state.`,
  failed: 'The statistics could not be loaded.',
  retry: SHARED.en.retry,
  sorted: (c, d) => `Sorted by ${c}, ${d}.`,
  asc: 'ascending',
  desc: 'descending',
  path: 'Region path',
  back: (p) => `Back to ${p}`,
  more: (n, rest) => `The chart shows the ${n} most frequent types and the other ${rest} together; the table shows each type.`,
  otherTypes: 'Other types',
  hint: 'Arrow keys move between subregions, Enter selects one.',
  sum: 'Total',
  top: (n, all, largest) => (largest ? `The ${n} subregions with the most listings, of ${all}.` : `${n} of ${all} subregions.`),
  showAll: (all) => `Show all ${all} subregions`,
  showTop: (n) => `Show only the ${n} largest`,
  kinds: 'Chosen property types',
  everyKind: 'Every property type',
  everyType: 'Show every property type',
};
export const STRINGS: Record<Lang, typeof de> = { de, en };
export type Strings = typeof de;
