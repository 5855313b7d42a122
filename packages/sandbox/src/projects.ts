import { requireUser } from './auth.js';
import { forbidden, notFound, SandboxError } from './errors.js';
import { el, esc, jsonReply, messagesReply, NS, xmlReply, type Ctx, type Reply } from './http.js';
import type { Router } from './router.js';
import {
  OWN_ESTATES,
  SEED_PROJECTS,
  type OwnRealEstate,
  type SeedAddress,
  type SeedProject,
} from './seed.js';
import type { SandboxState } from './state.js';
import { parseXmlBody, schemaError } from './xmlin.js';

/** Real estates per project of product BASIC (docs/interface.md#limits). */
export const BASIC_MAX_ENTRIES = 15;
/** Entries one add request may carry. */
const MAX_ENTRIES_PER_REQUEST = 100;

const one = <T>(list: T[]): T | T[] => (list.length === 1 ? list[0]! : list);
const addrXml = (a: SeedAddress) =>
  `<address>${el('street', a.street)}${el('houseNumber', a.houseNumber)}${el('postcode', a.postcode)}${el('city', a.city)}</address>`;
const addrJson = (a: SeedAddress) => ({
  street: a.street,
  houseNumber: a.houseNumber,
  postcode: a.postcode,
  city: a.city,
});

function ownProject(user: string, id: string): SeedProject {
  const p = SEED_PROJECTS.find((x) => x.id === id);
  if (!p) throw notFound(`No building project with id ${id}.`);
  if (p.owner !== user) throw forbidden(`The building project ${id} belongs to another user.`);
  return p;
}

/**
 * The project list as the real service sends it (docs/interface.md#building-projects): per project only the `id`
 * attribute, name, price, space, numberOfHousingUnit, interiorQuality, freeFrom and address.
 * Publication state, product and number of entries stay inside the sandbox, which enforces
 * them on the add; `title` and `homepageUrl` belong to the single project, not the list.
 */
function renderProjects(list: SeedProject[], format: 'xml' | 'json'): Reply {
  if (format === 'json') {
    const items = list.map((p) => ({
      '@id': p.id,
      name: p.name,
      price: { minimal: p.price[0], maximal: p.price[1] },
      space: { minimal: p.space[0], maximal: p.space[1] },
      numberOfHousingUnit: p.units,
      interiorQuality: p.interiorQuality,
      freeFrom: p.freeFrom,
      address: addrJson(p.address),
    }));
    return jsonReply({
      'realestateproject.realEstateProjects': {
        '@xmlns': { realestateproject: NS.project, common: NS.common },
        ...(items.length ? { realEstateProject: one(items) } : {}),
      },
    });
  }
  const body = list
    .map(
      (p) =>
        `<realEstateProject id="${esc(p.id)}">${el('name', p.name)}` +
        `<price><minimal>${p.price[0]}</minimal><maximal>${p.price[1]}</maximal></price>` +
        `<space><minimal>${p.space[0]}</minimal><maximal>${p.space[1]}</maximal></space>` +
        `<numberOfHousingUnit>${p.units}</numberOfHousingUnit><interiorQuality>${p.interiorQuality}</interiorQuality>` +
        `${el('freeFrom', p.freeFrom)}${addrXml(p.address)}</realEstateProject>`,
    )
    .join('');
  return xmlReply(
    `<realestateproject:realEstateProjects xmlns:realestateproject="${NS.project}" xmlns:common="${NS.common}">${body}</realestateproject:realEstateProjects>`,
  );
}

type EntryOut = {
  id?: string;
  realEstateId: string;
  realEstateExternalId?: string;
  messageCode?: string;
  message?: string;
};

function renderEntries(items: EntryOut[], format: 'xml' | 'json', status = 200): Reply {
  if (format === 'json') {
    const list = items.map((e) => ({
      ...(e.id ? { '@id': e.id } : {}),
      ...(e.messageCode ? { messageCode: e.messageCode, message: e.message } : {}),
      realEstateId: Number(e.realEstateId),
      ...(e.realEstateExternalId ? { realEstateExternalId: e.realEstateExternalId } : {}),
    }));
    return jsonReply(
      {
        'realestateproject.realEstateProjectEntries': {
          '@xmlns': { realestateproject: NS.project },
          ...(list.length ? { realEstateProjectEntry: one(list) } : {}),
        },
      },
      status,
    );
  }
  const body = items
    .map(
      (e) =>
        `<realEstateProjectEntry${e.id ? ` id="${esc(e.id)}"` : ''}>` +
        (e.messageCode
          ? `${el('messageCode', e.messageCode)}<message>${esc(e.message ?? '')}</message>`
          : '') +
        `${el('realEstateId', e.realEstateId)}${el('realEstateExternalId', e.realEstateExternalId)}</realEstateProjectEntry>`,
    )
    .join('');
  return xmlReply(
    `<realestateproject:realEstateProjectEntries xmlns:realestateproject="${NS.project}">${body}</realestateproject:realEstateProjectEntries>`,
    status,
  );
}

