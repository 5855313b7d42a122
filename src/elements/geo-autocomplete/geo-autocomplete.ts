import { LitElement, html, isServer, nothing, type PropertyValues } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type {
  ImmoClient,
  ApiError,
  GeoEntity,
  GeoSuggestion,
  GeoSuggestType,
} from '../../api/index.js';
import { LocalizeController, type Lang } from '../../shared/i18n.js';
import { HydrationInputController } from '../../shared/hydration.js';
import { Connection, LANG_PROPERTY } from '../../shared/client.js';
import { RequestController } from '../../shared/request.js';
import { reportFailure } from '../../shared/failure.js';
import { ListboxController } from '../../shared/listbox.js';
import {
  FormControlElement,
  formData,
  type FormInvalid,
  type FormValue,
} from '../../shared/form-control.js';
import { Announcer } from '../../shared/announce.js';
import { GeoSelectEvent } from './events.js';
import { icon } from './icons.js';
import { segments, tier } from './match.js';
import { GeoEngine } from './engine.js';
import { PopupPosition } from './position.js';
import { STRINGS } from './strings.js';
import { clip } from '../../shared/text.js';
import { upgradeProperties } from '../../shared/upgrade.js';
import { GEO_SUGGEST_MAX_LIMIT } from '../../api/types/geo.js';
import { styles } from './geo-autocomplete.styles.js';
import type { ClientBase } from '../../api/core.js';
import { suggestGeo } from '../../api/ops.js';
import type { Multiple } from './multiple.js';
import { Selection, type Fired } from './selection.js';
import { recentPlaces, rememberPlace } from './recent.js';
import { statusText, type Status } from './status.js';
import { submitImplicitly } from './submit.js';
import { group, sameGroups, type Group } from './groups.js';

/** `multiple`'s code: the chips, their keys and announcements (multiple.ts). */
type MultipleCode = typeof import('./multiple.js');
let multipleCode: Promise<MultipleCode> | undefined;
/** `multiple`'s code once it is here: a server render has it before it renders (ssr.ts). */
let multipleLoaded: MultipleCode | undefined;

/**
 * Loads `multiple`'s code, the first time an element sets `multiple` (a page that never sets
 * it loads none of it); a server awaits it before its first render, so that the chips of the
 * places it was given are in the markup it sends.
 */
export function loadMultipleCode(): Promise<MultipleCode> {
  return (multipleCode ??= import('./multiple.js').then((m) => {
    // A server writes an element's styles into the shadow root it renders: the chips' join
    // them there (the browser adopts them when `multiple` starts, multiple.ts).
    if (isServer) GeoAutocomplete.elementStyles.push(m.styles);
    return (multipleLoaded = m);
  }));
}

/** Options a long list shows in the task of its answer; the rest follows after a yield. */
const FIRST = 30;

/** Yields to the browser (`scheduler.yield()` where there is one: the rest runs before other tasks). */
function yieldTask(): Promise<unknown> {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<unknown> } }).scheduler;
  return s?.yield ? s.yield() : new Promise((r) => setTimeout(r, 0));
}

/**
 * The key of each option by its place id, so that a list that keeps its places keeps its
 * option nodes (a place twice in one answer is told apart by its position).
 */
function keys(items: GeoSuggestion[]): (s: GeoSuggestion, i: number) => string {
  const seen = new Set<string>();
  const k = items.map((s, i) => {
    const id = String(s.entity.id);
    return seen.has(id) ? `${id}#${i}` : (seen.add(id), id);
  });
  return (_s, i) => k[i]!;
}

/** What the element asks of a client: the geo methods of ImmoClient. */
type GeoApi = Pick<ImmoClient, 'suggestGeo' | 'suggestGeoV1' | 'getGeoEntity'>;

/** Signature of the `renderOption` property: what goes inside one option row. */
export type GeoOptionRenderer = (suggestion: GeoSuggestion, query: string) => unknown;

