import { randomBytes } from 'node:crypto';
import { badRequest, SandboxError } from './errors.js';
import { esc, messagesReply, negotiate, NS, type Ctx } from './http.js';
import { exposeUrl, findExpose } from './expose.js';
import type { Router } from './router.js';
import type { SeedExpose } from './seed.js';
import type { SandboxState } from './state.js';
import { bodyFormat, parseXmlBody, schemaError } from './xmlin.js';

type Kind = 'text' | 'bool' | 'int' | 'appointment' | 'salutation' | 'email' | 'address';

/** contactForm of expose-1.0.xsd in schema order (plus the newer optional moveOutDate, profileType). */
export const CONTACT_FIELDS: { name: string; kind: Kind; max?: number; label: string }[] = [
  { name: 'firstname', kind: 'text', max: 50, label: 'Vorname' },
  { name: 'lastname', kind: 'text', max: 50, label: 'Nachname' },
  { name: 'phoneNumber', kind: 'text', max: 40, label: 'Telefon' },
  { name: 'emailAddress', kind: 'email', max: 150, label: 'E-Mail' },
  { name: 'appointmentRequested', kind: 'appointment', label: 'Besichtigungstermin gewünscht' },
  { name: 'message', kind: 'text', max: 2000, label: 'Nachricht' },
  { name: 'address', kind: 'address', label: 'Adresse' },
  { name: 'contactMailCustomStyle', kind: 'text', max: 100, label: 'Mail-Stil' },
  { name: 'moveInDate', kind: 'text', max: 100, label: 'Einzugstermin' },
  { name: 'moveOutDate', kind: 'text', max: 100, label: 'Auszugstermin' },
  { name: 'petsInHousehold', kind: 'text', max: 100, label: 'Haustiere' },
  { name: 'numberOfPersons', kind: 'text', max: 100, label: 'Anzahl Personen' },
  { name: 'employmentRelationship', kind: 'text', max: 100, label: 'Beschäftigungsverhältnis' },
  { name: 'income', kind: 'text', max: 100, label: 'Einkommen' },
  { name: 'salutation', kind: 'salutation', label: 'Anrede' },
  { name: 'schufaInformationProvided', kind: 'bool', label: 'SCHUFA-Auskunft vorhanden' },
  { name: 'schufaVerificationCode', kind: 'text', max: 100, label: 'SCHUFA-Prüfcode' },
  { name: 'sendProfile', kind: 'bool', label: 'Profil mitsenden' },
  { name: 'profileImageUrl', kind: 'text', max: 1000, label: 'Profilbild' },
  { name: 'profileType', kind: 'text', max: 100, label: 'Profiltyp' },
  { name: 'privacyPolicyAccepted', kind: 'bool', label: 'Datenschutzerklärung akzeptiert' },
  { name: 'company', kind: 'text', max: 100, label: 'Firma' },
  { name: 'buyReason', kind: 'text', max: 100, label: 'Kaufgrund' },
  { name: 'ownCapital', kind: 'text', max: 100, label: 'Eigenkapital' },
  { name: 'hasPreapproval', kind: 'bool', label: 'Finanzierungszusage vorhanden' },
  { name: 'lotAvailable', kind: 'bool', label: 'Grundstück vorhanden' },
  { name: 'numberOfRequiredWorkingPlaces', kind: 'int', label: 'Benötigte Arbeitsplätze' },
  { name: 'plannedInvestment', kind: 'text', max: 100, label: 'Geplante Investition' },
  { name: 'commercialUsage', kind: 'text', max: 100, label: 'Gewerbliche Nutzung' },
  { name: 'applicationPackageCompleted', kind: 'bool', label: 'Bewerbermappe vollständig' },
];
const FIELD_BY_NAME = new Map(CONTACT_FIELDS.map((f) => [f.name, f]));
const ADDRESS_PARTS = [
  { name: 'street', max: 100, label: 'Straße' },
  { name: 'houseNumber', max: 30, label: 'Hausnummer' },
  { name: 'postcode', max: 20, label: 'PLZ' },
  { name: 'city', max: 50, label: 'Ort' },
];
const SALUTATIONS: Record<string, string> = {
  FEMALE: 'Frau',
  MALE: 'Herr',
  COMPANY: 'Firma',
  NO_SALUTATION: '',
};

