import { isServer } from 'lit';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { drawn } from './hydration.js';

/** The two languages every element speaks; German is the default. */
export type Lang = 'de' | 'en';

type LocalizeHost = ReactiveControllerHost &
  HTMLElement & {
    readonly renderRoot?: HTMLElement | DocumentFragment;
    readonly hasUpdated: boolean;
  };

/** The connected elements with a LocalizeController, rendered again when a `lang` changes. */
const langHosts = new Set<LocalizeHost>();
let langObserver: MutationObserver | undefined;

/** A `lang` value as one of the two languages: anything that is not English is German. */
const toLang = (l: string): Lang => (l.toLowerCase().startsWith('en') ? 'en' : 'de');

/** On a server: the language of the page each element is rendered into ({@link setPageLang}). */
const pageLangs = new WeakMap<Element, string>();

/**
 * On a server, which renders an element without the ancestors it will have in the page:
 * the page's language, which the element speaks unless it has a `lang` of its own (ssr.ts
 * sets it from its `lang` option).
 */
export function setPageLang(el: Element, lang: string): void {
  pageLangs.set(el, lang);
}

/**
 * The element's language: its own `lang` attribute, else the nearest ancestor's (across
 * shadow roots), else German. Anything that is not English counts as German.
 */
export function resolveLang(el: Element): Lang {
  if (isServer) return toLang(el.getAttribute('lang') || pageLangs.get(el) || '');
  let node: Node | null = el;
  while (node) {
    if (node instanceof Element) {
      const l = node.getAttribute('lang');
      if (l) return toLang(l);
    }
    node = (node as Element).parentNode ?? (node as unknown as ShadowRoot).host ?? null;
  }
  return 'de';
}

/**
 * The language of an element: its own `lang` (the property first, since Lit renders before
 * it reflects a property to the attribute), else the nearest ancestor's, else German.
 *
 * An ancestor's is looked up once and kept until a `lang` attribute changes or an element
 * connects: the observer of LocalizeController watches the document and every shadow root
 * on the way up, and its pending records are taken here, so a change earlier in the same
 * task counts. An element that no observer watches is looked up each time.
 */
export function langOf(el: HTMLElement): Lang {
  const l = el.lang;
  if (l) return toLang(l);
  if (!langObserver || !el.isConnected || el.ownerDocument !== document) return resolveLang(el);
  if (langObserver.takeRecords().length) langChanged();
  const known = inherited.get(el);
  if (known && known.gen === langGen) return known.lang;
  for (let r = el.getRootNode(); r instanceof ShadowRoot; r = r.host.getRootNode()) watch(r);
  const lang = resolveLang(el);
  inherited.set(el, { gen: langGen, lang });
  return lang;
}

/** An element's ancestor language as last looked up, and the {@link langGen} it holds for. */
const inherited = new WeakMap<Element, { gen: number; lang: Lang }>();
/** Counts `lang` changes and connections: a kept language of an older count is looked up again. */
let langGen = 0;
/** The shadow roots the observer watches besides the document. */
const watched = new WeakSet<Node>();

function watch(root: Document | ShadowRoot): void {
  if (!langObserver || watched.has(root)) return;
  watched.add(root);
  langObserver.observe(root, { attributes: true, attributeFilter: ['lang'], subtree: true });
}

/** A `lang` attribute changed somewhere: every kept language is looked up again, every element renders. */
function langChanged(): void {
  langGen++;
  langHosts.forEach((h) => h.requestUpdate());
}

/**
 * A string table in both languages, German shipped with the code that uses it, English loaded
 * on demand (as Shoelace's translation modules and Lit's runtime localization do): `de` is the
 * table, `en` the English one once `load()` has brought it. One dynamic import per table, so
 * the browser's module cache fetches each English file once per page, however many elements
 * ask. Until it is there `en` is the German table: LocalizeController makes every render of
 * an English element wait for it, so only a string read outside a render in the moment of a
 * language switch can be German (and it is the language still on screen).
 */
export interface Localized<T> extends Record<Lang, T> {
  /** Whether the English table is here (and those of the tables it builds on). */
  readonly ready: boolean;
  /** Loads the English table and those it builds on (once; a failed load is tried again on the next call). */
  load(): Promise<unknown>;
}

/**
 * A table: German given, English the default export of the module `en` imports. `needs`: the
 * tables it builds on (an element's needs the kernel's, strings.ts, whose sentences it shows
 * too), loaded and waited for with it.
 */
export function localized<T>(
  de: T,
  en: () => Promise<{ default: T }>,
  ...needs: Localized<unknown>[]
): Localized<T> {
  let table: T | undefined;
  let loading: Promise<void> | undefined;
  const own = () =>
    (loading ??= en().then(
      (m) => void (table = m.default),
      (e: unknown) => {
        loading = undefined;
        throw e;
      },
    ));
  return {
    de,
    get en() {
      return table ?? de;
    },
    get ready() {
      return table !== undefined && needs.every((n) => n.ready);
    },
    load: () => Promise.all([own(), ...needs.map((n) => n.load())]),
  };
}

