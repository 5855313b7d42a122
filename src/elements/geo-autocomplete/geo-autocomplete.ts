/**
 * `<geo-autocomplete>`, the shell: it keeps the text box, the value and the form (with the
 * value model, selection.ts), the events a visitor's action fires, `geo-select` (the pick
 * resolved with `resolve`), and when the on-demand code loads. The other jobs went to
 * modules of their own: the list, the suggestions and the popup to combobox.ts (loaded on
 * demand, reached through the List interface of list.ts, with a stand-in until it is
 * here), the chips of `multiple` to multiple.ts (on demand), the request logic to engine.ts,
 * the placement of the popup to position.ts, implicit submission to submit.ts, the field's
 * markup to field.ts.
 */
import { LitElement, isServer, nothing, type PropertyValues } from 'lit';
import type { ApiError, GeoSuggestion } from '../../api/index.js';
import { LocalizeController, langOf, type Lang } from '../../shared/i18n.js';
import { LANG_PROPERTY } from '../../shared/client.js';
import { asApiError, reportFailure } from '../../shared/failure.js';
import {
  FormControlElement,
  formData,
  type FormInvalid,
  type FormValue,
} from '../../shared/form-control.js';
import { Announcer } from '../../shared/announce.js';
import { HydrationInputController, serverRendered } from '../../shared/hydration.js';
import { upgradeProperties } from '../../shared/upgrade.js';
import { GeoSelectEvent } from './events.js';
import { STRINGS } from './strings.js';
import type { ClientBase } from '../../api/core.js';
import type { Multiple } from './multiple.js';
import { Selection, type Fired } from './selection.js';
import { recentsOf } from './recent.js';
import { submitImplicitly } from './submit.js';
import {
  ListStandIn,
  type GeoApi,
  type GeoOptionRenderer,
  type List,
  type ListSettings,
} from './list.js';
import { loadMultipleCode, multipleCode, type MultipleCode } from './multiple-code.js';
import { styles } from './geo-autocomplete.styles.js';
import { field } from './field.js';

