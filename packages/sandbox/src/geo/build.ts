/**
 * Builds the sandbox's geography from the data packages (sources.ts): the geo hierarchy of
 * Germany and Austria plus postcodes, stations, streets and addresses, as flat entity
 * records that search.ts indexes.
 *
 * Id scheme (decimal strings, stable from run to run because every number is a rank in a
 * sorted list of names and source keys, never a load order):
 * - country   `1` + ISO numeric country (`276` Germany, `040` Austria): `1276`, `1040`.
 * - region    country + 3 digits: rank of the federal state's German name in alphabetical
 *             order (Baden-Württemberg 001, Bayern 002, Berlin 003, …; Burgenland 001 … Wien 009).
 * - city / district   region + 3 digits: rank among the state's kreisfreie Städte and Kreise
 *             (Austria: Statutarstädte and Bezirke) sorted by name, then AGS / Bezirk code.
 * - quarterOrTown / quarter   city-or-district + 3 digits: rank among the places inside
 *             (quarters of a city; towns of a district and the places inside those towns)
 *             sorted by name, then GeoNames id.
 * - postcode  `2` + country + postcode padded to 5 digits + 2-digit rank of the locality
 *             among the localities of that postcode (`14467 Potsdam` is `22761446700`).
 * - postcodeWithQuarter `3` + country + postcode (5 digits) + the quarter's 13-digit geo id.
 * - trainStation `5` + the station's 7-digit EVA number; address `6` + EVA number (the
 *             station's postal address).
 * - street    `S` + rank of (country, city, postcode, street) in sorted order.
 */
import { createRequire } from 'node:module';
import type proj4 from 'proj4';
import { tokenize, type Token } from './fold.js';
import { QUARTERS_AT, QUARTERS_DE } from './quarters-de.js';

/** The cities whose quarters are named in code, German and Austrian (quarters-de.ts). */
const QUARTERS: Record<string, readonly string[]> = { ...QUARTERS_DE, ...QUARTERS_AT };
import {
  readAustrianBezirke,
  readAustrianPostcodes,
  readGermanPostcodes,
  readKreise,
  readPlaces,
  readPlaces500,
  readStations,
  readStreetStops,
  type Place,
  type Station,
  type Stop,
} from './sources.js';

export type Country = 'DEU' | 'AUT';

export const ENTITY_TYPES = [
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
export type EntityType = (typeof ENTITY_TYPES)[number];

export interface GeoAddress {
  street?: string;
  postcode?: string;
  quarter?: string;
  city?: string;
  region?: string;
}

export type NodeType = 'Country' | 'Region' | 'City' | 'District' | 'Quarter' | 'Town';

/** A node of the geo hierarchy (for the statistic). */
export interface GeoNode {
  id: string;
  name: string;
  type: NodeType;
  parentId?: string;
  childIds: string[];
  /** Inhabitants (GeoNames for places, Destatis for German Kreise; absent for states and countries). */
  population?: number;
}

/** One suggestable entity. */
export interface GeoRecord {
  type: EntityType;
  id: string;
  label: string;
  country: Country;
  /** Ranking weight: inhabitants for places, a share of them for postcodes, traffic for stations. */
  weight: number;
  address: GeoAddress;
  /** The geo hierarchy id this entity belongs to (itself for hierarchy entities). */
  geoId?: string;
  lat?: number;
  lon?: number;
  /** Folded words of the label with their original offsets (UNTOKENIZED until an index needs them). */
  tokens: Token[];
  /** Folded words of the entity's own name (`Golm` in `Potsdam - Golm`), for exact matches. */
  nameKey: string;
  /** Number of words in nameKey. */
  nameWords: number;
}

export interface GeoData {
  records: GeoRecord[];
  nodes: Map<string, GeoNode>;
  /** Big cities (with quarters) per country. */
  cities: Record<Country, GeoNode[]>;
  stats: Record<string, number>;
}

const COLLATOR = new Intl.Collator('de');
const byName =
  <T>(key: (x: T) => string, tie: (x: T) => string | number) =>
  (a: T, b: T) =>
    COLLATOR.compare(key(a), key(b)) || (tie(a) < tie(b) ? -1 : tie(a) > tie(b) ? 1 : 0);
const pad = (n: number, w = 3) => String(n).padStart(w, '0');

/** German federal states by AGS Land code. */
const DE_STATES: Record<string, string> = {
  '01': 'Schleswig-Holstein',
  '02': 'Hamburg',
  '03': 'Niedersachsen',
  '04': 'Bremen',
  '05': 'Nordrhein-Westfalen',
  '06': 'Hessen',
  '07': 'Rheinland-Pfalz',
  '08': 'Baden-Württemberg',
  '09': 'Bayern',
  '10': 'Saarland',
  '11': 'Berlin',
  '12': 'Brandenburg',
  '13': 'Mecklenburg-Vorpommern',
  '14': 'Sachsen',
  '15': 'Sachsen-Anhalt',
  '16': 'Thüringen',
};
/** Austrian Bundesländer by GeoNames admin1 code (= first digit of the Bezirk code). */
const AT_STATES: Record<string, string> = {
  '1': 'Burgenland',
  '2': 'Kärnten',
  '3': 'Niederösterreich',
  '4': 'Oberösterreich',
  '5': 'Salzburg',
  '6': 'Steiermark',
  '7': 'Tirol',
  '8': 'Vorarlberg',
  '9': 'Wien',
};

/** The folded words of a name joined by spaces: the key names are compared by. */
const nameKeyOf = (s: string): string =>
  tokenize(s)
    .map((t) => t.text)
    .join(' ');

/**
 * Ranking weights of Kreise and federal states: a share of their inhabitants, so that a
 * city comes before the Kreis named after it ("Regensburg", "Stade") and a city state's
 * city before its Land ("Berlin", "Hamburg").
 */
const DISTRICT_SHARE = 10;
/** Towns inside a Kreis from this many inhabitants have quarters like a city (Hannover). */
const BIG_TOWN = 100_000;
const REGION_SHARE = 2;

const PLACE_TYPES = new Set<EntityType>(['city', 'district', 'quarterOrTown', 'quarter']);

/**
 * A place's name without what tells it from namesakes: "Halle (Saale)", "Freiburg im
 * Breisgau", "Frankfurt am Main", "Mülheim an der Ruhr" are "Halle", "Freiburg",
 * "Frankfurt", "Mülheim" to a visitor, so typing that name is an exact match.
 */
export function coreName(name: string): string {
  const core = name
    .replace(/\s*\([^)]*\)\s*$/u, '')
    .replace(
      /\s+(?:am|an der|an den|im|in der|in|bei|ob der|auf|vor der|v\. ?d\. ?H\.|i\. ?d\. ?OPf\.|a\. ?d\.|a\.|i\.)\s+\S.*$/u,
      '',
    )
    .trim();
  return core || name;
}

/**
 * A quarter's inhabitants: GeoNames' figure, unless it is its city's (some sections carry
 * the whole city's: Leipzig's Großzschocher and Kleinzschocher, Bochum's Hordel, Magdeburg's
 * Neue Neustadt); that figure would rank them above their city and give them its listings.
 */
function quarterPopulation(p: { population: number }, cityPopulation: number): number {
  return cityPopulation > 0 && p.population >= cityPopulation * 0.9 ? 0 : p.population;
}

/** Main-place preference: administrative seats first, then population. */
function seatRank(p: Place): number {
  const f = p.featureCode;
  return f === 'PPLC'
    ? 5
    : f === 'PPLA'
      ? 4
      : f === 'PPLA2'
        ? 3
        : f === 'PPLA3'
          ? 2
          : f === 'PPLA4'
            ? 1
            : 0;
}
const bySeat = (a: Place, b: Place) =>
  seatRank(b) - seatRank(a) || b.population - a.population || a.geonameId - b.geonameId;
