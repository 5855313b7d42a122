/**
 * immo-elements/hydrate: Lit's hydration support, for a page whose elements a server rendered
 * (docs/embedding.md, "Server-side rendering"). Imported before the elements, it makes Lit take
 * over the shadow roots the server wrote instead of rendering them again; an element without
 * one renders as usual. The script-tag file is dist/immo-elements-hydrate.js. A server render
 * the browser does not match is drawn anew by the element itself (src/shared/hydration.ts).
 */
import '@lit-labs/ssr-client/lit-element-hydrate-support.js';
import { missingPeer } from './peers.js';

// @lit-labs/ssr-client is an optional peer. Where it is missing, a bundler that stands an empty
// module in for it leaves no support here (Vite's stand-in throws its own error, naming it).
if (!(globalThis as { litElementHydrateSupport?: unknown }).litElementHydrateSupport)
  throw missingPeer('immo-elements/hydrate', '@lit-labs/ssr-client');
