// The field model of <contact-realtor> (which fields, validation, the body it sends) and the
// XML that body becomes: built with the client's XML writer and validated against the
// shipped expose-1.0.xsd, exactly as the element sends it for format="xml".
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  activeFields,
  buildForm,
  check,
  expectedFields,
  FIELDS,
  ADDRESS_PARTS,
} from '../../src/elements/contact-realtor/fields.js';
import { SPEC_CONTACT_FORM_CONFIGURATION_ENTRIES } from '../../src/api/types.js';

const names = (type: string | undefined, config?: Record<string, string>) =>
  activeFields(type, config).map((a) => `${a.field.name}${a.required ? '*' : ''}`);

describe('contact-realtor field model', () => {
  test('form type alone: lastname plus what the type requires, plus the appointment box', () => {
    assert.deepEqual(names('EMAIL', {}), ['lastname*', 'emailAddress*', 'appointmentRequested']);
    assert.deepEqual(names('PHONE', undefined), [
      'lastname*',
      'phoneNumber*',
      'appointmentRequested',
    ]);
    assert.deepEqual(names('LONG', {}), [
      'lastname*',
      'emailAddress*',
      'phoneNumber*',
      'address*',
      'appointmentRequested',
    ]);
  });

  test('the form type overrides OPTIONAL for the fields it requires', () => {
    assert.deepEqual(
      names('PHONE', {
        phoneNumberField: 'OPTIONAL',
        emailAddressField: 'OPTIONAL',
        lastnameField: 'OPTIONAL',
      }),
      ['lastname*', 'emailAddress', 'phoneNumber*', 'appointmentRequested'],
    );
  });

  test('exactly the configured fields, in the order of a German form (salutation, names, contact, address, further questions, message), whatever order the configuration has', () => {
    const config = {
      messageField: 'MANDATORY',
      salutationField: 'OPTIONAL',
      firstnameField: 'MANDATORY',
      incomeField: 'OPTIONAL',
      applicationPackageCompletedField: 'MANDATORY',
      addressField: 'OPTIONAL',
      unknownField: 'MANDATORY',
      moveInDateField: 'BOGUS',
    };
    assert.deepEqual(names('EMAIL', config), [
      'salutation',
      'firstname*',
      'lastname*',
      'emailAddress*',
      'address',
      'income',
      // a mandatory boolean is always sent, so the checkbox itself is not "required to tick"
      'applicationPackageCompleted',
      'message*',
      'appointmentRequested',
    ]);
  });

  test('every field of the model is in schema order', () => {
    const schemaOrder = [
      'firstname',
      'lastname',
      'phoneNumber',
      'emailAddress',
      'appointmentRequested',
      'message',
      'address',
      'contactMailCustomStyle',
      'moveInDate',
      'moveOutDate',
      'petsInHousehold',
      'numberOfPersons',
      'employmentRelationship',
      'income',
      'salutation',
      'schufaInformationProvided',
      'schufaVerificationCode',
      'sendProfile',
      'profileImageUrl',
      'profileType',
      'privacyPolicyAccepted',
      'company',
      'buyReason',
      'ownCapital',
      'hasPreapproval',
      'lotAvailable',
      'numberOfRequiredWorkingPlaces',
      'plannedInvestment',
      'commercialUsage',
      'applicationPackageCompleted',
    ];
    const idx = FIELDS.map((f) => schemaOrder.indexOf(f.name));
    assert.ok(
      idx.every((i) => i >= 0),
      'all known',
    );
    assert.deepEqual(
      idx,
      [...idx].sort((a, b) => a - b),
    );
  });

  test('validation follows the schema: required, lengths in characters, e-mail, integers', () => {
    const last = FIELDS.find((f) => f.name === 'lastname')!;
    const mail = FIELDS.find((f) => f.name === 'emailAddress')!;
    const work = FIELDS.find((f) => f.name === 'numberOfRequiredWorkingPlaces')!;
    assert.equal(check(last, '   ', true), 'required');
    assert.equal(check(last, '', false), '');
    assert.equal(check(last, 'x'.repeat(50), true), '');
    assert.equal(check(last, 'x'.repeat(51), true), 'long');
    // 50 emoji are 100 UTF-16 units but 50 characters, as the schema counts them
    assert.equal(check(last, '😀'.repeat(50), true), '');
    assert.equal(check(mail, 'a@b.de', true), '');
    for (const bad of ['a@b', 'no-at.de', 'a b@c.de', 'a@@b.de'])
      assert.equal(check(mail, bad, true), 'email', bad);
    assert.equal(check(mail, `${'a'.repeat(140)}@example.de`, true), 'long');
    assert.equal(check(work, '12', false), '');
    assert.equal(check(work, '-1', false), 'int');
    assert.equal(check(work, '1.5', false), 'int');
    assert.equal(check(ADDRESS_PARTS[1]!, '1'.repeat(31), false), 'long');
  });

  test('the body: schema order, trimmed, empty optional fields left out, booleans always, YES only when ticked', () => {
    const active = activeFields('LONG', {
      firstnameField: 'OPTIONAL',
      salutationField: 'OPTIONAL',
      hasPreapprovalField: 'OPTIONAL',
      numberOfRequiredWorkingPlacesField: 'OPTIONAL',
      messageField: 'OPTIONAL',
    });
    const form = buildForm(active, {
      salutation: 'FEMALE',
      lastname: '  Müller ',
      firstname: '',
      emailAddress: 'a@b.de',
      phoneNumber: '030 1',
      street: 'Hauptstr.',
      houseNumber: '1a',
      postcode: '10115',
      city: 'Berlin',
      message: 'Hallo\u0007 <b>',
      numberOfRequiredWorkingPlaces: '3',
      appointmentRequested: false,
      immo_website: 'x',
      privacyConsent: true,
    });
    assert.deepEqual(Object.keys(form), [
      'lastname',
      'phoneNumber',
      'emailAddress',
      'message',
      'address',
      'salutation',
      'privacyPolicyAccepted',
      'hasPreapproval',
      'numberOfRequiredWorkingPlaces',
    ]);
    assert.equal(form.lastname, 'Müller');
    assert.equal(
      form.message,
      'Hallo <b>',
      'control characters XML cannot carry are dropped, markup is kept as text',
    );
    assert.deepEqual(form.address, {
      street: 'Hauptstr.',
      houseNumber: '1a',
      postcode: '10115',
      city: 'Berlin',
    });
    assert.equal(form.hasPreapproval, false);
    assert.equal(form.numberOfRequiredWorkingPlaces, 3);
    assert.equal(
      buildForm(active, { lastname: 'M', appointmentRequested: true }).appointmentRequested,
      'YES',
    );
  });

  test("the body carries the expose's contactFormType when it is known, first (the attribute), and nothing when it is not", () => {
    const active = activeFields('PHONE', {});
    const typed = buildForm(active, { lastname: 'M', phoneNumber: '1' }, 'PHONE');
    assert.deepEqual(Object.keys(typed), [
      'contactFormType',
      'lastname',
      'phoneNumber',
      'privacyPolicyAccepted',
    ]);
    assert.equal(typed.contactFormType, 'PHONE');
    assert.ok(!('contactFormType' in buildForm(active, { lastname: 'M', phoneNumber: '1' })));
  });

  test('expected-form: LONG stands for every field any documented configuration of any type can ask, each marked; anything else for the common form', () => {
    const shape = (hint: string | undefined) =>
      expectedFields(hint).map((a) => `${a.field.name}${a.required ? '*' : ''}`);
    const long = shape('LONG');
    assert.deepEqual(shape(' long '), long);
    // Every field a configuration of SPEC.md 2.3's entries can give, required ones included, is in it, in the same order.
    const rules = ['MANDATORY', 'OPTIONAL'] as const;
    for (const type of ['EMAIL', 'PHONE', 'LONG']) {
      for (const rule of rules) {
        const all = Object.fromEntries(
          SPEC_CONTACT_FORM_CONFIGURATION_ENTRIES.map((e) => [e, rule]),
        );
        const form = activeFields(type, all).map((a) => a.field.name);
        assert.deepEqual(
          form,
          long.map((n) => n.replace('*', '')),
          `${type} ${rule}`,
        );
      }
    }
    assert.ok(
      long
        .filter((n) => n !== 'appointmentRequested' && n !== 'applicationPackageCompleted')
        .every((n) => n.endsWith('*')),
      'every text field marked',
    );
    assert.ok(long.includes('moveInDate*') && long.includes('income*'));
    const common = shape(undefined);
    for (const hint of ['EMAIL', 'PHONE', '', 'NONE', 'nonsense'])
      assert.deepEqual(shape(hint), common, hint);
    assert.deepEqual(
      common,
      names('EMAIL', {
        salutationField: 'OPTIONAL',
        firstnameField: 'OPTIONAL',
        lastnameField: 'MANDATORY',
        emailAddressField: 'MANDATORY',
        phoneNumberField: 'OPTIONAL',
        addressField: 'OPTIONAL',
        messageField: 'OPTIONAL',
      }),
    );
  });
});