/**
 * The main town of a municipality: its biggest place. (GeoNames marks parts of towns as
 * seats, e.g. Garbsen-Mitte in Garbsen, Heidstock in Völklingen; by the seat, Garbsen,
 * Völklingen, Ilmenau or Quedlinburg would be quarters of a village.)
 */
const byTown = (a: Place, b: Place) =>
  b.population - a.population || seatRank(b) - seatRank(a) || a.geonameId - b.geonameId;

interface Unit {
  kind: 'city' | 'district';
  key: string; // AGS or Bezirk code
  name: string;
  label: string;
  population: number;
  places: Place[];
}

interface Centre {
  lat: number;
  lon: number;
  w: number;
}
function centreOf(points: Centre[]): { lat: number; lon: number } | undefined {
  let lat = 0,
    lon = 0,
    w = 0;
  for (const p of points) {
    const pw = Math.max(p.w, 1);
    lat += p.lat * pw;
    lon += p.lon * pw;
    w += pw;
  }
  return w ? { lat: lat / w, lon: lon / w } : undefined;
}

/** Squared distance in km² (flat approximation, good within a region). */
const dist2 = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) => {
  const dy = (a.lat - b.lat) * 111,
    dx = (a.lon - b.lon) * 111 * Math.cos((a.lat * Math.PI) / 180);
  return dx * dx + dy * dy;
};

/** `Bahnhofstr. 27` → `Bahnhofstraße 27`; `K.-Liebknecht-Str.` → `K.-Liebknecht-Straße`. */
export function expandStreet(s: string): string {
  return s
    .replace(/(\p{Ll})str\.?(?=\s|$)/gu, '$1straße')
    .replace(/(^|[\s-])Str\.?(?=\s|$)/gu, '$1Straße')
    .replace(/\s+/g, ' ')
    .trim();
}

const STREET_WORD =
  /(straße|strasse|str\.|weg|allee|platz|gasse|ring|damm|ufer|chaussee|steig|stieg|pfad|promenade|twiete)$/iu;
const STREET_LEAD =
  /^(\p{Lu}[\p{L}.-]*er|Am|An|Auf|Im|In|Zum|Zur|Alte|Alter|Neue|Neuer|Hohe|Lange|Große|Kleine|Untere|Obere|Kurze|der|den|dem|Sankt|St\.)$/u;
/** Whether a stop name part is a plain street name (not a crossing, not a place plus street). */
export function looksLikeStreet(s: string): boolean {
  if (s.includes('/') || s.includes('(') || /\d/.test(s)) return false;
  const words = s.split(' ');
  if (words.length > 3 || !STREET_WORD.test(words[words.length - 1]!)) return false;
  if (words[words.length - 1]!.length < 5 && words.length === 1) return false;
  return words.slice(0, -1).every((w) => STREET_LEAD.test(w));
}

/** A station address's town without notes: `Sylt/ OT Westerland` → `Sylt`. */
export function cleanCity(s: string): string {
  return (
    s
      .replace(/\s+/g, ' ')
      .replace(/\s*(?:\/|,|\bOT\b).*$/u, '')
      .trim() || s.trim()
  );
}

/** Stop place suffixes in DB style: `Frankfurt a.M.` → `Frankfurt am Main`. */
function expandPlace(s: string): string {
  return s
    .replace(/\ba\.\s?M\.?$/u, 'am Main')
    .replace(/\(Main\)$/u, 'am Main')
    .replace(/\ba\.d\.\s?/gu, 'an der ')
    .replace(/\bi\.\s?/gu, 'im ')
    .replace(/\bb\.\s?/gu, 'bei ')
    .replace(/\s+/g, ' ')
    .trim();
}

const LAEA =
  '+proj=laea +lat_0=52 +lon_0=10 +x_0=4321000 +y_0=3210000 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs';
/** WGS84 lat/lon → ETRS89 Lambert Azimuthal Equal Area (EPSG:3035) x/y in metres. */
export function lambert(lat: number, lon: number): { x: number; y: number } {
  // proj4 (a tenth of the sandbox's start-up) is loaded with the first g=Lambert request and
  // stays in Node's module cache; a converter takes microseconds to make, so each call makes its own
  const toLaea = (createRequire(import.meta.url)('proj4') as typeof proj4)('EPSG:4326', LAEA);
  const [x, y] = toLaea.forward([lon, lat]);
  return { x: Math.round(x! * 100) / 100, y: Math.round(y! * 100) / 100 };
}

/** Spells a name's ASCII-written words with the umlauts the data uses for them (umlautRestorer). */
type Restore = (name: string) => string;
/** The quarters named in code for a city (namedQuarterFinder). */
type NamedQuarters = ReturnType<typeof namedQuarterFinder>;
type Regions = Map<string, { name: string; units: Unit[] }>;

/** A municipality a postcode, a station or a stop can be placed in. */
interface Municipality {
  country: Country;
  name: string;
  geoId: string;
  region: string;
  lat: number;
  lon: number;
  weight: number;
}

/** A quarter of a city, or of a big town, for postcodeWithQuarter. */
interface CityQuarter {
  country: Country;
  city: string;
  cityId: string;
  region: string;
  quarter: string;
  id: string;
  lat: number;
  lon: number;
  weight: number;
}

/** A street as the stations and stops give it: the points it is seen at, their weight summed. */
interface StreetAcc {
  country: Country;
  street: string;
  postcode?: string;
  city: string;
  region?: string;
  geoId?: string;
  pts: Centre[];
  weight: number;
}

/**
 * What one build produces: the records and hierarchy nodes it returns, and what later steps
 * look up in what earlier ones added (municipalities by name, the quarters of cities).
 */
class Collector {
  readonly records: GeoRecord[] = [];
  readonly nodes = new Map<string, GeoNode>();
  readonly cities: Record<Country, GeoNode[]> = { DEU: [], AUT: [] };
  /** Municipalities by country and folded name, for placing postcodes, stations and stops. */
  readonly municipalities = new Map<string, Municipality[]>();
  readonly cityQuarters: CityQuarter[] = [];

  addNode(n: Omit<GeoNode, 'childIds'>): GeoNode {
    const node: GeoNode = { ...n, childIds: [] };
    this.nodes.set(node.id, node);
    if (n.parentId) this.nodes.get(n.parentId)?.childIds.push(node.id);
    return node;
  }

  /** Adds a record, with the folded words of its label and of its own name (`name`). */
  addRecord(r: Omit<GeoRecord, 'tokens' | 'nameKey' | 'nameWords'> & { name: string }): GeoRecord {
    const tokens = tokenize(r.label);
    const core = PLACE_TYPES.has(r.type) ? coreName(r.name) : r.name;
    const nameKey =
      core === r.label
        ? tokens.map((t) => t.text).join(' ')
        : tokenize(core)
            .map((t) => t.text)
            .join(' ');
    let nameWords = nameKey ? 1 : 0;
    for (let k = nameKey.indexOf(' '); k >= 0; k = nameKey.indexOf(' ', k + 1)) nameWords++;
    const rec: GeoRecord = {
      type: r.type,
      id: r.id,
      label: r.label,
      country: r.country,
      weight: r.weight,
      address: r.address,
      geoId: r.geoId,
      lat: r.lat,
      lon: r.lon,
      tokens,
      nameKey,
      nameWords,
    };
    this.records.push(rec);
    return rec;
  }

  addMunicipality(
    country: Country,
    name: string,
    geoId: string,
    region: string,
    p: { lat: number; lon: number },
    weight: number,
  ): void {
    const key = country + ':' + nameKeyOf(name);
    const list = this.municipalities.get(key) ?? [];
    list.push({ country, name, geoId, region, lat: p.lat, lon: p.lon, weight });
    this.municipalities.set(key, list);
  }

