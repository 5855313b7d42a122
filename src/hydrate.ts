/**
 * immo-elements/hydrate: Lit's hydration support, for a page whose elements a server rendered
 * (docs/embedding.md, "Server-side rendering"). Imported before the elements, it makes Lit take
 * over the shadow roots the server wrote instead of rendering them again; an element without
 * one renders as usual. The script-tag file is dist/immo-elements-hydrate.js.
 */
import '@lit-labs/ssr-client/lit-element-hydrate-support.js';
import { missingPeer } from './peers.js';

type Support = (lit: { LitElement: typeof import('lit').LitElement }) => void;
type Hydrating = { _$needsHydration?: boolean; renderRoot: ShadowRoot; localName: string };

const g = globalThis as { litElementHydrateSupport?: Support };
const support = g.litElementHydrateSupport;
// @lit-labs/ssr-client is an optional peer. Where it is missing, a bundler that stands an empty
// module in for it leaves no support here (Vite's stand-in throws its own error, naming it).
if (!support) throw missingPeer('immo-elements/hydrate', '@lit-labs/ssr-client');

/**
 * A server render that does not match the browser's first render (the page gave the server
 * a property it does not give the element in the browser, or other attributes) makes Lit's
 * hydration throw, and the element would stay as the server drew it, dead. Such an element
 * is drawn anew instead, keeping the server's styles, with a warning that says why.
 */
g.litElementHydrateSupport = (lit) => {
  support(lit);
  const proto = lit.LitElement.prototype as unknown as {
    update(this: Hydrating, changed: unknown): void;
  };
  const update = proto.update;
  proto.update = function (changed) {
    const hydrating = !!this._$needsHydration;
    try {
      update.call(this, changed);
    } catch (e) {
      if (!hydrating) throw e;
      console.warn(
        `${this.localName}: the server's render is not the browser's first render (docs/embedding.md, "Server-side rendering": the page gives the element in the browser what it gave the server); it is drawn anew.`,
        e,
      );
      for (const n of [...this.renderRoot.childNodes]) if (n.nodeName !== 'STYLE') n.remove();
      update.call(this, changed);
    }
  };
};
