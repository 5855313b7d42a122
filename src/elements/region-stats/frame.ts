/**
 * region-stats' states without a chart, as pure templates: the loading placeholder, and the
 * stage that holds a sentence (no region yet, no listings, no subregions, an error).
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Strings } from './strings.js';

/** Subregions shown before "show all": enough to read the picture, short enough to pass. */
export const TOP = 10;

/**
 * Grey blocks in the shape of what loads (title, legend, note, ten bars largest first, table,
 * "show all"), filling the reserved height: nothing moves when the data arrives. `types`: the
 * legend's entries; `titled`: the title is known already.
 */
export function skeleton(types: number, titled: boolean): TemplateResult {
  const n = (k: number, cls = 'sk') =>
    Array.from({ length: k }, () => html`<span class=${cls}></span>`);
  return html`<div part="skeleton" aria-hidden="true">
    ${titled ? nothing : html`<span class="sk h"></span>`}
    <div class="lg">${n(types)}</div>
    <span class="sk nt"></span>
    <div class="bars">${n(TOP)}</div>
    <span class="sk cap"></span>
    <div class="rows">${n(TOP + 2)}</div>
    <span class="sk btn"></span>
  </div>`;
}

/**
 * A state without a chart keeps the chart's frame, so the reserved height reads as the
 * element, not as a void: the legend, then the chart's area with its axis and bars in the
 * placeholder's colour (not pulsing: nothing is loading), the sentence and its action where
 * the bars would be, and the table's place.
 */
export function stage(legend: unknown, say: unknown): TemplateResult {
  const bars = html`<div><span></span><span></span><span></span></div>`;
  return html`${legend}
    <div class="stage">
      <div class="axes" aria-hidden="true">${bars}${bars}</div>
      <div class="say">${say}</div>
    </div>`;
}

/** The error box: the sentence, the retry button where a retry can help, and the way back up. */
export function errorBox(
  text: string,
  retry: (() => void) | undefined,
  back: unknown,
  s: Strings,
): TemplateResult {
  const again = retry
    ? html`<button type="button" part="retry" @click=${retry}>${s.retry}</button>`
    : nothing;
  return html`<div part="error" role="alert">
    <p>${text}</p>
    ${retry || back !== nothing ? html`<div class="actions">${again}${back}</div>` : nothing}
  </div>`;
}