  /** The municipality of a name: the only one, or the one nearest to `near`. */
  resolveMunicipality(
    country: Country,
    name: string,
    near?: { lat: number; lon: number },
  ): Municipality | undefined {
    const list = this.municipalities.get(country + ':' + nameKeyOf(name));
    if (!list?.length) return undefined;
    if (list.length === 1 || !near) return list.length === 1 ? list[0] : undefined;
    let best = list[0]!,
      bd = Infinity;
    for (const m of list) {
      const d = (m.lat - near.lat) ** 2 + (m.lon - near.lon) ** 2;
      if (d < bd) {
        bd = d;
        best = m;
      }
    }
    return best;
  }
}

/** Records the milliseconds of each phase of a build in its stats, as `<phase>Ms`. */
function phaseClock(start: number, stats: Record<string, number>): (phase: string) => void {
  let last = start;
  return (phase) => {
    const now = performance.now();
    stats[phase + 'Ms'] = Math.round(now - last);
    last = now;
  };
}

/**
 * The places (cities15000 and cities500 merged), the DB stations in EVA order, the street
 * stops, and the umlaut spellings all of them use. The stops are read in a worker
 * (readStreetStops) while the places and stations are read here.
 */
async function readSources() {
  const stopsPromise = readStreetStops(
    [...new Set(Object.keys(QUARTERS_DE).map(coreName))],
    Object.keys(QUARTERS_AT),
  );
  const places = readPlaces();
  {
    // cities500 adds places of 500 to 999 inhabitants and more city sections
    const known = new Set(places.map((p) => p.geonameId));
    for (const p of readPlaces500()) if (!known.has(p.geonameId)) places.push(p);
  }
  const stations = readStations().sort((a, b) => (a.eva < b.eva ? -1 : 1));
  const words: string[] = [];
  for (const st of stations)
    for (const w of tokenize(st.name))
      words.push(
        st.name.slice(w.start, w.ends ? w.ends[w.ends.length - 1] : w.start + w.text.length),
      );
  for (const p of places) words.push(...p.name.split(/[\s-]+/));
  const stops = await stopsPromise;
  words.push(...stops.umlautWords);
  return { places, stations, stops, restore: umlautRestorer(words) };
}

/** The federal states of Germany with their Kreise and kreisfreie Städte, and their places. */
function germanRegions(
  places: Place[],
  stations: Station[],
  named: NamedQuarters,
  restore: Restore,
): Regions {
  const regions: Regions = new Map();
  const unitByAgs = new Map<string, Unit>();
  for (const k of readKreise()) {
    const land = k.ags.slice(0, 2);
    const region =
      regions.get(land) ?? regions.set(land, { name: DE_STATES[land]!, units: [] }).get(land)!;
    const isCity = k.type === 'Kreisfreie Stadt' || k.type === 'Stadtkreis';
    const name = isCity ? k.name.split(',')[0]!.trim() : k.name.trim();
    const unit: Unit = {
      kind: isCity ? 'city' : 'district',
      key: k.ags,
      name,
      label: isCity || /kreis$/iu.test(name) ? name : `${name} (Kreis)`,
      population: k.population,
      places: [],
    };
    region.units.push(unit);
    unitByAgs.set(k.ags, unit);
  }
  for (const p of places) if (p.country === 'DE' && p.muni) unitByAgs.get(p.muni)?.places.push(p);
  for (const unit of unitByAgs.values()) {
    if (unit.kind !== 'city') continue;
    unit.places.push(...stationQuarters(unit, stations, restore));
    addNamedQuarters(unit, 'DE', named);
  }
  return regions;
}

/** The Bundesländer of Austria with their Bezirke and Statutarstädte, and their places. */
function austrianRegions(places: Place[], named: NamedQuarters): Regions {
  const regions: Regions = new Map();
  const unitByCode = new Map<string, Unit>();
  for (const b of readAustrianBezirke()) {
    const code = b.code.slice(6);
    const land = code[0]!;
    const region =
      regions.get(land) ?? regions.set(land, { name: AT_STATES[land]!, units: [] }).get(land)!;
    const isCity = !b.name.startsWith('Politischer Bezirk') && !/-(Land|Umgebung)$/.test(b.name);
    const name = b.name.replace(/^Politischer Bezirk /, '').replace(/ Stadt$/, '');
    const unit: Unit = {
      kind: isCity ? 'city' : 'district',
      key: code,
      name,
      label: isCity ? name : `${name} (Bezirk)`,
      population: 0,
      places: [],
    };
    region.units.push(unit);
    unitByCode.set(code, unit);
  }
  for (const p of places) {
    if (p.country !== 'AT') continue;
    const code = !p.muni
      ? p.adminCode === '09'
        ? '900'
        : undefined
      : p.muni.length === 3 && p.muni.startsWith('9')
        ? '900'
        : p.muni.slice(0, 3);
    const unit = code ? unitByCode.get(code) : undefined;
    if (!unit) continue;
    unit.places.push(p);
    unit.population += p.population;
  }
  const vienna = unitByCode.get('900');
  if (vienna) vienna.places = withViennaBezirke(vienna.places);
  // Statutarstädte whose quarters are named in code (Salzburg, Linz)
  for (const unit of unitByCode.values())
    if (unit.kind === 'city' && QUARTERS_AT[unit.name]) addNamedQuarters(unit, 'AT', named);
  // A Statutarstadt named like its Bundesland is labelled "(Stadt)", unless it is the Land itself (Wien).
  for (const region of regions.values()) {
    for (const u of region.units) {
      if (u.kind === 'city' && u.name === region.name && region.units.length > 1)
        u.label = `${u.name} (Stadt)`;
      if (u.kind === 'city') {
        // the Statutarstadt's own population is its seat's, not the sum with its quarters
        const seat = [...u.places].sort(bySeat)[0];
        if (seat) u.population = seat.population;
      }
    }
  }
  return regions;
}

/**
 * Adds a city's quarters named in code (quarters-de.ts) to the places the data has, beside
 * its main place. A German unit has its Kreis key and official population; an Austrian
 * Statutarstadt's population is the sum of its places at this point, so its main place's
 * figure and Gemeinde code stand for it.
 */
function addNamedQuarters(unit: Unit, country: 'DE' | 'AT', named: NamedQuarters): void {
  const main = [...unit.places].sort(bySeat)[0];
  if (!main) return;
  const have = unit.places
    .filter((p) => p !== main)
    .map((p) => stripCityPrefix(p.name, [unit.name, main.name, coreName(unit.name)]));
  const [muni, population] =
    country === 'DE' ? [unit.key, unit.population] : [main.muni ?? unit.key, main.population];
  unit.places.push(...named(unit.name, main, have, muni, population, country));
}

/** Adds a country's hierarchy: the country, its regions, their units and the places inside. */
function addCountry(
  geo: Collector,
  country: Country,
  countryId: string,
  countryName: string,
  regions: Regions,
  towns: TownContext,
): void {
  const countryNode = geo.addNode({ id: countryId, name: countryName, type: 'Country' });
  const regionCentres: Centre[] = [];
  const countryRecord = geo.addRecord({
    type: 'country',
    id: countryId,
    label: countryName,
    name: countryName,
    country,
    weight: 0,
    address: {},
    geoId: countryId,
  });
  const sortedRegions = [...regions.values()].sort(
    byName(
      (r) => r.name,
      (r) => r.name,
    ),
  );
  sortedRegions.forEach((region, ri) => {
    const regionId = countryId + pad(ri + 1);
    geo.addNode({ id: regionId, name: region.name, type: 'Region', parentId: countryNode.id });
    const regionRecord = geo.addRecord({
      type: 'region',
      id: regionId,
      label: region.name,
      name: region.name,
      country,
      weight: 0,
      address: { region: region.name },
      geoId: regionId,
    });
    const units = region.units.sort(
      byName(
        (u) => u.name,
        (u) => u.key,
      ),
    );
    const unitCentres: Centre[] = [];
    let regionPop = 0;
    units.forEach((unit, ui) => {
      const unitId = regionId + pad(ui + 1);
      const unitNode = geo.addNode({
        id: unitId,
        name: unit.name,
        type: unit.kind === 'city' ? 'City' : 'District',
        parentId: regionId,
        population: unit.population,
      });
      const unitCentre =
        unit.kind === 'city'
          ? addCity(geo, country, region.name, unit, unitNode, towns.restore)
          : addDistrict(geo, country, region.name, unit, unitId, towns);
      if (unitCentre) unitCentres.push({ ...unitCentre, w: unit.population });
      regionPop += unit.population;
    });
    const rc = centreOf(unitCentres);
    regionRecord.weight = Math.round(regionPop / REGION_SHARE);
    if (rc) {
      regionRecord.lat = rc.lat;
      regionRecord.lon = rc.lon;
      regionCentres.push({ ...rc, w: regionPop });
    }
    countryRecord.weight += regionPop;
  });
  const cc = centreOf(regionCentres);
  if (cc) Object.assign(countryRecord, cc);
}

