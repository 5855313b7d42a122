import { LitElement, html, isServer, nothing, type PropertyValues } from 'lit';
import type {
  ImmoClient,
  ApiError,
  GeoEntity,
  GeoSuggestion,
  GeoSuggestType,
} from '../../api/index.js';
import { LocalizeController, type Lang } from '../../shared/i18n.js';
import { Connection, LANG_PROPERTY } from '../../shared/client.js';
import { RequestController } from '../../shared/request.js';
import { failureSentences, failureText, reportFailure } from '../../shared/failure.js';
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
import { STRINGS, type Strings } from './strings.js';
import { styles } from './geo-autocomplete.styles.js';
import type { ClientBase } from '../../api/core.js';
import { suggestGeo } from '../../api/ops.js';
import type { Multiple } from './multiple.js';

type Status = '' | 'loading' | 'none' | 'short' | 'error' | 'offline' | 'rate';
/** Suggestions of one entity type; options are numbered across groups in this order (`#o<n>`). */
interface Group {
  type: string;
  items: GeoSuggestion[];
}

/** Whether two lists show the same: the same groups, entities, labels and highlights. */
function sameGroups(a: Group[], b: Group[]): boolean {
  return (
    a.length === b.length &&
    a.every((g, i) => {
      const h = b[i]!;
      return (
        g.type === h.type &&
        g.items.length === h.items.length &&
        g.items.every((x, j) => {
          const y = h.items[j]!;
          return (
            x.entity.id === y.entity.id &&
            x.entity.label === y.entity.label &&
            JSON.stringify(x.matches) === JSON.stringify(y.matches)
          );
        })
      );
    })
  );
}

/** What the element asks of a client: the geo methods of ImmoClient. */
type GeoApi = Pick<ImmoClient, 'suggestGeo' | 'suggestGeoV1' | 'getGeoEntity'>;

