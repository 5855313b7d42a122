/**
 * region-stats' drill-down: which subregions it descends into, the path back up (breadcrumb),
 * and "back to" after a region without subregions. The rules are DOM-free (Node tests in
 * test/node/region-stats-statistic.test.ts); the templates are pure.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Region, Statistic } from './statistic.js';
import type { Strings } from './strings.js';

/** A region above the one shown, for the way back up after a drill-down. */
export interface Crumb {
  code: string;
  name: string;
  /** Its statistic, kept for the way back up (no new request). */
  stat?: Statistic;
}

/**
 * Geocodes the service refused a statistic for (a region without subregions), learnt by one
 * try and kept for the page's life, so that no element offers a drill-down into them.
 */
const LEAVES = new Set<string>();

/** Learns that `code` has no statistic (a refusal without filters). */
export const markLeaf = (code: string): void => void LEAVES.add(code);

/** A subregion the element can descend into: not a Quarter (the lowest level), not a known leaf. */
export const drillable = (r: Region): boolean =>
  !/(^|:)Quarter$/.test(r.type ?? '') && !LEAVES.has(r.geoCodeId);

/** The path without its statistics: counts made with other filters or types are asked for again. */
export const withoutCounts = (trail: readonly Crumb[]): Crumb[] =>
  trail.map(({ code, name }) => ({ code, name }));

/** A step up: the region of `trail[i]`, with the path above it. */
export type StepUp = (trail: Crumb[], to: Crumb) => void;

/** The path back up after a drill-down, ending in the region shown (`name`). */
export function breadcrumb(trail: Crumb[], name: string, s: Strings, up: StepUp): unknown {
  if (!trail.length) return nothing;
  return html`<nav part="breadcrumb" aria-label=${s.path}>
    <ol>
      ${trail.map(
        (c, i) =>
          html`<li>
            <button
              type="button"
              class="link"
              aria-label=${s.back(c.name)}
              @click=${() => up(trail.slice(0, i), c)}
            >
              ${c.name}
            </button>
          </li>`,
      )}
      <li aria-current="page">${name}</li>
    </ol>
  </nav>`;
}

/** "Back to <region>" after a drill-down into a region that has no subregions (or was refused). */
export function backUp(trail: Crumb[], s: Strings, up: StepUp): TemplateResult | typeof nothing {
  const to = trail.at(-1);
  return to
    ? html`<button type="button" class="secondary" @click=${() => up(trail.slice(0, -1), to)}>
        ${s.back(to.name)}
      </button>`
    : nothing;
}
