/**
 * The sandbox's seeded data: users, their real estates, building projects and exposes.
 * Everything here is fixed, so ids and contents are the same on every start.
 */

export type ContactFormType = 'EMAIL' | 'PHONE' | 'LONG' | 'NONE';
export type FieldRule = 'MANDATORY' | 'OPTIONAL';

export interface SeedAddress {
  street: string;
  houseNumber: string;
  postcode: string;
  city: string;
  quarter?: string;
  country?: 'DEU' | 'AUT';
}

export interface SeedUser {
  username: string;
  customerNumber: string;
  company: string;
  email: string;
}

export interface OwnRealEstate {
  id: string;
  owner: string;
  title: string;
  /** offerrealestates xsi:type local name, e.g. ApartmentBuy. */
  type: string;
  state: 'ACTIVE' | 'INACTIVE';
  address: SeedAddress;
}

export interface SeedProject {
  id: string;
  owner: string;
  name: string;
  title?: string;
  published: boolean;
  product: 'BASIC' | 'PREMIUM';
  price: [number, number];
  space: [number, number];
  units: number;
  interiorQuality: 'LUXURY' | 'SOPHISTICATED' | 'NORMAL' | 'SIMPLE';
  freeFrom: string;
  address: SeedAddress;
  homepageUrl?: string;
  /** Real estate ids in the project at seed time. */
  entries: string[];
}

export interface SeedExpose {
  id: string;
  contactFormType: ContactFormType;
  /** Entry name (e.g. `emailAddressField`) → rule; entries missing here are not sent. */
  configuration: Record<string, FieldRule>;
  /** xsi:type of the real estate, e.g. `ApartmentRent`. */
  realEstateType: string;
  title: string;
  address: SeedAddress;
  /** Purchase price or cold rent in euro. */
  price: number;
  priceKind: 'buy' | 'rent';
  rooms: number;
  livingSpace: number;
  realtor: {
    company: string;
    firstname: string;
    lastname: string;
    email?: string;
    phone: string;
    customerNumber: string;
  };
  /** What this expose is in the seeds for (shown in sandbox/fixtures). */
  purpose: string;
}

export const SEED_USERS: Record<string, SeedUser> = {
  demo: {
    username: 'demo',
    customerNumber: 'K-100423',
    company: 'Demo Bauträger GmbH',
    email: 'projekte@demo-bautraeger.example',
  },
  other: {
    username: 'other',
    customerNumber: 'K-208871',
    company: 'Nordlicht Wohnbau AG',
    email: 'info@nordlicht-wohnbau.example',
  },
};

const STREETS: [string, string, string, string][] = [
  // street, postcode, city, quarter: real streets of real quarters
  ['Invalidenstraße', '10115', 'Berlin', 'Mitte'],
  ['Chausseestraße', '10115', 'Berlin', 'Mitte'],
  ['Kastanienallee', '10435', 'Berlin', 'Prenzlauer Berg'],
  ['Bergmannstraße', '10961', 'Berlin', 'Kreuzberg'],
  ['Sonnenallee', '12045', 'Berlin', 'Neukölln'],
  ['Schloßstraße', '12163', 'Berlin', 'Steglitz'],
  ['Leopoldstraße', '80802', 'München', 'Schwabing'],
  ['Sendlinger Straße', '80331', 'München', 'Altstadt'],
  ['Lindwurmstraße', '80337', 'München', 'Isarvorstadt'],
  ['Eppendorfer Weg', '20259', 'Hamburg', 'Eimsbüttel'],
  ['Mühlenkamp', '22303', 'Hamburg', 'Winterhude'],
  ['Ehrenstraße', '50672', 'Köln', 'Altstadt-Nord'],
  ['Berger Straße', '60316', 'Frankfurt am Main', 'Nordend-Ost'],
  ['Königstraße', '70173', 'Stuttgart', 'Mitte'],
  ['Karl-Liebknecht-Straße', '04107', 'Leipzig', 'Zentrum-Süd'],
  ['Louisenstraße', '01099', 'Dresden', 'Äußere Neustadt'],
];