export interface ContactData {
  /** The attribute contactFormType (EMAIL, LONG, PHONE, NONE), when the request gave it. */
  formType?: string;
  fields: Map<string, string>;
  address: Partial<Record<'street' | 'houseNumber' | 'postcode' | 'city', string>>;
}

function scalar(v: unknown, path: string): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v && typeof v === 'object' && '#text' in v)
    return String((v as Record<string, unknown>)['#text']);
  if (v && typeof v === 'object' && Object.keys(v).every((k) => k.startsWith('@'))) return '';
  throw schemaError(`${path} must be a simple value.`, path);
}

function checkValue(name: string, kind: Kind, max: number | undefined, raw: string): string {
  const v = raw.trim();
  switch (kind) {
    case 'bool':
      if (v !== 'true' && v !== 'false')
        throw schemaError(`${name} must be true or false, not "${v}".`, name);
      return v;
    case 'int':
      if (!/^-?\d{1,9}$/.test(v))
        throw schemaError(`${name} must be an integer, not "${v}".`, name);
      return String(Number(v));
    case 'appointment':
      if (v !== 'YES' && v !== 'NOT_APPLICABLE')
        throw schemaError(`appointmentRequested must be YES or NOT_APPLICABLE, not "${v}".`, name);
      return v;
    case 'salutation':
      if (!Object.hasOwn(SALUTATIONS, v))
        throw schemaError(
          `salutation must be one of FEMALE, MALE, COMPANY, NO_SALUTATION, not "${v}".`,
          name,
        );
      return v;
    case 'email':
      if (v.length > (max ?? 150) || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v))
        throw schemaError(`emailAddress "${v}" is not a valid e-mail address.`, name);
      return v;
    default:
      if (max !== undefined && [...raw].length > max)
        throw schemaError(`${name} is longer than ${max} characters.`, name);
      return raw;
  }
}

/**
 * Reads a contact form (already unwrapped from its root) and checks it against the schema:
 * known elements only, in schema order for XML, value types, lengths, lastname present.
 */
export function readContactForm(
  form: Record<string, unknown>,
  checkOrder: string[] | undefined,
): ContactData {
  const fields = new Map<string, string>();
  const address: ContactData['address'] = {};
  // The attribute (XML: @_contactFormType as read; JSON: @contactFormType), common:ContactFormType.
  const rawType = form['@contactFormType'] ?? form['@_contactFormType'];
  let formType: string | undefined;
  if (rawType !== undefined && rawType !== null) {
    formType = String(rawType).trim();
    if (!['EMAIL', 'LONG', 'PHONE', 'NONE'].includes(formType)) {
      throw schemaError(
        `contactFormType must be one of EMAIL, LONG, PHONE, NONE, not "${formType}".`,
        'contactFormType',
      );
    }
  }
  let lastIndex = -1;
  for (const key of checkOrder ?? Object.keys(form)) {
    if (key.startsWith('@')) continue;
    const def = FIELD_BY_NAME.get(key);
    if (!def) throw schemaError(`Unknown element ${key} in contactForm.`, key);
    const idx = CONTACT_FIELDS.indexOf(def);
    if (checkOrder && idx < lastIndex) {
      throw schemaError(
        `Element ${key} is out of order: contactForm is a sequence in the order of the schema.`,
        key,
      );
    }
    lastIndex = Math.max(lastIndex, idx);
    const v = form[key];
    if (Array.isArray(v))
      throw schemaError(`Element ${key} occurs more than once; one contact form per call.`, key);
    if (def.kind === 'address') {
      if (v === '' || v === null || v === undefined) continue;
      if (typeof v !== 'object')
        throw schemaError('address must contain street, houseNumber, postcode, city.', 'address');
      for (const [k, part] of Object.entries(v as Record<string, unknown>)) {
        if (k.startsWith('@')) continue;
        const p = ADDRESS_PARTS.find((x) => x.name === k);
        if (!p) throw schemaError(`Unknown element ${k} in address.`, `address.${k}`);
        if (part === null || part === undefined) continue;
        const s = scalar(part, `address.${k}`);
        if ([...s].length > p.max)
          throw schemaError(`address.${k} is longer than ${p.max} characters.`, `address.${k}`);
        if (s.trim()) address[k as keyof ContactData['address']] = s.trim();
      }
      continue;
    }
    if (v === null || v === undefined) continue;
    const s = scalar(v, key);
    if (!s.trim()) continue;
    fields.set(key, checkValue(key, def.kind, def.max, s));
  }
  if (!fields.get('lastname')?.trim()) throw schemaError('lastname is required.', 'lastname');
  return formType ? { formType, fields, address } : { fields, address };
}

