/**
 * An element's own headings (the region's name, a form's title) sit in a page the element
 * does not know: the page says at which level with `heading-level`, so that they fit its
 * outline. Levels run from 1 to 6; anything else is the default.
 */

/** The heading level a `heading-level` attribute asks for: an integer 1–6, else 2. */
export function headingLevel(v: unknown): number {
  const n = typeof v === 'string' && v.trim() ? Number(v) : typeof v === 'number' ? v : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 6 ? n : 2;
}
