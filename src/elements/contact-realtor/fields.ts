/**
 * The contact form's field model (docs/interface.md#contact-form-configuration): which fields
 * an expose asks for, their input kinds and schema limits, validation and the request body.
 * No DOM, so the Node tests use it directly; names, order and lengths come from the client's
 * schema tables (src/api/types.ts).
 */
import {
  ADDRESS_MAX_LENGTH,
  CONTACT_FORM_BOOLEAN_FIELDS,
  CONTACT_FORM_CONFIGURATION_ENTRIES,
  CONTACT_FORM_MAX_LENGTH,
  CONTACT_FORM_SCHEMA_FIELDS,
  SALUTATIONS,
  SPEC_CONTACT_FORM_CONFIGURATION_ENTRIES,
} from '../../api/types.js';
import { charLength } from '../../api/validate.js';

export { SALUTATIONS };

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

/** One configurable form field in schema order; `parts` only for address. */
export interface FormField extends FieldDef {
  /** The contactFormConfiguration entry that governs it ('' for appointmentRequested, offered on every form). */
  entry: string;
  parts?: FieldDef[];
}

const AC: Record<string, string> = {
  firstname: 'given-name',
  lastname: 'family-name',
  phoneNumber: 'tel',
  emailAddress: 'email',
  company: 'organization',
  street: 'address-line1',
  postcode: 'postal-code',
  city: 'address-level2',
};
const KIND: Record<string, FieldKind> = {
  phoneNumber: 'tel',
  emailAddress: 'email',
  appointmentRequested: 'bool',
  salutation: 'select',
  numberOfRequiredWorkingPlaces: 'int',
};
const MAX: Record<string, number> = { ...CONTACT_FORM_MAX_LENGTH, ...ADDRESS_MAX_LENGTH };

const def = (name: string): FieldDef => ({
  name,
  kind:
    KIND[name] ??
    ((CONTACT_FORM_BOOLEAN_FIELDS as readonly string[]).includes(name)
      ? 'bool'
      : MAX[name]! > 999
        ? 'area'
        : 'text'),
  max: MAX[name],
  ac: AC[name],
});

/** The address as its four sub-fields with the lengths of common:Address. */
export const ADDRESS_PARTS: FieldDef[] = Object.keys(ADDRESS_MAX_LENGTH).map(def);

/**
 * Every field a configuration can ask for, in the schema's order (every entry of the expose
 * schema, a superset of the documented ones), plus appointmentRequested, which has no entry.
 */
export const FIELDS: FormField[] = [];
for (const name of CONTACT_FORM_SCHEMA_FIELDS) {
  const entry =
    name === 'schufaInformationProvided'
      ? 'schufaInformationField'
      : name === 'appointmentRequested'
        ? ''
        : name + 'Field';
  if (entry && !(CONTACT_FORM_CONFIGURATION_ENTRIES as readonly string[]).includes(entry)) continue;
  FIELDS.push({ ...def(name), entry, parts: name === 'address' ? ADDRESS_PARTS : undefined });
}

/** Fields each contact form type requires on top of lastname (docs/interface.md#contact-form). */
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
 * The order a German form asks in: salutation, company, names, contact, address, then the
 * form's further questions (schema order), the message and the appointment box last (the
 * consent checkbox follows in the element). The body keeps the schema's order (buildForm).
 */
const FORM_ORDER = [
  'salutation',
  'company',
  'firstname',
  'lastname',
  'emailAddress',
  'phoneNumber',
  'address',
];
const LAST = ['message', 'appointmentRequested'];
const rank = (name: string) => {
  const i = FORM_ORDER.indexOf(name);
  return i >= 0
    ? i
    : LAST.includes(name)
      ? FORM_ORDER.length + 1 + LAST.indexOf(name)
      : FORM_ORDER.length;
};

/**
 * The fields to render for a form type and configuration, in the form's order (FORM_ORDER):
 * exactly the configured ones, plus lastname and what the form type requires (those are
 * mandatory whatever the configuration says), plus the appointment checkbox. Unknown entries
 * and values are ignored.
 */
export function activeFields(
  type: string | undefined,
  config: Record<string, string> | undefined,
): ActiveField[] {
  const must = ['lastname', ...(BY_TYPE[type ?? ''] ?? [])];
  const out: ActiveField[] = [];
  for (const field of FIELDS) {
    const v = field.entry ? config?.[field.entry] : 'OPTIONAL';
    const required = must.includes(field.name) || v === 'MANDATORY';
    // Booleans are always sent (true or false), so a mandatory checkbox is never "required to tick".
    if (required || v === 'OPTIONAL')
      out.push({ field, required: required && field.kind !== 'bool' });
  }
  // Array.prototype.sort is stable: the further questions keep the schema's order.
  return out.sort((a, b) => rank(a.field.name) - rank(b.field.name));
}

