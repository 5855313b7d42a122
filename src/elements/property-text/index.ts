/**
 * The `immo-elements/property-text` entry: the element's class and its event classes, without
 * registering the tag. Its declarations bring the element's `HTMLElementEventMap` entries
 * (events.ts), so `addEventListener` is typed wherever the class is imported.
 */
export * from './property-text.js';
export * from './events.js';