/**
 * Adds a kreisfreie Stadt (or Statutarstadt) and its quarters: every place of the unit but its
 * main place is a quarter. Returns the city's centre, its main place's position.
 */
function addCity(
  geo: Collector,
  country: Country,
  region: string,
  unit: Unit,
  unitNode: GeoNode,
  restore: Restore,
): { lat: number; lon: number } | undefined {
  const unitId = unitNode.id;
  const pl = unit.places;
  const main = [...pl].sort(bySeat)[0];
  const unitCentre = main ? { lat: main.lat, lon: main.lon } : undefined;
  const quarters = pl.filter((p) => p !== main);
  const inner = quarters
    .map((p) => ({
      p,
      name: restore(stripCityPrefix(p.name, [unit.name, main?.name ?? '', coreName(unit.name)])),
    }))
    .sort(
      byName(
        (q) => q.name,
        (q) => q.p.geonameId,
      ),
    );
  geo.addRecord({
    type: 'city',
    id: unitId,
    label: unit.label,
    name: unit.name,
    country,
    weight: unit.population,
    address: { city: unit.name, region },
    geoId: unitId,
    ...unitCentre,
  });
  if (unitCentre)
    geo.addMunicipality(country, unit.name, unitId, region, unitCentre, unit.population);
  inner.forEach((q, qi) => {
    const qid = unitId + pad(qi + 1);
    const pop = quarterPopulation(q.p, unit.population);
    geo.addNode({ id: qid, name: q.name, type: 'Quarter', parentId: unitId, population: pop });
    geo.addRecord({
      type: 'quarterOrTown',
      id: qid,
      label: `${unit.name} - ${q.name}`,
      name: q.name,
      country,
      weight: pop,
      address: { quarter: q.name, city: unit.name, region },
      geoId: qid,
      lat: q.p.lat,
      lon: q.p.lon,
    });
    geo.cityQuarters.push({
      country,
      city: unit.name,
      cityId: unitId,
      region,
      quarter: q.name,
      id: qid,
      lat: q.p.lat,
      lon: q.p.lon,
      weight: pop,
    });
  });
  if (inner.length) geo.cities[country].push(unitNode);
  return unitCentre;
}

/** What placing the towns of a Kreis needs beside the Kreis: stations, named quarters, spellings. */
interface TownContext {
  stations: Station[];
  named: NamedQuarters;
  restore: Restore;
}

/** A place of a Kreis or Bezirk: a town, or a quarter of `town`. */
interface TownEntry {
  p: Place;
  town?: Place;
}

/**
 * The towns of a Kreis or Bezirk, one per municipality (its biggest place), and the other
 * places of each municipality as its quarters. German places carry the Gemeinde key as
 * muniSub, Austrian ones as muni; a German city section without one belongs to the nearest
 * town within 15 km (by Kreis it would make Linden-Mitte a town of the Region Hannover and
 * leave Hannover without quarters). Sorted by name, then GeoNames id.
 */
function townsOf(
  unit: Unit,
  country: Country,
  { stations, named, restore }: TownContext,
): TownEntry[] {
  const byMuni = new Map<string, Place[]>();
  const loose: Place[] = [];
  for (const p of unit.places) {
    const k = country === 'DEU' ? p.muniSub : p.muni;
    if (!k && country === 'DEU' && p.featureCode === 'PPLX') loose.push(p);
    else
      (
        byMuni.get(k ?? 'id' + p.geonameId) ??
        byMuni.set(k ?? 'id' + p.geonameId, []).get(k ?? 'id' + p.geonameId)!
      ).push(p);
  }
  const entries: TownEntry[] = [];
  const seats: Place[] = [];
  for (const list of byMuni.values()) {
    list.sort(byTown);
    const seat = list[0]!;
    entries.push({ p: seat });
    seats.push(seat);
    for (const other of list.slice(1))
      if (other.name !== seat.name) entries.push({ p: other, town: seat });
  }
  for (const p of loose) {
    let near: Place | undefined,
      nd = 15 * 15;
    for (const s of seats) {
      const dy = (s.lat - p.lat) * 111,
        dx = (s.lon - p.lon) * 111 * Math.cos((p.lat * Math.PI) / 180);
      const d = dx * dx + dy * dy;
      if (d < nd && s.population > p.population) {
        nd = d;
        near = s;
      }
    }
    if (near && p.name !== near.name) entries.push({ p, town: near });
    else if (!near) entries.push({ p });
  }
  // a big town inside a Kreis (Hannover, Aachen, Saarbrücken, Göttingen …) gets
  // quarters from station names like a kreisfreie Stadt
  if (country === 'DEU') {
    for (const seat of seats) {
      if (seat.population < BIG_TOWN) continue;
      const own = entries.filter((e) => e.town === seat).map((e) => e.p);
      const town: Unit = {
        kind: 'city',
        key: unit.key,
        name: seat.name,
        label: seat.name,
        population: seat.population,
        places: [seat, ...own],
      };
      for (const q of stationQuarters(town, stations, restore)) entries.push({ p: q, town: seat });
      // quarters named in code (quarters-de.ts), unless the Kreis has a place of that name nearby
      const have = [...own, ...entries.filter((e) => e.town === seat).map((e) => e.p)].map((p) =>
        stripCityPrefix(p.name, [seat.name, coreName(seat.name)]),
      );
      for (const e of entries) if (dist2(e.p, seat) < 8 * 8) have.push(e.p.name);
      for (const q of named(seat.name, seat, have, unit.key, seat.population))
        entries.push({ p: q, town: seat });
    }
  }
  return entries.sort(
    byName(
      (e) => e.p.name,
      (e) => e.p.geonameId,
    ),
  );
}

/**
 * Adds a Kreis (or Bezirk), its towns and their quarters (townsOf). Returns the Kreis's
 * centre, the mean position of its places.
 */
