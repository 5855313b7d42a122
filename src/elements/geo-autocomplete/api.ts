// What geo-autocomplete needs of the client, loaded on first use (a dynamic import of this
// module, not of the whole client: a module namespace cannot be tree-shaken).
export { ClientCore } from '../../api/core.js';
export { suggestGeo, suggestGeoV1, getGeoEntity } from '../../api/ops.js';
