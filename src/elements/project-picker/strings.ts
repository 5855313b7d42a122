import { localized } from '../../shared/i18n.js';
import { SHARED } from '../../shared/strings.js';

/** The lists that show a page at a time, by what they hold. */
export type ListKind = 'projects' | 'listings' | 'results';

const deNumber = (n: number) => n.toLocaleString('de-DE');

/**
 * Every visible string and announcement of `<project-picker>`, German (English: strings.en.ts).
 * The element clips text from an answer before it goes into a sentence (src/shared/text.ts).
 */
const de = {
  projects: 'Bauprojekte',
  projectsLoading: 'Bauprojekte werden geladen …',
  noProjects: 'Sie haben noch keine Bauprojekte. Bauprojekte legt der Betreiber des Portals an.',
  published: 'veröffentlicht',
  unpublished: 'nicht veröffentlicht',
  entriesOf: (n: string) => `Angebote in „${n}“`,
  entriesLoading: 'Angebote werden geladen …',
  noEntries: 'Dieses Projekt enthält noch keine Angebote.',
  selectHint: 'Wählen Sie ein Projekt, um seine Angebote zu sehen.',
  used: (c: number, m: number | null) =>
    m == null ? (c === 1 ? '1 Eintrag' : `${c} Einträge`) : `${c} / ${m} Einträge`,
  listing: (id: string) => `Angebot ${id}`,
  project: (id: string) => `Projekt ${id}`,
  idLabel: (id: string) => `Nr. ${id}`,
  add: 'Angebote hinzufügen',
  unpublishedRule:
    'Dieses Projekt ist nicht veröffentlicht. Nur veröffentlichten Projekten können Angebote hinzugefügt werden.',
  fullRule: (m: number) =>
    `Das Projekt ist voll: Ein Projekt mit dem Produkt BASIC nimmt höchstens ${m} Angebote auf.`,
  fits: (n: number) =>
    n === 1
      ? 'Noch 1 Angebot passt in dieses Projekt.'
      : `Noch ${n} Angebote passen in dieses Projekt.`,
  fitsUnlimited: 'Dieses Projekt hat keine Obergrenze.',
  fitsUnknown:
    'Ob das Projekt veröffentlicht ist und wie viele Angebote es noch aufnimmt, prüft das Portal beim Hinzufügen.',
  units: (n: number) => (n === 1 ? '1 Wohneinheit' : `${n} Wohneinheiten`),
  whyNoAnswer:
    'Das Portal hat zu diesem Angebot nichts gemeldet. Ob es aufgenommen wurde, zeigt die Liste der Angebote im Projekt.',
  whyNotFound: 'Dieses Angebot gibt es nicht (mehr).',
  whyForeign:
    'Dieses Angebot gehört nicht zu Ihrem Konto. Nur eigene Angebote können hinzugefügt werden.',
  whyFullIfBasic: (n: number, m: number) =>
    `Das Projekt enthält ${n} Angebote. Hat es das Produkt BASIC, ist es damit voll: Es nimmt höchstens ${m} Angebote auf.`,
  whyUnpublished:
    'Das Projekt ist vermutlich noch nicht veröffentlicht. Nur veröffentlichten Projekten können Angebote hinzugefügt werden.',
  whyUnknown: (m: number) =>
    'Das Portal hat das Angebot nicht aufgenommen. Es nimmt Angebote nur in veröffentlichte Projekte auf, ' +
    `in ein Projekt mit dem Produkt BASIC höchstens ${m}, und jedes Angebot nur einmal.`,
  search: 'Eigene Angebote durchsuchen',
  pickerLabel: 'Eigene veröffentlichte Angebote',
  ownLoading: 'Ihre Angebote werden geladen …',
  noCandidates: 'Alle Ihre veröffentlichten Angebote sind bereits in diesem Projekt.',
  noMatch: (q: string) => `Kein Angebot passt zu „${q}“.`,
  found: (n: number) => (n === 1 ? '1 Angebot gefunden.' : `${n} Angebote gefunden.`),
  cannotAdd: 'kann nicht hinzugefügt werden',
  chosen: (n: number) => (n === 1 ? '1 ausgewählt' : `${n} ausgewählt`),
  submit: (n: number) => (n === 1 ? '1 Angebot hinzufügen' : `${n} Angebote hinzufügen`),
  submitNone: 'Ausgewählte hinzufügen',
  cancel: SHARED.de.cancel,
  adding: 'Wird hinzugefügt …',
  limitReached: (n: number) =>
    n === 1
      ? 'Mehr passt nicht: nur noch 1 Angebot hat Platz.'
      : `Mehr passt nicht: nur noch ${n} Angebote haben Platz.`,
  chooseFirst: 'Bitte wählen Sie zuerst mindestens ein Angebot aus.',
  tooMany: (n: number, m: number) =>
    `${n} Angebote ausgewählt, aber nur ${m} passen noch in das Projekt.`,
  alreadyIn: (id: string) => `Angebot ${id} ist bereits in diesem Projekt.`,
  listingUnpublished: (id: string) =>
    `Angebot ${id} ist nicht veröffentlicht und kann nicht hinzugefügt werden.`,
  noProject: 'Bitte wählen Sie zuerst ein Projekt.',
  created: 'hinzugefügt',
  refused: 'abgelehnt',
  results: 'Ergebnis',
  addedSummary: (ok: number, all: number) =>
    ok === all
      ? ok === 1
        ? '1 Angebot wurde hinzugefügt.'
        : `${ok} Angebote wurden hinzugefügt.`
      : `${ok} von ${all} Angeboten wurden hinzugefügt, ${all - ok} abgelehnt.`,
  selected: (n: string) => `Projekt „${n}“ ausgewählt.`,
  loadedEntries: (n: number) => (n === 1 ? '1 Angebot geladen.' : `${n} Angebote geladen.`),
  loadedProjects: (n: number) => (n === 1 ? '1 Bauprojekt geladen.' : `${n} Bauprojekte geladen.`),
  showMore: (n: number, kind: ListKind) =>
    n === 1
      ? `1 weiteres ${{ projects: 'Projekt', listings: 'Angebot', results: 'Ergebnis' }[kind]} anzeigen`
      : `${deNumber(n)} weitere ${{ projects: 'Projekte', listings: 'Angebote', results: 'Ergebnisse' }[kind]} anzeigen`,
  shownOf: (shown: number, all: number) => `${deNumber(shown)} von ${deNumber(all)} angezeigt`,
  retry: SHARED.de.retry,
  authTitle: 'Anmeldung erforderlich',
  authText:
    'Ihre Anmeldung fehlt oder ist abgelaufen. Sobald Sie wieder angemeldet sind, geht es hier weiter.',
  errProjects: 'Die Bauprojekte konnten nicht geladen werden.',
  errEntries: 'Die Angebote des Projekts konnten nicht geladen werden.',
  errOwn: 'Ihre Angebote konnten nicht geladen werden.',
  errAdd: 'Die Angebote konnten nicht hinzugefügt werden.',
  unexpected: 'Unerwarteter Fehler.',
  types: {
    ApartmentRent: 'Mietwohnung',
    ApartmentBuy: 'Eigentumswohnung',
    HouseRent: 'Haus zur Miete',
    HouseBuy: 'Haus zum Kauf',
  } as Record<string, string>,
};

export type Strings = typeof de;
export const STRINGS = localized(de, () => import('./strings.en.js'), SHARED);
