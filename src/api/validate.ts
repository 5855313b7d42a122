/**
 * Request validation before anything is sent. Each check records a field path and a
 * reason; the caller turns a non-empty list into one ApiError of kind 'validation'.
 */
import { ApiError, type ApiLang, type ApiMessage } from './errors.js';
import {
  ADDRESS_MAX_LENGTH,
  APARTMENT_DETAIL_FIELDS,
  APPOINTMENT_REQUESTED_VALUES,
  CONTACT_FORM_BOOLEAN_FIELDS,
  CONTACT_FORM_MAX_LENGTH,
  CONTACT_FORM_TYPES,
  CONTACT_MAIL_CUSTOM_STYLE_FIELDS,
  COUNTRIES,
  EMAIL_PATTERN,
  GEO_COORDINATE_FIELDS,
  GEO_DATA_VALUES,
  GEO_SUGGEST_MAX_LIMIT,
  GEO_SUGGEST_TYPES,
  HOUSE_DETAIL_FIELDS,
  LOCATION_FIELDS,
  PROFILE_TYPES,
  PROPERTY_TEXT_REAL_ESTATE_TYPES,
  REAL_ESTATE_TYPES,
  SALUTATIONS,
  TRANSACTION_TYPES,
} from './types.js';

export class Problems {
  readonly list: { field: string; de: string; en: string }[] = [];

  add(field: string, de: string, en: string): void {
    this.list.push({ field, de, en });
  }

  /** Throws the collected problems as one ApiError. */
  throwIfAny(operation: string, lang: ApiLang): void {
    if (!this.list.length) return;
    const messages: ApiMessage[] = this.list.map((p) => ({
      code: 'CLIENT_VALIDATION',
      text: `${p.field}: ${lang === 'de' ? p.de : p.en}`,
      id: p.field,
    }));
    throw new ApiError({
      kind: 'validation',
      operation,
      lang,
      messages,
      fields: [...new Set(this.list.map((p) => p.field))],
    });
  }

  required(field: string, value: unknown): value is string {
    if (typeof value !== 'string' || value.trim() === '') {
      this.add(field, 'Pflichtangabe fehlt', 'is required');
      return false;
    }
    return true;
  }

  oneOf(field: string, value: unknown, allowed: readonly string[]): void {
    if (typeof value !== 'string' || !allowed.includes(value)) {
      this.add(field, `muss einer der Werte ${allowed.join(', ')} sein`, `must be one of ${allowed.join(', ')}`);
    }
  }

  integer(field: string, value: unknown, min?: number, max?: number): void {
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || (min !== undefined && value < min) || (max !== undefined && value > max)) {
      const range =
        min !== undefined && max !== undefined ? ` ${min} … ${max}` : min !== undefined ? ` ≥ ${min}` : '';
      this.add(field, `muss eine ganze Zahl${range} sein`, `must be an integer${range}`);
    }
  }

  number(field: string, value: unknown): void {
    if (typeof value !== 'number' || !Number.isFinite(value)) this.add(field, 'muss eine Zahl sein', 'must be a number');
  }

  boolean(field: string, value: unknown): void {
    if (typeof value !== 'boolean') this.add(field, 'muss true oder false sein', 'must be true or false');
  }

  string(field: string, value: unknown, max?: number): void {
    if (typeof value !== 'string') {
      this.add(field, 'muss ein Text sein', 'must be a string');
    } else if (max !== undefined && charLength(value) > max) {
      this.add(field, `darf höchstens ${max} Zeichen lang sein`, `must be at most ${max} characters long`);
    }
  }
}

/** Length in characters (code points), as XML Schema counts it. */
export function charLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** A day.month.year date that exists in the calendar (1.2.2025 and 01.02.2025 both pass). */
export function isGermanDate(s: string): boolean {
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(s);
  if (!m) return false;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return d <= days;
}

/** Decimal with comma and exactly two decimals, e.g. `1500,00`. */
export const DECIMAL_COMMA = /^\d+,\d{2}$/;

const has = (v: unknown) => v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '');

// ---------------------------------------------------------------- per operation

