/**
 * Response parsers: body text (XML or JSON) → model, or ApiError kind 'parse'. XML is
 * read through a dynamic import of xml.ts so JSON users never load fast-xml-parser.
 * Every parser is lenient about what the real service does (see API-NOTES.md): unknown
 * fields are ignored, one-item lists may be bare objects, numbers and booleans may be
 * strings, roots may be wrapped in arrays.
 */
import { ApiError, type ApiLang, type ApiMessage } from './errors.js';
import { count, id, isObj, list, localName, num, obj, strings, text, type Node } from './coerce.js';
import {
  CONTACT_FORM_CONFIGURATION_ENTRIES,
  CONTACT_FORM_TYPES,
  NS,
  type ContactFormType,
  type ExposeContactInfo,
  type GeoEntity,
  type GeoHierarchyElement,
  type GeoHierarchyStatistic,
  type GeoMatch,
  type GeoSuggestion,
  type LegacyRegion,
  type MandatoryOptional,
  type OwnRealEstate,
  type ProjectEntryResult,
  type PropertyTextResult,
  type RealEstateProject,
  type RealEstateProjectEntry,
  type Range,
} from './types.js';

export type Format = 'json' | 'xml';

/** A parsed document: the root's local name and namespace (XML only) and its content. */
export interface Doc {
  format: Format;
  ns?: string;
  /** Local name of the root element / root key ('' for a JSON array or bare object). */
  root: string;
  node: unknown;
}

class Malformed extends Error {}

function fail(why: string): never {
  throw new Malformed(why);
}

/** The format of a body: by Content-Type when it says so, else by its first character. */
export function detectFormat(body: string, contentType: string | null | undefined, fallback: Format): Format {
  const ct = (contentType ?? '').toLowerCase();
  if (ct.includes('json')) return 'json';
  if (ct.includes('xml')) return 'xml';
  const c = body.trimStart()[0];
  if (c === '<') return 'xml';
  if (c === '{' || c === '[') return 'json';
  return fallback;
}

let xmlModule: Promise<typeof import('./xml.js')> | undefined;
/** Loads the XML reader on first use. */
export function loadXml(): Promise<typeof import('./xml.js')> {
  xmlModule ??= import('./xml.js');
  return xmlModule;
}

/** Reads a body into a Doc; throws Malformed for syntax errors. */
async function readDoc(body: string, format: Format): Promise<Doc> {
  if (format === 'xml') {
    const { parseXml } = await loadXml();
    try {
      const d = parseXml(body);
      return { format, ns: d.ns, root: d.local, node: d.node };
    } catch (e) {
      fail(e instanceof Error ? e.message : 'invalid XML');
    }
  }
  let v: unknown;
  try {
    v = JSON.parse(body);
  } catch {
    fail('invalid JSON');
  }
  if (isObj(v)) {
    const keys = Object.keys(v).filter((k) => !k.startsWith('@xmlns'));
    if (keys.length === 1) {
      const k = keys[0]!;
      const dot = k.lastIndexOf('.');
      return { format, root: dot >= 0 ? k.slice(dot + 1) : k, node: v[k] };
    }
  }
  return { format, root: '', node: v };
}

/**
 * The root's content when it is the expected element. For XML the namespace must match
 * (bound by URI). For JSON a wrapper key `prefix.name` is matched by its local part, an
 * array root (`{"region.regions":[{…}]}`) yields every item, and a body without a
 * wrapper is accepted as the content itself when `bare` allows it.
 */
function rootNodes(doc: Doc, local: string, ns: string | undefined, bare = false): Node[] {
  if (doc.format === 'xml') {
    if (doc.root !== local) fail(`unexpected root element ${doc.root}`);
    if (ns !== undefined && doc.ns !== ns) fail(`root element ${doc.root} in namespace "${doc.ns}"`);
    return isObj(doc.node) ? [doc.node] : doc.node === '' ? [{}] : fail('root element has no content');
  }
  if (doc.root === local) {
    const items = list(doc.node).filter(isObj);
    if (!items.length && doc.node !== null && doc.node !== '' && !Array.isArray(doc.node)) fail('root is not an object');
    return items.length ? items : [{}];
  }
  if (bare && doc.root === '' && isObj(doc.node)) return [doc.node];
  if (bare && isObj(doc.node) && doc.root !== '') {
    // a bare object whose single key is a child, e.g. {"realEstateProject": …}
    return [{ [doc.root]: doc.node }];
  }
  return fail(`expected ${local}`);
}