/** Form entry (…Field) → what must be given for it. */
function given(entry: string, d: ContactData): boolean | undefined {
  if (entry === 'addressField')
    return ADDRESS_PARTS.every((p) => !!d.address[p.name as keyof ContactData['address']]);
  const name = entry.replace(/Field$/, '');
  if (!FIELD_BY_NAME.has(name)) return undefined;
  return !!d.fields.get(name);
}

/** Strict mode: MANDATORY entries of the expose and the rules of its form type. */
export function strictCheck(e: SeedExpose, d: ContactData): void {
  // The check the real service may start at any time (docs/interface.md#contact-form): a request that names a
  // form type must name the expose's.
  if (d.formType !== undefined && d.formType !== e.contactFormType) {
    throw new SandboxError(
      412,
      'ERROR_RESOURCE_VALIDATION',
      `contactFormType ${d.formType} does not match the form type ${e.contactFormType} of expose ${e.id}.`,
      [],
      {},
      'contactFormType',
    );
  }
  const missing = new Set<string>();
  for (const [entry, rule] of Object.entries(e.configuration)) {
    if (rule === 'MANDATORY' && given(entry, d) === false) missing.add(entry.replace(/Field$/, ''));
  }
  const need: Record<string, string[]> = {
    EMAIL: ['emailAddress'],
    PHONE: ['phoneNumber'],
    LONG: ['emailAddress', 'phoneNumber', 'address'],
  };
  for (const f of need[e.contactFormType] ?? []) if (!given(`${f}Field`, d)) missing.add(f);
  if (!missing.size) return;
  const list = [...missing];
  const msgs = list.map((f) => ({
    code: 'ERROR_CONTACT_DETAILS_MISSING',
    message:
      f === 'address'
        ? 'address is mandatory for this expose: street, houseNumber, postcode and city.'
        : `${f} is mandatory for this expose.`,
    id: f,
  }));
  throw new SandboxError(412, msgs[0]!.code, msgs[0]!.message, msgs.slice(1), {}, msgs[0]!.id);
}

function parseBody(buf: Buffer, fmt: 'xml' | 'json'): ContactData {
  if (fmt === 'xml') {
    const root = parseXmlBody(buf);
    if (root.local !== 'contactForm' || root.ns !== NS.expose) {
      throw schemaError(
        `The root element must be contactForm in namespace ${NS.expose}, not ${root.local}${root.ns ? ` in ${root.ns}` : ''}.`,
      );
    }
    // Element order as written: fast-xml-parser keeps insertion order of keys.
    const order = Object.keys(root.node).filter((k) => !k.startsWith('@_') && k !== '#text');
    return readContactForm(root.node, order);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(buf.toString('utf8'));
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc))
    throw schemaError('The JSON body must be an object with the key expose.contactForm.');
  const keys = Object.keys(doc);
  const form = (doc as Record<string, unknown>)['expose.contactForm'];
  if (keys.length !== 1 || !form || typeof form !== 'object' || Array.isArray(form)) {
    throw schemaError(
      `The JSON body must have the single root key expose.contactForm, not ${keys.join(', ') || 'none'}.`,
    );
  }
  return readContactForm(form as Record<string, unknown>, undefined);
}

const fmtDate = (d: Date) => d.toISOString().slice(0, 10);
const de = (n: number) => new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 }).format(n);

