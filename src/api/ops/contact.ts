/** The contact request (docs/interface.md#contact-form): the operation and its checks (the bodies are in bodies.ts and xml-write.ts). */
import { ClientBase, enc, MEDIA, type CallOptions } from '../core.js';
import { contactEntries, contactFormJson } from '../bodies.js';
import { charLength, has, validateId, type Problems } from '../validate.js';
import {
  ADDRESS_MAX_LENGTH,
  APPOINTMENT_REQUESTED_VALUES,
  CONTACT_FORM_BOOLEAN_FIELDS,
  CONTACT_FORM_MAX_LENGTH,
  CONTACT_FORM_TYPES,
  CONTACT_MAIL_CUSTOM_STYLE_FIELDS,
  EMAIL_PATTERN,
  PROFILE_TYPES,
  SALUTATIONS,
  type ContactForm,
} from '../types/contact.js';

export function validateContactForm(form: unknown, p: Problems): void {
  if (typeof form !== 'object' || form === null) {
    p.add('form', 'is missing');
    return;
  }
  const f = form as Record<string, unknown>;
  if (!has(f.lastname)) p.add('lastname', 'is required');
  for (const [k, max] of Object.entries(CONTACT_FORM_MAX_LENGTH))
    if (has(f[k])) p.string(k, f[k], max);
  if (typeof f.emailAddress === 'string' && has(f.emailAddress)) {
    const e = f.emailAddress.trim();
    if (charLength(e) < 5 || !EMAIL_PATTERN.test(e))
      p.add('emailAddress', 'is not a valid e-mail address');
  }
  if (has(f.appointmentRequested))
    p.oneOf('appointmentRequested', f.appointmentRequested, APPOINTMENT_REQUESTED_VALUES);
  if (has(f.salutation)) p.oneOf('salutation', f.salutation, SALUTATIONS);
  if (has(f.profileType)) p.oneOf('profileType', f.profileType, PROFILE_TYPES);
  if (has(f.contactFormType)) p.oneOf('contactFormType', f.contactFormType, CONTACT_FORM_TYPES);
  for (const k of CONTACT_FORM_BOOLEAN_FIELDS)
    if (f[k] !== undefined && f[k] !== null) p.boolean(k, f[k]);
  if (f.numberOfRequiredWorkingPlaces !== undefined && f.numberOfRequiredWorkingPlaces !== null) {
    p.integer('numberOfRequiredWorkingPlaces', f.numberOfRequiredWorkingPlaces, 0);
  }
  if (f.address !== undefined && f.address !== null) {
    if (typeof f.address !== 'object') p.add('address', 'must be an object');
    else {
      const a = f.address as Record<string, unknown>;
      for (const [k, max] of Object.entries(ADDRESS_MAX_LENGTH))
        if (has(a[k])) p.string(`address.${k}`, a[k], max);
    }
  }
  if (f.contactMailCustomStyle !== undefined && f.contactMailCustomStyle !== null) {
    if (typeof f.contactMailCustomStyle !== 'object')
      p.add('contactMailCustomStyle', 'must be an object');
    else {
      const s = f.contactMailCustomStyle as Record<string, unknown>;
      for (const k of CONTACT_MAIL_CUSTOM_STYLE_FIELDS) {
        if (!has(s[k])) continue;
        if (k === 'identifier') p.string(`contactMailCustomStyle.${k}`, s[k], 100);
        else if (
          typeof s[k] !== 'string' ||
          !/^#([A-Fa-f0-9]{6}|[A-Fa-f0-9]{3})$/.test(s[k] as string)
        ) {
          p.add(`contactMailCustomStyle.${k}`, 'must be a colour like #1a2b3c');
        }
      }
    }
  }
}

/** Sends one contact form; resolves when the service accepted it. */
export function contactRealtor(
  c: ClientBase,
  exposeId: string,
  form: ContactForm,
  opts?: CallOptions,
): Promise<void> {
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
      body:
        format === 'xml'
          ? async () =>
              (await import('../xml-write.js')).contactFormXml(
                contactEntries(form),
                form.contactFormType,
              )
          : () => contactFormJson(form),
      parse: async () => undefined,
    }),
  );
}
