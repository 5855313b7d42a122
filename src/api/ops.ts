/**
 * The operations of SPEC.md 4 as functions of a ClientBase (a ClientCore, an ImmoClient). Each is tree-shaken on its own:
 * an element imports the two or three it needs, not the whole client.
 */
import { legacyRegionsToSuggestions } from './legacy.js';
import {
  parseEntity,
  parseEntryResults,
  parseExpose,
  parseOwnRealEstatePage,
  parseProjectEntries,
  parseProjects,
  parsePropertyText,
  parseRegions,
  parseStatistic,
  parseSuggestions,
} from './parse.js';
import { contactFormJson, propertyTextBody } from './bodies.js';
import {
  Problems,
  validateContactForm,
  validateEntity,
  validateId,
  validatePropertyText,
  validateStatistic,
  validateSuggest,
} from './validate.js';
import {
  realEstateTypeParam,
  type ContactForm,
  type ExposeContactInfo,
  type GeoEntity,
  type GeoEntityQuery,
  type GeoHierarchyStatistic,
  type GeoSuggestion,
  type GeoSuggestQuery,
  type LegacyRegion,
  type OwnRealEstate,
  type ProjectEntryResult,
  type PropertyTextRequest,
  type PropertyTextResult,
  type RealEstateProject,
  type RealEstateProjectEntry,
  type StatisticQuery,
} from './types.js';

import { ClientBase, jsonOnly, enc, encList, MEDIA, type CallOptions } from './core.js';

/** 4.1: counts per real-estate type for a region and its direct subregions. */
export function getStatistic(c: ClientBase, query: StatisticQuery, opts?: CallOptions): Promise<GeoHierarchyStatistic> {
  return c.request('getStatistic', opts, (p) => validateStatistic(query ?? {}, p), () => ({
    operation: 'getStatistic',
    method: 'GET',
    path: '/search/v1.0/statistic',
    query: [
      ['geocode', enc(String(query.geocode).trim())],
      ['realestatetypes', query.realEstateTypes?.length ? encList(query.realEstateTypes.map(realEstateTypeParam)) : undefined],
      ['customernumber', query.customerNumber !== undefined ? enc(query.customerNumber) : undefined],
      ['username', query.username !== undefined ? enc(query.username) : undefined],
      ['channel', query.channel !== undefined ? enc(query.channel) : undefined],
    ],
    format: opts?.format ?? 'json',
    parse: (b, f, s) => parseStatistic(b, f, c.lang, s),
  }));
}

/** Loads an expose far enough to know its contact form type and configuration. */
export function getExpose(c: ClientBase, exposeId: string, opts?: CallOptions): Promise<ExposeContactInfo> {
  return c.request('getExpose', opts, (p) => validateId('exposeId', exposeId, p), () => ({
    operation: 'getExpose',
    method: 'GET',
    path: `/search/v1.0/expose/${enc(String(exposeId).trim())}`,
    format: opts?.format ?? 'json',
    parse: (b, f, s) => parseExpose(b, f, c.lang, s, String(exposeId).trim()),
  }));
}

/** 4.2: sends one contact form; resolves when the service accepted it. */
export function contactRealtor(c: ClientBase, exposeId: string, form: ContactForm, opts?: CallOptions): Promise<void> {
  const format = opts?.format ?? 'json';
  return c.request(
    'contactRealtor',
    opts,
    (p) => {
      validateId('exposeId', exposeId, p);
      validateContactForm(form, p);
    },
    () => ({
      operation: 'contactRealtor',
      method: 'POST',
      path: `/search/v1.0/expose/${enc(String(exposeId).trim())}/contact`,
      format,
      contentType: MEDIA[format],
      body: format === 'xml' ? async () => (await import('./xml-write.js')).contactFormXml(form) : () => contactFormJson(form),
      parse: async () => undefined,
    }),
  );
}

/** 4.3: headline and description for a house or an apartment (JSON only). */
export function generatePropertyText(c: ClientBase, request: PropertyTextRequest, opts?: CallOptions): Promise<PropertyTextResult> {
  return c.request(
    'generatePropertyText',
    opts,
    (p) => {
      jsonOnly(opts, p);
      validatePropertyText(request, p);
    },
    () => ({
      operation: 'generatePropertyText',
      method: 'POST',
      path: '/ai/v1.0/nlg/listing/property/generate',
      format: 'json',
      contentType: MEDIA.json,
      body: () => JSON.stringify(propertyTextBody(request)),
      parse: (b, f, s) => parsePropertyText(b, f, c.lang, s),
    }),
  );
}

/** 4.4: the user's building projects. */
export function listProjects(c: ClientBase, opts?: CallOptions): Promise<RealEstateProject[]> {
  return c.request('listProjects', opts, () => {}, () => ({
    operation: 'listProjects',
    method: 'GET',
    path: '/offer/v1.0/user/me/realestateproject',
    format: opts?.format ?? 'xml',
    parse: (b, f, s) => parseProjects(b, f, c.lang, s),
  }));
}

