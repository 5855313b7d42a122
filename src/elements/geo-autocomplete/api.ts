// What geo-autocomplete needs of the client (imported as a namespace: only these four, not
// the whole client's index).
export { ClientBase } from '../../api/core.js';
export { suggestGeo, suggestGeoV1, getGeoEntity } from '../../api/ops.js';
