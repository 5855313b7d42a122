/** The two languages every element speaks; German is the default. */
export type Lang = 'de' | 'en';

/**
 * The element's language: its own `lang` attribute, else the nearest ancestor's (across
 * shadow roots), else German. Anything that is not English counts as German.
 */
export function resolveLang(el: Element): Lang {
  let node: Node | null = el;
  while (node) {
    if (node instanceof Element) {
      const l = node.getAttribute('lang');
      if (l) return l.toLowerCase().startsWith('en') ? 'en' : 'de';
    }
    node = (node as Element).parentNode ?? ((node as unknown as ShadowRoot).host ?? null);
  }
  return 'de';
}

/** Picks the string of the language from a `{ de, en }` pair. */
export function t<T>(lang: Lang, strings: { de: T; en: T }): T {
  return strings[lang];
}

const numberFormats = new Map<string, Intl.NumberFormat>();
/** Formats a number for the language (`1.234` in German, `1,234` in English). */
export function formatNumber(lang: Lang, n: number, opts?: Intl.NumberFormatOptions): string {
  const key = lang + JSON.stringify(opts ?? {});
  let f = numberFormats.get(key);
  if (!f) numberFormats.set(key, (f = new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', opts)));
  return f.format(n);
}