function addDistrict(
  geo: Collector,
  country: Country,
  region: string,
  unit: Unit,
  unitId: string,
  context: TownContext,
): { lat: number; lon: number } | undefined {
  const entries = townsOf(unit, country, context);
  const ids = new Map<Place, string>();
  entries.forEach((e, ei) => ids.set(e.p, unitId + pad(ei + 1)));
  if (entries.length > 999) throw new Error(`too many places in ${unit.name}`);
  const unitCentre = centreOf(unit.places.map((p) => ({ lat: p.lat, lon: p.lon, w: 1 })));
  geo.addRecord({
    type: 'district',
    id: unitId,
    label: unit.label,
    name: unit.name,
    country,
    weight: Math.round(unit.population / DISTRICT_SHARE),
    address: { region },
    geoId: unitId,
    ...unitCentre,
  });
  for (const e of entries)
    if (!e.town) {
      const id = ids.get(e.p)!;
      geo.addNode({
        id,
        name: e.p.name,
        type: 'Town',
        parentId: unitId,
        population: e.p.population,
      });
      geo.addRecord({
        type: 'quarterOrTown',
        id,
        label: e.p.name,
        name: e.p.name,
        country,
        weight: e.p.population,
        address: { city: e.p.name, region },
        geoId: id,
        lat: e.p.lat,
        lon: e.p.lon,
      });
      geo.addMunicipality(country, e.p.name, id, region, e.p, e.p.population);
    }
  for (const e of entries)
    if (e.town) {
      const id = ids.get(e.p)!;
      const pop = quarterPopulation(e.p, e.town.population);
      geo.addNode({
        id,
        name: e.p.name,
        type: 'Quarter',
        parentId: ids.get(e.town),
        population: pop,
      });
      if (e.town.population >= BIG_TOWN) {
        // a big town's quarters read like a city's: "Hannover - Linden"
        const q = context.restore(stripCityPrefix(e.p.name, [e.town.name, coreName(e.town.name)]));
        geo.addRecord({
          type: 'quarterOrTown',
          id,
          label: `${e.town.name} - ${q}`,
          name: q,
          country,
          weight: pop,
          address: { quarter: q, city: e.town.name, region },
          geoId: id,
          lat: e.p.lat,
          lon: e.p.lon,
        });
        geo.cityQuarters.push({
          country,
          city: e.town.name,
          cityId: ids.get(e.town)!,
          region,
          quarter: q,
          id,
          lat: e.p.lat,
          lon: e.p.lon,
          weight: pop,
        });
        continue;
      }
      geo.addRecord({
        type: 'quarter',
        id,
        label: `${e.p.name.replace(/\s*\([^)]*\)$/u, '')} (${e.town.name})`,
        name: e.p.name,
        country,
        weight: pop,
        address: { quarter: e.p.name, city: e.town.name, region },
        geoId: id,
        lat: e.p.lat,
        lon: e.p.lon,
      });
    }
  return unitCentre;
}

/**
 * Adds a country's postcodes, one record per postcode and locality, placed in the locality's
 * municipality: first the localities whose name is unambiguous, then the others, resolved near
 * the numerically nearest postcode already placed. Notes each postcode under its locality in
 * `postcodesOf` (country:folded locality → postcodes).
 */
function addPostcodes(
  geo: Collector,
  country: Country,
  num: string,
  entries: [string, string[]][],
  postcodesOf: Map<string, string[]>,
): void {
  const resolved = new Map<string, Municipality | undefined>();
  /** postcode → the municipality of its first unambiguous locality */
  const postcodeRef = new Map<string, Municipality>();
  const sortedCodes = entries.map(([c]) => c).sort();
  const codeIndex = new Map(sortedCodes.map((c, i) => [c, i]));
  for (const [code, names] of entries) {
    for (const n of names) {
      const m = geo.resolveMunicipality(country, n);
      if (m) {
        resolved.set(code + '|' + n, m);
        if (!postcodeRef.has(code)) postcodeRef.set(code, m);
      }
    }
  }
  const nearestRef = (code: string) => {
    const i = codeIndex.get(code)!;
    for (let d = 1; d < sortedCodes.length; d++) {
      for (const j of [i - d, i + d]) {
        const c = sortedCodes[j];
        if (c && c.slice(0, 2) === code.slice(0, 2)) {
          const r = postcodeRef.get(c);
          if (r) return r;
        }
      }
      if (
        (sortedCodes[i - d]?.slice(0, 2) ?? '') !== code.slice(0, 2) &&
        (sortedCodes[i + d]?.slice(0, 2) ?? '') !== code.slice(0, 2)
      )
        break;
    }
    return undefined;
  };
  for (const [code, names] of entries) {
    [...names].sort(COLLATOR.compare).forEach((n, ni) => {
      let m = resolved.get(code + '|' + n);
      const ref = m ?? nearestRef(code);
      if (!m && ref) m = geo.resolveMunicipality(country, n, ref);
      const centre = m ?? ref;
      const region = m?.region ?? ref?.region;
      const key = country + ':' + nameKeyOf(n);
      (postcodesOf.get(key) ?? postcodesOf.set(key, []).get(key)!).push(code);
      geo.addRecord({
        type: 'postcode',
        id: '2' + num + code.padStart(5, '0') + pad(ni, 2),
        label: `${code} ${n}`,
        name: code,
        country,
        weight: m ? m.weight / 50 : 1,
        address: { postcode: code, city: n, ...(region ? { region } : {}) },
        geoId: m?.geoId,
        lat: centre?.lat,
        lon: centre?.lon,
      });
    });
  }
}

/** Notes a point of a street: one street per spelling, city and postcode. */
function addStreet(
  streets: Map<string, StreetAcc>,
  s: Omit<StreetAcc, 'pts' | 'weight'>,
  pt: Centre,
): void {
  // lower-casing is enough to compare: the names come expanded
  const key =
    s.country +
    '|' +
    s.city.toLowerCase() +
    '|' +
    (s.postcode ?? '') +
    '|' +
    s.street.toLowerCase();
  let acc = streets.get(key);
  if (!acc) {
    acc = {
      country: s.country,
      street: s.street,
      postcode: s.postcode,
      city: s.city,
      region: s.region,
      geoId: s.geoId,
      pts: [],
      weight: 0,
    };
    streets.set(key, acc);
  }
  acc.pts.push(pt);
  acc.weight += pt.w;
}

/**
 * Adds the DB stations, and the postal address of each station that has a house number;
 * notes the street of each address in `streets`.
 */
