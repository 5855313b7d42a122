/**
 * region-stats' chart and legend as pure templates: functions of the data and the element's
 * words, no element state. The labels' measurement is measure.ts, their breaking wrap.ts.
 */
import { html, nothing, svg, type TemplateResult } from 'lit';
import { formatNumber, type Lang } from '../../shared/i18n.js';
import { step } from '../../shared/listbox.js';
import type { Labels } from './measure.js';
import { countOf, SERIES, totalOf, type Region, type Statistic } from './statistic.js';
import type { Choice, Shown } from './view.js';
import { typeLabel, type Strings } from './strings.js';

/** What the chart draws. */
export interface ChartData extends Shown {
  /** The types drawn one by one, and the ones drawn together as "other types". */
  series: readonly string[];
  rest: readonly string[];
  /** The largest total of a subregion: the bars' scale. */
  max: number;
  /** The width to draw for. */
  width: number;
  /** The label column and the rows' labels in a chart `W` wide (measure.ts). */
  labels: (rows: readonly Region[], W: number) => Labels;
  /** The subregion with the chart's one tab stop (the first one that can be chosen, if not). */
  focus: string;
}

/** What the chart's bars do. */
export interface ChartActions extends Choice {
  /** A bar group took the focus. */
  focused: (code: string) => void;
}

/** Arrow keys, Home and End move the chart's tab stop between bar groups; Enter and Space choose one. */
function chartKey(e: KeyboardEvent, focused: (code: string) => void): void {
  const chart = e.currentTarget as SVGSVGElement;
  const groups = [...chart.querySelectorAll<SVGGElement>('.bar-group')];
  const i = groups.indexOf(e.target as SVGGElement);
  // The same key map as the listboxes (src/shared/listbox.ts), both axes, clamped.
  const to = step(e.key, i, groups.length, { horizontal: true });
  if (i < 0 || (to === undefined && e.key !== 'Enter' && e.key !== ' ')) return;
  e.preventDefault();
  if (to === undefined) {
    groups[i].dispatchEvent(new MouseEvent('click', { bubbles: true }));
    return;
  }
  const g = groups[to];
  focused(g.dataset.code ?? '');
  g.focus();
}

/**
 * One stacked bar per subregion (one colour per type, in the legend's order), its total at
 * the end; names wrap onto up to four lines (wrap.ts). One tab stop: arrow keys move
 * between the subregions that can be chosen.
 */
