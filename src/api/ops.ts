/**
 * The operations of SPEC.md 4 as functions of a ClientBase (a ClientCore, an ImmoClient):
 * an element imports the two or three it needs, not the whole client. Each operation lives
 * in ops/ with its checks and its parser, one module per part of the interface, so that a
 * script-tag bundle carries only its element's (scripts/build-dist.ts moves a module two
 * element bundles share to the runtime chunk whole).
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