function addStations(geo: Collector, stations: Station[], streets: Map<string, StreetAcc>): void {
  for (const st of stations) {
    const city = cleanCity(st.city);
    const m = geo.resolveMunicipality('DEU', city, st);
    const region = m?.region;
    const addr = /^(.*?\D)\s*(\d+\s*[a-zA-Z]?(?:\s*[-/]\s*(?:\d+\s*)?[a-zA-Z]?)?)$/.exec(st.street);
    const rawStreet = expandStreet(
      (addr ? addr[1]! : st.street).replace(/[\s,.;]+$/u, (m) => (m.startsWith('.') ? '.' : '')),
    );
    // a crossing ("Puschkinallee/ Elsenstraße"), a note in brackets or a number left over: no street
    const streetName =
      /^\p{Lu}[\p{L}\p{M}.' -]*\p{L}\.?$/u.test(rawStreet) && !/^OT\b/u.test(rawStreet)
        ? rawStreet
        : '';
    const number = addr ? addr[2]!.replace(/\s+/g, '') : undefined;
    const postcode = /^\d{5}$/.test(st.zipcode) ? st.zipcode : undefined;
    const where = `${postcode ? postcode + ' ' : ''}${city}`;
    geo.addRecord({
      type: 'trainStation',
      id: '5' + st.eva,
      label: st.name,
      name: st.name,
      country: 'DEU',
      weight: st.weight,
      address: {
        ...(streetName ? { street: streetName + (number ? ' ' + number : '') } : {}),
        ...(postcode ? { postcode } : {}),
        city,
        ...(region ? { region } : {}),
      },
      geoId: m?.geoId,
      lat: st.lat,
      lon: st.lon,
    });
    if (streetName && city) {
      if (number) {
        geo.addRecord({
          type: 'address',
          id: '6' + st.eva,
          label: `${streetName} ${number}, ${where}`,
          name: `${streetName} ${number}`,
          country: 'DEU',
          weight: st.weight,
          address: {
            street: `${streetName} ${number}`,
            ...(postcode ? { postcode } : {}),
            city,
            ...(region ? { region } : {}),
          },
          geoId: m?.geoId,
          lat: st.lat,
          lon: st.lon,
        });
      }
      addStreet(
        streets,
        { country: 'DEU', street: streetName, postcode, city, region, geoId: m?.geoId },
        { lat: st.lat, lon: st.lon, w: st.weight },
      );
    }
  }
}

/**
 * Notes the streets of the street stops in `streets`, each in the municipality its place
 * resolves to, with the postcode of that municipality when it has only one.
 */
function addStopStreets(
  geo: Collector,
  stops: Stop[],
  postcodesOf: Map<string, string[]>,
  streets: Map<string, StreetAcc>,
): void {
  for (const s of stops) {
    const place = expandPlace(s.place);
    const m = geo.resolveMunicipality('DEU', place, s);
    if (!m) continue;
    const codes = postcodesOf.get('DEU:' + nameKeyOf(m.name));
    const postcode = codes && codes.length === 1 ? codes[0] : undefined;
    addStreet(
      streets,
      {
        country: 'DEU',
        street: expandStreet(s.street),
        postcode,
        city: m.name,
        region: m.region,
        geoId: m.geoId,
      },
      { lat: s.lat, lon: s.lon, w: 1 },
    );
  }
}

/** Adds one record per street, at the mean of its points, ids by the streets' sorted keys. Returns their number. */
function addStreets(geo: Collector, streets: Map<string, StreetAcc>): number {
  const streetKeys = [...streets.keys()].sort();
  streetKeys.forEach((k, i) => {
    const s = streets.get(k)!;
    let lat = 0,
      lon = 0;
    for (const p of s.pts) {
      lat += p.lat;
      lon += p.lon;
    }
    const c = { lat: lat / s.pts.length, lon: lon / s.pts.length };
    geo.addRecord({
      type: 'street',
      id: 'S' + (i + 1),
      label: `${s.street}, ${s.postcode ? s.postcode + ' ' : ''}${s.city}`,
      name: s.street,
      country: s.country,
      weight: s.weight,
      address: {
        street: s.street,
        ...(s.postcode ? { postcode: s.postcode } : {}),
        city: s.city,
        ...(s.region ? { region: s.region } : {}),
      },
      geoId: s.geoId,
      ...c,
    });
  });
  return streetKeys.length;
}

/**
 * Adds the postcodeWithQuarter records. Every postcode of a city with quarters, with the
 * quarter nearest to where the postcode is: the mean position of the stations with that
 * postcode, else that of the numerically nearest postcode of the same city which has stations
 * (an approximation: no package maps postcodes to quarters or gives their areas). Also every
 * quarter with the postcode of its nearest station within 2.5 km. Vienna's postcodes name
 * their Bezirk exactly (1NN0 is Bezirk NN). Returns the number of records added.
 */
function addPostcodesWithQuarter(geo: Collector, stations: Station[]): number {
  const pwq = new Set<string>();
  const addPwq = (country: Country, code: string, q: CityQuarter) => {
    const id = '3' + (country === 'DEU' ? '276' : '040') + code.padStart(5, '0') + q.id;
    if (pwq.has(id)) return;
    pwq.add(id);
    geo.addRecord({
      type: 'postcodeWithQuarter',
      id,
      label: `${code} ${q.city} - ${q.quarter}`,
      name: code,
      country,
      weight: q.weight,
      address: { postcode: code, quarter: q.quarter, city: q.city, region: q.region },
      geoId: q.id,
      lat: q.lat,
      lon: q.lon,
    });
  };
  const quartersOf = new Map<string, CityQuarter[]>();
  for (const q of geo.cityQuarters)
    (quartersOf.get(q.cityId) ?? quartersOf.set(q.cityId, []).get(q.cityId)!).push(q);
  const stationsByZip = new Map<string, Station[]>();
  for (const st of stations) {
    if (!/^\d{5}$/.test(st.zipcode)) continue;
    (stationsByZip.get(st.zipcode) ?? stationsByZip.set(st.zipcode, []).get(st.zipcode)!).push(st);
  }
  const codesOfCity = new Map<string, string[]>();
  for (const r of geo.records) {
    if (r.type !== 'postcode' || r.country !== 'DEU' || !r.geoId || !quartersOf.has(r.geoId))
      continue;
    (codesOfCity.get(r.geoId) ?? codesOfCity.set(r.geoId, []).get(r.geoId)!).push(
      r.address.postcode!,
    );
  }
  for (const [cityId, codes] of codesOfCity) {
    const qs = quartersOf.get(cityId)!;
    const located = new Map<string, { lat: number; lon: number }>();
    for (const code of codes) {
      const sts = (stationsByZip.get(code) ?? []).filter((st) => dist2(st, qs[0]!) < 40 * 40);
      if (sts.length)
        located.set(code, {
          lat: sts.reduce((t, st) => t + st.lat, 0) / sts.length,
          lon: sts.reduce((t, st) => t + st.lon, 0) / sts.length,
        });
    }
    const known = [...located.keys()].sort();
    if (!known.length) continue;
    for (const code of codes) {
      let at = located.get(code);
      if (!at) {
        let best = known[0]!;
        for (const k of known)
          if (Math.abs(Number(k) - Number(code)) < Math.abs(Number(best) - Number(code))) best = k;
        at = located.get(best)!;
      }
      let near = qs[0]!;
      for (const q of qs) if (dist2(q, at) < dist2(near, at)) near = q;
      addPwq('DEU', code, near);
    }
  }
  const stationsByCity = new Map<string, Station[]>();
  for (const st of stations) {
    if (!/^\d{5}$/.test(st.zipcode)) continue;
    const k = nameKeyOf(cleanCity(st.city));
    (stationsByCity.get(k) ?? stationsByCity.set(k, []).get(k)!).push(st);
  }
  for (const q of geo.cityQuarters) {
    if (q.country === 'AUT') {
      const nr = VIENNA_BEZIRKE.indexOf(q.quarter) + 1;
      if (q.city === 'Wien' && nr > 0) addPwq('AUT', `1${String(nr).padStart(2, '0')}0`, q);
      continue;
    }
    const list =
      stationsByCity.get(nameKeyOf(q.city)) ?? stationsByCity.get(nameKeyOf(coreName(q.city)));
    if (!list) continue;
    let best: Station | undefined,
      bd = Infinity;
    for (const st of list) {
      const d = dist2(st, q);
      if (d < bd) {
        bd = d;
        best = st;
      }
    }
    if (!best || bd > 2.5 * 2.5) continue; // no station within 2.5 km: no postcode we could name
    addPwq('DEU', best.zipcode, q);
  }
  return pwq.size;
}

/**
 * Builds the geography from the data packages, step by step: the sources, the hierarchy of
 * each country, the duplicate places merged, then postcodes, stations and their addresses,
 * streets, and postcodes with quarters. `stats` counts what each step made and times it.
 */
export async function buildGeo(): Promise<GeoData> {
  const t0 = performance.now();
  const stats: Record<string, number> = {};
  const mark = phaseClock(t0, stats);
  const { places, stations, stops, restore } = await readSources();
  stats.places = places.length;
  mark('readPlaces');
  const named = namedQuarterFinder(places, stations, stops.cityStops, stats, restore);
  stats.namedQuarterStops = stops.cityStops.length;
  mark('namedQuarterStops');

  const geo = new Collector();
  const towns: TownContext = { stations, named, restore };
  addCountry(
    geo,
    'DEU',
    '1276',
    'Deutschland',
    germanRegions(places, stations, named, restore),
    towns,
  );
  addCountry(geo, 'AUT', '1040', 'Österreich', austrianRegions(places, named), towns);
  stats.namedQuartersUnknownCities = named.unknownCities().length;
  stats.duplicatesMerged = distinctLabels(geo.records, geo.nodes);
  const quarters = geo.cityQuarters;
  for (let k = quarters.length - 1; k >= 0; k--)
    if (!geo.nodes.has(quarters[k]!.id)) quarters.splice(k, 1);
  stats.hierarchy = geo.records.length;
  mark('hierarchy');

  const postcodesOf = new Map<string, string[]>();
  const de = readGermanPostcodes();
  const deEntries = Object.entries(de).sort(([a], [b]) => (a < b ? -1 : 1));
  addPostcodes(geo, 'DEU', '276', deEntries, postcodesOf);
  stats.postcodesDEU = deEntries.length;
  const at = readAustrianPostcodes();
  const atEntries = Object.entries(at)
    .filter(([, n]) => !/Postfach/i.test(n))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([c, n]): [string, string[]] => [c, [n.replace(/-Parlament$/, '')]]);
  addPostcodes(geo, 'AUT', '040', atEntries, postcodesOf);
  stats.postcodesAUT = atEntries.length;
  mark('postcodes');

  const streets = new Map<string, StreetAcc>();
  addStations(geo, stations, streets);
  stats.stations = stations.length;
  mark('stations');
  const streetStops = stops.filter((s) => looksLikeStreet(s.street));
  mark('readStops');
  stats.streetStops = streetStops.length;
  addStopStreets(geo, streetStops, postcodesOf, streets);
  mark('stopLoop');
  stats.streets = addStreets(geo, streets);
  mark('streets');

  stats.postcodesWithQuarter = addPostcodesWithQuarter(geo, stations);
  stats.records = geo.records.length;
  stats.buildMs = Math.round(performance.now() - t0);
  return { records: geo.records, nodes: geo.nodes, cities: geo.cities, stats };
}