const TYPES = ['ApartmentBuy', 'ApartmentRent', 'HouseBuy', 'HouseRent'];
const TITLE_BY_TYPE: Record<string, string[]> = {
  ApartmentBuy: [
    'Helle 3-Zimmer-Eigentumswohnung mit Balkon',
    'Dachgeschosswohnung mit Weitblick',
    'Neubau-Eigentumswohnung im 2. OG',
    'Gartenwohnung mit Terrasse',
  ],
  ApartmentRent: [
    'Moderne 2-Zimmer-Wohnung mit Einbauküche',
    'Familienwohnung mit zwei Bädern',
    'Penthouse mit Dachterrasse',
    'Erstbezug: 1-Zimmer-Apartment',
  ],
  HouseBuy: [
    'Reihenmittelhaus mit Garten',
    'Doppelhaushälfte in ruhiger Lage',
    'Stadtvilla mit Carport',
    'Reihenendhaus mit Keller',
  ],
  HouseRent: [
    'Einfamilienhaus zur Miete',
    'Townhouse mit Dachterrasse',
    'Bungalow mit Wintergarten',
    'Reihenhaus am Park',
  ],
};

function ownEstates(
  owner: string,
  base: number,
  active: number,
  inactive: number,
  streetOffset: number,
): OwnRealEstate[] {
  const list: OwnRealEstate[] = [];
  for (let i = 0; i < active + inactive; i++) {
    const [street, postcode, city, quarter] = STREETS[(i + streetOffset) % STREETS.length]!;
    const type = TYPES[i % TYPES.length]!;
    const titles = TITLE_BY_TYPE[type]!;
    list.push({
      id: String(base + i),
      owner,
      title: `${titles[Math.floor(i / TYPES.length) % titles.length]} (${quarter})`,
      type,
      state: i < active ? 'ACTIVE' : 'INACTIVE',
      address: { street, houseNumber: String(3 + ((i * 7) % 140)), postcode, city, quarter },
    });
  }
  return list;
}

/** The demo user's real estates: 20 published (ACTIVE), 3 unpublished. */
export const DEMO_ESTATES = ownEstates('demo', 320000101, 20, 3, 0);
/** The other user's real estates, foreign to demo. */
export const OTHER_ESTATES = ownEstates('other', 320000901, 5, 1, 5);
export const OWN_ESTATES: OwnRealEstate[] = [...DEMO_ESTATES, ...OTHER_ESTATES];

const demoIds = DEMO_ESTATES.filter((e) => e.state === 'ACTIVE').map((e) => e.id);
const otherIds = OTHER_ESTATES.filter((e) => e.state === 'ACTIVE').map((e) => e.id);

