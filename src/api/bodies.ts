/**
 * The contact form's body (JSON here; XML in xml-write.ts, which reads the same entries);
 * fields are emitted in schema order. (The property text's body is in ops/property-text.ts.)
 */
import { isPresent, pickPresent } from './coerce.js';
import { NS } from './types/common.js';
import {
  CONTACT_FORM_SCHEMA_FIELDS,
  CONTACT_MAIL_CUSTOM_STYLE_FIELDS,
  type ContactForm,
} from './types/contact.js';

const ADDRESS_ORDER = ['street', 'houseNumber', 'postcode', 'city'] as const;

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
      const o = pickPresent(v as Record<string, unknown> | undefined, order);
      if (o) out.push([k, Object.entries(o).map(([a, b]) => [a, String(b)] as [string, string])]);
    } else if (
      isPresent(v) &&
      (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
    ) {
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
