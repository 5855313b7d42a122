/**
 * immo-elements: the element classes and the API client, without registering anything.
 * Import 'immo-elements/define' (or '<tag>/define') to register the tags.
 */
export { GeoAutocomplete } from './elements/geo-autocomplete/geo-autocomplete.js';
export * from './elements/geo-autocomplete/events.js';
export { RegionStats } from './elements/region-stats/region-stats.js';
export * from './elements/region-stats/events.js';
export { ContactRealtor } from './elements/contact-realtor/contact-realtor.js';
export * from './elements/contact-realtor/events.js';
export { PropertyText } from './elements/property-text/property-text.js';
export * from './elements/property-text/events.js';
export { ProjectPicker } from './elements/project-picker/project-picker.js';
export * from './elements/project-picker/events.js';
export * from './api/index.js';
export { defineElement } from './shared/define.js';
