/**
 * The operations of docs/interface.md as functions of a ClientBase (a ClientCore, an
 * ImmoClient): an element imports the few it calls, not the whole client. Each operation
 * lives in ops/ with its checks and its parser, one module per part of the interface.
 */
export { getStatistic } from './ops/statistic.js';
export { getExpose } from './ops/expose.js';
export { contactRealtor } from './ops/contact.js';
export { generatePropertyText } from './ops/property-text.js';
export {
  listProjects,
  listProjectEntries,
  listOwnRealEstates,
  addProjectEntries,
} from './ops/projects.js';
export { suggestGeo } from './ops/geo.js';
export { getGeoEntity } from './ops/geo-entity.js';
export { searchRegions, suggestGeoV1 } from './ops/regions.js';