export function chart(d: ChartData, on: ChartActions): TemplateResult {
  const { stat, rows, series, rest, max, lang, s } = d;
  const W = Math.max(d.width, 260);
  const n = (x: number) => formatNumber(lang, x);
  // Bars, their numbers and the order are of every type: the types beyond the palette
  // (rest) are one last segment, "other types", so a bar's number is the table's total.
  const every = [...series, ...rest];
  const { width: lw, lines: labels } = d.labels(rows, W);
  const span = W - lw - 56;
  const heights = labels.map((l) => 12 + 14 * Math.max(1, l.length));
  let y = 0;
  const tops = heights.map((h) => (y += h) - h);
  const H = tops.length ? tops.at(-1)! + heights.at(-1)! : 0;
  // Each row is a nested <svg> placed in percentages of the drawing's height: drawn for H
  // (its natural height), the drawing stretches when ChartFit gives it more (rows spread, bars
  // and labels keep their size) without a new render.
  const pct = (v: number) => `${((v / Math.max(H, 1)) * 100).toFixed(3)}%`;
  const row = (i: number, content: unknown) =>
    svg`<svg y=${pct(tops[i]!)} height=${pct(heights[i]!)} width=${W} overflow="visible">${content}</svg>`;
  const clickable = rows.filter(d.clickable);
  const focus = clickable.some((r) => r.geoCodeId === d.focus) ? d.focus : clickable[0]?.geoCodeId;
  // The keys are described only where a bar can be chosen, once: as the chart's description.
  const keys = clickable.length > 0;
  const bar = (r: Region, i: number) => {
    const parts = series.map((t) => `${typeLabel(lang, t)} ${n(countOf(r, t))}`);
    if (rest.length) parts.push(`${s.otherTypes} ${n(totalOf(r, rest))}`);
    const label = `${r.name}: ${n(totalOf(r, every))}; ${parts.join(', ')}`;
    let x = lw;
    const segment = (count: number, j: number) => {
      const w = (count / max) * span;
      const rect = svg`<rect
        x=${x}
        y="50%"
        transform="translate(0 -7)"
        width=${w}
        height="14"
        class="s${j + 1}"
      ></rect>`;
      x += w;
      return rect;
    };
    const bars = series.map((t, j) => segment(countOf(r, t), j));
    if (rest.length) bars.push(segment(totalOf(r, rest), SERIES - 1));
    const inner = row(
      i,
      svg`<rect class="hit" x="1" y="0" width=${W - 2} height="100%" rx="3"></rect>${bars}`,
    );
    return d.clickable(r)
      ? svg`<g
          class="bar-group"
          role="button"
          tabindex=${r.geoCodeId === focus ? 0 : -1}
          data-code=${r.geoCodeId}
          aria-label=${label}
          @click=${() => on.select(r)}
          @focus=${() => on.focused(r.geoCodeId)}
        >${inner}</g>`
      : svg`<g class="bar-row" role="img" aria-label=${label}>${inner}</g>`;
  };
  const text = (r: Region, i: number) => {
    const l = labels[i]!;
    const total = totalOf(r, every);
    const lift = -((l.length - 1) * 14) / 2;
    return row(
      i,
      svg`<text x=${lw - 8} y="50%" transform="translate(0 ${lift})" text-anchor="end">${l.map(
        (line, k) => svg`<tspan x=${lw - 8} dy=${k ? '14' : '0.35em'}>${line}</tspan>`,
      )}</text>
        <text
          class=${total ? 'v' : 'v zero'}
          x=${lw + (total / max) * span + 4}
          y="50%"
          dy="0.35em"
        >${n(total)}</text>`,
    );
  };
  const described = keys ? 'hint' : nothing;
  const keydown = (e: KeyboardEvent) => chartKey(e, on.focused);
  return html`<svg
      part="chart"
      role="group"
      aria-label=${s.chart(stat.parent.name)}
      aria-describedby=${described}
      width=${W}
      height=${H}
      @keydown=${keydown}
    >
      ${rows.map(bar)}
      <g class="labels" aria-hidden="true">${rows.map(text)}</g>
      <line class="axis" x1=${lw} x2=${lw} y1="0" y2="100%"></line>
    </svg>
    ${keys ? html`<p id="hint" hidden>${s.hint}</p>` : nothing}`;
}

/**
 * The legend: what the chart draws, with the region's own counts. With more types than
 * colours the rest are one line, "other types" (the note says so): 21 legend lines would
 * take a phone's reserved height.
 */
export function legend(
  stat: Statistic,
  series: readonly string[],
  rest: readonly string[],
  lang: Lang,
  s: Strings,
): TemplateResult {
  const n = (x: number) => formatNumber(lang, x);
  const others = totalOf(stat.parent, rest);
  return html`<ul part="legend" aria-label=${s.total(stat.parent.name)}>
    ${series.map((t, j) => {
      const c = countOf(stat.parent, t);
      return html`<li class=${c ? nothing : 'zero'}>
        <span class="sw s${j + 1}"></span>
        ${typeLabel(lang, t)} <strong>${n(c)}</strong>
      </li>`;
    })}
    ${
      rest.length
        ? html`<li class=${others ? nothing : 'zero'}>
            <span class="sw s${SERIES}"></span>
            ${s.otherTypes} <strong>${n(others)}</strong>
          </li>`
        : nothing
    }
  </ul>`;
}

/**
 * Before a statistic is there (no region yet, an error): the legend of the types asked for,
 * without counts, in the placeholder's colour.
 */
export function askedLegend(types: readonly string[], lang: Lang, s: Strings): TemplateResult {
  const item = (label: string) => html`<li><span class="sw"></span>${label}</li>`;
  return html`<ul part="legend" class="asked" aria-label=${s.kinds}>
    ${types.length ? types.map((t) => item(typeLabel(lang, t))) : item(s.everyKind)}
  </ul>`;
}