function children(nodes: Node[], key: string): unknown[] {
  return nodes.flatMap((n) => list(n[key]));
}

const wrap =
  <A extends unknown[], T>(operation: string, fn: (doc: Doc, ...args: A) => T) =>
  async (body: string, format: Format, lang: ApiLang = 'de', status?: number, ...args: A): Promise<T> => {
    try {
      return fn(await readDoc(body, format), ...args);
    } catch (e) {
      if (e instanceof ApiError) throw e;
      const why = e instanceof Error ? e.message : String(e);
      throw new ApiError({
        kind: 'parse',
        operation,
        lang,
        ...(status !== undefined ? { status } : {}),
        messages: [{ code: 'PARSE_ERROR', text: why.slice(0, 200) }],
        cause: e,
      });
    }
  };

// ---------------------------------------------------------------- statistic

function hierarchyElement(x: unknown): GeoHierarchyElement {
  const n = obj(x) ?? fail('geo hierarchy element is not an object');
  const geoCodeId = id(n.geoCodeId) ?? fail('geoCodeId missing');
  const typeRaw = text(n['@xsi.type']);
  const stats = children(obj(n.statistics) ? [obj(n.statistics)!] : [], 'GeoHierarchyStatistic').flatMap((s) => {
    const o = obj(s);
    const realEstateType = text(o?.['@realEstateType'] ?? o?.realEstateType)?.trim();
    const c = count(o?.['@count'] ?? o?.count);
    return realEstateType && c !== undefined ? [{ realEstateType, count: c }] : [];
  });
  // type and name only when the answer has them (name is optional in the schema).
  const type = typeRaw?.trim() ? localName(typeRaw.trim()) : undefined;
  const name = text(n.name)?.trim() || undefined;
  return { ...(type ? { type } : {}), ...(name ? { name } : {}), geoCodeId, statistics: stats };
}

export const parseStatistic = /* @__PURE__ */ wrap('getStatistic', (doc): GeoHierarchyStatistic => {
  const [root] = rootNodes(doc, 'geoHierarchyElementsStatistic', NS.common);
  const parent = hierarchyElement(root!.parent);
  const kids = children(list(root!.children).filter(isObj) as Node[], 'geoHierarchyElement').map(hierarchyElement);
  return { parent, children: kids };
});

// ---------------------------------------------------------------- expose

export const parseExpose = /* @__PURE__ */ wrap('getExpose', (doc, exposeId: string): ExposeContactInfo => {
  const [root] = rootNodes(doc, 'expose', NS.expose);
  const rawType = text(root!['@contactFormType'])?.trim().toUpperCase();
  // Optional in the schema: an expose without it has an unknown form type, not a guessed one.
  const contactFormType: ContactFormType | undefined = (CONTACT_FORM_TYPES as readonly string[]).includes(rawType ?? '')
    ? (rawType as ContactFormType)
    : rawType
      ? fail(`unknown contactFormType ${rawType}`)
      : undefined;
  const cfg: ExposeContactInfo['contactFormConfiguration'] = {};
  const c = obj(root!.contactFormConfiguration);
  if (c) {
    for (const entry of CONTACT_FORM_CONFIGURATION_ENTRIES) {
      const v = text(c[entry])?.trim().toUpperCase();
      if (v === 'MANDATORY' || v === 'OPTIONAL') cfg[entry] = v as MandatoryOptional;
    }
  }
  const info: ExposeContactInfo = { id: id(root!['@id']) ?? exposeId, contactFormConfiguration: cfg };
  if (contactFormType) info.contactFormType = contactFormType;
  const re = obj(root!.realEstate);
  const title = text(re?.title)?.trim();
  if (title) info.title = title;
  const address = strings(re?.address, ['street', 'houseNumber', 'postcode', 'city', 'quarter'] as const);
  if (Object.keys(address).length) info.address = address;
  return info;
});

