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

interface LangHost {
  addController(c: { hostConnected(): void; hostDisconnected(): void }): void;
  requestUpdate(): void;
}
const langHosts = new Set<LangHost>();
let langObserver: MutationObserver | undefined;

/**
 * Renders the element again when a `lang` attribute changes anywhere in the document, so an
 * ancestor's language switch (a page's de/en toggle on <html>) reaches an element that is
 * already on screen, typed text and all. One observer serves every element; `lang` changes
 * are rare, so each of them simply asks every connected element to render.
 */
export function watchLang(host: LangHost): object {
  const controller = {
    hostConnected() {
      langHosts.add(host);
      langObserver ??= new MutationObserver(() => langHosts.forEach((h) => h.requestUpdate()));
      langObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'], subtree: true });
    },
    hostDisconnected() {
      langHosts.delete(host);
    },
  };
  host.addController(controller);
  return controller;
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