/** `Berlin Köpenick` in Berlin → `Köpenick`; `Hamburg-Mitte` → `Mitte`. */
function stripCityPrefix(name: string, cityNames: string[]): string {
  for (const c of cityNames) {
    if (!c) continue;
    for (const sep of [' ', '-']) {
      if (name.startsWith(c + sep) && name.length > c.length + 1)
        return name.slice(c.length + 1).trim();
    }
  }
  return name;
}

/**
 * GeoNames has some city sections only in ASCII ("Altstadt Sud", "Bilderstoeckchen"): a
 * restorer gives words written with ae/oe/ue, and "Sud", the umlaut spelling that `words`
 * (the other names of the data) use most for the same folded word ("Altstadt Süd",
 * "Bilderstöckchen").
 */
export function umlautRestorer(words: Iterable<string>): Restore {
  /** Spellings with umlauts by folded word, with how often each is seen. */
  const spellings = new Map<string, Map<string, number>>();
  for (const word of words) {
    if (!/[äöüÄÖÜ]/u.test(word) || !/^\p{L}+$/u.test(word)) continue;
    const key = tokenize(word)[0]?.text;
    if (!key) continue;
    const m = spellings.get(key) ?? spellings.set(key, new Map()).get(key)!;
    m.set(word, (m.get(word) ?? 0) + 1);
  }
  return (name) =>
    name.replace(/\p{L}+/gu, (word) => {
      if (/[äöüÄÖÜ]/u.test(word) || !(/.(?:ae|oe|ue)/iu.test(word) || word === 'Sud')) return word;
      const seen = spellings.get(tokenize(word)[0]?.text ?? '');
      if (!seen) return word === 'Sud' ? 'Süd' : word;
      let best = word,
        n = 0;
      for (const [w, c] of seen)
        if (c > n && w[0]!.toLowerCase() === word[0]!.toLowerCase()) {
          best = word[0] + w.slice(1);
          n = c;
        }
      return best;
    });
}

/** Station name parts that name a station's site, not a city quarter. */
const NOT_A_QUARTER =
  /(?:Flughafen|Messe|Hbf|Hauptbahnhof|[Bb]ahnhof|brücke|kreuz|[Tt]or$|[Ss]tra(?:ß|ss)e|[Aa]llee|weg$|[Pp]latz|[Pp]ark|denkmal|[Ss]tadion|ring$|Universität|Uni$|Campus|Klini|krankenhaus|Zoo|[Hh]afen|Arena|Gbf|Rbf|Pbf|Abzw|Awanst|Hp$|Sbf|Ausstellung|Airport|Terminal|Theater|[Mm]useum|werke|gelände|Strand|kai$|Anlage|anlage|warte|wache$|Stadthaus|Rathaus|[Gg]arten|[Ss]ee$|Siedlung|[/\d.&,()])/u;
const DIRECTION =
  /^(?:Nord|Süd|Ost|West|Mitte|Zentrum|Stadtmitte|Nordost|Nordwest|Südost|Südwest|Innenstadt)$/u;

/**
 * City quarters named by DB station names of the form "<city>-<quarter>" ("Köln-Ehrenfeld",
 * "Leipzig-Connewitz"), for a kreisfreie Stadt whose station lies in that city (its postal
 * address says so), where GeoNames has no section of that name. Sites that are not
 * quarters (Messe, Flughafen, streets, parks) and bare directions are left out.
 */
export function stationQuarters(unit: Unit, stations: Station[], restore: Restore): Place[] {
  const core = coreName(unit.name);
  const have = new Set(
    unit.places.map((p) => nameKeyOf(stripCityPrefix(p.name, [unit.name, core]))),
  );
  const esc = core.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`^${esc}(?:\\s*\\([^)]*\\))?(?:-|\\s+)\\s*(\\p{Lu}[\\p{L}. -]+)$`, 'u');
  const out: Place[] = [];
  // the city's main place: a station of a namesake city (Frankfurt (Oder) for Frankfurt am
  // Main, Münster-Sarmsheim for Münster) lies far from it
  const main = [...unit.places].sort(bySeat)[0];
  for (const st of stations) {
    if (coreName(st.city) !== core && st.city !== unit.name) continue;
    if (main && dist2(st, main) > 20 * 20) continue;
    const m = re.exec(st.name);
    if (!m) continue;
    let rest = m[1]!
      .replace(/\s+(?:Nord|Süd|Ost|West|Mitte)$/u, '')
      .replace(/^St(?:\.\s*|\s+)/u, 'St. ')
      .trim();
    const words = rest.split(' ');
    if (words.length > 3 || DIRECTION.test(rest) || NOT_A_QUARTER.test(rest.replace(/^St\. /u, '')))
      continue;
    if (
      words.some((w) => !/^\p{Lu}/u.test(w) && !/^(?:am|an|der|im)$/u.test(w)) ||
      words.some((w) => w.length > 1 && w === w.toUpperCase())
    )
      continue;
    rest = restore(rest);
    const key = nameKeyOf(rest);
    if (have.has(key)) continue;
    have.add(key);
    out.push({
      geonameId: 1_000_000_000 + Number(st.eva),
      name: rest,
      country: 'DE',
      featureCode: 'PPLX',
      adminCode: '',
      muni: unit.key,
      population: 0,
      lat: st.lat,
      lon: st.lon,
    });
  }
  return out;
}

/** Quarter names too common to locate by a stop that merely contains them (only by one starting with them). */
const GENERIC_QUARTER =
  /^(?:mitte|nord|sud|ost|west|zentrum|innenstadt|altstadt|stadtmitte|hafen|neustadt|oststadt|weststadt|sudstadt|nordstadt)$/u;

/**
 * Places the quarters that quarters-de.ts names for a city: each name not already a
 * quarter of the city (folded as search folds) gets the position of, in this order,
 * - a GeoNames city section (PPLX) of that name within 12 km of the city's main place;
 * - the centre of the city's db-hafas-stations stops whose name starts with the quarter's
 *   words ("Eilendorf Severinusplatz, Aachen"), else, unless the name is generic ("Mitte",
 *   "Altstadt"), holds them as words ("Freizeitheim Linden, Hannover"); stops more than
 *   2 km from the median of them are left out as strays;
 * - a DB station "<City>-<Quarter>" or "<City> <Quarter>".
 * Positions farther than 20 km from the main place (30 km in cities of a million) are not
 * taken. A name with none of these is left out and counted (stats.namedQuartersUnplaced), never
 * given an invented position. Returns a function per city, and the cities named in
 * quarters-de.ts that the build never asked for (a misspelt key).
 */