// ---------------------------------------------------------------- property text

export const parsePropertyText = /* @__PURE__ */ wrap('generatePropertyText', (doc): PropertyTextResult => {
  const n = doc.root === '' ? obj(doc.node) : obj({ [doc.root]: doc.node });
  if (!n) fail('not an object');
  const headline = typeof n.headline === 'string' ? n.headline : fail('headline missing');
  const propertyText = typeof n.propertyText === 'string' ? n.propertyText : fail('propertyText missing');
  return { headline, propertyText };
});

// ---------------------------------------------------------------- building projects

const addressKeys = ['street', 'houseNumber', 'postcode', 'city'] as const;

function range(x: unknown): Range | undefined {
  const n = obj(x);
  if (!n) return undefined;
  const r: Range = {};
  const min = num(n.minimal);
  const max = num(n.maximal);
  if (min !== undefined) r.minimal = min;
  if (max !== undefined) r.maximal = max;
  return Object.keys(r).length ? r : undefined;
}

/** One project: the documented fields (API-NOTES.md), each only when the answer carried it. */
function project(x: unknown): RealEstateProject | undefined {
  const n = obj(x);
  if (!n) return undefined;
  const pid = id(n['@id'] ?? n.id);
  if (!pid) return undefined;
  const p: RealEstateProject = { id: pid };
  const name = text(n.name)?.trim();
  if (name) p.name = name;
  const title = text(n.title)?.trim();
  if (title) p.title = title;
  const price = range(n.price);
  if (price) p.price = price;
  const space = range(n.space);
  if (space) p.space = space;
  const units = count(n.numberOfHousingUnit);
  if (units !== undefined) p.numberOfHousingUnit = units;
  const quality = text(n.interiorQuality)?.trim().toUpperCase();
  if (quality) p.interiorQuality = quality;
  const freeFrom = text(n.freeFrom)?.trim();
  if (freeFrom) p.freeFrom = freeFrom;
  const address = strings(n.address, addressKeys);
  if (Object.keys(address).length) p.address = address;
  return p;
}

export const parseProjects = /* @__PURE__ */ wrap('listProjects', (doc): RealEstateProject[] => {
  const roots = rootNodes(doc, 'realEstateProjects', NS.realestateproject, true);
  return children(roots, 'realEstateProject').flatMap((p) => project(p) ?? []);
});

/** An entry as the answer gives it: its ids, and on an add answer its message. */
interface RawEntry extends RealEstateProjectEntry {
  messageCode?: string;
  message?: string;
}

function entry(x: unknown): RawEntry | undefined {
  const n = obj(x);
  if (!n) return undefined;
  const e: RawEntry = {};
  const eid = id(n['@id']);
  if (eid) e.id = eid;
  const realEstateId = id(n.realEstateId);
  if (realEstateId) e.realEstateId = realEstateId;
  const external = id(n.realEstateExternalId);
  if (external) e.realEstateExternalId = external;
  const messageCode = text(n.messageCode)?.trim();
  if (messageCode) e.messageCode = messageCode;
  const message = text(n.message)?.trim();
  if (message) e.message = message;
  return e.realEstateId || e.realEstateExternalId || e.messageCode ? e : undefined;
}

export const parseProjectEntries = /* @__PURE__ */ wrap('listProjectEntries', (doc): RealEstateProjectEntry[] => {
  const roots = rootNodes(doc, 'realEstateProjectEntries', NS.realestateproject, true);
  return children(roots, 'realEstateProjectEntry').flatMap((x) => {
    const e = entry(x);
    if (!e || (!e.realEstateId && !e.realEstateExternalId)) return [];
    const out: RealEstateProjectEntry = {};
    if (e.id) out.id = e.id;
    if (e.realEstateId) out.realEstateId = e.realEstateId;
    if (e.realEstateExternalId) out.realEstateExternalId = e.realEstateExternalId;
    return [out];
  });
});

