/** Building projects (docs/interface.md#building-projects): the four operations and their parsers (the add body is in xml-write.ts). */
import { ClientBase, enc, MEDIA, type CallOptions } from '../core.js';
import { count, id, isObj, localName, name, num, obj, strings, type Node } from '../coerce.js';
import { children, parser, rootNodes } from '../parse.js';
import { validateId } from '../validate.js';
import { NS } from '../types/common.js';
import type {
  OwnRealEstate,
  ProjectEntryResult,
  Range,
  RealEstateProject,
  RealEstateProjectEntry,
} from '../types/projects.js';

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

/** One project: the documented fields, each only when the answer carried it. */
function project(x: unknown): RealEstateProject | undefined {
  const n = obj(x);
  if (!n) return undefined;
  const pid = id(n['@id'] ?? n.id);
  if (!pid) return undefined;
  const p: RealEstateProject = { id: pid };
  const projectName = name(n.name);
  if (projectName) p.name = projectName;
  const title = name(n.title);
  if (title) p.title = title;
  const price = range(n.price);
  if (price) p.price = price;
  const space = range(n.space);
  if (space) p.space = space;
  const units = count(n.numberOfHousingUnit);
  if (units !== undefined) p.numberOfHousingUnit = units;
  const quality = name(n.interiorQuality)?.toUpperCase();
  if (quality) p.interiorQuality = quality;
  const freeFrom = name(n.freeFrom);
  if (freeFrom) p.freeFrom = freeFrom;
  const address = strings(n.address, addressKeys);
  if (Object.keys(address).length) p.address = address;
  return p;
}

