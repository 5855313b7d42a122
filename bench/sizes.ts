/**
 * Sizes (`npm run bench sizes`): what a partner's page pays, summed
 * over every file it loads by itself, each file compressed on its own as a browser fetches it
 * (gzip -9 and brotli 11), against the size targets and against a reference build (BEFORE,
 * commit ef25494); then the chunks that load only on demand (English, the v1 adapter, the entity
 * lookup, Floating UI, XML), each with what it adds to the page that asks for it. The files of a page are found by
 * reading dist/ (its relative static imports, and the dynamic imports a page runs by itself:
 * property-text's place field is geo-autocomplete.js), so the figures are those of the files
 * as built. Also the same pages for the other layout of scripts/build-dist.ts (IMMO_LAYOUT),
 * built into a temporary folder.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { TAGS } from '../demo/tags.js';

const gz = (buf: Buffer) => gzipSync(buf, { level: 9 }).length;
const br = (buf: Buffer) =>
  brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
/**
 * Kilobytes of 1000 bytes, as the size targets count them (26.1 kB is 26,141 bytes).
 * zlib's deflate at level 9 comes out 0.2 to 0.6 % above GNU gzip -9; the reference figures
 * (BEFORE) are measured here the same way, so the two compare.
 */
const kb = (n: number) => (n / 1000).toFixed(1);

interface Page {
  name: string;
  /** The page's script tags (files of dist/). */
  scripts: string[];
  /** On-demand chunks the page has loaded too (the XML reader of a signed-in project-picker). */
  plus?: (file: string) => boolean;
  /** The page's size target, kB gzip (and its stretch). */
  target?: number;
  stretch?: number;
}

const isXmlReader = (f: string) => /\/chunks\/(self\/)?xml\.js$/.test(f);

/** The pages with size targets first, then each element alone. */
export const PAGES: Page[] = [
  { name: 'geo-autocomplete alone', scripts: ['geo-autocomplete.js'], target: 19, stretch: 18 },
  {
    name: 'geo-autocomplete + region-stats, one tag each',
    scripts: ['geo-autocomplete.js', 'region-stats.js'],
    target: 34,
  },
  { name: 'all five, one tag each', scripts: TAGS.map((t) => `${t}.js`), target: 60 },
  { name: 'all five, immo-elements.js', scripts: ['immo-elements.js'], target: 64 },
  {
    name: 'a signed-in project-picker, once it runs (+ XML reader)',
    scripts: ['project-picker.js'],
    plus: isXmlReader,
  },
  ...TAGS.slice(1).map((t) => ({
    name: `${t} alone${t === 'property-text' ? ' (with the geo-autocomplete.js of its place field)' : ''}`,
    scripts: [`${t}.js`],
  })),
];

/**
 * The same pages in the reference build (commit ef25494; gzip / brotli kB, dist/ built there
 * and measured by this file). With GNU gzip the first four are 26.1 / 40.0 / 86.8 / 67.4.
 */
export const BEFORE: Record<string, [gzip: number, brotli: number]> = {
  'geo-autocomplete alone': [26.3, 23.6],
  'geo-autocomplete + region-stats, one tag each': [40.3, 36.1],
  'all five, one tag each': [87.5, 78.0],
  'all five, immo-elements.js': [67.9, 57.1],
  'a signed-in project-picker, once it runs (+ XML reader)': [49.9, 44.0],
  'region-stats alone': [25.7, 23.0],
  'contact-realtor alone': [24.6, 21.9],
  'property-text alone (with the geo-autocomplete.js of its place field)': [44.7, 40.0],
  'project-picker alone': [27.5, 24.6],
};

/**
 * Per script-tag bundle, the size target for the page that has it alone (kB gzip), where
 * there is one; bench/floors.ts shows how much of it an element's own code may use.
 */
export const BUDGETS: Record<string, number> = {
  'geo-autocomplete.js': 19,
  'immo-elements.js': 64,
};

