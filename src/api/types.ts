/**
 * SPEC.md 2 as TypeScript: every enumeration as a `const` array plus its union type, the
 * request shapes the client sends and the models it returns. No runtime dependencies.
 */

/** XML namespaces of the service, bound by URI (never by prefix). */
export const NS = {
  common: 'http://rest.immobilienscout24.de/schema/common/1.0',
  expose: 'http://rest.immobilienscout24.de/schema/search/expose/1.0',
  region: 'http://rest.immobilienscout24.de/schema/search/region/1.0',
  realestateproject: 'http://rest.immobilienscout24.de/schema/offer/realestateproject/1.0',
  realestates: 'http://rest.immobilienscout24.de/schema/offer/realestates/1.0',
  gis: 'http://rest.immobilienscout24.de/schema/platform/gis/1.0',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
  xlink: 'http://www.w3.org/1999/xlink',
} as const;

/** Country codes of the geo resources (path parameter `country`). */
export const COUNTRIES = ['DEU', 'AUT'] as const;
export type Country = (typeof COUNTRIES)[number];

/** `RealEstateType` of common-1.0.xsd, in schema order. */
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

/** The query form of a real-estate type: lower case without separators (`HOUSE_BUY` → `housebuy`). */
export function realEstateTypeParam(type: RealEstateType): string {
  return type.replace(/_/g, '').toLowerCase();
}

/** The 28 contact form fields of SPEC.md 2.2, in schema order. */
export const CONTACT_FORM_FIELDS = [
  'firstname',
  'lastname',
  'phoneNumber',
  'emailAddress',
  'appointmentRequested',
  'message',
  'address',
  'contactMailCustomStyle',
  'moveInDate',
  'petsInHousehold',
  'numberOfPersons',
  'employmentRelationship',
  'income',
  'salutation',
  'schufaInformationProvided',
  'schufaVerificationCode',
  'sendProfile',
  'profileImageUrl',
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
] as const;
export type ContactFormField = (typeof CONTACT_FORM_FIELDS)[number];

/**
 * Every element of `ContactForm` in the expose-1.0.xsd shipped with the project, in its
 * sequence order: the 28 fields of SPEC.md 2.2 plus `moveOutDate` (after moveInDate) and
 * `profileType` (after profileImageUrl), which this schema generation already has.
 * The writers emit fields in this order.
 */
export const CONTACT_FORM_SCHEMA_FIELDS = [
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
] as const;
export type ContactFormSchemaField = (typeof CONTACT_FORM_SCHEMA_FIELDS)[number];

/** Contact form fields of type xs:boolean. */
export const CONTACT_FORM_BOOLEAN_FIELDS = [
  'schufaInformationProvided',
  'sendProfile',
  'privacyPolicyAccepted',
  'hasPreapproval',
  'lotAvailable',
  'applicationPackageCompleted',
] as const;

/** Maximum lengths (in characters) of the contact form's text fields, from the schema. */
export const CONTACT_FORM_MAX_LENGTH = {
  firstname: 50,
  lastname: 50,
  phoneNumber: 40,
  emailAddress: 150,
  message: 2000,
  moveInDate: 100,
  moveOutDate: 100,
  petsInHousehold: 100,
  numberOfPersons: 100,
  employmentRelationship: 100,
  income: 100,
  schufaVerificationCode: 40,
  profileImageUrl: 2000,
  company: 100,
  buyReason: 100,
  ownCapital: 100,
  plannedInvestment: 100,
  commercialUsage: 2000,
} as const;

/** Maximum lengths of the `common:Address` fields the contact form uses. */
export const ADDRESS_MAX_LENGTH = { street: 100, houseNumber: 30, postcode: 20, city: 50 } as const;

/** The schema's e-mail pattern (`common:Email`, anchored as XSD patterns are). */
export const EMAIL_PATTERN = /^.+@.+\..+$/;