/**
 * The add answer as one result per listing sent, in the order sent. An answer entry that
 * echoes a sent `realEstateId` belongs to that listing; one that does not (it echoes only
 * `realEstateExternalId`, or no id) belongs to the first listing still without an answer,
 * in order: the service answers entry by entry. A listing the answer has no entry for is
 * not ok and has no messageCode.
 */
export const parseEntryResults = /* @__PURE__ */ wrap('addProjectEntries', (doc, sent: readonly string[]): ProjectEntryResult[] => {
  const roots = rootNodes(doc, 'realEstateProjectEntries', NS.realestateproject, true);
  const answers = children(roots, 'realEstateProjectEntry').flatMap((x) => entry(x) ?? []);
  const byId = new Map<string, RawEntry>();
  const loose: RawEntry[] = [];
  for (const a of answers) {
    if (a.realEstateId && sent.includes(a.realEstateId) && !byId.has(a.realEstateId)) byId.set(a.realEstateId, a);
    else loose.push(a);
  }
  return sent.map((realEstateId) => {
    const a = byId.get(realEstateId) ?? loose.shift();
    const r: ProjectEntryResult = { realEstateId, ok: a?.messageCode === 'MESSAGE_RESOURCE_CREATED' };
    if (a?.realEstateExternalId) r.realEstateExternalId = a.realEstateExternalId;
    if (a?.messageCode) r.messageCode = a.messageCode;
    if (a?.message) r.message = a.message;
    return r;
  });
});

/** One page of the user's real estates and how many pages the list has (1 when not said). */
export interface OwnRealEstatePage {
  realEstates: OwnRealEstate[];
  numberOfPages: number;
}

export const parseOwnRealEstatePage = /* @__PURE__ */ wrap('listOwnRealEstates', (doc): OwnRealEstatePage => {
  const roots = rootNodes(doc, 'realEstates', NS.realestates, true);
  const lists = children(roots, 'realEstateList').filter(isObj) as Node[];
  // The list is paged (common:Paging, one-based); the element is spelled `Paging`.
  const paging = obj(roots[0]?.Paging ?? roots[0]?.paging);
  const realEstates = children(lists, 'realEstateElement').flatMap((x) => {
    const n = obj(x);
    const rid = id(n?.['@id'] ?? n?.id);
    if (!n || !rid) return [];
    const typeRaw = text(n['@xsi.type'])?.trim();
    const r: OwnRealEstate = { id: rid };
    const title = text(n.title)?.trim();
    if (title) r.title = title;
    if (typeRaw) r.type = localName(typeRaw);
    const state = text(n.realEstateState)?.trim().toUpperCase();
    if (state) r.published = state === 'ACTIVE';
    const address = strings(n.address, addressKeys);
    if (Object.keys(address).length) r.address = address;
    return [r];
  });
  return { realEstates, numberOfPages: Math.max(1, count(paging?.numberOfPages) ?? 1) };
});

/** The real estates of one page (see parseOwnRealEstatePage for the paging). */
export const parseOwnRealEstates = async (...args: Parameters<typeof parseOwnRealEstatePage>): Promise<OwnRealEstate[]> =>
  (await parseOwnRealEstatePage(...args)).realEstates;

// ---------------------------------------------------------------- geo

function matches(x: unknown): GeoMatch[] {
  const raw = Array.isArray(x) && x.length === 2 && typeof x[0] === 'number' && typeof x[1] === 'number' ? [x] : list(x);
  return raw.flatMap((m) => {
    const [o, l] = Array.isArray(m) ? [count(m[0]), count(m[1])] : [count(obj(m)?.offset), count(obj(m)?.length)];
    return o !== undefined && l !== undefined ? [{ offset: o, length: l }] : [];
  });
}

function suggestion(x: unknown): GeoSuggestion | undefined {
  const n = obj(x);
  const e = obj(n?.entity);
  if (!n || !e) return undefined;
  const sid = id(e.id);
  const label = text(e.label);
  const type = text(e.type)?.trim();
  if (!sid || label === undefined || !type) return undefined;
  // Only the documented fields: anything else the service adds is dropped here.
  return { entity: { type, id: sid, label }, matches: matches(n.matches) };
}