const STATIC_RE = /(?:import|export)\s*(?:[^'"()]*?from\s*)?["'](\.[^"']+)["']/g;
const DYNAMIC_RE = /import\(\s*["'](\.[^"']+)["']\s*\)/g;

function imports(file: string, re: RegExp): string[] {
  if (!existsSync(file)) return [];
  return [...readFileSync(file, 'utf8').matchAll(re)].map((m) => resolve(dirname(file), m[1]!));
}

/**
 * Dynamic imports a page runs by itself in default use: property-text's place field, and
 * geo-autocomplete's list code (chunks/geo-combobox.js, loaded when the browser is idle
 * after the text box is on screen, or at the first focus).
 */
const runsByItself = (from: string, to: string) =>
  (basename(from) === 'property-text.js' && basename(to) === 'geo-autocomplete.js') ||
  basename(to) === 'geo-combobox.js';
const isGeoCombobox = (f: string) => basename(f) === 'geo-combobox.js';
const isFloating = (f: string) => /\/chunks\/(self\/)?floating-ui\.js$/.test(f);

/**
 * The files a page loads: its scripts, their static imports, the dynamic imports it runs by
 * itself, and the on-demand chunks `plus` names; and the on-demand chunks it can reach.
 */
export function pageFiles(
  distDir: string,
  scripts: string[],
  plus: (f: string) => boolean = () => false,
): { loaded: string[]; onDemand: string[] } {
  const loaded = new Set<string>();
  const onDemand = new Set<string>();
  const walk = (f: string) => {
    if (loaded.has(f)) return;
    loaded.add(f);
    for (const s of imports(f, STATIC_RE)) walk(s);
    for (const d of imports(f, DYNAMIC_RE)) {
      if (runsByItself(f, d) || plus(d)) walk(d);
      else onDemand.add(d);
    }
  };
  for (const s of scripts) walk(join(distDir, s));
  // What an on-demand chunk imports statically loads with it (an element's English imports the shared English).
  for (const d of [...onDemand])
    for (const s of imports(d, STATIC_RE)) if (!loaded.has(s)) onDemand.add(s);
  return { loaded: [...loaded], onDemand: [...onDemand].filter((f) => !loaded.has(f)) };
}

interface Sized {
  file: string;
  gzip: number;
  brotli: number;
}
const sized = (file: string): Sized => {
  const buf = existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
  return { file, gzip: gz(buf), brotli: br(buf) };
};
const sum = (xs: Sized[]) =>
  xs.reduce((a, x) => ({ file: '', gzip: a.gzip + x.gzip, brotli: a.brotli + x.brotli }), {
    file: '',
    gzip: 0,
    brotli: 0,
  });

export interface PageFigures {
  page: Page;
  files: Sized[];
  gzip: number;
  brotli: number;
}

/** Every page's files and sums for the dist/ folder given. */
export function pages(distDir = resolve('dist')): PageFigures[] {
  return PAGES.map((page) => {
    const files = pageFiles(distDir, page.scripts, page.plus).loaded.map(sized);
    const t = sum(files);
    return { page, files, gzip: t.gzip, brotli: t.brotli };
  });
}

/** What kind of on-demand chunk a file is. */
function demandKind(file: string): string {
  const f = basename(file);
  if (f.endsWith('.en.js')) return 'English strings';
  if (/v1/.test(f)) return 'v1 adapter (api="v1")';
  if (/entity/.test(f))
    return "entity lookup (geo-autocomplete's resolve, property-text's picked place)";
  if (/floating|position/.test(f)) return 'Floating UI (the popup, first opening)';
  if (/multiple/.test(f)) return 'geo-autocomplete multiple (the chips)';
  if (/xml/.test(f)) return 'XML';
  return 'other';
}

function pageTable(
  title: string,
  figures: PageFigures[],
  distDir: string,
  detail: boolean,
): { lines: string[]; failures: string[] } {
  const failures: string[] = [];
  const lines = [
    title,
    `  ${'page'.padEnd(72)}${'files'.padStart(6)}${'gzip kB'.padStart(9)}${'brotli kB'.padStart(11)}   before (gzip / brotli), target`,
  ];
  for (const f of figures) {
    const before = BEFORE[f.page.name];
    const notes: string[] = [];
    if (before) {
      notes.push(`before ${before[0]} / ${before[1]}`);
      if (Number(kb(f.gzip)) > before[0])
        failures.push(`${f.page.name}: ${kb(f.gzip)} kB, bigger than before (${before[0]})`);
    }
    if (f.page.target !== undefined) {
      const ok = Number(kb(f.gzip)) <= f.page.target;
      notes.push(
        `target ≤ ${f.page.target}${f.page.stretch ? ` (stretch ${f.page.stretch})` : ''} ${ok ? (f.page.stretch && Number(kb(f.gzip)) <= f.page.stretch ? 'met, stretch too' : 'met') : 'MISSED'}`,
      );
      if (!ok) failures.push(`${f.page.name}: ${kb(f.gzip)} kB > ${f.page.target} kB`);
    }
    lines.push(
      `  ${f.page.name.padEnd(72)}${String(f.files.length).padStart(6)}${kb(f.gzip).padStart(9)}${kb(f.brotli).padStart(11)}   ${notes.join(', ')}`,
    );
    if (detail)
      for (const x of f.files)
        lines.push(
          `      ${relative(distDir, x.file).padEnd(68)}${''.padStart(6)}${kb(x.gzip).padStart(9)}${kb(x.brotli).padStart(11)}`,
        );
  }
  return { lines, failures };
}

/**
 * The whole report: every dist file, the pages with their files (gzip and brotli, each on its
 * own and summed), the on-demand chunks, and the pages in the other layout.
 */
export function sizeReport(
  distDir = resolve('dist'),
  otherLayout = true,
): { text: string; failures: string[]; paid: Record<string, number> } {
  const lines: string[] = [
    'dist files (kB):',
    `  ${'file'.padEnd(48)}${'raw'.padStart(9)}${'gzip'.padStart(9)}${'brotli'.padStart(9)}`,
  ];
  for (const f of listJs(distDir)) {
    const s = sized(f);
    lines.push(
      `  ${relative(distDir, f).padEnd(48)}${kb(statSync(f).size).padStart(9)}${kb(s.gzip).padStart(9)}${kb(s.brotli).padStart(9)}`,
    );
  }
  const figures = pages(distDir);
  const table = pageTable(
    '\nwhat a page loads by itself (each file compressed on its own, then summed), against the reference build (ef25494) and the size targets:',
    figures,
    distDir,
    true,
  );
  lines.push(...table.lines);

  // The on-demand chunks: what each adds to a page the first time it is asked for.
  lines.push('', 'on demand (loaded the first time a page asks; not in the figures above):');
  const from = new Map<string, string[]>();
  for (const script of [...TAGS.map((t) => `${t}.js`), 'immo-elements.js']) {
    for (const d of pageFiles(distDir, [script]).onDemand)
      from.set(d, [...(from.get(d) ?? []), script]);
  }
  const byKind = new Map<string, string[]>();
  for (const d of from.keys()) byKind.set(demandKind(d), [...(byKind.get(demandKind(d)) ?? []), d]);
  for (const [kind, files] of [...byKind].sort()) {
    lines.push(`  ${kind}:`);
    for (const d of files.sort()) {
      const s = sized(d);
      lines.push(
        `    ${relative(distDir, d).padEnd(44)}${kb(s.gzip).padStart(7)} gzip${kb(s.brotli).padStart(7)} brotli   (from ${from.get(d)!.join(', ')})`,
      );
    }
  }
  // An English page: what the English of each single-element page adds (its chunk and the kernel's).
  lines.push("  an English page adds (the element's strings and the kernel's, once per page):");
  for (const t of TAGS) {
    const en = pageFiles(distDir, [`${t}.js`]).onDemand.filter((f) => f.endsWith('.en.js'));
    const s = sum(en.map(sized));
    if (en.length)
      lines.push(
        `    ${`${t} alone`.padEnd(44)}${kb(s.gzip).padStart(7)} gzip${kb(s.brotli).padStart(7)} brotli   (${en.map((f) => relative(distDir, f)).join(' + ')})`,
      );
  }
  const five = pageFiles(
    distDir,
    TAGS.map((x) => `${x}.js`),
  ).onDemand.filter((f) => f.endsWith('.en.js'));
  const s5 = sum(five.map(sized));
  lines.push(
    `    ${'all five'.padEnd(44)}${kb(s5.gzip).padStart(7)} gzip${kb(s5.brotli).padStart(7)} brotli   (${five.length} files)`,
  );

  // geo-autocomplete's text box renders before its list code (chunks/geo-combobox.js) is
  // there; a visitor's first use adds Floating UI (the popup's first opening).
  lines.push(
    '',
    'geo-autocomplete, before interaction (what its first render waits for) and after first use (+ the list code, at idle or first focus, + Floating UI):',
  );
  for (const script of ['geo-autocomplete.js', 'immo-elements.js']) {
    const { loaded, onDemand } = pageFiles(distDir, [script]);
    const before = sum(loaded.filter((f) => !isGeoCombobox(f)).map(sized));
    const after = sum([...loaded, ...onDemand.filter(isFloating)].map(sized));
    const added = [...loaded.filter(isGeoCombobox), ...onDemand.filter(isFloating)];
    lines.push(
      `  ${script.padEnd(24)}before ${kb(before.gzip).padStart(5)} gzip ${kb(before.brotli).padStart(5)} brotli   after first use ${kb(after.gzip).padStart(5)} gzip ${kb(after.brotli).padStart(5)} brotli   (+ ${added.map((f) => relative(distDir, f)).join(' + ')})`,
    );
  }

  const failures = [...table.failures];
  if (otherLayout) lines.push('', layoutReport(distDir));
  const paid: Record<string, number> = {};
  for (const f of figures)
    if (f.page.scripts.length === 1 && !f.page.plus) paid[f.page.scripts[0]!] = f.gzip;
  return { text: lines.join('\n'), failures, paid };
}

function listJs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? listJs(join(dir, e.name))
        : e.name.endsWith('.js')
          ? [join(dir, e.name)]
          : [],
    )
    .sort();
}

/** The pages for the layout dist/ was not built with, built into a temporary folder. */
export function layoutReport(distDir = resolve('dist')): string {
  const other = mkdtempSync(join(tmpdir(), 'immo-layout-'));
  try {
    const current = existsSync(join(distDir, 'chunks', 'runtime.js')) ? 'shared' : 'self';
    const alt = current === 'shared' ? 'self' : 'shared';
    execFileSync('npx', ['tsx', 'scripts/build-dist.ts'], {
      stdio: 'inherit',
      env: { ...process.env, IMMO_DIST: other, IMMO_LAYOUT: alt },
    });
    const name =
      alt === 'shared'
        ? 'element files sharing dist/chunks/runtime.js'
        : 'self-contained element files';
    return pageTable(
      `the same pages with the other layout (IMMO_LAYOUT=${alt}: ${name}), for comparison:`,
      pages(other),
      other,
      false,
    ).lines.join('\n');
  } finally {
    rmSync(other, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { text, failures } = sizeReport(resolve(process.argv[2] ?? 'dist'), !process.argv[2]);
  console.log(text);
  if (failures.length) process.exitCode = 1;
}
