/**
 * Size report of dist/: every file raw and gzip, and for each script-tag bundle what a page
 * really pays: the file plus every chunk it imports statically (dynamic imports, such as
 * the XML parser, are listed apart because they load only on demand).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, dirname, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const gz = (buf: Buffer) => gzipSync(buf, { level: 9 }).length;
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
  return { text: lines.join('\n'), failures, paid: paidBytes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { text, failures } = sizeReport();
  console.log(text);
  if (failures.length) process.exitCode = 1;
}
