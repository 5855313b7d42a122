/**
 * The sandbox's property text generator: a headline and description from the structured
 * data of docs/interface.md#property-text, in German (the service's language) or, when the request's
 * Accept-Language prefers English, in English (property-text-en.ts). Location is told by
 * place and address, never by raw coordinates. Every given field is used, nothing that was not given is
 * stated, and the wording varies with the data (phrasing variants picked from a hash of the
 * request, so the same request always gives the same text).
 */
import { requireUser } from './auth.js';
import { jsonReply } from './http.js';
import { hash32, rng } from './random.js';
import type { Router } from './router.js';
import type { SandboxState } from './state.js';
import { jsonBody } from './routes-sandbox.js';
import { validatePropertyText, type PropertyTextRequest } from './property-text-validate.js';
import { generateEnglish } from './property-text-en.js';

/** `en` when the Accept-Language header's first language is English, else `de`. */
export function textLanguage(header: string | string[] | undefined): 'de' | 'en' {
  const first =
    (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first === 'en' || first.startsWith('en-') || first.startsWith('en;') ? 'en' : 'de';
}

type Gender = 'm' | 'f' | 'n';
interface Noun {
  word: string;
  g: Gender;
  flat: boolean;
}

const APARTMENT_NOUNS: Record<string, Noun> = {
  ATTIC: { word: 'Dachgeschosswohnung', g: 'f', flat: true },
  GROUND_FLOOR: { word: 'Erdgeschosswohnung', g: 'f', flat: true },
  APARTMENT: { word: 'Etagenwohnung', g: 'f', flat: true },
  ENTRESOL: { word: 'Hochparterrewohnung', g: 'f', flat: true },
  LOFT: { word: 'Loft', g: 'n', flat: false },
  DUPLEX: { word: 'Maisonettewohnung', g: 'f', flat: true },
  PENTHOUSE: { word: 'Penthouse', g: 'n', flat: false },
  BASEMENT: { word: 'Souterrainwohnung', g: 'f', flat: true },
  TERRACE: { word: 'Terrassenwohnung', g: 'f', flat: true },
};
const HOUSE_NOUNS: Record<string, Noun> = {
  SINGLE_FAMILY_HOUSE: { word: 'Einfamilienhaus', g: 'n', flat: false },
  MID_TERRACE_HOUSE: { word: 'Reihenmittelhaus', g: 'n', flat: false },
  END_TERRACE_HOUSE: { word: 'Reihenendhaus', g: 'n', flat: false },
  MULTI_FAMILY_HOUSE: { word: 'Mehrfamilienhaus', g: 'n', flat: false },
  BUNGALOW: { word: 'Bungalow', g: 'm', flat: false },
  FARMHOUSE: { word: 'Bauernhaus', g: 'n', flat: false },
  SEMIDETACHED_HOUSE: { word: 'Doppelhaushälfte', g: 'f', flat: false },
  VILLA: { word: 'Villa', g: 'f', flat: false },
  CASTLE_MANOR_HOUSE: { word: 'Herrenhaus', g: 'n', flat: false },
  SPECIAL_REAL_ESTATE: { word: 'Sonderimmobilie', g: 'f', flat: false },
};
const DEFAULT_NOUN = {
  apartment: { word: 'Wohnung', g: 'f', flat: true },
  house: { word: 'Haus', g: 'n', flat: false },
} as const;

const ART = {
  indefNom: { m: 'ein', f: 'eine', n: 'ein' },
  indefAcc: { m: 'einen', f: 'eine', n: 'ein' },
  defNom: { m: 'der', f: 'die', n: 'das' },
  pron: { m: 'er', f: 'sie', n: 'es' },
  adj: { m: 'er', f: 'e', n: 'es' }, // strong / after indefinite article, nominative
} as const;

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const nf = (max: number, min = 0) =>
  new Intl.NumberFormat('de-DE', { maximumFractionDigits: max, minimumFractionDigits: min });
const num = (n: number) => nf(2).format(n);
const area = (n: number) => `${num(n)} m²`;
const money = (n: number) => `${Number.isInteger(n) ? nf(0).format(n) : nf(2, 2).format(n)} €`;
const WORDS = [
  'null',
  'ein',
  'zwei',
  'drei',
  'vier',
  'fünf',
  'sechs',
  'sieben',
  'acht',
  'neun',
  'zehn',
  'elf',
  'zwölf',
];
/** "ein Badezimmer", "eine Etage", "drei Zimmer", "14 Stellplätze". */
function counted(n: number, sing: string, plural: string, g: Gender): string {
  if (n === 0) return `keine ${plural}`;
  if (n === 1) return `${ART.indefNom[g]} ${sing}`;
  return `${n <= 12 ? WORDS[n] : nf(0).format(n)} ${plural}`;
}
function list(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} und ${items[items.length - 1]}`;
}
const MONTHS = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];
function longDate(dmy: string): string {
  const [d, m, y] = dmy.split('.').map(Number) as [number, number, number];
  return `${d}. ${MONTHS[m - 1]} ${y}`;
}
const parseDeposit = (s: string) => Number(s.replace(/\./g, '').replace(',', '.'));

const CONDITION_PRED: Record<string, ((subj: string, noun: Noun) => string) | undefined> = {
  FIRST_TIME_USE: () => 'Es handelt sich um einen Erstbezug.',
  FIRST_TIME_USE_AFTER_REFURBISHMENT: () => 'Es handelt sich um einen Erstbezug nach Sanierung.',
  MINT_CONDITION: (s) => `${s} befindet sich in neuwertigem Zustand.`,
  REFURBISHED: (s) => `${s} ist saniert.`,
  MODERNIZED: (s) => `${s} ist modernisiert.`,
  FULLY_RENOVATED: (s) => `${s} ist vollständig renoviert.`,
  WELL_KEPT: (s) => `${s} befindet sich in gepflegtem Zustand.`,
  NEED_OF_RENOVATION: (s) => `${s} ist renovierungsbedürftig.`,
  NEGOTIABLE: () => 'Der Zustand ist Verhandlungssache.',
  RIPE_FOR_DEMOLITION: (s) => `${s} ist abrissreif.`,
};
/** Attributive adjective stems for the headline (only conditions that are adjectives). */
const CONDITION_ADJ: Record<string, string> = {
  MINT_CONDITION: 'neuwertig',
  REFURBISHED: 'saniert',
  MODERNIZED: 'modernisiert',
  FULLY_RENOVATED: 'vollständig renoviert',
  WELL_KEPT: 'gepflegt',
  NEED_OF_RENOVATION: 'renovierungsbedürftig',
};
const INTERIOR: Record<string, string> = {
  LUXURY: 'Die Ausstattung ist luxuriös.',
  SOPHISTICATED: 'Die Ausstattung ist gehoben.',
  NORMAL: 'Die Ausstattung entspricht einem normalen Standard.',
  SIMPLE: 'Die Ausstattung ist einfach.',
};
const HEATING: Record<string, string> = {
  CENTRAL_HEATING: 'Zentralheizung',
  COMBINED_HEAT_AND_POWER_PLANT: 'Blockheizkraftwerk',
  DISTRICT_HEATING: 'Fernwärme',
  ELECTRIC_HEATING: 'Elektroheizung',
  FLOOR_HEATING: 'Fußbodenheizung',
  GAS_HEATING: 'Gasheizung',
  HEAT_PUMP: 'Wärmepumpe',
  NIGHT_STORAGE_HEATER: 'Nachtspeicheröfen',
  OIL_HEATING: 'Ölheizung',
  SELF_CONTAINED_CENTRAL_HEATING: 'Etagenheizung',
  SOLAR_HEATING: 'Solarheizung',
  STOVE_HEATING: 'Ofenheizung',
  WOOD_PELLET_HEATING: 'Holzpelletheizung',
};
const FIRING: Record<string, string> = {
  GEOTHERMAL: 'Erdwärme',
  SOLAR_HEATING: 'Solarenergie',
  PELLET_HEATING: 'Holzpellets',
  GAS: 'Gas',
  OIL: 'Öl',
  DISTRICT_HEATING: 'Fernwärme',
  ELECTRICITY: 'Strom',
  COAL: 'Kohle',
};
const PARKING: Record<string, string> = {
  OUTSIDE: 'ein Außenstellplatz',
  CARPORT: 'ein Carport',
  DUPLEX: 'ein Duplex-Stellplatz',
  GARAGE: 'eine Garage',
  CAR_PARK: 'ein Stellplatz im Parkhaus',
  UNDERGROUND_GARAGE: 'ein Tiefgaragenstellplatz',
};
const PHASE: Record<string, string> = {
  PROJECTED: 'befindet sich in Planung',
  UNDER_CONSTRUCTION: 'befindet sich im Bau',
  COMPLETED: 'ist fertiggestellt',
};
/** Equipment booleans that read as "Zur Ausstattung gehören …" items. */
const EQUIPMENT: Record<string, string> = {
  balconyTerrace: 'ein Balkon oder eine Terrasse',
  basement: 'ein Keller',
  elevator: 'ein Personenaufzug',
  equippedKitchen: 'eine Einbauküche',
  guestToilet: 'ein Gäste-WC',
  garageParkingSpace: 'ein Garagenstellplatz',
  sharedGarden: 'die Mitbenutzung des Gartens',
};
const HEADLINE_FEATURE: [string, string][] = [
  ['balconyTerrace', 'Balkon'],
  ['sharedGarden', 'Gartenmitbenutzung'],
  ['elevator', 'Aufzug'],
  ['equippedKitchen', 'Einbauküche'],
  ['garageParkingSpace', 'Garagenstellplatz'],
  ['guestToilet', 'Gäste-WC'],
  ['basement', 'Keller'],
];

export function generatePropertyText(
  req: PropertyTextRequest,
  lang: 'de' | 'en' = 'de',
): { headline: string; propertyText: string } {
  if (lang === 'en') return generateEnglish(req);
  const d = req.details as Record<string, unknown>;
  const loc = req.location ?? {};
  const seed = hash32(
    JSON.stringify(req, (_k, v) =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
        : v,
    ),
  );
  const r = rng(seed);
  const pick = <T>(xs: T[]): T => xs[Math.floor(r() * xs.length)]!;
  const house = req.realEstateType === 'house';
  const rent = req.transactionType === 'rent';
  const noun: Noun =
    (house ? HOUSE_NOUNS : APARTMENT_NOUNS)[d.buildingType as string] ??
    DEFAULT_NOUN[req.realEstateType];
  const subj = cap(`${ART.defNom[noun.g]} ${noun.word}`); // "Die Dachgeschosswohnung"
  const pron = cap(ART.pron[noun.g]);

  // --- place
  const city = loc.city;
  const district = loc.district;
  const placeShort =
    city && district
      ? district.includes(city)
        ? district
        : `${city}-${district}`
      : (city ?? district);
  const placeLong = city && district ? `${city}, Stadtteil ${district}` : placeShort;

  // --- headline
  const rooms = typeof d.noRooms === 'number' ? d.noRooms : undefined;
  const adjStem = CONDITION_ADJ[d.condition as string];
  let core: string;
  if (rooms && noun.flat) core = `${nf(0).format(rooms)}-Zimmer-${noun.word}`;
  else core = noun.word;
  if (adjStem) core = `${adjStem}${ART.adj[noun.g]} ${core}`;
  if (rooms && !noun.flat)
    core += ` mit ${rooms === 1 ? 'einem Zimmer' : `${nf(0).format(rooms)} Zimmern`}`;
  const feature = HEADLINE_FEATURE.find(([k]) => d[k] === true)?.[1];
  const withPart = feature ? (core.includes(' mit ') ? ` und ${feature}` : ` mit ${feature}`) : '';
  const deal = rent ? 'zur Miete' : 'zum Kauf';
  const space = typeof d.livingSpace === 'number' ? area(d.livingSpace) : undefined;
  const headlineVariants = [
    `${cap(core)}${withPart} ${deal}${placeShort ? ` in ${placeShort}` : ''}`,
    `${placeShort ? `${placeShort}: ` : ''}${cap(core)}${withPart}${space ? `, ${space}` : ''}`,
    `${cap(core)}${withPart}${placeShort ? ` in ${placeShort}` : ''}${space ? ` (${space})` : ''}`,
  ];
  const headline = pick(headlineVariants);

  // --- description
  const paras: string[][] = [];
  const intro: string[] = [];
  const nounAcc = `${ART.indefAcc[noun.g]} ${noun.word}`;
  const nounNom = `${ART.indefNom[noun.g]} ${noun.word}`;
  intro.push(
    pick([
      `${rent ? 'Zur Miete' : 'Zum Verkauf'} steht ${nounNom}${placeLong ? ` in ${placeLong}` : ''}.`,
      `Dieses Angebot betrifft ${nounAcc} ${deal}${placeLong ? ` in ${placeLong}` : ''}.`,
      `${placeLong ? `In ${placeLong} wird` : 'Hier wird'} ${nounNom} ${rent ? 'vermietet' : 'verkauft'}.`,
    ]),
  );
  const addrParts = [
    [loc.street, loc.number].filter(Boolean).join(' '),
    [loc.postalCode, city].filter(Boolean).join(' '),
  ].filter(Boolean);
  if (loc.street || loc.number || loc.postalCode) {
    intro.push(
      pick([
        `Die Anschrift lautet ${addrParts.join(', ')}.`,
        `Die Adresse: ${addrParts.join(', ')}.`,
      ]),
    );
  }
  // coordinates are for maps, not for a listing's text: without a place they only say
  // that the location is known
  const geo = loc.geoCoordinates;
  if (!city && !district && geo && Object.keys(geo).length) {
    intro.push(
      pick([
        'Die genaue Lage nennen wir Ihnen gern auf Anfrage.',
        'Die genaue Lage erfahren Sie bei der Besichtigung.',
      ]),
    );
  }
  paras.push(intro);

  const size: string[] = [];
  if (space && rooms !== undefined) {
    size.push(
      rooms === 1
        ? pick([
            `Die Wohnfläche von ${space} bietet ein Zimmer.`,
            `Auf ${space} Wohnfläche gibt es ein Zimmer.`,
          ])
        : pick([
            `Auf ${space} Wohnfläche verteilen sich ${counted(rooms, 'Zimmer', 'Zimmer', 'n')}.`,
            `${pron} bietet ${counted(rooms, 'Zimmer', 'Zimmer', 'n')} auf ${space} Wohnfläche.`,
          ]),
    );
  } else if (space)
    size.push(pick([`Die Wohnfläche beträgt ${space}.`, `${pron} bietet ${space} Wohnfläche.`]));
  else if (rooms !== undefined)
    size.push(`${pron} hat ${counted(rooms, 'Zimmer', 'Zimmer', 'n')}.`);
  if (typeof d.noBathrooms === 'number')
    size.push(
      d.noBathrooms === 0
        ? 'Ein eigenes Badezimmer gibt es nicht.'
        : `Dazu ${d.noBathrooms === 1 ? 'kommt' : 'kommen'} ${counted(d.noBathrooms, 'Badezimmer', 'Badezimmer', 'n')}.`,
    );
  if (!house && typeof d.floor === 'number') {
    const fl =
      d.floor === 0
        ? 'im Erdgeschoss'
        : d.floor < 0
          ? 'im Untergeschoss'
          : `im ${d.floor}. Obergeschoss`;
    size.push(
      typeof d.noFloors === 'number'
        ? `${pron} liegt ${fl} eines Gebäudes mit ${d.noFloors === 1 ? 'einer Etage' : `${counted(d.noFloors, 'Etage', 'Etagen', 'f')}`}.`
        : `${pron} liegt ${fl}.`,
    );
  } else if (typeof d.noFloors === 'number') {
    size.push(
      house
        ? `Das Haus hat ${counted(d.noFloors, 'Etage', 'Etagen', 'f')}.`
        : `Das Gebäude hat ${counted(d.noFloors, 'Etage', 'Etagen', 'f')}.`,
    );
  }
  if (typeof d.propertySize === 'number')
    size.push(
      pick([
        `Das Grundstück ist ${area(d.propertySize)} groß.`,
        `Dazu gehört ein Grundstück von ${area(d.propertySize)}.`,
      ]),
    );
  if (size.length) paras.push(size);

  const equip: string[] = [];
  const has = Object.keys(EQUIPMENT)
    .filter((k) => d[k] === true)
    .map((k) => EQUIPMENT[k]!);
  const hasNot = Object.keys(EQUIPMENT)
    .filter((k) => d[k] === false)
    .map((k) => EQUIPMENT[k]!);
  if (has.length)
    equip.push(
      pick([
        `Zur Ausstattung ${has.length === 1 ? 'gehört' : 'gehören'} ${list(has)}.`,
        `${pron} bietet ${list(has.map(accusative))}.`,
      ]),
    );
  if (hasNot.length)
    equip.push(`Nicht vorhanden ${hasNot.length === 1 ? 'ist' : 'sind'} ${list(hasNot)}.`);
  const flag = (k: string, yes: string, no: string) => {
    if (d[k] === true) equip.push(yes);
    else if (d[k] === false) equip.push(no);
  };
  flag('handicappedAccessible', `${subj} ist barrierefrei.`, `${subj} ist nicht barrierefrei.`);
  flag(
    'flatShareSuitable',
    `${subj} eignet sich für eine Wohngemeinschaft.`,
    `Für eine Wohngemeinschaft ist ${ART.defNom[noun.g]} ${noun.word} nicht vorgesehen.`,
  );
  flag('floorPlan', 'Ein Grundriss liegt vor.', 'Ein Grundriss liegt nicht vor.');
  flag(
    'monument',
    `${subj} steht unter Denkmalschutz.`,
    `${subj} steht nicht unter Denkmalschutz.`,
  );
  flag(
    'summerResidencePractical',
    `${subj} lässt sich auch als Ferienhaus nutzen.`,
    `Eine Nutzung als Ferienhaus ist nicht vorgesehen.`,
  );
  if (INTERIOR[d.interiorQuality as string]) equip.push(INTERIOR[d.interiorQuality as string]!);
  if (equip.length) paras.push(equip);

  const build: string[] = [];
  if (typeof d.constructionYear === 'number')
    build.push(
      pick([
        `Das Gebäude wurde ${d.constructionYear} errichtet.`,
        `Das Baujahr ist ${d.constructionYear}.`,
      ]),
    );
  if (typeof d.lastRefurbishment === 'number')
    build.push(
      pick([
        `Die letzte Sanierung erfolgte ${d.lastRefurbishment}.`,
        `Zuletzt saniert wurde ${d.lastRefurbishment}.`,
      ]),
    );
  const cond = CONDITION_PRED[d.condition as string];
  if (cond) build.push(cond(subj, noun));
  if (PHASE[d.constructionPhase as string])
    build.push(`Das Haus ${PHASE[d.constructionPhase as string]}.`);
  if (build.length) paras.push(build);

  const energy: string[] = [];
  if (HEATING[d.heatingType as string])
    energy.push(
      pick([
        `Die Beheizung erfolgt per ${HEATING[d.heatingType as string]}.`,
        `Heizungsart ist ${HEATING[d.heatingType as string]}.`,
      ]),
    );
  if (Array.isArray(d.firingType)) {
    const carriers = [
      ...new Set((d.firingType as string[]).map((f) => FIRING[f]).filter((x): x is string => !!x)),
    ];
    if (carriers.length)
      energy.push(
        `${carriers.length === 1 ? 'Wesentlicher Energieträger ist' : 'Wesentliche Energieträger sind'} ${list(carriers)}.`,
      );
  }
  if (d.energyCertificateAvailability === 'AVAILABLE') energy.push('Ein Energieausweis liegt vor.');
  else if (d.energyCertificateAvailability === 'NOT_AVAILABLE_YET')
    energy.push('Der Energieausweis liegt noch nicht vor.');
  else if (d.energyCertificateAvailability === 'NOT_REQUIRED')
    energy.push('Ein Energieausweis ist nicht erforderlich.');
  if (d.buildingEnergyRatingType === 'ENERGY_REQUIRED')
    energy.push('Der Energieausweis ist ein Bedarfsausweis.');
  else if (d.buildingEnergyRatingType === 'ENERGY_CONSUMPTION')
    energy.push('Der Energieausweis ist ein Verbrauchsausweis.');
  const cd =
    typeof d.energyCertificateCreationDate === 'string'
      ? /^(FROM|BEFORE)_(\d{2})_(\d{2}|MAY)_(\d{4})$/.exec(d.energyCertificateCreationDate)
      : null;
  if (cd) {
    const when =
      cd[3] === 'MAY'
        ? `${Number(cd[2])}. Mai ${cd[4]}`
        : longDate(`${Number(cd[2])}.${Number(cd[3])}.${cd[4]}`);
    energy.push(
      `Der Energieausweis wurde ${cd[1] === 'FROM' ? `am oder nach dem ${when}` : `vor dem ${when}`} erstellt.`,
    );
  }
  if (typeof d.thermalCharacteristic === 'number')
    energy.push(`Der Energiekennwert beträgt ${num(d.thermalCharacteristic)} kWh/(m²·a).`);
  if (typeof d.demand === 'number')
    energy.push(`Der Energiebedarf liegt bei ${num(d.demand)} kWh/(m²·a).`);
  if (
    typeof d.efficiencyClass === 'string' &&
    !['NO_INFORMATION', 'NOT_APPLICABLE'].includes(d.efficiencyClass)
  ) {
    energy.push(
      `Die Energieeffizienzklasse ist ${d.efficiencyClass === 'A_PLUS' ? 'A+' : d.efficiencyClass}.`,
    );
  }
  if (d.consumptionContainsWarmWater === true)
    energy.push('Der Energieverbrauch schließt die Warmwasserbereitung ein.');
  else if (d.consumptionContainsWarmWater === false)
    energy.push('Der Energieverbrauch schließt die Warmwasserbereitung nicht ein.');
  if (energy.length) paras.push(energy);

  const costs: string[] = [];
  if (typeof d.price === 'number')
    costs.push(
      rent
        ? `Der Preis beträgt ${money(d.price)}.`
        : pick([
            `Der Kaufpreis beträgt ${money(d.price)}.`,
            `Der Kaufpreis liegt bei ${money(d.price)}.`,
          ]),
    );
  if (typeof d.monthlyRent === 'number')
    costs.push(
      pick([
        `Die Kaltmiete beträgt ${money(d.monthlyRent)} im Monat.`,
        `Monatlich fallen ${money(d.monthlyRent)} Kaltmiete an.`,
      ]),
    );
  if (typeof d.additionalCosts === 'number')
    costs.push(`Hinzu kommen Nebenkosten von ${money(d.additionalCosts)}.`);
  if (d.heatingCostsOption === 'heatingCostsIncluded')
    costs.push('Die Heizkosten sind in den Nebenkosten enthalten.');
  else if (d.heatingCostsOption === 'heatingCostsNotIncluded')
    costs.push('Die Heizkosten sind in den Nebenkosten nicht enthalten.');
  if (typeof d.deposit === 'string')
    costs.push(`Die Kaution beträgt ${money(parseDeposit(d.deposit))}.`);
  if (typeof d.parkingSpaceRent === 'number')
    costs.push(`Für den Stellplatz werden monatlich ${money(d.parkingSpaceRent)} berechnet.`);
  if (typeof d.rentSubsidy === 'number')
    costs.push(`Es gibt einen Mietzuschuss von ${money(d.rentSubsidy)}.`);
  if (typeof d.rentalIncome === 'number')
    costs.push(`Die Mieteinnahmen belaufen sich auf ${money(d.rentalIncome)}.`);
  flag2(
    costs,
    d,
    'rented',
    `${subj} ist derzeit vermietet.`,
    `${subj} ist derzeit nicht vermietet.`,
  );
  flag2(
    costs,
    d,
    'certificateOfEligibilityNeeded',
    'Für den Bezug ist ein Wohnberechtigungsschein (WBS) erforderlich.',
    'Ein Wohnberechtigungsschein ist nicht erforderlich.',
  );
  if (costs.length) paras.push(costs);

  const more: string[] = [];
  if (typeof d.moveInDate === 'string')
    more.push(
      pick([
        `${subj} ist ab dem ${longDate(d.moveInDate)} bezugsfrei.`,
        `Der Bezug ist ab dem ${longDate(d.moveInDate)} möglich.`,
      ]),
    );
  if (d.petsAllowed === 'YES') more.push('Haustiere sind erlaubt.');
  else if (d.petsAllowed === 'NO') more.push('Haustiere sind nicht erlaubt.');
  else if (d.petsAllowed === 'NEGOTIABLE') more.push('Haustiere sind nach Absprache möglich.');
  const pType = PARKING[d.parkingSpaceType as string];
  if (typeof d.noParkingSpaces === 'number') {
    more.push(
      d.noParkingSpaces === 0
        ? 'Stellplätze gehören nicht dazu.'
        : `${d.noParkingSpaces === 1 ? 'Es steht' : 'Es stehen'} ${counted(d.noParkingSpaces, 'Stellplatz', 'Stellplätze', 'm')} zur Verfügung${pType ? ` (Art: ${pType.replace(/^(ein|eine) /, '')})` : ''}.`,
    );
  } else if (pType) more.push(`Als Stellplatz steht ${pType} zur Verfügung.`);
  if (typeof d.noSimilarObjects === 'number') {
    const n = d.noSimilarObjects as number;
    more.push(
      n === 0
        ? 'Vergleichbare Einheiten werden nicht angeboten.'
        : n === 1
          ? 'Insgesamt wird eine vergleichbare Einheit angeboten.'
          : `Insgesamt werden ${n <= 12 ? WORDS[n] : nf(0).format(n)} vergleichbare Einheiten angeboten.`,
    );
  }
  if (more.length) paras.push(more);

  paras.push([
    pick([
      'Wir freuen uns auf Ihre Anfrage.',
      'Für Fragen und einen Besichtigungstermin stehen wir gern zur Verfügung.',
      'Vereinbaren Sie gern einen Besichtigungstermin.',
    ]),
  ]);
  return { headline, propertyText: paras.map((p) => p.join(' ')).join('\n\n') };
}

function flag2(out: string[], d: Record<string, unknown>, k: string, yes: string, no: string) {
  if (d[k] === true) out.push(yes);
  else if (d[k] === false) out.push(no);
}

/** Nominative equipment phrase → accusative (only "ein X" of masculine nouns changes). */
function accusative(np: string): string {
  const MASC = ['ein Balkon', 'ein Keller', 'ein Personenaufzug', 'ein Garagenstellplatz'];
  let s = np;
  for (const m of MASC) s = s.replace(new RegExp(`^${m}|(?<= )${m}`), m.replace('ein ', 'einen '));
  return s;
}

export function registerPropertyText(router: Router, state: SandboxState): void {
  router.add({
    method: 'POST',
    pattern: '/ai/v1.0/nlg/listing/property/generate',
    name: 'property-text',
    formats: ['json'],
    handler: async (ctx) => {
      requireUser(ctx, state);
      const req = validatePropertyText(await jsonBody(ctx));
      return jsonReply(generatePropertyText(req, textLanguage(ctx.req.headers['accept-language'])));
    },
  });
}
