import { badParameter, notFound, SandboxError } from './errors.js';
import { esc, jsonReply, NS, xmlReply, type Ctx, type Reply } from './http.js';
import type { GeoIndexApi, GeoNode } from './geo-api.js';
import { rng } from './random.js';
import type { Router } from './router.js';
import { REAL_ESTATE_TYPES, SEED_USERS, type RealEstateType } from './seed.js';
import type { SandboxState } from './state.js';

/** One published (or not) real estate the statistic counts. */
export interface StatEstate {
  type: RealEstateType;
  /** Geo node ids from the leaf up to the country. */
  geoIds: string[];
  customerNumber: string;
  username: string;
  channels: string[];
  published: boolean;
}

interface StatData {
  estates: StatEstate[];
  /** geo id → indexes into estates of everything at or below that node. */
  byGeo: Map<string, number[]>;
}

/** Publishing customers of the statistic seeds (the two API users plus realtors). */
export const STAT_PUBLISHERS: { customerNumber: string; username: string; weight: number }[] = [
  {
    customerNumber: SEED_USERS.demo!.customerNumber,
    username: SEED_USERS.demo!.username,
    weight: 3,
  },
  {
    customerNumber: SEED_USERS.other!.customerNumber,
    username: SEED_USERS.other!.username,
    weight: 2,
  },
  { customerNumber: 'K-300112', username: 'spree-immobilien', weight: 5 },
  { customerNumber: 'K-300245', username: 'isar-wohnen', weight: 4 },
  { customerNumber: 'K-300377', username: 'alster-hv', weight: 4 },
  { customerNumber: 'K-300512', username: 'elbflorenz', weight: 3 },
  { customerNumber: 'K-300623', username: 'main-residenz', weight: 3 },
  { customerNumber: 'K-300734', username: 'neckar-projekt', weight: 2 },
  { customerNumber: 'K-300845', username: 'donau-realitaeten', weight: 3 },
  { customerNumber: 'K-301001', username: 'rhein-ruhr-makler', weight: 4 },
  { customerNumber: 'K-301002', username: 'privat-anbieter', weight: 6 },
];
/** Channel tokens: the main portal, the realtor's homepage, and two group ids. */
export const STAT_CHANNELS = ['is24', 'hp', '10001', '10002'];

/** Relative frequency of each type in the seeds; every type occurs. */
const TYPE_WEIGHTS: Record<RealEstateType, number> = {
  APARTMENT_RENT: 30,
  APARTMENT_BUY: 18,
  HOUSE_RENT: 5,
  HOUSE_BUY: 12,
  GARAGE_RENT: 3,
  GARAGE_BUY: 1,
  LIVING_RENT_SITE: 1,
  LIVING_BUY_SITE: 4,
  TRADE_SITE: 1,
  HOUSE_TYPE: 2,
  FLAT_SHARE_ROOM: 4,
  SENIOR_CARE: 1,
  ASSISTED_LIVING: 1,
  OFFICE: 4,
  INDUSTRY: 1,
  STORE: 2,
  GASTRONOMY: 1,
  SPECIAL_PURPOSE: 1,
  INVESTMENT: 2,
  COMPULSORY_AUCTION: 1,
  SHORT_TERM_ACCOMMODATION: 2,
};

function weighted<T>(items: T[], weight: (t: T) => number, r: number): T {
  const total = items.reduce((s, t) => s + weight(t), 0);
  let x = r * total;
  for (const t of items) {
    x -= weight(t);
    if (x < 0) return t;
  }
  return items[items.length - 1]!;
}

/** Cities with the most subregions first (a stand-in for size), ties by id. */
function bySize(cities: GeoNode[]): GeoNode[] {
  return [...cities].sort(
    (a, b) => b.childIds.length - a.childIds.length || a.id.localeCompare(b.id),
  );
}

/** The nodes below a node, down to the leaves (at most `limit`). */
function leavesOf(geo: GeoIndexApi, node: GeoNode, limit = 400): GeoNode[] {
  const out: GeoNode[] = [];
  const stack = [node];
  while (stack.length && out.length < limit) {
    const n = stack.pop()!;
    const kids = n.childIds.map((id) => geo.node(id)).filter((k): k is GeoNode => !!k);
    if (!kids.length) out.push(n);
    else stack.push(...kids.reverse());
  }
  return out;
}

