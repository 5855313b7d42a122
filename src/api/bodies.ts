/**
 * Request bodies: the contact form (JSON; XML in xml-write.ts), property text, and the
 * building-project entries. No dependencies; fields are emitted in schema order.
 */
import { NS, CONTACT_FORM_SCHEMA_FIELDS, CONTACT_MAIL_CUSTOM_STYLE_FIELDS, APARTMENT_DETAIL_FIELDS, HOUSE_DETAIL_FIELDS, LOCATION_FIELDS, GEO_COORDINATE_FIELDS, type ContactForm, type PropertyTextRequest } from './types.js';

const ADDRESS_ORDER = ['street', 'houseNumber', 'postcode', 'city'] as const;

function present(v: unknown): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === 'string') return v.trim() !== '';
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') return Object.keys(v).length > 0;
  return true;
}

function pick(src: Record<string, unknown> | undefined, keys: readonly string[]): Record<string, unknown> | undefined {
  if (!src || typeof src !== 'object') return undefined;
  const out: Record<string, unknown> = {};
  for (const k of keys) if (present(src[k])) out[k] = src[k];
  return Object.keys(out).length ? out : undefined;
}

/** One contact-form entry, normalised: [field, value] pairs in schema order, empties dropped. */
export type ContactEntry =
  | [name: string, value: string | number | boolean]
  | [name: 'address' | 'contactMailCustomStyle', value: [string, string][]];

/** The fields of a form to send, in the schema's sequence order, empty values dropped. */
export function contactEntries(form: ContactForm): ContactEntry[] {
  const f = form as unknown as Record<string, unknown>;
  const out: ContactEntry[] = [];
  for (const k of CONTACT_FORM_SCHEMA_FIELDS) {
    const v = f[k];
    if (k === 'address' || k === 'contactMailCustomStyle') {
      const order = k === 'address' ? ADDRESS_ORDER : CONTACT_MAIL_CUSTOM_STYLE_FIELDS;
      const o = pick(v as Record<string, unknown> | undefined, order);
      if (o) out.push([k, Object.entries(o).map(([a, b]) => [a, String(b)] as [string, string])]);
    } else if (present(v) && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) {
      out.push([k, v]);
    }
  }
  return out;
}

/**
 * The JSON body of a contact request: root `expose.contactForm`, namespaces in `@xmlns`,
 * the form type as `@contactFormType`,
 * the address typed with `@xsi.type: common:Address`, keys in schema order.
 */
export function contactFormJson(form: ContactForm): string {
  const body: Record<string, unknown> = { '@xmlns': { expose: NS.expose, common: NS.common } };
  // The attribute of contactForm, mapped as every attribute is: an @ key.
  if (form.contactFormType) body['@contactFormType'] = form.contactFormType;
  for (const [k, v] of contactEntries(form)) {
    if (Array.isArray(v)) {
      const o: Record<string, unknown> = k === 'address' ? { '@xsi.type': 'common:Address' } : {};
      for (const [a, b] of v) o[a] = b;
      body[k] = o;
    } else {
      body[k] = v;
    }
  }
  return JSON.stringify({ 'expose.contactForm': body });
}

function pickDetails(src: unknown, spec: typeof APARTMENT_DETAIL_FIELDS | typeof HOUSE_DETAIL_FIELDS): Record<string, unknown> | undefined {
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
  return pick(src as Record<string, unknown> | undefined, keys);
}

/**
 * The body of 4.3: only the fields given (undefined, null, blank strings and empty lists
 * dropped; fields the spec does not name are not sent), apartmentDetails only for an
 * apartment, houseDetails only for a house.
 */
export function propertyTextBody(r: PropertyTextRequest): Record<string, unknown> {
  const body: Record<string, unknown> = { realEstateType: r.realEstateType, transactionType: r.transactionType };
  const loc = r.location as Record<string, unknown> | undefined;
  if (loc && typeof loc === 'object') {
    const l = pick(loc, LOCATION_FIELDS.filter((k) => k !== 'geoCoordinates')) ?? {};
    const g = pick(loc.geoCoordinates as Record<string, unknown> | undefined, GEO_COORDINATE_FIELDS);
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