/**
 * A geo autocomplete combobox (WAI-ARIA APG combobox with a listbox popup) over the geo
 * suggestion service: countries, federal states, cities, districts, boroughs, postcodes,
 * streets and stations of Germany and Austria. Form-associated: submits the entity id under
 * `name` and the visible label under `label-name` (default `<name>-label`).
 *
 * With `multiple`, several places: each pick becomes a chip before the text (a labelled list,
 * each chip with a remove button), every id is submitted under `name` and every label under
 * `label-name`, as a `<select multiple>` does (multiple.ts, an `import()`).
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
 * @csspart status - Loading, no-match, offline and error messages (with the retry button).
 * @csspart error - The status when it is an error (also part `status`).
 * @csspart retry - The retry button of an error.
 * @csspart chips - With `multiple`: the list of chosen places before the text.
 * @csspart chip - One chosen place.
 * @csspart chip-label - The name of a chosen place.
 * @csspart chip-remove - The button that removes a chosen place.
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
 * @fires geo-select - A visitor chose a suggestion: `{ suggestion, entity, error }` (GeoSelectEvent); with `multiple`, once per place added.
 * @fires geo-remove - With `multiple`: a visitor removed a chosen place: `{ suggestion }` (GeoRemoveEvent), followed by `input` and `change`.
 * @fires input - `value` changed by the visitor, at once: a pick, clearing, editing the text of a picked place (the value becomes '' as the form's), typing its label back.
 * @fires change - The visitor committed a changed value (a pick, clearing, Enter, leaving the field), as a native input's `change`.
 * @fires request-failed - FailureEvent: suggestions ('suggest') or an entity record ('entity') could not be fetched; carries `operation`, `kind`, the `text` shown and the client's `error` for developers (a failed `resolve` is also in geo-select's `error`).
 * @fires validity-change - The validity changed (ValidityChangeEvent: `valid`, `validationMessage`), also without an `input` event (text typed under `must-pick`).
 */