const externalId = (e: OwnRealEstate) => `${e.owner.toUpperCase()}-${e.id}`;

/**
 * One page of the list, paged like the real service (common:Paging, one-based): `pagesize`
 * 1 to 100, default 20; `pagenumber` from 1; a page past the end is empty.
 */
function ownEstatesPage(
  all: OwnRealEstate[],
  query: URLSearchParams,
): {
  list: OwnRealEstate[];
  paging: { pageNumber: number; pageSize: number; numberOfPages: number; numberOfHits: number };
} {
  const int = (name: string, fallback: number, max: number) => {
    const v = Number(query.get(name) ?? fallback);
    return Number.isSafeInteger(v) && v >= 1 ? Math.min(v, max) : fallback;
  };
  const pageSize = int('pagesize', 20, 100);
  const pageNumber = int('pagenumber', 1, Number.MAX_SAFE_INTEGER);
  const list = all.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
  return {
    list,
    paging: {
      pageNumber,
      pageSize,
      numberOfPages: Math.max(1, Math.ceil(all.length / pageSize)),
      numberOfHits: all.length,
    },
  };
}

function renderOwnEstates(
  all: OwnRealEstate[],
  query: URLSearchParams,
  format: 'xml' | 'json',
): Reply {
  const { list, paging } = ownEstatesPage(all, query);
  if (format === 'json') {
    const items = list.map((e) => ({
      '@id': e.id,
      '@xsi.type': `offerrealestates:${e.type}`,
      externalId: externalId(e),
      title: e.title,
      address: addrJson(e.address),
      realEstateState: e.state,
    }));
    return jsonReply({
      'realestates.realEstates': {
        '@xmlns': { realestates: NS.realestates, offerrealestates: NS.realestates },
        Paging: paging,
        realEstateList: items.length ? { realEstateElement: one(items) } : {},
      },
    });
  }
  const body = list
    .map(
      (e) =>
        `<realEstateElement xsi:type="offerrealestates:${e.type}" id="${esc(e.id)}">${el('externalId', externalId(e))}${el('title', e.title)}` +
        `${addrXml(e.address)}<realEstateState>${e.state}</realEstateState></realEstateElement>`,
    )
    .join('');
  return xmlReply(
    `<realestates:realEstates xmlns:realestates="${NS.realestates}" xmlns:offerrealestates="${NS.realestates}" xmlns:xsi="${NS.xsi}">` +
      `<Paging><pageNumber>${paging.pageNumber}</pageNumber><pageSize>${paging.pageSize}</pageSize><numberOfPages>${paging.numberOfPages}</numberOfPages><numberOfHits>${paging.numberOfHits}</numberOfHits></Paging>` +
      `<realEstateList>${body}</realEstateList></realestates:realEstates>`,
  );
}

/** realEstateId values of an add body (realEstateProjectEntries in the project namespace). */
function readEntryIds(buf: Buffer, contentType: string | undefined): string[] {
  const ct = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (ct !== 'application/xml' && ct !== 'text/xml' && !ct.endsWith('+xml')) {
    throw new SandboxError(
      415,
      'ERROR_COMMON_MEDIA_TYPE_UNSUPPORTED',
      `Building project bodies are XML (application/xml), not ${ct || '(none)'}.`,
    );
  }
  const root = parseXmlBody(buf);
  if (root.local !== 'realEstateProjectEntries' || root.ns !== NS.project) {
    throw schemaError(
      `The root element must be realEstateProjectEntries in namespace ${NS.project}, not ${root.local}${root.ns ? ` in ${root.ns}` : ''}.`,
    );
  }
  for (const k of Object.keys(root.node)) {
    if (!k.startsWith('@_') && k !== 'realEstateProjectEntry')
      throw schemaError(`Unknown element ${k} in realEstateProjectEntries.`, k);
  }
  const entries = (root.node.realEstateProjectEntry ?? []) as unknown[];
  if (!entries.length)
    throw schemaError('realEstateProjectEntries must contain at least one realEstateProjectEntry.');
  if (entries.length > MAX_ENTRIES_PER_REQUEST)
    throw schemaError(`At most ${MAX_ENTRIES_PER_REQUEST} entries per request.`);
  return entries.map((e, i) => {
    const n = (e && typeof e === 'object' ? e : {}) as Record<string, unknown>;
    for (const k of Object.keys(n)) {
      if (!k.startsWith('@_') && k !== 'realEstateId' && k !== 'realEstateExternalId') {
        throw schemaError(`Unknown element ${k} in realEstateProjectEntry ${i + 1}.`, k);
      }
    }
    const raw = n.realEstateId;
    const v = typeof raw === 'string' ? raw.trim() : '';
    if (!v)
      throw schemaError(`realEstateProjectEntry ${i + 1} has no realEstateId.`, 'realEstateId');
    if (!/^\d{1,18}$/.test(v))
      throw schemaError(`realEstateId must be an integer, not "${v}".`, 'realEstateId');
    return String(BigInt(v));
  });
}

