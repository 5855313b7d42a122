/**
 * The `immo-elements/geo-autocomplete` entry: the element's class and its event classes, without
 * registering the tag. Its declarations bring the element's `HTMLElementEventMap` entries
 * (events.ts), so `addEventListener` is typed wherever the class is imported.
 */
export * from './geo-autocomplete.js';
export * from './events.js';
export { ValidityChangeEvent } from '../../shared/form-control.js';
