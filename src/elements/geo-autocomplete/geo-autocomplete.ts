import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { computePosition, flip, size } from '@floating-ui/dom';
import type { ImmoClient, ApiError, GeoEntity, GeoSuggestion, GeoSuggestType } from '../../api/index.js';
import { resolveLang, type Lang } from '../../shared/i18n.js';
import { GeoSelectEvent } from './events.js';
import { icon } from './icons.js';
import { localMatch, segments, tier } from './match.js';
import { STRINGS, type Strings } from './strings.js';
import { styles } from './geo-autocomplete.styles.js';

type Status = '' | 'loading' | 'none' | 'error' | 'offline' | 'rate';
interface Answer { list: GeoSuggestion[]; complete: boolean }
interface Group { type: string; items: [GeoSuggestion, number][] }

/** Entries kept in the element's answer cache (LRU). */
const CACHE_MAX = 80;
/** While typing on, a request still leaves at least this often (ms) until a complete answer is known. */
const MAX_WAIT = 400;
const RECENT_MAX = 5;
const PAGE = 10;

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
 * @summary Geo autocomplete for places in Germany and Austria, form-associated.
 *
 * @slot label - The field label (instead of the `label` attribute).
 *
 * @csspart label - The label above the input.
 * @csspart field - The box around the input and the clear button.
 * @csspart input - The text input (role combobox).
 * @csspart clear-button - The button that clears the input.
 * @csspart popup - The floating popup (in the top layer) holding the list and the status.
 * @csspart listbox - The list of suggestions.
 * @csspart group-label - The heading of a group of one entity type.
 * @csspart icon - The entity type icon in a group heading.
 * @csspart option - One suggestion.
 * @csspart match - The highlighted part of a suggestion that matches the input.
 * @csspart status - Loading, no-match, offline and error messages (with the retry button).
 *
 * @cssprop [--immo-font-family=system-ui, sans-serif] - Font family.
 * @cssprop [--immo-color-text=#1f2328] - Text colour (dark default #e6edf3).
 * @cssprop [--immo-color-background=#fff] - Input and popup background (dark default #161b22).
 * @cssprop [--immo-color-accent=#0b5cad] - Focus outline and active option outline.
 * @cssprop [--immo-color-border=#8c959f] - Borders.
 * @cssprop [--immo-color-error=#b42318] - Error text and invalid border.
 * @cssprop [--immo-radius=6px] - Corner radius.
 * @cssprop [--immo-focus-ring=0 0 0 3px rgb(11 92 173 / 45%)] - Focus ring shadow.
 * @cssprop [--immo-geo-font-size=16px] - Font size (px, so `html{font-size}` of the host page does not shrink it).
 * @cssprop [--immo-geo-height=44px] - Height of the input.
 * @cssprop [--immo-geo-color-muted=#57606a] - Group headings and status text.
 * @cssprop [--immo-geo-color-active=#e7f0fa] - Background of the active option.
 * @cssprop [--immo-geo-color-match=inherit] - Colour of the highlighted match.
 *
 * @fires geo-select - A visitor chose a suggestion: `{ suggestion, entity, error }` (GeoSelectEvent).
 * @fires input - The committed value changed by a visitor's action (selection, clearing, leaving edited text).
 * @fires change - Same moments as `input`, for frameworks that bind to `change`.
 */
export class GeoAutocomplete extends LitElement {
  static formAssociated = true;
  static override styles = styles;
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true };
  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, 'lang'];
  }

  private readonly _internals = this.attachInternals();
  private _own?: [string, ImmoClient];
  private _cache = new Map<string, Answer>();
  private _ac?: AbortController;
  private _resolveAc?: AbortController;
  private _timer?: ReturnType<typeof setTimeout>;
  private _loadTimer?: ReturnType<typeof setTimeout>;
  private _seq = 0;
  private _lastKey = 0;
  private _cadence = 0;
  private _burst = 0;
  private _lastSent = 0;
  private _backoffUntil = 0;
  private _backoffN = 0;
  private _composing = false;
  private _committed: GeoSuggestion | null = null;
  private _default: string | null = null;
  private _active = -1;
  private _shownFor = '';
  private _exact = false;
  private _cleanup?: () => void;
  private _error: ApiError | null = null;

  @state() private _text = '';
  @state() private _open = false;
  @state() private _status: Status = '';
  @state() private _groups: Group[] = [];
  @state() private _announce = '';

  /** Service root including /restapi/api; used when no `client` is given. */
  @property({ attribute: 'base-url' }) baseUrl = '/restapi/api';
  /** A configured ImmoClient; when set it is used instead of one built from `base-url`. */
  @property({ attribute: false }) client?: ImmoClient;
  /** Country searched: `DEU` or `AUT`. */
  @property({ attribute: 'country' }) country: 'DEU' | 'AUT' = 'DEU';
  /** Entity types (`t` of the service, comma-separated, `All` allowed); the default suits property search. */
  @property({ attribute: 'types' }) types = 'region,city,district,quarterOrTown,postcode';
  /** Maximum number of suggestions (`l`, at most 120). */
  @property({ attribute: 'limit', type: Number }) limit = 20;
  /** Maximum suggestions of any one type (`lpt`); unset keeps the service's postcode cap of 10. */
  @property({ attribute: 'limit-per-type', type: Number }) limitPerType?: number;
  /** Fetch the entity record on selection with this detail: `None`, `GeoId`, `Lambert` or `WGS84`; empty: no fetch. */
  @property({ attribute: 'resolve' }) resolve: '' | 'None' | 'GeoId' | 'Lambert' | 'WGS84' = '';
  /** Characters needed before suggestions are requested. */
  @property({ attribute: 'min-length', type: Number }) minLength = 2;
  /** Longest wait (ms) after a key before a request; the real wait adapts to the typing cadence. */
  @property({ attribute: 'debounce', type: Number }) debounce = 250;
  /** Placeholder of the input (a German or English default when empty). */
  @property({ attribute: 'placeholder' }) placeholder = '';
  /** Label text (or use the `label` slot); a default in the element's language when empty. */
  @property({ attribute: 'label' }) label = '';
  /** Form field name: the chosen entity id is submitted under it. */
  @property({ attribute: 'name' }) name = '';
  /** Form field name of the chosen label; defaults to `<name>-label`. */
  @property({ attribute: 'label-name' }) labelName = '';
  /** A location must be entered for the form to be valid. */
  @property({ attribute: 'required', type: Boolean }) required = false;
  /** Typed text that was not picked from the list makes the form invalid. */
  @property({ attribute: 'must-pick', type: Boolean }) mustPick = false;
  /** Disables the input. */
  @property({ attribute: 'disabled', type: Boolean, reflect: true }) disabled = false;
  /** Id of the chosen entity; setting it shows the entity's label (fetched when needed), without events. */
  @property({ attribute: 'value' }) value = '';
  /** `v2` (geo autocompletion) or `v1` (the deprecated region search, through the client's adapter). */
  @property({ attribute: 'api' }) api: 'v1' | 'v2' = 'v2';
  /** Remember the last selections in localStorage and offer them on focus with an empty input. */
  @property({ attribute: 'recent', type: Boolean }) recent = false;
  /** Browser autofill hint for the inner input (`off` by default so the suggestions are not covered). */
  @property({ attribute: 'autocomplete' }) autocomplete = 'off';
  /** Renders the inside of one option row (a Lit template, a Node or a string; text is never parsed as HTML). */
  @property({ attribute: false }) renderOption?: GeoOptionRenderer;

  constructor() {
    super();
    // Properties set on the element before it was upgraded shadow the accessors: re-apply them.
    for (const k of ['value', 'client', 'renderOption', 'disabled', 'country', 'types'] as const) {
      if (Object.prototype.hasOwnProperty.call(this, k)) {
        const v = this[k];
        delete (this as Record<string, unknown>)[k];
        (this as Record<string, unknown>)[k] = v;
      }
    }
  }

  /** The suggestion that was chosen last (null when none or after clearing). */
  get selected(): GeoSuggestion | null {
    return this.value ? this._committed : null;
  }
  /** The text in the input. */
  get text(): string {
    return this._text;
  }
  /** The owning form. */
  get form(): HTMLFormElement | null {
    return this._internals.form;
  }
  get validity(): ValidityState {
    return this._internals.validity;
  }
  get validationMessage(): string {
    return this._internals.validationMessage;
  }
  checkValidity(): boolean {
    return this._internals.checkValidity();
  }
  reportValidity(): boolean {
    return this._internals.reportValidity();
  }

  override attributeChangedCallback(name: string, old: string | null, v: string | null): void {
    super.attributeChangedCallback(name, old, v);
    if (name === 'lang') this.requestUpdate();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this._default ??= this.getAttribute('value');
    addEventListener('online', this._online);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    removeEventListener('online', this._online);
    this._abort();
    this._resolveAc?.abort();
    this._open = false;
    this._cleanup?.();
  }

  /** Form reset: back to the `value` attribute the page was loaded with. */
  formResetCallback(): void {
    this._abort();
    this._committed = null;
    this._text = '';
    this.value = '';
    this.value = this._default ?? '';
  }

  /** Back/forward cache and session restore, and browser autofill of the whole control. */
  formStateRestoreCallback(state: unknown, mode: 'restore' | 'autocomplete'): void {
    if (typeof state !== 'string') return;
    if (mode === 'restore') {
      try {
        const [id, label, type] = JSON.parse(state) as string[];
        this._text = label;
        this._commit(id ? { entity: { id, label, type }, matches: [] } : null, false);
      } catch {
        /* a state from another version: ignore */
      }
    } else this._autofill(state);
  }

  formDisabledCallback(disabled: boolean): void {
    this.disabled = disabled;
  }

  private get _lang(): Lang {
    return resolveLang(this);
  }

  /**
   * The `client` property, else one built from `base-url`. The client module is loaded on
   * first use, so a page that hands in its own client never downloads a second one.
   */
  private async _client(): Promise<ImmoClient> {
    if (this.client) return this.client;
    const key = this.baseUrl + this._lang;
    if (this._own?.[0] !== key) {
      const { ImmoClient } = await import('../../api/index.js');
      this._own = [key, new ImmoClient({ baseUrl: this.baseUrl, lang: this._lang, retries: 0 })];
    }
    return this._own[1];
  }

  private get _input(): HTMLInputElement {
    return this.renderRoot.querySelector('input')!;
  }

  private get _options(): GeoSuggestion[] {
    return this._groups.flatMap((g) => g.items.map((x) => x[0]));
  }

  // ---- networking -------------------------------------------------------------------

  private _key(q: string): string {
    return [this.api, this.country, this.types, this.limit, this.limitPerType, q].join('|');
  }

  private _abort(): void {
    clearTimeout(this._timer);
    clearTimeout(this._loadTimer);
    this._ac?.abort();
    this._ac = undefined;
  }

  private readonly _online = (): void => {
    if (this._status === 'offline') this._search(true);
  };

  /** Shows what is known for the current text at once, and schedules or sends the request. */
  private _search(now = false): void {
    clearTimeout(this._timer);
    const q = this._text.trim();
    if (q.length < this.minLength) {
      this._abort();
      this._status = '';
      this._error = null;
      this._show(q, q ? [] : this._recents(), false);
      return;
    }
    const hit = this._cache.get(this._key(q));
    if (hit) {
      this._abort();
      this._cache.delete(this._key(q));
      this._cache.set(this._key(q), hit);
      this._show(q, hit.list, true);
      return;
    }
    const refined = this._refine(q);
    if (!navigator.onLine) {
      this._abort();
      return this._fail('offline');
    }
    const t = performance.now();
    if (t < this._backoffUntil) {
      this._status = 'rate';
      this._timer = setTimeout(() => this._search(true), this._backoffUntil - t);
      return;
    }
    const wait = this._cadence ? Math.min(this.debounce, Math.max(60, this._cadence * 2)) : this.debounce;
    if (now || (!refined && t - Math.max(this._lastSent, this._burst) >= MAX_WAIT)) void this._fetch(q);
    else this._timer = setTimeout(() => void this._fetch(q), wait);
  }

  /** Shows the local refinement of the longest complete earlier answer for a prefix of `q`. */
  private _refine(q: string): boolean {
    if (this._exact && this._shownFor === q) return true;
    const narrow = (from: GeoSuggestion[]) => {
      const list: [GeoSuggestion, number][] = [];
      for (const s of from) {
        const m = localMatch(s.entity.label, q);
        if (m) list.push([{ ...s, matches: m }, tier(s.entity.label, q)]);
      }
      this._show(q, list.sort((x, y) => x[1] - y[1]).map((x) => x[0]), false);
    };
    for (let n = q.length - 1; n >= this.minLength; n--) {
      const a = this._cache.get(this._key(q.slice(0, n)));
      if (a?.complete) return narrow(a.list), true;
    }
    // No complete answer: never leave an older text's list on screen; keep only what still
    // matches (the server's answer follows and replaces it).
    if (this._shownFor && q.startsWith(this._shownFor) && q !== this._shownFor) narrow(this._options);
    return false;
  }

  private async _fetch(q: string): Promise<void> {
    this._abort();
    const ac = (this._ac = new AbortController());
    const seq = ++this._seq;
    this._lastSent = performance.now();
    this._loadTimer = setTimeout(() => {
      if (this._shownFor !== q || !this._exact) this._status = 'loading';
    }, 200);
    try {
      const opts = { signal: ac.signal };
      const list =
        this.api === 'v1'
          ? await (await this._client()).suggestGeoV1(q, opts)
          : await (await this._client()).suggestGeo(
              { country: this.country, input: q, limit: this.limit, limitPerType: this.limitPerType, types: this.types.split(',').map((t) => t.trim()) as GeoSuggestType[] },
              opts,
            );
      const lpt = this.limitPerType;
      const perType = (type: string) => list.filter((s) => s.entity.type === type).length;
      const complete =
        this.api !== 'v1' &&
        list.length < this.limit &&
        (lpt ? list.every((s) => perType(s.entity.type) < lpt) : perType('postcode') < 10);
      this._cache.set(this._key(q), { list, complete });
      if (this._cache.size > CACHE_MAX) this._cache.delete(this._cache.keys().next().value!);
      this._backoffN = 0;
      if (seq !== this._seq) return;
      clearTimeout(this._loadTimer);
      const cur = this._text.trim();
      if (cur === q) this._show(q, list, true);
      else if (!this._refine(cur)) this._search();
    } catch (e) {
      const err = e as ApiError;
      if (ac.signal.aborted || seq !== this._seq) return;
      clearTimeout(this._loadTimer);
      if (err.isRateLimited) {
        // Back off, then send whatever the text is by then: the final query is never lost.
        const ms = err.retryAfter ? err.retryAfter * 1000 : Math.min(8000, 500 * 2 ** this._backoffN++);
        this._backoffUntil = performance.now() + ms;
        this._status = 'rate';
        this._timer = setTimeout(() => this._search(true), ms);
        return;
      }
      this._fail(err.kind === 'network' && !navigator.onLine ? 'offline' : 'error', err);
    }
  }

  private _fail(status: Status, err: ApiError | null = null): void {
    this._status = status;
    this._error = err;
    this._exact = false;
    this._announce = this._statusText(STRINGS[this._lang]);
    this._open = this._focused;
  }

  private get _focused(): boolean {
    return this.matches(':focus-within');
  }

  /** Puts a list on screen, grouped by entity type in the order the types first appear. */
  private _show(q: string, list: GeoSuggestion[], exact: boolean): void {
    const recents = !q && list.length > 0;
    const groups = new Map<string, Group>();
    for (const s of list) {
      const type = recents ? 'recent' : this.api === 'v1' ? 'region_v1' : String(s.entity.type);
      let g = groups.get(type);
      if (!g) groups.set(type, (g = { type, items: [] }));
      g.items.push([s, 0]);
    }
    let i = 0;
    for (const g of groups.values()) for (const it of g.items) it[1] = i++;
    this._groups = [...groups.values()];
    this._shownFor = q;
    this._exact = exact;
    this._error = null;
    const s = STRINGS[this._lang];
    this._status = q && !list.length ? 'none' : '';
    if (q) this._announce = list.length ? s.count(list.length) : s.none;
    this._open = this._focused && (list.length > 0 || !!this._status);
  }

  // ---- recent selections ------------------------------------------------------------

  private get _recentKey(): string {
    return `immo-geo-recent:${this.api}:${this.country}`;
  }

  private _recents(): GeoSuggestion[] {
    if (!this.recent) return [];
    try {
      const v = JSON.parse(localStorage.getItem(this._recentKey) ?? '[]') as GeoSuggestion[];
      return Array.isArray(v) ? v.filter((s) => typeof s?.entity?.id === 'string' && typeof s.entity.label === 'string') : [];
    } catch {
      return [];
    }
  }

  private _remember(s: GeoSuggestion): void {
    if (!this.recent) return;
    const keep = { entity: s.entity, matches: [] };
    const list = [keep, ...this._recents().filter((r) => r.entity.id !== s.entity.id)].slice(0, RECENT_MAX);
    try {
      localStorage.setItem(this._recentKey, JSON.stringify(list));
    } catch {
      /* storage full or blocked: recent selections are a convenience */
    }
  }

  // ---- selection and value ----------------------------------------------------------

  /** Commits a suggestion (or nothing); `user` fires the events. */
  private _commit(s: GeoSuggestion | null, user: boolean): void {
    const before = this.value;
    this._committed = s;
    this.value = s?.entity.id ?? '';
    if (s) this._text = s.entity.label;
    if (user && before !== this.value) {
      this.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
      this.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }

  private async _select(i: number): Promise<void> {
    const s = this._options[i];
    if (!s) return;
    this._resolveAc?.abort();
    this._abort();
    this._open = false;
    this._commit(s, true);
    this._remember(s);
    this._announce = STRINGS[this._lang].chosen(s.entity.label);
    let entity: GeoEntity | null = null;
    let error: ApiError | null = null;
    if (this.resolve) {
      const ac = (this._resolveAc = new AbortController());
      try {
        entity = await (await this._client()).getGeoEntity(
          { country: this.country, id: s.entity.id, geoData: this.resolve },
          { signal: ac.signal },
        );
      } catch (e) {
        if (ac.signal.aborted) return;
        error = e as ApiError;
      }
    }
    this.dispatchEvent(new GeoSelectEvent(s, entity, error));
  }

  /** Browser autofill put text into the field: search at once and take an exact match. */
  private async _autofill(text: string): Promise<void> {
    this._text = text;
    this._search(true);
    const q = text.trim();
    await this._ac?.signal && new Promise((r) => setTimeout(r));
    const hit = this._cache.get(this._key(q)) ?? (await this._waitFor(q));
    const i = hit ? this._options.findIndex((s) => tier(s.entity.label, q) === 0) : -1;
    if (i >= 0) void this._select(i);
  }

  private _waitFor(q: string): Promise<Answer | undefined> {
    return new Promise((r) => {
      const ac = this._ac;
      if (!ac) return r(undefined);
      const check = () => {
        const a = this._cache.get(this._key(q));
        if (a || ac.signal.aborted || this._ac !== ac) r(a);
        else setTimeout(check, 20);
      };
      check();
    });
  }

  /** Makes the visible label follow a `value` that code set. */
  private async _valueFromCode(): Promise<void> {
    const id = this.value;
    if (!id) {
      this._committed = null;
      this._text = '';
      return;
    }
    const known = [...this._options, ...this._recents()].find((s) => s.entity.id === id);
    if (known) {
      this._committed = known;
      this._text = known.entity.label;
      return;
    }
    this._committed = { entity: { id, label: '', type: '' }, matches: [] };
    this._resolveAc?.abort();
    const ac = (this._resolveAc = new AbortController());
    try {
      const e = await (await this._client()).getGeoEntity({ country: this.country, id }, { signal: ac.signal });
      if (this.value !== id) return;
      this._committed = { entity: { id, label: e.label, type: e.type }, matches: [] };
      this._text = e.label;
    } catch (e) {
      if (!ac.signal.aborted) this._fail('error', e as ApiError);
    }
  }

  // ---- active option (no re-render) -------------------------------------------------

  private _setActive(i: number): void {
    const root = this.renderRoot;
    root.querySelector('[aria-selected="true"]')?.setAttribute('aria-selected', 'false');
    this._active = i;
    const el = i >= 0 ? root.querySelector(`#o${i}`) : null;
    const input = this._input;
    if (el) {
      el.setAttribute('aria-selected', 'true');
      input.setAttribute('aria-activedescendant', el.id);
      el.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  }

  private _move(to: number, wrap = true): void {
    const n = this._options.length;
    if (!n) return;
    this._setActive(wrap ? (to + n) % n : Math.max(0, Math.min(n - 1, to)));
  }

  // ---- event handlers ---------------------------------------------------------------

  private _onInput(e: InputEvent): void {
    e.stopPropagation(); // typing is not a value change of the control; see the `input` event above
    this._text = (e.target as HTMLInputElement).value;
    if (this._composing || e.isComposing) return;
    if (!e.inputType && this._text) return void this._autofill(this._text);
    const t = performance.now();
    const dt = t - this._lastKey;
    this._lastKey = t;
    if (dt > 1000) {
      this._burst = t;
      this._cadence = 0;
    } else this._cadence = this._cadence ? this._cadence * 0.6 + dt * 0.4 : dt;
    this._search();
  }

  private _onCompositionEnd(e: CompositionEvent): void {
    this._composing = false;
    this._text = (e.target as HTMLInputElement).value;
    this._search();
  }

  private _onKeyDown(e: KeyboardEvent): void {
    if (e.isComposing || e.keyCode === 229 || this._composing) return;
    const open = this._open && this._options.length > 0;
    const a = this._active;
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        e.preventDefault();
        const up = e.key === 'ArrowUp';
        if (!open) {
          this._openNow();
          if (!e.altKey) void this.updateComplete.then(() => this._move(up ? -1 : 0));
        } else if (!e.altKey) this._move(a < 0 ? (up ? -1 : 0) : a + (up ? -1 : 1));
        return;
      }
      case 'Home':
      case 'End':
        if (!open) return;
        e.preventDefault();
        return this._move(e.key === 'Home' ? 0 : -1);
      case 'PageDown':
      case 'PageUp':
        if (!open) return;
        e.preventDefault();
        return this._move(Math.max(a, 0) + (e.key === 'PageUp' ? -PAGE : PAGE), false);
      case 'Enter':
        if (open && a >= 0) {
          e.preventDefault();
          void this._select(a);
        } else if (this._status === 'error') {
          e.preventDefault();
          this._search(true);
        }
        return;
      case 'Escape':
        if (this._open) {
          e.preventDefault();
          this._open = false;
        } else if (this._text !== (this._committed?.entity.label ?? '')) {
          e.preventDefault();
          this._abort();
          this._text = this._committed?.entity.label ?? '';
          if (this._committed) this.value = this._committed.entity.id;
        }
        return;
      case 'Tab':
        this._open = false;
    }
  }

  /** Opens the popup with what is known for the current text (recent selections when empty). */
  private _openNow(): void {
    if (this._shownFor === this._text.trim() && (this._options.length || this._status)) this._open = true;
    else this._search(true);
  }

  private _onFocus(): void {
    if (!this._text && this.recent) this._search();
  }

  private _onFocusOut(e: FocusEvent): void {
    if (e.relatedTarget && this.renderRoot.contains(e.relatedTarget as Node)) return;
    this._open = false;
    // Leaving edited text: the old entity no longer names what is shown.
    if (this.value && this._text !== this._committed?.entity.label) this._commit(null, true);
  }

  private _onClear(): void {
    this._abort();
    this._text = '';
    this._commit(null, true);
    this._input.focus();
    this._search();
  }

  private readonly _onDocPointer = (e: Event): void => {
    if (!e.composedPath().includes(this)) this._open = false;
  };

  private _optionIndex(e: Event): number {
    const el = (e.target as Element).closest('[role=option]');
    return el ? Number(el.id.slice(1)) : -1;
  }

  // ---- lifecycle ----------------------------------------------------------------------

  override willUpdate(changed: PropertyValues): void {
    if (changed.has('value') && this.value !== (this._committed?.entity.id ?? '')) void this._valueFromCode();
    if (
      this.hasUpdated &&
      ['api', 'country', 'types', 'limit', 'limitPerType', 'baseUrl', 'client'].some((k) => changed.has(k))
    ) {
      this._abort();
      if (this._focused) this._search(true);
      else this._shownFor = '\0';
    }
  }

  override updated(changed: PropertyValues): void {
    if (changed.has('_groups')) {
      this.renderRoot.querySelector('[aria-selected="true"]')?.setAttribute('aria-selected', 'false');
      this._setActive(-1);
    }
    const pop = this.renderRoot.querySelector<HTMLElement>('[popover]')!;
    if (changed.has('_open')) {
      if (this._open) {
        pop.showPopover?.();
        const upd = () => requestAnimationFrame(() => this._position());
        const vv = window.visualViewport;
        addEventListener('scroll', upd, true);
        addEventListener('resize', upd);
        vv?.addEventListener('resize', upd);
        vv?.addEventListener('scroll', upd);
        document.addEventListener('pointerdown', this._onDocPointer, true);
        this._cleanup = () => {
          removeEventListener('scroll', upd, true);
          removeEventListener('resize', upd);
          vv?.removeEventListener('resize', upd);
          vv?.removeEventListener('scroll', upd);
          document.removeEventListener('pointerdown', this._onDocPointer, true);
          this._cleanup = undefined;
        };
      } else {
        if (pop.matches(':popover-open')) pop.hidePopover();
        this._cleanup?.();
        this._setActive(-1);
      }
    }
    if (this._open) this._position();
    this._syncForm();
  }

  /** Places the popup under the field (above when there is no room), capped to the visible viewport. */
  private _position(): void {
    const field = this.renderRoot.querySelector<HTMLElement>('.field');
    const pop = this.renderRoot.querySelector<HTMLElement>('[popover]');
    if (!field || !pop || !this._open) return;
    void computePosition(field, pop, {
      strategy: 'fixed',
      placement: 'bottom-start',
      middleware: [
        flip({ padding: 8 }),
        size({
          padding: 8,
          apply({ availableHeight, rects }) {
            // With the virtual keyboard open only the visual viewport is visible.
            const vv = window.visualViewport;
            const r = field.getBoundingClientRect();
            const below = vv ? vv.offsetTop + vv.height - r.bottom - 12 : availableHeight;
            const h = Math.max(120, Math.min(availableHeight, 360, Math.max(below, r.top - (vv?.offsetTop ?? 0) - 12)));
            Object.assign(pop.style, { width: `${rects.reference.width}px`, maxHeight: `${h}px` });
          },
        }),
      ],
    }).then(({ x, y, placement }) => Object.assign(pop.style, { left: `${x}px`, top: `${y + (placement[0] === 't' ? -2 : 2)}px` }));
  }

  private _syncForm(): void {
    const text = this._text;
    const picked = !!this.value && text === this._committed?.entity.label;
    let fd: FormData | null = null;
    if (this.name) {
      fd = new FormData();
      fd.append(this.name, picked ? this.value : '');
      fd.append(this.labelName || `${this.name}-label`, text);
    }
    this._internals.setFormValue(fd, JSON.stringify([picked ? this.value : '', text, this._committed?.entity.type ?? '']));
    const s = STRINGS[this._lang];
    const input = this.renderRoot.querySelector('input');
    if (this.required && !text.trim()) this._internals.setValidity({ valueMissing: true }, s.missing, input ?? undefined);
    else if (this.mustPick && text.trim() && !picked)
      this._internals.setValidity({ customError: true }, s.pick, input ?? undefined);
    else this._internals.setValidity({});
  }

  private _statusText(s: Strings): string {
    const e = this._error;
    switch (this._status) {
      case 'loading':
        return s.loading;
      case 'none':
        return s.none;
      case 'offline':
        return s.offline;
      case 'rate':
        return s.rate;
      case 'error':
        if (e?.kind === 'timeout') return s.timeout;
        if (e?.kind === 'network') return s.offline;
        if (e?.kind === 'validation') return `${s.invalid}${e.fields?.length ? `: ${e.fields.join(', ')}` : ''}.`;
        return `${s.failed}${e?.status ? ` (HTTP ${e.status})` : ''}.`;
    }
    return '';
  }

  private _renderOption(sug: GeoSuggestion, i: number, q: string): unknown {
    const label = String(sug.entity.label);
    return html`<div role="option" part="option" id=${'o' + i} aria-selected="false">${
      this.renderOption
        ? this.renderOption(sug, q)
        : segments(label, sug.matches as unknown[]).map(([t, m]) => (m ? html`<mark part="match">${t}</mark>` : t))
    }</div>`;
  }

  override render() {
    const lang = this._lang;
    const s = STRINGS[lang];
    const q = this._shownFor;
    const invalid = this.mustPick && !!this._text.trim() && !(this.value && this._text === this._committed?.entity.label);
    const status = this._statusText(s);
    const expanded = this._open && this._groups.length > 0;
    return html`<label part="label" id="lbl" for="in"><slot name="label">${this.label || s.label}</slot></label>
      <div class="field" part="field">
        <input
          id="in"
          part="input"
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-controls="lb"
          aria-expanded=${expanded ? 'true' : 'false'}
          aria-invalid=${invalid ? 'true' : 'false'}
          aria-busy=${this._status === 'loading' ? 'true' : 'false'}
          .value=${this._text}
          placeholder=${this.placeholder || s.placeholder}
          ?disabled=${this.disabled}
          ?required=${this.required}
          autocomplete=${this.autocomplete}
          autocapitalize="off"
          autocorrect="off"
          spellcheck="false"
          enterkeyhint="search"
          @input=${this._onInput}
          @change=${(e: Event) => e.stopPropagation()}
          @keydown=${this._onKeyDown}
          @focus=${this._onFocus}
          @click=${() => !this._open && this._text && this._openNow()}
          @compositionstart=${() => (this._composing = true)}
          @compositionend=${this._onCompositionEnd}
          @focusout=${this._onFocusOut}
        />
        ${this._text && !this.disabled
          ? html`<button class="clear" part="clear-button" type="button" aria-label=${s.clear} @click=${this._onClear}
              @focusout=${this._onFocusOut}>×</button>`
          : nothing}
      </div>
      <div popover="manual" part="popup" @focusout=${this._onFocusOut}>
        <div
          id="lb"
          role="listbox"
          part="listbox"
          aria-label=${s.list}
          ?hidden=${!this._groups.length}
          @pointerdown=${(e: Event) => e.preventDefault()}
          @click=${(e: Event) => void this._select(this._optionIndex(e))}
          @pointermove=${(e: Event) => {
            const i = this._optionIndex(e);
            if (i >= 0 && i !== this._active) this._setActive(i);
          }}
        >
          ${this._groups.map(
            (g) => html`<div role="group" aria-labelledby=${'g-' + g.type}>
              <div role="presentation" part="group-label" id=${'g-' + g.type}>${icon(g.type)}${s.types[g.type] ?? (g.type === 'recent' ? s.recent : g.type)}</div>
              ${g.items.map(([sug, i]) => this._renderOption(sug, i, q))}
            </div>`,
          )}
        </div>
        ${status
          ? html`<div part="status" class=${this._status === 'error' ? 'error' : ''}>${status}${
              this._status === 'error'
                ? html`<button type="button" @click=${() => (this._search(true), this._input.focus())}>${s.retry}</button>`
                : nothing
            }</div>`
          : nothing}
      </div>
      <div class="sr" role="status" aria-live="polite">${this._announce}</div>`;
  }
}
