/**
 * Chart labels in lines no wider than the label column. Knows no DOM: `fits` measures a line,
 * so the breaking can be tested (and its measurements counted) in Node.
 */
import { clip } from '../../shared/text.js';

/** Lines a chart label takes at most; the last one ends in an ellipsis when the name goes on. */
export const LABEL_LINES = 4;

/** A high surrogate: a cut after it would split a character in two. */
const splits = (text: string, end: number) => {
  const c = text.charCodeAt(end - 1);
  return c >= 0xd800 && c <= 0xdbff;
};

/**
 * The longest `end` in [1, max] for which `fits(line(end))` holds, by binary search (widths
 * grow with the head's length); 1 when none does. A handful of measurements, whatever the length.
 */
function longest(max: number, fits: (end: number) => boolean): number {
  let lo = 1;
  let hi = max;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * A region name in at most `lines` lines that each pass `fits`, broken after a space or a
 * hyphen; only a word wider than the column breaks inside, with a hyphen. A name that needs
 * more lines ends in an ellipsis on the last one. The name is `clip`ped first, so each line
 * costs about log2(TEXT_MAX) measurements.
 */
export function wrapLabel(
  name: string,
  fits: (line: string) => boolean,
  lines = LABEL_LINES,
): string[] {
  const out: string[] = [];
  let rest = clip(name).trim();
  while (rest && !fits(rest)) {
    if (out.length >= lines - 1) {
      let end = longest(rest.length - 1, (e) => fits(`${rest.slice(0, e).trimEnd()}…`));
      if (end > 1 && splits(rest, end)) end--;
      out.push(`${rest.slice(0, end).trimEnd()}…`);
      return out;
    }
    // The longest head that fits, ending after a space or a hyphen if one does.
    let end = longest(rest.length - 1, (e) => fits(rest.slice(0, e)));
    if (end > 1 && splits(rest, end)) end--;
    const head = rest.slice(0, end);
    const cut =
      rest[end] === ' ' ? end : Math.max(head.lastIndexOf(' '), head.lastIndexOf('-') + 1);
    let at = cut > 0 ? cut : Math.max(1, end - 1);
    if (at > 1 && splits(rest, at)) at--;
    out.push(cut > 0 ? rest.slice(0, at).trimEnd() : rest.slice(0, at) + '-');
    rest = rest.slice(at).trimStart();
  }
  return [...out, rest];
}
