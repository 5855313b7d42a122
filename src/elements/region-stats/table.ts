/**
 * region-stats' table as a pure template: the chart's numbers, in the chart's series, sortable
 * by each column. A function of the data and the element's words, no element state.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { formatNumber, type Lang } from '../../shared/i18n.js';
import { OTHER, TOTAL, type Region, type Sort } from './statistic.js';
import type { Choice, Shown } from './view.js';
import { typeLabel, type Strings } from './strings.js';

/** What the table shows. */
export interface TableData extends Shown {
  /** The number columns (statistic.ts, columnsOf) and a row's value in each. */
  columns: readonly string[];
  value: (r: Region, key: string) => number;
  sort: Sort;
}

/** What the table's buttons do. */
export interface TableActions extends Choice {
  sortBy: (key: string) => void;
}

/** A column's name: a type's label, the total's or the other types'. */
export const columnName = (key: string, lang: Lang, s: Strings): string =>
  key === TOTAL ? s.sum : key === OTHER ? s.otherTypes : key ? typeLabel(lang, key) : s.region;

/**
 * The same numbers as a table, in the chart's series: the region's name sticks to the left
 * edge while the numbers scroll (a phone shows every column that way), zeros are muted, a
 * total column leads when there are several types. The scroll box is a focusable region, so
 * a keyboard scrolls it.
 */
export function table(d: TableData, on: TableActions): TemplateResult {
  const { stat, columns, lang, s } = d;
  const [key, dir] = d.sort;
  const head = (k: string) => {
    const arrow = key === k ? (dir > 0 ? '▲' : '▼') : '↕';
    const sorted = key === k ? (dir > 0 ? 'ascending' : 'descending') : nothing;
    return html`<th scope="col" aria-sort=${sorted}>
      <button type="button" @click=${() => on.sortBy(k)}>
        ${columnName(k, lang, s)}<span class="arrow" aria-hidden="true">${arrow}</span>
      </button>
    </th>`;
  };
  const cell = (r: Region, k: string) => {
    const n = d.value(r, k);
    return html`<td class=${n ? nothing : 'zero'}>${formatNumber(lang, n)}</td>`;
  };
  const row = (r: Region) => {
    const pick = d.clickable(r);
    return html`<tr
      data-code=${r.geoCodeId}
      class=${pick ? 'pick' : nothing}
      @click=${() => pick && on.select(r)}
    >
      <th scope="row">
        ${pick ? html`<button type="button" class="link">${r.name}</button>` : r.name}
      </th>
      ${columns.map((k) => cell(r, k))}
    </tr>`;
  };
  // The name seen is outside the scrolling box (a caption is as wide as the table and would
  // be cut off on a narrow screen); the name heard is the caption, read once with the table.
  return html`<p class="cap" aria-hidden="true">${s.table(stat.parent.name)}</p>
    <div class="scroll">
      <table part="table">
        <caption class="sr">
          ${s.table(stat.parent.name)}
        </caption>
        <thead>
          <tr>
            ${head('')}${columns.map(head)}
          </tr>
        </thead>
        <tbody>
          ${d.rows.map(row)}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">${s.total(stat.parent.name)}</th>
            ${columns.map((k) => cell(stat.parent, k))}
          </tr>
        </tfoot>
      </table>
    </div>`;
}
