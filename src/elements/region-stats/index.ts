/**
 * The `immo-elements/region-stats` entry: the element's class and its event classes, without
 * registering the tag. Its declarations bring the element's `HTMLElementEventMap` entries
 * (events.ts), so `addEventListener` is typed wherever the class is imported.
 */
export * from './region-stats.js';
export * from './events.js';
