/**
 * The `immo-elements/contact-realtor` entry: the element's class and its event classes, without
 * registering the tag. Its declarations bring the element's `HTMLElementEventMap` entries
 * (events.ts), so `addEventListener` is typed wherever the class is imported.
 */
export * from './contact-realtor.js';
export * from './events.js';
