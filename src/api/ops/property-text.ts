/** Property text (docs/interface.md#property-text): the operation, its checks, its body and its parser. */
import { ClientBase, jsonOnly, MEDIA, type CallOptions } from '../core.js';
import { obj, pickPresent } from '../coerce.js';
import { clip } from '../../shared/text.js';
import { fail, parser } from '../parse.js';
import { DECIMAL_COMMA, has, isGermanDate, type Problems } from '../validate.js';
import {
  APARTMENT_DETAIL_FIELDS,
  GEO_COORDINATE_FIELDS,
  HOUSE_DETAIL_FIELDS,
  LOCATION_FIELDS,
  PROPERTY_TEXT_REAL_ESTATE_TYPES,
  TRANSACTION_TYPES,
  type PropertyTextRequest,
  type PropertyTextResult,
} from '../types/property-text.js';

export const parsePropertyText = /* @__PURE__ */ parser(
  'generatePropertyText',
  (doc): PropertyTextResult => {
    const n = doc.root === '' ? obj(doc.node) : obj({ [doc.root]: doc.node });
    if (!n) fail('not an object');
    const headline = typeof n.headline === 'string' ? clip(n.headline) : fail('headline missing');
    const propertyText =
      typeof n.propertyText === 'string'
        ? clip(n.propertyText, PROPERTY_TEXT_MAX)
        : fail('propertyText missing');
    return { headline, propertyText };
  },
);

/** The longest generated description kept: pages of prose, far beyond a listing's text. */
export const PROPERTY_TEXT_MAX = 20_000;

type DetailSpec = typeof APARTMENT_DETAIL_FIELDS | typeof HOUSE_DETAIL_FIELDS;

function validateDetails(prefix: string, d: unknown, spec: DetailSpec, p: Problems): void {
  if (typeof d !== 'object' || d === null || Array.isArray(d)) {
    p.add(prefix, 'must be an object');
    return;
  }
  const o = d as Record<string, unknown>;
  const f = (k: string) => `${prefix}.${k}`;
  for (const [k, allowed] of Object.entries(spec.enum))
    if (has(o[k])) p.oneOf(f(k), o[k], allowed as readonly string[]);
  for (const k of spec.boolean) if (has(o[k])) p.boolean(f(k), o[k]);
  for (const k of spec.number) if (has(o[k])) p.number(f(k), o[k]);
  for (const k of spec.integer) if (has(o[k])) p.integer(f(k), o[k]);
  for (const k of spec.year) if (has(o[k])) p.integer(f(k), o[k], 1000, 9999);
  for (const k of spec.decimalComma) {
    if (has(o[k]) && (typeof o[k] !== 'string' || !DECIMAL_COMMA.test(o[k] as string))) {
      p.add(f(k), 'must be a decimal with comma and two decimals, e.g. 1500,00');
    }
  }
  for (const k of spec.date) {
    if (has(o[k]) && (typeof o[k] !== 'string' || !isGermanDate(o[k] as string))) {
      p.add(f(k), 'must be a valid date day.month.year, e.g. 01.10.2025');
    }
  }
  for (const k of spec.string) if (has(o[k])) p.string(f(k), o[k]);
  for (const k of spec.stringArray) {
    if (o[k] === undefined || o[k] === null) continue;
    if (!Array.isArray(o[k]) || !(o[k] as unknown[]).every((v) => typeof v === 'string')) {
      p.add(f(k), 'must be a list of strings');
    }
  }
}

export function validatePropertyText(r: unknown, p: Problems): void {
  if (typeof r !== 'object' || r === null) {
    p.add('request', 'is missing');
    return;
  }
  const q = r as Record<string, unknown>;
  p.oneOf('realEstateType', q.realEstateType, PROPERTY_TEXT_REAL_ESTATE_TYPES);
  p.oneOf('transactionType', q.transactionType, TRANSACTION_TYPES);
  if (q.location !== undefined && q.location !== null) {
    if (typeof q.location !== 'object') p.add('location', 'must be an object');
    else {
      const l = q.location as Record<string, unknown>;
      for (const k of LOCATION_FIELDS)
        if (k !== 'geoCoordinates' && has(l[k])) p.string(`location.${k}`, l[k]);
      const g = l.geoCoordinates;
      if (g !== undefined && g !== null) {
        if (typeof g !== 'object') p.add('location.geoCoordinates', 'must be an object');
        else
          for (const k of GEO_COORDINATE_FIELDS)
            if (has((g as Record<string, unknown>)[k]))
              p.number(`location.geoCoordinates.${k}`, (g as Record<string, unknown>)[k]);
      }
    }
  }
  if (
    q.realEstateType === 'apartment' &&
    q.apartmentDetails !== undefined &&
    q.apartmentDetails !== null
  ) {
    validateDetails('apartmentDetails', q.apartmentDetails, APARTMENT_DETAIL_FIELDS, p);
  }
  if (q.realEstateType === 'house' && q.houseDetails !== undefined && q.houseDetails !== null) {
    validateDetails('houseDetails', q.houseDetails, HOUSE_DETAIL_FIELDS, p);
  }
}

function pickDetails(
  src: unknown,
  spec: typeof APARTMENT_DETAIL_FIELDS | typeof HOUSE_DETAIL_FIELDS,
): Record<string, unknown> | undefined {
  const keys = [
    ...Object.keys(spec.enum),
    ...spec.boolean,
    ...spec.number,
    ...spec.integer,
    ...spec.year,
    ...spec.decimalComma,
    ...spec.date,
    ...spec.string,
    ...spec.stringArray,
  ];
  return pickPresent(src as Record<string, unknown> | undefined, keys);
}

/**
 * The request body: only the fields given (undefined, null, blank strings and empty lists
 * dropped; undocumented fields are not sent), apartmentDetails only for an
 * apartment, houseDetails only for a house.
 */
export function propertyTextBody(r: PropertyTextRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    realEstateType: r.realEstateType,
    transactionType: r.transactionType,
  };
  const loc = r.location as Record<string, unknown> | undefined;
  if (loc && typeof loc === 'object') {
    const l =
      pickPresent(
        loc,
        LOCATION_FIELDS.filter((k) => k !== 'geoCoordinates'),
      ) ?? {};
    const g = pickPresent(
      loc.geoCoordinates as Record<string, unknown> | undefined,
      GEO_COORDINATE_FIELDS,
    );
    if (g) l.geoCoordinates = g;
    if (Object.keys(l).length) body.location = l;
  }
  if (r.realEstateType === 'apartment') {
    const d = pickDetails(r.apartmentDetails, APARTMENT_DETAIL_FIELDS);
    if (d) body.apartmentDetails = d;
  } else if (r.realEstateType === 'house') {
    const d = pickDetails(r.houseDetails, HOUSE_DETAIL_FIELDS);
    if (d) body.houseDetails = d;
  }
  return body;
}

/** A headline and a description for a house or an apartment (JSON only). */
export function generatePropertyText(
  c: ClientBase,
  request: PropertyTextRequest,
  opts?: CallOptions,
): Promise<PropertyTextResult> {
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
      parse: (b, f, s) => parsePropertyText(b, f, s),
    }),
  );
}
