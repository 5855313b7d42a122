/**
 * The package's tags as a value, for code that goes through them in turn: the demo, the docs
 * tables, the build's entries, the bench and the tests. src/frameworks/elements.ts is the one
 * list of them, but a type (ImmoElementMap); this record is keyed by it, so TypeScript refuses
 * a tag that is missing here or unknown there. Its order is the order the demo and the docs
 * list the elements in. No DOM and no Node here: browser and Node code both import it.
 */
import type { ImmoElementMap } from '../src/frameworks/elements.js';

/** A tag of this package. */
export type Tag = keyof ImmoElementMap;

const ORDER: Record<Tag, true> = {
  'geo-autocomplete': true,
  'region-stats': true,
  'contact-realtor': true,
  'property-text': true,
  'project-picker': true,
};

export const TAGS = Object.keys(ORDER) as readonly Tag[];

/** Whether a string is one of the tags. */
export const isTag = (s: string): s is Tag => Object.hasOwn(ORDER, s);

/** The module that registers a tag, relative to the repository root. */
export const defineModule = (tag: Tag) => `src/elements/${tag}/define.ts`;
