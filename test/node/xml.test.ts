/**
 * The XML layer: namespace binding by URI, attributes, xsi:type; the request bodies the
 * client writes validate against the service's XML schemas (xmllint-wasm; skipped when no
 * copy of them is beside the repository); and fast-xml-parser
 * stays out of the static import chain of the client.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { build } from 'esbuild';
import { parseXml } from '../../src/api/xml.js';
import { contactFormXml as writeContactXml, projectEntriesXml } from '../../src/api/xml-write.js';
import { contactEntries, contactFormJson } from '../../src/api/bodies.js';
/** The XML body of a form as contactRealtor sends it (the writer takes the form's entries). */
const contactFormXml = (form: ContactForm) =>
  writeContactXml(contactEntries(form), form.contactFormType);
import {
  CONTACT_FORM_FIELDS,
  CONTACT_FORM_SCHEMA_FIELDS,
  type ContactForm,
} from '../../src/api/index.js';
import { fullForm } from './client-helpers.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const SCHEMAS = join(HERE, '../../../shared/api-schemas');
const COMMON = ['common/common-1.0.xsd', 'common/xlink.xsd', 'common/includes/messages-1.0.xsd'];
const EXPOSE = ['search/expose-1.0.xsd', 'search/common-1.0.xsd', ...COMMON];
const PROJECT = ['offer/realestateproject-1.0.xsd', ...COMMON];
const haveSchemas = [...EXPOSE, ...PROJECT].every((f) => existsSync(join(SCHEMAS, f)));
const skip = haveSchemas
  ? false
  : `the XML schemas are missing at ${SCHEMAS} (../shared/api-schemas)`;
if (!haveSchemas && process.env.CI === 'true') {
  test('XML schemas are present in CI', () =>
    assert.fail(`missing ${SCHEMAS}: the XSD checks cannot run`));
}

async function validate(xml: string, files: string[]) {
  const [main, ...rest] = await Promise.all(
    files.map(async (f) => ({ fileName: f, contents: await readFile(join(SCHEMAS, f), 'utf8') })),
  );
  const r = await validateXML({
    xml: [{ fileName: 'body.xml', contents: xml }],
    schema: [main!],
    preload: rest,
  });
  return { valid: r.valid, errors: r.errors.map((e) => e.rawMessage) };
}

describe('XML bodies validate against the shipped schemas', { skip }, () => {
  test('contactForm with every field filled (the 28 of the form plus moveOutDate/profileType of this schema)', async () => {
    const xml = contactFormXml(fullForm);
    const order = [...xml.matchAll(/<(\w+)>/g)]
      .map((m) => m[1])
      .filter((n) => (CONTACT_FORM_SCHEMA_FIELDS as readonly string[]).includes(n!));
    assert.deepEqual(order, [...CONTACT_FORM_SCHEMA_FIELDS]);
    assert.deepEqual(
      order.filter((n) => (CONTACT_FORM_FIELDS as readonly string[]).includes(n!)),
      [...CONTACT_FORM_FIELDS],
    );
    assert.deepEqual(await validate(xml, EXPOSE), { valid: true, errors: [] });
  });

  test('contactForm with only the 28 SPEC fields validates too', async () => {
    const { moveOutDate: _a, profileType: _b, ...spec28 } = fullForm;
    assert.deepEqual(await validate(contactFormXml(spec28 as ContactForm), EXPOSE), {
      valid: true,
      errors: [],
    });
  });

  test('hostile text is escaped and control characters dropped; still valid', async () => {
    const xml = contactFormXml({
      lastname: '</lastname><x>&amp;',
      message: ']]>\u0000\u0008\uFFFE ok\r\n',
    });
    assert.ok(xml.includes('<lastname>&lt;/lastname&gt;&lt;x&gt;&amp;amp;</lastname>'));
    assert.ok(xml.includes('<message>]]&gt; ok&#13;\n</message>'));
    assert.deepEqual(await validate(xml, EXPOSE), { valid: true, errors: [] });
  });

  test('the validator can fail: wrong order and a bad enum are rejected', async () => {
    const swapped = contactFormXml({ lastname: 'M', firstname: 'E' }).replace(
      '<firstname>E</firstname><lastname>M</lastname>',
      '<lastname>M</lastname><firstname>E</firstname>',
    );
    assert.equal((await validate(swapped, EXPOSE)).valid, false);
    const badEnum = contactFormXml({ lastname: 'M', salutation: 'MR' as 'MALE' });
    assert.equal((await validate(badEnum, EXPOSE)).valid, false);
  });

  test('realEstateProjectEntries body validates against realestateproject-1.0.xsd', async () => {
    assert.deepEqual(await validate(projectEntriesXml(['68000003', '68000004']), PROJECT), {
      valid: true,
      errors: [],
    });
    // the response form with messageCode is what the schema forbids (docs/interface.md#building-projects): the validator says so
    const response = await readFile(join(HERE, '../fixtures/api/add-entries.xml'), 'utf8');
    assert.equal((await validate(response, PROJECT)).valid, false);
  });
});

