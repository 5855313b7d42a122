// Property text through HTTP: token, validation with one message per invalid field, and the
// German generator (uses every field, states nothing that was not given, varies with the data).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { expectJsonError, start, type Running } from '../fixtures/sandbox/helpers.js';
import { generatePropertyText, textLanguage } from '../../packages/sandbox/src/property-text.js';
import { validatePropertyText } from '../../packages/sandbox/src/property-text-validate.js';

const PATH = '/ai/v1.0/nlg/listing/property/generate';

const FULL_APARTMENT = {
  realEstateType: 'apartment',
  transactionType: 'rent',
  location: {
    street: 'Kastanienallee',
    number: '28',
    postalCode: '10435',
    city: 'Berlin',
    district: 'Prenzlauer Berg',
    geoCoordinates: {
      latitude: 52.538,
      longitude: 13.41,
      lambertEuCoordinatesX: 4552000.5,
      lambertEuCoordinatesY: 3275000,
    },
  },
  apartmentDetails: {
    buildingType: 'ATTIC',
    condition: 'MODERNIZED',
    interiorQuality: 'SOPHISTICATED',
    heatingType: 'FLOOR_HEATING',
    buildingEnergyRatingType: 'ENERGY_REQUIRED',
    balconyTerrace: true,
    basement: false,
    certificateOfEligibilityNeeded: true,
    consumptionContainsWarmWater: false,
    elevator: true,
    equippedKitchen: true,
    flatShareSuitable: true,
    garageParkingSpace: false,
    guestToilet: true,
    handicappedAccessible: false,
    rented: false,
    sharedGarden: true,
    additionalCosts: 210.5,
    livingSpace: 85.5,
    monthlyRent: 1250,
    parkingSpaceRent: 95,
    price: 1460,
    rentalIncome: 0,
    rentSubsidy: 120,
    thermalCharacteristic: 72.3,
    demand: 80,
    constructionYear: 1908,
    floor: 4,
    lastRefurbishment: 2019,
    noBathrooms: 2,
    noFloors: 5,
    noRooms: 3,
    noParkingSpaces: 2,
    noSimilarObjects: 3,
    deposit: '3.750,00',
    moveInDate: '1.10.2026',
    efficiencyClass: 'B',
    energyCertificateAvailability: 'AVAILABLE',
    energyCertificateCreationDate: 'FROM_01_05_2014',
    heatingCostsOption: 'heatingCostsIncluded',
    petsAllowed: 'NEGOTIABLE',
    parkingSpaceType: 'UNDERGROUND_GARAGE',
    firingType: ['GAS', 'SOLAR_HEATING'],
  },
};

