/**
 * Texts from an answer, a host page or an attribute can be of any length. What an element lays
 * out of one is bounded, so that rendering stays linear in the text's length and a hostile or
 * broken answer cannot freeze the page.
 */

/** Longer than any real place name, region, project, listing title or field label. */
export const TEXT_MAX = 300;

/**
 * `text` as it may be laid out: unchanged up to `max` characters, else cut to `max` characters
 * ending in an ellipsis. A surrogate pair is never split.
 */
export function clip(text: string, max = TEXT_MAX): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}