/** 4.4: the real estates of one project. */
export function listProjectEntries(c: ClientBase, projectId: string, opts?: CallOptions): Promise<RealEstateProjectEntry[]> {
  return c.request('listProjectEntries', opts, (p) => validateId('projectId', projectId, p), () => ({
    operation: 'listProjectEntries',
    method: 'GET',
    path: `/offer/v1.0/user/me/realestateproject/${enc(String(projectId).trim())}/realestateprojectentry`,
    format: opts?.format ?? 'xml',
    parse: (b, f, s) => parseProjectEntries(b, f, c.lang, s),
  }));
}

/** 4.4 rule 1: all of the user's own real estates. */
export async function listOwnRealEstates(c: ClientBase, opts?: CallOptions): Promise<OwnRealEstate[]> {
  // The service pages this list (common:Paging). 100 a page are asked for, then the further
  // pages one after another, so a user with many listings gets all of them; a server that
  // gives smaller pages only costs more requests (at most OWN_MAX_PAGES, a guard against a
  // server whose paging never ends).
  const page = (n: number) =>
    c.request('listOwnRealEstates', opts, () => {}, () => ({
      operation: 'listOwnRealEstates',
      method: 'GET',
      path: '/offer/v1.0/user/me/realestate',
      query: [
        ['pagesize', String(OWN_PAGE_SIZE)],
        ['pagenumber', n > 1 ? String(n) : undefined],
      ],
      format: opts?.format ?? 'xml',
      parse: (b, f, s) => parseOwnRealEstatePage(b, f, c.lang, s),
    }));
  const first = await page(1);
  const all = [...first.realEstates];
  const seen = new Set(all.map((r) => r.id));
  for (let n = 2; n <= Math.min(first.numberOfPages, OWN_MAX_PAGES); n++) {
    // (A listing that moved between pages while reading them is listed once.)
    for (const r of (await page(n)).realEstates) if (!seen.has(r.id)) seen.add(r.id), all.push(r);
  }
  return all;
}

/** Page size asked of the own-real-estates list. */
const OWN_PAGE_SIZE = 100;
const OWN_MAX_PAGES = 50;

/** 4.4: adds real estates to a project (XML body); one result per entry. */
export function addProjectEntries(c: ClientBase, projectId: string, realEstateIds: string[], opts?: CallOptions): Promise<ProjectEntryResult[]> {
  const ids = Array.isArray(realEstateIds) ? realEstateIds.map((i) => String(i).trim()) : [];
  return c.request(
    'addProjectEntries',
    opts,
    (p) => {
      validateId('projectId', projectId, p);
      if (!ids.length) p.add('realEstateIds', 'mindestens eine Immobilie angeben', 'name at least one real estate');
      if (ids.some((i) => !/^\d{1,19}$/.test(i))) p.add('realEstateIds', 'müssen numerische IDs sein', 'must be numeric ids');
    },
    () => ({
      operation: 'addProjectEntries',
      method: 'POST',
      path: `/offer/v1.0/user/me/realestateproject/${enc(String(projectId).trim())}/realestateprojectentry`,
      format: opts?.format ?? 'xml',
      contentType: MEDIA.xml,
      body: async () => (await import('./xml-write.js')).projectEntriesXml(ids),
      parse: (b, f, s) => parseEntryResults(b, f, c.lang, s, ids),
    }),
  );
}

/** 4.5: geo suggestions for an input (JSON only, cached). */
export function suggestGeo(c: ClientBase, query: GeoSuggestQuery, opts?: CallOptions): Promise<GeoSuggestion[]> {
  return c.request(
    'suggestGeo',
    opts,
    (p) => {
      jsonOnly(opts, p);
      validateSuggest(query ?? {}, p);
    },
    () => ({
      operation: 'suggestGeo',
      method: 'GET',
      path: `/gis/v2.0/geoautocomplete/${query.country}`,
      query: [
        ['i', enc(query.input)],
        ['l', query.limit !== undefined ? String(query.limit) : undefined],
        ['lpt', query.limitPerType !== undefined ? String(query.limitPerType) : undefined],
        ['t', query.types?.length ? encList(query.types) : undefined],
      ],
      format: 'json',
      cacheable: true,
      parse: (b, f, s) => parseSuggestions(b, f, c.lang, s),
    }),
  );
}

/** 4.6: one geo entity with optional geo id or coordinates (JSON only, cached). */
export function getGeoEntity(c: ClientBase, query: GeoEntityQuery, opts?: CallOptions): Promise<GeoEntity> {
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
      parse: (b, f, s) => parseEntity(b, f, c.lang, s, query.id.trim()),
    }),
  );
}

/** 4.7 (deprecated): legacy region search, XML by default. */
export function searchRegions(c: ClientBase, query: string, opts?: CallOptions): Promise<LegacyRegion[]> {
  return c.request('searchRegions', opts, (p) => p.required('query', query), () => ({
    operation: 'searchRegions',
    method: 'GET',
    path: '/search/v1.0/region',
    query: [['q', enc(query)]],
    format: opts?.format ?? 'xml',
    parse: (b, f, s) => parseRegions(b, f, c.lang, s),
  }));
}

/** 4.7 through the v1 → v2 adapter: suggestion items of type quarterOrTown. */
export async function suggestGeoV1(c: ClientBase, query: string, opts?: CallOptions): Promise<GeoSuggestion[]> {
  return legacyRegionsToSuggestions(await searchRegions(c, query, opts), query);
}
