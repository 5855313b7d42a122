/**
 * What region-stats renders of its state: the frame with the path back up and the heading,
 * and in it the loading placeholder, a sentence (frame.ts) or the statistic: legend, notes,
 * chart (chart.ts), table (table.ts) and "show more" (src/shared/pages.ts). It keeps what a
 * render computes while the inputs are the same (cache.ts): a focus move or a resize sorts,
 * scans and measures nothing again.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { headingLevel } from '../../shared/heading.js';
import { formatNumber, type Lang } from '../../shared/i18n.js';
import type { Pages } from '../../shared/pages.js';
import { lastCall } from './cache.js';
import { askedLegend, chart, legend, type ChartActions } from './chart.js';
import { backUp, breadcrumb, type Crumb, type StepUp } from './drilldown.js';
import { errorBox, skeleton, stage, TOP } from './frame.js';
import { ChartLabels } from './measure.js';
import * as rules from './statistic.js';
import type { Region, Sort, Statistic } from './statistic.js';
import type { Strings } from './strings.js';
import { table, type TableActions } from './table.js';

/** The subregions a chart or table shows, what choosing one does, and the words. */
export interface Shown {
  stat: Statistic;
  /** In the sort's order, as many as show. */
  rows: readonly Region[];
  /** Whether choosing a subregion does something. */
  clickable: (r: Region) => boolean;
  lang: Lang;
  s: Strings;
}

/** A subregion chosen (its bar or its row). */
export interface Choice {
  select: (r: Region) => void;
}

export type Status = 'idle' | 'loading' | 'ready' | 'error';

/** The element's state, as a render reads it. */
export interface ViewState {
  status: Status;
  stat?: Statistic;
  /** The error sentence (status 'error'), and whether a retry can help. */
  error: string;
  canRetry: boolean;
  trail: Crumb[];
  /** The title of the region being loaded, known from the click that led to it. */
  name: string;
  headingLevel: string | number;
  /** The `real-estate-types` asked for, and whether the visitor asked for every type instead. */
  realEstateTypes: unknown;
  everyType: boolean;
  sort: Sort;
  /** The subregion with the chart's tab stop. */
  focus: string;
  /** The chart's width, and the labels' font ('' where it is estimated: measure.ts). */
  width: number;
  font: string;
  /** Whether choosing a subregion does something. */
  clickable: (r: Region) => boolean;
  lang: Lang;
  s: Strings;
}

/** What the view's buttons do. */
export interface ViewActions extends ChartActions, TableActions {
  retry: () => void;
  step: StepUp;
  everyType: () => void;
}

/** An element's view, with what its renders compute kept. */
export class StatisticView {
  readonly #pages: Pages<'subregions'>;
  readonly #labels = new ChartLabels();
  readonly #types = lastCall(rules.typesOf);
  readonly #series = lastCall(rules.seriesOf);
  readonly #columns = lastCall(rules.columnsOf);
  readonly #sorted = lastCall(rules.sortRows);
  readonly #largest = lastCall(rules.largest);

  /** `pages`: how many subregions show. */
  constructor(pages: Pages<'subregions'>) {
    this.#pages = pages;
  }

  /** Whether the element shows a sentence (idle, empty, an error) instead of a chart. */
  #message(v: ViewState): boolean {
    if (v.status === 'loading') return false;
    if (v.status !== 'ready' || !v.stat) return true;
    return rules.noListings(v.stat, this.#types(v.stat));
  }

  render(v: ViewState, on: ViewActions, announcer: unknown): TemplateResult {
    const name = v.status === 'ready' && v.stat ? v.stat.parent.name : v.name;
    const message = this.#message(v) ? 'message' : '';
    const busy = v.status === 'loading' ? 'true' : 'false';
    return html`<div class="frame ${v.status} ${message}" aria-busy=${busy}>
      ${breadcrumb(v.trail, name, v.s, on.step)}
      ${
        name
          ? html`<div
              part="heading"
              role="heading"
              aria-level=${headingLevel(v.headingLevel)}
              tabindex="-1"
            >
              ${name}
            </div>`
          : nothing
      }
      ${this.#body(v, on)} ${announcer}
    </div>`;
  }

  #body(v: ViewState, on: ViewActions): unknown {
    const { stat, lang, s } = v;
    if (v.status === 'loading') {
      const types = rules.askedTypes(v.realEstateTypes).length || 4;
      return skeleton(Math.min(rules.SERIES, types), !!v.name);
    }
    const asked = () =>
      askedLegend(v.everyType ? [] : rules.knownTypes(v.realEstateTypes), lang, s);
    const back = backUp(v.trail, s, on.step);
    if (v.status === 'error')
      return stage(asked(), errorBox(v.error, v.canRetry ? on.retry : undefined, back, s));
    if (v.status === 'idle' || !stat) return stage(asked(), html`<p part="empty">${s.idle}</p>`);
    const types = this.#types(stat);
    const all = stat.children;
    const [series, rest] = this.#series(stat, types);
    const key = legend(stat, series, rest, lang, s);
    // A region without subregions still has its own counts: the legend shows them.
    if (!all.length)
      return stage(
        key,
        html`<p part="empty">${s.noChildren(stat.parent.name)}</p>
          ${back}`,
      );
    // No listings at all: one sentence, not a table of zeros, and where types were chosen the way to every type.
    if (this.#message(v)) {
      const every =
        rules.str(v.realEstateTypes) && !v.everyType
          ? html`<button type="button" class="secondary" @click=${on.everyType}>
              ${s.everyType}
            </button>`
          : nothing;
      return stage(
        key,
        html`<p part="empty">${s.empty(stat.parent.name)}</p>
          ${every}`,
      );
    }
    const [by, dir] = v.sort;
    const rows = this.#pages.rows('subregions', this.#sorted(stat, types, by, dir, lang));
    const n = (x: number) => formatNumber(lang, x);
    const largestFirst = by === rules.TOTAL && dir < 0;
    const labels = (shown: readonly Region[], W: number) => this.#labels.of(shown, W, v.font);
    const max = this.#largest(stat, types);
    const columns = this.#columns(stat, types);
    const value = (r: Region, k: string) => rules.valueOf(r, k, types, rest);
    const { clickable, focus, width } = v;
    return html`${key}
      ${
        rest.length
          ? html`<p class="note">${s.more(n(series.length), n(rest.length))}</p>`
          : nothing
      }
      ${
        rows.length < all.length
          ? html`<p class="note">${s.top(n(rows.length), n(all.length), largestFirst)}</p>`
          : nothing
      }
      <div class="chart-wrap">
        ${chart({ stat, rows, series, rest, max, width, labels, focus, clickable, lang, s }, on)}
      </div>
      ${table({ stat, rows, columns, value, sort: v.sort, clickable, lang, s }, on)}
      ${this.#pages.toggle(
        'subregions',
        all.length,
        { all: s.showAll(n(all.length)), first: s.showTop(n(TOP)) },
        'secondary more',
      )}`;
  }
}
