/**
 * Size floors: what a bundle weighs before its element adds a single feature. Each floor is
 * a stand-in entry built exactly as dist/ is (scripts/bundle-options.ts): a LitElement that
 * renders one template with one style, registered with the project's define guard, plus the
 * client operations the real element calls; the all-in-one floor has every operation. The
 * size target for a page (bench/sizes.ts) minus the floor is what is left for the element's own code: its
 * behaviour, markup, styles and German strings (English loads on demand).
 */
import { build } from 'esbuild';
import { minify } from 'terser';
import { gzipSync } from 'node:zlib';
import { resolve } from 'node:path';
import { ESBUILD_OPTIONS, TERSER_OPTIONS } from '../scripts/bundle-options.js';
import { BUDGETS } from './sizes.js';
import type { Tag } from '../demo/tags.js';

const root = resolve(import.meta.dirname, '..');

/** Client operations (src/api/ops.ts) each element's bundle calls, as in its source. */
const OWN_OPS: Record<Tag, string[]> = {
  'geo-autocomplete': ['suggestGeo', 'suggestGeoV1', 'getGeoEntity'],
  'contact-realtor': ['getExpose', 'contactRealtor'],
  'region-stats': ['getStatistic'],
  'property-text': ['generatePropertyText', 'getGeoEntity'],
  'project-picker': [
    'listProjects',
    'listProjectEntries',
    'listOwnRealEstates',
    'addProjectEntries',
  ],
};
export const OPS: Record<Tag | 'immo-elements', string[]> = {
  ...OWN_OPS,
  // The all-in-one bundle calls every operation above once.
  'immo-elements': [...new Set(Object.values(OWN_OPS).flat())],
};
function entry(ops: string[]): string {
  return `import { LitElement, html, css } from 'lit';
import { defineElement } from './src/shared/define.js';
${ops.length ? `import { ClientBase } from './src/api/core.js';\nimport { ${ops.join(', ')} } from './src/api/ops.js';` : ''}
class Floor extends LitElement {
  static properties = { t: {} };
  static styles = css\`:host{display:block}\`;
  run() {
    const c = new ClientBase({ baseUrl: '/restapi/api' });
    return [${ops.map((o) => `${o}(c, this.t)`).join(', ')}];
  }
  render() { return html\`<p @click=\${this.run}>\${this.t}</p>\`; }
}
defineElement('floor-element', Floor);
`;
}

async function gzipOf(contents: string): Promise<number> {
  const r = await build({
    ...ESBUILD_OPTIONS,
    stdin: { contents, resolveDir: root, loader: 'ts' },
    write: false,
    // What dist/ loads on demand (the XML reader and writer) stays out, as there.
    plugins: [
      {
        name: 'on-demand',
        setup: (b) =>
          void b.onResolve({ filter: /.*/ }, (a) =>
            a.kind === 'dynamic-import' ? { path: a.path, external: true } : undefined,
          ),
      },
    ],
  });
  const min = await minify(r.outputFiles[0]!.text, TERSER_OPTIONS);
  return gzipSync(min.code!, { level: 9 }).length;
}

/** kB of 1000 bytes, as bench/sizes.ts counts. */
const kb = (n: number) => (n / 1000).toFixed(1);

/**
 * The floors as a table; `actual` maps a bundle name to the gzip bytes of the page that has it
 * alone (bench/sizes.ts), a budget is the size target for that page where there is one.
 */
export async function floorReport(actual: Record<string, number>): Promise<string> {
  const lit = await gzipOf(entry([]));
  const lines = [
    `size floors (gzip kB, one self-contained file): Lit alone (LitElement, html, css, define guard) ${kb(lit)} kB`,
    '  bundle'.padEnd(26) +
      'floor'.padStart(8) +
      'target'.padStart(8) +
      'left for element code'.padStart(22) +
      'page minus floor'.padStart(20),
  ];
  for (const [name, ops] of Object.entries(OPS)) {
    const floor = await gzipOf(entry(ops));
    const budget = BUDGETS[`${name}.js`];
    const today = actual[`${name}.js`];
    lines.push(
      `  ${name.padEnd(24)}${kb(floor).padStart(8)}${(budget === undefined ? '–' : String(budget)).padStart(8)}${(budget === undefined ? '–' : kb(budget * 1000 - floor)).padStart(22)}${today ? kb(today - floor).padStart(20) : ''}`,
    );
  }
  return lines.join('\n');
}
