/**
 * One geo entity (docs/interface.md#geo-entity): the operation, its checks and its parser.
 * Apart from the suggestions (geo.ts): geo-autocomplete (`resolve`, a `value` set by code)
 * and property-text (a picked place) load it on demand.
 */
import { ClientBase, enc, jsonOnly, type CallOptions } from '../core.js';
import { id, name, num, obj, strings, text } from '../coerce.js';
import { clip } from '../../shared/text.js';
import { fail, parser } from '../parse.js';
import type { Problems } from '../validate.js';
import { COUNTRIES } from '../types/common.js';
import { GEO_DATA_VALUES, type GeoEntity, type GeoEntityQuery } from '../types/geo.js';

export const parseEntity = /* @__PURE__ */ parser(
  'getGeoEntity',
  (doc, requestedId: string): GeoEntity => {
    const n = doc.root === '' ? obj(doc.node) : obj({ [doc.root]: doc.node });
    if (!n) fail('not an object');
    const src = obj(n.entity) && n.id === undefined ? obj(n.entity)! : n;
    // The request names the id; an answer that leaves it out still describes that entity.
    const eid = id(src.id) ?? (requestedId || fail('id missing'));
    const label = clip(text(src.label) ?? fail('label missing'));
    const type = name(src.type) ?? fail('type missing');
    const entity: GeoEntity = {
      type,
      id: eid,
      label,
      address: strings(src.address, ['street', 'postcode', 'quarter', 'city', 'region'] as const),
    };
    const geoId = id(src.geoId);
    if (geoId) entity.geoId = geoId;
    const g = obj(src.geoData);
    if (g) {
      const x = num(g.x);
      const y = num(g.y);
      const lat = num(g.lat);
      const lon = num(g.lon);
      if (x !== undefined && y !== undefined) entity.geoData = { x, y };
      else if (lat !== undefined && lon !== undefined) entity.geoData = { lat, lon };
    }
    return entity;
  },
);

export function validateEntity(
  q: { country?: unknown; id?: unknown; geoData?: unknown },
  p: Problems,
): void {
  p.oneOf('country', q.country, COUNTRIES);
  p.required('id', q.id);
  if (q.geoData !== undefined) p.oneOf('geoData', q.geoData, GEO_DATA_VALUES);
}

/** One geo entity with optional geo id or coordinates (JSON only, cached). */
export function getGeoEntity(
  c: ClientBase,
  query: GeoEntityQuery,
  opts?: CallOptions,
): Promise<GeoEntity> {
  return c.request(
    'getGeoEntity',
    opts,
    (p) => {
      jsonOnly(opts, p);
      validateEntity(query ?? {}, p);
    },
    () => ({
      operation: 'getGeoEntity',
      method: 'GET',
      path: `/gis/v2.0/geoautocomplete/${query.country}/entity/${enc(query.id.trim())}`,
      query: [['g', query.geoData]],
      format: 'json',
      cacheable: true,
      parse: (b, f, s) => parseEntity(b, f, s, query.id.trim()),
    }),
  );
}
