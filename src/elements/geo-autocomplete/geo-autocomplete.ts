import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { computePosition, type Middleware, type Platform } from '@floating-ui/core';
import type { ImmoClient, ApiError, GeoEntity, GeoSuggestion, GeoSuggestType } from '../../api/index.js';
import { watchLang, resolveLang, type Lang } from '../../shared/i18n.js';
import { GeoSelectEvent } from './events.js';
import { icon } from './icons.js';
import { localMatch, segments, tier } from './match.js';
import { STRINGS, type Strings } from './strings.js';
import { styles } from './geo-autocomplete.styles.js';
import { ClientBase } from '../../api/core.js';
import { getGeoEntity, suggestGeo, suggestGeoV1 } from '../../api/ops.js';

type Status = '' | 'loading' | 'none' | 'error' | 'offline' | 'rate';
interface Answer { list: GeoSuggestion[]; complete: boolean }
/** Suggestions of one entity type; options are numbered across groups in this order (`#o<n>`). */
interface Group { type: string; items: GeoSuggestion[] }

/** What the element asks of a client: the geo methods of ImmoClient. */
type GeoApi = Pick<ImmoClient, 'suggestGeo' | 'suggestGeoV1' | 'getGeoEntity'>;

/** Entries kept in the element's answer cache (LRU). */
const CACHE_MAX = 80;
/** While typing on, a request still leaves at least this often (ms) until a complete answer is known. */
const MAX_WAIT = 400;
const RECENT_MAX = 5;
const PAGE = 10;

/**
 * Floating UI's platform for a popup in the top layer (Popover API). There the popup's
 * containing block is always the viewport, whatever the host page wraps the element in
 * (overflow, transforms, dialogs), so viewport coordinates from getBoundingClientRect are
 * all the engine needs. @floating-ui/dom's own platform walks offset parents and clipping
 * ancestors for popups that live in the page's layout; in the top layer that walk computes
 * nothing and cost this bundle 2.8 KB gzip, so the element uses the engine
 * (@floating-ui/core, on which @floating-ui/dom is built) with this platform.
 */
const box = (e: unknown) => {
  const { x, y, width, height } = (e as Element).getBoundingClientRect();
  return { x, y, width, height };
};
const TOP_LAYER: Platform = {
  getElementRects: ({ reference, floating }) => ({ reference: box(reference), floating: { ...box(floating), x: 0, y: 0 } }),
  getDimensions: box,
  getClippingRect: () => ({ x: 0, y: 0, width: innerWidth, height: innerHeight }),
};

/** Signature of the `renderOption` property: what goes inside one option row. */
export type GeoOptionRenderer = (suggestion: GeoSuggestion, query: string) => unknown;

/**
 * A geo autocomplete combobox (WAI-ARIA APG combobox with a listbox popup) over the geo
 * suggestion service: countries, federal states, cities, districts, boroughs, postcodes,
 * streets and stations of Germany and Austria. Form-associated: submits the entity id under
 * `name` and the visible label under `label-name` (default `<name>-label`).
 *
 * Networking: a debounce that adapts to the typing cadence, the previous request aborted,
 * late answers never shown over newer ones, an answer cache (backspace is instant), an
 * earlier complete answer refined locally at once until the server's answer for the full
 * text replaces it, back-off on 429/503 that still sends the last text, offline detection.
 *
 * @tagname geo-autocomplete
 * @summary Geo autocomplete for places in Germany and Austria, form-associated.
 *
 * @slot label - The field label (instead of the `label` attribute).
 *
 * @attribute lang - `de` (default) or `en`; an ancestor's `lang` counts too.
 *
 * @csspart label - The label above the input.
 * @csspart field - The box around the input and the clear button.
 * @csspart input - The text input (role combobox).
 * @csspart clear - The button that clears the input.
 * @csspart popup - The floating popup (in the top layer) holding the list and the status.
 * @csspart listbox - The list of suggestions.
 * @csspart group-label - The heading of a group of one entity type.
 * @csspart icon - The entity type icon in a group heading.
 * @csspart option - One suggestion.
 * @csspart match - The highlighted part of a suggestion that matches the input.
 * @csspart status - Loading, no-match and offline messages in the popup.
 * @csspart error - The error message in the popup, with its retry button.
 * @csspart retry - The retry button of the error.
 *
 * @cssprop [--immo-font-family=system-ui, sans-serif] - Font family.
 * @cssprop [--immo-font-size=16px] - Font size (px, so `html{font-size}` of the host page does not shrink it).
 * @cssprop [--immo-color-text] - Text colour; unset, the page's text colour (the popup then uses #1d1d1f, dark #ececf0).
 * @cssprop [--immo-color-text-muted] - Group headings, status text and the clear button; unset, the text colour at 72 %.
 * @cssprop [--immo-color-surface] - Background of the popup (#fff, dark #1c1c1f); the element itself stays transparent.
 * @cssprop [--immo-color-field=transparent] - Background of the input.
 * @cssprop [--immo-color-accent=#0b5cad] - Focus outline and active option outline (dark #7db7f5).
 * @cssprop [--immo-color-on-accent=#fff] - Text on accent-coloured buttons (dark #0d1b2a).
 * @cssprop [--immo-color-border=#8a8f98] - Borders (dark #8f8f98).
 * @cssprop [--immo-color-error=#b3261e] - Error text and invalid border (dark #ff8a80).
 * @cssprop [--immo-color-active=#e3eefa] - Background of the active option (dark #22344a).
 * @cssprop [--immo-color-match] - Colour of the highlighted match (unset: the option's text colour, bold).
 * @cssprop [--immo-radius=6px] - Corner radius.
 * @cssprop [--immo-focus-ring=0 0 0 3px #0b5cad73] - Focus ring, a box-shadow.
 * @cssprop [--immo-geo-autocomplete-height=44px] - Height of the input.
 *
 * @fires geo-select - A visitor chose a suggestion: `{ suggestion, entity, error }` (GeoSelectEvent).
 * @fires input - The committed value changed by a visitor's action (selection, clearing, leaving edited text).
 * @fires change - Same moments as `input`, for frameworks that bind to `change`.
 */