export const parseProjects = /* @__PURE__ */ parser('listProjects', (doc): RealEstateProject[] => {
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
  const messageCode = name(n.messageCode);
  if (messageCode) e.messageCode = messageCode;
  const message = name(n.message);
  if (message) e.message = message;
  return e.realEstateId || e.realEstateExternalId || e.messageCode ? e : undefined;
}

export const parseProjectEntries = /* @__PURE__ */ parser(
  'listProjectEntries',
  (doc): RealEstateProjectEntry[] => {
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
  },
);

/**
 * The add answer as one result per listing sent, in the order sent. An answer entry that
 * echoes a sent `realEstateId` belongs to that listing; one that does not (it echoes only
 * `realEstateExternalId`, or no id) belongs to the first listing still without an answer,
 * in order: the service answers entry by entry. A listing the answer has no entry for is
 * not ok and has no messageCode.
 */
export const parseEntryResults = /* @__PURE__ */ parser(
  'addProjectEntries',
  (doc, sent: readonly string[]): ProjectEntryResult[] => {
    const roots = rootNodes(doc, 'realEstateProjectEntries', NS.realestateproject, true);
    const answers = children(roots, 'realEstateProjectEntry').flatMap((x) => entry(x) ?? []);
    const byId = new Map<string, RawEntry>();
    const loose: RawEntry[] = [];
    for (const a of answers) {
      if (a.realEstateId && sent.includes(a.realEstateId) && !byId.has(a.realEstateId))
        byId.set(a.realEstateId, a);
      else loose.push(a);
    }
    return sent.map((realEstateId) => {
      const a = byId.get(realEstateId) ?? loose.shift();
      const r: ProjectEntryResult = {
        realEstateId,
        ok: a?.messageCode === 'MESSAGE_RESOURCE_CREATED',
      };
      if (a?.realEstateExternalId) r.realEstateExternalId = a.realEstateExternalId;
      if (a?.messageCode) r.messageCode = a.messageCode;
      if (a?.message) r.message = a.message;
      return r;
    });
  },
);

/** One page of the user's real estates and how many pages the list has (1 when not said). */
export interface OwnRealEstatePage {
  realEstates: OwnRealEstate[];
  numberOfPages: number;
}

/** One page of the user's real estates, at most the page size asked (docs/interface.md#limits). */
export const parseOwnRealEstatePage = /* @__PURE__ */ parser(
  'listOwnRealEstates',
  (doc, pageSize: number = OWN_PAGE_SIZE): OwnRealEstatePage => {
    const roots = rootNodes(doc, 'realEstates', NS.realestates, true);
    const lists = children(roots, 'realEstateList').filter(isObj) as Node[];
    // The list is paged (common:Paging, one-based); the element is spelled `Paging`.
    const paging = obj(roots[0]?.Paging ?? roots[0]?.paging);
    const realEstates = children(lists, 'realEstateElement').flatMap((x) => {
      const n = obj(x);
      const rid = id(n?.['@id'] ?? n?.id);
      if (!n || !rid) return [];
      const typeRaw = name(n['@xsi.type']);
      const r: OwnRealEstate = { id: rid };
      const title = name(n.title);
      if (title) r.title = title;
      if (typeRaw) r.type = localName(typeRaw);
      const state = name(n.realEstateState)?.toUpperCase();
      if (state) r.published = state === 'ACTIVE';
      const address = strings(n.address, addressKeys);
      if (Object.keys(address).length) r.address = address;
      return [r];
    });
    realEstates.length = Math.min(realEstates.length, pageSize);
    return { realEstates, numberOfPages: Math.max(1, count(paging?.numberOfPages) ?? 1) };
  },
);

/** The real estates of one page (see parseOwnRealEstatePage for the paging). */
export const parseOwnRealEstates = async (
  ...args: Parameters<typeof parseOwnRealEstatePage>
): Promise<OwnRealEstate[]> => (await parseOwnRealEstatePage(...args)).realEstates;

/** The user's building projects. */
export function listProjects(c: ClientBase, opts?: CallOptions): Promise<RealEstateProject[]> {
  return c.request(
    'listProjects',
    opts,
    () => {},
    () => ({
      operation: 'listProjects',
      method: 'GET',
      path: '/offer/v1.0/user/me/realestateproject',
      format: opts?.format ?? 'xml',
      parse: (b, f, s) => parseProjects(b, f, s),
    }),
  );
}

/** The real estates of one project. */
export function listProjectEntries(
  c: ClientBase,
  projectId: string,
  opts?: CallOptions,
): Promise<RealEstateProjectEntry[]> {
  return c.request(
    'listProjectEntries',
    opts,
    (p) => validateId('projectId', projectId, p),
    () => ({
      operation: 'listProjectEntries',
      method: 'GET',
      path: `/offer/v1.0/user/me/realestateproject/${enc(String(projectId).trim())}/realestateprojectentry`,
      format: opts?.format ?? 'xml',
      parse: (b, f, s) => parseProjectEntries(b, f, s),
    }),
  );
}

/** All of the user's own real estates, the ones that may be added to a project. */
export async function listOwnRealEstates(
  c: ClientBase,
  opts?: CallOptions,
): Promise<OwnRealEstate[]> {
  // The service pages this list (common:Paging). 100 a page are asked for, then the further
  // pages one after another, so a user with many listings gets all of them; a server that
  // gives smaller pages only costs more requests (at most OWN_MAX_PAGES, a guard against a
  // server whose paging never ends).
  const page = (n: number) =>
    c.request(
      'listOwnRealEstates',
      opts,
      () => {},
      () => ({
        operation: 'listOwnRealEstates',
        method: 'GET',
        path: '/offer/v1.0/user/me/realestate',
        query: [
          ['pagesize', String(OWN_PAGE_SIZE)],
          ['pagenumber', n > 1 ? String(n) : undefined],
        ],
        format: opts?.format ?? 'xml',
        parse: (b, f, s) => parseOwnRealEstatePage(b, f, s),
      }),
    );
  const first = await page(1);
  const all = [...first.realEstates];
  const seen = new Set(all.map((r) => r.id));
  for (let n = 2; n <= Math.min(first.numberOfPages, OWN_MAX_PAGES); n++) {
    // (A listing that moved between pages while reading them is listed once.)
    for (const r of (await page(n)).realEstates) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      all.push(r);
    }
  }
  return all;
}

/** Page size asked of the own-real-estates list. */
const OWN_PAGE_SIZE = 100;
const OWN_MAX_PAGES = 50;

/** Adds real estates to a project (XML body); one result per entry. */
export function addProjectEntries(
  c: ClientBase,
  projectId: string,
  realEstateIds: string[],
  opts?: CallOptions,
): Promise<ProjectEntryResult[]> {
  const ids = Array.isArray(realEstateIds) ? realEstateIds.map((i) => String(i).trim()) : [];
  return c.request(
    'addProjectEntries',
    opts,
    (p) => {
      validateId('projectId', projectId, p);
      if (!ids.length) p.add('realEstateIds', 'name at least one real estate');
      if (ids.some((i) => !/^\d{1,19}$/.test(i))) p.add('realEstateIds', 'must be numeric ids');
    },
    () => ({
      operation: 'addProjectEntries',
      method: 'POST',
      path: `/offer/v1.0/user/me/realestateproject/${enc(String(projectId).trim())}/realestateprojectentry`,
      format: opts?.format ?? 'xml',
      contentType: MEDIA.xml,
      body: async () => (await import('../xml-write.js')).projectEntriesXml(ids),
      parse: (b, f, s) => parseEntryResults(b, f, s, ids),
    }),
  );
}