function chain(geo: GeoIndexApi, node: GeoNode): string[] {
  const ids: string[] = [];
  let n: GeoNode | undefined = node;
  for (let guard = 0; n && guard < 12; guard++) {
    ids.push(n.id);
    n = n.parentId ? geo.node(n.parentId) : undefined;
  }
  return ids;
}

/** One seeded listing per this many inhabitants (and at least one per place). */
const INHABITANTS_PER_LISTING = 2500;

/**
 * The places listings are seeded at (the leaves of the hierarchy below `root`), each with
 * the inhabitants it stands for: a node's inhabitants go to its children by theirs, and
 * what the children's figures leave over (a Kreis has more inhabitants than its places of
 * 500 and more; a city's quarters without a figure) is shared among them — by their
 * inhabitants, or evenly among those without a figure.
 */
function leafWeights(geo: GeoIndexApi, root: GeoNode): [GeoNode, number][] {
  const out: [GeoNode, number][] = [];
  const walk = (node: GeoNode, weight: number) => {
    const kids = node.childIds.map((id) => geo.node(id)).filter((k): k is GeoNode => !!k);
    if (!kids.length) {
      out.push([node, weight]);
      return;
    }
    const own = kids.map((k) => k.population ?? 0);
    const sum = own.reduce((a, b) => a + b, 0);
    const rest = Math.max(0, weight - sum);
    const zeros = own.filter((p) => p === 0).length;
    kids.forEach((k, i) => {
      const extra = zeros
        ? own[i] === 0
          ? rest / zeros
          : 0
        : sum
          ? (rest * own[i]!) / sum
          : rest / kids.length;
      walk(k, own[i]! + extra);
    });
  };
  // states and countries have no figure of their own: the sum of their units'
  const total = (n: GeoNode): number =>
    n.population ??
    n.childIds.map((id) => geo.node(id)).reduce((t, k) => t + (k ? total(k) : 0), 0);
  walk(root, total(root));
  return out;
}

/**
 * Seeds the statistic's real estates over the whole geography, by population: every place
 * of the hierarchy (quarter, town, or a city or Kreis without subregions) gets one listing
 * per INHABITANTS_PER_LISTING inhabitants and at least one, so that the statistic of any
 * region with subregions has data. Every type and publisher occurs, about one in ten is
 * unpublished. Built on first use, the same on every run.
 */
export function statData(state: SandboxState, geo: GeoIndexApi): StatData {
  const cached = state.derived.get('statistic') as StatData | undefined;
  if (cached) return cached;
  const r = rng(0x5eed2024);
  const estates: StatEstate[] = [];
  const types = [...REAL_ESTATE_TYPES];
  for (const [country, rootId] of [
    ['DEU', '1276'],
    ['AUT', '1040'],
  ] as const) {
    const root = geo.node(rootId);
    if (!root) continue;
    for (const [leaf, weight] of leafWeights(geo, root)) {
      const geoIds = chain(geo, leaf);
      const n = Math.max(1, Math.round(weight / INHABITANTS_PER_LISTING));
      for (let i = 0; i < n; i++) {
        // the first estates cover every type once
        const type =
          country === 'DEU' && estates.length < types.length
            ? types[estates.length]!
            : weighted(types, (t) => TYPE_WEIGHTS[t], r());
        const pub = weighted(STAT_PUBLISHERS, (p) => p.weight, r());
        const channels = ['is24'];
        if (r() < 0.35) channels.push('hp');
        const g = r();
        if (g < 0.12) channels.push('10001');
        else if (g < 0.2) channels.push('10002');
        estates.push({
          type,
          geoIds,
          customerNumber: pub.customerNumber,
          username: pub.username,
          channels,
          published: r() >= 0.1,
        });
      }
    }
  }
  const byGeo = new Map<string, number[]>();
  estates.forEach((e, i) => {
    for (const id of e.geoIds) {
      let list = byGeo.get(id);
      if (!list) byGeo.set(id, (list = []));
      list.push(i);
    }
  });
  const data = { estates, byGeo };
  state.derived.set('statistic', data);
  return data;
}