// ---------------------------------------------------------------- the XML the element sends
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { contactFormXml as writeContactXml } from '../../src/api/xml-write.js';
import { contactEntries } from '../../src/api/bodies.js';
/** The XML body of a form as contactRealtor sends it (the writer takes the form's entries). */
const contactFormXml = (form: ContactForm) =>
  writeContactXml(contactEntries(form), form.contactFormType);
import type { ContactForm } from '../../src/api/index.js';

const SCHEMAS = join(dirname(fileURLToPath(import.meta.url)), '../../../shared/api-schemas');
const FILES = [
  'search/expose-1.0.xsd',
  'search/common-1.0.xsd',
  'common/common-1.0.xsd',
  'common/xlink.xsd',
  'common/includes/messages-1.0.xsd',
];
const haveSchemas = FILES.every((f) => existsSync(join(SCHEMAS, f)));
const skip = haveSchemas
  ? false
  : `the XML schemas are missing at ${SCHEMAS} (../shared/api-schemas)`;
if (!haveSchemas && process.env.CI === 'true') {
  test('XML schemas are present in CI', () =>
    assert.fail(`missing ${SCHEMAS}: the XSD checks cannot run`));
}

async function validate(xml: string) {
  const [main, ...rest] = await Promise.all(
    FILES.map(async (f) => ({ fileName: f, contents: await readFile(join(SCHEMAS, f), 'utf8') })),
  );
  return validateXML({
    xml: [{ fileName: 'contact.xml', contents: xml }],
    schema: [main!],
    preload: rest,
  });
}

