/**
 * The form model of `<property-text>`: which fields each real-estate type has (from the
 * client's tables, docs/interface.md#property-text), how each is parsed from what a realtor types, and how
 * the request body is built from the form and back.
 */
import {
  APARTMENT_DETAIL_FIELDS,
  APARTMENT_OPEN_FIELD_VALUES,
  HOUSE_DETAIL_FIELDS,
  PROPERTY_TEXT_REAL_ESTATE_TYPES,
  TRANSACTION_TYPES,
  type GeoCoordinates,
  type PropertyTextRealEstateType,
  type PropertyTextRequest,
  type PropertyTextResult,
} from '../../api/types.js';
import { isGermanDate } from '../../api/validate.js';
import { draftValues } from '../../shared/draft.js';
import { FIELD_GROUPS, YEAR_MAX } from './strings.js';

export type Kind =
  'text' | 'enum' | 'bool' | 'number' | 'int' | 'sint' | 'year' | 'deposit' | 'date' | 'multi';
export type Group = 'size' | 'condition' | 'energy' | 'costs';

export interface FieldDef {
  name: string;
  kind: Kind;
  /** Values of enum and multi fields. */
  values?: readonly string[];
  /** Key of the value labels in ENUM_LABELS. */
  labels?: string;
}

/** What the form holds: raw input text, checkbox states and multi-select lists, by field name. */
export type Values = Record<string, string | boolean | string[]>;

export const LOCATION_KEYS = Object.keys(
  FIELD_GROUPS.location,
) as (keyof typeof FIELD_GROUPS.location)[];
export const COORD_KEYS = Object.keys(
  FIELD_GROUPS.coordinates,
) as (keyof typeof FIELD_GROUPS.coordinates)[];

/** The groups of detail fields, in the order the form shows them (their fields: FIELD_GROUPS). */
export const GROUP_IDS: Group[] = ['size', 'condition', 'energy', 'costs'];

type Spec = typeof APARTMENT_DETAIL_FIELDS | typeof HOUSE_DETAIL_FIELDS;

/** Strings whose value set the interface leaves open: offered from the client's lists of known values. */
const open = (name: string): FieldDef => ({
  name,
  kind: 'enum',
  values: APARTMENT_OPEN_FIELD_VALUES[name as keyof typeof APARTMENT_OPEN_FIELD_VALUES],
  labels: name,
});

function defs(spec: Spec, type: PropertyTextRealEstateType): Map<string, FieldDef> {
  const m = new Map<string, FieldDef>();
  for (const [name, values] of Object.entries(spec.enum)) {
    m.set(name, {
      name,
      kind: 'enum',
      values,
      labels: name === 'buildingType' ? `${type}BuildingType` : name,
    });
  }
  for (const name of spec.boolean) m.set(name, { name, kind: 'bool' });
  for (const name of spec.number) m.set(name, { name, kind: 'number' });
  for (const name of spec.integer) m.set(name, { name, kind: name === 'floor' ? 'sint' : 'int' });
  for (const name of spec.year) m.set(name, { name, kind: 'year' });
  for (const name of spec.decimalComma) m.set(name, { name, kind: 'deposit' });
  for (const name of spec.date) m.set(name, { name, kind: 'date' });
  // parkingSpaceType of apartments is a string in the interface: the house enum's values
  for (const name of spec.string)
    m.set(
      name,
      name === 'parkingSpaceType'
        ? { name, kind: 'enum', values: HOUSE_DETAIL_FIELDS.enum.parkingSpaceType, labels: name }
        : open(name),
    );
  for (const name of spec.stringArray) m.set(name, { ...open(name), kind: 'multi' });
  return m;
}

const FIELDS = {
  apartment: defs(APARTMENT_DETAIL_FIELDS, 'apartment'),
  house: defs(HOUSE_DETAIL_FIELDS, 'house'),
};