export class GeoAutocomplete extends FormControlElement {
  /**
   * Reactive properties, documented on the fields below. An attribute is the lowercased
   * property name unless named here (kebab case); `_` states have none (`attribute: false`
   * also for the manifest analyzer, which reads `state` alone as an attribute).
   */
  static override properties = {
    ...LANG_PROPERTY,
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
    multiple: { type: Boolean, reflect: true },
    max: { type: Number },
    _open: { state: true, attribute: false },
    _status: { state: true, attribute: false },
    _groups: { state: true, attribute: false },
  };
  static override styles = styles;
  /** The strings of its language; renders wait for English (src/shared/i18n.ts). */
  readonly #i18n = new LocalizeController(this, STRINGS);
  /** `client` or the shared client for `base-url` (no retries: typing sends the next request), and the language. */
  readonly #conn = new Connection(this, { retries: 0 });
  readonly #say = new Announcer(this);
  /**
   * The entity lookups (the `resolve` of a selection, the label of a `value` set by code):
   * abort, stale guard, failure report (src/shared/request.ts). The suggestion fetching has
   * its own engine (engine.ts: debounce, cache, back-off, sequence guard).
   */
  readonly #entity = new RequestController<[Parameters<GeoApi['getGeoEntity']>[0]], GeoEntity>(
    this,
    {
      operation: 'entity',
      lang: () => this.#lang,
      task: (signal, q) => this.#client().getGeoEntity(q, { signal }),
      resume: false,
    },
  );
  static override shadowRootOptions: ShadowRootInit = {
    ...LitElement.shadowRootOptions,
    delegatesFocus: true,
  };

  /** Keys, the active option and aria-activedescendant (src/shared/listbox.ts). */
  readonly #lb = new ListboxController(this, {
    kind: 'combobox',
    owner: () => this.renderRoot.querySelector('input'),
    options: () => [...this.renderRoot.querySelectorAll<HTMLElement>('[role=option]')],
    open: () => this._open && this._groups.length > 0,
    pick: (el) => void this.#select(Number(el.id.slice(1))),
    close: () => (this._open = false),
    multiselect: () => !!this.#m,
  });
  /** When to ask and what to show meanwhile: debounce, cache, refinement, back-off, sequence guard (engine.ts). */
  readonly #engine = new GeoEngine({
    request: async (q, signal) => {
      const geo = this.#client();
      const list = await (this.api === 'v1'
        ? geo.suggestGeoV1(q, { signal })
        : geo.suggestGeo(
            {
              country: this.country,
              input: q,
              limit: this.limit,
              limitPerType: this.limitPerType,
              types: this.types.split(',').map((t) => t.trim()) as GeoSuggestType[],
            },
            { signal },
          ));
      // An answer longer than asked for (a client that does not cut, a broken service) shows
      // what was asked for: the list stays as short to render as the limit says.
      const max =
        this.limit >= 1 ? Math.min(this.limit, GEO_SUGGEST_MAX_LIMIT) : GEO_SUGGEST_MAX_LIMIT;
      return list.length > max ? list.slice(0, max) : list;
    },
    text: () => this.#sel.text,
    show: (q, list, exact) => this.#show(q, list, exact),
    short: (q) => {
      this.#error = null;
      if (!q) return this.#show(q, this.#recents());
      // Below min-length nothing is asked, so nothing is claimed: no popup, no announcement;
      // only an explicit ↓ / Alt+↓ gets the hint "Mindestens 2 Zeichen".
      this.#setGroups([]);
      this._status = this.#asked ? 'short' : '';
      this._open = this.#asked && this.#focused;
    },
    pending: (kind, err) => {
      this._status = kind;
      if (err) reportFailure(this, 'suggest', err, this.#lang, this.#statusText());
    },
    fail: (kind, err) => this.#fail(kind, err ?? null),
    online: () => navigator.onLine,
  });
  /**
   * The value: the place or places committed, the text, what the form submits and which
   * events a visitor's action fires (selection.ts). `value` follows it.
   */
  readonly #sel = new Selection(
    (id) => [...this.#options, ...this.#recents()].find((s) => s.entity.id === id),
    () => this.#follow(),
  );
  /** The model's value as `value` was last set to it (a different `value` is code's). */
  #synced = '';
  /** Within willUpdate: the form is synced after the update. */
  #updating = false;
  #composing = false;
  /** The visitor asked for the list (↓): below min-length it says why there is none. */
  #asked = false;
  /** Aborted to remove the outside-click listener while the popup is open. */
  #listening?: AbortController;
  /** Places the popup: Floating UI, loaded on first use, which reads layout on open, scroll and resize only, or CSS anchor positioning where enabled (position.ts). */
  readonly #pos = new PopupPosition(
    () => this.renderRoot.querySelector<HTMLElement>('.field'),
    () => this.renderRoot.querySelector<HTMLElement>('[popover]'),
  );
  #error: ApiError | null = null;
  /** The text the list on screen was put there for. */
  #listFor = '';

  private _open = false;
  private _status: Status = '';
  /** The groups on screen: a long list's first options until the rest follows ({@link #setGroups}). */
  private _groups: Group[] = [];
  /** The whole list shown, grouped (what {@link _groups} becomes once a long list's rest is on screen). */
  #groups: Group[] = [];
  /** A long list's rest, rendered after a yield; updateComplete waits for it. */
  #rest?: Promise<unknown>;
  /** The coming render only adds a long list's rest: the active option stays. */
  #growing = false;
  /** `multiple`'s chips, keys and announcements (multiple.ts), loaded the first time `multiple` is set. */
  #multi?: Multiple;
  #multiLoad?: Promise<void>;

  /** Service root including /restapi/api; used when no `client` is given. */
  baseUrl = '/restapi/api';
  /** Language of the element (`de` default, `en`); an ancestor's `lang` counts too. */
  override lang!: string;
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
  /** Disables the input (a disabled `<fieldset>` around it disables it too, without changing this property, as with a native input). */
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
  /** Several places: each pick becomes a chip and the text empties; `value` is then the ids joined by commas (as an `<input type=email multiple>`'s). */
  multiple = false;
  /** With `multiple`: how many places a visitor can choose (0: no limit); at the limit the list offers only removals (code may set more). */
  max = 0;

  // Properties set on the element before it was upgraded: Lit's constructor takes the
  // reactive ones (`value`, `client`, …) off the instance and sets them again before the
  // first update; connectedCallback does the same for `values` and `selections`.

  /** The suggestion that was chosen last (null when none or after clearing). */
  get selected(): GeoSuggestion | null {
    return this.#sel.selected;
  }
  /**
   * The chosen ids in the order chosen (with `multiple`; else `value` as a list). Setting them
   * shows their chips, the labels looked up as for `value`, without events; without
   * `multiple` it sets `value` to the first.
   */
  get values(): string[] {
    return this.#sel.values;
  }
  set values(ids: readonly string[]) {
    this.#sel.setIds(ids.map(String));
    this.syncForm();
  }
  /** The chosen suggestions in order (with `multiple`; else `selected` as a list); settable like `values`. */
  get selections(): GeoSuggestion[] {
    return this.#sel.selections;
  }
  set selections(list: readonly GeoSuggestion[]) {
    this.#sel.set(list);
    this.syncForm();
  }
  /** The text in the input. */
  get text(): string {
    return this.#sel.text;
  }

  /**
   * Renders wait for the strings of the element's language (English loads on demand) and,
   * with `multiple`, the first time for its module, so that the chips are there from the
   * first render: places known at load (`selections`, a restored form) move nothing under
   * the field when they appear.
   */
  protected override scheduleUpdate(): void | Promise<unknown> {
    if (!this.multiple || this.#multi) return this.#i18n.wait(() => super.scheduleUpdate());
    this.#multiLoad ??= loadMultipleCode().then(
      (code) => this.#startMultiple(code),
      (e) => console.error('geo-autocomplete: its code for `multiple` did not load', e),
    ); // (renders go on without chips)
    return this.#multiLoad.then(() => this.#i18n.wait(() => super.scheduleUpdate()));
  }

  constructor() {
    super();
    // What a visitor entered into a server-rendered form before the script ran stays.
    new HydrationInputController(this);
    // An upgraded `multiple` renders once its code is here: its placeholder height stays till then.
    if (this.hasAttribute('multiple') && !multipleLoaded) this.#i18n.hold();
  }

  override connectedCallback(): void {
    upgradeProperties(this as GeoAutocomplete, ['values', 'selections']);
    super.connectedCallback();
    this.#sel.setDefault(this.getAttribute('value'));
    addEventListener('online', this.#online);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    removeEventListener('online', this.#online);
    this.#abort();
    this._open = false;
    this.#listening?.abort();
    this.#pos.stop();
  }

  /** Form reset: back to the `value` attribute the page was loaded with. */
  formResetCallback(): void {
    this.#abort();
    void this.#lookUp(this.#sel.reset());
  }

  /** Back/forward cache and session restore, and browser autofill of the whole control. */
  formStateRestoreCallback(state: unknown, mode: 'restore' | 'autocomplete'): void {
    if (typeof state !== 'string') return;
    if (mode === 'restore') this.#sel.restore(state);
    else void this.#autofill(state);
  }

  get #lang(): Lang {
    return this.#conn.lang;
  }

  /** The `client` property, else one built from `base-url`, with the geo operations. */
  #client(): GeoApi {
    const c = this.client;
    // An ImmoClient, or any object with its geo methods (a host's own wrapper), is used as is.
    if (c && typeof (c as Partial<GeoApi>).suggestGeo === 'function') return c as GeoApi;
    const core = this.#conn.client;
    return {
      suggestGeo: suggestGeo.bind(null, core),
      // What few pages use loads on first use: the v1 adapter for `api="v1"`, the entity
      // lookup for `resolve` and a `value` set by code.
      suggestGeoV1: (q, o) =>
        import('../../api/ops/regions.js').then((m) => m.suggestGeoV1(core, q, o)),
      getGeoEntity: (q, o) =>
        import('../../api/ops/geo-entity.js').then((m) => m.getGeoEntity(core, q, o)),
    };
  }

  get #input(): HTMLInputElement {
    return this.renderRoot.querySelector('input')!;
  }

  get #options(): GeoSuggestion[] {
    return this.#groups.flatMap((g) => g.items);
  }

  /**
   * Puts groups on screen. A list longer than {@link FIRST} options shows its first ones in
   * this task (more than the popup's height holds) and the rest after a yield to the browser,
   * so that a key pressed meanwhile is handled first; the options keep their ids and places.
   */
  #setGroups(next: Group[]): void {
    this.#groups = next;
    let room = FIRST;
    if (next.reduce((n, g) => n + g.items.length, 0) <= room) {
      this._groups = next;
      return;
    }
    const head: Group[] = [];
    for (const g of next) {
      if (room <= 0) break;
      head.push(g.items.length <= room ? g : { type: g.type, items: g.items.slice(0, room) });
      room -= g.items.length;
    }
    this._groups = head;
    const rest = (this.#rest = yieldTask().then(() => {
      if (this._groups === head) {
        this.#growing = true;
        this._groups = next;
      }
      if (this.#rest === rest) this.#rest = undefined;
    }));
  }

  protected override async getUpdateComplete(): Promise<boolean> {
    let done = await super.getUpdateComplete();
    while (this.#rest) {
      await this.#rest;
      done = await super.getUpdateComplete();
    }
    return done;
  }

  // ---- networking (the engine decides; the element shows) -----------------------------

  /** Hands the engine the current settings. */
  #settings(): GeoEngine {
    this.#engine.settings = {
      api: this.api,
      country: this.country,
      types: this.types,
      limit: this.limit,
      limitPerType: this.limitPerType,
      minLength: this.minLength,
      debounce: this.debounce,
    };
    return this.#engine;
  }

  /** Shows what is known for the current text at once, and schedules or sends the request (`now`: without debounce). */
  #search(now = false): void {
    this.#settings().search(now);
  }

  #abort(): void {
    this.#engine.abort();
  }

  readonly #online = (): void => {
    if (this._status === 'offline') this.#search(true);
  };

  /** Shows a failure of the suggestions (reported here) or of an entity lookup (`report` false: its controller did). */
  #fail(status: Status, err: ApiError | null = null, report = true): void {
    this._status = status;
    this.#error = err;
    this.#engine.failed();
    const text = this.#statusText();
    this.#say.say(text);
    if (err && report) reportFailure(this, 'suggest', err, this.#lang, text);
    this._open = this.#focused;
  }

  get #focused(): boolean {
    return this.matches(':focus-within');
  }

  /** Puts a list on screen, grouped by entity type. */
  #show(q: string, list: GeoSuggestion[], exact = true): void {
    const next = group(list, !q && list.length > 0 ? 'recent' : this.api);
    // The same list again (the server's answer equal to the local refinement shown a key
    // earlier, a cached answer): nothing to render, nothing new to announce. (A partner's
    // renderOption is handed the text: for it the list is the same only for the same text.)
    const same = sameGroups(next, this.#groups) && (!this.renderOption || q === this.#listFor);
    this.#listFor = q;
    if (!same) this.#setGroups(next);
    this.#error = null;
    const s = STRINGS[this.#lang];
    // "No matches" only once the service's answer for this text says so; an empty local
    // refinement means the answer is still on its way.
    const status = q && !list.length ? (exact ? 'none' : 'loading') : '';
    if (q && (list.length || exact) && !(same && status === this._status))
      this.#say.soon(list.length ? s.count(list.length) : s.none);
    this._status = status;
    this._open = this.#focused && (list.length > 0 || !!this._status);
  }

  /** Enter with the list closed submits the owning form, as a native text input does. */
  #submit(): void {
    const form = this.form;
    if (!form) return;
    this.syncForm();
    submitImplicitly(form, this);
  }

  /** The places picked last (`recent`). */
  #recents(): GeoSuggestion[] {
    return this.recent ? recentPlaces(this.api, this.country) : [];
  }

  #remember(s: GeoSuggestion): void {
    if (this.recent) rememberPlace(this.api, this.country, s);
  }

  // ---- selection and value ----------------------------------------------------------

  /**
   * The model changed: render, and `value` follows its value (the form too, at once, so
   * that listeners of `input` and a submit in this task see the new form data).
   */
  #follow(): void {
    this.requestUpdate();
    const v = this.#sel.value;
    if (v === this.#synced) return;
    this.#synced = this.value = v;
    if (!this.#updating) this.syncForm();
  }

  /** Dispatches the events the model says a visitor's action fires. */
  #fire(fired: Fired): void {
    for (const name of fired)
      this.dispatchEvent(
        name === 'input'
          ? new Event('input', { bubbles: true, composed: true })
          : new Event('change', { bubbles: true }),
      );
  }

  /** With `multiple` loaded: its controller (multiple.ts). */
  get #m(): Multiple | undefined {
    return this.multiple ? this.#multi : undefined;
  }

  async #select(i: number): Promise<void> {
    const s = this.#options[i];
    if (!s) return;
    if (this.multiple) return this.#multi?.toggle(s); // (renders waited for it: a list is on screen)
    this.#entity.abort();
    this.#abort();
    this._open = false;
    this.#fire(this.#sel.pick(s));
    this.#remember(s);
    this.#say.say(STRINGS[this.#lang].chosen(clip(s.entity.label)));
    let entity: GeoEntity | null = null;
    let error: ApiError | null = null;
    if (this.resolve) {
      try {
        entity = await this.#entity.run({
          country: this.country,
          id: s.entity.id,
          geoData: this.resolve,
        });
      } catch (e) {
        if ((e as ApiError).kind === 'abort') return;
        error = e as ApiError;
      }
    }
    const ev = new GeoSelectEvent(s, entity, error);
    this.dispatchEvent(ev);
  }

  /** Browser autofill put text into the field: search at once and take an exact match. */
  async #autofill(text: string): Promise<void> {
    this.#fire(this.#sel.type(text));
    const q = text.trim();
    if (this.#settings().has(q)) this.#search();
    else await this.#engine.fetch(q);
    const i = this.#options.findIndex((s) => tier(s.entity.label, q) === 0);
    if (i >= 0 && this.#engine.shownFor === q) void this.#select(i);
  }

  /** Looks up the label of a `value` that code set (`id`; null: nothing to look up). */
  async #lookUp(id: string | null): Promise<void> {
    if (!id) return;
    try {
      const e = await this.#entity.run({ country: this.country, id });
      this.#sel.labelled(id, e.label, e.type);
    } catch (e) {
      // Reported by the controller already; shown in the status.
      if ((e as ApiError).kind !== 'abort') this.#fail('error', e as ApiError, false);
    }
  }

  // ---- event handlers ---------------------------------------------------------------

  #onInput(e: InputEvent): void {
    e.stopPropagation(); // typing is not a value change of the control; see the `input` event above
    const text = (e.target as HTMLInputElement).value;
    this.#fire(this.#sel.type(text));
    if (this.#composing || e.isComposing) return;
    if (!e.inputType && text) return void this.#autofill(text);
    this.#engine.keyed();
    this.#search();
  }

  #onCompositionEnd(e: CompositionEvent): void {
    this.#composing = false;
    this.#fire(this.#sel.type((e.target as HTMLInputElement).value));
    this.#search();
  }

  #onKeyDown(e: KeyboardEvent): void {
    if (e.isComposing || e.keyCode === 229 || this.#composing) return;
    // ← at the start of the text and Backspace in the empty text go into the chips
    // (`multiple`); the list's keys (arrows, Page keys, Enter on an option or with none, and
    // ←/→/Home/End clearing the active option) are the controller's; what is left opens,
    // closes, retries.
    if (this.#m?.keydown(e) || this.#lb.keydown(e)) return;
    const open = this._open && this.#options.length > 0;
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        e.preventDefault();
        const up = e.key === 'ArrowUp';
        if (open) {
          if (e.altKey && up) this._open = false; // Alt+↑ closes (APG)
        } else {
          this.#openNow();
          if (!e.altKey)
            void this.updateComplete.then(() =>
              this.#lb.activate(up ? this.#options.length - 1 : 0),
            );
        }
        return;
      }
      case 'Enter':
        // (Enter on an open list is the controller's: it picks, or closes the list.)
        e.preventDefault();
        if (this._status === 'error' && this._open) return this.#search(true);
        this._open = false;
        this.#fire(this.#sel.commit());
        this.#submit();
        return;
      case 'Escape':
        if (this._open) {
          e.preventDefault();
          this._open = false;
        } else if (this.#sel.text !== this.#sel.committedLabel) {
          // A second Escape gives the text of the committed place back.
          e.preventDefault();
          this.#abort();
          this.#fire(this.#sel.revert() ?? []);
        }
        return;
      case 'Tab':
        this._open = false;
    }
  }

  /** Opens the popup with what is known for the current text (recent selections when empty). */
  #openNow(): void {
    if (
      this.#engine.shownFor === this.#sel.text.trim() &&
      (this.#options.length || (this._status && this._status !== 'short'))
    )
      this._open = true;
    else {
      this.#asked = true;
      this.#search(true);
      this.#asked = false;
    }
  }

  #onFocus(): void {
    this.#pos.prepare(); // the popup's positioning, before it first opens
    if (!this.#sel.text && this.recent) this.#search();
  }

  #onFocusOut(e: FocusEvent): void {
    if (e.relatedTarget && this.renderRoot.contains(e.relatedTarget as Node)) return;
    this._open = false;
    this.#fire(this.#sel.commit()); // leaving the field commits, as with a native input
  }

  #onClear(): void {
    this.#abort();
    this.#fire(this.#sel.clear());
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
    const sel = this.#sel;
    // On a server the first state is rendered from what the page gave (`selections` with their
    // labels); a label it did not give is looked up in the browser.
    const lookUp = (id: string | null) => void (isServer || this.#lookUp(id));
    if (isServer && this.multiple && !this.#multi && multipleLoaded)
      this.#startMultiple(multipleLoaded);
    sel.max = this.max;
    this.#updating = true;
    // `multiple` set or unset after places were: the places set (`values` before `multiple`
    // keeps them all), else `value` split at its commas.
    if (changed.has('multiple')) lookUp(sel.setMultiple(this.multiple, this.value));
    lookUp(sel.settle());
    // A `value` the model did not give is code's: the text shows its place's label.
    if (changed.has('value') && this.value !== this.#synced) lookUp(sel.setValue(this.value));
    this.#updating = false;
    if (
      this.hasUpdated &&
      ['api', 'country', 'types', 'limit', 'limitPerType', 'baseUrl', 'client'].some((k) =>
        changed.has(k),
      )
    ) {
      this.#abort();
      if (this.#focused) this.#search(true);
      else this.#engine.invalidate();
    }
  }

  /** `multiple`'s controller, made once its code is here. */
  #startMultiple({ Multiple, STRINGS: strings }: MultipleCode): void {
    this.#i18n.add(strings);
    this.#multi = new Multiple(this, {
      sel: this.#sel,
      say: this.#say,
      close: () => (this._open = false),
      place: () => this._open && this.#pos.update(),
      added: (s, signal) => {
        this.#abort(); // a search for the text before the pick is of no use now
        this.#remember(s);
        // With `resolve`, geo-select carries the record (or why it failed), as for one place.
        if (!this.resolve) return new GeoSelectEvent(s, null, null);
        return this.#client()
          .getGeoEntity(
            { country: this.country, id: s.entity.id, geoData: this.resolve },
            { signal },
          )
          .then(
            (e) => new GeoSelectEvent(s, e, null),
            (err: ApiError) => {
              if (err.kind === 'abort') return null;
              reportFailure(this, 'entity', err, this.#lang);
              return new GeoSelectEvent(s, null, err);
            },
          );
      },
      label: (id, signal) => this.#client().getGeoEntity({ country: this.country, id }, { signal }),
      failed: (err) => {
        reportFailure(this, 'entity', err, this.#lang);
        this.#fail('error', err, false);
      },
    });
  }

  override updated(changed: PropertyValues): void {
    if (changed.has('_groups') && !this.#growing) this.#lb.clear();
    this.#growing = false;
    if (!changed.has('_open')) return; // a list update reads no layout (floating.ts)
    const pop = this.renderRoot.querySelector<HTMLElement>('[popover]')!;
    if (this._open) {
      pop.showPopover?.();
      this.#pos.start();
      const o = { capture: true, signal: (this.#listening = new AbortController()).signal };
      document.addEventListener('pointerdown', this.#onDocPointer, o);
    } else {
      if (pop.matches(':popover-open')) pop.hidePopover();
      this.#listening?.abort();
      this.#pos.stop();
      this.#lb.clear();
    }
  }

  /** `must-pick` is set and the text in the input was typed, not picked. */
  get #unpicked(): boolean {
    return this.mustPick && this.#sel.unpicked;
  }

  /**
   * The entity id under `name` and the text under `label-name`; the restore state is [id,
   * text, type]. With `multiple`: every chosen id under `name` and every label under
   * `label-name` (text left in the field is not a place); the state `{ places, text }`.
   */
  protected formValue(): FormValue {
    const { ids, labels, state } = this.#sel.submitted();
    const labelName = this.labelName || `${this.name}-label`;
    return {
      value: this.name
        ? formData([
            [this.name, ids],
            [labelName, labels],
          ])
        : null,
      state,
    };
  }

  protected formInvalid(): FormInvalid | null {
    const s = STRINGS[this.#lang];
    // (with `multiple`, `required` asks for a place, not for text)
    if (this.required && !this.#sel.filled)
      return { flags: { valueMissing: true }, message: this.#m?.missing() ?? s.missing };
    if (this.#unpicked) return { flags: { customError: true }, message: s.pick };
    return null;
  }

  protected formAnchor(): HTMLElement | null | undefined {
    return this.renderRoot?.querySelector('input'); // (no render root before the first connect)
  }

  #statusText(): string {
    const lang = this.#lang;
    return statusText(this._status, lang, STRINGS[lang], this.#error, this.minLength);
  }

  /**
   * One option. A label longer than any place name is laid out cut (clip(): rendering stays
   * linear in what is shown); its accessible name and tooltip are the whole label, and the
   * highlights past the cut are dropped. A label the client cut already ends in an ellipsis:
   * its row shows what fits, its tooltip the rest.
   */
  #renderOption(sug: GeoSuggestion, i: number, q: string): unknown {
    const label = String(sug.entity.label);
    const shown = clip(label);
    const full = shown === label ? nothing : label;
    const tip = full === nothing && !label.endsWith('…') ? nothing : label;
    const m = this.#m;
    return html`<div role="option" part="option" id=${'o' + i} aria-selected=${m ? String(m.has(sug)) : 'false'} aria-disabled=${m?.blocks(sug) ? 'true' : nothing} aria-label=${full} title=${tip}>${
      this.renderOption
        ? this.renderOption(sug, q)
        : [
            segments(full === nothing ? label : shown.slice(0, -1), sug.matches as unknown[]).map(
              ([t, m]) => (m ? html`<mark part="match">${t}</mark>` : t),
            ),
            full === nothing ? nothing : '…',
          ]
    }</div>`;
  }

  override render() {
    const lang = this.#lang;
    const s = STRINGS[lang];
    const q = this.#engine.shownFor;
    const status = this.#statusText();
    const text = this.#sel.text;
    const expanded = this._open && this._groups.length > 0;
    let n = 0; // option number across the groups
    // (Markup kept on few lines: Lit ships template text as written.)
    return html`<label part="label" for="in"><slot name="label">${this.label || s.label}</slot></label>
<div class="field" part="field">${this.#m?.render(this.isDisabled, this.#onFocusOut)}
  <input id="in" part="input" type="text" role="combobox" aria-autocomplete="list" aria-controls="lb"
    aria-expanded=${expanded} aria-invalid=${this.#unpicked} aria-busy=${this._status === 'loading'}
    .value=${text} placeholder=${this.#m?.full() || this.placeholder || s.placeholder} ?disabled=${this.isDisabled}
    ?required=${this.required && !this.#sel.count} autocomplete=${this.autocomplete}
    autocapitalize="off" autocorrect="off" spellcheck="false" enterkeyhint="search"
    @input=${this.#onInput} @change=${(e: Event) => e.stopPropagation()} @keydown=${this.#onKeyDown}
    @focus=${this.#onFocus} @click=${() => !this._open && text && this.#openNow()}
    @compositionstart=${() => (this.#composing = true)} @compositionend=${this.#onCompositionEnd}
    @focusout=${this.#onFocusOut}>
  ${
    text && !this.isDisabled
      ? html`<button class="clear" part="clear" type="button" aria-label=${s.clear}
      @click=${this.#onClear} @focusout=${this.#onFocusOut}>×</button>`
      : nothing
  }
</div>
<div popover="manual" part="popup" @focusout=${this.#onFocusOut}>
  <div id="lb" role="listbox" part="listbox" aria-label=${s.list} ?hidden=${!this._groups.length} aria-multiselectable=${this.#m ? 'true' : nothing}
    @pointerdown=${(e: Event) => e.preventDefault()}
    @click=${(e: Event) => void this.#select(this.#optionIndex(e))}
    @pointermove=${(e: Event) => {
      const el = (e.target as Element).closest<HTMLElement>('[role=option]');
      if (el && el !== this.#lb.active) this.#lb.activate(el, false);
    }}>
    ${repeat(
      this._groups,
      (g) => g.type,
      (g) => html`<div role="group" aria-labelledby=${'g-' + g.type}>
<div role="presentation" part="group-label" id=${'g-' + g.type}>${icon(g.type)}${s.types[g.type] ?? (g.type === 'recent' ? s.recent : clip(g.type))}</div>
${repeat(g.items, keys(g.items), (sug) => this.#renderOption(sug, n++, q))}
</div>`,
    )}
  </div>
  ${
    status
      ? html`<div part=${this._status === 'error' ? 'status error' : 'status'} class=${this._status}>${status}${
          this._status === 'error'
            ? html`<button type="button" part="retry" @click=${() => (this.#search(true), this.#input.focus())}>${s.retry}</button>`
            : nothing
        }</div>`
      : nothing
  }
</div>
${this.#say.region()}`;
  }
}
