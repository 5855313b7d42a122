// <region-stats> labels: every RealEstateType of common-1.0.xsd has a German and an English
// label, and the request spelling round-trips to the enum value.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STRINGS, TYPES, typeLabel, requestName } from '../../src/elements/region-stats/strings.js';
import { REAL_ESTATE_TYPES } from '../../src/api/types.js';

const XSD = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../../shared/api-schemas/common/common-1.0.xsd',
);
const haveSchema = existsSync(XSD);
if (!haveSchema && process.env.CI === 'true') {
  throw new Error(`the XML schemas are missing at ${XSD} (../shared/api-schemas)`);
}
const skip = haveSchema
  ? false
  : `common-1.0.xsd is missing at ${XSD} (../shared/api-schemas), so the enumeration cannot be compared`;

/** The enumeration values of the schema's simple type RealEstateType, in schema order. */
function schemaTypes(): string[] {
  const xsd = readFileSync(XSD, 'utf8');
  const start = xsd.indexOf('<xs:simpleType name="RealEstateType">');
  assert.ok(start >= 0, 'RealEstateType not found in common-1.0.xsd');
  const block = xsd.slice(start, xsd.indexOf('</xs:simpleType>', start));
  return [...block.matchAll(/<xs:enumeration value="([A-Z_]+)"/g)].map((m) => m[1]!);
}

describe('region-stats type labels', () => {
  it('label every RealEstateType of common-1.0.xsd, nothing else', { skip }, () => {
    const types = schemaTypes();
    assert.ok(types.length > 10);
    assert.deepEqual(TYPES, types);
  });

  it('match the client’s enumeration', () => {
    assert.deepEqual(TYPES, [...REAL_ESTATE_TYPES]);
  });

  it('are distinct and non-empty in each language, the English ones for the same types', async () => {
    await STRINGS.load();
    assert.deepEqual(Object.keys(STRINGS.en.types), TYPES);
    for (const lang of ['de', 'en'] as const) {
      const labels = TYPES.map((t) => typeLabel(lang, t));
      assert.ok(labels.every((l) => l.trim().length > 1));
      assert.equal(new Set(labels).size, labels.length, `duplicate ${lang} label`);
    }
    assert.equal(typeLabel('de', 'APARTMENT_RENT'), 'Mietwohnungen');
    assert.equal(typeLabel('en', 'APARTMENT_RENT'), 'Apartments for rent');
  });

  it('show an unknown value as it came', () => {
    assert.equal(typeLabel('de', 'NEW_TYPE'), 'NEW_TYPE');
  });

  it('spell the request names in lower case without separators', () => {
    assert.equal(requestName('HOUSE_BUY'), 'housebuy');
    assert.equal(requestName('SHORT_TERM_ACCOMMODATION'), 'shorttermaccommodation');
    assert.equal(requestName('apartmentrent'), 'apartmentrent');
  });
});
