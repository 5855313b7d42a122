import { LitElement, html, isServer, nothing, type PropertyValues } from 'lit';
import type { ApiError, GeoSuggestion } from '../../api/index.js';
import { LocalizeController, langOf, type Lang } from '../../shared/i18n.js';
import { LANG_PROPERTY } from '../../shared/client.js';
import { reportFailure } from '../../shared/failure.js';
import {
  FormControlElement,
  formData,
  type FormInvalid,
  type FormValue,
} from '../../shared/form-control.js';
import { Announcer } from '../../shared/announce.js';
import { HydrationInputController } from '../../shared/hydration.js';
import { upgradeProperties } from '../../shared/upgrade.js';
import { GeoSelectEvent } from './events.js';
import { STRINGS } from './strings.js';
import type { ClientBase } from '../../api/core.js';
import type { Multiple } from './multiple.js';
import { Selection, type Fired } from './selection.js';
import { recentPlaces, rememberPlace } from './recent.js';
import { submitImplicitly } from './submit.js';
import type { Combobox, GeoApi } from './combobox.js';
import { styles } from './geo-autocomplete.styles.js';

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

  /**
   * The value: the place or places committed, the text, what the form submits and which
   * events a visitor's action fires (selection.ts). `value` follows it.
   */
  readonly #sel = new Selection(
    (id) => [...(this.#cb?.options ?? []), ...this.#recents()].find((s) => s.entity.id === id),
    () => this.#follow(),
  );
  /** The model's value as `value` was last set to it (a different `value` is code's). */
  #synced = '';
  /** Within willUpdate: the form is synced after the update. */
  #updating = false;
  #composing = false;
  /**
   * The list, the suggestions and the popup (combobox.ts), loaded when the browser is idle
   * or at the first focus or pointer over the element ({@link #load}).
   */
  #cb?: Combobox;
  #cbLoad?: Promise<Combobox | undefined>;
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
    if (this.#cbLoad) return;
    // The list's code comes when the browser has nothing else to do after painting the
    // text box (idle time can come before the first frame), or sooner when the visitor
    // reaches for the field.
    this.addEventListener('focusin', this.#reach);
    this.addEventListener('pointerenter', this.#reach);
    requestAnimationFrame(() => {
      const idle = globalThis.requestIdleCallback;
      if (idle) idle(this.#reach, { timeout: 2000 });
      else setTimeout(this.#reach, 200);
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    removeEventListener('online', this.#online);
    this.removeEventListener('focusin', this.#reach);
    this.removeEventListener('pointerenter', this.#reach);
    this.#cb?.disconnected();
  }

  /** Form reset: back to the `value` attribute the page was loaded with. */
  formResetCallback(): void {
    this.#cb?.abort();
    void this.#lookUp(this.#sel.reset());
  }

  /** Back/forward cache and session restore, and browser autofill of the whole control. */
  formStateRestoreCallback(state: unknown, mode: 'restore' | 'autocomplete'): void {
    if (typeof state !== 'string') return;
    if (mode === 'restore') this.#sel.restore(state);
    else this.#autofill(state);
  }

  get #lang(): Lang {
    return langOf(this);
  }

  readonly #reach = (): void => void this.#load();

  /**
   * Loads the list, the suggestions and the popup (combobox.ts), once. When they arrive
   * while the visitor is in the field, the text typed meanwhile is searched as if just typed,
   * so that its suggestions follow. Never rejects (a failed load is tried again at the next
   * focus).
   */
  #load(): Promise<Combobox | undefined> {
    if (isServer) return Promise.resolve(undefined);
    return (this.#cbLoad ??= import('./combobox.js').then(
      ({ Combobox }) => {
        this.removeEventListener('focusin', this.#reach);
        this.removeEventListener('pointerenter', this.#reach);
        const cb = (this.#cb = new Combobox(this, {
          sel: this.#sel,
          say: this.#say,
          lang: () => this.#lang,
          strings: () => STRINGS[this.#lang],
          fire: (f) => this.#fire(f),
          multi: () => this.#m,
          recents: () => this.#recents(),
          remember: (s) => this.#remember(s),
          submit: () => this.#submit(),
          selected: (s, entity, error) => this.dispatchEvent(new GeoSelectEvent(s, entity, error)),
        }));
        this.requestUpdate();
        if (this.isConnected && this.matches(':focus-within')) {
          cb.focus();
          if (this.#sel.text && !this.#composing) cb.typed();
        }
        return cb;
      },
      (e) => {
        this.#cbLoad = undefined;
        console.error('geo-autocomplete: its code for the list did not load', e);
        return undefined;
      },
    ));
  }

  /** Runs `fn` with the list's code: at once when it is there, else when it arrives. */
  #withList(fn: (cb: Combobox) => unknown): void {
    if (this.#cb) fn(this.#cb);
    else void this.#load().then((cb) => cb && fn(cb));
  }

  /**
   * The `client` property, else one built from `base-url`, with the geo operations
   * (combobox.ts builds it; until it is there, a call waits for it).
   */
  #client(): GeoApi {
    if (this.#cb) return this.#cb.client();
    const later =
      <K extends keyof GeoApi>(k: K) =>
      (...args: Parameters<GeoApi[K]>): ReturnType<GeoApi[K]> =>
        this.#load().then((cb) =>
          cb
            ? (cb.client()[k] as (...a: Parameters<GeoApi[K]>) => ReturnType<GeoApi[K]>)(...args)
            : Promise.reject(new Error('geo-autocomplete: no client')),
        ) as ReturnType<GeoApi[K]>;
    return {
      suggestGeo: later('suggestGeo'),
      suggestGeoV1: later('suggestGeoV1'),
      getGeoEntity: later('getGeoEntity'),
    };
  }

  get #input(): HTMLInputElement {
    return this.renderRoot.querySelector('input')!;
  }

  protected override async getUpdateComplete(): Promise<boolean> {
    // (an update waits for the list's code once it is on its way: what a key does then is there)
    if (this.#cbLoad && !this.#cb) await this.#cbLoad;
    let done = await super.getUpdateComplete();
    while (this.#cb?.rest) {
      await this.#cb.rest;
      done = await super.getUpdateComplete();
    }
    return done;
  }

  readonly #online = (): void => this.#cb?.online();

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

  /** Browser autofill put text into the field: search at once and take an exact match. */
  #autofill(text: string): void {
    this.#fire(this.#sel.type(text));
    this.#withList((cb) => cb.autofill(text));
  }

  /** Looks up the label of a `value` that code set (`id`; null: nothing to look up). */
  #lookUp(id: string | null): void {
    if (id) this.#withList((cb) => cb.lookUp(id));
  }

  // ---- event handlers ---------------------------------------------------------------

  #onInput(e: InputEvent): void {
    e.stopPropagation(); // typing is not a value change of the control; see the `input` event above
    const text = (e.target as HTMLInputElement).value;
    this.#fire(this.#sel.type(text));
    if (this.#composing || e.isComposing) return;
    if (!e.inputType && text) return this.#autofill(text);
    // (before the list's code is there the text is the input's; it searches it on arrival)
    this.#cb?.typed();
  }

  #onCompositionEnd(e: CompositionEvent): void {
    this.#composing = false;
    this.#fire(this.#sel.type((e.target as HTMLInputElement).value));
    this.#cb?.search();
  }

  #onKeyDown(e: KeyboardEvent): void {
    if (e.isComposing || e.keyCode === 229 || this.#composing) return;
    if (this.#cb) return this.#cb.keydown(e);
    // Before the list's code is there: the chips' keys work, Enter commits and submits as
    // with the list closed, ↓ and ↑ open the list when it arrives; the text is the input's.
    if (this.#m?.keydown(e)) return;
    if (e.key === 'Enter') {
      e.preventDefault();
      this.#fire(this.#sel.commit());
      this.#submit();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      this.#withList((cb) => this.matches(':focus-within') && cb.keydown(e));
    }
  }

  #onFocus(): void {
    this.#cb?.focus();
  }

  #onFocusOut(e: FocusEvent): void {
    if (e.relatedTarget && this.renderRoot.contains(e.relatedTarget as Node)) return;
    if (this.#cb) this.#cb.open = false;
    this.#fire(this.#sel.commit()); // leaving the field commits, as with a native input
  }

  #onClear(): void {
    this.#cb?.abort();
    this.#fire(this.#sel.clear());
    this.#input.focus();
    this.#cb?.search();
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
      this.#cb?.settingsChanged();
    }
  }

  /** `multiple`'s controller, made once its code is here. */
  #startMultiple({ Multiple, STRINGS: strings }: MultipleCode): void {
    this.#i18n.add(strings);
    this.#multi = new Multiple(this, {
      sel: this.#sel,
      say: this.#say,
      close: () => this.#cb && (this.#cb.open = false),
      place: () => this.#cb?.place(),
      added: (s, signal) => {
        this.#cb?.abort(); // a search for the text before the pick is of no use now
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
        this.#cb?.fail('error', err, false);
      },
    });
  }

  override updated(changed: PropertyValues): void {
    if (!this.#cb) return;
    // (the first render has no popup, even when the list code came first: a server renders
    // none, and a render that takes over its shadow root must match it; it follows in the next)
    if (!this.renderRoot.querySelector('[popover]')) return void this.requestUpdate();
    this.#cb.updated(changed);
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
    const s = STRINGS[this.#lang];
    const text = this.#sel.text;
    const cb = this.#cb;
    // The popup is there from the render after the list code arrived (see updated()).
    const popup = !!cb && this.hasUpdated;
    // (Markup kept on few lines: Lit ships template text as written.)
    return html`<label part="label" for="in"><slot name="label">${this.label || s.label}</slot></label>
<div class="field" part="field">${this.#m?.render(this.isDisabled, this.#onFocusOut)}
  <input id="in" part="input" type="text" role="combobox" aria-autocomplete="list" aria-controls=${popup ? 'lb' : nothing} aria-describedby=${this.hint ? 'hint' : nothing}
    aria-expanded=${!!cb?.expanded} aria-invalid=${this.#unpicked} aria-busy=${cb?.status === 'loading'}
    .value=${text} placeholder=${this.#m?.full() || this.placeholder || s.placeholder} ?disabled=${this.isDisabled}
    ?required=${this.required && !this.#sel.count} autocomplete=${this.autocomplete}
    autocapitalize="off" autocorrect="off" spellcheck="false" enterkeyhint="search"
    @input=${this.#onInput} @change=${(e: Event) => e.stopPropagation()} @keydown=${this.#onKeyDown}
    @focus=${this.#onFocus} @click=${() => cb && !cb.open && text && cb.openNow()}
    @compositionstart=${() => (this.#composing = true)} @compositionend=${this.#onCompositionEnd}
    @focusout=${this.#onFocusOut}>
  ${
    text && !this.isDisabled
      ? html`<button class="clear" part="clear" type="button" aria-label=${s.clear}
      @click=${this.#onClear} @focusout=${this.#onFocusOut}>×</button>`
      : nothing
  }
</div>
${this.hint ? html`<div id="hint" part="hint">${this.hint}</div>` : nothing}
${popup ? cb.render(this.#onFocusOut, () => this.#input.focus()) : nothing}
${this.#say.region()}`;
  }
}