const RECENT_MAX = 5;
/** A place known by its id only (its label is looked up). */
const byId = (id: string, label = '', type = ''): GeoSuggestion => ({
  entity: { id, label, type },
  matches: [],
});

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
 * `label-name`, as a `<select multiple>` does; its code (multiple.ts) loads on demand.
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
    _chosen: { state: true, attribute: false },
    _text: { state: true, attribute: false },
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
    request: (q, signal) => {
      const geo = this.#client();
      return this.api === 'v1'
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
          );
    },
    text: () => this._text,
    show: (q, list, exact) => this.#show(q, list, exact),
    short: (q) => {
      this.#error = null;
      if (!q) return this.#show(q, this.#recents());
      // Below min-length nothing is asked, so nothing is claimed: no popup, no announcement;
      // only an explicit ↓ / Alt+↓ gets the hint "Mindestens 2 Zeichen".
      this._groups = [];
      this._status = this.#asked ? 'short' : '';
      this._open = this.#asked && this.#focused;
    },
    pending: (kind, err) => {
      this._status = kind;
      if (err)
        reportFailure(this, 'suggest', err, this.#lang, this.#statusText(STRINGS[this.#lang]));
    },
    fail: (kind, err) => this.#fail(kind, err ?? null),
    online: () => navigator.onLine,
  });
  #composing = false;
  /** The place picked last (kept while its text is edited, for Escape and to give the value back when the text is its label again). */
  #committed: GeoSuggestion | null = null;
  /** The `value` the element set itself (a different one was set by code: its label is looked up). */
  #ownValue = '';
  /** The visitor asked for the list (↓): below min-length it says why there is none. */
  #asked = false;
  /** The `value` when `change` fired last (a commit fires `change` only when it differs). */
  #changed = '';
  #default: string | null = null;
  /** Aborted to remove the outside-click listener while the popup is open. */
  #listening?: AbortController;
  /** Places the popup with Floating UI, loaded on first use; reads layout on open, scroll and resize only (position.ts). */
  readonly #pos = new PopupPosition(
    () => this.renderRoot.querySelector<HTMLElement>('.field'),
    () => this.renderRoot.querySelector<HTMLElement>('[popover]'),
  );
  #error: ApiError | null = null;
  /** The text the list on screen was put there for. */
  #listFor = '';

  private _text = '';
  private _open = false;
  private _status: Status = '';
  private _groups: Group[] = [];
  /** With `multiple`: the chosen places, in order. */
  private _chosen: GeoSuggestion[] = [];
  /** `multiple`'s chips, keys and announcements (multiple.ts), loaded the first time `multiple` is set. */
  #multi?: Multiple;
  #multiLoad?: Promise<void>;
  /** The first update takes over a shadow root rendered on a server (see update()). */
  #hydrating = false;

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

  // Properties set on the element before it was upgraded (`value`, `client`, …): Lit's
  // constructor takes them off the instance and sets them again before the first update.

  /** The suggestion that was chosen last (null when none or after clearing). */
  get selected(): GeoSuggestion | null {
    return this.multiple ? (this._chosen.at(-1) ?? null) : this.value ? this.#committed : null;
  }
  /**
   * The chosen ids in the order chosen (with `multiple`; else `value` as a list). Setting them
   * shows their chips, the labels looked up as for `value`, without events; without
   * `multiple` it sets `value` to the first.
   */
  get values(): string[] {
    return this.multiple ? this._chosen.map((s) => s.entity.id) : this.value ? [this.value] : [];
  }
  set values(ids: readonly string[]) {
    this.selections = ids.map((id) => this.#known(String(id)) ?? byId(String(id)));
  }
  /** The chosen suggestions in order (with `multiple`; else `selected` as a list); settable like `values`. */
  get selections(): GeoSuggestion[] {
    return this.multiple ? [...this._chosen] : this.selected ? [this.selected] : [];
  }
  set selections(list: readonly GeoSuggestion[]) {
    this.#choose(list);
    this.#changed = this.value;
  }
  /** The text in the input. */
  get text(): string {
    return this._text;
  }

  /**
   * Renders wait for the strings of the element's language (English loads on demand) and,
   * with `multiple`, the first time for its module (a small same-origin chunk), so that the
   * chips are there from the first render: places known at load (`selections`, a restored
   * form) move nothing under the field when they appear.
   */
  protected override scheduleUpdate(): void | Promise<unknown> {
    if (!this.multiple || this.#multi) return this.#i18n.wait(() => super.scheduleUpdate());
    return (this.#multiLoad ??= this.#loadMultiple()).then(() =>
      this.#i18n.wait(() => super.scheduleUpdate()),
    );
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
    this._open = false;
    this.#listening?.abort();
    this.#pos.stop();
  }

  /** Form reset: back to the `value` attribute the page was loaded with. */
  formResetCallback(): void {
    this.#abort();
    this.#committed = null;
    this._text = '';
    this._chosen = [];
    this.#setValue('');
    this.#changed = '';
    this.value = this.#default ?? '';
  }

  /** Back/forward cache and session restore, and browser autofill of the whole control. */
  formStateRestoreCallback(state: unknown, mode: 'restore' | 'autocomplete'): void {
    if (typeof state !== 'string') return;
    if (mode === 'restore') {
      try {
        const st = JSON.parse(state) as string[] | { places: string[][]; text: string };
        if (Array.isArray(st)) {
          const [id, label, type] = st;
          this._text = label;
          this.#commit(id ? byId(id, label, type) : null, false);
        } else {
          this._text = st.text;
          this.selections = st.places.map(([id, label, type]) => byId(id, label, type));
        }
      } catch {
        /* a state from another version: ignore */
      }
    } else this.#autofill(state);
  }

  get #lang(): Lang {
    return this.#conn.lang;
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
    const core = this.#conn.client;
    return {
      suggestGeo: suggestGeo.bind(null, core),
      // What few pages use loads on first use: the v1 adapter for `api="v1"`
      // (dist/chunks/geo-v1.js), the entity lookup for `resolve` and a `value` set by code
      // (dist/chunks/geo-entity.js, shared with property-text).
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
    return this._groups.flatMap((g) => g.items);
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
    const text = this.#statusText(STRINGS[this.#lang]);
    this.#say.say(text);
    if (err && report) reportFailure(this, 'suggest', err, this.#lang, text);
    this._open = this.#focused;
  }

  get #focused(): boolean {
    return this.matches(':focus-within');
  }

  /** Puts a list on screen, grouped by entity type in the order the types first appear. */
  #show(q: string, list: GeoSuggestion[], exact = true): void {
    const recents = !q && list.length > 0;
    const groups = new Map<string, Group>();
    for (const s of list) {
      const type = recents ? 'recent' : this.api === 'v1' ? 'region_v1' : String(s.entity.type);
      let g = groups.get(type);
      if (!g) groups.set(type, (g = { type, items: [] }));
      g.items.push(s);
    }
    const next = [...groups.values()];
    // The same list again (the server's answer equal to the local refinement shown a key
    // earlier, a cached answer): nothing to render, nothing new to announce. (A partner's
    // renderOption is handed the text: for it the list is the same only for the same text.)
    const same = sameGroups(next, this._groups) && (!this.renderOption || q === this.#listFor);
    this.#listFor = q;
    if (!same) this._groups = next;
    this.#error = null;
    const s = STRINGS[this.#lang];
    // "No matches" only once the service's answer for this text says so; an empty local
    // refinement means the answer is still on its way.
    const status = q && !list.length ? (exact ? 'none' : 'loading') : '';
    if (q && (list.length || exact) && !(same && status === this._status))
      this.#say.say(list.length ? s.count(list.length) : s.none);
    this._status = status;
    this._open = this.#focused && (list.length > 0 || !!this._status);
  }

  /**
   * Enter with the list closed submits the owning form as a native text input does
   * (implicit submission): through its default button (a disabled one blocks it), or
   * without one when this is the form's only text field. Validation runs as for any submit.
   */
  #submit(): void {
    const form = this.form;
    if (!form) return;
    this.syncForm();
    const fields = [...form.elements] as (Element & {
      type?: string;
      form?: HTMLFormElement | null;
      disabled?: boolean;
    })[];
    const button = fields.find(
      (el) => (el.type === 'submit' || el.type === 'image') && el.form === form,
    ) as HTMLButtonElement | undefined;
    if (button) {
      if (!button.disabled) form.requestSubmit(button);
      return;
    }
    const blocking = fields.filter(
      (el) =>
        el === (this as unknown) ||
        (el instanceof HTMLInputElement &&
          /^(text|search|email|url|tel|password|number|date|datetime-local|month|time|week)$/.test(
            el.type,
          )),
    );
    if (blocking.length <= 1) form.requestSubmit();
  }

  // ---- recent selections ------------------------------------------------------------

  get #recentKey(): string {
    return `immo-geo-recent:${this.api}:${this.country}`;
  }

  #recents(): GeoSuggestion[] {
    if (!this.recent) return [];
    try {
      const v = JSON.parse(localStorage.getItem(this.#recentKey) ?? '[]') as GeoSuggestion[];
      return Array.isArray(v)
        ? v.filter((s) => typeof s?.entity?.id === 'string' && typeof s.entity.label === 'string')
        : [];
    } catch {
      return [];
    }
  }

  #remember(s: GeoSuggestion): void {
    if (!this.recent) return;
    const keep = { entity: s.entity, matches: [] };
    const list = [keep, ...this.#recents().filter((r) => r.entity.id !== s.entity.id)].slice(
      0,
      RECENT_MAX,
    );
    try {
      localStorage.setItem(this.#recentKey, JSON.stringify(list));
    } catch {
      /* storage full or blocked: recent selections are a convenience */
    }
  }

  // ---- selection and value ----------------------------------------------------------

  /** The element's own `value` change (no label lookup). */
  #setValue(v: string): void {
    this.#ownValue = v;
    this.value = v;
  }

  /** A place the element knows by its id already (chosen, in the list, or recent). */
  #known(id: string): GeoSuggestion | undefined {
    return [...this._chosen, ...this.#options, ...this.#recents()].find((s) => s.entity.id === id);
  }

  /** Sets the chosen places (each id once) and `value` with them, without events: the ids joined with `multiple`, else the first. */
  #choose(list: readonly GeoSuggestion[]): void {
    const seen = new Set<string>();
    this._chosen = list.filter((s) => s?.entity && !seen.has(s.entity.id) && seen.add(s.entity.id));
    const ids = [...seen];
    if (this.multiple) this.#setValue(ids.join(','));
    else this.value = ids[0] ?? ''; // its label is looked up as for `value`
    this.syncForm();
  }

  /** With `multiple` loaded: its controller (multiple.ts). */
  get #m(): Multiple | undefined {
    return this.multiple ? this.#multi : undefined;
  }

  /** Commits a suggestion (or nothing); `user` fires `input` and `change` when the value changed. */
  #commit(s: GeoSuggestion | null, user: boolean): void {
    this.#committed = s;
    if (s) this._text = s.entity.label;
    this.#follow(user);
    if (user) this.#change();
    else this.#changed = this.value;
  }

  /**
   * The value follows the text at once: the picked place's id while the text is its label,
   * '' as soon as the visitor edits it (what the form submits), the id again when the text
   * is the label again. A visitor's change fires `input` at once, like typing into a native
   * input; `change` waits for the commit (see #change).
   */
  #follow(user: boolean): void {
    if (this.multiple) return; // the value is the chosen places', whatever the text
    const c = this.#committed;
    const v = c && this._text === c.entity.label ? c.entity.id : '';
    if (v === this.value) return;
    this.#setValue(v);
    this.syncForm(); // listeners of `input` and a submit in this task see the new form data
    if (user) this.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  }

  /** A commit (a pick, clearing, Enter, leaving the field): `change` when the value differs from the last one's, as a native input. */
  #change(): void {
    if (this.value === this.#changed) return;
    this.#changed = this.value;
    this.dispatchEvent(new Event('change', { bubbles: true }));
  }

  async #select(i: number): Promise<void> {
    const s = this.#options[i];
    if (!s) return;
    if (this.multiple) return this.#multi?.toggle(s); // (renders waited for it: a list is on screen)
    this.#entity.abort();
    this.#abort();
    this._open = false;
    this.#commit(s, true);
    this.#remember(s);
    this.#say.say(STRINGS[this.#lang].chosen(s.entity.label));
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
    this._text = text;
    this.#follow(true);
    const q = text.trim();
    if (this.#settings().has(q)) this.#search();
    else await this.#engine.fetch(q);
    const i = this.#options.findIndex((s) => tier(s.entity.label, q) === 0);
    if (i >= 0 && this.#engine.shownFor === q) void this.#select(i);
  }

  /** Makes the visible label follow a `value` that code set. */
  async #valueFromCode(): Promise<void> {
    const id = (this.#ownValue = this.#changed = this.value);
    if (this.multiple)
      return void (this.values = id
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean));
    if (!id) {
      this.#committed = null;
      this._text = '';
      return;
    }
    const known = this.#known(id);
    if (known?.entity.label) {
      this.#committed = known;
      this._text = known.entity.label;
      return;
    }
    this.#committed = byId(id);
    try {
      const e = await this.#entity.run({ country: this.country, id });
      if (this.value !== id) return;
      this.#committed = byId(id, e.label, e.type);
      this._text = e.label;
    } catch (e) {
      // Reported by the controller already; shown in the status.
      if ((e as ApiError).kind !== 'abort') this.#fail('error', e as ApiError, false);
    }
  }

  // ---- event handlers ---------------------------------------------------------------

  #onInput(e: InputEvent): void {
    e.stopPropagation(); // typing is not a value change of the control; see the `input` event above
    this._text = (e.target as HTMLInputElement).value;
    this.#follow(true);
    if (this.#composing || e.isComposing) return;
    if (!e.inputType && this._text) return void this.#autofill(this._text);
    this.#engine.keyed();
    this.#search();
  }

  #onCompositionEnd(e: CompositionEvent): void {
    this.#composing = false;
    this._text = (e.target as HTMLInputElement).value;
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
        this.#change();
        this.#submit();
        return;
      case 'Escape':
        if (this._open) {
          e.preventDefault();
          this._open = false;
        } else if (this._text !== (this.#committed?.entity.label ?? '')) {
          e.preventDefault();
          this.#abort();
          this._text = this.#committed?.entity.label ?? '';
          this.#follow(true);
        }
        return;
      case 'Tab':
        this._open = false;
    }
  }

  /** Opens the popup with what is known for the current text (recent selections when empty). */
  #openNow(): void {
    if (
      this.#engine.shownFor === this._text.trim() &&
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
    if (!this._text && this.recent) this.#search();
  }

  #onFocusOut(e: FocusEvent): void {
    if (e.relatedTarget && this.renderRoot.contains(e.relatedTarget as Node)) return;
    this._open = false;
    this.#change(); // leaving the field commits, as with a native input
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
    // (On a server the first state is rendered: the label of a `value` is looked up in the browser.)
    if (isServer) return;
    if (changed.has('multiple')) {
      // `multiple` set or unset after places were: the places set (`values` before `multiple`
      // keeps them all), else `value` split at its commas.
      if (this._chosen.length) this.#choose(this._chosen);
      else if (this.multiple && this.value) void this.#valueFromCode();
    }
    if (changed.has('value') && this.value !== this.#ownValue) void this.#valueFromCode();
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

  /** Loads `multiple`'s code, the first time it is set: a page that never sets it loads none of it. Never rejects. */
  #loadMultiple(): Promise<void> {
    return import('./multiple.js').then(
      ({ Multiple, STRINGS: strings }) => {
        this.#i18n.add(strings);
        this.#multi = new Multiple(this, {
          say: this.#say,
          close: () => (this._open = false),
          place: () => this._open && this.#pos.update(),
          choose: (list, added) => {
            this.#choose(list);
            if (added) {
              this.#abort();
              this._text = '';
              this.#remember(added);
            }
          },
          entity: (id, geoData, signal) =>
            this.#client().getGeoEntity(
              { country: this.country, id, geoData: geoData || undefined },
              { signal },
            ),
          failed: (err, shown) => {
            reportFailure(this, 'entity', err, this.#lang);
            if (shown) this.#fail('error', err, false);
          },
          fire: (e) => {
            this.dispatchEvent(e instanceof Event ? e : new GeoSelectEvent(...e));
            this.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
            this.#changed = this.value;
            this.dispatchEvent(new Event('change', { bubbles: true }));
          },
          focusOut: (e) => this.#onFocusOut(e),
        });
      },
      (e) => console.error('geo-autocomplete: its code for `multiple` did not load', e),
    ); // (renders go on without chips)
  }

  /**
   * A shadow root rendered on a server (docs/embedding.md, "Server rendering") has a field a
   * visitor may have typed into before the script ran: the first update takes it over as it
   * is (hydration renders the same template, the server's state) and hands the typed text on
   * as typing, so that the text stays and the first suggestions follow it. The chips of
   * `multiple` come in the update after (the server had none).
   */
  protected override update(changed: PropertyValues): void {
    const input = this.hasUpdated ? null : this.renderRoot.querySelector('input');
    const typed = input?.value ?? '';
    this.#hydrating = !!input;
    super.update(changed);
    if (!input) return;
    this.#hydrating = false;
    // (hydration wrote the server's empty text into the field)
    input.value = typed;
    queueMicrotask(() => {
      if (typed && input.value === typed)
        input.dispatchEvent(new InputEvent('input', { inputType: 'insertText' }));
      if (this.#m) this.requestUpdate();
    });
  }

  override updated(changed: PropertyValues): void {
    if (changed.has('_groups')) this.#lb.clear();
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

  /** The text in the input is the label of the chosen entity. */
  get #picked(): boolean {
    return !!this.value && this._text === this.#committed?.entity.label;
  }

  /** `must-pick` is set and the text in the input was typed, not picked. */
  get #unpicked(): boolean {
    return this.mustPick && !!this._text.trim() && !this.#picked;
  }

  /**
   * The entity id under `name` and the text under `label-name`; the restore state is [id,
   * text, type]. With `multiple`: every chosen id under `name` and every label under
   * `label-name` (text left in the field is not a place); the state `{ places, text }`.
   */
  protected formValue(): FormValue {
    const text = this._text;
    const id = this.#picked ? this.value : '';
    const labelName = this.labelName || `${this.name}-label`;
    const m = this.multiple && this._chosen.map((s) => s.entity);
    return {
      value: this.name
        ? formData(
            m
              ? [
                  [this.name, m.map((e) => e.id)],
                  [labelName, m.map((e) => e.label)],
                ]
              : [
                  [this.name, id],
                  [labelName, text],
                ],
          )
        : null,
      state: JSON.stringify(
        m
          ? { places: m.map((e) => [e.id, e.label, e.type]), text }
          : [id, text, this.#committed?.entity.type ?? ''],
      ),
    };
  }

  protected formInvalid(): FormInvalid | null {
    const s = STRINGS[this.#lang];
    // (with `multiple`, `required` asks for a place, not for text)
    if (this.required && !(this.multiple ? this._chosen.length : this._text.trim()))
      return { flags: { valueMissing: true }, message: this.#m?.missing() ?? s.missing };
    if (this.#unpicked) return { flags: { customError: true }, message: s.pick };
    return null;
  }

  protected formAnchor(): HTMLElement | null | undefined {
    return this.renderRoot?.querySelector('input'); // (no render root before the first connect)
  }

  #statusText(s: Strings): string {
    const st = this._status;
    const e = this.#error;
    const lang = s === STRINGS.de ? 'de' : 'en';
    // The back-off names the failure as every element does (failure.ts), then says it goes on by itself.
    if (st === 'rate') return `${failureSentences('busy', lang)[0]} ${s.rate}`;
    if (st === 'offline') return failureSentences('offline', lang).join(' ');
    // Every other status but `error` is the name of its text; an error is worded by failure.ts.
    if (st === 'short') return s.short(this.minLength);
    if (st !== 'error') return st && s[st];
    return failureText(e, lang);
  }

  #renderOption(sug: GeoSuggestion, i: number, q: string): unknown {
    const label = String(sug.entity.label);
    const m = this.#m;
    return html`<div role="option" part="option" id=${'o' + i} aria-selected=${m ? String(m.has(sug)) : 'false'} aria-disabled=${m?.blocks(sug) ? 'true' : nothing}>${
      this.renderOption
        ? this.renderOption(sug, q)
        : segments(label, sug.matches as unknown[]).map(([t, m]) =>
            m ? html`<mark part="match">${t}</mark>` : t,
          )
    }</div>`;
  }

  override render() {
    const lang = this.#lang;
    const s = STRINGS[lang];
    const q = this.#engine.shownFor;
    const status = this.#statusText(s);
    const expanded = this._open && this._groups.length > 0;
    let n = 0; // option number across the groups
    // (Markup kept on few lines: Lit ships template text as written.)
    return html`<label part="label" for="in"><slot name="label">${this.label || s.label}</slot></label>
<div class="field" part="field">${this.#hydrating ? nothing : this.#m?.chips}
  <input id="in" part="input" type="text" role="combobox" aria-autocomplete="list" aria-controls="lb"
    aria-expanded=${expanded} aria-invalid=${this.#unpicked} aria-busy=${this._status === 'loading'}
    .value=${this._text} placeholder=${this.#m?.full() || this.placeholder || s.placeholder} ?disabled=${this.isDisabled}
    ?required=${this.required && !this._chosen.length} autocomplete=${this.autocomplete}
    autocapitalize="off" autocorrect="off" spellcheck="false" enterkeyhint="search"
    @input=${this.#onInput} @change=${(e: Event) => e.stopPropagation()} @keydown=${this.#onKeyDown}
    @focus=${this.#onFocus} @click=${() => !this._open && this._text && this.#openNow()}
    @compositionstart=${() => (this.#composing = true)} @compositionend=${this.#onCompositionEnd}
    @focusout=${this.#onFocusOut}>
  ${
    this._text && !this.isDisabled
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
    ${this._groups.map(
      (g) => html`<div role="group" aria-labelledby=${'g-' + g.type}>
<div role="presentation" part="group-label" id=${'g-' + g.type}>${icon(g.type)}${s.types[g.type] ?? (g.type === 'recent' ? s.recent : g.type)}</div>
${g.items.map((sug) => this.#renderOption(sug, n++, q))}
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