export function validateSuggest(q: { country?: unknown; input?: unknown; limit?: unknown; limitPerType?: unknown; types?: unknown }, p: Problems): void {
  p.oneOf('country', q.country, COUNTRIES);
  p.required('input', q.input);
  if (q.limit !== undefined) p.integer('limit', q.limit, 1, GEO_SUGGEST_MAX_LIMIT);
  if (q.limitPerType !== undefined) p.integer('limitPerType', q.limitPerType, 1);
  if (q.types !== undefined) {
    if (!Array.isArray(q.types) || q.types.length === 0) p.add('types', 'muss eine nicht leere Liste sein', 'must be a non-empty list');
    else for (const t of q.types) p.oneOf('types', t, GEO_SUGGEST_TYPES);
  }
}

export function validateEntity(q: { country?: unknown; id?: unknown; geoData?: unknown }, p: Problems): void {
  p.oneOf('country', q.country, COUNTRIES);
  p.required('id', q.id);
  if (q.geoData !== undefined) p.oneOf('geoData', q.geoData, GEO_DATA_VALUES);
}

export function validateStatistic(
  q: { geocode?: unknown; realEstateTypes?: unknown; customerNumber?: unknown; username?: unknown; channel?: unknown },
  p: Problems,
): void {
  const g = typeof q.geocode === 'number' && Number.isSafeInteger(q.geocode) ? String(q.geocode) : q.geocode;
  if (typeof g !== 'string' || !/^\d+$/.test(g.trim())) p.add('geocode', 'muss eine numerische Geo-Code-ID sein', 'must be a numeric geo code id');
  if (q.realEstateTypes !== undefined) {
    if (!Array.isArray(q.realEstateTypes)) p.add('realEstateTypes', 'muss eine Liste sein', 'must be a list');
    else for (const t of q.realEstateTypes) p.oneOf('realEstateTypes', t, REAL_ESTATE_TYPES);
  }
  for (const k of ['customerNumber', 'username', 'channel'] as const) if (q[k] !== undefined) p.string(k, q[k]);
}

export function validateContactForm(form: unknown, p: Problems): void {
  if (typeof form !== 'object' || form === null) {
    p.add('form', 'fehlt', 'is missing');
    return;
  }
  const f = form as Record<string, unknown>;
  if (!has(f.lastname)) p.add('lastname', 'Pflichtangabe fehlt', 'is required');
  for (const [k, max] of Object.entries(CONTACT_FORM_MAX_LENGTH)) if (has(f[k])) p.string(k, f[k], max);
  if (typeof f.emailAddress === 'string' && has(f.emailAddress)) {
    const e = f.emailAddress.trim();
    if (charLength(e) < 5 || !EMAIL_PATTERN.test(e)) p.add('emailAddress', 'ist keine gültige E-Mail-Adresse', 'is not a valid e-mail address');
  }
  if (has(f.appointmentRequested)) p.oneOf('appointmentRequested', f.appointmentRequested, APPOINTMENT_REQUESTED_VALUES);
  if (has(f.salutation)) p.oneOf('salutation', f.salutation, SALUTATIONS);
  if (has(f.profileType)) p.oneOf('profileType', f.profileType, PROFILE_TYPES);
  if (has(f.contactFormType)) p.oneOf('contactFormType', f.contactFormType, CONTACT_FORM_TYPES);
  for (const k of CONTACT_FORM_BOOLEAN_FIELDS) if (f[k] !== undefined && f[k] !== null) p.boolean(k, f[k]);
  if (f.numberOfRequiredWorkingPlaces !== undefined && f.numberOfRequiredWorkingPlaces !== null) {
    p.integer('numberOfRequiredWorkingPlaces', f.numberOfRequiredWorkingPlaces, 0);
  }
  if (f.address !== undefined && f.address !== null) {
    if (typeof f.address !== 'object') p.add('address', 'muss ein Objekt sein', 'must be an object');
    else {
      const a = f.address as Record<string, unknown>;
      for (const [k, max] of Object.entries(ADDRESS_MAX_LENGTH)) if (has(a[k])) p.string(`address.${k}`, a[k], max);
    }
  }
  if (f.contactMailCustomStyle !== undefined && f.contactMailCustomStyle !== null) {
    if (typeof f.contactMailCustomStyle !== 'object') p.add('contactMailCustomStyle', 'muss ein Objekt sein', 'must be an object');
    else {
      const s = f.contactMailCustomStyle as Record<string, unknown>;
      for (const k of CONTACT_MAIL_CUSTOM_STYLE_FIELDS) {
        if (!has(s[k])) continue;
        if (k === 'identifier') p.string(`contactMailCustomStyle.${k}`, s[k], 100);
        else if (typeof s[k] !== 'string' || !/^#([A-Fa-f0-9]{6}|[A-Fa-f0-9]{3})$/.test(s[k] as string)) {
          p.add(`contactMailCustomStyle.${k}`, 'muss eine Farbe wie #1a2b3c sein', 'must be a colour like #1a2b3c');
        }
      }
    }
  }
}