/** `contactFormConfiguration` entries named in SPEC.md 2.3. */
export const SPEC_CONTACT_FORM_CONFIGURATION_ENTRIES = [
  'moveInDateField',
  'petsInHouseholdField',
  'numberOfPersonsField',
  'employmentRelationshipField',
  'incomeField',
  'firstnameField',
  'lastnameField',
  'phoneNumberField',
  'emailAddressField',
  'addressField',
  'applicationPackageCompletedField',
  'salutationField',
  'messageField',
] as const;

/** Every `contactFormConfiguration` entry of expose-1.0.xsd (a superset of SPEC.md 2.3). */
export const CONTACT_FORM_CONFIGURATION_ENTRIES = [
  'moveInDateField',
  'moveOutDateField',
  'petsInHouseholdField',
  'numberOfPersonsField',
  'employmentRelationshipField',
  'incomeField',
  'firstnameField',
  'lastnameField',
  'phoneNumberField',
  'emailAddressField',
  'addressField',
  'schufaInformationField',
  'buyReasonField',
  'ownCapitalField',
  'hasPreapprovalField',
  'lotAvailableField',
  'numberOfRequiredWorkingPlacesField',
  'plannedInvestmentField',
  'commercialUsageField',
  'applicationPackageCompletedField',
  'salutationField',
  'companyField',
  'messageField',
] as const;
export type ContactFormConfigurationEntry = (typeof CONTACT_FORM_CONFIGURATION_ENTRIES)[number];

export const MANDATORY_OPTIONAL = ['MANDATORY', 'OPTIONAL'] as const;
export type MandatoryOptional = (typeof MANDATORY_OPTIONAL)[number];

export const SALUTATIONS = ['FEMALE', 'MALE', 'COMPANY', 'NO_SALUTATION'] as const;
export type Salutation = (typeof SALUTATIONS)[number];

/** `common:YesNotApplicableType` (there is no `NO`). */
export const APPOINTMENT_REQUESTED_VALUES = ['YES', 'NOT_APPLICABLE'] as const;
export type AppointmentRequested = (typeof APPOINTMENT_REQUESTED_VALUES)[number];

export const CONTACT_FORM_TYPES = ['EMAIL', 'LONG', 'PHONE', 'NONE'] as const;
export type ContactFormType = (typeof CONTACT_FORM_TYPES)[number];

/** `profileType` of the newer schema generation. */
export const PROFILE_TYPES = ['BASIC', 'PREMIUM'] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];

/** Fields of `common:ContactMailCustomStyle`; the colours are `#rgb` or `#rrggbb`. */
export const CONTACT_MAIL_CUSTOM_STYLE_FIELDS = [
  'header1Color',
  'header1FontColor',
  'header2Color',
  'header2FontColor',
  'header3Color',
  'header3FontColor',
  'identifier',
] as const;
export type ContactMailCustomStyle = Partial<
  Record<(typeof CONTACT_MAIL_CUSTOM_STYLE_FIELDS)[number], string>
>;

export interface ContactAddress {
  street?: string;
  houseNumber?: string;
  postcode?: string;
  city?: string;
}

/** A contact request (SPEC.md 2.2); only `lastname` is required by the schema. */
export interface ContactForm {
  /**
   * The attribute `contactFormType` of `contactForm` (expose-1.0.xsd): the form type of the
   * expose the request is for, as the expose gave it. Optional; sent when given.
   */
  contactFormType?: ContactFormType;
  firstname?: string;
  lastname: string;
  phoneNumber?: string;
  emailAddress?: string;
  appointmentRequested?: AppointmentRequested;
  message?: string;
  address?: ContactAddress;
  contactMailCustomStyle?: ContactMailCustomStyle;
  moveInDate?: string;
  /** Newer schema generation only (present in the shipped expose-1.0.xsd). */
  moveOutDate?: string;
  petsInHousehold?: string;
  numberOfPersons?: string;
  employmentRelationship?: string;
  income?: string;
  salutation?: Salutation;
  schufaInformationProvided?: boolean;
  schufaVerificationCode?: string;
  sendProfile?: boolean;
  profileImageUrl?: string;
  /** Newer schema generation only (present in the shipped expose-1.0.xsd). */
  profileType?: ProfileType;
  privacyPolicyAccepted?: boolean;
  company?: string;
  buyReason?: string;
  ownCapital?: string;
  hasPreapproval?: boolean;
  lotAvailable?: boolean;
  numberOfRequiredWorkingPlaces?: number;
  plannedInvestment?: string;
  commercialUsage?: string;
  applicationPackageCompleted?: boolean;
}

