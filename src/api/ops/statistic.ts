/** The region statistic (docs/interface.md#statistic): the operation, its checks and its parser. */
import { ClientBase, enc, encList, type CallOptions } from '../core.js';
import { count, id, isObj, list, localName, name as nameOf, obj, type Node } from '../coerce.js';
import { children, fail, parser, rootNodes } from '../parse.js';
import type { Problems } from '../validate.js';
import { NS } from '../types/common.js';
import {
  REAL_ESTATE_TYPES,
  realEstateTypeParam,
  type GeoHierarchyElement,
  type GeoHierarchyStatistic,
  type StatisticQuery,
} from '../types/statistic.js';

function hierarchyElement(x: unknown): GeoHierarchyElement {
  const n = obj(x) ?? fail('geo hierarchy element is not an object');
  const geoCodeId = id(n.geoCodeId) ?? fail('geoCodeId missing');
  const typeRaw = nameOf(n['@xsi.type']);
  const stats = children(
    obj(n.statistics) ? [obj(n.statistics)!] : [],
    'GeoHierarchyStatistic',
  ).flatMap((s) => {
    const o = obj(s);
    const realEstateType = nameOf(o?.['@realEstateType'] ?? o?.realEstateType);
    const c = count(o?.['@count'] ?? o?.count);
    return realEstateType && c !== undefined ? [{ realEstateType, count: c }] : [];
  });
  // type and name only when the answer has them (name is optional in the schema).
  const type = typeRaw ? localName(typeRaw) : undefined;
  const name = nameOf(n.name);
  return { ...(type ? { type } : {}), ...(name ? { name } : {}), geoCodeId, statistics: stats };
}

export const parseStatistic = /* @__PURE__ */ parser(
  'getStatistic',
  (doc): GeoHierarchyStatistic => {
    const [root] = rootNodes(doc, 'geoHierarchyElementsStatistic', NS.common);
    const parent = hierarchyElement(root!.parent);
    const kids = children(list(root!.children).filter(isObj) as Node[], 'geoHierarchyElement').map(
      hierarchyElement,
    );
    return { parent, children: kids };
  },
);

export function validateStatistic(
  q: {
    geocode?: unknown;
    realEstateTypes?: unknown;
    customerNumber?: unknown;
    username?: unknown;
    channel?: unknown;
  },
  p: Problems,
): void {
  const g =
    typeof q.geocode === 'number' && Number.isSafeInteger(q.geocode)
      ? String(q.geocode)
      : q.geocode;
  if (typeof g !== 'string' || !/^\d+$/.test(g.trim()))
    p.add('geocode', 'must be a numeric geo code id');
  if (q.realEstateTypes !== undefined) {
    if (!Array.isArray(q.realEstateTypes)) p.add('realEstateTypes', 'must be a list');
    else for (const t of q.realEstateTypes) p.oneOf('realEstateTypes', t, REAL_ESTATE_TYPES);
  }
  for (const k of ['customerNumber', 'username', 'channel'] as const)
    if (q[k] !== undefined) p.string(k, q[k]);
}

/** Counts per real-estate type for a region and its direct subregions. */
export function getStatistic(
  c: ClientBase,
  query: StatisticQuery,
  opts?: CallOptions,
): Promise<GeoHierarchyStatistic> {
  return c.request(
    'getStatistic',
    opts,
    (p) => validateStatistic(query ?? {}, p),
    () => ({
      operation: 'getStatistic',
      method: 'GET',
      path: '/search/v1.0/statistic',
      query: [
        ['geocode', enc(String(query.geocode).trim())],
        [
          'realestatetypes',
          query.realEstateTypes?.length
            ? encList(query.realEstateTypes.map(realEstateTypeParam))
            : undefined,
        ],
        [
          'customernumber',
          query.customerNumber !== undefined ? enc(query.customerNumber) : undefined,
        ],
        ['username', query.username !== undefined ? enc(query.username) : undefined],
        ['channel', query.channel !== undefined ? enc(query.channel) : undefined],
      ],
      format: opts?.format ?? 'json',
      parse: (b, f, s) => parseStatistic(b, f, s),
    }),
  );
}
