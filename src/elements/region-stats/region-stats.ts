import {
  LitElement,
  html,
  isServer,
  svg,
  nothing,
  type PropertyValues,
  type TemplateResult,
} from 'lit';
import type { ClientBase } from '../../api/core.js';
import type { ApiError } from '../../api/errors.js';
import { getStatistic } from '../../api/ops.js';
import type {
  GeoHierarchyElement as ModelElement,
  GeoHierarchyStatistic as ModelStatistic,
  RealEstateType,
  StatisticQuery,
} from '../../api/types.js';

/** A region as the element shows it: the model's, with a name (the code when the answer gave none; the schema makes it optional). */
type GeoHierarchyElement = ModelElement & { name: string };
type GeoHierarchyStatistic = { parent: GeoHierarchyElement; children: GeoHierarchyElement[] };
/** The element lays a name out shortened (`clip`): an answer's names can be of any length. */
const named = (e: ModelElement): GeoHierarchyElement => ({
  ...e,
  name: clip(e.name ?? e.geoCodeId),
});
const namedStat = (s: ModelStatistic): GeoHierarchyStatistic => ({
  parent: named(s.parent),
  children: s.children.map(named),
});
import { LocalizeController, formatNumber, type Lang } from '../../shared/i18n.js';
import { Connection, LANG_PROPERTY } from '../../shared/client.js';
import { RequestController } from '../../shared/request.js';
import { canRetry, failureText } from '../../shared/failure.js';
import { Announcer } from '../../shared/announce.js';
import { step } from '../../shared/listbox.js';
import { clip } from '../../shared/text.js';
import { serverRendered } from '../../shared/hydration.js';
import { styles } from './region-stats.styles.js';
import { wrapLabel } from './wrap.js';
import { STRINGS, TYPES, typeLabel, requestName, type Strings } from './strings.js';
import { RegionSelectEvent, StatsLoadedEvent } from './events.js';
import { headingLevel } from '../../shared/heading.js';

type Status = 'idle' | 'loading' | 'ready' | 'error';
/** Widths of names' longest words and wrapped labels (by column width and name) in one font. */
interface Measures {
  font: string;
  words: Map<string, number>;
  lines: Map<string, string[]>;
}
/** A region above the one shown, for the way back up after a drill-down. */
interface Crumb {
  code: string;
  name: string;
  stat?: GeoHierarchyStatistic;
}

/** Every RealEstateType (docs/interface.md#statistic) by its request spelling (`apartmentrent` → `APARTMENT_RENT`). */
const KNOWN_TYPES = new Map(TYPES.map((t) => [requestName(t), t as RealEstateType]));
/** Inputs whose change reloads the statistic of the region shown. */
const FILTERS = [
  'realEstateTypes',
  'customerNumber',
  'username',
  'channel',
  'format',
  'baseUrl',
  'client',
];
const SERIES = 8;
/** Subregions shown before "show all": enough to read the picture, short enough to pass. */
const TOP = 10;
/**
 * Rows one "show more" adds at most: a statistic of thousands of subregions is shown a page
 * at a time, so no render lays out thousands of rows.
 */
const PAGE = 200;
/** The sort key of the total over all types (the default: largest subregions first). */
const TOTAL = '*';
/** The sort key of the types drawn together as "other types" (a column of the table too). */
const OTHER = '+';
/**
 * Geocodes the service refused a statistic for (a region without subregions), learnt by one
 * try and kept for the page's life, so the element stops offering a drill-down into them.
 */
const LEAVES = new Set<string>();
/** A subregion the element can descend into: not a Quarter (the lowest level), not a known leaf. */
const drillable = (r: GeoHierarchyElement) =>
  !/(^|:)Quarter$/.test(r.type ?? '') && !LEAVES.has(r.geoCodeId);

/** The total of a region over `types`. */
const totalOf = (el: GeoHierarchyElement, types: string[]) =>
  types.reduce((n, t) => n + countOf(el, t), 0);

let measurer: CanvasRenderingContext2D | null | undefined;
let measurerFont = '';
/** The width of `text` in `font`, measured on a canvas (an estimate where there is none). */
function measureText(text: string, font: string): number {
  measurer ??= document.createElement('canvas').getContext('2d');
  if (!measurer) return text.length * 7;
  // Setting a font parses it: only when it changes.
  if (measurerFont !== font) measurer.font = measurerFont = font;
  return measurer.measureText(text).width;
}

/** The three longest words of a name, the candidates for the widest. */
const longWords = (name: string): string[] =>
  name
    .split(/[\s-]+/)
    .sort((a, b) => b.length - a.length)
    .slice(0, 3);

/** A text property as set by markup or code: a removed attribute (null) or a number included, trimmed. */
const str = (v: unknown): string => (v == null ? '' : String(v)).trim();

/** The count of one type in a region; a missing entry counts 0. */
export function countOf(el: GeoHierarchyElement, type: string): number {
  const n = Number(el.statistics.find((s) => s.realEstateType === type)?.count);
  return Number.isFinite(n) ? n : 0;
}