export const parseSuggestions = /* @__PURE__ */ wrap('suggestGeo', (doc): GeoSuggestion[] => {
  const items = doc.root === '' ? doc.node : { [doc.root]: doc.node };
  if (!Array.isArray(items) && !isObj(items)) fail('not a list of suggestions');
  return list(items).flatMap((i) => suggestion(i) ?? []);
});

export const parseEntity = /* @__PURE__ */ wrap('getGeoEntity', (doc, requestedId: string): GeoEntity => {
  const n = doc.root === '' ? obj(doc.node) : obj({ [doc.root]: doc.node });
  if (!n) fail('not an object');
  const src = obj(n.entity) && n.id === undefined ? obj(n.entity)! : n;
  // The request names the id; an answer that leaves it out still describes that entity.
  const eid = id(src.id) ?? (requestedId || fail('id missing'));
  const label = text(src.label) ?? fail('label missing');
  const type = text(src.type)?.trim() || fail('type missing');
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
});

// ---------------------------------------------------------------- legacy regions

export const parseRegions = /* @__PURE__ */ wrap('searchRegions', (doc): LegacyRegion[] => {
  const roots = rootNodes(doc, 'regions', NS.region);
  return children(roots, 'region').flatMap((x) => {
    const n = obj(x);
    const geoCodeId = id(n?.geoCodeId);
    const name = text(n?.name)?.trim();
    if (!n || !geoCodeId || !name) return [];
    const amount = count(n.amount);
    return [amount === undefined ? { name, geoCodeId } : { name, geoCodeId, amount }];
  });
});

// ---------------------------------------------------------------- error bodies

const MAX_TEXT = 500;

function message(x: unknown): ApiMessage | undefined {
  const n = obj(x);
  if (!n) return undefined;
  const code = text(n.messageCode)?.trim() ?? '';
  const t = text(n.message)?.trim() ?? '';
  if (!code && !t) return undefined;
  const m: ApiMessage = { code, text: t.slice(0, MAX_TEXT) };
  const mid = id(n.id);
  if (mid) m.id = mid;
  return m;
}

function messagesOf(v: unknown): ApiMessage[] {
  // bare {"messageCode","message"} (or a list of them)
  const bare = list(v).flatMap((x) => (isObj(x) && 'messageCode' in x ? (message(x) ?? []) : []));
  if (bare.length) return bare;
  return list(v).flatMap((x) => list(obj(x)?.message).flatMap((m) => message(m) ?? []));
}

function htmlText(body: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(body)?.[1];
  const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(body)?.[1];
  const raw = title ?? h1 ?? '';
  return raw
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_TEXT);
}

/**
 * The messages of an error body in any of its shapes: XML `common:messages`, JSON
 * wrapped (`{"common.messages":[{"message":{…}}]}`, inner array or object), JSON bare
 * (`{"messageCode","message"}`), plain text, or an HTML page from a proxy. Never throws.
 */
export async function parseErrorBody(body: string, contentType: string | null | undefined): Promise<ApiMessage[]> {
  const trimmed = body.trim();
  if (!trimmed) return [];
  const ct = (contentType ?? '').toLowerCase();
  try {
    if (ct.includes('html') || /^(<!doctype html|<html)/i.test(trimmed)) {
      const t = htmlText(trimmed);
      return t ? [{ code: '', text: t }] : [];
    }
    const format = detectFormat(trimmed, contentType, 'json');
    if (format === 'xml' && trimmed.startsWith('<')) {
      const doc = await readDoc(trimmed, 'xml');
      if (doc.root === 'messages') return messagesOf(doc.node);
      if (doc.root === 'message') return message(doc.node) ? [message(doc.node)!] : [];
      return [];
    }
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
      const doc = await readDoc(trimmed, 'json');
      if (doc.root === 'messages') return messagesOf(doc.node);
      return messagesOf(doc.root === '' ? doc.node : { [doc.root]: doc.node });
    }
  } catch {
    // fall through: treat as text
  }
  if (trimmed.startsWith('<')) return [];
  return [{ code: '', text: trimmed.replace(/\s+/g, ' ').slice(0, MAX_TEXT) }];
}
