/**
 * Size report of dist/: every file raw and gzip; for each script-tag bundle what a page
 * really pays: the file plus every chunk it imports statically (dynamic imports, such as
 * the XML parser, are listed apart because they load only on demand); and the page
 * scenarios (each element alone, the search page, all five) in gzip and brotli, for the
 * dist/ layout as built and for the other one.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const gz = (buf: Buffer) => gzipSync(buf, { level: 9 }).length;
const br = (buf: Buffer) => brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (n: number) => (n / 1024).toFixed(1);

/** Size budgets from the issues, in KB gzip, without the on-demand XML chunk. */
export const BUDGETS: Record<string, number> = {
  'geo-autocomplete.js': 16,
  'contact-realtor.js': 14,
  'region-stats.js': 12,
  'property-text.js': 18,
  'project-picker.js': 14,
  'immo-elements.js': 45,
};

function listJs(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...listJs(p));
    else if (name.endsWith('.js')) out.push(p);
  }
  return out;
}

const IMPORT_RE = /(?:import|export)\s*(?:[^'"()]*?from\s*)?["'](\.[^"']+)["']/g;
const DYNAMIC_RE = /import\(\s*["'](\.[^"']+)["']\s*\)/g;

function imports(file: string, re: RegExp): string[] {
  // (A file built apart, e.g. geo-autocomplete.js when only property-text was built, is not there.)
  if (!existsSync(file)) return [];
  const src = readFileSync(file, 'utf8');
  return [...src.matchAll(re)].map((m) => resolve(dirname(file), m[1]));
}

/**
 * Everything a page loads for an element in its default use: the file, its static imports,
 * and the chunks it imports dynamically on first use (the client, for instance), but not the
 * chunks that only some uses need (`exempt`: the XML parser, and for property-text the
 * separate geo-autocomplete element). Those are listed apart.
 */
export function closure(entry: string, exempt: (file: string) => boolean): { paid: Set<string>; apart: Set<string> } {
  const paid = new Set<string>();
  const apart = new Set<string>();
  const walk = (f: string) => {
    if (paid.has(f)) return;
    paid.add(f);
    for (const s of imports(f, IMPORT_RE)) walk(s);
    for (const d of imports(f, DYNAMIC_RE)) {
      if (exempt(d)) apart.add(d);
      else walk(d);
    }
  };
  walk(entry);
  for (const p of paid) apart.delete(p);
  return { paid, apart };
}

/** Chunks a budget does not include (see the issues): the XML parser, loaded only for XML. */
const isXml = (f: string) => /\/chunks\/xml/.test(f);
const EXEMPT: Record<string, (f: string) => boolean> = {
  'property-text.js': (f) => isXml(f) || /\/geo-autocomplete(-[\w-]+)?\.js$/.test(f),
};

export function sizeReport(distDir = resolve('dist')): { text: string; failures: string[]; paid: Record<string, number> } {
  const files = listJs(distDir).sort();
  const lines: string[] = ['dist files (KB):', '  file'.padEnd(50) + 'raw'.padStart(9) + 'gzip'.padStart(9)];
  for (const f of files) {
    const buf = readFileSync(f);
    lines.push('  ' + relative(distDir, f).padEnd(48) + kb(buf.length).padStart(9) + kb(gz(buf)).padStart(9));
  }
  lines.push('', 'what a page pays per script tag in default use (file + static imports + chunks loaded on first use, gzip KB each file; XML parser and, for property-text, the geo-autocomplete element apart):');
  const failures: string[] = [];
  const paidBytes: Record<string, number> = {};
  for (const [name, budget] of Object.entries(BUDGETS)) {
    const entry = join(distDir, name);
    try {
      statSync(entry);
    } catch {
      lines.push(`  ${name.padEnd(24)} missing`);
      failures.push(`${name} missing`);
      continue;
    }
    const { paid, apart } = closure(entry, EXEMPT[name] ?? isXml);
    // Gzip each file separately, as a browser fetches them.
    const size = (f: string) => (existsSync(f) ? gz(readFileSync(f)) : 0);
    const total = [...paid].reduce((n, f) => n + size(f), 0);
    const onDemand = [...apart].reduce((n, f) => n + size(f), 0);
    paidBytes[name] = total;
    const ok = total / 1024 <= budget;
    if (!ok) failures.push(`${name} ${kb(total)} KB > ${budget} KB`);
    lines.push(
      `  ${name.padEnd(24)} ${kb(total).padStart(6)} KB  budget ${String(budget).padStart(2)} KB  ${ok ? 'ok  ' : 'OVER'}` +
        `  apart: ${kb(onDemand)} KB (${[...apart].map((d) => relative(distDir, d)).join(', ') || 'none'})`,
    );
  }
  // The page scenarios, for the layout in distDir and the other one (built apart).
  lines.push('', layoutReport(distDir));
  return { text: lines.join('\n'), failures, paid: paidBytes };
}

const TAGS = ['geo-autocomplete', 'region-stats', 'contact-realtor', 'property-text', 'project-picker'];

/**
 * The page scenarios of the kernel issue: what a partner's page loads, in gzip and brotli,
 * each file compressed apart as a browser fetches it, every file counted once.
 */
export const SCENARIOS: { name: string; scripts: string[] }[] = [
  ...TAGS.map((t) => ({ name: `${t} alone`, scripts: [`${t}.js`] })),
  { name: 'search page: geo-autocomplete + region-stats', scripts: ['geo-autocomplete.js', 'region-stats.js'] },
  { name: 'all five, one script tag each', scripts: TAGS.map((t) => `${t}.js`) },
  { name: 'all five, dist/immo-elements.js', scripts: ['immo-elements.js'] },
];

/**
 * The targets (KB gzip), reported, not enforced; TODAY is each element alone before
 * the kernel (self-contained files, measured on 1c9f4a9 with the same rule: property-text
 * counts the geo-autocomplete.js it always loads after it).
 */
const TARGETS: Record<string, number> = { 'geo-autocomplete alone': 18, 'all five, one script tag each': 45, 'all five, dist/immo-elements.js': 45 };
const TODAY: Record<string, number> = {
  'geo-autocomplete alone': 20.4,
  'region-stats alone': 18.3,
  'contact-realtor alone': 18.8,
  'property-text alone': 45.0,
  'project-picker alone': 19.0,
  'all five, dist/immo-elements.js': 59.5,
};

export interface ScenarioFigures {
  name: string;
  gzip: number;
  brotli: number;
  files: number;
}

/**
 * Each scenario's files: the script tags' files with everything they import, statically or
 * dynamically (property-text's address field loads geo-autocomplete.js as soon as it is
 * defined), except the XML chunks, which load only when an element uses XML.
 */
export function scenarios(distDir = resolve('dist')): ScenarioFigures[] {
  return SCENARIOS.map(({ name, scripts }) => {
    const files = new Set<string>();
    for (const s of scripts) for (const f of closure(join(distDir, s), isXml).paid) files.add(f);
    const bufs = [...files].filter((f) => existsSync(f)).map((f) => readFileSync(f));
    return { name, gzip: bufs.reduce((n, b) => n + gz(b), 0), brotli: bufs.reduce((n, b) => n + br(b), 0), files: bufs.length };
  });
}

export function scenarioTable(title: string, figures: ScenarioFigures[]): string {
  const lines = [title, '  scenario'.padEnd(50) + 'files'.padStart(6) + 'gzip KB'.padStart(9) + 'brotli KB'.padStart(11) + '  target / before the kernel (gzip)'];
  for (const f of figures) {
    const target = TARGETS[f.name];
    const today = TODAY[f.name];
    const notes = [
      target !== undefined ? `target ≤ ${target}${Number(kb(f.gzip)) <= target ? ' ok' : ' MISSED'}` : '',
      today !== undefined ? `before ${today}${Number(kb(f.gzip)) <= today ? '' : ' BIGGER'}` : '',
    ].filter(Boolean);
    lines.push(`  ${f.name.padEnd(48)}${String(f.files).padStart(6)}${kb(f.gzip).padStart(9)}${kb(f.brotli).padStart(11)}  ${notes.join(', ')}`);
  }
  return lines.join('\n');
}

/**
 * Both dist/ layouts on the code as it is: the one scripts/build-dist.ts builds by default
 * (from dist/) and the other one, built into a temporary folder. The layout choice in
 * docs/architecture.md rests on these figures.
 */
export function layoutReport(distDir = resolve('dist')): string {
  const other = mkdtempSync(join(tmpdir(), 'immo-layout-'));
  try {
    const current = existsSync(join(distDir, 'chunks', 'runtime.js')) ? 'shared' : 'self';
    const alt = current === 'shared' ? 'self' : 'shared';
    execFileSync('npx', ['tsx', 'scripts/build-dist.ts'], { stdio: 'inherit', env: { ...process.env, IMMO_DIST: other, IMMO_LAYOUT: alt } });
    const name = (l: string) => (l === 'shared' ? 'shared runtime chunk (dist/chunks/runtime.js: what the element files share whole)' : 'self-contained files');
    return [scenarioTable(`page scenarios, dist/ as built: ${name(current)}`, scenarios(distDir)), '', scenarioTable(`page scenarios, the other layout: ${name(alt)}`, scenarios(other))].join('\n');
  } finally {
    rmSync(other, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { text, failures } = sizeReport();
  console.log(text);
  if (failures.length) process.exitCode = 1;
}