/** Extra details (everything but the interessent fields) as `Label: value` lines. */
function detailLines(d: ContactData): string[] {
  const inPerson = new Set([
    'salutation',
    'firstname',
    'lastname',
    'company',
    'phoneNumber',
    'emailAddress',
    'message',
  ]);
  const lines: string[] = [];
  for (const f of CONTACT_FIELDS) {
    if (inPerson.has(f.name) || f.kind === 'address') continue;
    const v = d.fields.get(f.name);
    if (v === undefined) continue;
    let shown = v;
    if (f.kind === 'bool') shown = v === 'true' ? 'ja' : 'nein';
    if (f.kind === 'appointment') shown = v === 'YES' ? 'ja' : 'keine Angabe';
    lines.push(`${f.label}: ${shown}`);
  }
  return lines;
}

export function openImmoFeedback(e: SeedExpose, d: ContactData, now: Date): string {
  const t = (name: string, v: string | number | undefined) =>
    v === undefined || v === '' ? `<${name}/>` : `<${name}>${esc(v)}</${name}>`;
  const f = (k: string) => d.fields.get(k);
  const details = detailLines(d);
  const anfrage = [f('message') ?? '', details.length ? details.join('\n') : '']
    .filter(Boolean)
    .join('\n\n');
  const sal = f('salutation');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<openimmo_feedback>\n' +
    '  <version>1.2.5</version>\n' +
    '  <sender>\n' +
    `    ${t('name', 'immo-elements Sandbox')}\n` +
    `    ${t('datum', fmtDate(now))}\n` +
    `    ${t('makler_id', e.realtor.customerNumber)}\n` +
    `    ${t('regi_id', 'SANDBOX')}\n` +
    '  </sender>\n' +
    '  <objekt>\n' +
    `    ${t('portal_obj_id', e.id)}\n` +
    `    ${t('oobj_id', `OBJ-${e.id}`)}\n` +
    `    ${t('expose_url', exposeUrl(e.id))}\n` +
    `    ${t('bezeichnung', e.title)}\n` +
    `    ${t('strasse', `${e.address.street} ${e.address.houseNumber}`)}\n` +
    `    ${t('ort', `${e.address.postcode} ${e.address.city}`)}\n` +
    `    ${t('land', e.address.country ?? 'DEU')}\n` +
    `    ${t('stadtbezirk', e.address.quarter)}\n` +
    `    ${t('preis', e.price)}\n` +
    `    ${t('anzahl_zimmer', e.rooms)}\n` +
    `    ${t('flaeche', e.livingSpace)}\n` +
    '    <interessent>\n' +
    `      ${t('anrede', sal ? SALUTATIONS[sal] : undefined)}\n` +
    `      ${t('vorname', f('firstname'))}\n` +
    `      ${t('nachname', f('lastname'))}\n` +
    `      ${t('firma', f('company'))}\n` +
    `      ${t('strasse', [d.address.street, d.address.houseNumber].filter(Boolean).join(' '))}\n` +
    `      ${t('plz', d.address.postcode)}\n` +
    `      ${t('ort', d.address.city)}\n` +
    `      ${t('tel', f('phoneNumber'))}\n` +
    `      ${t('email', f('emailAddress'))}\n` +
    `      ${t('anfrage', anfrage)}\n` +
    '    </interessent>\n' +
    '  </objekt>\n' +
    '</openimmo_feedback>\n'
  );
}

export function mailText(e: SeedExpose, d: ContactData): string {
  const f = (k: string) => d.fields.get(k);
  const price =
    e.priceKind === 'buy' ? `Kaufpreis ${de(e.price)} €` : `Kaltmiete ${de(e.price)} € im Monat`;
  const lines = [
    'Guten Tag,',
    '',
    `Sie haben eine neue Kontaktanfrage zu Ihrem Angebot „${e.title}“ (Scout-ID ${e.id}) erhalten.`,
    `${e.address.street} ${e.address.houseNumber}, ${e.address.postcode} ${e.address.city}; ${price}, ${de(e.rooms)} Zimmer, ${de(e.livingSpace)} m²`,
    exposeUrl(e.id),
    '',
  ];
  if (f('message')) lines.push('Nachricht:', f('message')!, '');
  lines.push('Angaben des Interessenten:');
  const sal = f('salutation');
  if (sal && SALUTATIONS[sal]) lines.push(`Anrede: ${SALUTATIONS[sal]}`);
  for (const k of ['firstname', 'lastname', 'company', 'emailAddress', 'phoneNumber']) {
    if (f(k)) lines.push(`${FIELD_BY_NAME.get(k)!.label}: ${f(k)}`);
  }
  const street = [d.address.street, d.address.houseNumber].filter(Boolean).join(' ');
  const city = [d.address.postcode, d.address.city].filter(Boolean).join(' ');
  if (street || city) lines.push(`Adresse: ${[street, city].filter(Boolean).join(', ')}`);
  lines.push(...detailLines(d));
  lines.push(
    '',
    'Die Anfrage liegt zusätzlich als OpenImmo-Feedback (Version 1.2.5) im Anhang.',
    '',
    'Ihr immo-elements Sandbox-Postfach',
  );
  return lines.join('\n');
}

