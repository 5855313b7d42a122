/**
 * `<region-stats>`, the element: it keeps its inputs and state, the statistic's request and
 * what it makes of the answer, the choice of a subregion and the drill-down's steps. The other
 * jobs went to modules of their own: the data checks, counts, sort and request checks to
 * statistic.ts; the words of a failed request to wording.ts; the link to a geo-autocomplete
 * field to follow.ts; the drill-down's rules, breadcrumb and "back to" to drilldown.ts; what
 * it renders of its state to view.ts, with the chart and legend in chart.ts, the table in
 * table.ts, the loading and sentence states in frame.ts (pure templates); text measurement and
 * the chart's size to measure.ts (label breaking in wrap.ts); the cache of what a render
 * computes to cache.ts; "show more" to the kernel's pager (src/shared/pages.ts).
 */
import { LitElement, isServer, type PropertyValues, type TemplateResult } from 'lit';
import type { ClientBase } from '../../api/core.js';
import { getStatistic } from '../../api/ops.js';
import type { GeoHierarchyStatistic, StatisticQuery } from '../../api/types.js';
import { Announcer } from '../../shared/announce.js';
import { Connection, LANG_PROPERTY } from '../../shared/client.js';
import { canRetry } from '../../shared/failure.js';
import { serverRendered } from '../../shared/hydration.js';
import { LocalizeController, formatNumber, type Lang } from '../../shared/i18n.js';
import { Pages } from '../../shared/pages.js';
import { RequestController } from '../../shared/request.js';
import { drillable, markLeaf, withoutCounts, type Crumb } from './drilldown.js';
import { RegionSelectEvent, StatsLoadedEvent } from './events.js';
import { GeoFieldLink } from './follow.js';
import { TOP } from './frame.js';
import { ChartFit } from './measure.js';
import { styles } from './region-stats.styles.js';
import {
  checkStatistic,
  DEFAULT_SORT,
  namedStatistic,
  nextSort,
  requestOf,
  sortFor,
  str,
  type Region,
  type Sort,
  type Statistic,
} from './statistic.js';
import { STRINGS, type Strings } from './strings.js';
import { columnName } from './table.js';
import { StatisticView, type Status, type ViewActions } from './view.js';
import { describe, filtersSet, refused } from './wording.js';

export { countOf } from './statistic.js';

/** Inputs whose change reloads the statistic of the region shown. */
const RELOADING = [
  'realEstateTypes',
  'customerNumber',
  'username',
  'channel',
  'format',
  'baseUrl',
  'client',
] as const;
/**
 * Rows one "show more" adds at most: a statistic of thousands of subregions is shown a page
 * at a time, so no render lays out thousands of rows. A row here is a bar and a table row.
 */
const PAGE = 200;

