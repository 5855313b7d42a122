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
  /**
   * Bit k set: folded character k (k < 31) stands for an umlaut (ä, ö, ü, or the
   * transliterations ae, oe, ue). Absent when there is none. A query word's umlauts must
   * meet umlauts in a label word (umlautsMeet), so that "Rügen" does not find "Rugendorf";
   * a query without umlauts matches either spelling.
   */
  readonly uml?: number;
}

/**
 * The tokens of a record read from a file (cache.ts), before its index makes them: a
 * record's words are only needed once its type is searched, so start-up does not fold the
 * labels of types nobody has asked for yet (TypeIndex tokenizes on construction).
 */
export const UNTOKENIZED: Token[] = Object.freeze([]) as unknown as Token[];

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

/** Abbreviations folded to their full word (see tokenize). */
const ABBREVIATIONS: Record<string, string> = {
  hbf: 'hauptbahnhof',
  bhf: 'bahnhof',
  bf: 'bahnhof',
};

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
const isWordCode = (c: number, ch: string) =>
  c < 128
    ? (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)
    : WORD_CHAR.test(ch);

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
    let uml = 0;
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
          if (ends.length <= 31) uml |= 1 << (ends.length - 1);
          prev = 0;
          continue;
        }
        folded += String.fromCharCode(c);
        ends.push(i);
        prev = c;
        continue;
      }
      const lower = ch.toLowerCase();
      const f = foldChar(lower);
      if ((lower === 'ä' || lower === 'ö' || lower === 'ü') && ends.length < 31)
        uml |= 1 << ends.length;
      for (let k = 0; k < f.length; k++) {
        folded += f[k];
        ends.push(i);
      }
      prev = f.length === 1 ? f.charCodeAt(0) : 0;
    }
    if (!folded) continue;
    // abbreviations as their full word (labels and queries alike): "Hbf" is "Hauptbahnhof",
    // "Bf"/"Bhf" "Bahnhof", "St." "Sankt", "…str." "…straße"; every added character maps to
    // the end of the abbreviation, so a match still highlights exactly what is written
    const dot = text.charCodeAt(i) === 46;
    const full =
      (Object.hasOwn(ABBREVIATIONS, folded) ? ABBREVIATIONS[folded] : undefined) ??
      (dot
        ? folded === 'st'
          ? 'sankt'
          : folded.endsWith('str')
            ? folded + 'asse'
            : undefined
        : undefined);
    if (full !== undefined) {
      const keep = full.startsWith(folded) ? folded.length : 0;
      const end = i + (dot ? 1 : 0);
      ends.length = keep;
      while (ends.length < full.length) ends.push(end);
      folded = full;
      uml = keep ? uml : 0;
      if (dot) i++;
    }
    let identity = ends.length === i - start;
    for (let k = 0; identity && k < ends.length; k++)
      if (ends[k] !== start + k + 1) identity = false;
    const tok: { text: string; start: number; ends?: number[]; uml?: number } = {
      text: folded,
      start,
    };
    if (!identity) tok.ends = ends;
    if (uml) tok.uml = uml;
    out.push(tok);
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

/**
 * Whether the umlauts of a query word (mask q, see Token.uml) meet umlauts of a label word
 * (mask t) matched from its character `at` on: every umlaut of the query must be one in
 * the label; umlauts of the label the query lacks do not matter ("Munchen" finds München).
 */
export function umlautsMeet(q: number, t: number | undefined, at = 0): boolean {
  return (q & ~((t ?? 0) >>> at)) === 0;
}
