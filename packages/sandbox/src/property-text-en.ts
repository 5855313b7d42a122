/**
 * The English counterpart of the sandbox's property text generator (property-text.ts):
 * the same fields, the same rules (every given field is used, nothing not given is stated,
 * wording picked from a hash of the request), written as an English listing reads.
 */
import { hash32, rng } from './random.js';
import type { PropertyTextRequest } from './property-text-validate.js';

const APARTMENT: Record<string, string> = {
  ATTIC: 'attic flat',
  GROUND_FLOOR: 'ground-floor flat',
  APARTMENT: 'flat',
  ENTRESOL: 'mezzanine flat',
  LOFT: 'loft',
  DUPLEX: 'maisonette',
  PENTHOUSE: 'penthouse',
  BASEMENT: 'basement flat',
  TERRACE: 'terrace flat',
};
const HOUSE: Record<string, string> = {
  SINGLE_FAMILY_HOUSE: 'detached house',
  MID_TERRACE_HOUSE: 'terraced house',
  END_TERRACE_HOUSE: 'end-of-terrace house',
  MULTI_FAMILY_HOUSE: 'apartment building',
  BUNGALOW: 'bungalow',
  FARMHOUSE: 'farmhouse',
  SEMIDETACHED_HOUSE: 'semi-detached house',
  VILLA: 'villa',
  CASTLE_MANOR_HOUSE: 'manor house',
  SPECIAL_REAL_ESTATE: 'special property',
};
const CONDITION: Record<string, string> = {
  FIRST_TIME_USE: 'It is available for first occupancy.',
  FIRST_TIME_USE_AFTER_REFURBISHMENT: 'It is available for first occupancy after refurbishment.',
  MINT_CONDITION: 'It is in as-new condition.',
  REFURBISHED: 'It has been refurbished.',
  MODERNIZED: 'It has been modernised.',
  FULLY_RENOVATED: 'It has been fully renovated.',
  WELL_KEPT: 'It is well kept.',
  NEED_OF_RENOVATION: 'It needs renovation.',
  NEGOTIABLE: 'Its condition is negotiable.',
  RIPE_FOR_DEMOLITION: 'It is ready for demolition.',
};
const CONDITION_ADJ: Record<string, string> = {
  MINT_CONDITION: 'As-new',
  REFURBISHED: 'Refurbished',
  MODERNIZED: 'Modernised',
  FULLY_RENOVATED: 'Fully renovated',
  WELL_KEPT: 'Well-kept',
  NEED_OF_RENOVATION: 'Renovation-ready',
};
const INTERIOR: Record<string, string> = {
  LUXURY: 'The fittings are luxurious.',
  SOPHISTICATED: 'The fittings are of a high standard.',
  NORMAL: 'The fittings are of a normal standard.',
  SIMPLE: 'The fittings are simple.',
};
const HEATING: Record<string, string> = {
  CENTRAL_HEATING: 'central heating',
  COMBINED_HEAT_AND_POWER_PLANT: 'a combined heat and power plant',
  DISTRICT_HEATING: 'district heating',
  ELECTRIC_HEATING: 'electric heating',
  FLOOR_HEATING: 'underfloor heating',
  GAS_HEATING: 'gas heating',
  HEAT_PUMP: 'a heat pump',
  NIGHT_STORAGE_HEATER: 'night storage heaters',
  OIL_HEATING: 'oil heating',
  SELF_CONTAINED_CENTRAL_HEATING: 'self-contained central heating',
  SOLAR_HEATING: 'solar heating',
  STOVE_HEATING: 'stoves',
  WOOD_PELLET_HEATING: 'wood pellet heating',
};
const FIRING: Record<string, string> = {
  GEOTHERMAL: 'geothermal energy',
  SOLAR_HEATING: 'solar energy',
  PELLET_HEATING: 'wood pellets',
  GAS: 'gas',
  OIL: 'oil',
  DISTRICT_HEATING: 'district heating',
  ELECTRICITY: 'electricity',
  COAL: 'coal',
};
const PARKING: Record<string, string> = {
  OUTSIDE: 'an outdoor space',
  CARPORT: 'a carport',
  DUPLEX: 'a stacked parking space',
  GARAGE: 'a garage',
  CAR_PARK: 'a space in a car park',
  UNDERGROUND_GARAGE: 'an underground space',
};
const PHASE: Record<string, string> = {
  PROJECTED: 'The house is at the planning stage.',
  UNDER_CONSTRUCTION: 'The house is under construction.',
  COMPLETED: 'The house is completed.',
};
const EQUIPMENT: Record<string, string> = {
  balconyTerrace: 'a balcony or terrace',
  basement: 'a cellar',
  elevator: 'a lift',
  equippedKitchen: 'a fitted kitchen',
  guestToilet: 'a guest toilet',
  garageParkingSpace: 'a garage space',
  sharedGarden: 'use of the shared garden',
};
const HEADLINE_FEATURE: [string, string][] = [
  ['balconyTerrace', 'balcony'],
  ['sharedGarden', 'garden'],
  ['elevator', 'lift'],
  ['equippedKitchen', 'fitted kitchen'],
  ['garageParkingSpace', 'garage space'],
  ['guestToilet', 'guest toilet'],
  ['basement', 'cellar'],
];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WORDS = [
  'no',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];

