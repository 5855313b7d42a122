/**
 * The `immo-elements/project-picker` entry: the element's class and its event classes, without
 * registering the tag. Its declarations bring the element's `HTMLElementEventMap` entries
 * (events.ts), so `addEventListener` is typed wherever the class is imported.
 */
export * from './project-picker.js';
export * from './events.js';
