/**
 * immo-elements/ssr: the five elements rendered on a server, to HTML with declarative shadow
 * DOM (docs/embedding.md, "Server rendering"), through Lit's server renderer (@lit-labs/ssr).
 *
 * Importing this module registers the five tags in Node, so that @lit-labs/ssr's own
 * `render()` renders them wherever they stand in a Lit template; `renderToString` and
 * `renderHTML` are the short ways for a server that has a template or a page's markup. It
 * also loads the elements' English strings, so that an English element is English on the
 * server too (in the browser they load on demand). The browser side of such a page imports
 * `@lit-labs/ssr-client/lit-element-hydrate-support.js` before the elements, and Lit then
 * takes over the rendered shadow roots instead of making new ones.
 *
 * Node only: a browser bundle imports 'immo-elements/define' (or a tag's own) instead.
 */
import type { RenderInfo } from '@lit-labs/ssr';
import { html as staticHtml, unsafeStatic } from 'lit/static-html.js';
import './define.js';
import { STRINGS as GEO } from './elements/geo-autocomplete/strings.js';
import { STRINGS as MULTIPLE } from './elements/geo-autocomplete/multiple.js';
import { GeoAutocomplete, loadMultipleCode } from './elements/geo-autocomplete/geo-autocomplete.js';
import { STRINGS as REGION } from './elements/region-stats/strings.js';
import { STRINGS as CONTACT } from './elements/contact-realtor/strings.js';
import { STRINGS as PROPERTY } from './elements/property-text/strings.js';
import { STRINGS as PROJECTS } from './elements/project-picker/strings.js';
import { setPageLang } from './shared/i18n.js';
import type { ImmoElementMap } from './frameworks/elements.js';
import { isMissing, missingPeer } from './peers.js';

// @lit-labs/ssr is an optional peer (a browser-only app does not install it): without it,
// importing this module fails with an error that says what to install.
const [ssr, { collectResult }] = await Promise.all([
  import('@lit-labs/ssr'),
  import('@lit-labs/ssr/lib/render-result.js'),
]).catch((e: unknown) => {
  throw isMissing(e, '@lit-labs/ssr') ? missingPeer('immo-elements/ssr', '@lit-labs/ssr', e) : e;
});

/** @lit-labs/ssr's `render()`, with the five tags registered for it. */
export const render: typeof ssr.render = ssr.render;

// Every render on a server is synchronous: the English tables, and the chips of
// `<geo-autocomplete multiple>`, are here before the first.
await Promise.all([
  ...[GEO, MULTIPLE, REGION, CONTACT, PROPERTY, PROJECTS].map((t) => t.load()),
  // A server writes an element's styles into the shadow root it renders: the chips' join
  // them there (the browser adopts them when `multiple` starts, multiple.ts).
  loadMultipleCode().then((m) => GeoAutocomplete.elementStyles.push(m.styles)),
]);

/** A tag of this package. */
export type ImmoTag = keyof ImmoElementMap;

/** What `render()` takes: a Lit template (or any value a Lit child part takes). */
export type Renderable = Parameters<typeof render>[0];

/** How a page is rendered. */
export interface ServerRenderOptions {
  /**
   * The page's language (its `<html lang>`): an element without a `lang` of its own is
   * rendered in it, as it speaks the language of its ancestors in the browser. A server
   * renders an element without the page around it, so it cannot see the page's.
   */
  lang?: string;
}

/**
 * What @lit-labs/ssr's `render()` takes as its second argument for `options`:
 * `render(template, renderInfo({ lang: 'en' }))` renders the elements in the page's language.
 */
export function renderInfo(options: ServerRenderOptions = {}): Partial<RenderInfo> {
  const { lang } = options;
  if (!lang) return {};
  class PageLangRenderer extends ssr.LitElementRenderer {
    override connectedCallback(): void {
      setPageLang(this.element, lang!);
      super.connectedCallback();
    }
  }
  return { elementRenderers: [PageLangRenderer] };
}

/**
 * A Lit template rendered to one string: the elements in it with their shadow roots as
 * `<template shadowrootmode="open">`, and the markers Lit's hydration reads.
 */
export function renderToString(value: Renderable, options?: ServerRenderOptions): Promise<string> {
  return collectResult(render(value, renderInfo(options)));
}

/**
 * A page's markup (the partner's own, as it is written in a template or a CMS; never a
 * visitor's text) rendered with every element of the package in it: the same markup, each
 * element with its declarative shadow root. Attributes are what the element reads; a
 * property that has no attribute (`data`, `expose`, `selections`) is set through a Lit template and
 * `renderToString` instead, or through `renderElement`. A whole page's `<html lang>` is its
 * language when `options.lang` is not given.
 */
export function renderHTML(markup: string, options: ServerRenderOptions = {}): Promise<string> {
  const lang = options.lang ?? /<html\b[^>]*?\slang\s*=\s*["']?([A-Za-z-]+)/i.exec(markup)?.[1];
  return renderToString(staticHtml`${unsafeStatic(markup)}`, { ...options, lang });
}

/** Escapes an attribute value for markup in double quotes. */
const attr = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * One element rendered: its tag, its attributes (a value `true` writes the attribute
 * without a value, `false`, `null` and `undefined` leave it out) and properties set before
 * the render (`data` of region-stats, `expose` of contact-realtor, …), which the page then
 * hands the element in the browser too (before its script runs, or the hydration renders
 * the element without them).
 */
export function renderElement<T extends ImmoTag>(
  tag: T,
  attributes: Record<string, string | number | boolean | null | undefined> = {},
  properties: Partial<Record<keyof ImmoElementMap[T] & string, unknown>> = {},
  options?: ServerRenderOptions,
): Promise<string> {
  if (!/^[a-z][a-z0-9]*-[a-z0-9-]+$/.test(tag)) throw new TypeError(`not a tag: ${tag}`);
  let open = `<${tag}`;
  for (const [name, v] of Object.entries(attributes)) {
    if (!/^[a-zA-Z_:][-a-zA-Z0-9_:.]*$/.test(name))
      throw new TypeError(`not an attribute: ${name}`);
    if (v === false || v == null) continue;
    open += v === true ? ` ${name}` : ` ${name}="${attr(String(v))}"`;
  }
  const names = Object.keys(properties);
  for (const name of names)
    if (!/^[a-zA-Z_$][\w$]*$/.test(name)) throw new TypeError(`not a property: ${name}`);
  // A template's strings as a tagged literal gives them: the attributes are static, each
  // property a `.name=${value}` binding.
  const strings = [
    ...names.map((n, i) => `${i ? '' : open} .${n}=`),
    `${names.length ? '' : open}></${tag}>`,
  ];
  const raw = Object.assign([...strings], { raw: strings });
  const values = names.map((n) => (properties as Record<string, unknown>)[n]);
  return renderToString(staticHtml(raw as unknown as TemplateStringsArray, ...values), options);
}