/**
 * Fields that fit one transaction only. The interface lists them in one table for both; which
 * belongs to which is the portal's own split: rent, deposit, heating costs, parking rent, rent
 * subsidy and the certificate of eligibility (WBS) describe a rental; the purchase price, the
 * rental income and "rented" (an investment) a sale. A house for rent has no rent field in
 * the interface, so it offers no price at all. Until a transaction is chosen neither set is offered.
 */
const ONLY: Record<string, 'rent' | 'sale'> = {
  monthlyRent: 'rent',
  deposit: 'rent',
  heatingCostsOption: 'rent',
  parkingSpaceRent: 'rent',
  rentSubsidy: 'rent',
  certificateOfEligibilityNeeded: 'rent',
  price: 'sale',
  rentalIncome: 'sale',
  rented: 'sale',
};
/** Whether a detail field fits the transaction (`rent`, `sale`, or not chosen yet). */
export const fitsTransaction = (name: string, tx: unknown): boolean =>
  !ONLY[name] || ONLY[name] === tx;

/** The detail fields of a type that fit the transaction, by group, in display order. */
export function fieldsByGroup(
  type: PropertyTextRealEstateType,
  tx?: unknown,
): [Group, FieldDef[]][] {
  const all = FIELDS[type];
  return GROUP_IDS.map((g) => [
    g,
    Object.keys(FIELD_GROUPS[g])
      .filter((n) => all.has(n) && fitsTransaction(n, tx))
      .map((n) => all.get(n)!),
  ]);
}

export function detailFields(type: PropertyTextRealEstateType): Map<string, FieldDef> {
  return FIELDS[type];
}

export const detailsKey = (type: PropertyTextRealEstateType) =>
  type === 'house' ? 'houseDetails' : 'apartmentDetails';

/** Reason keys of strings.ts for a value that cannot be sent. */
export type Problem =
  | 'vRequired'
  | 'vNumber'
  | 'vInteger'
  | 'vSignedInteger'
  | 'vYear'
  | 'vRefurb'
  | 'vDate'
  | 'vDeposit'
  | 'vDetails';

/**
 * Parses one typed value. Returns undefined for an empty input (the field is left out),
 * the value to send, or a problem.
 */
export function parseField(
  def: FieldDef,
  raw: string | boolean | string[] | undefined,
): { value?: unknown; problem?: Problem } {
  if (raw === undefined) return {};
  if (def.kind === 'bool') return raw === true ? { value: true } : {};
  if (def.kind === 'multi') {
    const list = Array.isArray(raw) ? raw : [];
    return list.length ? { value: [...list] } : {};
  }
  const s = typeof raw === 'string' ? raw.trim() : '';
  if (!s) return {};
  switch (def.kind) {
    case 'enum':
      return { value: s };
    case 'number':
      return /^\d+([.,]\d{1,2})?$/.test(s)
        ? { value: Number(s.replace(',', '.')) }
        : { problem: 'vNumber' };
    case 'int':
      return /^\d{1,9}$/.test(s) ? { value: Number(s) } : { problem: 'vInteger' };
    case 'sint':
      return /^-?\d{1,9}$/.test(s) ? { value: Number(s) } : { problem: 'vSignedInteger' };
    case 'year': {
      const y = Number(s);
      return /^\d{4}$/.test(s) && y >= 1000 && y <= YEAR_MAX ? { value: y } : { problem: 'vYear' };
    }
    case 'deposit': {
      const m = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(s);
      return m ? { value: `${m[1]},${(m[2] ?? '').padEnd(2, '0')}` } : { problem: 'vDeposit' };
    }
    case 'date': {
      if (!isGermanDate(s)) return { problem: 'vDate' };
      const [d, m, y] = s.split('.');
      return { value: `${d.padStart(2, '0')}.${m.padStart(2, '0')}.${y}` };
    }
  }
  return {};
}