export type { GeoOptionRenderer } from './list.js';
export { loadMultipleCode } from './multiple-code.js';

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
 * @csspart hint - The `hint` under the field (its description).
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
 * @fires geo-select - A visitor chose a suggestion: `{ suggestion, entity, error }` (GeoSelectEvent); with `multiple`, once per place
 *   added.
 * @fires geo-remove - With `multiple`: a visitor removed a chosen place: `{ suggestion }` (GeoRemoveEvent), followed by `input` and
 *   `change`.
 * @fires input - `value` changed by the visitor, at once: a pick, clearing, editing the text of a picked place (the value becomes '' as
 *   the form's), typing its label back.
 * @fires change - The visitor committed a changed value (a pick, clearing, Enter, leaving the field), as a native input's `change`.
 * @fires request-failed - FailureEvent: suggestions ('suggest') or an entity record ('entity') could not be fetched; carries `operation`,
 *   `kind`, the `text` shown and the client's `error` for developers (a failed `resolve` is also in geo-select's `error`).
 * @fires validity-change - The validity changed (ValidityChangeEvent: `valid`, `validationMessage`), also without an `input` event (text
 *   typed under `must-pick`).
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
    hint: {},
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
  };
  static override styles = styles;
  /** The strings of its language; renders wait for English (src/shared/i18n.ts). */
  readonly #i18n = new LocalizeController(this, STRINGS);
  /** The element's live region: the list's announcements and those of `multiple`. */
  readonly #say = new Announcer(this);
  static override shadowRootOptions: ShadowRootInit = {
    ...LitElement.shadowRootOptions,
    delegatesFocus: true,
  };

  /** The places picked last (`recent`). */
  readonly #recent = recentsOf(this);
  /**
   * The value: the place or places committed, the text, what the form submits and which
   * events a visitor's action fires (selection.ts). `value` follows it.
   */
  readonly #sel = new Selection(
    (id) => [...this.#list.options, ...this.#recent.list()].find((s) => s.entity.id === id),
    () => this.#follow(),
    (fired) => this.#dispatch(fired),
  );
  /** The model's value as `value` was last set to it (a different `value` is code's). */
  #synced = '';
  #composing = false;
  /**
   * The list, the suggestions and the popup (combobox.ts), loaded when the browser is idle
   * or at the first focus or pointer over the element ({@link #load}); a stand-in till then.
   */
  #list: List = new ListStandIn(this, () => this.#load());
  #loading?: Promise<List | undefined>;
  /** The `resolve` lookup of the place picked last (aborted by the next pick). */
  #picking?: AbortController;
  /** `multiple`'s chips, keys and announcements (multiple.ts), loaded the first time `multiple` is set. */
  #multi?: Multiple;
  #multiLoad?: Promise<void>;

  /** Service root including /restapi/api; used when no `client` is given. */
  baseUrl = '/restapi/api';
  /** Language of the element (`de` default, `en`); an ancestor's `lang` counts too. */
  override lang!: string;
  /**
   * A configured client (an ImmoClient, a ClientCore or ClientBase, or any object with ImmoClient's
   * geo methods), used instead of one built from `base-url` (a ClientBase).
   */
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
  /** A sentence under the field that says what to enter, read with the field as its description (`aria-describedby`). */
  hint = '';
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
  /**
   * Several places: each pick becomes a chip and the text empties; `value` is then the ids joined
   * by commas (as an `<input type=email multiple>`'s).
   */
  multiple = false;
  /**
   * With `multiple`: how many places a visitor can choose (0: no limit); at the limit the list
   * offers only removals (code may set more).
   */
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
   * Resolves once the list's code is here (asking for it loads it, as a focus does) and the
   * list on screen is whole: a long list shows its first options at once and the rest after
   * a yield to the browser. For code that drives the element by keys, and for tests.
   */
  get listReady(): Promise<void> {
    return this.#list.ready;
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
    if (this.hasAttribute('multiple') && !multipleCode()) this.#i18n.hold();
  }

  override connectedCallback(): void {
    upgradeProperties(this as GeoAutocomplete, ['values', 'selections']);
    super.connectedCallback();
    this.#sel.setDefault(this.getAttribute('value'));
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#picking?.abort();
  }

  /** Form reset: back to the `value` attribute the page was loaded with. */
  formResetCallback(): void {
    this.#list.abort();
    this.#lookUp(this.#sel.reset());
  }

  /** Back/forward cache and session restore, and browser autofill of the whole control. */
  formStateRestoreCallback(state: unknown, mode: 'restore' | 'autocomplete'): void {
    if (typeof state !== 'string') return;
    if (mode === 'restore') this.#sel.restore(state);
    else {
      this.#sel.type(state);
      this.#list.autofill(state);
    }
  }

  get #lang(): Lang {
    return langOf(this);
  }

  /**
   * Loads the list, the suggestions and the popup (combobox.ts), once. When they arrive
   * while the visitor is in the field, the text typed meanwhile is searched as if just typed,
   * so that its suggestions follow. Never rejects (a failed load is tried again at the next
   * focus).
   */
  #load(): Promise<List | undefined> {
    if (isServer) return Promise.resolve(undefined);
    return (this.#loading ??= import('./combobox.js').then(
      ({ Combobox }) => {
        const recents = () => this.#recent.list();
        const parts = {
          sel: this.#sel,
          say: this.#say,
          recents,
          pick: (s: GeoSuggestion) => this.#pick(s),
        };
        const list = (this.#list = new Combobox(this, parts, this.#listSettings()));
        this.requestUpdate();
        if (this.isConnected && this.matches(':focus-within')) {
          list.focus();
          if (this.#sel.text && !this.#composing) list.typed();
        }
        return list;
      },
      (e) => {
        this.#loading = undefined;
        console.error('geo-autocomplete: its code for the list did not load', e);
        return undefined;
      },
    ));
  }

  /** The settings the list works with, as they are now. */
  #listSettings(): ListSettings {
    const { api, country, types, limit, limitPerType, minLength, debounce, recent } = this;
    const { renderOption, client, baseUrl } = this;
    const lang = this.#lang;
    return {
      ...{ api, country, types, limit, limitPerType, minLength, debounce, recent },
      ...{ renderOption, client, baseUrl, lang, strings: STRINGS[lang], multi: this.#m },
    };
  }

  get #input(): HTMLInputElement {
    return this.renderRoot.querySelector('input')!;
  }

  // ---- selection and value ----------------------------------------------------------

  /** The model changed: render, and `value` follows its value (the form after the update). */
  #follow(): void {
    this.requestUpdate();
    const v = this.#sel.value;
    if (v !== this.#synced) this.#synced = this.value = v;
  }

  /**
   * Dispatches the events the model says a visitor's action fires, the form synced first,
   * so that their listeners and a submit in this task see the new form data.
   */
  #dispatch(fired: Fired): void {
    this.syncForm();
    for (const name of fired)
      this.dispatchEvent(
        name === 'input'
          ? new Event('input', { bubbles: true, composed: true })
          : new Event('change', { bubbles: true }),
      );
  }

  /** A visitor picked a place in the list: committed (or, with `multiple`, added or removed). */
  #pick(s: GeoSuggestion): void {
    if (this.multiple) return void this.#m?.toggle(s); // (renders waited for it: a list is on screen)
    this.#picking?.abort();
    const signal = (this.#picking = new AbortController()).signal;
    this.#sel.pick(s);
    this.#recent.remember(s);
    const e = this.#geoSelect(s, signal);
    if (e instanceof Promise) void e.then((r) => r && this.dispatchEvent(r));
    else this.dispatchEvent(e);
  }

  /**
   * The `geo-select` of a visitor's pick: at once, or with `resolve` once the place's record
   * is there or failed (null: the lookup was aborted).
   */
  #geoSelect(s: GeoSuggestion, signal: AbortSignal): Event | Promise<Event | null> {
    if (!this.resolve) return new GeoSelectEvent(s, null, null);
    return this.#list
      .entity({ country: this.country, id: s.entity.id, geoData: this.resolve }, signal)
      .then(
        (e) => new GeoSelectEvent(s, e, null),
        (e: unknown) => {
          if (signal.aborted || (e as ApiError).kind === 'abort') return null;
          const err = asApiError(e); // (a `client` of the page's own may throw anything)
          reportFailure(this, 'entity', err, this.#lang);
          return new GeoSelectEvent(s, null, err);
        },
      );
  }

  /** With `multiple` loaded: its controller (multiple.ts). */
  get #m(): Multiple | undefined {
    return this.multiple ? this.#multi : undefined;
  }

  /** Looks up the label of a `value` that code set (`id`; null: nothing to look up). */
  #lookUp(id: string | null): void {
    if (id) this.#list.lookUp(id);
  }

  // ---- event handlers ---------------------------------------------------------------

  #onInput(e: InputEvent): void {
    e.stopPropagation(); // typing is not a value change of the control; see the `input` event above
    const text = (e.target as HTMLInputElement).value;
    this.#sel.type(text);
    if (this.#composing || e.isComposing) return;
    // (browser autofill: search at once and take an exact match)
    if (!e.inputType && text) return this.#list.autofill(text);
    // (before the list's code is there the text is the input's; it searches it on arrival)
    this.#list.typed();
  }

  #onCompositionEnd(e: CompositionEvent): void {
    this.#composing = false;
    this.#sel.type((e.target as HTMLInputElement).value);
    this.#list.search();
  }

  #onKeyDown(e: KeyboardEvent): void {
    if (e.isComposing || e.keyCode === 229 || this.#composing) return;
    // ← at the start of the text and Backspace in the empty text go into the chips
    // (`multiple`); then the list's keys.
    if (this.#m?.keydown(e) || this.#list.keydown(e)) return;
    if (e.key === 'Enter') {
      // With the list closed (or not here yet), Enter commits and submits the owning form,
      // as a native text input does.
      e.preventDefault();
      this.#sel.commit();
      if (!this.form) return;
      this.syncForm();
      submitImplicitly(this.form, this);
    }
  }

  #onFocus(): void {
    this.#list.focus();
  }

  #onFocusOut(e: FocusEvent): void {
    if (e.relatedTarget && this.renderRoot.contains(e.relatedTarget as Node)) return;
    this.#list.close();
    this.#sel.commit(); // leaving the field commits, as with a native input
  }

  #onClear(): void {
    this.#list.abort();
    this.#sel.clear();
    this.#input.focus();
    this.#list.search();
  }

  // ---- lifecycle ----------------------------------------------------------------------

  override willUpdate(changed: PropertyValues): void {
    const sel = this.#sel;
    // On a server the first state is rendered from what the page gave (`selections` with their
    // labels); a label it did not give is looked up in the browser.
    const lookUp = (id: string | null) => void (isServer || this.#lookUp(id));
    const code = isServer && this.multiple && !this.#multi && multipleCode();
    if (code) this.#startMultiple(code);
    sel.max = this.max;
    // `multiple` set or unset after places were: the places set (`values` before `multiple`
    // keeps them all), else `value` split at its commas.
    if (changed.has('multiple')) lookUp(sel.setMultiple(this.multiple, this.value));
    lookUp(sel.settle());
    // A `value` the model did not give is code's: the text shows its place's label.
    if (changed.has('value') && this.value !== this.#synced) lookUp(sel.setValue(this.value));
    this.#list.configure(this.#listSettings());
  }

  /** `multiple`'s controller, made once its code is here. */
  #startMultiple({ Multiple, STRINGS: strings }: MultipleCode): void {
    this.#i18n.add(strings);
    this.#multi = new Multiple(this, {
      sel: this.#sel,
      say: this.#say,
      close: () => this.#list.close(),
      place: () => this.#list.place(),
      added: (s, signal) => {
        this.#list.abort(); // a search for the text before the pick is of no use now
        this.#recent.remember(s);
        return this.#geoSelect(s, signal);
      },
      label: (id, signal) => this.#list.entity({ country: this.country, id }, signal),
      failed: (err) => {
        reportFailure(this, 'entity', err, this.#lang);
        this.#list.failed(err);
      },
    });
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

  override render() {
    const [s, list] = [STRINGS[this.#lang], this.#list];
    return field({
      ...{ strings: s, label: this.label, hint: this.hint, text: this.#sel.text },
      placeholder: this.#m?.full() || this.placeholder || s.placeholder,
      ...{ autocomplete: this.autocomplete, disabled: this.isDisabled, invalid: this.#unpicked },
      required: this.required && !this.#sel.count,
      ...{ expanded: list.expanded, busy: list.busy, region: this.#say.region() },
      chips: this.#m?.render(this.isDisabled, this.#onFocusOut),
      // (The update that takes over a server's render draws none, as the server: combobox.ts, hostUpdated.)
      popup: serverRendered(this)
        ? nothing
        : list.render(this.#onFocusOut, () => this.#input.focus()),
      ...{ onInput: this.#onInput, onKeyDown: this.#onKeyDown },
      ...{ onFocus: this.#onFocus, onClear: this.#onClear },
      ...{ onClick: () => list.click(), onCompositionStart: () => (this.#composing = true) },
      ...{ onCompositionEnd: this.#onCompositionEnd, onFocusOut: this.#onFocusOut },
    });
  }
}