/**
 * The common quick-contact form: EMAIL with the usual entries (salutation, names, e-mail,
 * phone, address, message; the appointment box). The skeleton's shapes without a hint.
 */
const COMMON_FORM = activeFields('EMAIL', {
  salutationField: 'OPTIONAL',
  firstnameField: 'OPTIONAL',
  lastnameField: 'MANDATORY',
  emailAddressField: 'MANDATORY',
  phoneNumberField: 'OPTIONAL',
  addressField: 'OPTIONAL',
  messageField: 'OPTIONAL',
});

/**
 * The long form: every documented entry (the rental questions included), each MANDATORY,
 * with an asterisk on every label (one that wraps with it is taller): whatever such a listing
 * marks, its form is no taller than this. The expose schema's further entries
 * (companyField, buyReasonField…) are beyond it.
 */
const LONG_FORM = activeFields(
  'LONG',
  Object.fromEntries(SPEC_CONTACT_FORM_CONFIGURATION_ENTRIES.map((e) => [e, 'MANDATORY'])),
);

/**
 * The fields the skeleton stands for, by the host page's `expected-form` hint (a contact form
 * type of the service): `LONG`, the long form; anything else (`EMAIL`, `PHONE`, nothing, an
 * unknown word), the common form. Shapes only: the real form is always the listing's own.
 */
export function expectedFields(hint: string | null | undefined): ActiveField[] {
  return hint?.trim().toUpperCase() === 'LONG' ? LONG_FORM : COMMON_FORM;
}

/** Values as the inputs hold them: strings for text, booleans for checkboxes. */
export type Values = Record<string, string | boolean>;

export type Problem = 'required' | 'email' | 'long' | 'int' | '';

/** Checks one text-like value against the schema's rules. */
export function check(
  def: FieldDef,
  value: string | boolean | undefined,
  required: boolean,
): Problem {
  if (def.kind === 'bool') return '';
  const s = typeof value === 'string' ? value.trim() : '';
  if (!s) return required ? 'required' : '';
  if (def.max && charLength(s) > def.max) return 'long';
  // Stricter than the schema's `.+@.+\..+` (no spaces, one @) so that what passes here passes there.
  if (def.kind === 'email' && (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s) || s.length < 5))
    return 'email';
  if (def.kind === 'int' && !/^\d{1,15}$/.test(s)) return 'int';
  return '';
}

/**
 * The request body (a ContactForm) for the active fields: trimmed text without the control
 * characters XML 1.0 cannot carry, empty optional fields left out, booleans always sent,
 * appointmentRequested as `YES` only when ticked, privacyPolicyAccepted true (the consent box
 * is required). Keys in schema order (the XML sequence is strict and JSON bodies follow it too).
 * `contactFormType`, the expose's form type, leads (it is the attribute of contactForm):
 * a server that starts to check the request against the expose finds the type it asked for.
 */
export function buildForm(
  active: ActiveField[],
  values: Values,
  contactFormType?: string,
): Record<string, unknown> {
  const form: Record<string, unknown> = { privacyPolicyAccepted: true };
  const str = (n: string) =>
    (typeof values[n] === 'string' ? (values[n] as string) : '')
      // eslint-disable-next-line no-control-regex -- control characters are what it removes
      .replace(/[\0-\b\v\f\x0e-\x1f\ufffe\uffff]/g, '')
      .trim();
  for (const { field } of active) {
    const n = field.name;
    if (field.parts) {
      const addr: Record<string, string> = {};
      for (const p of field.parts) if (str(p.name)) addr[p.name] = str(p.name);
      if (Object.keys(addr).length) form.address = addr;
    } else if (field.kind === 'bool') {
      if (n !== 'appointmentRequested') form[n] = values[n] === true;
      else if (values[n] === true) form[n] = 'YES';
    } else if (str(n)) {
      form[n] = field.kind === 'int' ? Number(str(n)) : str(n);
    }
  }
  const ordered: Record<string, unknown> = contactFormType ? { contactFormType } : {};
  for (const k of CONTACT_FORM_SCHEMA_FIELDS) if (k in form) ordered[k] = form[k];
  return ordered;
}