/** Checks and copies a statistic handed in by a host page; `undefined` when it has not the model's shape. */
function checkStat(v: unknown): GeoHierarchyStatistic | undefined {
  const el = (e: unknown): GeoHierarchyElement | undefined => {
    const o = e as GeoHierarchyElement | null;
    if (!o || typeof o !== 'object' || o.geoCodeId == null) return undefined;
    const st = o.statistics ?? [];
    if (!Array.isArray(st)) return undefined;
    // Counts may come as strings (as in the service's JSON); a missing one is 0, anything else must be a count.
    const statistics = st.map((s) => ({
      realEstateType: s?.realEstateType,
      count: Number(s?.count ?? 0),
    }));
    if (
      statistics.some(
        (s) => typeof s.realEstateType !== 'string' || !Number.isInteger(s.count) || s.count < 0,
      )
    )
      return undefined;
    return {
      type: String(o.type ?? ''),
      name: clip(String(o.name ?? o.geoCodeId)),
      geoCodeId: String(o.geoCodeId),
      statistics,
    };
  };
  const s = v as GeoHierarchyStatistic | null;
  const parent = s && typeof s === 'object' ? el(s.parent) : undefined;
  const kids = s?.children;
  if (!parent || !Array.isArray(kids)) return undefined;
  const children = kids.map(el);
  return children.every(Boolean)
    ? { parent, children: children as GeoHierarchyElement[] }
    : undefined;
}

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
 * @csspart heading - The name of the region shown, a heading at `heading-level` (focused after a drill-down).
 * @csspart breadcrumb - The path back up after a drill-down (a `nav`).
 * @csspart legend - The series legend with the region's own counts per type.
 * @csspart chart - The SVG bar chart, one bar group per subregion.
 * @csspart table - The table of the same numbers.
 * @csspart skeleton - The placeholder while loading.
 * @csspart empty - The idle, no-subregions and no-listings sentences, in the chart's area of the reserved height (its axis and bars drawn still in --immo-color-skeleton around them).
 * @csspart error - The error message.
 * @csspart retry - The retry button of the error state.
 *
 * @cssprop [--immo-region-stats-series-1=#0072b2] - Colour of the first type's bars (dark #56b4e9). The eight defaults are distinct hues, each at least 3:1 against white and against #1c1c1f.
 * @cssprop [--immo-region-stats-series-2=#a66a00] - Colour of the second type's bars (dark #e69f00).
 * @cssprop [--immo-region-stats-series-3=#007a5a] - Colour of the third type's bars (dark #00b386).
 * @cssprop [--immo-region-stats-series-4=#c7430e] - Colour of the fourth type's bars (dark #ff7a33).
 * @cssprop [--immo-region-stats-series-5=#00829b] - Colour of the fifth type's bars (dark #4fc6d9).
 * @cssprop [--immo-region-stats-series-6=#8a4fb0] - Colour of the sixth type's bars (dark #c49bf0).
 * @cssprop [--immo-region-stats-series-7=#b8407f] - Colour of the seventh type's bars (dark #e08cbf).
 * @cssprop [--immo-region-stats-series-8=#5f6368] - Colour of the eighth type's bars (dark #c8c8cc; with more than eight types, the bars of the other types together, after the seven most frequent; the table groups them as the chart does).
 * @cssprop [--immo-color-skeleton=color-mix(in srgb, currentColor 13%, transparent)] - Colour of the loading placeholder's shapes (shared by the five elements).
 * @cssprop [--immo-region-stats-height=900px] - The element's height in every state but "show all" (loading, loaded, empty, error): the chart takes what the rest leaves, so nothing under the element moves when its data arrives. Use the same value in the page's `:not(:defined)` rule; `0` lets the element take its content's height.
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
 * @cssprop [--immo-focus-ring=0 0 0 3px #0b5cad73] - Focus ring of buttons, a box-shadow around the accent-coloured outline.
 * @cssprop [--immo-space=12px] - Padding of the error box.
 *
 * @fires {RegionSelectEvent} region-select - A visitor chose a subregion; carries `geocode`, `name` and `region` (also in `detail`). Cancelable: cancelling stops the `drilldown`.
 * @fires {StatsLoadedEvent} stats-loaded - A statistic arrived from the service; carries `geocode` and the parsed `statistic` (also in `detail`). Not fired for the `data` property.
 * @fires {FailureEvent} request-failed - The statistic could not be loaded; carries `operation` ('statistic'), `kind`, the `text` shown and the client's `error` (status, message codes) for developers.
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
    GeoHierarchyStatistic
  >(this, {
    operation: 'statistic',
    lang: () => this.#lang,
    task: async (signal, geocode, query, format) =>
      namedStat(await getStatistic(this.#conn.client, { ...query, geocode }, { signal, format })),
    onComplete: (stat) => this.#accept(stat, true),
    onError: (err) => {
      // A refusal without filters: the region has no subregions; stop offering a drill-down into it.
      const refused = err.kind === 'validation' || err.isPreconditionFailed || err.status === 400;
      if (
        refused &&
        !['customerNumber', 'username', 'channel'].some((k) => str(this[k as 'channel']))
      )
        LEAVES.add(this._code);
      this.#fail(() => this.#req.text(this.#lang), canRetry(err));
    },
    describe: (err, lang) => this.#describe(err, lang),
  });

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
    _width: { state: true, attribute: false },
    _count: { state: true, attribute: false },
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
  private _stat?: GeoHierarchyStatistic;
  private _error?: (s: Strings, lang: Lang) => string;
  private _canRetry = false;
  private _trail: Crumb[] = [];
  /** The geocode shown or being loaded (the host's geocode, or one reached by drill-down). */
  private _code = '';
  /** The name of the region being loaded, known from the click that led to it. */
  private _name = '';
  /** Sort column ('' = name, '*' = total, else a type) and direction; largest first by default. */
  private _sort: [string, 1 | -1] = [TOTAL, -1];
  /** Subregions shown: the TOP largest, more after "show all" (PAGE at a time). */
  private _count = TOP;
  private _width = 600;
  /**
   * The labels' widths are estimated, not measured: on a server, and in the browser for the
   * first render of a shadow root a server rendered (hydration renders what the server did);
   * the render after measures them.
   */
  #estimate = isServer;
  /** Geocode of the bar group that holds the chart's one tab stop. */
  private _focus = '';
  /** The visitor asked for every type after the chosen ones had no listings ("show every type"); until the page changes the types or the region. */
  private _everyType = false;

  /** The labels' font, read from the host's style when it connects (never in render). */
  #font = '';
  #ro?: ResizeObserver;
  /** The element's content width, and the chart's scroll box (see #measure). */
  #hostWidth = 0;
  #wrap?: HTMLElement;
  #src?: EventTarget;
  /** The label of a geo-autocomplete selection, shown while its statistic loads. */
  #nextName = '';

  /** Service root including /restapi/api. */
  baseUrl = '/restapi/api';
  /** A configured client (an ImmoClient with auth and timeouts, or the lighter ClientCore or ClientBase); when set it is used instead of one built from `base-url` (a ClientBase). */
  client?: ClientBase;
  /** Geo code of the region (a city, district or state: only regions with subregions have a statistic; a quarter is refused by the service, and the element explains it). */
  geocode = '';
  /** Real estate types to count, the request's lower-case names separated by commas (`apartmentrent,housebuy`; `APARTMENT_RENT` is accepted too); empty: the service's default, every type. */
  realEstateTypes = '';
  /** Only count listings of the customer with this customer number. */
  customerNumber = '';
  /** Only count listings of the customer with this login user name. */
  username = '';
  /** Only count listings of this channel (the portal channel token `is24`, `hp`, or a group id). */
  channel = '';
  /** Media type of the request: `json` (default) or `xml` (the XML parser loads on demand). */
  format: 'json' | 'xml' = 'json';
  /** Id of a geo-autocomplete whose selection the element follows (its `geo-select` events): the entity's `geoId` when it resolves with `resolve="GeoId"`, else the suggestion id when it is numeric; emptying that field empties the element. */
  htmlFor = '';
  /** The geo-autocomplete element to follow, for frameworks and shadow roots where an id does not reach; wins over `for`. */
  forElement?: Element | null;
  /** Descend into a subregion when it is chosen, with a breadcrumb back up (cached: going back sends no new request). */
  drilldown = false;
  /** Level (1–6) of the region's name as a heading in the page's outline; default 2. */
  headingLevel: string | number = 2;
  /** A statistic the host already has: shown without a request. */
  data?: ModelStatistic;
  /** Language of the element (`de` default, `en`); an ancestor's `lang` counts too. */
  override lang!: string;

  protected override scheduleUpdate(): void | Promise<unknown> {
    return this.#i18n.wait(() => super.scheduleUpdate());
  }

  override connectedCallback(): void {
    // (before Lit's: a shadow root here is one the server rendered)
    if (serverRendered(this)) this.#estimate = true;
    super.connectedCallback();
    this.#font = `12px ${getComputedStyle(this).fontFamily}`;
    this.#wire();
    this.#ro ??= new ResizeObserver((entries) => {
      for (const e of entries) if (e.target === this) this.#hostWidth = e.contentRect.width;
      this.#measure();
    });
    this.#ro.observe(this);
    if (this.#wrap) this.#ro.observe(this.#wrap);
  }

  /**
   * The chart's width: its scroll box's width beside a classic scrollbar, which takes space
   * (Windows, Firefox on Linux, macOS set to always show scrollbars), else the element's. Drawn
   * for the element's width, the SVG would be squeezed into the box and float in a blank band.
   */
  #measure(): void {
    const w = Math.round(this.#wrap?.isConnected ? this.#wrap.clientWidth : this.#hostWidth);
    // A frame later: re-rendering inside the observer's callback can loop (scrollbars).
    if (w > 0 && Math.abs(w - this._width) > 1) requestAnimationFrame(() => (this._width = w));
  }

  override firstUpdated(): void {
    if (!this.#estimate) return;
    this.#estimate = false;
    // (after this update: a change inside it would be a second one)
    queueMicrotask(() => this.requestUpdate());
  }

  override updated(): void {
    const wrap = this.renderRoot.querySelector<HTMLElement>('.chart-wrap') ?? undefined;
    this.#fit(wrap);
    if (wrap === this.#wrap) return;
    if (this.#wrap) this.#ro?.unobserve(this.#wrap);
    this.#wrap = wrap;
    // (its scrollbar comes and goes with the chart's height, which the element's size does not show)
    if (wrap) this.#ro?.observe(wrap);
  }

  /**
   * The height contract (docs/embedding.md, "No layout shift"): in every state but "show all" the element
   * is --immo-region-stats-height tall (min-height of .frame, the :not(:defined) rule's value),
   * whatever its data. The chart takes what the rest leaves: it spreads its rows over the room
   * left (up to 16 px more per row; below that, blank) or, where the rest takes more (a phone,
   * long names, many types), scrolls inside a shorter box (at least 120 px), before the element
   * grows. Run after each render and on resize, before the frame is painted: the drawing's rows
   * are placed in percentages, so this sets two heights and renders nothing.
   */
  #fit(wrap = this.#wrap): void {
    const chart = wrap?.querySelector<SVGSVGElement>('[part~="chart"]');
    const frame = wrap?.parentElement;
    // (not laid out, e.g. in a hidden tab: the resize observer fits it once it is shown)
    if (!wrap || !chart || !frame || !frame.getClientRects().length) return;
    wrap.style.maxHeight = '';
    chart.style.height = '';
    if (this._count > TOP) return;
    const reserved = parseFloat(getComputedStyle(frame).minHeight) || 0;
    // `0` (or none): the content's height, the chart as tall as its rows (up to its own cap)
    if (!(reserved > 0)) return;
    const cap = parseFloat(getComputedStyle(wrap).maxHeight) || Infinity;
    const natural = chart.height.baseVal.value;
    // The content's height without the chart: the last in-flow box's bottom edge, less the chart's box.
    const last = [...frame.children]
      .reverse()
      .find((c) => getComputedStyle(c).position !== 'absolute');
    if (!last) return;
    const bottom =
      last.getBoundingClientRect().bottom + parseFloat(getComputedStyle(last).marginBottom);
    const rest = bottom - frame.getBoundingClientRect().top - wrap.getBoundingClientRect().height;
    const room = Math.floor(reserved - rest);
    const rows = chart.querySelectorAll('.labels > svg').length;
    const spread = Math.min(room, natural + 16 * rows, cap);
    if (room < natural) wrap.style.maxHeight = `${Math.min(cap, Math.max(120, room))}px`;
    else if (spread > natural) chart.style.height = `${spread}px`;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#unwire();
    this.#ro?.disconnect();
  }

  override willUpdate(ch: PropertyValues<this>): void {
    if (ch.has('htmlFor') || ch.has('forElement')) this.#wire();
    if (ch.has('realEstateTypes') || ch.has('geocode') || ch.has('data')) this._everyType = false;
    if (ch.has('data') && this.data) {
      this.#abort();
      this._trail = [];
      const stat = checkStat(this.data);
      this._code = stat?.parent.geoCodeId ?? '';
      if (stat) this.#accept(stat, false);
      else this.#fail((s) => s.badData);
    } else if (ch.has('geocode') || ch.has('data')) {
      this.#show([], str(this.geocode), this.#nextName);
      this.#nextName = '';
    } else if (FILTERS.some((k) => ch.has(k as keyof RegionStats)) && this.hasUpdated) {
      // Counts cached for the way back up were made with the old filters.
      this._trail = this._trail.map(({ code, name }) => ({ code, name }));
      if (this._code) this.#load();
    }
  }

  get #lang(): Lang {
    return this.#conn.lang;
  }

  #abort(): void {
    this.#req.abort();
  }

  #fail(text: (s: Strings, lang: Lang) => string, retry = false): void {
    this._status = 'error';
    this._error = text;
    this._canRetry = retry;
    // Told by the error box (role=alert); the "loading" note is stale now.
    this.#say.say('');
  }

  /**
   * The sentence for a failed request: the service's 404 with its message code is an unknown
   * region (a wrong base-url answers without one); a refusal (400, 412, or the client's
   * validation) is a region without subregions, or with filters set, perhaps one of them;
   * anything else is worded by failure.ts. Never the service's own text.
   */
  #describe(err: ApiError, lang: Lang): string {
    const s = STRINGS[lang];
    const code = this._code;
    if (err.isNotFound && err.code) return s.unknown(code);
    if (err.kind === 'validation' || err.isPreconditionFailed || err.status === 400) {
      const set = (['customerNumber', 'username', 'channel'] as const).filter((k) => str(this[k]));
      const name = this._name || code;
      return set.length
        ? s.rejected(name, set.map((k) => `${s.filters[k]} „${clip(str(this[k]))}“`).join(', '))
        : s.invalid(name);
    }
    return failureText(err, lang);
  }

  #load(): void {
    this.#abort();
    const code = this._code;
    if (!code) {
      this._status = 'idle';
      this._stat = undefined;
      this.#say.say('');
      return;
    }
    if (!/^\d{1,24}$/.test(code)) return this.#fail((s) => s.badGeocode(clip(code)));
    const asked = str(this.realEstateTypes)
      .split(/[\s,]+/)
      .filter(Boolean);
    const bad = asked.filter((t) => !KNOWN_TYPES.has(requestName(t)));
    if (bad.length) return this.#fail((s) => s.badTypes(clip(bad.join(', '))));
    const format = str(this.format).toLowerCase() || 'json';
    if (format !== 'json' && format !== 'xml')
      return this.#fail((s) => s.badFormat(clip(str(this.format))));
    const types = this._everyType ? [] : asked.map((t) => KNOWN_TYPES.get(requestName(t))!);
    this._status = 'loading';
    this.#say.say(STRINGS[this.#lang].loading);
    if (isServer) return; // (a server renders the loading frame; the browser asks)
    this.#req.start(
      code,
      {
        realEstateTypes: types.length ? types : undefined,
        customerNumber: str(this.customerNumber) || undefined,
        username: str(this.username) || undefined,
        channel: str(this.channel) || undefined,
      },
      format,
    );
  }

  /** The retry button (focus rule of src/shared/request.ts): the anchor is the region's title. */
  #retry(): void {
    this._status = 'loading';
    this.#say.say(STRINGS[this.#lang].loading);
    void this.#req.retry(() => this.renderRoot.querySelector<HTMLElement>('[part="heading"]'));
  }

  #accept(stat: GeoHierarchyStatistic, fromService: boolean): void {
    // A sort by a type the new statistic lacks would leave the table without aria-sort.
    const types = this.#types(stat);
    if (this._sort[0] && !this.#columns(stat).includes(this._sort[0])) this._sort = [TOTAL, -1];
    // One type has no total column: its own column is the total.
    if (this._sort[0] === TOTAL && types.length === 1) this._sort = [types[0]!, this._sort[1]];
    this._count = TOP;
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

  /** Follows a geo-autocomplete's selection: its entity's geoId, else a numeric suggestion id. */
  #onGeo = (e: Event): void => {
    const target = e.target as Element | null;
    if (this.forElement ? target !== this.forElement : !this.htmlFor || target?.id !== this.htmlFor)
      return;
    const d = (e as CustomEvent).detail as
      | {
          suggestion?: { entity?: { id?: string; label?: string } };
          entity?: { geoId?: string; id?: string; label?: string };
        }
      | undefined;
    const id = d?.suggestion?.entity?.id;
    const code = String(d?.entity?.geoId ?? (id && /^\d+$/.test(id) ? id : '')).trim();
    const label = clip(d?.suggestion?.entity?.label ?? d?.entity?.label ?? id ?? '');
    if (!code) {
      this.#abort();
      this._trail = [];
      this._name = ''; // the error names the place picked; the last region's title would mislead
      this.#fail((s) => s.badSelection(label));
      return;
    }
    if (code === this.geocode) this.#show([], code, label);
    else {
      this.#nextName = label;
      this.geocode = code;
    }
  };

  /**
   * The visitor emptied the followed field (its clear button, or edited text left without a
   * pick): the statistic of the place no longer named there would mislead, so the element
   * goes back to its empty state, as with no geocode.
   */
  #onGeoChange = (e: Event): void => {
    const target = e.target as (Element & { value?: unknown }) | null;
    if (this.forElement ? target !== this.forElement : !this.htmlFor || target?.id !== this.htmlFor)
      return;
    if (target?.value !== '') return;
    this.#abort();
    this._trail = [];
    if (this.geocode) this.geocode = '';
    else this.#show([], '', '');
  };

  #wire(): void {
    this.#unwire();
    if (!this.isConnected) return;
    const src = this.forElement ?? (this.htmlFor ? document : undefined);
    src?.addEventListener('geo-select', this.#onGeo, true);
    src?.addEventListener('change', this.#onGeoChange, true);
    this.#src = src;
  }

  #unwire(): void {
    this.#src?.removeEventListener('geo-select', this.#onGeo, true);
    this.#src?.removeEventListener('change', this.#onGeoChange, true);
    this.#src = undefined;
  }

  /**
   * Shows the region `code` below the `trail`: its statistic when known (the way back up),
   * else a request for it; `name` is its title until the statistic arrives.
   */
  #show(trail: Crumb[], code: string, name: string, stat?: GeoHierarchyStatistic): void {
    this._trail = trail;
    this._code = code;
    this._name = name;
    if (stat) {
      this.#abort();
      this.#accept(stat, false);
    } else this.#load();
  }

  /** A drill-down step (into a subregion or back up): shows it and moves the focus to its title. */
  async #step(trail: Crumb[], c: Crumb): Promise<void> {
    this.#show(trail, c.code, c.name, c.stat);
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('[part="heading"]')?.focus();
  }

  #select(r: GeoHierarchyElement): void {
    const ev = new RegionSelectEvent(r);
    this.dispatchEvent(ev);
    const stat = this._stat;
    if (
      this.drilldown &&
      !ev.defaultPrevented &&
      stat &&
      this._status === 'ready' &&
      drillable(r)
    ) {
      this.#step([...this._trail, { code: this._code, name: stat.parent.name, stat }], {
        code: r.geoCodeId,
        name: r.name,
      });
    }
  }

  #sortBy(key: string): void {
    const [k, d] = this._sort;
    this._sort = [key, k === key ? (-d as 1 | -1) : key ? -1 : 1];
    const s = STRINGS[this.#lang];
    this.#say.say(
      s.sorted(
        key === TOTAL
          ? s.sum
          : key === OTHER
            ? s.otherTypes
            : key
              ? typeLabel(this.#lang, key)
              : s.region,
        this._sort[1] > 0 ? s.asc : s.desc,
      ),
    );
  }

  /** Arrow keys, Home and End move the chart's tab stop between bar groups; Enter and Space choose one. */
  #chartKey(e: KeyboardEvent): void {
    const groups = [...this.renderRoot.querySelectorAll<SVGGElement>('.bar-group')];
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
    this._focus = g.dataset.code ?? '';
    g.focus();
  }

  /** The types of the statistic, in the order they first appear. */
  #types(stat: GeoHierarchyStatistic): string[] {
    if (this.#typesOf?.stat !== stat) {
      const types = new Set<string>();
      for (const el of [stat.parent, ...stat.children])
        for (const x of el.statistics) types.add(x.realEstateType);
      this.#typesOf = { stat, types: [...types] };
    }
    return this.#typesOf.types;
  }

  /**
   * The table's number columns: the total (with several types), then the chart's series, the
   * types beyond the palette together as the chart draws them.
   */
  #columns(stat: GeoHierarchyStatistic): string[] {
    const types = this.#types(stat);
    const [series, rest] = this.#series(stat, types);
    return types.length > 1 ? [TOTAL, ...series, ...(rest.length ? [OTHER] : [])] : types;
  }

  /** The value of column `key` in a row. */
  #value(stat: GeoHierarchyStatistic, r: GeoHierarchyElement, key: string): number {
    const types = this.#types(stat);
    if (key === TOTAL) return totalOf(r, types);
    if (key === OTHER) return totalOf(r, this.#series(stat, types)[1]);
    return countOf(r, key);
  }

  /** The types of the last statistic asked for: several places of a render need them. */
  #typesOf?: { stat: GeoHierarchyStatistic; types: string[] };

  /** The last sort, kept while its inputs are the same: a render (a focus move) does not sort again. */
  #sorted?: { key: unknown[]; rows: GeoHierarchyElement[] };

  #rows(stat: GeoHierarchyStatistic, types: string[], lang: Lang): GeoHierarchyElement[] {
    const [key, dir] = this._sort;
    const memo = [stat, key, dir, lang, types.join()];
    if (this.#sorted?.key.every((v, i) => v === memo[i])) return this.#sorted.rows;
    const rows = this.#sort(stat, lang);
    this.#sorted = { key: memo, rows };
    return rows;
  }

  #sort(stat: GeoHierarchyStatistic, lang: Lang): GeoHierarchyElement[] {
    const [key, dir] = this._sort;
    const coll = new Intl.Collator(lang);
    const value = (r: GeoHierarchyElement) => this.#value(stat, r, key);
    // Each row's value once, not once per comparison.
    const values = new Map(stat.children.map((r) => [r, key ? value(r) : 0]));
    return [...stat.children].sort(
      (a, b) =>
        (values.get(a)! - values.get(b)!) * dir || coll.compare(a.name, b.name) * (key ? 1 : dir),
    );
  }

  /** The largest total over `types` of a subregion, kept while the statistic and types are the same. */
  #max?: { stat: GeoHierarchyStatistic; types: string; max: number };

  #largest(stat: GeoHierarchyStatistic, types: string[]): number {
    const key = types.join();
    if (this.#max?.stat !== stat || this.#max.types !== key)
      this.#max = {
        stat,
        types: key,
        max: stat.children.reduce((m, r) => Math.max(m, totalOf(r, types)), 1),
      };
    return this.#max.max;
  }

  /** Whether choosing a subregion does something: fires region-select, and descends only where it can. */
  #clickable(r: GeoHierarchyElement): boolean {
    return !this.drilldown || drillable(r);
  }

  /** Word widths and wrapped labels in one font, kept across renders (a focus move, a sort). */
  #measured: Measures = { font: '', words: new Map(), lines: new Map() };

  #measures(font: string): Measures {
    if (this.#measured.font !== font || this.#measured.lines.size > 4096)
      this.#measured = { font, words: new Map(), lines: new Map() };
    return this.#measured;
  }

  /**
   * One stacked bar per subregion (one colour per type, in the legend's order), its total at
   * the end; names wrap onto up to four lines (wrap.ts). One tab stop: arrow keys move
   * between the subregions that can be chosen.
   */
  #chart(
    stat: GeoHierarchyStatistic,
    rows: GeoHierarchyElement[],
    types: string[],
    rest: string[],
    lang: Lang,
    s: Strings,
  ): TemplateResult {
    const W = Math.max(this._width, 260);
    // Bars, their numbers and the order are of every type: the types beyond the palette
    // (rest) are one last segment, "other types", so a bar's number is the table's total.
    const every = [...types, ...rest];
    const max = this.#largest(stat, every);
    // Estimated where nothing may be measured (see #estimate): the 12 px font's average glyph.
    const font = this.#estimate ? '' : this.#font;
    const textWidth = (t: string) => (this.#estimate ? t.length * 6.5 : measureText(t, font));
    // The label column: wide enough for the longest word of a shown name (so only a word
    // wider than half the chart breaks inside), at least 35 % of the width, at most 240 px.
    // Of each name, the few longest words are measured, not every one.
    const m = this.#measures(font);
    const wordOf = (name: string): number => {
      let w = m.words.get(name);
      if (w === undefined) {
        w = longWords(name).reduce((n, x) => Math.max(n, textWidth(x + '-')), 0);
        m.words.set(name, w);
      }
      return w;
    };
    const word = rows.reduce((n, r) => Math.max(n, wordOf(r.name)), 0);
    const lw = Math.round(Math.min(Math.max(W * 0.35, word + 14), W * 0.5, 240));
    const span = W - lw - 56;
    const labels = rows.map((r) => {
      const key = `${lw}\n${r.name}`;
      let l = m.lines.get(key);
      if (!l) {
        l = wrapLabel(r.name, (line) => textWidth(line) <= lw - 12);
        m.lines.set(key, l);
      }
      return l;
    });
    const heights = labels.map((l) => 12 + 14 * Math.max(1, l.length));
    let y = 0;
    const tops = heights.map((h) => (y += h) - h);
    const H = tops.length ? tops.at(-1)! + heights.at(-1)! : 0;
    // Each row is a nested <svg> placed in percentages of the drawing's height: drawn for H
    // (its natural height), the drawing stretches when #fit gives it more (rows spread, bars
    // and labels keep their size) without a new render.
    const pct = (v: number) => `${((v / Math.max(H, 1)) * 100).toFixed(3)}%`;
    const row = (i: number, content: unknown) =>
      svg`<svg y=${pct(tops[i]!)} height=${pct(heights[i]!)} width=${W} overflow="visible">${content}</svg>`;
    const clickable = rows.filter((r) => this.#clickable(r));
    const focus = clickable.some((r) => r.geoCodeId === this._focus)
      ? this._focus
      : clickable[0]?.geoCodeId;
    // The keys are described only where a bar can be chosen, once: as the chart's description.
    const keys = clickable.length > 0;
    return html`<svg part="chart" role="group" aria-label=${s.chart(stat.parent.name)} aria-describedby=${keys ? 'hint' : nothing}
        width=${W} height=${H} @keydown=${this.#chartKey}>
      ${rows.map((r, i) => {
        const total = totalOf(r, every);
        const parts = types.map(
          (t) => `${typeLabel(lang, t)} ${formatNumber(lang, countOf(r, t))}`,
        );
        if (rest.length) parts.push(`${s.otherTypes} ${formatNumber(lang, totalOf(r, rest))}`);
        const label = `${r.name}: ${formatNumber(lang, total)}; ${parts.join(', ')}`;
        let x = lw;
        const segment = (n: number, j: number) => {
          const w = (n / max) * span;
          const bar = svg`<rect x=${x} y="50%" transform="translate(0 -7)" width=${w} height="14" class="s${j + 1}"></rect>`;
          x += w;
          return bar;
        };
        const bars = types.map((t, j) => segment(countOf(r, t), j));
        if (rest.length) bars.push(segment(totalOf(r, rest), SERIES - 1));
        const inner = row(
          i,
          svg`<rect class="hit" x="1" y="0" width=${W - 2} height="100%" rx="3"></rect>${bars}`,
        );
        return this.#clickable(r)
          ? svg`<g class="bar-group" role="button" tabindex=${r.geoCodeId === focus ? 0 : -1} data-code=${r.geoCodeId}
              aria-label=${label} @click=${() => this.#select(r)} @focus=${() => (this._focus = r.geoCodeId)}>${inner}</g>`
          : svg`<g class="bar-row" role="img" aria-label=${label}>${inner}</g>`;
      })}
      <g class="labels" aria-hidden="true">
        ${rows.map((r, i) => {
          const l = labels[i]!;
          const total = totalOf(r, every);
          return row(
            i,
            svg`<text x=${lw - 8} y="50%" transform="translate(0 ${-((l.length - 1) * 14) / 2})" text-anchor="end">${l.map(
              (line, k) => svg`<tspan x=${lw - 8} dy=${k ? '14' : '0.35em'}>${line}</tspan>`,
            )}</text>
            <text class=${total ? 'v' : 'v zero'} x=${lw + (total / max) * span + 4} y="50%" dy="0.35em">${formatNumber(lang, total)}</text>`,
          );
        })}
      </g>
      <line class="axis" x1=${lw} x2=${lw} y1="0" y2="100%"></line>
    </svg>
    ${keys ? html`<p id="hint" hidden>${s.hint}</p>` : nothing}`;
  }

  /**
   * The same numbers as a table, in the chart's series: the region's name sticks to the left
   * edge while the numbers scroll (a phone shows every column that way), zeros are muted, a
   * total column leads when there are several types. The scroll box is a focusable region, so a keyboard scrolls it.
   */
  #table(
    stat: GeoHierarchyStatistic,
    rows: GeoHierarchyElement[],
    lang: Lang,
    s: Strings,
  ): TemplateResult {
    const [key, dir] = this._sort;
    const head = (k: string, label: string) =>
      html`<th scope="col" aria-sort=${key === k ? (dir > 0 ? 'ascending' : 'descending') : nothing}>
        <button type="button" @click=${() => this.#sortBy(k)}>${label}<span class="arrow" aria-hidden="true">${key === k ? (dir > 0 ? '▲' : '▼') : '↕'}</span></button>
      </th>`;
    const num = (n: number) =>
      html`<td class=${n ? nothing : 'zero'}>${formatNumber(lang, n)}</td>`;
    const cols = this.#columns(stat);
    const cell = (el: GeoHierarchyElement, t: string) => num(this.#value(stat, el, t));
    const label = (t: string) =>
      t === TOTAL ? s.sum : t === OTHER ? s.otherTypes : typeLabel(lang, t);
    // The name seen is outside the scrolling box (a caption is as wide as the table and would
    // be cut off on a narrow screen); the name heard is the caption, read once with the table.
    return html`<p class="cap" aria-hidden="true">${s.table(stat.parent.name)}</p><div class="scroll"><table part="table">
      <caption class="sr">${s.table(stat.parent.name)}</caption>
      <thead><tr>${head('', s.region)}${cols.map((t) => head(t, label(t)))}</tr></thead>
      <tbody>${rows.map(
        (
          r,
        ) => html`<tr data-code=${r.geoCodeId} class=${this.#clickable(r) ? 'pick' : nothing} @click=${() => this.#clickable(r) && this.#select(r)}>
          <th scope="row">${this.#clickable(r) ? html`<button type="button" class="link">${r.name}</button>` : r.name}</th>${cols.map((t) => cell(r, t))}
        </tr>`,
      )}</tbody>
      <tfoot><tr><th scope="row">${s.total(stat.parent.name)}</th>${cols.map((t) => cell(stat.parent, t))}</tr></tfoot>
    </table></div>`;
  }

  /** Whether the element shows a sentence (idle, empty, an error) instead of a chart. */
  #message(): boolean {
    const stat = this._stat;
    if (this._status === 'loading') return false;
    if (this._status !== 'ready' || !stat) return true;
    const types = this.#types(stat);
    return stat.children.every((r) => types.every((t) => countOf(r, t) === 0));
  }

  /**
   * One series per type, but at most as many as the palette has colours: with more types, the
   * seven most frequent are drawn one by one and the others together as the eighth, "other
   * types"; the table's columns are the same.
   */
  #series(stat: GeoHierarchyStatistic, types: string[]): [series: string[], rest: string[]] {
    const drawn =
      types.length > SERIES
        ? [...types]
            .sort((a, b) => countOf(stat.parent, b) - countOf(stat.parent, a))
            .slice(0, SERIES - 1)
        : types;
    return [types.filter((t) => drawn.includes(t)), types.filter((t) => !drawn.includes(t))];
  }

  /**
   * The legend: what the chart draws, with the region's own counts. With more types than
   * colours the rest are one line, "other types" (the note says so): 21 legend lines would
   * take a phone's reserved height.
   */
  #legend(
    stat: GeoHierarchyStatistic,
    series: string[],
    rest: string[],
    lang: Lang,
    s: Strings,
  ): TemplateResult {
    const n = (x: number) => formatNumber(lang, x);
    return html`<ul part="legend" aria-label=${s.total(stat.parent.name)}>
      ${series.map((t, j) => {
        const c = countOf(stat.parent, t);
        return html`<li class=${c ? nothing : 'zero'}><span class="sw s${j + 1}"></span>
          ${typeLabel(lang, t)} <strong>${n(c)}</strong></li>`;
      })}
      ${
        rest.length
          ? html`<li class=${totalOf(stat.parent, rest) ? nothing : 'zero'}><span class="sw s${SERIES}"></span>
            ${s.otherTypes} <strong>${n(totalOf(stat.parent, rest))}</strong></li>`
          : nothing
      }
    </ul>`;
  }

  /** Before a statistic is there (no region yet, an error): the legend of the types asked for, without counts, in the placeholder's colour. */
  #askedLegend(lang: Lang, s: Strings): unknown {
    const asked = this._everyType
      ? []
      : str(this.realEstateTypes)
          .split(/[\s,]+/)
          .filter(Boolean);
    const types = asked.flatMap((t) => KNOWN_TYPES.get(requestName(t)) ?? []).slice(0, SERIES);
    return html`<ul part="legend" class="asked" aria-label=${s.kinds}>
      ${types.length ? types.map((t) => html`<li><span class="sw"></span>${typeLabel(lang, t)}</li>`) : html`<li><span class="sw"></span>${s.everyKind}</li>`}
    </ul>`;
  }

  /**
   * A state without a chart keeps the chart's frame, so the reserved height reads as the
   * element, not as a void: the legend, then the chart's area with its axis and bars in the
   * placeholder's colour (not pulsing: nothing is loading), the sentence and its action where
   * the bars would be, and the table's place.
   */
  #stage(legend: unknown, say: unknown): TemplateResult {
    return html`${legend}<div class="stage">
        <div class="axes" aria-hidden="true"><div><span></span><span></span><span></span></div><div><span></span><span></span><span></span></div></div>
        <div class="say">${say}</div>
      </div>`;
  }

  /** "Back to <region>" after a drill-down into a region that has no subregions (or was refused). */
  #backUp(s: Strings): unknown {
    const up = this._trail.at(-1);
    return up
      ? html`<button type="button" class="secondary" @click=${() => this.#step(this._trail.slice(0, -1), up)}>${s.back(up.name)}</button>`
      : nothing;
  }

  /** "Show every type": the chosen types had no listings here; ask again without the type filter. */
  #everyType = (): void => {
    this._everyType = true;
    this._trail = this._trail.map(({ code, name }) => ({ code, name }));
    // The region's title stays while the new answer loads, and takes the focus from the button that goes.
    this._name = this._stat?.parent.name ?? this._name;
    this.#load();
    void this.updateComplete.then(() =>
      this.renderRoot.querySelector<HTMLElement>('[part="heading"]')?.focus(),
    );
  };

  #body(lang: Lang, s: Strings): unknown {
    const stat = this._stat;
    if (this._status === 'loading') {
      // Grey blocks in the shape of what loads (title, legend, note, ten bars largest first,
      // table, "show all"), filling the reserved height: nothing moves when the data arrives.
      const types = Math.min(
        SERIES,
        str(this.realEstateTypes)
          .split(/[\s,]+/)
          .filter(Boolean).length || 4,
      );
      const n = (k: number, cls = 'sk') =>
        Array.from({ length: k }, () => html`<span class=${cls}></span>`);
      return html`<div part="skeleton" aria-hidden="true">
        ${this._name ? nothing : html`<span class="sk h"></span>`}
        <div class="lg">${n(types)}</div><span class="sk nt"></span>
        <div class="bars">${n(TOP)}</div><span class="sk cap"></span>
        <div class="rows">${n(TOP + 2)}</div><span class="sk btn"></span>
      </div>`;
    }
    if (this._status === 'error') {
      const back = this.#backUp(s);
      return this.#stage(
        this.#askedLegend(lang, s),
        html`<div part="error" role="alert"><p>${this._error?.(s, lang)}</p>
          ${this._canRetry || back ? html`<div class="actions">${this._canRetry ? html`<button type="button" part="retry" @click=${this.#retry}>${s.retry}</button>` : nothing}${back}</div>` : nothing}</div>`,
      );
    }
    if (this._status === 'idle' || !stat)
      return this.#stage(this.#askedLegend(lang, s), html`<p part="empty">${s.idle}</p>`);
    const types = this.#types(stat);
    const all = stat.children;
    const [series, rest] = this.#series(stat, types);
    // A region without subregions still has its own counts: the legend shows them.
    if (!all.length)
      return this.#stage(
        this.#legend(stat, series, rest, lang, s),
        html`<p part="empty">${s.noChildren(stat.parent.name)}</p>${this.#backUp(s)}`,
      );
    // No listings at all: one sentence, not a table of zeros, and where types were chosen the way to every type.
    if (this.#message()) {
      const every =
        str(this.realEstateTypes).trim() && !this._everyType
          ? html`<button type="button" class="secondary" @click=${this.#everyType}>${s.everyType}</button>`
          : nothing;
      return this.#stage(
        this.#legend(stat, series, rest, lang, s),
        html`<p part="empty">${s.empty(stat.parent.name)}</p>${every}`,
      );
    }
    const sorted = this.#rows(stat, types, lang);
    const rows = sorted.slice(0, this._count);
    const n = (x: number) => formatNumber(lang, x);
    return html`${this.#legend(stat, series, rest, lang, s)}
      ${rest.length ? html`<p class="note">${s.more(n(series.length), n(rest.length))}</p>` : nothing}
      ${rows.length < all.length ? html`<p class="note">${s.top(n(rows.length), n(all.length), this._sort[0] === TOTAL && this._sort[1] < 0)}</p>` : nothing}
      <div class="chart-wrap">${this.#chart(stat, rows, series, rest, lang, s)}</div>
      ${this.#table(stat, rows, lang, s)}
      ${all.length > TOP ? this.#more(rows.length, all.length, s, n) : nothing}`;
  }

  /**
   * "Show all" and "show only the largest": one toggle while the rest fits in one page; with
   * more, "show more" adds a page at a time (the note above the chart counts them, and the
   * announcer says it), and "show only the largest" stays beside it.
   */
  #more(shown: number, all: number, s: Strings, n: (x: number) => string): TemplateResult {
    const open = shown >= all;
    const last = all - shown <= PAGE;
    const collapse = (): void => {
      this._count = TOP;
    };
    const toggle = (): void => {
      if (open) return collapse();
      this._count = last ? all : shown + PAGE;
      if (!last) this.#say.say(s.top(n(this._count), n(all), false));
    };
    // One button that keeps the focus while its words change; a second one while pages remain.
    return html`<button type="button" class="secondary more" aria-expanded=${open ? 'true' : 'false'} @click=${toggle}>
        ${open ? s.showTop(n(TOP)) : last ? s.showAll(n(all)) : s.showMore(n(PAGE), n(all))}</button>${
          !open && shown > TOP
            ? html`<button type="button" class="secondary more" @click=${collapse}>${s.showTop(n(TOP))}</button>`
            : nothing
        }`;
  }

  override render(): TemplateResult {
    const lang = this.#lang;
    const s = STRINGS[lang];
    const name = this._status === 'ready' && this._stat ? this._stat.parent.name : this._name;
    return html`<div class="frame ${this._status} ${this.#message() ? 'message' : ''}" aria-busy=${this._status === 'loading' ? 'true' : 'false'}>
      ${
        this._trail.length
          ? html`<nav part="breadcrumb" aria-label=${s.path}><ol>
            ${this._trail.map(
              (c, i) =>
                html`<li><button type="button" class="link" aria-label=${s.back(c.name)} @click=${() => this.#step(this._trail.slice(0, i), c)}>${c.name}</button></li>`,
            )}
            <li aria-current="page">${name}</li>
          </ol></nav>`
          : nothing
      }
      ${name ? html`<div part="heading" role="heading" aria-level=${headingLevel(this.headingLevel)} tabindex="-1">${name}</div>` : nothing}
      ${this.#body(lang, s)}
      ${this.#say.region()}
    </div>`;
  }
}
