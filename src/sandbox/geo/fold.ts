/**
 * Text folding for geo matching: case, umlauts, ß and other diacritics are folded so that
 * `München`, `munchen` and `muenchen` all become `munchen`, and `Straße` and `strasse` both
 * become `strasse`. Every folded character remembers the span of the original
 * text it came from, so that matches can be reported as offsets into the original label
 * even where folding changes the length (ß → ss, ue → u).
 */

/** One word of a text: its folded form and, per folded character, the original span. */
export interface Token {
  /** Folded text (lower case, ASCII letters and digits where possible). */
  readonly text: string;
  /** Offset in the original string of the first character. */
  readonly start: number;
  /**
   * For each folded character, the original end offset (exclusive) of its source; absent
   * when folded character k simply comes from original character start + k (most words).
   */
  readonly ends?: number[];
}

const MARKS = /\p{M}/gu;

/** Folds one original character (already lower-cased) to zero or more ASCII-ish chars. */
function foldChar(ch: string): string {
  switch (ch) {
    case 'ß':
      return 'ss';
    case 'ä':
    case 'æ':
      return 'a';
    case 'ö':
    case 'ø':
    case 'œ':
      return 'o';
    case 'ü':
      return 'u';
    default:
      if (ch.charCodeAt(0) < 128) return ch;
      return ch.normalize('NFD').replace(MARKS, '');
  }
}

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
const isWordCode = (c: number, ch: string) =>
  c < 128 ? (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) : WORD_CHAR.test(ch);

/**
 * Splits `text` into words (runs of letters and digits) and folds each. The digraphs ae,
 * oe, ue collapse to a, o, u (after ä/ö/ü have been folded to a, o, u), so the
 * transliterated spelling `muenchen` and the umlaut spelling `München` meet in `munchen`.
 */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    let c = text.charCodeAt(i);
    if (!isWordCode(c, text[i]!)) {
      i++;
      continue;
    }
    const start = i;
    let folded = '';
    let prev = 0;
    const ends: number[] = [];
    while (i < n) {
      c = text.charCodeAt(i);
      const ch = text[i]!;
      if (!isWordCode(c, ch)) break;
      i++;
      if (c < 128) {
        if (c >= 65 && c <= 90) c |= 0x20;
        // a/o/u followed by e: drop the e and widen the previous char's span
        if (c === 101 && (prev === 97 || prev === 111 || prev === 117) && i - 1 > start) {
          ends[ends.length - 1] = i;
          prev = 0;
          continue;
        }
        folded += String.fromCharCode(c);
        ends.push(i);
        prev = c;
        continue;
      }
      const f = foldChar(ch.toLowerCase());
      for (let k = 0; k < f.length; k++) {
        folded += f[k];
        ends.push(i);
      }
      prev = f.length === 1 ? f.charCodeAt(0) : 0;
    }
    if (!folded) continue;
    let identity = ends.length === i - start;
    for (let k = 0; identity && k < ends.length; k++) if (ends[k] !== start + k + 1) identity = false;
    out.push(identity ? { text: folded, start } : { text: folded, start, ends });
  }
  return out;
}

/** The folded words of `text` (no offsets), for queries. */
export function foldWords(text: string): string[] {
  return tokenize(text).map((t) => t.text);
}

/** Original span covered by the first `len` folded characters of `token`. */
export function spanOf(token: Token, len: number, from = 0): { offset: number; length: number } {
  const ends = token.ends;
  if (!ends) return { offset: token.start + from, length: Math.min(len, token.text.length - from) };
  const offset = from === 0 ? token.start : ends[from - 1]!;
  const end = ends[Math.min(from + len, ends.length) - 1]!;
  return { offset, length: end - offset };
}
