/**
 * `npm run bench`: builds dist/, then prints the project's figures — sizes of the
 * script-tag bundles, the sandbox's suggestion throughput and latency, the geo-autocomplete
 * browser harness, and the gateway's overhead. Benchmarks, not tests: they report numbers;
 * the exit code is non-zero only when a page misses its size target or is bigger than the
 * reference build's (bench/sizes.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { sizeReport } from './sizes.js';
import { floorReport } from './floors.js';

const section = (title: string) => console.log(`\n=== ${title} ===`);
const only = process.argv.slice(2);
const want = (name: string) => only.length === 0 || only.includes(name);

if (want('sizes')) {
  section('sizes');
  execFileSync('npx', ['tsx', 'scripts/build-dist.ts'], { stdio: 'inherit' });
  const { text, failures, paid } = sizeReport();
  console.log(text);
  console.log(`\n${await floorReport(paid)}`);
  if (failures.length) {
    console.log(`size targets missed: ${failures.join('; ')}`);
    process.exitCode = 1;
  }
}

const benches: [string, string, string][] = [
  ['sandbox', './sandbox-geo.js', 'benchSandboxGeo'],
  ['geo-autocomplete', './geo-autocomplete.js', 'benchGeoAutocomplete'],
  ['gateway', './gateway.js', 'benchGateway'],
  ['gateway', './gateway.js', 'benchGatewayRedisOutage'],
  ['gateway', './gateway.js', 'benchGatewayCacheBusting'],
  // Layout shift per element on a plain partner page, from dist/ (built by the sizes section).
  ['cls', './cls.js', 'benchCls'],
  // What typing into geo-autocomplete costs the page at 4× CPU slowdown, beside a plain input.
  ['typing', './typing.js', 'benchTyping'],
  ['oversize', './oversize.js', 'benchOversize'],
];
let built = want('sizes');
for (const [name, path, fn] of benches) {
  if (!want(name)) continue;
  section(name);
  if ((name === 'cls' || name === 'typing') && !built) {
    // (the whole build: dist/ alone would leave lib/ emptied, scripts/build-dist.ts)
    execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
    built = true;
  }
  if (!existsSync(new URL(path.replace('.js', '.ts'), import.meta.url))) {
    console.log(`(no ${path.replace('.js', '.ts')} yet)`);
    continue;
  }
  const mod = (await import(path)) as Record<string, () => Promise<string>>;
  console.log(await mod[fn]());
}
