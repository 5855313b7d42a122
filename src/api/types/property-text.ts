/** Property text (docs/interface.md#property-text): enumerations, detail fields by wire type, request and result. */

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

export const INTERIOR_QUALITIES = [
  'NO_INFORMATION',
  'LUXURY',
  'SOPHISTICATED',
  'NORMAL',
  'SIMPLE',
] as const;
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

export const CONSTRUCTION_PHASES = [
  'NO_INFORMATION',
  'PROJECTED',
  'UNDER_CONSTRUCTION',
  'COMPLETED',
] as const;
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

// The open string fields of apartmentDetails: the interface shows one value of each and leaves
// the set open. These are the values of the service's common schema (EnergyEfficiencyClass,
// EnergyCertificateAvailability, EnergyCertificateCreationDate, PetsAllowedType, FiringType)
// in the JSON service's spelling (A_PLUS for "A+", BEFORE_01_05_2014 in the FROM_dd_mm_yyyy
// form), plus NO_INFORMATION; heatingCostsOption has no schema type and takes the documented
// value and its opposite. The service may accept others, so nothing here rejects a value
// outside these lists.

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

export const ENERGY_CERTIFICATE_AVAILABILITIES = [
  'AVAILABLE',
  'NOT_AVAILABLE_YET',
  'NOT_REQUIRED',
] as const;
export type EnergyCertificateAvailability = (typeof ENERGY_CERTIFICATE_AVAILABILITIES)[number];

export const ENERGY_CERTIFICATE_CREATION_DATES = [
  'BEFORE_01_05_2014',
  'FROM_01_05_2014',
  'NOT_APPLICABLE',
] as const;
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

export const LOCATION_FIELDS = [
  'street',
  'number',
  'postalCode',
  'city',
  'district',
  'geoCoordinates',
] as const;
export const GEO_COORDINATE_FIELDS = [
  'lambertEuCoordinatesX',
  'lambertEuCoordinatesY',
  'latitude',
  'longitude',
] as const;

/** apartmentDetails fields by wire type (docs/interface.md#property-text), in the documented order. */
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

/** houseDetails fields by wire type (docs/interface.md#property-text). */
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
