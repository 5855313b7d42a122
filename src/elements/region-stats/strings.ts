import { localized, type Lang } from '../../shared/i18n.js';
import { SHARED } from '../../shared/strings.js';
import { clip } from '../../shared/text.js';

/** The request's spelling of a type: lower case without separators (`HOUSE_BUY` → `housebuy`). */
export const requestName = (type: string) => type.replace(/[_\s-]/g, '').toLowerCase();

const de = {
  /**
   * Labels of every RealEstateType (docs/interface.md#statistic), as plural category names (the chart
   * counts listings of a kind), in schema order. The schema's own one-word annotations are
   * too terse for a legend ("Mietwohnung"), so these follow the portal's category wording.
   */
  types: {
    APARTMENT_RENT: 'Mietwohnungen',
    APARTMENT_BUY: 'Eigentumswohnungen',
    HOUSE_RENT: 'Häuser zur Miete',
    HOUSE_BUY: 'Häuser zum Kauf',
    GARAGE_RENT: 'Garagen und Stellplätze zur Miete',
    GARAGE_BUY: 'Garagen und Stellplätze zum Kauf',
    LIVING_RENT_SITE: 'Wohngrundstücke zur Pacht',
    LIVING_BUY_SITE: 'Wohngrundstücke zum Kauf',
    TRADE_SITE: 'Gewerbegrundstücke',
    HOUSE_TYPE: 'Typenhäuser',
    FLAT_SHARE_ROOM: 'WG-Zimmer',
    SENIOR_CARE: 'Pflegeheimplätze',
    ASSISTED_LIVING: 'Betreutes Wohnen',
    OFFICE: 'Büros und Praxen',
    INDUSTRY: 'Hallen und Produktion',
    STORE: 'Einzelhandel',
    GASTRONOMY: 'Gastronomie und Hotels',
    SPECIAL_PURPOSE: 'Spezialgewerbe',
    INVESTMENT: 'Anlageimmobilien',
    COMPULSORY_AUCTION: 'Zwangsversteigerungen',
    SHORT_TERM_ACCOMMODATION: 'Wohnen auf Zeit',
  } as Record<string, string>,
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
    `Für „${g}“ gibt es keine Statistik: Der Dienst liefert sie nur für Regionen mit ` +
    'Unterregionen, zum Beispiel eine Stadt mit ihren Stadtteilen.',
  badGeocode: (g: string) =>
    `„${g}“ ist kein gültiger Geocode: erwartet wird eine Ziffernfolge wie 1276003001.`,
  badTypes: (g: string) => `Unbekannte Immobilienart: ${g}.`,
  badFormat: (g: string) => `Unbekanntes Format „${g}“: erwartet wird json oder xml.`,
  badData: 'Die übergebene Statistik hat nicht die erwartete Form.',
  unknown: (g: string) => `Der Dienst kennt keine Region mit dem Geocode „${g}“.`,
  rejected: (g: string, f: string) =>
    `Der Dienst hat die Anfrage für „${g}“ abgelehnt: Statistiken gibt es nur für Regionen ` +
    `mit Unterregionen, und die Filter (${f}) müssen gültig sein.`,
  filters: { customerNumber: 'Kundennummer', username: 'Benutzername', channel: 'Kanal' } as Record<
    string,
    string
  >,
  badSelection: (g: string) =>
    `Für „${g}“ gibt es keine Regionsstatistik. Bitte eine Stadt, einen Kreis oder ein Bundesland wählen.`,
  failed: 'Die Statistik konnte nicht geladen werden.',
  retry: SHARED.de.retry,
  sorted: (c: string, d: string) => `Sortiert nach ${c}, ${d}.`,
  asc: 'aufsteigend',
  desc: 'absteigend',
  path: 'Regionspfad',
  back: (p: string) => `Zurück zu ${p}`,
  more: (n: string, rest: string) =>
    `Diagramm und Tabelle zeigen die ${n} häufigsten Arten einzeln und die übrigen ${rest} zusammen.`,
  otherTypes: 'Weitere Arten',
  hint: 'Pfeiltasten wechseln die Unterregion, Eingabetaste wählt sie aus.',
  sum: 'Gesamt',
  top: (n: string, all: string, largest: boolean) =>
    largest
      ? `Die ${n} Unterregionen mit den meisten Inseraten, von ${all}.`
      : `${n} von ${all} Unterregionen.`,
  showAll: (all: string) => `Alle ${all} Unterregionen zeigen`,
  showMore: (n: string, all: string) => `${n} weitere von ${all} Unterregionen zeigen`,
  showTop: (n: string) => `Nur die ${n} größten zeigen`,
  kinds: 'Gewählte Immobilienarten',
  everyKind: 'Alle Immobilienarten',
  everyType: 'Alle Immobilienarten zeigen',
};
export type Strings = typeof de;
export const STRINGS = localized(de, () => import('./strings.en.js'), SHARED);

/** The types the element knows, in schema order (the keys of the German labels). */
export const TYPES = Object.keys(de.types);

/** The label of a response's type value (`types`); an unknown value is shown as it came. */
export function typeLabel(lang: Lang, type: string): string {
  return STRINGS[lang].types[type] ?? clip(type);
}
