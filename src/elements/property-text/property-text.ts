/*
 * The property-text element: the form's state and its entries, the generation with its
 * sign-in wait, cancel and retry, the place lookup after a pick, the result's edits and
 * copies, and the view a render hands to the templates. Elsewhere: the form's templates
 * (form.ts), the status box's and the result's (result.ts); the fields of each type, their
 * parsing and the request built from the form and back (model.ts); the draft
 * (src/shared/draft.ts); how a field is drawn and when its problem shows (src/shared/field.ts);
 * the requests and the sign-in (src/shared/request.ts, auth.ts); the wording (strings.ts), the
 * styles (property-text.styles.ts) and the event (events.ts).
 */
import { LitElement, html, nothing, type PropertyDeclaration } from 'lit';
import type { ClientBase, ClientCore } from '../../api/core.js';
import { ApiError } from '../../api/errors.js';
import { generatePropertyText } from '../../api/ops.js';
import type {
  GeoCoordinates,
  GeoEntity,
  PropertyTextRequest,
  PropertyTextResult,
} from '../../api/types.js';
import { LocalizeController, type Lang } from '../../shared/i18n.js';
import { HydrationInputController } from '../../shared/hydration.js';
import { upgradeProperties } from '../../shared/upgrade.js';
import { Connection, LANG_PROPERTY } from '../../shared/client.js';
import { RequestController } from '../../shared/request.js';
import { AuthController } from '../../shared/auth.js';
import { failureText } from '../../shared/failure.js';
import { Announcer } from '../../shared/announce.js';
import { DraftController } from '../../shared/draft.js';
import { headingLevel } from '../../shared/heading.js';
import type { GeoSelectEvent } from '../geo-autocomplete/events.js';
import { TextGeneratedEvent } from './events.js';
import { form as renderForm, invalidCount, label, nameList, problemList } from './form.js';
import type { FormHandlers, FormView } from './form.js';
import { LOCATION_KEYS, buildRequest, fromRequest, readDraft } from './model.js';
import type { Draft, Values } from './model.js';
import { resultSection, statusBox } from './result.js';
import type { ResultHandlers, ResultView, Status } from './result.js';
import { styles } from './property-text.styles.js';
import { STRINGS } from './strings.js';

/** Location fields whose manual change makes picked coordinates stale. */
const PLACE_KEYS = new Set(['street', 'postalCode', 'city']);

/** The request field a server-side path like `apartmentDetails.firingType[0]` names. */
const fieldOfPath = (p: string) =>
  p
    .replace(/\[\d+\]$/, '')
    .split('.')
    .pop() ?? p;

