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

export const parseExpose = /* @__PURE__ */ parser(
  'getExpose',
  (doc, exposeId: string): ExposeContactInfo => {
    const [root] = rootNodes(doc, 'expose', NS.expose);
    const rawType = name(root!['@contactFormType'])?.toUpperCase();
    // Optional in the schema: an expose without it has an unknown form type, not a guessed one.
    const contactFormType: ContactFormType | undefined = (
      CONTACT_FORM_TYPES as readonly string[]
    ).includes(rawType ?? '')
      ? (rawType as ContactFormType)
      : rawType
        ? fail(`unknown contactFormType ${rawType}`)
        : undefined;
    const cfg: ExposeContactInfo['contactFormConfiguration'] = {};
    const c = obj(root!.contactFormConfiguration);
    if (c) {
      for (const entry of CONTACT_FORM_CONFIGURATION_ENTRIES) {
        const v = name(c[entry])?.toUpperCase();
        if (v === 'MANDATORY' || v === 'OPTIONAL') cfg[entry] = v as MandatoryOptional;
      }
    }
    const info: ExposeContactInfo = {
      id: id(root!['@id']) ?? exposeId,
      contactFormConfiguration: cfg,
    };
    if (contactFormType) info.contactFormType = contactFormType;
    const re = obj(root!.realEstate);
    const title = name(re?.title);
    if (title) info.title = title;
    const address = strings(re?.address, [
      'street',
      'houseNumber',
      'postcode',
      'city',
      'quarter',
    ] as const);
    if (Object.keys(address).length) info.address = address;
    return info;
  },
);

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