export class GeoAutocomplete extends LitElement {
  static formAssociated = true;
  /**
   * Reactive properties, documented on the fields below. An attribute is the lowercased
   * property name unless named here (kebab case); `_` states have none (`attribute: false`
   * also for the manifest analyzer, which reads `state` alone as an attribute).
   */
  static override properties = {
    baseUrl: { attribute: 'base-url' },
    client: { attribute: false },
    country: {},
    types: {},
    limit: { type: Number },
    limitPerType: { attribute: 'limit-per-type', type: Number },
    resolve: {},
    minLength: { attribute: 'min-length', type: Number },
    debounce: { type: Number },
    placeholder: {},
    label: {},
    name: {},
    labelName: { attribute: 'label-name' },
    required: { type: Boolean },
    mustPick: { attribute: 'must-pick', type: Boolean },
    disabled: { type: Boolean, reflect: true },
    value: {},
    api: {},
    recent: { type: Boolean },
    autocomplete: {},
    renderOption: { attribute: false },
    _text: { state: true, attribute: false },
    _open: { state: true, attribute: false },
    _status: { state: true, attribute: false },
    _groups: { state: true, attribute: false },
    _announce: { state: true, attribute: false },
  };
  static override styles = styles;
  /** An ancestor's `lang` switch re-renders the element (see watchLang). */
  readonly #langWatch = watchLang(this);
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true };
  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, 'lang'];
  }

  readonly #internals = this.attachInternals();
  #own?: [string, ClientBase];
  #cache = new Map<string, Answer>();
  #ac?: AbortController;
  #resolveAc?: AbortController;
  #timer?: ReturnType<typeof setTimeout>;
  #loadTimer?: ReturnType<typeof setTimeout>;
  #seq = 0;
  #lastKey = 0;
  #cadence = 0;
  #burst = 0;
  #lastSent = 0;
  #backoffUntil = 0;
  #backoffN = 0;
  #composing = false;
  #committed: GeoSuggestion | null = null;
  #default: string | null = null;
  #active = -1;
  #shownFor = '';
  #exact = false;
  /** Aborted to remove the listeners that follow scrolling and outside clicks while the popup is open. */
  #listening?: AbortController;
  #error: ApiError | null = null;

  private _text = '';
  private _open = false;
  private _status: Status = '';
  private _groups: Group[] = [];
  private _announce = '';

  /** Service root including /restapi/api; used when no `client` is given. */
  baseUrl = '/restapi/api';
  /** A configured client (an ImmoClient, the lighter ClientCore or ClientBase, or any object with ImmoClient's geo methods); when set it is used instead of one built from `base-url` (a ClientBase). */
  client?: ClientBase | GeoApi;
  /** Country searched: `DEU` or `AUT`. */
  country: 'DEU' | 'AUT' = 'DEU';
  /** Entity types (`t` of the service, comma-separated, `All` allowed); the default suits property search. */
  types = 'region,city,district,quarterOrTown,postcode';
  /** Maximum number of suggestions (`l`, at most 120). */
  limit = 20;
  /** Maximum suggestions of any one type (`lpt`); unset keeps the service's postcode cap of 10. */
  limitPerType?: number;
  /** Fetch the entity record on selection with this detail: `None`, `GeoId`, `Lambert` or `WGS84`; empty: no fetch. */
  resolve: '' | 'None' | 'GeoId' | 'Lambert' | 'WGS84' = '';
  /** Characters needed before suggestions are requested. */
  minLength = 2;
  /** Longest wait (ms) after a key before a request; the real wait adapts to the typing cadence. */
  debounce = 250;
  /** Placeholder of the input (a German or English default when empty). */
  placeholder = '';
  /** Label text (or use the `label` slot); a default in the element's language when empty. */
  label = '';
  /** Form field name: the chosen entity id is submitted under it. */
  name = '';
  /** Form field name of the chosen label; defaults to `<name>-label`. */
  labelName = '';
  /** A location must be entered for the form to be valid. */
  required = false;
  /** Typed text that was not picked from the list makes the form invalid. */
  mustPick = false;
  /** Disables the input. */
  disabled = false;
  /** Id of the chosen entity; setting it shows the entity's label (fetched when needed), without events. */
  value = '';
  /** `v2` (geo autocompletion) or `v1` (the deprecated region search, through the client's adapter). */
  api: 'v1' | 'v2' = 'v2';
  /** Remember the last selections in localStorage and offer them on focus with an empty input. */
  recent = false;
  /** Browser autofill hint for the inner input (`off` by default so the suggestions are not covered). */
  autocomplete = 'off';
  /** Renders the inside of one option row (a Lit template, a Node or a string; text is never parsed as HTML). */
  renderOption?: GeoOptionRenderer;

  // Properties set on the element before it was upgraded (`value`, `client`, …): Lit's
  // constructor takes them off the instance and sets them again before the first update.

  /** The suggestion that was chosen last (null when none or after clearing). */
  get selected(): GeoSuggestion | null {
    return this.value ? this.#committed : null;
  }
  /** The text in the input. */
  get text(): string {
    return this._text;
  }
  /** The owning form. */
  get form(): HTMLFormElement | null {
    return this.#internals.form;
  }
  get validity(): ValidityState {
    return this.#internals.validity;
  }
  get validationMessage(): string {
    return this.#internals.validationMessage;
  }
  checkValidity(): boolean {
    return this.#internals.checkValidity();
  }
  reportValidity(): boolean {
    return this.#internals.reportValidity();
  }

  override attributeChangedCallback(name: string, old: string | null, v: string | null): void {
    super.attributeChangedCallback(name, old, v);
    if (name === 'lang') this.requestUpdate();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#default ??= this.getAttribute('value');
    addEventListener('online', this.#online);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    removeEventListener('online', this.#online);
    this.#abort();
    this.#resolveAc?.abort();
    this._open = false;
    this.#listening?.abort();
  }

  /** Form reset: back to the `value` attribute the page was loaded with. */
  formResetCallback(): void {
    this.#abort();
    this.#committed = null;
    this._text = '';
    this.value = '';
    this.value = this.#default ?? '';
  }

  /** Back/forward cache and session restore, and browser autofill of the whole control. */
  formStateRestoreCallback(state: unknown, mode: 'restore' | 'autocomplete'): void {
    if (typeof state !== 'string') return;
    if (mode === 'restore') {
      try {
        const [id, label, type] = JSON.parse(state) as string[];
        this._text = label;
        this.#commit(id ? { entity: { id, label, type }, matches: [] } : null, false);
      } catch {
        /* a state from another version: ignore */
      }
    } else this.#autofill(state);
  }

  formDisabledCallback(disabled: boolean): void {
    this.disabled = disabled;
  }

  get #lang(): Lang {
    return resolveLang(this);
  }

  /**
   * The `client` property, else one built from `base-url`, with the geo operations (bundled
   * with the element: a chunk of its own, loaded on connect, cost a page about 2 KB more
   * gzip and painted nothing earlier).
   */
  #client(): GeoApi {
    const c = this.client;
    // An ImmoClient, or any object with its geo methods (a host's own wrapper), is used as is.
    if (c && typeof (c as Partial<GeoApi>).suggestGeo === 'function') return c as GeoApi;
    let core = c as ClientBase | undefined;
    if (!core) {
      const key = this.baseUrl + this.#lang;
      if (this.#own?.[0] !== key) this.#own = [key, new ClientBase({ baseUrl: this.baseUrl, lang: this.#lang, retries: 0 })];
      core = this.#own[1];
    }
    return {
      suggestGeo: suggestGeo.bind(null, core),
      suggestGeoV1: suggestGeoV1.bind(null, core),
      getGeoEntity: getGeoEntity.bind(null, core),
    };
  }

  get #input(): HTMLInputElement {
    return this.renderRoot.querySelector('input')!;
  }

  get #options(): GeoSuggestion[] {
    return this._groups.flatMap((g) => g.items);
  }

  // ---- networking -------------------------------------------------------------------

  #key(q: string): string {
    return [this.api, this.country, this.types, this.limit, this.limitPerType, q].join('|');
  }

  #abort(): void {
    clearTimeout(this.#timer);
    clearTimeout(this.#loadTimer);
    this.#ac?.abort();
    this.#ac = undefined;
  }

  readonly #online = (): void => {
    if (this._status === 'offline') this.#search(true);
  };

  /** Shows what is known for the current text at once, and schedules or sends the request. */
  #search(now = false): void {
    clearTimeout(this.#timer);
    const q = this._text.trim();
    if (q.length < this.minLength) {
      this.#abort();
      this._status = '';
      this.#error = null;
      this.#show(q, q ? [] : this.#recents(), false);
      return;
    }
    const key = this.#key(q);
    const hit = this.#cache.get(key);
    if (hit) {
      this.#abort();
      this.#cache.delete(key); // most recently used last
      this.#cache.set(key, hit);
      this.#show(q, hit.list, true);
      return;
    }
    const refined = this.#refine(q);
    if (!navigator.onLine) {
      this.#abort();
      return this.#fail('offline');
    }
    const t = performance.now();
    if (t < this.#backoffUntil) {
      this._status = 'rate';
      this.#timer = setTimeout(() => this.#search(true), this.#backoffUntil - t);
      return;
    }
    const wait = this.#cadence ? Math.min(this.debounce, Math.max(60, this.#cadence * 2)) : this.debounce;
    if (now || (!refined && t - Math.max(this.#lastSent, this.#burst) >= MAX_WAIT)) void this.#fetch(q);
    else this.#timer = setTimeout(() => void this.#fetch(q), wait);
  }

  /** Shows the local refinement of the longest complete earlier answer for a prefix of `q`. */
  #refine(q: string): boolean {
    if (this.#exact && this.#shownFor === q) return true;
    const narrow = (from: GeoSuggestion[]) => {
      const list: [GeoSuggestion, number][] = [];
      for (const s of from) {
        const m = localMatch(s.entity.label, q);
        if (m) list.push([{ ...s, matches: m }, tier(s.entity.label, q)]);
      }
      this.#show(q, list.sort((x, y) => x[1] - y[1]).map((x) => x[0]), false);
    };
    for (let n = q.length - 1; n >= this.minLength; n--) {
      const a = this.#cache.get(this.#key(q.slice(0, n)));
      if (a?.complete) return narrow(a.list), true;
    }
    // No complete answer: never leave an older text's list on screen; keep only what still
    // matches (the server's answer follows and replaces it).
    if (this.#shownFor && q.startsWith(this.#shownFor) && q !== this.#shownFor) narrow(this.#options);
    return false;
  }

  async #fetch(q: string): Promise<void> {
    this.#abort();
    const ac = (this.#ac = new AbortController());
    const seq = ++this.#seq;
    this.#lastSent = performance.now();
    this.#loadTimer = setTimeout(() => {
      if (this.#shownFor !== q || !this.#exact) this._status = 'loading';
    }, 200);
    try {
      const opts = { signal: ac.signal };
      const geo = this.#client();
      const list =
        this.api === 'v1'
          ? await geo.suggestGeoV1(q, opts)
          : await geo.suggestGeo(
              { country: this.country, input: q, limit: this.limit, limitPerType: this.limitPerType, types: this.types.split(',').map((t) => t.trim()) as GeoSuggestType[] },
              opts,
            );
      const lpt = this.limitPerType;
      const perType = (type: string) => list.filter((s) => s.entity.type === type).length;
      const complete =
        this.api !== 'v1' &&
        list.length < this.limit &&
        (lpt ? list.every((s) => perType(s.entity.type) < lpt) : perType('postcode') < 10);
      this.#cache.set(this.#key(q), { list, complete });
      if (this.#cache.size > CACHE_MAX) this.#cache.delete(this.#cache.keys().next().value!);
      this.#backoffN = 0;
      if (seq !== this.#seq) return;
      clearTimeout(this.#loadTimer);
      const cur = this._text.trim();
      if (cur === q) this.#show(q, list, true);
      else if (!this.#refine(cur)) this.#search();
    } catch (e) {
      const err = e as ApiError;
      if (ac.signal.aborted || seq !== this.#seq) return;
      clearTimeout(this.#loadTimer);
      if (err.isRateLimited) {
        // Back off, then send whatever the text is by then: the final query is never lost.
        const ms = err.retryAfter ? err.retryAfter * 1000 : Math.min(8000, 500 * 2 ** this.#backoffN++);
        this.#backoffUntil = performance.now() + ms;
        this._status = 'rate';
        this.#timer = setTimeout(() => this.#search(true), ms);
        return;
      }
      this.#fail(err.kind === 'network' && !navigator.onLine ? 'offline' : 'error', err);
    }
  }

  #fail(status: Status, err: ApiError | null = null): void {
    this._status = status;
    this.#error = err;
    this.#exact = false;
    this._announce = this.#statusText(STRINGS[this.#lang]);
    this._open = this.#focused;
  }

  get #focused(): boolean {
    return this.matches(':focus-within');
  }

  /** Puts a list on screen, grouped by entity type in the order the types first appear. */
  #show(q: string, list: GeoSuggestion[], exact: boolean): void {
    const recents = !q && list.length > 0;
    const groups = new Map<string, Group>();
    for (const s of list) {
      const type = recents ? 'recent' : this.api === 'v1' ? 'region_v1' : String(s.entity.type);
      let g = groups.get(type);
      if (!g) groups.set(type, (g = { type, items: [] }));
      g.items.push(s);
    }
    this._groups = [...groups.values()];
    this.#shownFor = q;
    this.#exact = exact;
    this.#error = null;
    const s = STRINGS[this.#lang];
    this._status = q && !list.length ? 'none' : '';
    if (q) this._announce = list.length ? s.count(list.length) : s.none;
    this._open = this.#focused && (list.length > 0 || !!this._status);
  }

  // ---- recent selections ------------------------------------------------------------

  get #recentKey(): string {
    return `immo-geo-recent:${this.api}:${this.country}`;
  }

  #recents(): GeoSuggestion[] {
    if (!this.recent) return [];
    try {
      const v = JSON.parse(localStorage.getItem(this.#recentKey) ?? '[]') as GeoSuggestion[];
      return Array.isArray(v) ? v.filter((s) => typeof s?.entity?.id === 'string' && typeof s.entity.label === 'string') : [];
    } catch {
      return [];
    }
  }

  #remember(s: GeoSuggestion): void {
    if (!this.recent) return;
    const keep = { entity: s.entity, matches: [] };
    const list = [keep, ...this.#recents().filter((r) => r.entity.id !== s.entity.id)].slice(0, RECENT_MAX);
    try {
      localStorage.setItem(this.#recentKey, JSON.stringify(list));
    } catch {
      /* storage full or blocked: recent selections are a convenience */
    }
  }

  // ---- selection and value ----------------------------------------------------------

  /** Commits a suggestion (or nothing); `user` fires the events. */
  #commit(s: GeoSuggestion | null, user: boolean): void {
    const before = this.value;
    this.#committed = s;
    this.value = s?.entity.id ?? '';
    if (s) this._text = s.entity.label;
    if (user && before !== this.value) {
      this.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
      this.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }

  async #select(i: number): Promise<void> {
    const s = this.#options[i];
    if (!s) return;
    this.#resolveAc?.abort();
    this.#abort();
    this._open = false;
    this.#commit(s, true);
    this.#remember(s);
    this._announce = STRINGS[this.#lang].chosen(s.entity.label);
    let entity: GeoEntity | null = null;
    let error: ApiError | null = null;
    if (this.resolve) {
      const ac = (this.#resolveAc = new AbortController());
      try {
        entity = await this.#client().getGeoEntity(
          { country: this.country, id: s.entity.id, geoData: this.resolve },
          { signal: ac.signal },
        );
      } catch (e) {
        if (ac.signal.aborted) return;
        error = e as ApiError;
      }
    }
    const ev = new GeoSelectEvent(s, entity, error);
    this.dispatchEvent(ev);
  }

  /** Browser autofill put text into the field: search at once and take an exact match. */
  async #autofill(text: string): Promise<void> {
    this._text = text;
    const q = text.trim();
    if (this.#cache.has(this.#key(q))) this.#search();
    else await this.#fetch(q);
    const i = this.#options.findIndex((s) => tier(s.entity.label, q) === 0);
    if (i >= 0 && this.#shownFor === q) void this.#select(i);
  }

  /** Makes the visible label follow a `value` that code set. */
  async #valueFromCode(): Promise<void> {
    const id = this.value;
    if (!id) {
      this.#committed = null;
      this._text = '';
      return;
    }
    const known = [...this.#options, ...this.#recents()].find((s) => s.entity.id === id);
    if (known) {
      this.#committed = known;
      this._text = known.entity.label;
      return;
    }
    this.#committed = { entity: { id, label: '', type: '' }, matches: [] };
    this.#resolveAc?.abort();
    const ac = (this.#resolveAc = new AbortController());
    try {
      const e = await this.#client().getGeoEntity({ country: this.country, id }, { signal: ac.signal });
      if (this.value !== id) return;
      this.#committed = { entity: { id, label: e.label, type: e.type }, matches: [] };
      this._text = e.label;
    } catch (e) {
      if (!ac.signal.aborted) this.#fail('error', e as ApiError);
    }
  }

  // ---- active option (no re-render) -------------------------------------------------

  #setActive(i: number): void {
    const root = this.renderRoot;
    root.querySelector('[aria-selected="true"]')?.setAttribute('aria-selected', 'false');
    this.#active = i;
    const el = i >= 0 ? root.querySelector(`#o${i}`) : null;
    const input = this.#input;
    if (el) {
      el.setAttribute('aria-selected', 'true');
      input.setAttribute('aria-activedescendant', el.id);
      el.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  }

  #move(to: number, wrap = true): void {
    const n = this.#options.length;
    if (!n) return;
    this.#setActive(wrap ? (to + n) % n : Math.max(0, Math.min(n - 1, to)));
  }

  // ---- event handlers ---------------------------------------------------------------

  #onInput(e: InputEvent): void {
    e.stopPropagation(); // typing is not a value change of the control; see the `input` event above
    this._text = (e.target as HTMLInputElement).value;
    if (this.#composing || e.isComposing) return;
    if (!e.inputType && this._text) return void this.#autofill(this._text);
    const t = performance.now();
    const dt = t - this.#lastKey;
    this.#lastKey = t;
    if (dt > 1000) {
      this.#burst = t;
      this.#cadence = 0;
    } else this.#cadence = this.#cadence ? this.#cadence * 0.6 + dt * 0.4 : dt;
    this.#search();
  }

  #onCompositionEnd(e: CompositionEvent): void {
    this.#composing = false;
    this._text = (e.target as HTMLInputElement).value;
    this.#search();
  }

  #onKeyDown(e: KeyboardEvent): void {
    if (e.isComposing || e.keyCode === 229 || this.#composing) return;
    const open = this._open && this.#options.length > 0;
    const a = this.#active;
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        e.preventDefault();
        const up = e.key === 'ArrowUp';
        if (!open) {
          this.#openNow();
          if (!e.altKey) void this.updateComplete.then(() => this.#move(up ? -1 : 0));
        } else if (!e.altKey) this.#move(a < 0 ? (up ? -1 : 0) : a + (up ? -1 : 1));
        return;
      }
      case 'Home':
      case 'End':
        if (!open) return;
        e.preventDefault();
        return this.#move(e.key === 'Home' ? 0 : -1);
      case 'PageDown':
      case 'PageUp':
        if (!open) return;
        e.preventDefault();
        return this.#move(Math.max(a, 0) + (e.key === 'PageUp' ? -PAGE : PAGE), false);
      case 'Enter':
        if (open && a >= 0) {
          e.preventDefault();
          void this.#select(a);
        } else if (this._status === 'error') {
          e.preventDefault();
          this.#search(true);
        }
        return;
      case 'Escape':
        if (this._open) {
          e.preventDefault();
          this._open = false;
        } else if (this._text !== (this.#committed?.entity.label ?? '')) {
          e.preventDefault();
          this.#abort();
          this._text = this.#committed?.entity.label ?? '';
          if (this.#committed) this.value = this.#committed.entity.id;
        }
        return;
      case 'Tab':
        this._open = false;
    }
  }

  /** Opens the popup with what is known for the current text (recent selections when empty). */
  #openNow(): void {
    if (this.#shownFor === this._text.trim() && (this.#options.length || this._status)) this._open = true;
    else this.#search(true);
  }

  #onFocus(): void {
    if (!this._text && this.recent) this.#search();
  }

  #onFocusOut(e: FocusEvent): void {
    if (e.relatedTarget && this.renderRoot.contains(e.relatedTarget as Node)) return;
    this._open = false;
    // Leaving edited text: the old entity no longer names what is shown.
    if (this.value && this._text !== this.#committed?.entity.label) this.#commit(null, true);
  }

  #onClear(): void {
    this.#abort();
    this._text = '';
    this.#commit(null, true);
    this.#input.focus();
    this.#search();
  }

  readonly #onDocPointer = (e: Event): void => {
    if (!e.composedPath().includes(this)) this._open = false;
  };

  #optionIndex(e: Event): number {
    const el = (e.target as Element).closest('[role=option]');
    return el ? Number(el.id.slice(1)) : -1;
  }

  // ---- lifecycle ----------------------------------------------------------------------

  override willUpdate(changed: PropertyValues): void {
    if (changed.has('value') && this.value !== (this.#committed?.entity.id ?? '')) void this.#valueFromCode();
    if (
      this.hasUpdated &&
      ['api', 'country', 'types', 'limit', 'limitPerType', 'baseUrl', 'client'].some((k) => changed.has(k))
    ) {
      this.#abort();
      if (this.#focused) this.#search(true);
      else this.#shownFor = '\0';
    }
  }

  override updated(changed: PropertyValues): void {
    if (changed.has('_groups')) this.#setActive(-1);
    const pop = this.renderRoot.querySelector<HTMLElement>('[popover]')!;
    if (changed.has('_open')) {
      if (this._open) {
        pop.showPopover?.();
        // Follow scrolling (of any container: capture) and resizing of the window and of the
        // visual viewport (virtual keyboard); all removed at once when the popup closes.
        const upd = () => requestAnimationFrame(() => this.#position());
        const o = { capture: true, signal: (this.#listening = new AbortController()).signal };
        for (const t of [window, window.visualViewport]) for (const type of ['scroll', 'resize']) t?.addEventListener(type, upd, o);
        document.addEventListener('pointerdown', this.#onDocPointer, o);
      } else {
        if (pop.matches(':popover-open')) pop.hidePopover();
        this.#listening?.abort();
        this.#setActive(-1);
      }
    }
    if (this._open) this.#position();
    this.#syncForm();
  }

  /** Places the popup under the field (above when there is no room), capped to the visible viewport. */
  #position(): void {
    const field = this.renderRoot.querySelector<HTMLElement>('.field');
    const pop = this.renderRoot.querySelector<HTMLElement>('[popover]');
    if (!field || !pop || !this._open) return;
    // One small Floating UI middleware instead of flip + size: it measures against the visual
    // viewport, so the list stays above the virtual keyboard, and turns the list upwards when
    // there is more room above.
    const fit: Middleware = {
      name: 'fit',
      fn({ placement }) {
        const vv = window.visualViewport;
        const top = vv?.offsetTop ?? 0;
        const r = field.getBoundingClientRect();
        const below = top + (vv?.height ?? innerHeight) - r.bottom - 8;
        const above = r.top - top - 8;
        // (the listbox scrolls inside the popup: the natural height is that of its children)
        const natural = [...pop.children].reduce((h, c) => h + c.scrollHeight, 0);
        const up = below < Math.min(natural, 240) && above > below;
        Object.assign(pop.style, { width: `${r.width}px`, maxHeight: `${Math.max(96, Math.min(360, up ? above : below))}px` });
        return up && placement[0] !== 't' ? { reset: { placement: 'top-start', rects: true } } : {};
      },
    };
    void computePosition(field, pop, { platform: TOP_LAYER, strategy: 'fixed', placement: 'bottom-start', middleware: [fit] }).then(
      ({ x, y, placement }) => Object.assign(pop.style, { left: `${x}px`, top: `${y + (placement[0] === 't' ? -2 : 2)}px` }),
    );
  }

  /** The text in the input is the label of the chosen entity. */
  get #picked(): boolean {
    return !!this.value && this._text === this.#committed?.entity.label;
  }

  /** `must-pick` is set and the text in the input was typed, not picked. */
  get #unpicked(): boolean {
    return this.mustPick && !!this._text.trim() && !this.#picked;
  }

  /** Form value, restore state and validity (after each render: the input exists). */
  #syncForm(): void {
    const text = this._text;
    const id = this.#picked ? this.value : '';
    let fd: FormData | null = null;
    if (this.name) {
      fd = new FormData();
      fd.append(this.name, id);
      fd.append(this.labelName || `${this.name}-label`, text);
    }
    this.#internals.setFormValue(fd, JSON.stringify([id, text, this.#committed?.entity.type ?? '']));
    const s = STRINGS[this.#lang];
    if (this.required && !text.trim()) this.#internals.setValidity({ valueMissing: true }, s.missing, this.#input);
    else if (this.#unpicked) this.#internals.setValidity({ customError: true }, s.pick, this.#input);
    else this.#internals.setValidity({});
  }

  #statusText(s: Strings): string {
    const st = this._status;
    const e = this.#error;
    // Every status but `error` is the name of its text.
    if (st !== 'error') return st && s[st];
    if (e?.kind === 'timeout') return s.timeout;
    if (e?.kind === 'network') return s.offline;
    if (e?.kind === 'validation') return `${s.invalid}${e.fields?.length ? `: ${e.fields.join(', ')}` : ''}.`;
    return `${s.failed}${e?.status ? ` (HTTP ${e.status})` : ''}.`;
  }

  #renderOption(sug: GeoSuggestion, i: number, q: string): unknown {
    const label = String(sug.entity.label);
    return html`<div role="option" part="option" id=${'o' + i} aria-selected="false">${
      this.renderOption
        ? this.renderOption(sug, q)
        : segments(label, sug.matches as unknown[]).map(([t, m]) => (m ? html`<mark part="match">${t}</mark>` : t))
    }</div>`;
  }

  override render() {
    const lang = this.#lang;
    const s = STRINGS[lang];
    const q = this.#shownFor;
    const status = this.#statusText(s);
    const expanded = this._open && this._groups.length > 0;
    let n = 0; // option number across the groups
    // (Markup kept on few lines: Lit ships template text as written.)
    return html`<label part="label" for="in"><slot name="label">${this.label || s.label}</slot></label>
<div class="field" part="field">
  <input id="in" part="input" type="text" role="combobox" aria-autocomplete="list" aria-controls="lb"
    aria-expanded=${expanded} aria-invalid=${this.#unpicked} aria-busy=${this._status === 'loading'}
    .value=${this._text} placeholder=${this.placeholder || s.placeholder} ?disabled=${this.disabled}
    ?required=${this.required} autocomplete=${this.autocomplete}
    autocapitalize="off" autocorrect="off" spellcheck="false" enterkeyhint="search"
    @input=${this.#onInput} @change=${(e: Event) => e.stopPropagation()} @keydown=${this.#onKeyDown}
    @focus=${this.#onFocus} @click=${() => !this._open && this._text && this.#openNow()}
    @compositionstart=${() => (this.#composing = true)} @compositionend=${this.#onCompositionEnd}
    @focusout=${this.#onFocusOut}>
  ${this._text && !this.disabled
    ? html`<button class="clear" part="clear" type="button" aria-label=${s.clear}
      @click=${this.#onClear} @focusout=${this.#onFocusOut}>×</button>`
    : nothing}
</div>
<div popover="manual" part="popup" @focusout=${this.#onFocusOut}>
  <div id="lb" role="listbox" part="listbox" aria-label=${s.list} ?hidden=${!this._groups.length}
    @pointerdown=${(e: Event) => e.preventDefault()}
    @click=${(e: Event) => void this.#select(this.#optionIndex(e))}
    @pointermove=${(e: Event) => {
      const i = this.#optionIndex(e);
      if (i >= 0 && i !== this.#active) this.#setActive(i);
    }}>
    ${this._groups.map(
      (g) => html`<div role="group" aria-labelledby=${'g-' + g.type}>
<div role="presentation" part="group-label" id=${'g-' + g.type}>${icon(g.type)}${s.types[g.type] ?? (g.type === 'recent' ? s.recent : g.type)}</div>
${g.items.map((sug) => this.#renderOption(sug, n++, q))}
</div>`,
    )}
  </div>
  ${status
    ? html`<div part=${this._status === 'error' ? 'error' : 'status'}>${status}${
        this._status === 'error'
          ? html` <button part="retry" type="button" @click=${() => (this.#search(true), this.#input.focus())}>${s.retry}</button>`
          : nothing
      }</div>`
    : nothing}
</div>
<div class="sr" role="status" aria-live="polite">${this._announce}</div>`;
  }
}
