// Expose and contact through HTTP: the seeded exposes, XML and JSON contact bodies, schema
// checks, NONE, strict mode, and the e-mail in the outbox (RFC 5322 with the OpenImmo
// feedback attachment, everything escaped).
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  assertValid,
  expectJsonError,
  expectXmlError,
  schemaSkip,
  start,
  type Running,
} from '../fixtures/sandbox/helpers.js';

const EXPOSE_NS = 'http://rest.immobilienscout24.de/schema/search/expose/1.0';
const xmlForm = (inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><expose:contactForm xmlns:expose="${EXPOSE_NS}" xmlns:common="http://rest.immobilienscout24.de/schema/common/1.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">${inner}</expose:contactForm>`;

interface Mail {
  id: string;
  exposeId: string;
  to: string;
  subject: string;
  text: string;
  attachmentName: string;
  attachmentXml: string;
  raw: string;
}

/** The parts of a multipart message: headers and decoded bodies. */
function mimeParts(raw: string): { headers: string; body: string }[] {
  const boundary = /boundary="([^"]+)"/.exec(raw)![1]!;
  return raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((chunk) => {
      const [headers, ...rest] = chunk.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
      let body = rest.join('\n\n');
      if (/base64/i.test(headers!))
        body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      else if (/quoted-printable/i.test(headers!)) {
        body = Buffer.from(
          body
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_m, h) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8');
      }
      return { headers: headers!, body };
    });
}

describe('sandbox expose', () => {
  let s: Running;
  let f: Record<string, any>;
  before(async () => {
    s = await start({ geo: false });
    f = await s.fixtures();
  });
  after(() => s.close());

  test('XML: expose root with contactFormType, contactFormConfiguration, title, address, price', async () => {
    for (const item of f.exposes.all as { id: string; contactFormType: string }[]) {
      const r = await s.req(`/search/v1.0/expose/${item.id}`);
      assert.equal(r.status, 200);
      const xml = await r.text();
      assert.equal(XMLValidator.validate(xml), true);
      assert.match(
        xml,
        new RegExp(
          `<expose:expose xmlns:expose="${EXPOSE_NS.replace(/\./g, '\\.')}"[^>]* contactFormType="${item.contactFormType}"`,
        ),
      );
      assert.match(
        xml,
        /<contactFormConfiguration>(<\w+Field>(MANDATORY|OPTIONAL)<\/\w+Field>)+<\/contactFormConfiguration>/,
      );
      assert.match(xml, /<title>[^<]+<\/title><address><street>/);
      assert.match(xml, /<price><value>\d+<\/value><currency>EUR<\/currency>/);
    }
  });

  test('the seeds cover every form type and varied configurations', async () => {
    const configs: Record<string, string>[] = [];
    for (const item of f.exposes.all as { id: string }[]) {
      const j = (await (
        await s.req(`/search/v1.0/expose/${item.id}`, { headers: { accept: 'application/json' } })
      ).json()) as any;
      configs.push(j['expose.expose'].contactFormConfiguration);
      assert.equal(j['expose.expose']['@id'], item.id);
    }
    const values = (c: Record<string, string>) => Object.values(c);
    assert.ok(
      configs.some((c) => values(c).length >= 13 && values(c).every((v) => v === 'MANDATORY')),
      'all mandatory',
    );
    assert.ok(
      configs.some((c) => values(c).length >= 13 && values(c).every((v) => v === 'OPTIONAL')),
      'all optional',
    );
    assert.ok(
      configs.some((c) => values(c).length <= 4),
      'entries missing',
    );
    assert.ok(
      configs.some((c) => 'companyField' in c),
      'extra entries',
    );
    assert.deepEqual(
      Object.keys(f.exposes)
        .filter((k) => k !== 'all')
        .sort(),
      ['EMAIL', 'LONG', 'NONE', 'PHONE'],
    );
  });

  test('unknown expose: 404 in both media types', async () => {
    await expectXmlError(
      await s.req('/search/v1.0/expose/424242'),
      404,
      'ERROR_COMMON_RESOURCE_NOT_FOUND',
    );
    await expectJsonError(
      await s.req('/search/v1.0/expose/424242', { headers: { accept: 'application/json' } }),
      404,
      'ERROR_COMMON_RESOURCE_NOT_FOUND',
    );
  });
});

describe('sandbox contact', () => {
  let s: Running;
  let f: Record<string, any>;
  const contact = (id: string, body: string, ct: string, headers: Record<string, string> = {}) =>
    s.req(`/search/v1.0/expose/${id}/contact`, {
      method: 'POST',
      headers: { 'content-type': ct, ...headers },
      body,
    });
  const outbox = async () => (await (await s.req('/sandbox/outbox')).json()) as Mail[];

  before(async () => {
    s = await start({ geo: false });
    f = await s.fixtures();
  });
  beforeEach(async () => {
    await s.req('/sandbox/reset', { method: 'POST' });
  });
  after(() => s.close());

  test('XML contact: 200 with a messages body, one e-mail with text and OpenImmo attachment', async () => {
    const id = f.exposes.EMAIL[0];
    const r = await contact(
      id,
      xmlForm(
        '<firstname>Anna</firstname><lastname>Schulz</lastname><phoneNumber>+49 30 123</phoneNumber><emailAddress>anna@example.org</emailAddress>' +
          '<appointmentRequested>YES</appointmentRequested><message>Ist die Wohnung noch frei?</message>' +
          '<address xsi:type="common:Address"><street>Hauptstraße</street><houseNumber>5</houseNumber><postcode>10115</postcode><city>Berlin</city></address>' +
          '<moveInDate>sofort</moveInDate><numberOfPersons>2</numberOfPersons><salutation>FEMALE</salutation><company>ACME</company><numberOfRequiredWorkingPlaces>3</numberOfRequiredWorkingPlaces>',
      ),
      'application/xml',
    );
    assert.equal(r.status, 200);
    const ok = await r.text();
    assert.match(ok, /<messageCode>MESSAGE_OPERATION_SUCCESSFUL<\/messageCode>/);
    if (!schemaSkip) await assertValid(ok, 'common');
    const [mail, more] = await outbox();
    assert.equal(more, undefined);
    assert.equal(mail!.exposeId, id);
    assert.match(mail!.to, /@/);
    assert.match(mail!.raw, /^From: /m);
    assert.match(mail!.raw, /^Reply-To: .*anna@example\.org/m);
    assert.match(mail!.raw, /^Message-ID: </m);
    assert.match(mail!.raw, /^Content-Type: multipart\/mixed/m);
    const [text, attachment] = mimeParts(mail!.raw);
    assert.match(text!.headers, /text\/plain/);
    for (const s2 of [
      'Ist die Wohnung noch frei?',
      'Anrede: Frau',
      'Vorname: Anna',
      'Nachname: Schulz',
      'Telefon: +49 30 123',
      'E-Mail: anna@example.org',
      'Adresse: Hauptstraße 5, 10115 Berlin',
      'Einzugstermin: sofort',
      'Anzahl Personen: 2',
      'Firma: ACME',
      'Besichtigungstermin gewünscht: ja',
      'Benötigte Arbeitsplätze: 3',
    ]) {
      assert.ok(text!.body.includes(s2), s2);
    }
    assert.match(attachment!.headers, /filename=openimmo-feedback-\d+\.xml/);
    assert.equal(attachment!.body, mail!.attachmentXml);
    const doc = new XMLParser({ parseTagValue: false }).parse(attachment!.body);
    const fb = doc.openimmo_feedback;
    assert.equal(fb.version, '1.2.5');
    for (const k of ['name', 'datum', 'makler_id', 'regi_id']) assert.ok(k in fb.sender, k);
    for (const k of [
      'portal_obj_id',
      'oobj_id',
      'expose_url',
      'bezeichnung',
      'strasse',
      'ort',
      'land',
      'stadtbezirk',
      'preis',
      'anzahl_zimmer',
      'flaeche',
    ])
      assert.ok(k in fb.objekt, k);
    assert.equal(fb.objekt.portal_obj_id, id);
    const i = fb.objekt.interessent;
    assert.deepEqual(
      [i.anrede, i.vorname, i.nachname, i.firma, i.strasse, i.plz, i.ort, i.tel, i.email],
      [
        'Frau',
        'Anna',
        'Schulz',
        'ACME',
        'Hauptstraße 5',
        '10115',
        'Berlin',
        '+49 30 123',
        'anna@example.org',
      ],
    );
    assert.match(i.anfrage, /^Ist die Wohnung noch frei\?\n\n/);
    assert.match(i.anfrage, /Einzugstermin: sofort/);
    // the raw message is served as .eml
    const eml = await s.req(`/sandbox/outbox/${mail!.id}.eml`);
    assert.equal(eml.status, 200);
    assert.match(eml.headers.get('content-type')!, /message\/rfc822/);
    assert.equal(await eml.text(), mail!.raw);
    await expectJsonError(
      await s.req('/sandbox/outbox/nope.eml'),
      404,
      'ERROR_COMMON_RESOURCE_NOT_FOUND',
    );
  });

  test('JSON contact: answered in JSON, the hostile content escaped in the attachment and never interpreted', async () => {
    const hostile = '<script>alert(1)</script> & "quotes" ]]> \u0001';
    const r = await contact(
      f.exposes.EMAIL[0],
      JSON.stringify({
        'expose.contactForm': {
          '@xmlns': { common: 'http://rest.immobilienscout24.de/schema/common/1.0' },
          lastname: hostile,
          emailAddress: 'x@example.org',
          message: hostile,
          address: { '@xsi.type': 'common:Address', street: '</strasse><evil/>', city: 'Köln' },
          schufaInformationProvided: true,
          hasPreapproval: 'false',
        },
      }),
      'application/json',
    );
    assert.equal(r.status, 200);
    const j = (await r.json()) as any;
    assert.equal(j['common.messages'][0].message.messageCode, 'MESSAGE_OPERATION_SUCCESSFUL');
    const [mail] = await outbox();
    assert.equal(XMLValidator.validate(mail!.attachmentXml), true);
    assert.ok(!mail!.attachmentXml.includes('<script>'));
    assert.ok(!mail!.attachmentXml.includes('<evil/>'));
    const fb = new XMLParser({ parseTagValue: false, processEntities: true }).parse(
      mail!.attachmentXml,
    ).openimmo_feedback;
    assert.equal(fb.objekt.interessent.nachname, '<script>alert(1)</script> & "quotes" ]]>');
    assert.equal(fb.objekt.interessent.strasse, '</strasse><evil/>');
    assert.match(fb.objekt.interessent.anfrage, /SCHUFA-Auskunft vorhanden: ja/);
    assert.match(fb.objekt.interessent.anfrage, /Finanzierungszusage vorhanden: nein/);
  });

  test('NONE exposes refuse contact requests with 412', async () => {
    const r = await contact(
      f.exposes.NONE[0],
      JSON.stringify({ 'expose.contactForm': { lastname: 'X', emailAddress: 'x@example.org' } }),
      'application/json',
      { accept: 'application/json' },
    );
    const msgs = await expectJsonError(r, 412, 'ERROR_RESOURCE_VALIDATION');
    assert.match(msgs[0]!.message, /no e-mail address/);
    assert.deepEqual(await outbox(), []);
  });

  test('bad bodies: malformed, wrong root, wrong namespace, unknown or misordered elements, bad values, no lastname', async () => {
    const id = f.exposes.EMAIL[0];
    await expectXmlError(
      await contact(
        id,
        '<expose:contactForm xmlns:expose="x"><lastname>A</lastname>',
        'application/xml',
      ),
      400,
      'ERROR_COMMON_BAD_REQUEST',
    );
    await expectJsonError(
      await contact(id, '{"expose.contactForm":', 'application/json'),
      400,
      'ERROR_COMMON_BAD_REQUEST',
    );
    const schema = async (b: string, ct = 'application/xml') =>
      expectXmlError(
        await contact(id, b, ct, { accept: 'application/xml' }),
        400,
        'ERROR_COMMON_SCHEMA_VALIDATION_FAILED',
      );
    await schema(
      `<expose:expose xmlns:expose="${EXPOSE_NS}"><lastname>A</lastname></expose:expose>`,
    );
    await schema(
      '<expose:contactForm xmlns:expose="urn:wrong"><lastname>A</lastname></expose:contactForm>',
    );
    await schema(xmlForm('<lastname>A</lastname><hobby>x</hobby>'));
    await schema(xmlForm('<lastname>A</lastname><firstname>B</firstname>'));
    await schema(xmlForm('<lastname>A</lastname><salutation>MRS</salutation>'));
    await schema(xmlForm('<lastname>A</lastname><appointmentRequested>NO</appointmentRequested>'));
    await schema(xmlForm('<lastname>A</lastname><emailAddress>not-an-address</emailAddress>'));
    await schema(xmlForm(`<lastname>${'x'.repeat(51)}</lastname>`));
    await schema(xmlForm('<firstname>A</firstname>'));
    await schema(xmlForm('<lastname>A</lastname><lastname>B</lastname>'));
    await schema('{"contactForm":{"lastname":"A"}}', 'application/json');
    await schema(
      '{"expose.contactForm":{"lastname":"A","sendProfile":"maybe"}}',
      'application/json',
    );
    await expectXmlError(
      await contact(id, 'lastname=A', 'application/x-www-form-urlencoded'),
      415,
      'ERROR_COMMON_MEDIA_TYPE_UNSUPPORTED',
    );
    await expectXmlError(
      await contact('424242', xmlForm('<lastname>A</lastname>'), 'application/xml'),
      404,
      'ERROR_COMMON_RESOURCE_NOT_FOUND',
    );
    assert.deepEqual(await outbox(), []);
  });

  test('without strict mode MANDATORY fields are not checked (as the real service today)', async () => {
    const r = await contact(
      f.exposes.LONG[0],
      xmlForm('<lastname>Nur Name</lastname>'),
      'application/xml',
    );
    assert.equal(r.status, 200);
    assert.equal((await outbox()).length, 1);
  });

  test('strict mode (per request header): MANDATORY entries and the form type rules, one message per field', async () => {
    const strict = { 'x-sandbox-strict-contact': 'true', accept: 'application/json' };
    // EMAIL needs emailAddress
    let msgs = await expectJsonError(
      await contact(
        f.exposes.EMAIL[0],
        xmlForm('<lastname>A</lastname>'),
        'application/xml',
        strict,
      ),
      412,
      'ERROR_CONTACT_DETAILS_MISSING',
    );
    assert.deepEqual(
      msgs.map((m) => m.id),
      ['emailAddress'],
    );
    // PHONE needs phoneNumber
    msgs = await expectJsonError(
      await contact(
        f.exposes.PHONE[0],
        xmlForm('<lastname>A</lastname><emailAddress>a@b.de</emailAddress>'),
        'application/xml',
        strict,
      ),
      412,
      'ERROR_CONTACT_DETAILS_MISSING',
    );
    assert.deepEqual(
      msgs.map((m) => m.id),
      ['phoneNumber'],
    );
    // LONG needs email, phone and the whole address, plus its MANDATORY entries
    msgs = await expectJsonError(
      await contact(
        f.exposes.LONG[0],
        xmlForm('<lastname>A</lastname><address><street>S</street><city>C</city></address>'),
        'application/xml',
        strict,
      ),
      412,
      'ERROR_CONTACT_DETAILS_MISSING',
    );
    for (const fld of [
      'firstname',
      'phoneNumber',
      'emailAddress',
      'address',
      'message',
      'salutation',
    ])
      assert.ok(
        msgs.some((m) => m.id === fld),
        fld,
      );
    // complete → accepted
    const ok = await contact(
      f.exposes.PHONE[0],
      xmlForm('<lastname>A</lastname><phoneNumber>0301234</phoneNumber>'),
      'application/xml',
      strict,
    );
    assert.equal(ok.status, 200);
    assert.equal((await outbox()).length, 1);
  });

  test("contactFormType (the attribute, XML and JSON): taken; in strict mode it must be the expose's; a value outside the schema is a schema error", async () => {
    const typed = (t: string, inner: string) =>
      xmlForm(inner).replace('<expose:contactForm ', `<expose:contactForm contactFormType="${t}" `);
    const phone = '<lastname>A</lastname><phoneNumber>0301234</phoneNumber>';
    assert.equal(
      (await contact(f.exposes.PHONE[0], typed('PHONE', phone), 'application/xml')).status,
      200,
    );
    const json = (t: string) =>
      JSON.stringify({
        'expose.contactForm': {
          '@xmlns': { expose: EXPOSE_NS },
          '@contactFormType': t,
          lastname: 'A',
          phoneNumber: '0301234',
        },
      });
    assert.equal(
      (await contact(f.exposes.PHONE[0], json('PHONE'), 'application/json')).status,
      200,
    );
    const strict = { 'x-sandbox-strict-contact': 'true', accept: 'application/json' };
    assert.equal(
      (await contact(f.exposes.PHONE[0], typed('PHONE', phone), 'application/xml', strict)).status,
      200,
    );
    const msgs = await expectJsonError(
      await contact(f.exposes.PHONE[0], json('EMAIL'), 'application/json', strict),
      412,
      'ERROR_RESOURCE_VALIDATION',
    );
    assert.equal(msgs[0]!.id, 'contactFormType');
    assert.match(msgs[0]!.message, /does not match/);
    await expectXmlError(
      await contact(f.exposes.PHONE[0], typed('FAX', phone), 'application/xml'),
      400,
      'ERROR_COMMON_SCHEMA_VALIDATION_FAILED',
    );
    assert.equal((await outbox()).length, 3);
  });

  test('strict mode as a sandbox option', async () => {
    const strictSandbox = await start({ geo: false, strictContact: true });
    try {
      const r = await strictSandbox.req(`/search/v1.0/expose/${f.exposes.EMAIL[0]}/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/xml' },
        body: xmlForm('<lastname>A</lastname>'),
      });
      await expectXmlError(r, 412, 'ERROR_CONTACT_DETAILS_MISSING');
      const off = await strictSandbox.req(`/search/v1.0/expose/${f.exposes.EMAIL[0]}/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/xml', 'x-sandbox-strict-contact': 'false' },
        body: xmlForm('<lastname>A</lastname>'),
      });
      assert.equal(off.status, 200);
    } finally {
      await strictSandbox.close();
    }
  });
});
