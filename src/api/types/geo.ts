/** Geo autocompletion and the legacy region search (docs/interface.md#geo-suggestions and the sections after it). */
import type { Country } from './common.js';

/** Entity types of the suggestion resource (values of `t` except `All`). */
export const GEO_ENTITY_TYPES = [
  'country',
  'region',
  'city',
  'district',
  'quarterOrTown',
  'quarter',
  'postcode',
  'postcodeWithQuarter',
  'street',
  'trainStation',
  'address',
  'customArea',
] as const;
export type GeoEntityType = (typeof GEO_ENTITY_TYPES)[number];

/** Every value of `t`, including the shortcut `All`. */
export const GEO_SUGGEST_TYPES = ['All', ...GEO_ENTITY_TYPES] as const;
export type GeoSuggestType = (typeof GEO_SUGGEST_TYPES)[number];

/** What `t=All` stands for (trainStation is not included). */
export const GEO_ALL_TYPES = [
  'country',
  'region',
  'city',
  'district',
  'quarterOrTown',
  'postcode',
  'street',
] as const satisfies readonly GeoEntityType[];

/** The server's `t` when the parameter is omitted. */
export const DEFAULT_GEO_SUGGEST_TYPES = [
  'country',
  'region',
  'city',
  'district',
  'quarterOrTown',
  'postcodeWithQuarter',
] as const satisfies readonly GeoEntityType[];

/** Default and maximum of `l`. */
export const GEO_SUGGEST_DEFAULT_LIMIT = 50;
export const GEO_SUGGEST_MAX_LIMIT = 120;

/** Values of `g` of the entity resource. */
export const GEO_DATA_VALUES = ['None', 'GeoId', 'Lambert', 'WGS84'] as const;
export type GeoDataFormat = (typeof GEO_DATA_VALUES)[number];

export interface GeoSuggestQuery {
  country: Country;
  input: string;
  /** `l`, 1 … 120 (server default 50). */
  limit?: number;
  /** `lpt`, at least 1. */
  limitPerType?: number;
  /** `t`, sent comma-joined. */
  types?: readonly GeoSuggestType[];
}

export interface GeoEntityQuery {
  country: Country;
  id: string;
  /** `g`, default None. */
  geoData?: GeoDataFormat;
}

export interface GeoMatch {
  offset: number;
  length: number;
}

/**
 * One suggestion item: the documented fields, nothing else. Fields the service adds
 * (`geopath`, `value` …) are not kept: they are undocumented, and an element that relied on
 * one would break when the service drops it.
 */
export interface GeoSuggestion {
  entity: { type: string; id: string; label: string };
  matches: GeoMatch[];
}

export interface GeoEntity {
  type: string;
  id: string;
  label: string;
  address: { street?: string; postcode?: string; quarter?: string; city?: string; region?: string };
  geoId?: string;
  geoData?: { x: number; y: number } | { lat: number; lon: number };
}

export interface LegacyRegion {
  name: string;
  geoCodeId: string;
  /** The record's `amount`; undefined when the answer did not carry one. */
  amount?: number;
}