/** Request name (`housebuy`) → enum value (`HOUSE_BUY`). */
const TYPE_BY_PARAM = new Map<string, RealEstateType>(
  REAL_ESTATE_TYPES.map((t) => [t.toLowerCase().replace(/_/g, ''), t]),
);

/** xsi:type of an element per geo node type; the schema knows Country, Region, City, Quarter. */
function xsiType(node: GeoNode): string {
  switch (node.type) {
    case 'Country':
      return 'Country';
    case 'Region':
      return 'Region';
    case 'City':
    case 'District':
      return 'City';
    default:
      return 'Quarter';
  }
}

export function requireGeo(state: SandboxState): GeoIndexApi {
  if (state.geo instanceof Error) {
    throw new SandboxError(
      503,
      'ERROR_COMMON_SERVICE_UNAVAILABLE',
      `The sandbox geography is not available: ${state.geo.message}`,
    );
  }
  return state.geo;
}

interface Filters {
  types: RealEstateType[];
  customerNumber?: string;
  username?: string;
  channel?: string;
}

function parseFilters(q: URLSearchParams): Filters {
  const rawTypes = q.get('realestatetypes');
  let types: RealEstateType[] = [...REAL_ESTATE_TYPES];
  if (rawTypes !== null) {
    const names = rawTypes.split(',').map((s) => s.trim().toLowerCase());
    types = [];
    for (const n of names) {
      const t = TYPE_BY_PARAM.get(n);
      if (!t) {
        throw badParameter(
          n
            ? `Unknown real estate type "${n}" in realestatetypes; known types: ${[...TYPE_BY_PARAM.keys()].join(', ')}.`
            : 'realestatetypes contains an empty entry.',
        );
      }
      if (!types.includes(t)) types.push(t);
    }
  }
  const opt = (k: string) => {
    const v = q.get(k);
    if (v === null) return undefined;
    if (!v.trim()) throw badParameter(`${k} must not be empty.`);
    return v.trim();
  };
  const channel = opt('channel');
  if (channel !== undefined && !/^(is24|hp|\d{1,12})$/i.test(channel)) {
    throw badParameter(
      `channel must be the portal channel token "is24", "hp" or a numeric group id, not "${channel}".`,
    );
  }
  return {
    types,
    customerNumber: opt('customernumber'),
    username: opt('username'),
    channel: channel?.toLowerCase(),
  };
}

interface StatElement {
  node: GeoNode;
  counts: { type: RealEstateType; count: number }[];
}

export function computeStatistic(
  state: SandboxState,
  q: URLSearchParams,
): { parent: StatElement; children: StatElement[] } {
  const geocode = q.get('geocode');
  if (geocode === null || !geocode.trim()) throw badParameter('The parameter geocode is required.');
  if (!/^\d{1,19}$/.test(geocode.trim()))
    throw badParameter(`geocode must be a numeric geo code id, not "${geocode}".`);
  const filters = parseFilters(q);
  const geo = requireGeo(state);
  const node = geo.node(geocode.trim());
  if (!node) throw notFound(`No region with geo code ${geocode.trim()}.`);
  if (!node.childIds.length) {
    throw badParameter(
      `The region ${node.name} (${node.id}) has no subregions; the statistic needs a geo code with subregions.`,
    );
  }
  const data = statData(state, geo);
  const count = (id: string): StatElement['counts'] => {
    const totals = new Map<RealEstateType, number>(filters.types.map((t) => [t, 0]));
    for (const i of data.byGeo.get(id) ?? []) {
      const e = data.estates[i]!;
      if (!e.published) continue;
      if (filters.customerNumber !== undefined && e.customerNumber !== filters.customerNumber)
        continue;
      if (
        filters.username !== undefined &&
        e.username.toLowerCase() !== filters.username.toLowerCase()
      )
        continue;
      if (filters.channel !== undefined && !e.channels.includes(filters.channel)) continue;
      if (totals.has(e.type)) totals.set(e.type, totals.get(e.type)! + 1);
    }
    return filters.types.map((type) => ({ type, count: totals.get(type)! }));
  };
  const children = node.childIds
    .map((id) => geo.node(id))
    .filter((c): c is GeoNode => !!c)
    .map((c) => ({ node: c, counts: count(c.id) }));
  return { parent: { node, counts: count(node.id) }, children };
}