/** The request the form describes, or the problems (by field name) that keep it from being sent. */
export function buildRequest(
  values: Values,
  coords: GeoCoordinates | null,
): { request?: PropertyTextRequest; problems: Record<string, Problem> } {
  const problems: Record<string, Problem> = {};
  const type = values.realEstateType as PropertyTextRealEstateType;
  const tx = values.transactionType as PropertyTextRequest['transactionType'];
  if (!PROPERTY_TEXT_REAL_ESTATE_TYPES.includes(type)) problems.realEstateType = 'vRequired';
  if (!TRANSACTION_TYPES.includes(tx)) problems.transactionType = 'vRequired';
  const location: Record<string, unknown> = {};
  for (const k of LOCATION_KEYS) {
    const v = typeof values[k] === 'string' ? (values[k] as string).trim() : '';
    if (v) location[k] = v;
  }
  if (coords && COORD_KEYS.some((k) => typeof coords[k] === 'number'))
    location.geoCoordinates = { ...coords };
  const details: Record<string, unknown> = {};
  if (!problems.realEstateType) {
    const fields = detailFields(type);
    for (const def of fields.values()) {
      // a field of the other transaction (a price typed before switching to rent) is not sent
      if (!fitsTransaction(def.name, tx)) continue;
      const raw = values[def.name];
      // an enum value of the other type (e.g. buildingType PENTHOUSE for a house) is not sent
      if (
        def.kind === 'enum' &&
        typeof raw === 'string' &&
        raw &&
        !def.values!.includes(raw) &&
        !isOpen(def)
      )
        continue;
      if (def.kind === 'multi' && Array.isArray(raw)) {
        if (raw.length) details[def.name] = [...raw];
        continue;
      }
      const { value, problem } = parseField(def, raw);
      if (problem) problems[def.name] = problem;
      else if (value !== undefined) details[def.name] = value;
    }
    const cy = details.constructionYear as number | undefined;
    const lr = details.lastRefurbishment as number | undefined;
    if (cy !== undefined && lr !== undefined && lr < cy) problems.lastRefurbishment = 'vRefurb';
    // The service answers a request without details with 400 (the client leaves out an empty
    // details object): ask for one, at the field both types have first.
    if (!Object.keys(details).length && !Object.keys(problems).some((k) => fields.has(k)))
      problems.livingSpace = 'vDetails';
  }
  if (Object.keys(problems).length) return { problems };
  const request: PropertyTextRequest = { realEstateType: type, transactionType: tx };
  if (Object.keys(location).length) request.location = location as PropertyTextRequest['location'];
  if (Object.keys(details).length)
    (request as unknown as Record<string, unknown>)[detailsKey(type)] = details;
  return { request, problems };
}

/** Open fields (see strings.ts): any value passed in through `data` is kept, shown and sent. */
const OPEN = new Set<string>(
  [...APARTMENT_DETAIL_FIELDS.string, ...APARTMENT_DETAIL_FIELDS.stringArray].filter(
    (n) => n !== 'parkingSpaceType',
  ),
);
export const isOpen = (def: FieldDef) => OPEN.has(def.name);

/** Options an open field shows besides its list (values that came in through `data`). */
export function extraOptions(def: FieldDef, raw: unknown): string[] {
  if (!isOpen(def)) return [];
  if (typeof raw === 'string') return raw && !def.values!.includes(raw) ? [raw] : [];
  return Array.isArray(raw) ? raw.filter((v) => !def.values!.includes(v)) : [];
}

/**
 * The coordinates in `g` that are finite numbers, or null if none is; the keys that hold
 * anything else are named in `bad` (as paths of the request).
 */
export function coordsOf(from: object, bad: string[] = []): GeoCoordinates | null {
  const g = from as Record<string, unknown>;
  const c: GeoCoordinates = {};
  for (const k of COORD_KEYS) {
    if (typeof g[k] === 'number' && Number.isFinite(g[k])) c[k] = g[k] as number;
    else if (g[k] !== undefined) bad.push(`location.geoCoordinates.${k}`);
  }
  return Object.keys(c).length ? c : null;
}