/** The body of every field a configuration can ask for, as the element builds it. */
function fullBody(values: Record<string, string | boolean>) {
  const all = Object.fromEntries(FIELDS.filter((f) => f.entry).map((f) => [f.entry, 'OPTIONAL']));
  return buildForm(activeFields('LONG', all), values) as unknown as ContactForm;
}

const HOSTILE = {
  salutation: 'NO_SALUTATION',
  firstname: '<script>alert(1)</script>',
  lastname: '"><img src=x onerror=alert(1)>',
  phoneNumber: '+49 30 1234 & 5',
  emailAddress: 'ü.ser+tag@example.de',
  message: `${'ä😀שלום ]]> &amp; '.repeat(100)}`.slice(0, 1990) + '\r\nEnde\u0000',
  street: 'Straße <des> 17. Juni',
  houseNumber: '1a',
  postcode: '10115',
  city: 'Berlin',
  moveInDate: 'sofort',
  moveOutDate: 'nie',
  petsInHousehold: 'eine Katze',
  numberOfPersons: '2',
  employmentRelationship: 'angestellt',
  income: '3000 €',
  schufaInformationProvided: true,
  company: 'ACME "GmbH"',
  buyReason: 'Eigennutz',
  ownCapital: '50.000',
  hasPreapproval: true,
  lotAvailable: false,
  numberOfRequiredWorkingPlaces: '12',
  plannedInvestment: '1 Mio',
  commercialUsage: 'Büro',
  applicationPackageCompleted: true,
  appointmentRequested: true,
} as const;

describe('contact-realtor XML body', { skip }, () => {
  test('every field, hostile text included, validates against expose-1.0.xsd', async () => {
    const body = fullBody(HOSTILE);
    assert.equal(
      Object.keys(body).length,
      FIELDS.length + 1,
      'every field the element can render plus privacyPolicyAccepted',
    );
    const xml = contactFormXml(body);
    const r = await validate(xml);
    assert.deepEqual(
      r.errors.map((e) => e.rawMessage),
      [],
    );
    assert.equal(r.valid, true);
    assert.ok(xml.includes('<firstname>&lt;script&gt;alert(1)&lt;/script&gt;</firstname>'));
    assert.ok(xml.includes('<appointmentRequested>YES</appointmentRequested>'));
    assert.ok(!xml.includes('\u0000'));
  });

  test('the smallest body of each form type, carrying that contactFormType, validates', async () => {
    for (const [type, values] of [
      ['EMAIL', { lastname: 'Müller', emailAddress: 'm@example.de' }],
      ['PHONE', { lastname: 'Müller', phoneNumber: '030 123' }],
      [
        'LONG',
        {
          lastname: 'Müller',
          emailAddress: 'm@example.de',
          phoneNumber: '1',
          street: 'A',
          houseNumber: '1',
          postcode: '1',
          city: 'B',
        },
      ],
    ] as const) {
      const form = buildForm(activeFields(type, {}), values, type) as unknown as ContactForm;
      assert.equal(form.contactFormType, type);
      const xml = contactFormXml(form);
      assert.match(
        xml,
        new RegExp(`^<\\?xml[^>]*\\?><expose:contactForm [^>]* contactFormType="${type}">`),
      );
      const r = await validate(xml);
      assert.equal(r.valid, true, `${type}: ${r.errors.map((e) => e.message).join('; ')}`);
    }
  });

  test('the validator can fail: a contactFormType outside common:ContactFormType is rejected', async () => {
    const xml = contactFormXml({ lastname: 'M', contactFormType: 'EMAIL' }).replace(
      'contactFormType="EMAIL"',
      'contactFormType="FAX"',
    );
    assert.equal((await validate(xml)).valid, false);
  });

  test('the validator can fail: a body out of schema order is rejected', async () => {
    const xml = contactFormXml({ lastname: 'M', emailAddress: 'm@example.de' }).replace(
      '<lastname>M</lastname><emailAddress>m@example.de</emailAddress>',
      '<emailAddress>m@example.de</emailAddress><lastname>M</lastname>',
    );
    assert.equal((await validate(xml)).valid, false);
  });
});