// ---------------------------------------------------------------- property text (2.4)

export const PROPERTY_TEXT_REAL_ESTATE_TYPES = ['house', 'apartment'] as const;
export type PropertyTextRealEstateType = (typeof PROPERTY_TEXT_REAL_ESTATE_TYPES)[number];

export const TRANSACTION_TYPES = ['rent', 'sale'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const CONDITIONS = [
  'NO_INFORMATION',
  'FIRST_TIME_USE',
  'FIRST_TIME_USE_AFTER_REFURBISHMENT',
  'MINT_CONDITION',
  'REFURBISHED',
  'MODERNIZED',
  'FULLY_RENOVATED',
  'WELL_KEPT',
  'NEED_OF_RENOVATION',
  'NEGOTIABLE',
  'RIPE_FOR_DEMOLITION',
] as const;
export type Condition = (typeof CONDITIONS)[number];

export const BUILDING_ENERGY_RATING_TYPES = ['ENERGY_REQUIRED', 'ENERGY_CONSUMPTION'] as const;
export type BuildingEnergyRatingType = (typeof BUILDING_ENERGY_RATING_TYPES)[number];

export const HEATING_TYPES = [
  'NO_INFORMATION',
  'CENTRAL_HEATING',
  'COMBINED_HEAT_AND_POWER_PLANT',
  'DISTRICT_HEATING',
  'ELECTRIC_HEATING',
  'FLOOR_HEATING',
  'GAS_HEATING',
  'HEAT_PUMP',
  'NIGHT_STORAGE_HEATER',
  'OIL_HEATING',
  'SELF_CONTAINED_CENTRAL_HEATING',
  'SOLAR_HEATING',
  'STOVE_HEATING',
  'WOOD_PELLET_HEATING',
] as const;
export type HeatingType = (typeof HEATING_TYPES)[number];

export const INTERIOR_QUALITIES = ['NO_INFORMATION', 'LUXURY', 'SOPHISTICATED', 'NORMAL', 'SIMPLE'] as const;
export type InteriorQuality = (typeof INTERIOR_QUALITIES)[number];

export const APARTMENT_BUILDING_TYPES = [
  'NO_INFORMATION',
  'ATTIC',
  'GROUND_FLOOR',
  'APARTMENT',
  'ENTRESOL',
  'LOFT',
  'DUPLEX',
  'PENTHOUSE',
  'BASEMENT',
  'TERRACE',
  'OTHER',
] as const;
export type ApartmentBuildingType = (typeof APARTMENT_BUILDING_TYPES)[number];

export const HOUSE_BUILDING_TYPES = [
  'NO_INFORMATION',
  'SINGLE_FAMILY_HOUSE',
  'MID_TERRACE_HOUSE',
  'END_TERRACE_HOUSE',
  'MULTI_FAMILY_HOUSE',
  'BUNGALOW',
  'FARMHOUSE',
  'SEMIDETACHED_HOUSE',
  'VILLA',
  'CASTLE_MANOR_HOUSE',
  'SPECIAL_REAL_ESTATE',
  'OTHER',
] as const;
export type HouseBuildingType = (typeof HOUSE_BUILDING_TYPES)[number];

export const CONSTRUCTION_PHASES = ['NO_INFORMATION', 'PROJECTED', 'UNDER_CONSTRUCTION', 'COMPLETED'] as const;
export type ConstructionPhase = (typeof CONSTRUCTION_PHASES)[number];

export const PARKING_SPACE_TYPES = [
  'OUTSIDE',
  'CARPORT',
  'DUPLEX',
  'GARAGE',
  'CAR_PARK',
  'UNDERGROUND_GARAGE',
] as const;
export type ParkingSpaceType = (typeof PARKING_SPACE_TYPES)[number];

// The open string fields of apartmentDetails: SPEC.md 2.4 names one value used of each and
// leaves the set open. These are the values of common-1.0.xsd (EnergyEfficiencyClass,
// EnergyCertificateAvailability, EnergyCertificateCreationDate, PetsAllowedType, FiringType)
// in the JSON service's spelling (A_PLUS for "A+", BEFORE_01_05_2014 after SPEC.md's
// FROM_dd_mm_yyyy form), plus NO_INFORMATION where SPEC.md uses it; heatingCostsOption has no
// schema type and takes the spec's value and its opposite. The service may accept others,
// so nothing here rejects a value outside these lists.

export const EFFICIENCY_CLASSES = [
  'NO_INFORMATION',
  'A_PLUS',
  'A',
  'B',
  'C',
  'D',
  'E',
  'F',
  'G',
  'H',
  'NOT_APPLICABLE',
] as const;
export type EfficiencyClass = (typeof EFFICIENCY_CLASSES)[number];

export const ENERGY_CERTIFICATE_AVAILABILITIES = ['AVAILABLE', 'NOT_AVAILABLE_YET', 'NOT_REQUIRED'] as const;
export type EnergyCertificateAvailability = (typeof ENERGY_CERTIFICATE_AVAILABILITIES)[number];

export const ENERGY_CERTIFICATE_CREATION_DATES = ['BEFORE_01_05_2014', 'FROM_01_05_2014', 'NOT_APPLICABLE'] as const;
export type EnergyCertificateCreationDate = (typeof ENERGY_CERTIFICATE_CREATION_DATES)[number];

export const HEATING_COSTS_OPTIONS = ['heatingCostsIncluded', 'heatingCostsNotIncluded'] as const;
export type HeatingCostsOption = (typeof HEATING_COSTS_OPTIONS)[number];

export const PETS_ALLOWED_VALUES = ['NO_INFORMATION', 'YES', 'NO', 'NEGOTIABLE'] as const;
export type PetsAllowed = (typeof PETS_ALLOWED_VALUES)[number];

export const FIRING_TYPES = [
  'NO_INFORMATION',
  'GEOTHERMAL',
  'SOLAR_HEATING',
  'PELLET_HEATING',
  'GAS',
  'OIL',
  'DISTRICT_HEATING',
  'ELECTRICITY',
  'COAL',
] as const;
export type FiringType = (typeof FIRING_TYPES)[number];

/** The known values of the open string (and string array) fields of apartmentDetails, by field. */
export const APARTMENT_OPEN_FIELD_VALUES = {
  efficiencyClass: EFFICIENCY_CLASSES,
  energyCertificateAvailability: ENERGY_CERTIFICATE_AVAILABILITIES,
  energyCertificateCreationDate: ENERGY_CERTIFICATE_CREATION_DATES,
  heatingCostsOption: HEATING_COSTS_OPTIONS,
  petsAllowed: PETS_ALLOWED_VALUES,
  firingType: FIRING_TYPES,
} as const;

export const LOCATION_FIELDS = ['street', 'number', 'postalCode', 'city', 'district', 'geoCoordinates'] as const;
export const GEO_COORDINATE_FIELDS = [
  'lambertEuCoordinatesX',
  'lambertEuCoordinatesY',
  'latitude',
  'longitude',
] as const;

/** apartmentDetails fields by wire type (SPEC.md 2.4), each list in the spec's order. */
export const APARTMENT_DETAIL_FIELDS = {
  enum: {
    condition: CONDITIONS,
    buildingEnergyRatingType: BUILDING_ENERGY_RATING_TYPES,
    heatingType: HEATING_TYPES,
    interiorQuality: INTERIOR_QUALITIES,
    buildingType: APARTMENT_BUILDING_TYPES,
  },
  boolean: [
    'balconyTerrace',
    'basement',
    'certificateOfEligibilityNeeded',
    'consumptionContainsWarmWater',
    'elevator',
    'equippedKitchen',
    'flatShareSuitable',
    'garageParkingSpace',
    'guestToilet',
    'handicappedAccessible',
    'rented',
    'sharedGarden',
  ],
  number: [
    'additionalCosts',
    'livingSpace',
    'monthlyRent',
    'parkingSpaceRent',
    'price',
    'rentalIncome',
    'rentSubsidy',
    'thermalCharacteristic',
    'demand',
  ],
  integer: ['floor', 'noBathrooms', 'noFloors', 'noRooms', 'noParkingSpaces', 'noSimilarObjects'],
  year: ['constructionYear', 'lastRefurbishment'],
  decimalComma: ['deposit'],
  date: ['moveInDate'],
  string: [
    'efficiencyClass',
    'energyCertificateAvailability',
    'energyCertificateCreationDate',
    'heatingCostsOption',
    'petsAllowed',
    'parkingSpaceType',
  ],
  stringArray: ['firingType'],
} as const;

/** houseDetails fields by wire type (SPEC.md 2.4). */
export const HOUSE_DETAIL_FIELDS = {
  enum: {
    condition: CONDITIONS,
    buildingEnergyRatingType: BUILDING_ENERGY_RATING_TYPES,
    heatingType: HEATING_TYPES,
    interiorQuality: INTERIOR_QUALITIES,
    buildingType: HOUSE_BUILDING_TYPES,
    constructionPhase: CONSTRUCTION_PHASES,
    parkingSpaceType: PARKING_SPACE_TYPES,
  },
  boolean: [
    'basement',
    'equippedKitchen',
    'floorPlan',
    'flatShareSuitable',
    'guestToilet',
    'garageParkingSpace',
    'handicappedAccessible',
    'monument',
    'summerResidencePractical',
  ],
  number: ['livingSpace', 'price', 'propertySize'],
  integer: ['noRooms', 'noFloors', 'noBathrooms'],
  year: ['constructionYear', 'lastRefurbishment'],
  decimalComma: [],
  date: ['moveInDate'],
  string: [],
  stringArray: [],
} as const;

export interface GeoCoordinates {
  lambertEuCoordinatesX?: number;
  lambertEuCoordinatesY?: number;
  latitude?: number;
  longitude?: number;
}

export interface PropertyLocation {
  street?: string;
  number?: string;
  postalCode?: string;
  city?: string;
  district?: string;
  geoCoordinates?: GeoCoordinates;
}

export interface ApartmentDetails {
  condition?: Condition;
  buildingEnergyRatingType?: BuildingEnergyRatingType;
  heatingType?: HeatingType;
  interiorQuality?: InteriorQuality;
  buildingType?: ApartmentBuildingType;
  balconyTerrace?: boolean;
  basement?: boolean;
  certificateOfEligibilityNeeded?: boolean;
  consumptionContainsWarmWater?: boolean;
  elevator?: boolean;
  equippedKitchen?: boolean;
  flatShareSuitable?: boolean;
  garageParkingSpace?: boolean;
  guestToilet?: boolean;
  handicappedAccessible?: boolean;
  rented?: boolean;
  sharedGarden?: boolean;
  additionalCosts?: number;
  livingSpace?: number;
  monthlyRent?: number;
  parkingSpaceRent?: number;
  price?: number;
  rentalIncome?: number;
  rentSubsidy?: number;
  thermalCharacteristic?: number;
  demand?: number;
  constructionYear?: number;
  floor?: number;
  lastRefurbishment?: number;
  noBathrooms?: number;
  noFloors?: number;
  noRooms?: number;
  noParkingSpaces?: number;
  noSimilarObjects?: number;
  /** Decimal with comma and two decimals, e.g. `1500,00`. */
  deposit?: string;
  /** day.month.year, e.g. `01.10.2025`. */
  moveInDate?: string;
  efficiencyClass?: string;
  energyCertificateAvailability?: string;
  energyCertificateCreationDate?: string;
  heatingCostsOption?: string;
  petsAllowed?: string;
  parkingSpaceType?: string;
  firingType?: string[];
}

export interface HouseDetails {
  condition?: Condition;
  buildingEnergyRatingType?: BuildingEnergyRatingType;
  heatingType?: HeatingType;
  interiorQuality?: InteriorQuality;
  buildingType?: HouseBuildingType;
  constructionPhase?: ConstructionPhase;
  parkingSpaceType?: ParkingSpaceType;
  basement?: boolean;
  equippedKitchen?: boolean;
  floorPlan?: boolean;
  flatShareSuitable?: boolean;
  guestToilet?: boolean;
  garageParkingSpace?: boolean;
  handicappedAccessible?: boolean;
  monument?: boolean;
  summerResidencePractical?: boolean;
  livingSpace?: number;
  price?: number;
  propertySize?: number;
  constructionYear?: number;
  lastRefurbishment?: number;
  noRooms?: number;
  noFloors?: number;
  noBathrooms?: number;
  /** day.month.year, e.g. `01.10.2025`. */
  moveInDate?: string;
}

/**
 * Body of 4.3. `apartmentDetails` is sent only for `apartment`, `houseDetails` only for
 * `house`; fields that are undefined or empty are dropped.
 */
export interface PropertyTextRequest {
  realEstateType: PropertyTextRealEstateType;
  transactionType: TransactionType;
  location?: PropertyLocation;
  apartmentDetails?: ApartmentDetails;
  houseDetails?: HouseDetails;
}

export interface PropertyTextResult {
  headline: string;
  propertyText: string;
}

// ---------------------------------------------------------------- geo (4.5, 4.6, 4.7)

/** Entity types of the suggestion resource (values of `t` except `All`). */
export const GEO_ENTITY_TYPES = [
  'country',
  'region',
  'city',
  'district',
  'quarterOrTown',
  'quarter',
  'postcode',
  'postcodeWithQuarter',
  'street',
  'trainStation',
  'address',
  'customArea',
] as const;
export type GeoEntityType = (typeof GEO_ENTITY_TYPES)[number];

/** Every value of `t`, including the shortcut `All`. */
export const GEO_SUGGEST_TYPES = ['All', ...GEO_ENTITY_TYPES] as const;
export type GeoSuggestType = (typeof GEO_SUGGEST_TYPES)[number];

/** What `t=All` stands for (trainStation is not included). */
export const GEO_ALL_TYPES = [
  'country',
  'region',
  'city',
  'district',
  'quarterOrTown',
  'postcode',
  'street',
] as const satisfies readonly GeoEntityType[];

/** The server's `t` when the parameter is omitted. */
export const DEFAULT_GEO_SUGGEST_TYPES = [
  'country',
  'region',
  'city',
  'district',
  'quarterOrTown',
  'postcodeWithQuarter',
] as const satisfies readonly GeoEntityType[];

/** Default and maximum of `l`. */
export const GEO_SUGGEST_DEFAULT_LIMIT = 50;
export const GEO_SUGGEST_MAX_LIMIT = 120;

/** Values of `g` of the entity resource. */
export const GEO_DATA_VALUES = ['None', 'GeoId', 'Lambert', 'WGS84'] as const;
export type GeoDataFormat = (typeof GEO_DATA_VALUES)[number];

export interface GeoSuggestQuery {
  country: Country;
  input: string;
  /** `l`, 1 … 120 (server default 50). */
  limit?: number;
  /** `lpt`, at least 1. */
  limitPerType?: number;
  /** `t`, sent comma-joined. */
  types?: readonly GeoSuggestType[];
}

export interface GeoEntityQuery {
  country: Country;
  id: string;
  /** `g`, default None. */
  geoData?: GeoDataFormat;
}

export interface GeoMatch {
  offset: number;
  length: number;
}

/**
 * One suggestion item: what SPEC.md 2.6 defines, nothing else. Fields the service adds
 * (`geopath`, `value` …) are not kept: they are undocumented, and an element that relied on
 * one would break when the service drops it.
 */
export interface GeoSuggestion {
  entity: { type: string; id: string; label: string };
  matches: GeoMatch[];
}

export interface GeoEntity {
  type: string;
  id: string;
  label: string;
  address: { street?: string; postcode?: string; quarter?: string; city?: string; region?: string };
  geoId?: string;
  geoData?: { x: number; y: number } | { lat: number; lon: number };
}

export interface LegacyRegion {
  name: string;
  geoCodeId: string;
  /** The record's `amount`; undefined when the answer did not carry one. */
  amount?: number;
}

// ---------------------------------------------------------------- statistic (4.1)

export interface StatisticQuery {
  geocode: string | number;
  realEstateTypes?: readonly RealEstateType[];
  customerNumber?: string;
  username?: string;
  channel?: string;
}

export interface GeoHierarchyElement {
  /** `City`, `Quarter` … without namespace prefix; undefined when the element has no xsi:type. */
  type?: string;
  /** Optional in the schema: undefined when the answer has none. */
  name?: string;
  geoCodeId: string;
  statistics: { realEstateType: RealEstateType | string; count: number }[];
}

export interface GeoHierarchyStatistic {
  parent: GeoHierarchyElement;
  children: GeoHierarchyElement[];
}

// ---------------------------------------------------------------- expose

export interface ExposeContactInfo {
  id: string;
  /** The expose's `contactFormType`; undefined when the expose does not carry one (it is optional). */
  contactFormType?: ContactFormType;
  contactFormConfiguration: Partial<Record<ContactFormConfigurationEntry, MandatoryOptional>>;
  title?: string;
  address?: { street?: string; houseNumber?: string; postcode?: string; city?: string; quarter?: string };
}

// ---------------------------------------------------------------- building projects (4.4)

export type ProjectProduct = 'BASIC' | 'PREMIUM' | (string & {});

/** Entries a BASIC project accepts (SPEC.md 8). */
export const BASIC_PROJECT_MAX_ENTRIES = 15;

/** A `minimal`/`maximal` range (common:PriceRangeMandatory, AreaRangeMandatory); a bound the answer lacks is undefined. */
export interface Range {
  minimal?: number;
  maximal?: number;
}

/**
 * One project of the project list (API-NOTES.md: the list carries per project only the
 * `id`, `name`, `price`, `space`, `numberOfHousingUnit`, `interiorQuality`, `freeFrom` and
 * `address`). The list says nothing about whether the project is published, which product
 * it has booked or how many entries it holds, so the model has no such fields: the number
 * of entries comes from {@link listProjectEntries}, publication state and product only from
 * whoever knows them (see project-picker's `projectFacts`). Every field but `id` is
 * undefined when the answer did not carry it.
 */
export interface RealEstateProject {
  id: string;
  name?: string;
  /** Only the single project carries it (the list omits it although the schema requires it). */
  title?: string;
  price?: Range;
  space?: Range;
  numberOfHousingUnit?: number;
  interiorQuality?: InteriorQuality | (string & {});
  /** Free text, e.g. `Frühjahr 2026`. */
  freeFrom?: string;
  address?: ContactAddress;
}

/** One entry of a project's entries list (SPEC.md 2.5). */
export interface RealEstateProjectEntry {
  /** The entry's own id (attribute `id`). */
  id?: string;
  realEstateId?: string;
  realEstateExternalId?: string;
}

export interface OwnRealEstate {
  id: string;
  title?: string;
  /** `xsi:type` without prefix, e.g. `ApartmentBuy`; undefined when not given. */
  type?: string;
  /** `realEstateState` is ACTIVE; undefined when the listing does not say. */
  published?: boolean;
  address?: ContactAddress;
}

/**
 * The outcome of adding one listing: one result per listing sent, in the order sent.
 * `realEstateId` is the id that was sent; the service's answer entry may echo it, only the
 * listing's `realEstateExternalId`, or nothing.
 */
export interface ProjectEntryResult {
  realEstateId: string;
  /** Echoed by the answer entry, when it did. */
  realEstateExternalId?: string;
  /** The answer entry's `messageCode`; undefined when the answer had no entry for this listing or no code. */
  messageCode?: string;
  /** The service's text (English, for logs: never shown to visitors). */
  message?: string;
  /** true iff messageCode is MESSAGE_RESOURCE_CREATED. */
  ok: boolean;
}
