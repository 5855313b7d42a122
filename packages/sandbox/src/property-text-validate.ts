/**
 * Validation of the property text request (docs/interface.md#property-text). Every problem becomes one message
 * naming the field path, so that a client can point at the fields.
 */
import { SandboxError } from './errors.js';

export const CONDITION = [
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
export const ENERGY_RATING = ['ENERGY_REQUIRED', 'ENERGY_CONSUMPTION'] as const;
export const HEATING = [
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
export const INTERIOR = ['NO_INFORMATION', 'LUXURY', 'SOPHISTICATED', 'NORMAL', 'SIMPLE'] as const;
export const APARTMENT_TYPE = [
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
export const HOUSE_TYPE = [
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
export const CONSTRUCTION_PHASE = [
  'NO_INFORMATION',
  'PROJECTED',
  'UNDER_CONSTRUCTION',
  'COMPLETED',
] as const;
export const PARKING = [
  'OUTSIDE',
  'CARPORT',
  'DUPLEX',
  'GARAGE',
  'CAR_PARK',
  'UNDERGROUND_GARAGE',
] as const;
// String fields whose full value sets the interface leaves open: the sets of the portal's common-1.0.xsd.
export const EFFICIENCY = [
  'NO_INFORMATION',
  'NOT_APPLICABLE',
  'A_PLUS',
  'A',
  'B',
  'C',
  'D',
  'E',
  'F',
  'G',
  'H',
] as const;
export const CERT_AVAILABILITY = [
  'NO_INFORMATION',
  'AVAILABLE',
  'NOT_AVAILABLE_YET',
  'NOT_REQUIRED',
] as const;
export const HEATING_COSTS = ['heatingCostsIncluded', 'heatingCostsNotIncluded'] as const;
export const PETS = ['NO_INFORMATION', 'NEGOTIABLE', 'YES', 'NO'] as const;
export const FIRING = [
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

type Kind =
  | { t: 'bool' }
  | { t: 'number' }
  | { t: 'int'; min: number; max: number }
  | { t: 'enum'; values: readonly string[] }
  | { t: 'date' }
  | { t: 'deposit' }
  | { t: 'certDate' }
  | { t: 'enumArray'; values: readonly string[] };

const bool = { t: 'bool' } as const;
const num = { t: 'number' } as const;
const year = { t: 'int', min: 1000, max: 2100 } as const;
const count = { t: 'int', min: 0, max: 10000 } as const;
const en = (values: readonly string[]) => ({ t: 'enum', values }) as const;

const SHARED: Record<string, Kind> = {
  condition: en(CONDITION),
  buildingEnergyRatingType: en(ENERGY_RATING),
  heatingType: en(HEATING),
  interiorQuality: en(INTERIOR),
};

export const APARTMENT_FIELDS: Record<string, Kind> = {
  ...SHARED,
  buildingType: en(APARTMENT_TYPE),
  balconyTerrace: bool,
  basement: bool,
  certificateOfEligibilityNeeded: bool,
  consumptionContainsWarmWater: bool,
  elevator: bool,
  equippedKitchen: bool,
  flatShareSuitable: bool,
  garageParkingSpace: bool,
  guestToilet: bool,
  handicappedAccessible: bool,
  rented: bool,
  sharedGarden: bool,
  additionalCosts: num,
  livingSpace: num,
  monthlyRent: num,
  parkingSpaceRent: num,
  price: num,
  rentalIncome: num,
  rentSubsidy: num,
  thermalCharacteristic: num,
  demand: num,
  constructionYear: year,
  floor: { t: 'int', min: -5, max: 300 },
  lastRefurbishment: year,
  noBathrooms: count,
  noFloors: count,
  noRooms: count,
  noParkingSpaces: count,
  noSimilarObjects: count,
  deposit: { t: 'deposit' },
  moveInDate: { t: 'date' },
  efficiencyClass: en(EFFICIENCY),
  energyCertificateAvailability: en(CERT_AVAILABILITY),
  energyCertificateCreationDate: { t: 'certDate' },
  heatingCostsOption: en(HEATING_COSTS),
  petsAllowed: en(PETS),
  parkingSpaceType: en(PARKING),
  firingType: { t: 'enumArray', values: FIRING },
};

export const HOUSE_FIELDS: Record<string, Kind> = {
  ...SHARED,
  buildingType: en(HOUSE_TYPE),
  constructionPhase: en(CONSTRUCTION_PHASE),
  parkingSpaceType: en(PARKING),
  basement: bool,
  equippedKitchen: bool,
  floorPlan: bool,
  flatShareSuitable: bool,
  guestToilet: bool,
  garageParkingSpace: bool,
  handicappedAccessible: bool,
  monument: bool,
  summerResidencePractical: bool,
  livingSpace: num,
  price: num,
  propertySize: num,
  constructionYear: year,
  lastRefurbishment: year,
  noRooms: count,
  noFloors: count,
  noBathrooms: count,
  moveInDate: { t: 'date' },
};

const LOCATION_FIELDS = ['street', 'number', 'postalCode', 'city', 'district'];
const GEO_FIELDS = ['lambertEuCoordinatesX', 'lambertEuCoordinatesY', 'latitude', 'longitude'];

export interface PropertyTextRequest {
  realEstateType: 'house' | 'apartment';
  transactionType: 'rent' | 'sale';
  location?: {
    street?: string;
    number?: string;
    postalCode?: string;
    city?: string;
    district?: string;
    geoCoordinates?: Record<string, number>;
  };
  details: Record<string, unknown>;
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);
const typeName = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

function validDate(s: string): boolean {
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(s);
  if (!m) return false;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

function checkField(
  path: string,
  kind: Kind,
  v: unknown,
  problems: { id: string; message: string }[],
): void {
  const bad = (message: string) => problems.push({ id: path, message: `${path}: ${message}` });
  switch (kind.t) {
    case 'bool':
      if (typeof v !== 'boolean') bad(`must be a boolean (true or false), not ${typeName(v)}.`);
      return;
    case 'number':
      if (typeof v !== 'number' || !Number.isFinite(v))
        bad(`must be a number, not ${typeName(v)}.`);
      else if (v < 0) bad('must not be negative.');
      else if (v > 1e10) bad('is implausibly large.');
      return;
    case 'int':
      if (typeof v !== 'number' || !Number.isInteger(v))
        bad(`must be an integer, not ${typeof v === 'number' ? v : typeName(v)}.`);
      else if (v < kind.min || v > kind.max) bad(`must be from ${kind.min} to ${kind.max}.`);
      return;
    case 'enum':
      if (typeof v !== 'string') bad(`must be a string, one of ${kind.values.join(', ')}.`);
      else if (!kind.values.includes(v)) bad(`"${v}" is not one of ${kind.values.join(', ')}.`);
      return;
    case 'enumArray':
      if (!Array.isArray(v)) bad(`must be an array of strings from ${kind.values.join(', ')}.`);
      else if (!v.length) bad('must not be empty.');
      else
        v.forEach((x, i) => {
          if (typeof x !== 'string' || !kind.values.includes(x))
            problems.push({
              id: `${path}[${i}]`,
              message: `${path}[${i}]: "${String(x)}" is not one of ${kind.values.join(', ')}.`,
            });
        });
      return;
    case 'date':
      if (typeof v !== 'string')
        bad(`must be a date string of the form day.month.year, not ${typeName(v)}.`);
      else if (!validDate(v))
        bad(`"${v}" is not a date of the form day.month.year (e.g. 1.10.2026).`);
      return;
    case 'deposit':
      if (typeof v !== 'string')
        bad(
          `must be a string with a decimal comma and two decimals (e.g. "1500,00"), not ${typeName(v)}.`,
        );
      else if (!/^(\d{1,3}(\.\d{3})+|\d+),\d{2}$/.test(v))
        bad(`"${v}" is not a decimal with a comma and two decimals (e.g. "1500,00").`);
      return;
    case 'certDate':
      if (typeof v !== 'string') bad(`must be a string, not ${typeName(v)}.`);
      else if (
        !/^(FROM|BEFORE)_(\d{2}_\d{2}|01_MAY)_\d{4}$/.test(v) &&
        v !== 'NOT_APPLICABLE' &&
        v !== 'NO_INFORMATION'
      ) {
        bad(`"${v}" is not of the form FROM_dd_mm_yyyy or BEFORE_dd_mm_yyyy.`);
      } else if (/^(FROM|BEFORE)_\d{2}_\d{2}_\d{4}$/.test(v)) {
        const [, d, m, y] = v.split('_');
        if (!validDate(`${Number(d)}.${Number(m)}.${y}`)) bad(`"${v}" names no valid date.`);
      }
      return;
  }
}

/** Checks the request; throws 400 with one message per problem (field path in `id`). */
export function validatePropertyText(body: unknown): PropertyTextRequest {
  const problems: { id: string; message: string }[] = [];
  if (!isObj(body)) {
    throw new SandboxError(
      400,
      'ERROR_COMMON_BAD_REQUEST',
      `The request body must be a JSON object, not ${typeName(body)}.`,
      [],
      {},
      '$',
    );
  }
  const rt = body.realEstateType;
  const tt = body.transactionType;
  if (rt === undefined)
    problems.push({
      id: 'realEstateType',
      message: 'realEstateType: is required (house or apartment).',
    });
  else if (rt !== 'house' && rt !== 'apartment')
    problems.push({
      id: 'realEstateType',
      message: `realEstateType: "${String(rt)}" is not one of house, apartment.`,
    });
  if (tt === undefined)
    problems.push({
      id: 'transactionType',
      message: 'transactionType: is required (rent or sale).',
    });
  else if (tt !== 'rent' && tt !== 'sale')
    problems.push({
      id: 'transactionType',
      message: `transactionType: "${String(tt)}" is not one of rent, sale.`,
    });
  for (const k of Object.keys(body)) {
    if (
      ![
        'realEstateType',
        'transactionType',
        'location',
        'apartmentDetails',
        'houseDetails',
      ].includes(k)
    ) {
      problems.push({ id: k, message: `${k}: unknown field.` });
    }
  }
  let location: PropertyTextRequest['location'];
  if (body.location !== undefined) {
    if (!isObj(body.location))
      problems.push({
        id: 'location',
        message: `location: must be an object, not ${typeName(body.location)}.`,
      });
    else {
      location = {};
      for (const [k, v] of Object.entries(body.location)) {
        if (LOCATION_FIELDS.includes(k)) {
          if (typeof v !== 'string')
            problems.push({
              id: `location.${k}`,
              message: `location.${k}: must be a string, not ${typeName(v)}.`,
            });
          else if (v.length > 200)
            problems.push({
              id: `location.${k}`,
              message: `location.${k}: is longer than 200 characters.`,
            });
          else if (v.trim()) (location as Record<string, string>)[k] = v.trim();
        } else if (k === 'geoCoordinates') {
          if (!isObj(v))
            problems.push({
              id: 'location.geoCoordinates',
              message: `location.geoCoordinates: must be an object, not ${typeName(v)}.`,
            });
          else {
            const g: Record<string, number> = {};
            for (const [gk, gv] of Object.entries(v)) {
              const p = `location.geoCoordinates.${gk}`;
              if (!GEO_FIELDS.includes(gk))
                problems.push({ id: p, message: `${p}: unknown field.` });
              else if (typeof gv !== 'number' || !Number.isFinite(gv))
                problems.push({ id: p, message: `${p}: must be a number, not ${typeName(gv)}.` });
              else if (gk === 'latitude' && Math.abs(gv) > 90)
                problems.push({ id: p, message: `${p}: must be from -90 to 90.` });
              else if (gk === 'longitude' && Math.abs(gv) > 180)
                problems.push({ id: p, message: `${p}: must be from -180 to 180.` });
              else g[gk] = gv;
            }
            location.geoCoordinates = g;
          }
        } else problems.push({ id: `location.${k}`, message: `location.${k}: unknown field.` });
      }
    }
  }
  const want = rt === 'house' ? 'houseDetails' : 'apartmentDetails';
  const other = rt === 'house' ? 'apartmentDetails' : 'houseDetails';
  let details: Record<string, unknown> = {};
  if (rt === 'house' || rt === 'apartment') {
    if (body[other] !== undefined)
      problems.push({
        id: other,
        message: `${other}: does not fit realEstateType ${rt}; send ${want}.`,
      });
    const d = body[want];
    if (d === undefined)
      problems.push({ id: want, message: `${want}: is required for realEstateType ${rt}.` });
    else if (!isObj(d))
      problems.push({ id: want, message: `${want}: must be an object, not ${typeName(d)}.` });
    else {
      const defs = rt === 'house' ? HOUSE_FIELDS : APARTMENT_FIELDS;
      for (const [k, v] of Object.entries(d)) {
        const kind = Object.hasOwn(defs, k) ? defs[k] : undefined;
        if (!kind)
          problems.push({
            id: `${want}.${k}`,
            message: `${want}.${k}: unknown field for ${rt === 'house' ? 'a house' : 'an apartment'}.`,
          });
        else if (v !== null) checkField(`${want}.${k}`, kind, v, problems);
      }
      details = Object.fromEntries(Object.entries(d).filter(([, v]) => v !== null));
    }
  }
  if (problems.length) {
    const [first, ...rest] = problems;
    throw new SandboxError(
      400,
      'ERROR_COMMON_BAD_REQUEST',
      first!.message,
      rest.map((p) => ({ code: 'ERROR_COMMON_BAD_REQUEST', message: p.message, id: p.id })),
      {},
      first!.id,
    );
  }
  return {
    realEstateType: rt as 'house' | 'apartment',
    transactionType: tt as 'rent' | 'sale',
    location,
    details,
  };
}