/**
 * Listing counts of a region and its direct subregions per real estate type, as a stacked bar
 * chart (SVG drawn by the element) and as a sortable table: largest subregions first, the ten
 * largest with "show all" for the rest, drill-down offered only where subregions can exist.
 *
 * @summary Listing counts of a region and its subregions, as a chart and a table.
 * @tag region-stats
 *
 * @attr lang - Language of the texts: `de` (default) or `en`; an ancestor's `lang` counts too.
 *
 * @csspart heading - The name of the region shown, a heading at `heading-level` (focused after a
 *   drill-down).
 * @csspart breadcrumb - The path back up after a drill-down (a `nav`).
 * @csspart legend - The series legend with the region's own counts per type.
 * @csspart chart - The SVG bar chart, one bar group per subregion.
 * @csspart table - The table of the same numbers.
 * @csspart skeleton - The placeholder while loading.
 * @csspart empty - The idle, no-subregions and no-listings sentences, in the chart's area of the
 *   reserved height (its axis and bars drawn still in --immo-color-skeleton around them).
 * @csspart error - The error message.
 * @csspart retry - The retry button of the error state.
 *
 * @cssprop [--immo-region-stats-series-1=#0072b2] - Colour of the first type's bars (dark
 *   #56b4e9). The eight defaults are distinct hues, each at least 3:1 against white and against
 *   #1c1c1f.
 * @cssprop [--immo-region-stats-series-2=#a66a00] - Colour of the second type's bars (dark
 *   #e69f00).
 * @cssprop [--immo-region-stats-series-3=#007a5a] - Colour of the third type's bars (dark #00b386).
 * @cssprop [--immo-region-stats-series-4=#c7430e] - Colour of the fourth type's bars (dark
 *   #ff7a33).
 * @cssprop [--immo-region-stats-series-5=#00829b] - Colour of the fifth type's bars (dark #4fc6d9).
 * @cssprop [--immo-region-stats-series-6=#8a4fb0] - Colour of the sixth type's bars (dark #c49bf0).
 * @cssprop [--immo-region-stats-series-7=#b8407f] - Colour of the seventh type's bars (dark
 *   #e08cbf).
 * @cssprop [--immo-region-stats-series-8=#5f6368] - Colour of the eighth type's bars (dark
 *   #c8c8cc; with more than eight types, the bars of the other types together, after the seven most
 *   frequent; the table groups them as the chart does).
 * @cssprop [--immo-color-skeleton=color-mix(in srgb, currentColor 13%, transparent)] - Colour of
 *   the loading placeholder's shapes (shared by the five elements).
 * @cssprop [--immo-region-stats-height=900px] - The element's height in every state but "show all"
 *   (loading, loaded, empty, error): the chart takes what the rest leaves, so nothing under the
 *   element moves when its data arrives. Use the same value in the page's `:not(:defined)` rule; `0`
 *   lets the element take its content's height.
 * @cssprop [--immo-region-stats-chart-height=640px] - Height from which the chart scrolls.
 * @cssprop [--immo-font-family=system-ui, sans-serif] - Font family.
 * @cssprop [--immo-font-size=14px] - Font size.
 * @cssprop [--immo-color-text] - Text colour; unset, the page's text colour.
 * @cssprop [--immo-color-text-muted] - Notes; unset, the text colour at 72 %.
 * @cssprop [--immo-color-surface=transparent] - Background of the element.
 * @cssprop [--immo-color-accent=#0b5cad] - Links, focus outline and the focused bar (dark #7db7f5).
 * @cssprop [--immo-color-border=#8a8f98] - Table rules, axis and bar hover (dark #8f8f98).
 * @cssprop [--immo-color-error=#b3261e] - The error box (dark #ff8a80).
 * @cssprop [--immo-radius=6px] - Corner radius of the error box and the retry button.
 * @cssprop [--immo-focus-ring=0 0 0 3px #0b5cad73] - Focus ring of buttons, a box-shadow around
 *   the accent-coloured outline.
 * @cssprop [--immo-space=12px] - Padding of the error box.
 *
 * @fires {RegionSelectEvent} region-select - A visitor chose a subregion; carries `geocode`,
 *   `name` and `region` (also in `detail`). Cancelable: cancelling stops the `drilldown`.
 * @fires {StatsLoadedEvent} stats-loaded - A statistic arrived from the service; carries `geocode`
 *   and the parsed `statistic` (also in `detail`). Not fired for the `data` property.
 * @fires {FailureEvent} request-failed - The statistic could not be loaded; carries `operation`
 *   ('statistic'), `kind`, the `text` shown and the client's `error` (status, message codes) for
 *   developers.
 */