export const SEED_PROJECTS: SeedProject[] = [
  {
    id: '4700101',
    owner: 'demo',
    name: 'Wohnpark Spreebogen',
    title: 'Wohnpark Spreebogen: 48 Eigentumswohnungen am Wasser',
    published: true,
    product: 'BASIC',
    price: [289000, 749000],
    space: [48, 132],
    units: 48,
    interiorQuality: 'SOPHISTICATED',
    freeFrom: 'Frühjahr 2026',
    address: {
      street: 'Alt-Moabit',
      houseNumber: '98',
      postcode: '10559',
      city: 'Berlin',
      quarter: 'Moabit',
    },
    homepageUrl: 'https://www.example.org/spreebogen',
    entries: demoIds.slice(0, 14),
  },
  {
    id: '4700102',
    owner: 'demo',
    name: 'Stadtvillen am Rosenpark',
    title: 'Sechs Stadtvillen am Rosenpark',
    published: true,
    product: 'BASIC',
    price: [640000, 910000],
    space: [142, 188],
    units: 6,
    interiorQuality: 'LUXURY',
    freeFrom: 'ab sofort',
    address: {
      street: 'Rosenheimer Straße',
      houseNumber: '12',
      postcode: '81669',
      city: 'München',
      quarter: 'Au-Haidhausen',
    },
    entries: demoIds.slice(14, 16),
  },
  {
    id: '4700103',
    owner: 'demo',
    name: 'Quartier Nordhafen',
    title: 'Quartier Nordhafen (in Vorbereitung)',
    published: false,
    product: 'BASIC',
    price: [310000, 520000],
    space: [55, 104],
    units: 32,
    interiorQuality: 'NORMAL',
    freeFrom: '2027',
    address: {
      street: 'Hamburger Straße',
      houseNumber: '40',
      postcode: '22083',
      city: 'Hamburg',
      quarter: 'Barmbek-Süd',
    },
    entries: [],
  },
  {
    id: '4700104',
    owner: 'demo',
    name: 'Residenz Isarauen',
    title: 'Residenz Isarauen: Wohnen an der Isar',
    published: true,
    product: 'PREMIUM',
    price: [495000, 1890000],
    space: [62, 210],
    units: 120,
    interiorQuality: 'LUXURY',
    freeFrom: 'Sommer 2026',
    address: {
      street: 'Wittelsbacherstraße',
      houseNumber: '5',
      postcode: '80469',
      city: 'München',
      quarter: 'Isarvorstadt',
    },
    homepageUrl: 'https://www.example.org/isarauen',
    entries: demoIds.slice(16, 18),
  },
  {
    // Full: a BASIC project takes at most 15 entries (docs/interface.md#limits); every add is refused.
    id: '4700106',
    owner: 'demo',
    name: 'Hafenterrassen',
    title: 'Hafenterrassen: 15 Wohnungen am Binnenhafen',
    published: true,
    product: 'BASIC',
    price: [335000, 615000],
    space: [58, 121],
    units: 15,
    interiorQuality: 'SOPHISTICATED',
    freeFrom: 'Winter 2026',
    address: {
      street: 'Speicherstraße',
      houseNumber: '7',
      postcode: '44147',
      city: 'Dortmund',
      quarter: 'Hafen',
    },
    entries: demoIds.slice(0, 15),
  },
  {
    // The real service documents project records without the schema's mandatory title.
    id: '4700105',
    owner: 'demo',
    name: 'Gartenhöfe Leutzsch',
    published: true,
    product: 'BASIC',
    price: [219000, 398000],
    space: [51, 98],
    units: 24,
    interiorQuality: 'NORMAL',
    freeFrom: 'Herbst 2026',
    address: {
      street: 'Georg-Schwarz-Straße',
      houseNumber: '150',
      postcode: '04179',
      city: 'Leipzig',
      quarter: 'Leutzsch',
    },
    entries: [],
  },
  {
    id: '4700201',
    owner: 'other',
    name: 'Lindenhöfe',
    title: 'Lindenhöfe: 20 Reihenhäuser',
    published: true,
    product: 'BASIC',
    price: [420000, 560000],
    space: [120, 145],
    units: 20,
    interiorQuality: 'NORMAL',
    freeFrom: '2026',
    address: {
      street: 'Lindenallee',
      houseNumber: '2',
      postcode: '50968',
      city: 'Köln',
      quarter: 'Marienburg',
    },
    entries: otherIds.slice(0, 2),
  },
];

const ALL_ENTRIES = [
  'firstnameField',
  'lastnameField',
  'phoneNumberField',
  'emailAddressField',
  'addressField',
  'salutationField',
  'messageField',
  'moveInDateField',
  'petsInHouseholdField',
  'numberOfPersonsField',
  'employmentRelationshipField',
  'incomeField',
  'applicationPackageCompletedField',
] as const;
const all = (rule: FieldRule) =>
  Object.fromEntries(ALL_ENTRIES.map((k) => [k, rule])) as Record<string, FieldRule>;

const realtor = (
  company: string,
  firstname: string,
  lastname: string,
  email: string | undefined,
  phone: string,
  customerNumber: string,
) => ({ company, firstname, lastname, email, phone, customerNumber });

