/**
 * ImmoClient: one typed method per operation of docs/interface.md. No DOM;
 * runs in browsers and Node. XML support (parser and writers) is loaded by dynamic import
 * only when an XML media type is used. The methods are thin: the machinery is ClientCore
 * (core.ts) and each operation a function of ops.ts, which elements import one by one.
 */
import { ClientCore } from './client-core.js';
import type { CallOptions } from './core.js';
import * as ops from './ops.js';
import type {
  ContactForm,
  ExposeContactInfo,
  GeoEntity,
  GeoEntityQuery,
  GeoHierarchyStatistic,
  GeoSuggestion,
  GeoSuggestQuery,
  LegacyRegion,
  OwnRealEstate,
  ProjectEntryResult,
  PropertyTextRequest,
  PropertyTextResult,
  RealEstateProject,
  RealEstateProjectEntry,
  StatisticQuery,
} from './types.js';

export { ClientBase, parseRetryAfter } from './core.js';
export { ClientCore } from './client-core.js';
export type {
  ClientBaseOptions,
  ImmoClientOptions,
  CallOptions,
  AuthHook,
  AuthRequest,
} from './core.js';
export { legacyRegionsToSuggestions } from './legacy.js';

export class ImmoClient extends ClientCore {
  /** See getStatistic in ops.ts. */
  getStatistic(query: StatisticQuery, opts?: CallOptions): Promise<GeoHierarchyStatistic> {
    return ops.getStatistic(this, query, opts);
  }

  /** See getExpose in ops.ts. */
  getExpose(exposeId: string, opts?: CallOptions): Promise<ExposeContactInfo> {
    return ops.getExpose(this, exposeId, opts);
  }

  /** See contactRealtor in ops.ts. */
  contactRealtor(exposeId: string, form: ContactForm, opts?: CallOptions): Promise<void> {
    return ops.contactRealtor(this, exposeId, form, opts);
  }

  /** See generatePropertyText in ops.ts. */
  generatePropertyText(
    request: PropertyTextRequest,
    opts?: CallOptions,
  ): Promise<PropertyTextResult> {
    return ops.generatePropertyText(this, request, opts);
  }

  /** See listProjects in ops.ts. */
  listProjects(opts?: CallOptions): Promise<RealEstateProject[]> {
    return ops.listProjects(this, opts);
  }

  /** See listProjectEntries in ops.ts. */
  listProjectEntries(projectId: string, opts?: CallOptions): Promise<RealEstateProjectEntry[]> {
    return ops.listProjectEntries(this, projectId, opts);
  }

  /** See listOwnRealEstates in ops.ts. */
  listOwnRealEstates(opts?: CallOptions): Promise<OwnRealEstate[]> {
    return ops.listOwnRealEstates(this, opts);
  }

  /** See addProjectEntries in ops.ts. */
  addProjectEntries(
    projectId: string,
    realEstateIds: string[],
    opts?: CallOptions,
  ): Promise<ProjectEntryResult[]> {
    return ops.addProjectEntries(this, projectId, realEstateIds, opts);
  }

  /** See suggestGeo in ops.ts. */
  suggestGeo(query: GeoSuggestQuery, opts?: CallOptions): Promise<GeoSuggestion[]> {
    return ops.suggestGeo(this, query, opts);
  }

  /** See getGeoEntity in ops.ts. */
  getGeoEntity(query: GeoEntityQuery, opts?: CallOptions): Promise<GeoEntity> {
    return ops.getGeoEntity(this, query, opts);
  }

  /** See searchRegions in ops.ts. */
  searchRegions(query: string, opts?: CallOptions): Promise<LegacyRegion[]> {
    return ops.searchRegions(this, query, opts);
  }

  /** See suggestGeoV1 in ops.ts. */
  suggestGeoV1(query: string, opts?: CallOptions): Promise<GeoSuggestion[]> {
    return ops.suggestGeoV1(this, query, opts);
  }
}
