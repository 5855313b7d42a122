import { localized, type Localized } from './i18n.js';
import type { FailureKind } from './failure.js';

/**
 * The one format for visible text (sentences, labels, announcements) in every element and in
 * the shared modules (this file, failure.ts):
 *
 * ```ts
 * // strings.ts: German, shipped with the element
 * const de = {
 *   retry: 'Erneut versuchen',                        // a label: no full stop
 *   loaded: (n: number) =>                            // a sentence with values: a function
 *     n === 1 ? '1 Angebot geladen.' : `${n} Angebote geladen.`,
 * };
 * export type Strings = typeof de;
 * export const STRINGS = localized(de, () => import('./strings.en.js'), SHARED);
 *
 * // strings.en.ts: English, loaded on demand (dist/chunks/<tag>.en.js)
 * import type { Strings } from './strings.js';
 * const en: Strings = { retry: 'Try again', loaded: (n) => … };   // same keys, same types
 * export default en;
 * ```
 *
 * - German first; English is typed `Strings`, so a missing or extra key does not compile.
 *   strings.en.ts imports only types from strings.ts (and values from other English modules),
 *   or the German table would load with the English one.
 * - Keys are camelCase. Values are plain text: Lit escapes them, nothing is ever HTML.
 * - A value that depends on numbers or names is a function of them; plurals are decided
 *   inside it. Numbers come in formatted (`formatNumber`), never raw.
 * - Sentences end with a full stop; labels, buttons and headings do not. Progress ends with
 *   " …" (space, ellipsis). Quotes are „…“ in German and “…” in English.
 * - Labels of a list of API values (enum labels) are a table by value, or a list in the
 *   order of the client's value list, in each language's file.
 * - Pick a language with `STRINGS[lang]`; the element's LocalizeController (i18n.ts) makes
 *   its renders wait until the English table is here.
 * - New keys go at the end of both objects.
 *
 * A sentence two elements both say lives here, once: an element's table takes it from
 * `SHARED.de` (its English file from this file's English one), or the element reads
 * `SHARED[lang]` directly.
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
