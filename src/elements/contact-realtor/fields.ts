/**
 * The contact form's field model: which fields an expose asks for (SPEC.md 2.2/2.3 plus the
 * form-type rules of API-NOTES.md), their input kinds and schema limits, validation and the
 * request body. No DOM, so the Node tests use it directly.
 */

/** Input kinds: text-like inputs, a textarea, a checkbox, the salutation select, an integer. */
export type FieldKind = 'text' | 'email' | 'tel' | 'area' | 'bool' | 'select' | 'int';

export interface FieldDef {
  /** Name of the input and of the ContactForm key (address parts: street, houseNumber, postcode, city). */
  name: string;
  kind: FieldKind;
  /** maxLength of the schema (characters). */
  max?: number;
  /** HTML autocomplete token. */
  ac?: string;
}

/** One configurable form field in the schema order of SPEC.md 2.2; `parts` only for address. */
export interface FormField extends FieldDef {
  /** The contactFormConfiguration entry that governs it. */
  entry: string;
  parts?: FieldDef[];
}

const f = (name: string, kind: FieldKind, max?: number, ac?: string, entry = name + 'Field'): FormField => ({
  name, kind, max, ac, entry,
});

/** The address as its four sub-fields with the lengths of common:Address. */
export const ADDRESS_PARTS: FieldDef[] = [
  { name: 'street', kind: 'text', max: 100, ac: 'address-line1' },
  { name: 'houseNumber', kind: 'text', max: 30 },
  { name: 'postcode', kind: 'text', max: 20, ac: 'postal-code' },
  { name: 'city', kind: 'text', max: 50, ac: 'address-level2' },
];

/**
 * Every field a configuration can ask for, in the order of the shipped expose-1.0.xsd (SPEC.md
 * 2.2 plus moveOutDate of the newer schema generation). appointmentRequested has no
 * configuration entry: it is offered on every form (see ALWAYS).
 */
export const FIELDS: FormField[] = [
  f('firstname', 'text', 50, 'given-name'),
  f('lastname', 'text', 50, 'family-name'),
  f('phoneNumber', 'tel', 40, 'tel'),
  f('emailAddress', 'email', 150, 'email'),
  f('appointmentRequested', 'bool', undefined, undefined, ''),
  f('message', 'area', 2000),
  { ...f('address', 'text'), parts: ADDRESS_PARTS },
  f('moveInDate', 'text', 100),
  f('moveOutDate', 'text', 100),
  f('petsInHousehold', 'text', 100),
  f('numberOfPersons', 'text', 100),
  f('employmentRelationship', 'text', 100),
  f('income', 'text', 100),
  f('salutation', 'select'),
  f('schufaInformationProvided', 'bool', undefined, undefined, 'schufaInformationField'),
  f('company', 'text', 100, 'organization'),
  f('buyReason', 'text', 100),
  f('ownCapital', 'text', 100),
  f('hasPreapproval', 'bool'),
  f('lotAvailable', 'bool'),
  f('numberOfRequiredWorkingPlaces', 'int'),
  f('plannedInvestment', 'text', 100),
  f('commercialUsage', 'area', 2000),
  f('applicationPackageCompleted', 'bool'),
];

export const SALUTATIONS = ['FEMALE', 'MALE', 'COMPANY', 'NO_SALUTATION'] as const;

/** Fields each contact form type requires on top of lastname (API-NOTES.md, "Contact rules"). */
const BY_TYPE: Record<string, string[]> = {
  EMAIL: ['emailAddress'],
  PHONE: ['phoneNumber'],
  LONG: ['emailAddress', 'phoneNumber', 'address'],
};

export interface ActiveField {
  field: FormField;
  required: boolean;
}

/**
 * The fields to render for a form type and configuration: exactly the configured ones,
 * plus lastname and what the form type requires (those are mandatory whatever the
 * configuration says), plus the appointment checkbox. Unknown entries and values are ignored.
 */
export function activeFields(type: string | undefined, config: Record<string, string> | undefined): ActiveField[] {
  const must = new Set(['lastname', ...(BY_TYPE[type ?? ''] ?? [])]);
  const out: ActiveField[] = [];
  for (const field of FIELDS) {
    const v = field.entry ? config?.[field.entry] : 'OPTIONAL';
    const required = must.has(field.name) || v === 'MANDATORY';
    // Booleans are always sent (true or false), so a mandatory checkbox is never "required to tick".
    if (required || v === 'OPTIONAL') out.push({ field, required: required && field.kind !== 'bool' });
  }
  return out;
}

/** Values as the inputs hold them: strings for text, booleans for checkboxes. */
export type Values = Record<string, string | boolean>;

/** Characters as the XML schema counts them (code points, not UTF-16 units). */
export const charCount = (s: string) => [...s].length;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type Problem = 'required' | 'email' | 'long' | 'int' | '';

/** Checks one text-like value against the schema's rules. */
export function check(def: FieldDef, value: string | boolean | undefined, required: boolean): Problem {
  if (def.kind === 'bool') return '';
  const s = typeof value === 'string' ? value.trim() : '';
  if (!s) return required ? 'required' : '';
  if (def.max && charCount(s) > def.max) return 'long';
  // Stricter than the schema's `.+@.+\..+` (no spaces, one @) so that what passes here passes there.
  if (def.kind === 'email' && (!EMAIL.test(s) || s.length < 5)) return 'email';
  if (def.kind === 'int' && !/^\d{1,15}$/.test(s)) return 'int';
  return '';
}

// XML 1.0 cannot carry C0 control characters other than tab, newline and carriage return.
// eslint-disable-next-line no-control-regex
const clean = (s: string) => s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').trim();

/**
 * The request body (a ContactForm) for the active fields: trimmed text, empty optional
 * fields left out, booleans always sent, appointmentRequested as `YES` only when ticked,
 * privacyPolicyAccepted true (the consent box is required).
 */
export function buildForm(active: ActiveField[], values: Values): Record<string, unknown> {
  const form: Record<string, unknown> = {};
  const str = (n: string) => clean(typeof values[n] === 'string' ? (values[n] as string) : '');
  for (const { field } of active) {
    const n = field.name;
    if (field.parts) {
      const addr: Record<string, string> = {};
      for (const p of field.parts) if (str(p.name)) addr[p.name] = str(p.name);
      if (Object.keys(addr).length) form.address = addr;
    } else if (n === 'appointmentRequested') {
      if (values[n] === true) form[n] = 'YES';
    } else if (field.kind === 'bool') {
      form[n] = values[n] === true;
    } else if (str(n)) {
      form[n] = field.kind === 'int' ? Number(str(n)) : str(n);
    }
  }
  form.privacyPolicyAccepted = true;
  // Keys in schema order (the XML sequence is strict and JSON bodies follow it too).
  const ordered: Record<string, unknown> = {};
  for (const k of ORDER) if (k in form) ordered[k] = form[k];
  return ordered;
}

const ORDER = FIELDS.map((x) => x.name);
ORDER.splice(ORDER.indexOf('company'), 0, 'privacyPolicyAccepted');