interface Outcome {
  realEstateId: string;
  status: number;
  code: string;
  message: string;
  id?: string;
}

/** Adds the entries one after the other, each with its own outcome. */
function addEntries(state: SandboxState, user: string, p: SeedProject, ids: string[]): Outcome[] {
  const entries = state.projectEntries.get(p.id) ?? [];
  state.projectEntries.set(p.id, entries);
  return ids.map((rid): Outcome => {
    const estate = OWN_ESTATES.find((e) => e.id === rid);
    const fail = (status: number, code: string, message: string): Outcome => ({
      realEstateId: rid,
      status,
      code,
      message,
    });
    if (!estate)
      return fail(404, 'ERROR_COMMON_RESOURCE_NOT_FOUND', `Real estate ${rid} does not exist.`);
    if (estate.owner !== user)
      return fail(
        403,
        'ERROR_COMMON_ACCESS_DENIED',
        `Real estate ${rid} belongs to another user; only your own real estates can be added.`,
      );
    if (estate.state !== 'ACTIVE')
      return fail(
        412,
        'ERROR_RESOURCE_VALIDATION',
        `Real estate ${rid} is not published; only published real estates can be added to a project.`,
      );
    if (entries.some((e) => e.realEstateId === rid))
      return fail(
        412,
        'ERROR_RESOURCE_VALIDATION',
        `Real estate ${rid} is already in building project ${p.id}.`,
      );
    if (p.product === 'BASIC' && entries.length >= BASIC_MAX_ENTRIES) {
      return fail(
        412,
        'ERROR_RESOURCE_VALIDATION',
        `Building project ${p.id} is full: a project of product BASIC holds at most ${BASIC_MAX_ENTRIES} real estates.`,
      );
    }
    const id = String(state.nextEntryId++);
    entries.push({ id, realEstateId: rid });
    return {
      realEstateId: rid,
      status: 200,
      code: 'MESSAGE_RESOURCE_CREATED',
      message: `Real estate ${rid} was added to building project ${p.id}.`,
      id,
    };
  });
}

export function registerProjects(router: Router, state: SandboxState): void {
  const base = '/offer/v1.0/user/me/realestateproject';
  router.add({
    method: 'GET',
    pattern: base,
    name: 'projects',
    formats: ['xml', 'json'],
    handler: (ctx: Ctx) => {
      const user = requireUser(ctx, state);
      return renderProjects(
        SEED_PROJECTS.filter((p) => p.owner === user),
        ctx.format,
      );
    },
  });
  router.add({
    method: 'GET',
    pattern: `${base}/{projectId}/realestateprojectentry`,
    name: 'project-entries',
    formats: ['xml', 'json'],
    handler: (ctx) => {
      const user = requireUser(ctx, state);
      const p = ownProject(user, ctx.params.projectId!);
      const list = (state.projectEntries.get(p.id) ?? []).map((e) => {
        const est = OWN_ESTATES.find((x) => x.id === e.realEstateId);
        return {
          id: e.id,
          realEstateId: e.realEstateId,
          realEstateExternalId: est ? externalId(est) : undefined,
        };
      });
      return renderEntries(list, ctx.format);
    },
  });
  router.add({
    method: 'POST',
    pattern: `${base}/{projectId}/realestateprojectentry`,
    name: 'add-entry',
    formats: ['xml', 'json'],
    handler: async (ctx) => {
      const user = requireUser(ctx, state);
      const p = ownProject(user, ctx.params.projectId!);
      const ids = readEntryIds(await ctx.body(), ctx.req.headers['content-type']);
      if (!p.published) {
        throw new SandboxError(
          412,
          'ERROR_RESOURCE_VALIDATION',
          `Building project ${p.id} is not published; real estates can only be added to published projects.`,
        );
      }
      const outcomes = addEntries(state, user, p, ids);
      state.save();
      const ok = outcomes.filter((o) => o.status === 200);
      if (!ok.length) {
        // Nothing was added: the status of the first refusal, one message per entry.
        return messagesReply(
          outcomes[0]!.status,
          outcomes.map((o) => ({ code: o.code, message: o.message, id: o.realEstateId })),
          ctx.format,
        );
      }
      return renderEntries(
        outcomes.map((o) => ({
          id: o.id,
          realEstateId: o.realEstateId,
          messageCode: o.code,
          message: o.message,
        })),
        ctx.format,
      );
    },
  });
  router.add({
    method: 'GET',
    pattern: '/offer/v1.0/user/me/realestate',
    name: 'realestates',
    formats: ['xml', 'json'],
    handler: (ctx) => {
      const user = requireUser(ctx, state);
      return renderOwnEstates(
        OWN_ESTATES.filter((e) => e.owner === user),
        ctx.query,
        ctx.format,
      );
    },
  });
}