function namedQuarterFinder(
  places: Place[],
  stations: Station[],
  cityStops: Stop[],
  stats: Record<string, number>,
  restore: Restore,
) {
  stats.namedQuarters = 0;
  stats.namedQuartersKnown = 0;
  stats.namedQuartersUnplaced = 0;
  const sections = new Map<string, Place[]>();
  for (const p of places) {
    if (p.featureCode !== 'PPLX') continue;
    const k = nameKeyOf(p.name);
    (sections.get(k) ?? sections.set(k, []).get(k)!).push(p);
  }
  const stopsOf = new Map<string, { words: string[]; lat: number; lon: number }[]>();
  for (const s of cityStops) {
    const k = nameKeyOf(coreName(expandPlace(s.place)));
    (stopsOf.get(k) ?? stopsOf.set(k, []).get(k)!).push({
      words: tokenize(s.street).map((t) => t.text),
      lat: s.lat,
      lon: s.lon,
    });
  }
  const stationAt = new Map<string, Station>();
  for (const st of stations) stationAt.set(nameKeyOf(st.name), st);
  const asked = new Set<string>();
  let serial = 0;
  const ids = new Map<string, number>();
  for (const [city, names] of Object.entries(QUARTERS))
    for (const n of names) if (!ids.has(city + '|' + n)) ids.set(city + '|' + n, ++serial);

  const centreOfStops = (pts: { lat: number; lon: number }[]) => {
    if (!pts.length) return undefined;
    const mid = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!;
    const median = { lat: mid(pts.map((p) => p.lat)), lon: mid(pts.map((p) => p.lon)) };
    const near = pts.filter((p) => dist2(p, median) <= 2 * 2);
    return centreOf(near.map((p) => ({ ...p, w: 1 })));
  };
  const find = (
    city: string,
    main: { lat: number; lon: number },
    have: string[],
    muni: string,
    population: number,
    country: 'DE' | 'AT' = 'DE',
  ): Place[] => {
    // how far from its main place a quarter may lie: Berlin and Hamburg reach 25 km and more
    const reach = population >= 1_000_000 ? 30 : 20;
    const names = QUARTERS[city] ?? [];
    if (!names.length) return [];
    asked.add(city);
    const core = coreName(city);
    // compared as search compares names: folded, without a qualifier ("Porz am Rhein" is "Porz")
    const known = new Set(have.map((n) => nameKeyOf(coreName(restore(n)))));
    const stops = (stopsOf.get(nameKeyOf(core)) ?? []).filter(
      (s) => dist2(s, main) < reach * reach,
    );
    const out: Place[] = [];
    for (const name of names) {
      const key = nameKeyOf(name);
      if (known.has(nameKeyOf(coreName(name)))) {
        stats.namedQuartersKnown!++;
        continue;
      }
      const words = key.split(' ');
      const at = (s: { words: string[] }, i: number) => words.every((w, k) => s.words[i + k] === w);
      let pos: { lat: number; lon: number } | undefined = (sections.get(key) ?? []).find(
        (p) => dist2(p, main) < 12 * 12,
      );
      pos ??= centreOfStops(stops.filter((s) => at(s, 0)));
      if (!pos && !GENERIC_QUARTER.test(key))
        pos = centreOfStops(stops.filter((s) => s.words.some((_, i) => at(s, i))));
      pos ??=
        stationAt.get(nameKeyOf(core + ' ' + name)) ?? stationAt.get(nameKeyOf(city + ' ' + name));
      if (pos && dist2(pos, main) > reach * reach) pos = undefined;
      if (!pos) {
        stats.namedQuartersUnplaced!++;
        continue;
      }
      known.add(nameKeyOf(coreName(name)));
      stats.namedQuarters!++;
      out.push({
        geonameId: 2_000_000_000 + ids.get(city + '|' + name)!,
        name,
        country,
        featureCode: 'PPLX',
        adminCode: '',
        muni,
        population: 0,
        lat: pos.lat,
        lon: pos.lon,
      });
    }
    return out;
  };
  return Object.assign(find, {
    unknownCities: () => Object.keys(QUARTERS).filter((c) => !asked.has(c)),
  });
}

/** Vienna's 23 Bezirke by number (Wiener Stadtverfassung); postcode 1NN0 is Bezirk NN. */
export const VIENNA_BEZIRKE = [
  'Innere Stadt',
  'Leopoldstadt',
  'Landstraße',
  'Wieden',
  'Margareten',
  'Mariahilf',
  'Neubau',
  'Josefstadt',
  'Alsergrund',
  'Favoriten',
  'Simmering',
  'Meidling',
  'Hietzing',
  'Penzing',
  'Rudolfsheim-Fünfhaus',
  'Ottakring',
  'Hernals',
  'Währing',
  'Döbling',
  'Brigittenau',
  'Floridsdorf',
  'Donaustadt',
  'Liesing',
];

/**
 * Vienna's places with every Bezirk among them under its official name: GeoNames has most
 * (its code 9NN is the Bezirk number), some under a part's name ("Fünfhaus"), a few not at
 * all; those get the position of a place GeoNames files under their number, else the city's.
 */
function withViennaBezirke(places: Place[]): Place[] {
  const out = places.map((p) => {
    const nr = p.muni && /^9\d\d$/.test(p.muni) ? Number(p.muni.slice(1)) : 0;
    const official = VIENNA_BEZIRKE[nr - 1];
    return official && official !== p.name && official.includes(p.name)
      ? { ...p, name: official }
      : p;
  });
  const centre = [...out].sort(bySeat)[0];
  VIENNA_BEZIRKE.forEach((name, k) => {
    if (out.some((p) => p.name === name)) return;
    const code = String(901 + k);
    const at = out.find((p) => p.muni === code) ?? centre;
    if (!at) return;
    out.push({
      geonameId: -(901 + k),
      name,
      country: 'AT',
      featureCode: 'PPLX',
      adminCode: '09',
      muni: code,
      population: 0,
      lat: at.lat,
      lon: at.lon,
    });
  });
  return out;
}

/**
 * Gives every place a label of its own, as the real service does: a place listed twice
 * (GeoNames has some city sections under two names that fold alike, e.g. "Köpenick" and
 * "Berlin Köpenick") is kept once, the bigger one, when the two lie within 3 km of each
 * other; towns sharing a name get their Kreis in brackets ("Neustadt (Kreis Harburg)"
 * style: `Neustadt (Harburg)`). Returns the number of records dropped.
 */
function distinctLabels(records: GeoRecord[], nodes: Map<string, GeoNode>): number {
  const groups = new Map<string, GeoRecord[]>();
  for (const r of records) {
    if (!PLACE_TYPES.has(r.type)) continue;
    const k = r.country + '|' + r.label;
    (groups.get(k) ?? groups.set(k, []).get(k)!).push(r);
  }
  const drop = new Set<GeoRecord>();
  const km = (a: GeoRecord, b: GeoRecord) =>
    a.lat === undefined || b.lat === undefined
      ? Infinity
      : Math.hypot(
          (a.lat - b.lat!) * 111,
          (a.lon! - b.lon!) * 111 * Math.cos((a.lat * Math.PI) / 180),
        );
  const relabel = (r: GeoRecord, label: string) => {
    r.label = label;
    r.tokens = tokenize(label);
  };
  for (const list of groups.values()) {
    if (list.length < 2) continue;
    list.sort((a, b) => b.weight - a.weight || (a.id < b.id ? -1 : 1));
    const kept: GeoRecord[] = [];
    for (const r of list) {
      const node = nodes.get(r.id);
      if (kept.some((k) => k.type === r.type && km(k, r) < 3) && node && !node.childIds.length)
        drop.add(r);
      else kept.push(r);
    }
    if (kept.length < 2) continue;
    for (const r of kept) {
      const node = nodes.get(r.id);
      const parent = node?.parentId ? nodes.get(node.parentId) : undefined;
      if (!parent || r.address.quarter) continue; // city quarters and "quarter (town)" carry their place already
      if (r.type === 'quarterOrTown' && parent.type === 'District')
        relabel(r, `${r.label} (${parent.name})`);
    }
  }
  if (!drop.size) return 0;
  for (const r of drop) {
    const node = nodes.get(r.id)!;
    nodes.delete(r.id);
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) parent.childIds = parent.childIds.filter((c) => c !== r.id);
  }
  let w = 0;
  for (const r of records) if (!drop.has(r)) records[w++] = r;
  records.length = w;
  return drop.size;
}