/**
 * Turns a request object from a host application into form values. Whatever cannot be
 * shown as it is (unknown keys, wrong types) is named in `bad`; everything else is kept,
 * values that fail validation included, so the form points at them.
 */
export function fromRequest(
  data: unknown,
  decimalComma = true,
): { values: Values; coords: GeoCoordinates | null; bad: string[] } {
  const values: Values = {};
  const bad: string[] = [];
  let coords: GeoCoordinates | null = null;
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return { values, coords, bad: ['data'] };
  const r = data as Record<string, unknown>;
  const type = PROPERTY_TEXT_REAL_ESTATE_TYPES.find((t) => t === r.realEstateType);
  for (const k of ['realEstateType', 'transactionType'] as const) {
    if (typeof r[k] === 'string') values[k] = r[k] as string;
    else if (r[k] !== undefined) bad.push(k);
  }
  const known = new Set([
    'realEstateType',
    'transactionType',
    'location',
    'apartmentDetails',
    'houseDetails',
  ]);
  for (const k of Object.keys(r)) if (!known.has(k)) bad.push(k);
  const loc = r.location;
  if (loc !== undefined && loc !== null) {
    if (typeof loc !== 'object') bad.push('location');
    else {
      const l = loc as Record<string, unknown>;
      for (const [k, v] of Object.entries(l)) {
        if (
          (LOCATION_KEYS as readonly string[]).includes(k) &&
          (typeof v === 'string' || typeof v === 'number')
        )
          values[k] = String(v);
        else if (k === 'geoCoordinates' && typeof v === 'object' && v !== null)
          coords = coordsOf(v, bad);
        else bad.push(`location.${k}`);
      }
    }
  }
  for (const t of PROPERTY_TEXT_REAL_ESTATE_TYPES) {
    const key = detailsKey(t);
    const d = r[key];
    if (d === undefined || d === null) continue;
    if (typeof d !== 'object' || Array.isArray(d) || (type && t !== type)) {
      bad.push(key);
      continue;
    }
    const fields = detailFields(t);
    for (const [k, v] of Object.entries(d as Record<string, unknown>)) {
      const def = fields.get(k);
      const path = `${key}.${k}`;
      if (!def) bad.push(path);
      else if (def.kind === 'bool') {
        if (typeof v === 'boolean') values[k] = v;
        else bad.push(path);
      } else if (def.kind === 'multi') {
        if (Array.isArray(v) && v.every((x) => typeof x === 'string')) values[k] = [...v];
        else bad.push(path);
      } else if (def.kind === 'enum' && !isOpen(def) && !def.values!.includes(v as string))
        bad.push(path);
      else if (typeof v === 'number' && Number.isFinite(v))
        values[k] = decimalComma ? String(v).replace('.', ',') : String(v);
      else if (typeof v === 'string') values[k] = v;
      else if (v !== null && v !== undefined) bad.push(path);
    }
  }
  return { values, coords, bad };
}

/** What the element keeps in the tab (src/shared/draft.ts): the form, the coordinates and the result. */
export interface Draft {
  values: Values;
  coords: GeoCoordinates | null;
  result: PropertyTextResult | null;
}

/**
 * A stored draft as the form can take it: the values a form holds (lists of strings
 * included), the finite coordinates, and a result only with both texts; undefined when it
 * is no object.
 */
export function readDraft(data: unknown): Draft | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const d = data as Record<string, unknown>;
  const c = d.coords;
  const r = d.result as Partial<PropertyTextResult> | null | undefined;
  const result =
    r && typeof r.headline === 'string' && typeof r.propertyText === 'string'
      ? { headline: r.headline, propertyText: r.propertyText }
      : null;
  return {
    values: draftValues(d.values, true),
    coords: c && typeof c === 'object' ? coordsOf(c) : null,
    result,
  };
}