export const SEED_EXPOSES: SeedExpose[] = [
  {
    id: '150001001',
    contactFormType: 'EMAIL',
    purpose: 'EMAIL form, typical buy configuration',
    configuration: {
      salutationField: 'OPTIONAL',
      firstnameField: 'OPTIONAL',
      lastnameField: 'MANDATORY',
      emailAddressField: 'MANDATORY',
      phoneNumberField: 'OPTIONAL',
      addressField: 'OPTIONAL',
      messageField: 'OPTIONAL',
    },
    realEstateType: 'ApartmentBuy',
    title: 'Altbauwohnung mit Stuck und Südbalkon',
    priceKind: 'buy',
    price: 489000,
    rooms: 3,
    livingSpace: 92.5,
    address: {
      street: 'Kastanienallee',
      houseNumber: '28',
      postcode: '10435',
      city: 'Berlin',
      quarter: 'Prenzlauer Berg',
    },
    realtor: realtor(
      'Spree Immobilien GmbH',
      'Katrin',
      'Wegener',
      'anfragen@spree-immobilien.example',
      '+49 30 5550123',
      'K-300112',
    ),
  },
  {
    id: '150001002',
    contactFormType: 'PHONE',
    purpose: 'PHONE form',
    configuration: {
      salutationField: 'OPTIONAL',
      firstnameField: 'OPTIONAL',
      lastnameField: 'MANDATORY',
      phoneNumberField: 'MANDATORY',
      messageField: 'OPTIONAL',
    },
    realEstateType: 'HouseBuy',
    title: 'Doppelhaushälfte mit Garten in Trudering',
    priceKind: 'buy',
    price: 1150000,
    rooms: 5,
    livingSpace: 148,
    address: {
      street: 'Truderinger Straße',
      houseNumber: '190',
      postcode: '81825',
      city: 'München',
      quarter: 'Trudering',
    },
    realtor: realtor(
      'Isar Wohnen KG',
      'Florian',
      'Huber',
      'kontakt@isar-wohnen.example',
      '+49 89 5550188',
      'K-300245',
    ),
  },
  {
    id: '150001003',
    contactFormType: 'LONG',
    purpose: 'LONG form, everything mandatory',
    configuration: all('MANDATORY'),
    realEstateType: 'ApartmentRent',
    title: 'Familienwohnung mit zwei Bädern nahe Stadtpark',
    priceKind: 'rent',
    price: 1680,
    rooms: 4,
    livingSpace: 109,
    address: {
      street: 'Mühlenkamp',
      houseNumber: '31',
      postcode: '22303',
      city: 'Hamburg',
      quarter: 'Winterhude',
    },
    realtor: realtor(
      'Alster Hausverwaltung GmbH',
      'Jan',
      'Petersen',
      'vermietung@alster-hv.example',
      '+49 40 5550144',
      'K-300377',
    ),
  },
  {
    id: '150001004',
    contactFormType: 'NONE',
    purpose: 'NONE: the realtor has no e-mail address',
    configuration: { lastnameField: 'MANDATORY', phoneNumberField: 'OPTIONAL' },
    realEstateType: 'HouseRent',
    title: 'Reihenhaus am Stadtwald',
    priceKind: 'rent',
    price: 2100,
    rooms: 5,
    livingSpace: 135,
    address: {
      street: 'Dürener Straße',
      houseNumber: '215',
      postcode: '50931',
      city: 'Köln',
      quarter: 'Lindenthal',
    },
    realtor: realtor(
      'Privatanbieter',
      'Helga',
      'Schmitz',
      undefined,
      '+49 221 5550199',
      'K-300409',
    ),
  },
  {
    id: '150001005',
    contactFormType: 'EMAIL',
    purpose: 'EMAIL form, every entry OPTIONAL',
    configuration: all('OPTIONAL'),
    realEstateType: 'ApartmentRent',
    title: 'Helle 2-Zimmer-Wohnung mit Einbauküche',
    priceKind: 'rent',
    price: 890,
    rooms: 2,
    livingSpace: 58.3,
    address: {
      street: 'Louisenstraße',
      houseNumber: '44',
      postcode: '01099',
      city: 'Dresden',
      quarter: 'Äußere Neustadt',
    },
    realtor: realtor(
      'Elbflorenz Wohnen GmbH',
      'Sabine',
      'Krause',
      'mieten@elbflorenz-wohnen.example',
      '+49 351 5550110',
      'K-300512',
    ),
  },
  {
    id: '150001006',
    contactFormType: 'LONG',
    purpose: 'LONG form, rental details mixed MANDATORY/OPTIONAL',
    configuration: {
      salutationField: 'MANDATORY',
      firstnameField: 'MANDATORY',
      lastnameField: 'MANDATORY',
      emailAddressField: 'MANDATORY',
      phoneNumberField: 'MANDATORY',
      addressField: 'MANDATORY',
      messageField: 'OPTIONAL',
      moveInDateField: 'MANDATORY',
      numberOfPersonsField: 'MANDATORY',
      petsInHouseholdField: 'OPTIONAL',
      employmentRelationshipField: 'OPTIONAL',
      incomeField: 'OPTIONAL',
      applicationPackageCompletedField: 'OPTIONAL',
    },
    realEstateType: 'ApartmentRent',
    title: 'Dachgeschosswohnung im Nordend',
    priceKind: 'rent',
    price: 1450,
    rooms: 3,
    livingSpace: 84,
    address: {
      street: 'Berger Straße',
      houseNumber: '122',
      postcode: '60316',
      city: 'Frankfurt am Main',
      quarter: 'Nordend-Ost',
    },
    realtor: realtor(
      'Main Residenz Immobilien',
      'Mehmet',
      'Yilmaz',
      'nordend@main-residenz.example',
      '+49 69 5550177',
      'K-300623',
    ),
  },
  {
    id: '150001007',
    contactFormType: 'EMAIL',
    purpose: 'EMAIL form with few entries and extra ones (companyField, buyReasonField)',
    configuration: {
      lastnameField: 'MANDATORY',
      emailAddressField: 'MANDATORY',
      companyField: 'OPTIONAL',
      buyReasonField: 'OPTIONAL',
    },
    realEstateType: 'HouseBuy',
    title: 'Stadtvilla mit Einliegerwohnung',
    priceKind: 'buy',
    price: 1390000,
    rooms: 7,
    livingSpace: 226,
    address: {
      street: 'Schloßstraße',
      houseNumber: '9',
      postcode: '70176',
      city: 'Stuttgart',
      quarter: 'West',
    },
    realtor: realtor(
      'Neckar Projekt GmbH',
      'Lea',
      'Brandt',
      'verkauf@neckar-projekt.example',
      '+49 711 5550166',
      'K-300734',
    ),
  },
  {
    id: '150001008',
    contactFormType: 'PHONE',
    purpose: 'PHONE form, every entry MANDATORY',
    configuration: all('MANDATORY'),
    realEstateType: 'ApartmentBuy',
    title: 'Penthouse über den Dächern von Wien',
    priceKind: 'buy',
    price: 1240000,
    rooms: 4,
    livingSpace: 131.8,
    address: {
      street: 'Mariahilfer Straße',
      houseNumber: '88',
      postcode: '1070',
      city: 'Wien',
      quarter: 'Neubau',
      country: 'AUT',
    },
    realtor: realtor(
      'Donau Realitäten GmbH',
      'Lukas',
      'Gruber',
      'office@donau-realitaeten.example',
      '+43 1 5550155',
      'K-300845',
    ),
  },
];

/** The 21 RealEstateType values of common-1.0.xsd, in schema order. */
export const REAL_ESTATE_TYPES = [
  'APARTMENT_RENT',
  'APARTMENT_BUY',
  'HOUSE_RENT',
  'HOUSE_BUY',
  'GARAGE_RENT',
  'GARAGE_BUY',
  'LIVING_RENT_SITE',
  'LIVING_BUY_SITE',
  'TRADE_SITE',
  'HOUSE_TYPE',
  'FLAT_SHARE_ROOM',
  'SENIOR_CARE',
  'ASSISTED_LIVING',
  'OFFICE',
  'INDUSTRY',
  'STORE',
  'GASTRONOMY',
  'SPECIAL_PURPOSE',
  'INVESTMENT',
  'COMPULSORY_AUCTION',
  'SHORT_TERM_ACCOMMODATION',
] as const;
export type RealEstateType = (typeof REAL_ESTATE_TYPES)[number];