export class RegionStats extends LitElement {
  static override styles = styles;
  /** The strings of its language; renders wait for English (src/shared/i18n.ts). */
  readonly #i18n = new LocalizeController(this, STRINGS);
  /** `client` or the shared client for `base-url`, and the language (an ancestor's included). */
  readonly #conn = new Connection(this);
  readonly #say = new Announcer(this);
  /** The statistic request: abort, stale answers, resume on reconnect, failure report (src/shared/request.ts). */
  readonly #req = new RequestController<
    [string, Omit<StatisticQuery, 'geocode'>, 'json' | 'xml'],
    Statistic
  >(this, {
    operation: 'statistic',
    lang: () => this.#lang,
    task: async (signal, geocode, query, format) =>
      namedStatistic(
        await getStatistic(this.#conn.client, { ...query, geocode }, { signal, format }),
      ),
    onComplete: (stat) => this.#accept(stat, true),
    onError: (err) => {
      // A refusal without filters: the region has no subregions; stop offering a drill-down into it.
      if (refused(err) && !filtersSet(this).length) markLeaf(this._code);
      this.#fail(() => this.#req.text(this.#lang), canRetry(err));
    },
    describe: (err, lang) => describe(err, lang, this._code, this._name, this),
  });
  /** The followed geo-autocomplete field (`for`, `forElement`). */
  readonly #field = new GeoFieldLink(this, {
    element: () => this.forElement,
    id: () => this.htmlFor,
    pick: ({ code, label }) => this.#picked(code, label),
    emptied: () => {
      this.#req.abort();
      this._trail = [];
      if (this.geocode) this.geocode = '';
      else this.#show([], '', '');
    },
  });
  /** The subregions shown: the TOP largest, then a page at a time (src/shared/pages.ts). */
  readonly #pages = new Pages<'subregions'>(this, {
    first: TOP,
    page: PAGE,
    words: () => {
      const n = (x: number) => formatNumber(this.#lang, x);
      const s = STRINGS[this.#lang];
      return {
        more: (_, added, all) => s.showMore(n(added), n(all)),
        said: (_, shown, all) => s.top(n(shown), n(all), false),
      };
    },
    say: (text) => this.#say.say(text),
  });
  /** The chart's width, and its height in the reserved height (measure.ts). */
  readonly #fit = new ChartFit(this, () => this.#pages.expanded('subregions'));
  /** What it renders of its state (view.ts). */
  readonly #view = new StatisticView(this.#pages);

  // Reactive properties declared statically: the build uses no decorators.
  static override properties = {
    _status: { state: true, attribute: false },
    _stat: { state: true, attribute: false },
    _error: { state: true, attribute: false },
    _canRetry: { state: true, attribute: false },
    _trail: { state: true, attribute: false },
    _code: { state: true, attribute: false },
    _name: { state: true, attribute: false },
    _sort: { state: true, attribute: false },
    _focus: { state: true, attribute: false },
    _everyType: { state: true, attribute: false },
    baseUrl: { attribute: 'base-url' },
    client: { attribute: false },
    geocode: { attribute: 'geocode' },
    realEstateTypes: { attribute: 'real-estate-types' },
    customerNumber: { attribute: 'customer-number' },
    username: { attribute: 'username' },
    channel: { attribute: 'channel' },
    format: { attribute: 'format' },
    htmlFor: { attribute: 'for' },
    forElement: { attribute: false },
    drilldown: { type: Boolean, attribute: 'drilldown' },
    headingLevel: { attribute: 'heading-level' },
    data: { attribute: false },
    ...LANG_PROPERTY,
  };

  private _status: Status = 'idle';
  private _stat?: Statistic;
  private _error?: (s: Strings, lang: Lang) => string;
  private _canRetry = false;
  /** The regions above the one shown, after a drill-down. */
  private _trail: Crumb[] = [];
  /** The geocode shown or being loaded (the host's geocode, or one reached by drill-down). */
  private _code = '';
  /** The name of the region being loaded, known from the click that led to it. */
  private _name = '';
  private _sort: Sort = DEFAULT_SORT;
  /** Geocode of the bar group that holds the chart's one tab stop. */
  private _focus = '';
  /**
   * The visitor asked for every type after the chosen ones had no listings ("show every
   * type"); until the page changes the types or the region.
   */
  private _everyType = false;
  /**
   * The labels' widths are estimated, not measured: on a server, and in the browser for the
   * first render of a shadow root a server rendered (hydration renders what the server did);
   * the render after measures them.
   */
  #estimate = isServer;
  /** The label of a geo-autocomplete selection, shown while its statistic loads. */
  #nextName = '';

  /** Service root including /restapi/api. */
  baseUrl = '/restapi/api';
  /**
   * A configured client (an ImmoClient with auth and timeouts, or the lighter ClientCore or
   * ClientBase); when set it is used instead of one built from `base-url` (a ClientBase).
   */
  client?: ClientBase;
  /**
   * Geo code of the region (a city, district or state: only regions with subregions have a
   * statistic; a quarter is refused by the service, and the element explains it).
   */
  geocode = '';
  /**
   * Real estate types to count, the request's lower-case names separated by commas
   * (`apartmentrent,housebuy`; `APARTMENT_RENT` is accepted too); empty: the service's default,
   * every type.
   */
  realEstateTypes = '';
  /** Only count listings of the customer with this customer number. */
  customerNumber = '';
  /** Only count listings of the customer with this login user name. */
  username = '';
  /** Only count listings of this channel (the portal channel token `is24`, `hp`, or a group id). */
  channel = '';
  /** Media type of the request: `json` (default) or `xml` (the XML parser loads on demand). */
  format: 'json' | 'xml' = 'json';
  /**
   * Id of a geo-autocomplete whose selection the element follows (its `geo-select` events): the
   * entity's `geoId` when it resolves with `resolve="GeoId"`, else the suggestion id when it is
   * numeric; emptying that field empties the element.
   */
  htmlFor = '';
  /**
   * The geo-autocomplete element to follow, for frameworks and shadow roots where an id does not
   * reach; wins over `for`.
   */
  forElement?: Element | null;
  /**
   * Descend into a subregion when it is chosen, with a breadcrumb back up (cached: going back
   * sends no new request).
   */
  drilldown = false;
  /** Level (1–6) of the region's name as a heading in the page's outline; default 2. */
  headingLevel: string | number = 2;
  /** A statistic the host already has: shown without a request. */
  data?: GeoHierarchyStatistic;
  /** Language of the element (`de` default, `en`); an ancestor's `lang` counts too. */
  override lang!: string;

  protected override scheduleUpdate(): void | Promise<unknown> {
    return this.#i18n.wait(() => super.scheduleUpdate());
  }

  override connectedCallback(): void {
    // (before Lit's: a shadow root here is one the server rendered)
    if (serverRendered(this)) this.#estimate = true;
    super.connectedCallback();
  }

  override firstUpdated(): void {
    if (!this.#estimate) return;
    this.#estimate = false;
    // (after this update: a change inside it would be a second one)
    queueMicrotask(() => this.requestUpdate());
  }

  override willUpdate(ch: PropertyValues<this>): void {
    if (ch.has('htmlFor') || ch.has('forElement')) this.#field.rewire();
    if (ch.has('realEstateTypes') || ch.has('geocode') || ch.has('data')) this._everyType = false;
    if (ch.has('data') && this.data) {
      this.#req.abort();
      this._trail = [];
      const stat = checkStatistic(this.data);
      this._code = stat?.parent.geoCodeId ?? '';
      if (stat) this.#accept(stat, false);
      else this.#fail((s) => s.badData);
    } else if (ch.has('geocode') || ch.has('data')) {
      this.#show([], str(this.geocode), this.#nextName);
      this.#nextName = '';
    } else if (RELOADING.some((k) => ch.has(k)) && this.hasUpdated) {
      // Counts cached for the way back up were made with the old filters.
      this._trail = withoutCounts(this._trail);
      if (this._code) this.#load();
    }
  }

  get #lang(): Lang {
    return this.#conn.lang;
  }

  #fail(text: (s: Strings, lang: Lang) => string, retry = false): void {
    this._status = 'error';
    this._error = text;
    this._canRetry = retry;
    // Told by the error box (role=alert); the "loading" note is stale now.
    this.#say.say('');
  }

  #load(): void {
    this.#req.abort();
    const code = this._code;
    if (!code) {
      this._status = 'idle';
      this._stat = undefined;
      this.#say.say('');
      return;
    }
    const request = requestOf(code, this, this._everyType);
    if ('error' in request) return this.#fail(request.error);
    this._status = 'loading';
    this.#say.say(STRINGS[this.#lang].loading);
    if (isServer) return; // (a server renders the loading frame; the browser asks)
    this.#req.start(code, request.query, request.format);
  }

  /** The retry button (focus rule of src/shared/request.ts): the anchor is the region's title. */
  #retry = (): void => {
    this._status = 'loading';
    this.#say.say(STRINGS[this.#lang].loading);
    void this.#req.retry(() => this.#heading());
  };

  #heading(): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>('[part="heading"]');
  }

  #accept(stat: Statistic, fromService: boolean): void {
    this._sort = sortFor(this._sort, stat);
    this.#pages.reset('subregions');
    this._stat = stat;
    this._status = 'ready';
    this._error = undefined;
    this._focus = stat.children[0]?.geoCodeId ?? '';
    this.#say.say(
      STRINGS[this.#lang].loaded(stat.parent.name, formatNumber(this.#lang, stat.children.length)),
    );
    if (fromService) {
      const ev = new StatsLoadedEvent(this._code, stat);
      void this.updateComplete.then(() => this.dispatchEvent(ev));
    }
  }

  /** A pick in the followed field: its region, or (no code) why it has no statistic. */
  #picked(code: string, label: string): void {
    if (!code) {
      this.#req.abort();
      this._trail = [];
      this._name = ''; // the error names the place picked; the last region's title would mislead
      this.#fail((s) => s.badSelection(label));
    } else if (code === this.geocode) this.#show([], code, label);
    else {
      this.#nextName = label;
      this.geocode = code;
    }
  }

  /**
   * Shows the region `code` below the `trail`: its statistic when known (the way back up),
   * else a request for it; `name` is its title until the statistic arrives.
   */
  #show(trail: Crumb[], code: string, name: string, stat?: Statistic): void {
    this._trail = trail;
    this._code = code;
    this._name = name;
    if (stat) {
      this.#req.abort();
      this.#accept(stat, false);
    } else this.#load();
  }

  /** A drill-down step (into a subregion or back up): shows it and moves the focus to its title. */
  #step = async (trail: Crumb[], c: Crumb): Promise<void> => {
    this.#show(trail, c.code, c.name, c.stat);
    await this.updateComplete;
    this.#heading()?.focus();
  };

  #select = (r: Region): void => {
    const ev = new RegionSelectEvent(r);
    this.dispatchEvent(ev);
    const stat = this._stat;
    if (!this.drilldown || ev.defaultPrevented || !stat || this._status !== 'ready') return;
    if (drillable(r))
      void this.#step([...this._trail, { code: this._code, name: stat.parent.name, stat }], {
        code: r.geoCodeId,
        name: r.name,
      });
  };

  /** Whether choosing a subregion does something: fires region-select, and descends only where it can. */
  #clickable = (r: Region): boolean => !this.drilldown || drillable(r);

  #sortBy = (key: string): void => {
    this._sort = nextSort(this._sort, key);
    const s = STRINGS[this.#lang];
    this.#say.say(s.sorted(columnName(key, this.#lang, s), this._sort[1] > 0 ? s.asc : s.desc));
  };

  /** "Show every type": the chosen types had no listings here; ask again without the type filter. */
  #everyType = (): void => {
    this._everyType = true;
    this._trail = withoutCounts(this._trail);
    // The region's title stays while the new answer loads, and takes the focus from the button that goes.
    this._name = this._stat?.parent.name ?? this._name;
    this.#load();
    void this.updateComplete.then(() => this.#heading()?.focus());
  };

  readonly #actions: ViewActions = {
    select: this.#select,
    focused: (code) => (this._focus = code),
    sortBy: this.#sortBy,
    retry: this.#retry,
    step: this.#step,
    everyType: this.#everyType,
  };

  override render(): TemplateResult {
    const lang = this.#lang;
    const s = STRINGS[lang];
    const view = {
      status: this._status,
      stat: this._stat,
      error: this._error?.(s, lang) ?? '',
      canRetry: this._canRetry,
      trail: this._trail,
      name: this._name,
      headingLevel: this.headingLevel,
      realEstateTypes: this.realEstateTypes,
      everyType: this._everyType,
      sort: this._sort,
      focus: this._focus,
      width: this.#fit.width,
      font: this.#estimate ? '' : this.#fit.font,
      clickable: this.#clickable,
      lang,
      s,
    };
    return this.#view.render(view, this.#actions, this.#say.region());
  }
}
