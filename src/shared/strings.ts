import { localized, type Localized } from './i18n.js';
import type { FailureKind } from './failure.js';

/**
 * The kernel's visible text: what every element says alike (the retry button, the failure
 * sentences of failure.ts), German here, English in strings.en.ts. Every element's table has
 * this format and its rules (docs/architecture.md#the-element-kernel-srcshared): German first,
 * English typed `Strings`, plain text (never HTML), a value that depends on numbers or names
 * a function of them, new keys at the end of both tables. A sentence two elements both say
 * lives here, once: an element's table builds on `SHARED`, or the element reads it directly.
 */
const de = {
  /** The retry button of every error box. */
  retry: 'Erneut versuchen',
  /** A generic loading status, for an element that has no more specific one. */
  loading: 'Wird geladen …',
  /** The note above a form that marks required fields with an asterisk. */
  requiredNote: 'Pflichtfelder sind mit * markiert.',
  /** The validation message of an empty required field. */
  required: 'Bitte füllen Sie dieses Feld aus.',
  /** The validation summary above a form. */
  invalidCount: (n: number) =>
    n === 1 ? 'Bitte korrigieren Sie 1 Eingabe.' : `Bitte korrigieren Sie ${n} Eingaben.`,
  /** The same, naming the fields (`names`: their labels, listed), for the announcement after a failed submit. */
  invalidFields: (n: number, names: string) =>
    `Bitte korrigieren Sie ${n === 1 ? '1 Eingabe' : `${n} Eingaben`}: ${names}.`,
  /** What a failed send or generate promises the visitor. */
  kept: 'Ihre Eingaben bleiben erhalten.',
  cancel: 'Abbrechen',
  clear: 'Eingabe löschen',
  choose: 'Bitte wählen',
  copied: 'In die Zwischenablage kopiert.',
  /** Every failure as a visitor reads it (failure.ts): what happened, then what to do; one sentence each. */
  failure: {
    offline: [
      'Ihr Gerät ist offline.',
      'Sobald die Verbindung wieder steht, versuchen Sie es erneut.',
    ],
    network: [
      'Der Dienst ist gerade nicht erreichbar.',
      'Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
    ],
    timeout: [
      'Der Dienst hat nicht rechtzeitig geantwortet.',
      'Bitte versuchen Sie es gleich noch einmal.',
    ],
    busy: [
      'Der Dienst ist gerade überlastet.',
      'Bitte warten Sie einen Moment und versuchen Sie es dann erneut.',
    ],
    server: [
      'Beim Dienst ist ein Fehler aufgetreten.',
      'Bitte versuchen Sie es erneut, notfalls etwas später.',
    ],
    unreadable: ['Die Antwort des Dienstes war unvollständig.', 'Bitte versuchen Sie es erneut.'],
    auth: [
      'Ihre Anmeldung fehlt oder ist abgelaufen.',
      'Bitte melden Sie sich erneut an; Ihre Eingaben bleiben erhalten.',
    ],
    forbidden: [
      'Dafür fehlt Ihrem Zugang die Berechtigung.',
      'Bitte wenden Sie sich an den Betreiber dieser Seite.',
    ],
    notFound: [
      'Das Gesuchte gibt es nicht oder nicht mehr.',
      'Bitte prüfen Sie die Angabe oder laden Sie die Seite neu.',
    ],
    conflict: ['Die Daten wurden inzwischen geändert.', 'Bitte versuchen Sie es erneut.'],
    rejected: ['Der Dienst hat die Angaben nicht angenommen.', 'Bitte prüfen Sie Ihre Eingaben.'],
    invalid: [
      'Einige Angaben fehlen oder sind ungültig.',
      'Bitte prüfen Sie die markierten Felder.',
    ],
    aborted: ['Die Anfrage wurde abgebrochen.', 'Sie können sie erneut starten.'],
    unknown: ['Etwas ist schiefgegangen.', 'Bitte versuchen Sie es erneut.'],
  } as Record<FailureKind, [what: string, todo: string]>,
  /** What to do after a long `Retry-After` (more than a few seconds). */
  retryIn: (s: number) => `Bitte versuchen Sie es in etwa ${s} Sekunden erneut.`,
};

export type SharedStrings = typeof de;

/** Sentences and labels every element shares: German here, English on demand (strings.en.ts). */
export const SHARED: Localized<SharedStrings> = localized(de, () => import('./strings.en.js'));
