import type { Lang } from './i18n.js';

/**
 * The one format for visible text (sentences, labels, announcements) in every element and in
 * the shared modules (this file, failure.ts):
 *
 * ```ts
 * const de = {
 *   retry: 'Erneut versuchen',                        // a label: no full stop
 *   loaded: (n: number) =>                            // a sentence with values: a function
 *     n === 1 ? '1 Angebot geladen.' : `${n} Angebote geladen.`,
 * };
 * const en: typeof de = { retry: 'Try again', loaded: (n) => … };   // same keys, same types
 * export const STRINGS: Record<Lang, typeof de> = { de, en };
 * ```
 *
 * - German first; English is typed `typeof de`, so a missing or extra key does not compile.
 * - Keys are camelCase. Values are plain text: Lit escapes them, nothing is ever HTML.
 * - A value that depends on numbers or names is a function of them; plurals are decided
 *   inside it. Numbers come in formatted (`formatNumber`), never raw.
 * - Sentences end with a full stop; labels, buttons and headings do not. Progress ends with
 *   " …" (space, ellipsis). Quotes are „…“ in German and “…” in English.
 * - Pick a language with `STRINGS[lang]` (or `t(lang, STRINGS)` from i18n.ts).
 * - Label tables that mirror a list of API values (enum labels) may keep both languages in one
 *   `'Deutsch|English'` string per value, read with `pick()` below, so that one line per value
 *   stays next to the value it names.
 *
 * A sentence two elements both say lives here, once: an element spreads `SHARED.de` /
 * `SHARED.en` into its own objects or reads `SHARED[lang]` directly.
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
  invalidCount: (n: number) => (n === 1 ? 'Bitte korrigieren Sie 1 Eingabe.' : `Bitte korrigieren Sie ${n} Eingaben.`),
  /** What a failed send or generate promises the visitor. */
  kept: 'Ihre Eingaben bleiben erhalten.',
  cancel: 'Abbrechen',
  clear: 'Eingabe löschen',
  choose: 'Bitte wählen',
  copied: 'In die Zwischenablage kopiert.',
};

const en: typeof de = {
  retry: 'Try again',
  loading: 'Loading …',
  requiredNote: 'Required fields are marked with *.',
  required: 'Please fill in this field.',
  invalidCount: (n) => (n === 1 ? 'Please correct 1 field.' : `Please correct ${n} fields.`),
  kept: 'Your entries are kept.',
  cancel: 'Cancel',
  clear: 'Clear input',
  choose: 'Please choose',
  copied: 'Copied to the clipboard.',
};

/** Sentences and labels every element shares, in both languages. */
export const SHARED: Record<Lang, typeof de> = { de, en };
export type SharedStrings = typeof de;

/** The German or English half of a `'Deutsch|English'` label (one without `|` is the same in both). */
export const pick = (lang: Lang, s: string): string => {
  const i = s.indexOf('|');
  return i < 0 ? s : lang === 'en' ? s.slice(i + 1) : s.slice(0, i);
};