describe('sandbox property text over HTTP', () => {
  let s: Running;
  let token: string;
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    s.req(PATH, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  before(async () => {
    s = await start({ geo: false });
    token = await s.token();
  });
  after(() => s.close());

  test('200 with headline and propertyText (JSON only)', async () => {
    const r = await post(FULL_APARTMENT, { accept: 'application/xml' });
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type')!, /json/);
    const j = (await r.json()) as { headline: string; propertyText: string };
    assert.ok(j.headline.length > 10 && j.headline.length < 140);
    assert.ok(j.propertyText.length > 300);
  });

  test('401 for a missing, invalid or expired token (before looking at the body)', async () => {
    await expectJsonError(
      await s.req(PATH, { method: 'POST', body: '{}' }),
      401,
      'ERROR_COMMON_AUTHENTICATION_REQUIRED',
    );
    await expectJsonError(
      await post(FULL_APARTMENT, { authorization: 'Bearer wrong' }),
      401,
      'ERROR_COMMON_AUTHENTICATION_REQUIRED',
    );
    const t = await s.token('demo', 60);
    await s.req('/sandbox/token/expire', { method: 'POST', body: JSON.stringify({ token: t }) });
    const msgs = await expectJsonError(
      await post('not json', { authorization: `Bearer ${t}` }),
      401,
      'ERROR_COMMON_AUTHENTICATION_REQUIRED',
    );
    assert.match(msgs[0]!.message, /expired/);
  });

  test('400 for a missing or invalid object, one message per field with its path in id', async () => {
    await expectJsonError(await post(''), 400, 'ERROR_COMMON_BAD_REQUEST');
    await expectJsonError(await post('{oops'), 400, 'ERROR_COMMON_BAD_REQUEST');
    await expectJsonError(await post('[1,2]'), 400, 'ERROR_COMMON_BAD_REQUEST');
    const msgs = await expectJsonError(
      await post({
        realEstateType: 'castle',
        transactionType: 'lease',
        colour: 'red',
        location: { city: 7, geoCoordinates: { latitude: 'north', height: 3 } },
      }),
      400,
      'ERROR_COMMON_BAD_REQUEST',
    );
    assert.deepEqual(
      msgs.map((m) => m.id).sort(),
      [
        'colour',
        'location.city',
        'location.geoCoordinates.height',
        'location.geoCoordinates.latitude',
        'realEstateType',
        'transactionType',
      ].sort(),
    );
    const d = await expectJsonError(
      await post({
        realEstateType: 'apartment',
        transactionType: 'rent',
        houseDetails: {},
        apartmentDetails: {
          noRooms: 2.5,
          livingSpace: '80',
          elevator: 'yes',
          heatingType: 'FIREPLACE',
          deposit: '1500',
          moveInDate: '31.2.2026',
          firingType: ['GAS', 'PLUTONIUM'],
          constructionYear: 99,
          energyCertificateCreationDate: 'SOMETIME',
          monument: true,
          price: -1,
        },
      }),
      400,
      'ERROR_COMMON_BAD_REQUEST',
    );
    const ids = d.map((m) => m.id);
    for (const id of [
      'houseDetails',
      'apartmentDetails.noRooms',
      'apartmentDetails.livingSpace',
      'apartmentDetails.elevator',
      'apartmentDetails.heatingType',
      'apartmentDetails.deposit',
      'apartmentDetails.moveInDate',
      'apartmentDetails.firingType[1]',
      'apartmentDetails.constructionYear',
      'apartmentDetails.energyCertificateCreationDate',
      'apartmentDetails.monument',
      'apartmentDetails.price',
    ]) {
      assert.ok(ids.includes(id), `${id} in ${ids.join(', ')}`);
    }
    assert.ok(
      d.every((m) => m.message.startsWith(m.id!)),
      'every message names its field',
    );
    await expectJsonError(
      await post({ realEstateType: 'house', transactionType: 'sale' }),
      400,
      'ERROR_COMMON_BAD_REQUEST',
    );
  });
});

describe('sandbox property text generator', () => {
  const gen = (body: unknown) => generatePropertyText(validatePropertyText(body));

  test('uses every given field of a full apartment request, formatted the German way', () => {
    const { headline, propertyText: t } = gen(FULL_APARTMENT);
    assert.match(headline, /3-Zimmer-Dachgeschosswohnung/);
    for (const part of [
      'Berlin',
      'Prenzlauer Berg',
      'Kastanienallee 28',
      '10435',
      '85,5 m²',
      'drei Zimmer',
      'zwei Badezimmer',
      '4. Obergeschoss',
      'fünf Etagen',
      'Balkon',
      'Einbauküche',
      'Gäste-WC',
      'Personenaufzug',
      'Mitbenutzung des Gartens',
      'Nicht vorhanden sind ein Keller und ein Garagenstellplatz',
      'nicht barrierefrei',
      'Wohngemeinschaft',
      'gehoben',
      '1908',
      '2019',
      'modernisiert',
      'Fußbodenheizung',
      'Gas und Solarenergie',
      'Bedarfsausweis',
      'Ein Energieausweis liegt vor',
      '1. Mai 2014',
      '72,3 kWh/(m²·a)',
      '80 kWh/(m²·a)',
      'Energieeffizienzklasse ist B',
      'Warmwasserbereitung nicht',
      '1.250 €',
      '210,50 €',
      'Heizkosten sind in den Nebenkosten enthalten',
      '3.750 €',
      '95 €',
      '120 €',
      '0 €',
      '1.460 €',
      'nicht vermietet',
      'Wohnberechtigungsschein (WBS) erforderlich',
      '1. Oktober 2026',
      'Haustiere sind nach Absprache möglich',
      'zwei Stellplätze',
      'Tiefgaragenstellplatz',
      'drei vergleichbare Einheiten',
    ]) {
      assert.ok(
        t.includes(part) || headline.includes(part),
        `missing "${part}" in:\n${headline}\n${t}`,
      );
    }
  });

  test('reads like a listing: no raw coordinates, with or without a place', () => {
    for (const lang of ['de', 'en'] as const) {
      const full = generatePropertyText(validatePropertyText(FULL_APARTMENT), lang).propertyText;
      const only = generatePropertyText(
        validatePropertyText({
          realEstateType: 'house',
          transactionType: 'sale',
          location: {
            geoCoordinates: {
              latitude: 52.5492,
              longitude: 13.41,
              lambertEuCoordinatesX: 4552000.5,
            },
          },
          houseDetails: { noRooms: 4 },
        }),
        lang,
      ).propertyText;
      for (const t of [full, only]) {
        assert.ok(
          !/°|LambertEU|Breite|latitude|52[.,]5|4[.,]552/i.test(t),
          `${lang}: coordinates in:\n${t}`,
        );
      }
      assert.match(only, lang === 'de' ? /genaue Lage/ : /exact location/);
    }
  });

  test('English when Accept-Language prefers it, every given field used', () => {
    assert.equal(textLanguage('en-GB,en;q=0.9,de;q=0.8'), 'en');
    assert.equal(textLanguage('de-DE,en;q=0.5'), 'de');
    assert.equal(textLanguage(undefined), 'de');
    const { headline, propertyText: t } = generatePropertyText(
      validatePropertyText(FULL_APARTMENT),
      'en',
    );
    assert.match(headline, /3-room attic flat/i);
    for (const part of [
      'Prenzlauer Berg, Berlin',
      'Kastanienallee 28',
      '10435',
      '85.5 m²',
      'three rooms',
      'two bathrooms',
      '4th floor',
      'five storeys',
      'balcony',
      'fitted kitchen',
      'guest toilet',
      'lift',
      'shared garden',
      'There is no cellar and garage space',
      'not step-free',
      'flat share',
      'high standard',
      '1908',
      '2019',
      'modernised',
      'underfloor heating',
      'gas and solar energy',
      'energy demand',
      '1 May 2014',
      '72.3 kWh/(m²·a)',
      '80 kWh/(m²·a)',
      'class is B',
      'does not include hot water',
      '€1,250',
      '€210.50',
      'Heating costs are included',
      '€3,750',
      '€95',
      '€120',
      '€0',
      '€1,460',
      'not currently let',
      'WBS',
      '1 October 2026',
      'Pets by arrangement',
      'Two parking spaces',
      'underground space',
      'Three similar units',
    ]) {
      assert.ok(
        t.includes(part) || headline.includes(part),
        `missing "${part}" in:\n${headline}\n${t}`,
      );
    }
    assert.ok(!/[äöüß]|undefined|NaN/.test(t + headline), t);
  });

  test('states nothing that was not given', () => {
    const { headline, propertyText: t } = gen({
      realEstateType: 'house',
      transactionType: 'sale',
      houseDetails: { noRooms: 5 },
    });
    assert.match(headline, /Haus mit 5 Zimmern zum Kauf|Haus mit 5 Zimmern/);
    for (const word of [
      'm²',
      '€',
      'Keller',
      'Balkon',
      'Heiz',
      'Energie',
      'Baujahr',
      'errichtet',
      'Stellplatz',
      'Haustiere',
      'bezugsfrei',
      'Zustand',
      'Grundstück',
      'Garten',
    ]) {
      assert.ok(!t.includes(word) && !headline.includes(word), `"${word}" in:\n${headline}\n${t}`);
    }
    assert.match(t, /fünf Zimmer/);
  });

  test('house nouns carry the right articles; masculine, feminine and neuter read correctly', () => {
    const b = gen({
      realEstateType: 'house',
      transactionType: 'sale',
      houseDetails: {
        buildingType: 'BUNGALOW',
        monument: true,
        condition: 'WELL_KEPT',
        basement: true,
      },
    });
    assert.match(b.headline, /^Gepflegter Bungalow/);
    assert.match(b.propertyText, /Der Bungalow steht unter Denkmalschutz\./);
    const v = gen({
      realEstateType: 'house',
      transactionType: 'rent',
      houseDetails: { buildingType: 'VILLA', condition: 'WELL_KEPT', monument: false },
    });
    assert.match(v.headline, /^Gepflegte Villa/);
    assert.match(v.propertyText, /Die Villa steht nicht unter Denkmalschutz\./);
    const p = gen({
      realEstateType: 'apartment',
      transactionType: 'sale',
      apartmentDetails: {
        buildingType: 'PENTHOUSE',
        condition: 'WELL_KEPT',
        noRooms: 1,
        price: 990000,
      },
    });
    assert.match(p.headline, /^Gepflegtes Penthouse mit einem Zimmer/);
    assert.match(p.propertyText, /Kaufpreis (beträgt|liegt bei) 990\.000 €/);
  });

  test('deterministic per input, different wording for different inputs', () => {
    assert.deepEqual(gen(FULL_APARTMENT), gen(structuredClone(FULL_APARTMENT)));
    const texts = new Set<string>();
    const headlines = new Set<string>();
    for (let rooms = 1; rooms <= 8; rooms++) {
      const r = gen({
        realEstateType: 'apartment',
        transactionType: 'rent',
        location: { city: 'Leipzig' },
        apartmentDetails: {
          noRooms: rooms,
          livingSpace: 30 + rooms * 10,
          monthlyRent: 300 + rooms * 100,
        },
      });
      texts.add(
        r.propertyText
          .replace(/\d+([.,]\d+)*/g, '#')
          .replace(/\b(ein|zwei|drei|vier|fünf|sechs|sieben|acht)\b/g, '#'),
      );
      headlines.add(r.headline.replace(/\d+([.,]\d+)*/g, '#'));
    }
    assert.ok(texts.size >= 2, 'the phrasing varies, not only the numbers');
    assert.ok(headlines.size >= 2, 'the headline pattern varies');
  });

  test('property: any valid request yields a non-empty headline and text without undefined/NaN', () => {
    const details = fc.record(
      {
        noRooms: fc.integer({ min: 0, max: 20 }),
        livingSpace: fc.double({ min: 0, max: 1000, noNaN: true }),
        price: fc.integer({ min: 0, max: 5_000_000 }),
        basement: fc.boolean(),
        guestToilet: fc.boolean(),
        buildingType: fc.constantFrom(
          'NO_INFORMATION',
          'SINGLE_FAMILY_HOUSE',
          'BUNGALOW',
          'VILLA',
          'SEMIDETACHED_HOUSE',
          'OTHER',
        ),
        noFloors: fc.integer({ min: 0, max: 30 }),
        constructionYear: fc.integer({ min: 1000, max: 2100 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(details, fc.constantFrom('rent', 'sale'), (d, tt) => {
        const r = gen({ realEstateType: 'house', transactionType: tt, houseDetails: d });
        assert.ok(r.headline.trim() && r.propertyText.trim());
        assert.doesNotMatch(r.headline + r.propertyText, /undefined|NaN|null|\[object/);
      }),
      { numRuns: 150, seed: 42 },
    );
  });
});