const nf = (max: number, min = 0) =>
  new Intl.NumberFormat('en-GB', { maximumFractionDigits: max, minimumFractionDigits: min });
const num = (n: number) => nf(2).format(n);
const area = (n: number) => `${num(n)} m²`;
const money = (n: number) => `€${Number.isInteger(n) ? nf(0).format(n) : nf(2, 2).format(n)}`;
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const counted = (n: number, one: string, many: string) =>
  `${n <= 12 ? WORDS[n] : nf(0).format(n)} ${n === 1 ? one : many}`;
const list = (xs: string[]) =>
  xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
const article = (w: string) => (/^[aeiou]/i.test(w) ? 'an' : 'a');
function longDate(dmy: string): string {
  const [d, m, y] = dmy.split('.').map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]} ${y}`;
}
const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;

export function generateEnglish(req: PropertyTextRequest): {
  headline: string;
  propertyText: string;
} {
  const d = req.details as Record<string, unknown>;
  const loc = req.location ?? {};
  const r = rng(hash32('en' + JSON.stringify(req)));
  const pick = <T>(xs: T[]): T => xs[Math.floor(r() * xs.length)]!;
  const house = req.realEstateType === 'house';
  const rent = req.transactionType === 'rent';
  const noun = (house ? HOUSE : APARTMENT)[d.buildingType as string] ?? (house ? 'house' : 'flat');
  const it = `The ${noun}`;

  const city = loc.city;
  const district = loc.district;
  const place =
    city && district
      ? district.includes(city)
        ? district
        : `${district}, ${city}`
      : (city ?? district);

  const rooms = typeof d.noRooms === 'number' ? d.noRooms : undefined;
  const space = typeof d.livingSpace === 'number' ? area(d.livingSpace) : undefined;
  let core = rooms ? `${rooms}-room ${noun}` : noun;
  const adj = CONDITION_ADJ[d.condition as string];
  core = adj ? `${adj} ${core}` : cap(core);
  const feature = HEADLINE_FEATURE.find(([k]) => d[k] === true)?.[1];
  const withPart = feature ? ` with ${feature}` : '';
  const deal = rent ? 'to rent' : 'for sale';
  const headline = pick([
    `${core}${withPart} ${deal}${place ? ` in ${place}` : ''}`,
    `${place ? `${place}: ` : ''}${core}${withPart}${space ? `, ${space}` : ''}`,
    `${core}${withPart}${place ? ` in ${place}` : ''}${space ? ` (${space})` : ''}`,
  ]);

  const paras: string[][] = [];
  const intro: string[] = [];
  intro.push(
    pick([
      `${cap(article(noun))} ${noun} ${rent ? 'to rent' : 'for sale'}${place ? ` in ${place}` : ''}.`,
      `${place ? `In ${place}, we offer` : 'We offer'} ${article(noun)} ${noun} ${rent ? 'to rent' : 'for sale'}.`,
    ]),
  );
  const addr = [
    [loc.street, loc.number].filter(Boolean).join(' '),
    [loc.postalCode, city].filter(Boolean).join(' '),
  ].filter(Boolean);
  if (loc.street || loc.number || loc.postalCode)
    intro.push(pick([`The address is ${addr.join(', ')}.`, `Address: ${addr.join(', ')}.`]));
  const geo = loc.geoCoordinates;
  if (!city && !district && geo && Object.keys(geo).length)
    intro.push('We will gladly tell you the exact location on request.');
  paras.push(intro);

  const size: string[] = [];
  if (space && rooms !== undefined)
    size.push(
      pick([
        `It offers ${counted(rooms, 'room', 'rooms')} on ${space} of living space.`,
        `${space} of living space are divided into ${counted(rooms, 'room', 'rooms')}.`,
      ]),
    );
  else if (space) size.push(`The living space is ${space}.`);
  else if (rooms !== undefined) size.push(`It has ${counted(rooms, 'room', 'rooms')}.`);
  if (typeof d.noBathrooms === 'number')
    size.push(
      d.noBathrooms === 0
        ? 'There is no bathroom of its own.'
        : `There ${d.noBathrooms === 1 ? 'is' : 'are'} ${counted(d.noBathrooms, 'bathroom', 'bathrooms')}.`,
    );
  if (!house && typeof d.floor === 'number') {
    const fl =
      d.floor === 0
        ? 'on the ground floor'
        : d.floor < 0
          ? 'in the basement'
          : `on the ${ordinal(d.floor)} floor`;
    size.push(
      typeof d.noFloors === 'number'
        ? `${it} is ${fl} of a building with ${counted(d.noFloors, 'storey', 'storeys')}.`
        : `${it} is ${fl}.`,
    );
  } else if (typeof d.noFloors === 'number')
    size.push(
      `The ${house ? 'house' : 'building'} has ${counted(d.noFloors, 'storey', 'storeys')}.`,
    );
  if (typeof d.propertySize === 'number') size.push(`The plot measures ${area(d.propertySize)}.`);
  if (size.length) paras.push(size);

  const equip: string[] = [];
  const has = Object.keys(EQUIPMENT)
    .filter((k) => d[k] === true)
    .map((k) => EQUIPMENT[k]!);
  const hasNot = Object.keys(EQUIPMENT)
    .filter((k) => d[k] === false)
    .map((k) => EQUIPMENT[k]!);
  if (has.length)
    equip.push(pick([`Features include ${list(has)}.`, `${it} comes with ${list(has)}.`]));
  if (hasNot.length)
    equip.push(`There is no ${list(hasNot.map((x) => x.replace(/^(a|an) /, '')))}.`);
  const flag = (k: string, yes: string, no: string) => {
    if (d[k] === true) equip.push(yes);
    else if (d[k] === false) equip.push(no);
  };
  flag('handicappedAccessible', `${it} is step-free.`, `${it} is not step-free.`);
  flag(
    'flatShareSuitable',
    `${it} is suitable for a flat share.`,
    `${it} is not meant for a flat share.`,
  );
  flag('floorPlan', 'A floor plan is available.', 'No floor plan is available.');
  flag('monument', `${it} is a listed building.`, `${it} is not a listed building.`);
  flag(
    'summerResidencePractical',
    `${it} can also be used as a holiday home.`,
    'Use as a holiday home is not intended.',
  );
  if (INTERIOR[d.interiorQuality as string]) equip.push(INTERIOR[d.interiorQuality as string]!);
  if (equip.length) paras.push(equip);

  const build: string[] = [];
  if (typeof d.constructionYear === 'number')
    build.push(
      pick([
        `The building dates from ${d.constructionYear}.`,
        `It was built in ${d.constructionYear}.`,
      ]),
    );
  if (typeof d.lastRefurbishment === 'number')
    build.push(`It was last refurbished in ${d.lastRefurbishment}.`);
  if (CONDITION[d.condition as string]) build.push(CONDITION[d.condition as string]!);
  if (PHASE[d.constructionPhase as string]) build.push(PHASE[d.constructionPhase as string]!);
  if (build.length) paras.push(build);

  const energy: string[] = [];
  if (HEATING[d.heatingType as string])
    energy.push(`It is heated by ${HEATING[d.heatingType as string]}.`);
  if (Array.isArray(d.firingType)) {
    const carriers = [
      ...new Set((d.firingType as string[]).map((f) => FIRING[f]).filter((x): x is string => !!x)),
    ];
    if (carriers.length)
      energy.push(
        `The main energy ${carriers.length === 1 ? 'source is' : 'sources are'} ${list(carriers)}.`,
      );
  }
  if (d.energyCertificateAvailability === 'AVAILABLE')
    energy.push('An energy certificate is available.');
  else if (d.energyCertificateAvailability === 'NOT_AVAILABLE_YET')
    energy.push('The energy certificate is not available yet.');
  else if (d.energyCertificateAvailability === 'NOT_REQUIRED')
    energy.push('No energy certificate is required.');
  if (d.buildingEnergyRatingType === 'ENERGY_REQUIRED')
    energy.push('The certificate is based on energy demand.');
  else if (d.buildingEnergyRatingType === 'ENERGY_CONSUMPTION')
    energy.push('The certificate is based on energy consumption.');
  const cd =
    typeof d.energyCertificateCreationDate === 'string'
      ? /^(FROM|BEFORE)_(\d{2})_(\d{2}|MAY)_(\d{4})$/.exec(d.energyCertificateCreationDate)
      : null;
  if (cd) {
    const when =
      cd[3] === 'MAY'
        ? `${Number(cd[2])} May ${cd[4]}`
        : longDate(`${Number(cd[2])}.${Number(cd[3])}.${cd[4]}`);
    energy.push(
      `The certificate was issued ${cd[1] === 'FROM' ? `on or after ${when}` : `before ${when}`}.`,
    );
  }
  if (typeof d.thermalCharacteristic === 'number')
    energy.push(`The energy rating is ${num(d.thermalCharacteristic)} kWh/(m²·a).`);
  if (typeof d.demand === 'number')
    energy.push(`The energy demand is ${num(d.demand)} kWh/(m²·a).`);
  if (
    typeof d.efficiencyClass === 'string' &&
    !['NO_INFORMATION', 'NOT_APPLICABLE'].includes(d.efficiencyClass)
  ) {
    energy.push(
      `The energy efficiency class is ${d.efficiencyClass === 'A_PLUS' ? 'A+' : d.efficiencyClass}.`,
    );
  }
  if (d.consumptionContainsWarmWater === true) energy.push('Consumption includes hot water.');
  else if (d.consumptionContainsWarmWater === false)
    energy.push('Consumption does not include hot water.');
  if (energy.length) paras.push(energy);

  const costs: string[] = [];
  if (typeof d.price === 'number')
    costs.push(
      rent
        ? `The price is ${money(d.price)}.`
        : pick([`The purchase price is ${money(d.price)}.`, `It is offered at ${money(d.price)}.`]),
    );
  if (typeof d.monthlyRent === 'number')
    costs.push(`The rent is ${money(d.monthlyRent)} a month, excluding utilities.`);
  if (typeof d.additionalCosts === 'number')
    costs.push(`Service charges are ${money(d.additionalCosts)}.`);
  if (d.heatingCostsOption === 'heatingCostsIncluded')
    costs.push('Heating costs are included in the service charges.');
  else if (d.heatingCostsOption === 'heatingCostsNotIncluded')
    costs.push('Heating costs are not included in the service charges.');
  if (typeof d.deposit === 'string')
    costs.push(`The deposit is ${money(Number(d.deposit.replace(/\./g, '').replace(',', '.')))}.`);
  if (typeof d.parkingSpaceRent === 'number')
    costs.push(`Parking costs ${money(d.parkingSpaceRent)} a month.`);
  if (typeof d.rentSubsidy === 'number')
    costs.push(`There is a rent subsidy of ${money(d.rentSubsidy)}.`);
  if (typeof d.rentalIncome === 'number')
    costs.push(`The rental income is ${money(d.rentalIncome)}.`);
  if (d.rented === true) costs.push(`${it} is currently let.`);
  else if (d.rented === false) costs.push(`${it} is not currently let.`);
  if (d.certificateOfEligibilityNeeded === true)
    costs.push('A certificate of eligibility for social housing (WBS) is required.');
  else if (d.certificateOfEligibilityNeeded === false)
    costs.push('No certificate of eligibility (WBS) is required.');
  if (costs.length) paras.push(costs);

  const more: string[] = [];
  if (typeof d.moveInDate === 'string')
    more.push(`${it} is available from ${longDate(d.moveInDate)}.`);
  if (d.petsAllowed === 'YES') more.push('Pets are welcome.');
  else if (d.petsAllowed === 'NO') more.push('Pets are not allowed.');
  else if (d.petsAllowed === 'NEGOTIABLE') more.push('Pets by arrangement.');
  const pType = PARKING[d.parkingSpaceType as string];
  if (typeof d.noParkingSpaces === 'number') {
    more.push(
      d.noParkingSpaces === 0
        ? 'No parking is included.'
        : `${cap(counted(d.noParkingSpaces, 'parking space', 'parking spaces'))} ${d.noParkingSpaces === 1 ? 'is' : 'are'} available${pType ? ` (${pType.replace(/^(a|an) /, '')})` : ''}.`,
    );
  } else if (pType) more.push(`Parking: ${pType}.`);
  if (typeof d.noSimilarObjects === 'number') {
    const n = d.noSimilarObjects as number;
    more.push(
      n === 0
        ? 'No similar units are on offer.'
        : `${cap(counted(n, 'similar unit is', 'similar units are'))} on offer in total.`,
    );
  }
  if (more.length) paras.push(more);

  paras.push([
    pick([
      'We look forward to hearing from you.',
      'Get in touch to arrange a viewing.',
      'We will be happy to answer your questions and arrange a viewing.',
    ]),
  ]);
  return { headline, propertyText: paras.map((p) => p.join(' ')).join('\n\n') };
}