/**
 * The one way an element gets its strings in its language (all five use it alike):
 *
 * ```ts
 * readonly #i18n = new LocalizeController(this, STRINGS);
 * protected override scheduleUpdate() { return this.#i18n.wait(() => super.scheduleUpdate()); }
 * ```
 *
 * Every render waits until the tables of the element's language are here, so an English
 * element never shows a German word or a key; a German one never waits. Until then the
 * element keeps the height its placeholder rule gave it (read once, in the constructor). A
 * `lang` change anywhere in the document renders every element again
 * (docs/architecture.md#the-element-kernel-srcshared).
 */
export class LocalizeController implements ReactiveController {
  readonly #host: LocalizeHost;
  readonly #tables: Localized<unknown>[];
  /** The height held until the first render (0: none). */
  #height = 0;
  /** The element asked to hold it ({@link hold}), whatever the strings. */
  #holding = false;
  #sheet?: CSSStyleSheet;

  constructor(host: LocalizeHost, ...tables: Localized<unknown>[]) {
    this.#host = host;
    this.#tables = tables;
    host.addController(this);
    if (this.#missing().length) {
      // (An upgraded element is in the page with its attributes; a new one is not yet: it
      // had no placeholder height, and its language is known when it connects.)
      if (host.isConnected) this.#height = host.getBoundingClientRect().height;
      // (A failed load is reported, and tried again, by the render that waits for it.)
      this.#load().catch(() => {});
    }
  }

  /**
   * Holds the height the element has now, its placeholder rule's, until its first render, for
   * a first render that waits for more than strings (geo-autocomplete's `multiple` code).
   * Called from the element's constructor.
   */
  hold(): void {
    if (this.#host.isConnected && !this.#height)
      this.#height = this.#host.getBoundingClientRect().height;
    this.#holding = true;
  }

  hostConnected(): void {
    langHosts.add(this.#host);
    langObserver ??= new MutationObserver(langChanged);
    watch(document);
    langGen++; // (connected elsewhere, it may have other ancestors)
    // (Lit made the shadow root and adopted the element's styles just before this.)
    const root = this.#host.renderRoot as ShadowRoot | undefined;
    if (
      this.#height &&
      !this.#host.hasUpdated &&
      root?.adoptedStyleSheets &&
      (this.#holding || this.#missing().length)
    ) {
      try {
        this.#sheet ??= new CSSStyleSheet();
        this.#sheet.replaceSync(`:host{min-height:${this.#height}px}`);
        if (!root.adoptedStyleSheets.includes(this.#sheet))
          root.adoptedStyleSheets = [...root.adoptedStyleSheets, this.#sheet];
      } catch {
        // (An element moved into another document than its script's cannot adopt this
        // script's sheet: it goes without the held height, as without a placeholder rule.)
        this.#sheet = undefined;
      }
    }
  }

  hostDisconnected(): void {
    langHosts.delete(this.#host);
  }

  /**
   * A table the element uses from now on, besides those it was made with: an on-demand
   * module's (geo-autocomplete's `multiple`). Its English is waited for from the next render.
   */
  add(table: Localized<unknown>): void {
    if (!this.#tables.includes(table)) this.#tables.push(table);
  }

  /**
   * Lit's `scheduleUpdate` through this: `update` runs at once when the tables of the host's
   * language are here, else once they have loaded (a failed load renders in German and warns,
   * rather than never). Every element's update passes here, so a server render the browser
   * does not match is drawn anew here too (hydration.ts, `drawn`).
   */
  wait(update: () => void | Promise<unknown>): void | Promise<unknown> {
    if (!this.#missing().length) return this.#release(update);
    return this.#load()
      .catch((e: unknown) =>
        console.warn(
          `[${this.#host.localName}] English strings could not be loaded; showing German`,
          e,
        ),
      )
      .then(() => this.#release(update));
  }

  #missing(): Localized<unknown>[] {
    return langOf(this.#host) === 'en' ? this.#tables.filter((t) => !t.ready) : [];
  }

  #load(): Promise<unknown> {
    return Promise.all(this.#missing().map((t) => t.load()));
  }

  /** Drops the held height in the task that renders (no frame without either). */
  #release(update: () => void | Promise<unknown>): void | Promise<unknown> {
    if (this.#sheet) {
      const root = this.#host.renderRoot as ShadowRoot;
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== this.#sheet);
      this.#sheet = undefined;
    }
    this.#height = 0;
    this.#holding = false;
    return drawn(this.#host, update);
  }
}

const numberFormats = new Map<string, Intl.NumberFormat>();
/** Formats a number for the language (`1.234` in German, `1,234` in English). */
export function formatNumber(lang: Lang, n: number, opts?: Intl.NumberFormatOptions): string {
  const key = lang + JSON.stringify(opts ?? {});
  let f = numberFormats.get(key);
  if (!f)
    numberFormats.set(key, (f = new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', opts)));
  return f.format(n);
}