/** Builds the RFC 5322 message and writes it to the outbox. */
export async function deliver(state: SandboxState, e: SeedExpose, d: ContactData): Promise<string> {
  const now = new Date();
  const id = `${now.toISOString().replace(/\D/g, '').slice(0, 14)}-${randomBytes(4).toString('hex')}`;
  const text = mailText(e, d);
  const xml = openImmoFeedback(e, d, now);
  const attachmentName = `openimmo-feedback-${e.id}.xml`;
  const name = [d.fields.get('firstname'), d.fields.get('lastname')].filter(Boolean).join(' ');
  const subject = `Kontaktanfrage zu „${e.title}“ (Scout-ID ${e.id})`;
  const to = e.realtor.email!;
  // loaded with the first contact request, not at start-up
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
  const mail = new MailComposer({
    from: { name: 'immo-elements Sandbox', address: 'kontakt@sandbox.immo-elements.example' },
    to: { name: `${e.realtor.firstname} ${e.realtor.lastname}, ${e.realtor.company}`, address: to },
    ...(d.fields.get('emailAddress')
      ? { replyTo: { name, address: d.fields.get('emailAddress')! } }
      : {}),
    subject,
    date: now,
    messageId: `<${id}@sandbox.immo-elements.example>`,
    text,
    attachments: [
      { filename: attachmentName, content: xml, contentType: 'application/xml; charset=utf-8' },
    ],
  });
  const raw = await new Promise<Buffer>((resolve, reject) =>
    mail.compile().build((err, msg) => (err ? reject(err) : resolve(msg))),
  );
  state.addToOutbox(
    {
      id,
      exposeId: e.id,
      to,
      subject,
      date: now.toISOString(),
      text,
      attachmentName,
      attachmentXml: xml,
    },
    raw,
  );
  return id;
}

export function registerContact(router: Router, state: SandboxState): void {
  router.add({
    method: 'POST',
    pattern: '/search/v1.0/expose/{id}/contact',
    name: 'contact',
    formats: ['xml', 'json'],
    handler: async (ctx: Ctx) => {
      const accept = ctx.req.headers.accept;
      const anyFormat = !accept || accept === '*/*';
      if (!anyFormat) ctx.format = negotiate(accept, 'xml');
      // 415 before the body is read for anything but XML or JSON (bodyFormat)
      const bodyType = bodyFormat(ctx.req.headers['content-type']);
      // Without Accept, answer in the media type of the request body.
      if (anyFormat) ctx.format = bodyType;
      const buf = await ctx.body();
      const e = findExpose(ctx.params.id!);
      const data = parseBody(buf, bodyType);
      if (e.contactFormType === 'NONE' || !e.realtor.email) {
        throw new SandboxError(
          412,
          'ERROR_RESOURCE_VALIDATION',
          `Expose ${e.id} cannot be contacted: the realtor has no e-mail address (contact form type NONE).`,
        );
      }
      const strictHeader = String(ctx.req.headers['x-sandbox-strict-contact'] ?? '').toLowerCase();
      const strict =
        strictHeader === 'true' ? true : strictHeader === 'false' ? false : state.strictContact;
      if (strict) strictCheck(e, data);
      await deliver(state, e, data);
      return messagesReply(
        200,
        [
          {
            code: 'MESSAGE_OPERATION_SUCCESSFUL',
            message: 'The contact request was sent to the realtor.',
          },
        ],
        ctx.format,
      );
    },
  });
}
