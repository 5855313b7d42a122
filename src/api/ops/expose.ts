/** The expose a contact form is sent for (docs/interface.md#contact-form-configuration): the operation and its parser. */
import { ClientBase, enc, type CallOptions } from '../core.js';
import { id, name, obj, strings } from '../coerce.js';
import { fail, parser, rootNodes } from '../parse.js';
import { validateId } from '../validate.js';
import { NS } from '../types/common.js';
import {
  CONTACT_FORM_CONFIGURATION_ENTRIES,
  CONTACT_FORM_TYPES,
  type ContactFormType,
  type ExposeContactInfo,
  type MandatoryOptional,
} from '../types/contact.js';

/** The fields of an expose's contact information, as read from an answer or handed by a page. */
interface RawExpose {
  id: unknown;
  contactFormType: unknown;
  contactFormConfiguration: unknown;
  title: unknown;
  address: unknown;
}

/**
 * The contact information, each field checked as the service's record allows; null when the
 * form type is not one the service has (an expose without a type has an unknown form type,
 * not a guessed one).
 */
function exposeInfo(raw: RawExpose, exposeId: string): ExposeContactInfo | null {
  const rawType = name(raw.contactFormType)?.toUpperCase();
  if (rawType && !(CONTACT_FORM_TYPES as readonly string[]).includes(rawType)) return null;
  const cfg: ExposeContactInfo['contactFormConfiguration'] = {};
  const c = obj(raw.contactFormConfiguration);
  if (c) {
    for (const entry of CONTACT_FORM_CONFIGURATION_ENTRIES) {
      // (own entries only: a page's object may inherit some)
      const v = Object.hasOwn(c, entry) ? name(c[entry])?.toUpperCase() : undefined;
      if (v === 'MANDATORY' || v === 'OPTIONAL') cfg[entry] = v as MandatoryOptional;
    }
  }
  const info: ExposeContactInfo = { id: id(raw.id) ?? exposeId, contactFormConfiguration: cfg };
  if (rawType) info.contactFormType = rawType as ContactFormType;
  const title = name(raw.title);
  if (title) info.title = title;
  const address = strings(raw.address, [
    'street',
    'houseNumber',
    'postcode',
    'city',
    'quarter',
  ] as const);
  if (Object.keys(address).length) info.address = address;
  return info;
}

export const parseExpose = /* @__PURE__ */ parser(
  'getExpose',
  (doc, exposeId: string): ExposeContactInfo => {
    const [root] = rootNodes(doc, 'expose', NS.expose);
    const re = obj(root!.realEstate);
    const raw = {
      id: root!['@id'],
      contactFormType: root!['@contactFormType'],
      contactFormConfiguration: root!.contactFormConfiguration,
      title: re?.title,
      address: re?.address,
    };
    return (
      exposeInfo(raw, exposeId) ?? fail(`unknown contactFormType ${String(raw.contactFormType)}`)
    );
  },
);

/**
 * Contact information a host page hands an element (what {@link getExpose} gives, e.g.
 * fetched by the page's server), checked as an answer is: null unless it is the record of
 * `exposeId` with a form type the service has. Only what that record holds is kept.
 */
export function handedExpose(value: unknown, exposeId: string): ExposeContactInfo | null {
  const v = obj(value) as Partial<RawExpose> | undefined;
  if (!v || id(v.id) !== exposeId.trim()) return null;
  return exposeInfo(v as RawExpose, exposeId);
}

/** Loads an expose far enough to know its contact form type and configuration. */
export function getExpose(
  c: ClientBase,
  exposeId: string,
  opts?: CallOptions,
): Promise<ExposeContactInfo> {
  return c.request(
    'getExpose',
    opts,
    (p) => validateId('exposeId', exposeId, p),
    () => ({
      operation: 'getExpose',
      method: 'GET',
      path: `/search/v1.0/expose/${enc(String(exposeId).trim())}`,
      format: opts?.format ?? 'json',
      parse: (b, f, s) => parseExpose(b, f, s, String(exposeId).trim()),
    }),
  );
}