/**
 * Generates a listing's headline and descriptive text from the data of a house or an
 * apartment (docs/interface.md#property-text). A realtor fills in the form, grouped into location, size
 * and rooms, condition and equipment, energy and costs, with only the fields of the chosen
 * type; the address can be picked through an embedded `<geo-autocomplete>`, whose entity
 * then supplies the WGS84 and Lambert coordinates. The result is editable and can be
 * copied. The form survives every failure and a reload (draft in sessionStorage).
 *
 * Headless use: set `data` to a request object and call `generate()`; `no-form` hides the
 * built-in form. The service needs a user token: set `token`, or give a `client` with an
 * auth hook; on 401 the element fires `auth-required` (once per episode, src/shared/auth.ts)
 * and waits: a pending `generate()` stays pending, showing that it waits for a sign-in with a
 * cancel button, and runs again once a new `token` (or a `client` whose auth hook has fresh
 * credentials) is set; refused again, it fails with a message. `cancel()` ends the wait.
 *
 * @tagname property-text
 * @summary Headline and description of a listing, generated from the property's data.
 *
 * @attr lang - Language of the texts: `de` (default) or `en`; an ancestor's `lang` counts too.
 *
 * @csspart heading - The form's and the result's headings (at `heading-level`).
 * @csspart form - The form, named by its heading.
 * @csspart group - A fieldset of the form (object, location, size, condition, energy, costs).
 * @csspart field - The wrapper of one label, input, hint and error line.
 * @csspart error-message - The line of a field's or a group's validation message (empty without one).
 * @csspart label - The label of a field or of a result box.
 * @csspart input - Every text input and select of the form, and the headline and text of the result.
 * @csspart submit - The "generate" button.
 * @csspart status - Progress, waiting for sign-in and cancellation messages.
 * @csspart error - The error box of a failed generation, with its retry button.
 * @csspart progress - The progress indicator.
 * @csspart cancel - The button that cancels a running generation.
 * @csspart retry - The retry button of an error.
 * @csspart result - The result section.
 * @csspart headline - The editable headline (also part `input`).
 * @csspart text - The editable descriptive text (also part `input`).
 * @csspart copy - The copy-to-clipboard buttons.
 *
 * @cssprop [--immo-font-family=system-ui, sans-serif] - Font family.
 * @cssprop [--immo-font-size=16px] - Font size.
 * @cssprop [--immo-color-text] - Text colour; unset, the page's text colour.
 * @cssprop [--immo-color-text-muted] - Hints and coordinates; unset, the text colour at 72 %.
 * @cssprop [--immo-color-surface=transparent] - Background of the element.
 * @cssprop [--immo-color-field=transparent] - Background of inputs, selects and textareas.
 * @cssprop [--immo-color-accent=#0b5cad] - Buttons, focus outlines, checkboxes (dark #7db7f5).
 * @cssprop [--immo-color-on-accent=#fff] - Text on the generate button (dark #0d1b2a).
 * @cssprop [--immo-color-border=#8a8f98] - Borders of inputs and groups (dark #8f8f98).
 * @cssprop [--immo-color-error=#b3261e] - Error text and invalid borders (dark #ff8a80).
 * @cssprop [--immo-radius=6px] - Corner radius.
 * @cssprop [--immo-focus-ring=0 0 0 3px #0b5cad73] - Focus ring, a box-shadow.
 * @cssprop [--immo-space=12px] - Space between fields and padding of groups.
 * @cssprop [--immo-property-text-columns=repeat(auto-fill, minmax(200px, 1fr))] - Grid columns of a group.
 *
 * @fires text-generated - Headline and text arrived: `{ headline, propertyText, request }` (TextGeneratedEvent).
 * @fires auth-required - AuthRequiredEvent: the service answered 401 (`operation` 'generate',
 *   `error`); set a new `token` (or `client`) and the element retries once.
 * @fires request-failed - FailureEvent: generating ('generate') or a place lookup ('place') failed;
 *   carries `operation`, `kind`, the `text` shown and the client's `error` for developers.
 */