const one = <T>(list: T[]): T | T[] => (list.length === 1 ? list[0]! : list);

export function renderStatistic(
  stat: { parent: StatElement; children: StatElement[] },
  format: 'xml' | 'json',
): Reply {
  if (format === 'json') {
    const elJson = (e: StatElement) => ({
      '@xsi.type': `common:${xsiType(e.node)}`,
      name: e.node.name,
      geoCodeId: Number(e.node.id),
      statistics: {
        GeoHierarchyStatistic: one(
          e.counts.map((c) => ({ '@realEstateType': c.type, '@count': String(c.count) })),
        ),
      },
    });
    return jsonReply({
      'common.geoHierarchyElementsStatistic': {
        '@xmlns': { common: NS.common },
        parent: elJson(stat.parent),
        children: stat.children.length
          ? { geoHierarchyElement: one(stat.children.map(elJson)) }
          : {},
      },
    });
  }
  const elXml = (tag: string, e: StatElement) =>
    `<${tag} xsi:type="common:${xsiType(e.node)}"><name>${esc(e.node.name)}</name><geoCodeId>${esc(e.node.id)}</geoCodeId>` +
    `<statistics>${e.counts.map((c) => `<GeoHierarchyStatistic realEstateType="${c.type}" count="${c.count}"/>`).join('')}</statistics></${tag}>`;
  return xmlReply(
    `<common:geoHierarchyElementsStatistic xmlns:common="${NS.common}" xmlns:xsi="${NS.xsi}">` +
      elXml('parent', stat.parent) +
      `<children>${stat.children.map((c) => elXml('geoHierarchyElement', c)).join('')}</children>` +
      `</common:geoHierarchyElementsStatistic>`,
  );
}

export function registerStatistic(router: Router, state: SandboxState): void {
  router.add({
    method: 'GET',
    pattern: '/search/v1.0/statistic',
    name: 'statistic',
    formats: ['xml', 'json'],
    handler: (ctx: Ctx) => renderStatistic(computeStatistic(state, ctx.query), ctx.format),
  });
}

/** Example geocodes and filter values for sandbox/fixtures. */
export function statisticFixtures(state: SandboxState) {
  if (state.geo instanceof Error) return { available: false, reason: state.geo.message };
  const geo = state.geo;
  const data = statData(state, geo);
  let cities: GeoNode[] = [];
  try {
    cities = geo.cities('DEU');
  } catch {
    /* none */
  }
  const all = bySize(cities).filter((c) => c.childIds.length > 0);
  const withChildren = all.slice(0, 8);
  // the biggest cities have 30 to 100 quarters: also offer the biggest with a shorter list
  const short = all.find((c) => c.childIds.length <= 30);
  if (short && !withChildren.includes(short)) withChildren.push(short);
  const first = withChildren[0];
  let leaf: GeoNode | undefined;
  if (first) leaf = leavesOf(geo, first, 1)[0];
  return {
    available: true,
    estates: data.estates.length,
    published: data.estates.filter((e) => e.published).length,
    geocodesWithSubregions: withChildren.map((c) => ({
      geoCodeId: c.id,
      name: c.name,
      subregions: c.childIds.length,
    })),
    geocodeWithoutSubregions:
      leaf && leaf.childIds.length === 0 ? { geoCodeId: leaf.id, name: leaf.name } : undefined,
    customerNumbers: STAT_PUBLISHERS.map((p) => p.customerNumber),
    usernames: STAT_PUBLISHERS.map((p) => p.username),
    channels: STAT_CHANNELS,
    realEstateTypes: [...TYPE_BY_PARAM.keys()],
  };
}