test('JSON contact body: keys in schema order with @xmlns first and typed address', () => {
  const body = JSON.parse(contactFormJson(fullForm))['expose.contactForm'];
  assert.deepEqual(Object.keys(body), ['@xmlns', ...CONTACT_FORM_SCHEMA_FIELDS]);
  assert.deepEqual(Object.keys(body.address), [
    '@xsi.type',
    'street',
    'houseNumber',
    'postcode',
    'city',
  ]);
  assert.equal(body.address['@xsi.type'], 'common:Address');
});

describe('parseXml', () => {
  test('namespaces are bound by URI: the same prefix may mean different namespaces', () => {
    const a = parseXml(
      '<ns4:messages xmlns:ns4="http://rest.immobilienscout24.de/schema/common/1.0"><message/></ns4:messages>',
    );
    const b = parseXml(
      '<ns4:regions xmlns:ns4="http://rest.immobilienscout24.de/schema/search/region/1.0"/>',
    );
    assert.equal(a.ns, 'http://rest.immobilienscout24.de/schema/common/1.0');
    assert.equal(b.ns, 'http://rest.immobilienscout24.de/schema/search/region/1.0');
    const d = parseXml(
      '<regions xmlns="http://rest.immobilienscout24.de/schema/search/region/1.0"><region><name>A</name></region></regions>',
    );
    assert.equal(d.ns, 'http://rest.immobilienscout24.de/schema/search/region/1.0');
    assert.deepEqual(d.node, { region: { name: 'A' } });
  });

  test('xsi:type resolved through the declarations in scope, whatever the prefixes', () => {
    const doc = parseXml(
      '<r xmlns:i="http://www.w3.org/2001/XMLSchema-instance" xmlns:q="http://rest.immobilienscout24.de/schema/common/1.0">' +
        '<e i:type="q:City" count="3"/><e xmlns:z="urn:other" i:type="z:Thing">t</e><f xsi:type="x:Y"/></r>',
    );
    assert.deepEqual(doc.node, {
      e: [
        {
          '@xsi.type': 'City',
          '@xsi.typeNs': 'http://rest.immobilienscout24.de/schema/common/1.0',
          '@count': '3',
        },
        { '@xsi.type': 'Thing', '@xsi.typeNs': 'urn:other', '#text': 't' },
      ],
      // an undeclared prefix "xsi" is not the XSI namespace: kept as a plain attribute
      f: { '@type': 'x:Y' },
    });
  });

  test('entities decoded, values kept as strings, malformed documents rejected', () => {
    assert.deepEqual(parseXml('<a><b>1 &amp; 2</b><c>007</c><d>true</d></a>').node, {
      b: '1 & 2',
      c: '007',
      d: 'true',
    });
    for (const bad of ['', 'plain', '<a><b></a>', '<a/><b/>', '<a>&undefined;</a>x']) {
      assert.throws(() => parseXml(bad), { name: 'XmlSyntaxError' }, bad);
    }
  });

  test('"__proto__" elements do not touch prototypes', () => {
    // fast-xml-parser refuses the name outright; either way nothing is polluted
    assert.throws(() => parseXml('<a><__proto__><polluted>yes</polluted></__proto__></a>'), {
      name: 'XmlSyntaxError',
    });
    assert.throws(() => parseXml('<a><constructor><polluted>yes</polluted></constructor></a>'), {
      name: 'XmlSyntaxError',
    });
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
});

test('fast-xml-parser is not in the static import chain of the client entry point', async () => {
  const result = await build({
    entryPoints: [join(HERE, '../../src/api/index.ts')],
    bundle: true,
    splitting: true,
    format: 'esm',
    write: false,
    outdir: join(HERE, 'out-not-written'),
    metafile: true,
    logLevel: 'silent',
  });
  const outputs = result.metafile.outputs;
  const entry = Object.entries(outputs).find(([, o]) => o.entryPoint?.endsWith('src/api/index.ts'));
  assert.ok(entry, 'entry output found');
  const staticChunks = new Set<string>();
  const walk = (file: string) => {
    if (staticChunks.has(file)) return;
    staticChunks.add(file);
    for (const imp of outputs[file]!.imports) if (imp.kind === 'import-statement') walk(imp.path);
  };
  walk(entry[0]);
  const staticInputs = [...staticChunks].flatMap((f) => Object.keys(outputs[f]!.inputs));
  assert.ok(
    staticInputs.some((i) => i.endsWith('src/api/client.ts')),
    'client is in the entry chunk',
  );
  assert.deepEqual(
    staticInputs.filter(
      (i) => i.includes('fast-xml-parser') || /src\/api\/xml(-write)?\.ts$/.test(i),
    ),
    [],
  );
  // …while the dynamic chunks do hold it
  const allInputs = Object.values(outputs).flatMap((o) => Object.keys(o.inputs));
  assert.ok(allInputs.some((i) => i.includes('fast-xml-parser')));
});