export class PropertyText extends LitElement {
  static override styles = styles;
  /** The strings of its language; renders wait for English (src/shared/i18n.ts). */
  readonly #i18n = new LocalizeController(this, STRINGS);
  /** `client` or the shared client for `base-url`, and the language (an ancestor's included). */
  readonly #conn = new Connection(this);
  readonly #say = new Announcer(this);
  readonly #auth = new AuthController(this);
  /** The generation: abort, stale answers, the auth wait, resume on reconnect, failure report (src/shared). */
  readonly #gen = new RequestController<[PropertyTextRequest], PropertyTextResult>(this, {
    operation: 'generate',
    auth: this.#auth,
    // Nothing goes out before the host gave a token or a client of its own (auth.ts).
    ready: () => !!this.token || this.client != null,
    lang: () => this.#lang2,
    task: (signal, request) => {
      const token = this.token;
      return generatePropertyText(this.#api, request, { signal, ...(token ? { token } : {}) });
    },
    onStatus: (st) => {
      if (st === 'auth') this.#announce(this.#L.authWaiting);
      else if (st === 'pending' && this._status === 'loading') this.#announce(this.#L.generating);
    },
    onComplete: (result, request) => void this.#done(result, request),
    onError: (err) => {
      this._status = 'error';
      this._error = err;
      if (err.status === 400) {
        const paths = err.fields?.length
          ? err.fields
          : err.messages.map((m) => m.id ?? /^([\w.[\]]+):/.exec(m.text)?.[1] ?? '');
        this._serverFields = [...new Set(paths.filter(Boolean).map(fieldOfPath))];
      }
      this.#announce(this.#errorText(err));
      if (this.#moveFocus()) this.#focusAfter = '.status';
    },
    describe: (err) => this.#errorText(err),
  });
  /** The place lookup after a pick in the address search. */
  readonly #place = new RequestController<[string, 'DEU' | 'AUT'], [GeoEntity, GeoEntity]>(this, {
    operation: 'place',
    lang: () => this.#lang2,
    task: (signal, id, country) => {
      // The entity lookup loads on the first pick.
      const get = async (geoData: 'WGS84' | 'Lambert') =>
        (await import('../../api/ops/geo-entity.js')).getGeoEntity(
          this.#api,
          { country, id, geoData },
          { signal },
        );
      return Promise.all([get('WGS84'), get('Lambert')]);
    },
    describe: () => this.#L.geoError,
    resume: false,
  });

  // Reactive properties declared statically: the build uses no decorators.
  static override properties = {
    _values: { state: true, attribute: false },
    _coords: { state: true, attribute: false },
    _status: { state: true, attribute: false },
    _error: { state: true, attribute: false },
    _result: { state: true, attribute: false },
    _shown: { state: true, attribute: false },
    _submitted: { state: true, attribute: false },
    _serverFields: { state: true, attribute: false },
    _dataBad: { state: true, attribute: false },
    _geoBusy: { state: true, attribute: false },
    _geoFailed: { state: true, attribute: false },
    baseUrl: { attribute: 'base-url' },
    client: { attribute: false },
    token: { attribute: false },
    noForm: { attribute: 'no-form', type: Boolean },
    noDraft: { attribute: 'no-draft', type: Boolean },
    draftKey: { attribute: 'draft-key' },
    country: {},
    headingLevel: { attribute: 'heading-level' },
    ...LANG_PROPERTY,
  };

  private _values: Values = {};
  private _coords: GeoCoordinates | null = null;
  private _status: Status = 'idle';
  private _error: ApiError | null = null;
  private _result: PropertyTextResult | null = null;
  private _shown = new Set<string>();
  private _submitted = false;
  private _serverFields: string[] = [];
  private _dataBad: string[] = [];
  private _geoBusy = false;
  private _geoFailed = false;

  /** Service root including /restapi/api; used when no `client` is given. */
  baseUrl = '/restapi/api';

  /**
   * A configured ClientCore (e.g. with an auth hook); an ImmoClient is one, so passing an ImmoClient
   * keeps working. When set it is used instead of one built from `base-url`.
   */
  client?: ClientCore;

  /** User token sent as `Authorization: Bearer <token>`; setting a new one after `auth-required` retries the generation. */
  token?: string;

  /** Hides the built-in form (headless use with `data` and `generate()`); status and result are still shown. */
  noForm = false;

  /** Does not keep a draft of the form in sessionStorage. */
  noDraft = false;

  /** Name of the draft in sessionStorage (default: the page's path), for several forms on one site. */
  draftKey = '';

  /** Country of the address search and the entity lookups: `DEU` or `AUT`. */
  country: 'DEU' | 'AUT' = 'DEU';

  /** Level (1–6) of the form's and the result's headings in the page's outline; default 2. */
  headingLevel: string | number = 2;

  /** Language of the element (`de` default, `en`); an ancestor's `lang` counts too. */
  override lang!: string;

  // Built from `base-url` when no `client` is given: a ClientBase (no cache, request sharing or
  // auth hook, which only a host's own client needs) with the two operations this element uses.
  /** Counts the runs of #send: a run that is no longer the latest (or was reset) changes no state. */
  #runs = 0;
  #dataSet = false;
  #draftLoaded = false;
  /** The form, its coordinates and the result, kept in the tab (src/shared/draft.ts); none with `no-draft`. */
  readonly #draft = new DraftController<Draft>(this, {
    element: 'property-text',
    key: () => (this.noDraft ? undefined : this.draftKey || location.pathname),
    version: 1,
    read: readDraft,
    snapshot: () => {
      const d: Draft = { values: this._values, coords: this._coords, result: this._result };
      return Object.keys(d.values).length || d.coords || d.result ? d : undefined;
    },
  });
  #focusAfter?: string;

  /**
   * The request the form describes (docs/interface.md#property-text), or undefined while the types are missing,
   * a field is invalid or no detail is given. Setting it fills the form (headless use: a host
   * application's own form); entries that cannot be shown are named in a visible message.
   */
  get data(): PropertyTextRequest | undefined {
    return buildRequest(this._values, this._coords).request;
  }
  set data(value: PropertyTextRequest | undefined) {
    this.#dataSet = true;
    this.cancel();
    const { values, coords, bad } =
      value === undefined
        ? { values: {}, coords: null, bad: [] }
        : fromRequest(value, this.#lang2 === 'de');
    this._values = values;
    this._coords = coords;
    this._dataBad = bad;
    this._shown = new Set(Object.keys(values));
    this._serverFields = [];
  }

  get #L() {
    return STRINGS[this.#lang2];
  }

  get #lang2(): Lang {
    return this.#conn.lang;
  }

  get #api(): ClientBase {
    return this.#conn.client as ClientBase;
  }

  protected override scheduleUpdate(): void | Promise<unknown> {
    return this.#i18n.wait(() => super.scheduleUpdate());
  }

  constructor() {
    super();
    // What a visitor entered into a server-rendered form before the script ran stays.
    new HydrationInputController(this);
  }

  override connectedCallback(): void {
    upgradeProperties(this as PropertyText, ['data']);
    super.connectedCallback();
    if (this.#draftLoaded) return;
    this.#draftLoaded = true;
    // Restored once, and kept from then on (a form `data` filled before is kept, not replaced).
    const d = this.#draft.restore();
    if (!d || this.#dataSet) return;
    this._values = d.values;
    this._coords = d.coords;
    this._result = d.result;
    if (d.result) this._status = 'done';
  }

  // Here, not in willUpdate: an element that was never connected (headless use) never updates.
  override requestUpdate(name?: PropertyKey, old?: unknown, options?: PropertyDeclaration): void {
    super.requestUpdate(name, old, options);
    if ((name !== 'token' && name !== 'client' && name !== 'baseUrl') || this[name] === old) return;
    // A new token or a client with fresh credentials ends an auth episode (the waiting run goes
    // on); otherwise a request to another service (or through another client) is not this form's answer.
    const waited = this.#auth.waiting;
    if (name !== 'baseUrl') this.#auth.renew();
    if (!(waited && name !== 'baseUrl') && name !== 'token' && this.hasUpdated) this.cancel();
  }

  protected override updated(): void {
    if (this.#focusAfter) {
      const el = this.renderRoot.querySelector<HTMLElement>(this.#focusAfter);
      this.#focusAfter = undefined;
      el?.focus();
    }
  }

  /** Empties the form, the result and the draft. */
  reset(): void {
    this.#runs++; // a reset form shows no "cancelled"
    this.cancel();
    this._values = {};
    this._coords = null;
    this._result = null;
    this._status = 'idle';
    this._error = null;
    this._shown = new Set();
    this._submitted = false;
    this._serverFields = [];
    this._dataBad = [];
  }

  /** Cancels a running generation (the form and the last result stay). */
  cancel(): void {
    this.#gen.abort();
  }

  /**
   * Generates headline and text from the form (or `data`). Resolves with the result, which
   * the element also shows and announces with `text-generated`; rejects with an ApiError
   * (kind `validation` with `fields` when the form is incomplete, `abort` when cancelled).
   */
  async generate(): Promise<PropertyTextResult> {
    const { request, problems } = buildRequest(this._values, this._coords);
    if (!request) {
      this._submitted = true;
      this._shown = new Set([...this._shown, ...Object.keys(problems)]);
      // With the form, the summary takes the focus and says the count as its name (a message
      // said with the focus move would be cut off by it); headless, the count is announced.
      if (!this.noForm) this.#focusAfter = '.summary';
      else this.#announce(invalidCount(this.#lang2, Object.keys(problems).length));
      throw new ApiError({
        kind: 'validation',
        operation: 'generatePropertyText',
        fields: Object.keys(problems),
      });
    }
    this._submitted = false;
    return this.#send(request);
  }

  /** The status box is replaced or goes when the run ends: a focus in it (the cancel button) moves on; a focus in a field stays. */
  #moveFocus(): boolean {
    return !!this.renderRoot?.querySelector('.status')?.matches(':focus-within'); // no root before the first connect
  }

  async #send(request: PropertyTextRequest): Promise<PropertyTextResult> {
    const run = ++this.#runs;
    const hadFocus = this.matches(':focus-within');
    this._status = 'loading';
    this._error = null;
    this._serverFields = [];
    this.#announce(this.#L.generating);
    if (hadFocus) this.#focusAfter = '[part~=cancel]';
    try {
      return await this.#gen.run(request);
    } catch (e) {
      const err = e instanceof ApiError ? e : new ApiError({ kind: 'network', cause: e });
      // Cancelled by cancel(); not when a newer run or a reset replaced it, nor when a
      // disconnect cut it (the controller runs it again on reconnect).
      if (
        err.kind === 'abort' &&
        run === this.#runs &&
        !this.#gen.pending &&
        (this.isConnected || !this.hasUpdated)
      ) {
        this._status = 'cancelled';
        this.#announce(this.#L.cancelled);
        // without the form, to the message that stays
        if (this.#moveFocus()) this.#focusAfter = this.noForm ? '.status' : '[part~=submit]';
      }
      throw err;
    }
  }

  /** A generation arrived (also one resumed after a reconnect). */
  async #done(result: PropertyTextResult, request: PropertyTextRequest): Promise<void> {
    this._result = result;
    this._status = 'done';
    this.#announce(this.#L.generated);
    if (this.#moveFocus()) this.#focusAfter = '[part~=headline]';
    if (this.isConnected) await this.updateComplete;
    const done = new TextGeneratedEvent(result, request);
    this.dispatchEvent(done);
  }

  #errorText(err: ApiError): string {
    const L = this.#L;
    if (err.isUnauthorized) return L.authFailed;
    if (err.status === 400) {
      const names = nameList(this._serverFields.map((f) => label(this.#lang2, f)));
      return names ? `${L.errRejected} ${L.errFields}${names}.` : L.errRejected;
    }
    return failureText(err, this.#lang2);
  }

  #announce(text: string): void {
    this.#say.say(text);
  }

  // ------------------------------------------------------------ handlers

  #onInput(e: Event): void {
    const t = e.target as HTMLInputElement | HTMLSelectElement;
    const name = t.name;
    if (!name || !(t instanceof HTMLInputElement || t instanceof HTMLSelectElement)) return;
    const values = { ...this._values };
    if (t instanceof HTMLInputElement && t.type === 'checkbox') {
      if (t.dataset.multi !== undefined) {
        const list = Array.isArray(values[name])
          ? (values[name] as string[]).filter((v) => v !== t.value)
          : [];
        values[name] = t.checked ? [...list, t.value] : list;
      } else values[name] = t.checked;
    } else values[name] = t.value;
    if (PLACE_KEYS.has(name) && this._coords) {
      // the coordinates describe the place that was picked, not the edited address
      this._coords = null;
    }
    this._values = values;
    this._dataBad = [];
    if (e.type === 'change' || t instanceof HTMLSelectElement || t.type !== 'text')
      this._shown = new Set([...this._shown, name]);
    if (this._serverFields.includes(name))
      this._serverFields = this._serverFields.filter((f) => f !== name);
  }

  #onSubmit(e: Event): void {
    e.preventDefault();
    this.generate().catch(() => {
      /* shown in the element */
    });
  }

  async #onGeoSelect(e: GeoSelectEvent): Promise<void> {
    e.stopPropagation();
    const s = e.suggestion;
    if (!s?.entity?.id) return;
    const country = ((e.target as HTMLElement & { country?: string }).country ?? this.country) as
      'DEU' | 'AUT';
    this._geoBusy = true;
    this._geoFailed = false;
    this.#announce(this.#L.geoLoading);
    try {
      const [w, l] = await this.#place.run(s.entity.id, country);
      this.#fillFromEntity(w, l);
      this.#announce(`${this.#L.geoFilled} ${s.entity.label}.`);
      this._geoBusy = false;
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'abort') {
        if (!this.#place.pending) this._geoBusy = false;
        return;
      }
      this._geoBusy = false;
      this._geoFailed = true;
      this.#announce(this.#L.geoError);
    }
  }

  #fillFromEntity(w: GeoEntity, l: GeoEntity): void {
    const a = { ...l.address, ...w.address };
    const values = { ...this._values };
    const street = a.street ?? '';
    if (street !== values.street) values.number = '';
    values.street = street;
    values.postalCode = a.postcode ?? '';
    values.city = a.city ?? '';
    values.district = a.quarter ?? '';
    const coords: GeoCoordinates = {};
    if (w.geoData && 'lat' in w.geoData) {
      coords.latitude = w.geoData.lat;
      coords.longitude = w.geoData.lon;
    }
    if (l.geoData && 'x' in l.geoData) {
      coords.lambertEuCoordinatesX = l.geoData.x;
      coords.lambertEuCoordinatesY = l.geoData.y;
    }
    this._values = values;
    this._coords = Object.keys(coords).length ? coords : null;
    this._serverFields = this._serverFields.filter(
      (f) => !(LOCATION_KEYS as readonly string[]).includes(f),
    );
  }

  async #copy(key: keyof PropertyTextResult): Promise<void> {
    try {
      await navigator.clipboard.writeText(this._result?.[key] ?? '');
      this.#announce(this.#L.copied);
    } catch {
      this.#announce(this.#L.copyFailed);
    }
  }

  /** The retry button (focus rule of src/shared/request.ts): the anchor is the cancel button while generating, then the headline. */
  #retry(): void {
    const r = this.renderRoot;
    void this.#gen.retry(
      () =>
        r.querySelector<HTMLElement>('[part~=cancel]') ??
        r.querySelector<HTMLElement>('[part~=headline]'),
      () => this.generate(),
    );
  }

  // ------------------------------------------------------------ render

  /** What a click, an entry or a submit in the form, the status box or the result does. */
  readonly #on: FormHandlers & ResultHandlers = {
    submit: (e) => this.#onSubmit(e),
    input: (e) => this.#onInput(e),
    geoSelect: (e) => void this.#onGeoSelect(e),
    clearCoords: () => (this._coords = null),
    focusField: (e, name) => {
      e.preventDefault();
      this.renderRoot.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
    },
    cancel: () => this.cancel(),
    retry: () => this.#retry(),
    edit: (e, key) => {
      const value = (e.target as HTMLInputElement | HTMLTextAreaElement).value;
      if (this._result) this._result = { ...this._result, [key]: value };
    },
    copy: (key) => void this.#copy(key),
  };

  protected override render() {
    const { problems } = buildRequest(this._values, this._coords);
    const n = headingLevel(this.headingLevel);
    const err = this._error;
    const view: FormView & ResultView = {
      lang: this.#lang2,
      values: this._values,
      coords: this._coords,
      problems,
      submitted: this._submitted,
      touched: this._shown,
      refused: this._serverFields,
      dataBad: this._dataBad,
      geoBusy: this._geoBusy,
      geoFailed: this._geoFailed,
      hasResult: !!this._result,
      // The headings' level as the page asks (`aria-level` on the h2s: none where it is 2).
      level: n === 2 ? nothing : n,
      noForm: this.noForm,
      geo: { client: this.client, baseUrl: this.baseUrl, country: this.country },
      status: this._status,
      signIn: this.#gen.status === 'auth',
      error: err ? { text: this.#errorText(err), retry: err.status !== 400 } : undefined,
      result: this._result,
      on: this.#on,
    };
    return html`${this.noForm ? problemList(view) : renderForm(view)}${statusBox(view)}${resultSection(view)}
    ${this.#say.region()}`;
  }
}