type DetailSpec = typeof APARTMENT_DETAIL_FIELDS | typeof HOUSE_DETAIL_FIELDS;

function validateDetails(prefix: string, d: unknown, spec: DetailSpec, p: Problems): void {
  if (typeof d !== 'object' || d === null || Array.isArray(d)) {
    p.add(prefix, 'muss ein Objekt sein', 'must be an object');
    return;
  }
  const o = d as Record<string, unknown>;
  const f = (k: string) => `${prefix}.${k}`;
  for (const [k, allowed] of Object.entries(spec.enum)) if (has(o[k])) p.oneOf(f(k), o[k], allowed as readonly string[]);
  for (const k of spec.boolean) if (has(o[k])) p.boolean(f(k), o[k]);
  for (const k of spec.number) if (has(o[k])) p.number(f(k), o[k]);
  for (const k of spec.integer) if (has(o[k])) p.integer(f(k), o[k]);
  for (const k of spec.year) if (has(o[k])) p.integer(f(k), o[k], 1000, 9999);
  for (const k of spec.decimalComma) {
    if (has(o[k]) && (typeof o[k] !== 'string' || !DECIMAL_COMMA.test(o[k] as string))) {
      p.add(f(k), 'muss eine Dezimalzahl mit Komma und zwei Nachkommastellen sein, z. B. 1500,00', 'must be a decimal with comma and two decimals, e.g. 1500,00');
    }
  }
  for (const k of spec.date) {
    if (has(o[k]) && (typeof o[k] !== 'string' || !isGermanDate(o[k] as string))) {
      p.add(f(k), 'muss ein gültiges Datum Tag.Monat.Jahr sein, z. B. 01.10.2025', 'must be a valid date day.month.year, e.g. 01.10.2025');
    }
  }
  for (const k of spec.string) if (has(o[k])) p.string(f(k), o[k]);
  for (const k of spec.stringArray) {
    if (o[k] === undefined || o[k] === null) continue;
    if (!Array.isArray(o[k]) || !(o[k] as unknown[]).every((v) => typeof v === 'string')) {
      p.add(f(k), 'muss eine Liste von Texten sein', 'must be a list of strings');
    }
  }
}

export function validatePropertyText(r: unknown, p: Problems): void {
  if (typeof r !== 'object' || r === null) {
    p.add('request', 'fehlt', 'is missing');
    return;
  }
  const q = r as Record<string, unknown>;
  p.oneOf('realEstateType', q.realEstateType, PROPERTY_TEXT_REAL_ESTATE_TYPES);
  p.oneOf('transactionType', q.transactionType, TRANSACTION_TYPES);
  if (q.location !== undefined && q.location !== null) {
    if (typeof q.location !== 'object') p.add('location', 'muss ein Objekt sein', 'must be an object');
    else {
      const l = q.location as Record<string, unknown>;
      for (const k of LOCATION_FIELDS) if (k !== 'geoCoordinates' && has(l[k])) p.string(`location.${k}`, l[k]);
      const g = l.geoCoordinates;
      if (g !== undefined && g !== null) {
        if (typeof g !== 'object') p.add('location.geoCoordinates', 'muss ein Objekt sein', 'must be an object');
        else for (const k of GEO_COORDINATE_FIELDS) if (has((g as Record<string, unknown>)[k])) p.number(`location.geoCoordinates.${k}`, (g as Record<string, unknown>)[k]);
      }
    }
  }
  if (q.realEstateType === 'apartment' && q.apartmentDetails !== undefined && q.apartmentDetails !== null) {
    validateDetails('apartmentDetails', q.apartmentDetails, APARTMENT_DETAIL_FIELDS, p);
  }
  if (q.realEstateType === 'house' && q.houseDetails !== undefined && q.houseDetails !== null) {
    validateDetails('houseDetails', q.houseDetails, HOUSE_DETAIL_FIELDS, p);
  }
}

/** A path segment: required, sent percent-encoded. */
export function validateId(field: string, v: unknown, p: Problems): void {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return;
  p.required(field, v);
}
