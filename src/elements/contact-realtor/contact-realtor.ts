/*
 * The contact-realtor element: loading the listing's contact form, the form's states (the
 * skeleton, the form, sending, sent, an unknown outcome), the visitor's entries and their
 * problems, and the submit with its announcements and focus moves. Elsewhere: its templates,
 * which draw from a context the element hands them (view.ts); the fields a listing asks for,
 * their checks and the request body (fields.ts); the draft (src/shared/draft.ts); how a field
 * is drawn and when its problem shows (src/shared/field.ts); the requests
 * (src/shared/request.ts); the wording (strings.ts), the styles (contact-realtor.styles.ts)
 * and the events (events.ts).
 */
import { LitElement, html, isServer, type PropertyValues, type TemplateResult } from 'lit';
import type { ClientBase } from '../../api/core.js';
import { ApiError } from '../../api/errors.js';
import { getExpose, contactRealtor } from '../../api/ops.js';
import { handedExpose } from '../../api/ops/expose.js';
import type { ContactForm, ExposeContactInfo } from '../../api/types.js';
import { LocalizeController, type Lang } from '../../shared/i18n.js';
import { HydrationInputController } from '../../shared/hydration.js';
import { Connection, LANG_PROPERTY } from '../../shared/client.js';
import { RequestController } from '../../shared/request.js';
import { failureKind, failureSentences, failureText } from '../../shared/failure.js';
import { Announcer } from '../../shared/announce.js';
import { DraftController, draftValues } from '../../shared/draft.js';
import { problemOf } from '../../shared/field.js';
import { clip } from '../../shared/text.js';
import { styles } from './contact-realtor.styles.js';
import { ContactSentEvent, ContactUnavailableEvent } from './events.js';
import { STRINGS, type Strings } from './strings.js';
import {
  activeFields,
  buildForm,
  check,
  expectedFields,
  SALUTATIONS,
  type ActiveField,
  type FieldDef,
  type Problem,
  type Values,
} from './fields.js';
import {
  CONSENT,
  form,
  kept,
  loadFailed,
  loading,
  notFound,
  sent,
  unavailable,
  type FormContext,
  type Send,
} from './view.js';

type View = 'idle' | 'loading' | 'error' | 'notfound' | 'none' | 'form';

/**
 * Whether a failed send may have reached the realtor all the same: a timeout (the body was
 * sent, the answer did not come), a 504 (a gateway gave up waiting for the service), or a
 * network failure, which fetch reports alike whether the connection failed before the body
 * went out or dropped after it; only a browser that knows it is offline has certainly sent
 * nothing. Calling these "not sent" would invite a second, duplicate e-mail.
 */
function outcomeUnknown(err: unknown): boolean {
  // failureKind: 'timeout' covers timeouts, 408 and 504; 'network' excludes a browser that is offline.
  const kind = failureKind(err);
  return kind === 'timeout' || kind === 'network';
}

/**
 * The contact form of one listing (an expose): loads the expose, renders exactly the fields
 * its contact form configuration and form type ask for, validates them as the schema does
 * and sends one contact request to the realtor. The request carries the expose's
 * `contactFormType`. When the outcome of a send is unknown (a timeout, a connection that
 * broke off, a gateway timeout) the element does not call it failed: it says the request
 * may have arrived, keeps the form, and offers to send again knowingly.
 *
 * @tagname contact-realtor
 * @summary Contact form that sends a visitor's request to the realtor of a listing.
 *
 * @attr lang - Language of the texts: `de` (default) or `en`; an ancestor's `lang` counts too.
 * @attr expected-form - The form the host page expects the listing to have, as `<img width height>`
 *   tells the size before the image: `LONG` (the long form with the rental questions) reserves its
 *   height while the listing loads and after; nothing, `EMAIL` or `PHONE`, the common quick-contact
 *   form. Only the placeholder's shape: the form is always the listing's own.
 *
 * @slot heading - Replaces the default heading ("Anbieter kontaktieren").
 * @slot consent - Text of the privacy consent checkbox, e.g. with a link to the partner's privacy policy.
 * @slot unavailable - Shown below the message when the realtor cannot be contacted online (e.g. a phone number).
 *
 * @csspart heading - The default heading.
 * @csspart expose-title - The line naming the listing the request is about.
 * @csspart form - The native form element.
 * @csspart field - The wrapper of one label, input and error message.
 * @csspart label - The label of a field (the legend of the address group).
 * @csspart input - Every input, select and textarea.
 * @csspart error-message - A validation message below a field.
 * @csspart submit - The submit button.
 * @csspart status - The not-found, unavailable and success boxes; while loading, the loading sentence for screen readers.
 * @csspart skeleton - The loading placeholder in the shapes of the common form, or of the one
 *   `expected-form` names (aria-hidden), the hidden copy of it that keeps the element's height after
 *   the load, and the same shapes, still and fading, under a sentence that stands instead of the form
 *   (no online contact, an error, sent).
 * @csspart error - The error box (role=alert) of a failed load or send.
 * @csspart retry - The retry button after a failed load.
 * @csspart unavailable - The notice that the realtor cannot be contacted online.
 *
 * @cssprop [--immo-font-family=system-ui, sans-serif] - Font family.
 * @cssprop [--immo-font-size=16px] - Font size.
 * @cssprop [--immo-color-text] - Text colour; unset, the page's text colour.
 * @cssprop [--immo-color-text-muted] - Notes; unset, the text colour at 72 %.
 * @cssprop [--immo-color-surface=transparent] - Background of the element.
 * @cssprop [--immo-color-field=transparent] - Background of inputs, selects and textareas.
 * @cssprop [--immo-color-accent=#0b5cad] - Buttons, checkboxes and the focus outline (dark #7db7f5).
 * @cssprop [--immo-color-on-accent=#fff] - Text of the submit button (dark #0d1b2a).
 * @cssprop [--immo-color-border=#8a8f98] - Input and box borders (dark #8f8f98).
 * @cssprop [--immo-color-skeleton=color-mix(in srgb, currentColor 13%, transparent)] - Colour of the
 *   loading placeholder's shapes (shared by the five elements).
 * @cssprop [--immo-color-error=#b3261e] - Error text and invalid inputs (dark #ff8a80).
 * @cssprop [--immo-color-success=#1b6e2d] - The confirmation (dark #7ed996).
 * @cssprop [--immo-radius=6px] - Corner radius.
 * @cssprop [--immo-focus-ring=0 0 0 3px #0b5cad73] - Focus ring, a box-shadow.
 * @cssprop [--immo-space=12px] - Space between fields and padding of boxes.
 *
 * @fires contact-sent - ContactSentEvent: the request was accepted; carries `exposeId`, `form` (the body as sent) and `format`.
 * @fires contact-unavailable - ContactUnavailableEvent: the expose has contact form type NONE; carries `exposeId`.
 * @fires request-failed - FailureEvent: loading the expose ('expose') or sending ('contact') failed;
 *   carries `operation`, `kind`, the `text` shown and the client's `error` for developers.
 */
export class ContactRealtor extends LitElement {
  static override styles = styles;
  /** The strings of its language; renders wait for English (src/shared/i18n.ts). */
  readonly #i18n = new LocalizeController(this, STRINGS);
  /** `client` or the shared client for `base-url`, and the language (an ancestor's included). */
  readonly #conn = new Connection(this);
  readonly #say = new Announcer(this);
  /** Loading the expose: abort, stale answers, resume on reconnect, retry (src/shared/request.ts). */
  readonly #loadReq = new RequestController<[string], ExposeContactInfo>(this, {
    operation: 'expose',
    lang: () => this.#lang,
    task: (signal, id) => getExpose(this.#api, id, { signal }),
    onComplete: (expose, id) => void this.#loaded(expose, id),
    onError: (err) => {
      const notFound = err.isNotFound;
      this._view = notFound ? 'notfound' : 'error';
      this._failure = err;
      this.#say.say(notFound ? this.#s.notFound : '');
    },
    describe: (err, lang) => (err.isNotFound ? STRINGS[lang].notFound : failureText(err, lang)),
  });

  // Reactive properties declared statically: the build uses no decorators.
  static override properties = {
    _view: { state: true, attribute: false },
    _send: { state: true, attribute: false },
    _info: { state: true, attribute: false },
    expose: { attribute: false },
    _active: { state: true, attribute: false },
    _values: { state: true, attribute: false },
    _submitted: { state: true, attribute: false },
    _failure: { state: true, attribute: false },
    exposeId: { attribute: 'expose-id' },
    baseUrl: { attribute: 'base-url' },
    client: { attribute: false },
    format: { attribute: 'format' },
    expectedForm: { attribute: 'expected-form' },
    prefill: { attribute: false },
    prefillFirstname: { attribute: 'prefill-firstname' },
    prefillLastname: { attribute: 'prefill-lastname' },
    prefillEmail: { attribute: 'prefill-email' },
    prefillPhone: { attribute: 'prefill-phone' },
    prefillSalutation: { attribute: 'prefill-salutation' },
    prefillMessage: { attribute: 'prefill-message' },
    ...LANG_PROPERTY,
  };

  /** Sending: abort, stale guard, failure report; never re-sent by itself after a disconnect. */
  readonly #sendReq = new RequestController<
    [string, Record<string, unknown>, 'json' | 'xml'],
    void
  >(this, {
    operation: 'contact',
    lang: () => this.#lang,
    task: (signal, id, form, format) =>
      contactRealtor(this.#api, id, form as unknown as ContactForm, { format, signal }),
    describe: (err) => this.#describe(err),
    resume: false,
  });
  #honeypot = '';
  /**
   * The visitor's entries for this listing, kept in the tab (src/shared/draft.ts) while the
   * form shows, without the consent, which is asked again; a sent form keeps none.
   */
  readonly #draft = new DraftController<Values>(this, {
    element: 'contact-realtor',
    key: () => (this._view === 'form' && this.exposeId) || undefined,
    version: 1,
    read: (data) => draftValues(data) as Values,
    snapshot: () => {
      const { [CONSENT]: _consent, ...kept } = this._values;
      return this._send === 'sent' || !Object.keys(kept).length ? undefined : kept;
    },
  });

  private _view: View = 'idle';
  private _send: Send = 'idle';
  /** The listing's contact information the form is for (loaded, or the page's `expose`). */
  private _info?: ExposeContactInfo;
  private _active: ActiveField[] = [];
  private _values: Values = {};
  /** The visitor asked to send: every field's problem shows (until the form starts anew). */
  private _submitted = false;
  /** The last failure, described in the language of each render. */
  private _failure: unknown;

  /** Id of the expose (listing) whose realtor is contacted. */
  exposeId = '';

  /**
   * The listing's contact information as the page already has it (what the client's
   * `getExpose()` gives, e.g. fetched by the page's server): for the listing of `expose-id`,
   * the element shows its form at once instead of loading it, and a server renders that form.
   * It is checked as an answer of the service is: anything else is ignored with a warning, and
   * the element loads the listing itself.
   */
  expose?: ExposeContactInfo;

  /** Service root including /restapi/api; used when no `client` is set. */
  baseUrl = '/restapi/api';

  /**
   * A configured client: an ImmoClient, or the lighter ClientCore (auth hook, cache) or ClientBase it
   * extends; replaces the one built from `base-url` (a ClientBase).
   */
  client?: ClientBase;

  /** Wire format of the request body: `json` (default) or `xml` (loads the XML writer on first use). */
  format: 'json' | 'xml' = 'json';

  /**
   * The form the host page expects (a contact form type of the service): `LONG` makes the
   * skeleton, and the least height the element keeps after the load, those of the long form
   * with the rental questions; anything else, those of the common quick-contact form. A
   * hint, never trusted: the fields are always the listing's own configuration's, and a wrong
   * hint costs a shift or blank space only.
   */
  expectedForm?: 'EMAIL' | 'PHONE' | 'LONG';

  /** Values to prefill, e.g. of a logged-in visitor (ContactForm field names; the draft wins over them). */
  prefill?: Partial<ContactForm>;

  /** Prefilled first name. */
  prefillFirstname?: string;

  /** Prefilled last name. */
  prefillLastname?: string;

  /** Prefilled e-mail address. */
  prefillEmail?: string;

  /** Prefilled phone number. */
  prefillPhone?: string;

  /** Prefilled salutation: FEMALE, MALE, COMPANY or NO_SALUTATION. */
  prefillSalutation?: string;

  /** Prefilled message text. */
  prefillMessage?: string;

  /** Language of the element (`de` default, `en`); an ancestor's `lang` counts too. */
  override lang!: string;

  // A disconnect aborts the load (resumed on reconnect) and a send (never repeated by itself): RequestController.

  constructor() {
    super();
    // What a visitor entered into a server-rendered form before the script ran stays.
    new HydrationInputController(this);
  }

  protected override scheduleUpdate(): void | Promise<unknown> {
    return this.#i18n.wait(() => super.scheduleUpdate());
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (
      changed.has('exposeId') ||
      changed.has('expose') ||
      changed.has('client') ||
      changed.has('baseUrl')
    )
      this.#load();
    else if (
      this._view === 'form' &&
      [...changed.keys()].some((k) => String(k).startsWith('prefill'))
    ) {
      // A visitor who logs in later: fill only what is still empty.
      const p = this.#prefillValues();
      const v = { ...this._values };
      for (const k in p) if (v[k] === undefined || v[k] === '') v[k] = p[k]!;
      this._values = v;
    }
  }

  /** The body format; anything but `xml` means JSON. */
  get #wire(): 'json' | 'xml' {
    return this.format === 'xml' ? 'xml' : 'json';
  }

  get #lang(): Lang {
    return this.#conn.lang;
  }

  /** The strings of the element's language. */
  get #s() {
    return STRINGS[this.#lang];
  }

  get #api(): ClientBase {
    return this.#conn.client;
  }

  #announce(text: string) {
    this.#say.say(text);
  }

  #load() {
    this.#loadReq.abort();
    this.#sendReq.abort();
    this._send = 'idle';
    this._submitted = false;
    this._info = undefined;
    const id = this.exposeId;
    if (!id) {
      this._view = 'idle';
      return;
    }
    const handed = this.expose === undefined ? null : handedExpose(this.expose, id);
    if (handed) return void this.#loaded(handed, id);
    if (this.expose !== undefined)
      console.warn(
        `contact-realtor: \`expose\` is not the contact information of listing ${id}; it is loaded instead`,
      );
    this._view = 'loading';
    if (!isServer) this.#loadReq.start(id); // (a server renders the loading frame; the browser asks)
  }

  async #loaded(expose: ExposeContactInfo, id: string) {
    this._info = expose;
    if (expose.contactFormType === 'NONE') {
      this._view = 'none';
      if (isServer) return;
      this.#announce(this.#s.unavailable);
      await this.updateComplete;
      // Built apart from dispatchEvent(): the manifest analyzer would take `new X(id)` for an event named "id".
      const ev = new ContactUnavailableEvent(id);
      this.dispatchEvent(ev);
      return;
    }
    this._active = activeFields(
      expose.contactFormType,
      expose.contactFormConfiguration as Record<string, string>,
    );
    this._values = this.#prefillValues();
    this._view = 'form';
    // The draft is the browser's, and wins over the prefill. A form shown from the first
    // render (the page handed the listing; a server rendered it without a draft) takes it in
    // the update after, so that the first render is the server's.
    if (isServer) return;
    if (!this.hasUpdated) await this.updateComplete;
    this._values = { ...this._values, ...this.#draft.restore() };
  }

  /**
   * The retry button of a failed load (focus rule of src/shared/request.ts): the anchor is
   * the first field of the form the load brings (the loading text meanwhile).
   */
  #retry() {
    this._view = 'loading';
    const r = this.renderRoot;
    void this.#loadReq.retry(
      () =>
        r.querySelector<HTMLElement>('input:not([tabindex="-1"])') ??
        r.querySelector<HTMLElement>('[part~=status]'),
    );
  }

  #prefillValues(): Values {
    const p = { ...this.prefill } as Record<string, unknown>;
    const attrs: Record<string, string | undefined> = {
      firstname: this.prefillFirstname,
      lastname: this.prefillLastname,
      emailAddress: this.prefillEmail,
      phoneNumber: this.prefillPhone,
      salutation: this.prefillSalutation,
      message: this.prefillMessage,
    };
    for (const k in attrs) if (attrs[k] != null && p[k] == null) p[k] = attrs[k];
    const out: Values = {};
    for (const [k, v] of Object.entries({ ...p, ...(p.address as object | undefined) })) {
      if (k === 'appointmentRequested') out[k] = v === 'YES';
      else if (typeof v === 'boolean') out[k] = v;
      else if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
    }
    if (out.salutation && !(SALUTATIONS as readonly unknown[]).includes(out.salutation))
      delete out.salutation;
    return out;
  }

  /** Every input of the active fields (the address as its parts) with whether it is required. */
  #defs(): [FieldDef, boolean][] {
    return this._active.flatMap(({ field, required }) =>
      (field.parts ?? [field]).map((d): [FieldDef, boolean] => [d, required]),
    );
  }

  /** What is wrong with one input's value, '' if nothing. */
  #check(name: string, value = this._values[name]): Problem | 'consent' {
    if (name === CONSENT) return value === true ? '' : 'consent';
    const hit = this.#def(name);
    return hit ? check(hit[0], value, hit[1]) : '';
  }

  /** The problem a field shows (src/shared/field.ts): after a submit, and a text too long at once. */
  #problemOf(name: string): Problem | 'consent' | undefined {
    const problems = { [name]: this.#check(name) };
    return problemOf(name, { problems, submitted: this._submitted, atOnce: ['long'] }) as
      Problem | 'consent' | undefined;
  }

  #def(name: string) {
    return this.#defs().find(([d]) => d.name === name);
  }

  #onInput(e: Event) {
    const t = e.target as HTMLInputElement;
    const name = t.name;
    const value = t.type === 'checkbox' ? t.checked : t.value;
    const was = this.#check(name);
    this._values = { ...this._values, [name]: value };
    // Inputs have no maxlength (it counts UTF-16 units, not the schema's characters, and cuts
    // pasted text silently): text that grows too long is marked and announced at once instead.
    const p = this.#check(name, value);
    if (p === 'long' && was !== 'long') this.#announce(this.#problemText(p, this.#def(name)![0]));
  }

  async #onSubmit(e: Event) {
    e.preventDefault();
    if (this.#sendReq.pending) return;
    const s = this.#s;
    const invalid = [...this.#defs().map(([d]) => d.name), CONSENT].filter((n) => this.#check(n));
    if (invalid.length) {
      this._submitted = true;
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>(`[name="${invalid[0]}"]`)?.focus();
      // Said once the focus has moved: the field's own words come first, and a message that
      // changes with the focus move is cut off by it in some screen readers.
      const names = invalid.map((n) => (n === CONSENT ? s.consentName : (s.labels[n] ?? n)));
      this.#say.soon(s.invalidFields(names.length, names.join(', ')));
      return;
    }
    const form = buildForm(this._active, this._values, this._info?.contactFormType);
    const id = this.exposeId;
    if (this.#honeypot) {
      // A bot filled the hidden field: look successful, send nothing.
      this.#finish();
      return;
    }
    this._send = 'sending';
    this.#announce(s.sending);
    const format = this.#wire;
    try {
      await this.#sendReq.run(id, form, format);
    } catch (err) {
      // Cancelled (a new expose, a disconnect): nothing to tell. Else reported by the controller.
      if (ApiError.is(err) && err.kind === 'abort') {
        if (!this.#sendReq.pending && this._send === 'sending') this._send = 'idle';
        return;
      }
      // Announced by the role="alert" box that appears; the "sending" note is stale now.
      this.#say.say('');
      this._send = outcomeUnknown(err) ? 'unknown' : 'failed';
      this._failure = err;
      return;
    }
    await this.#finish();
    const ev = new ContactSentEvent(id, form, format);
    this.dispatchEvent(ev);
  }

  /** The success state: draft and values cleared, the confirmation announced and focused. */
  async #finish() {
    // The next form is a new one: the honeypot value a bot typed must not swallow it.
    this.#honeypot = '';
    this._send = 'sent';
    this._submitted = false;
    this._values = {};
    this.#announce(this.#s.sent);
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('.success')?.focus();
  }

  #again() {
    this._send = 'idle';
    this._values = this.#prefillValues();
    this._submitted = false;
    this.updateComplete.then(() =>
      this.renderRoot.querySelector<HTMLElement>('input:not([tabindex="-1"])')?.focus(),
    );
  }

  /**
   * A failure as a visitor's sentence (failure.ts), in the element's language; a refusal
   * names the fields the service objected to by their labels (never the service's text).
   */
  #describe(err: unknown): string {
    const s = this.#s;
    const kind = failureKind(err);
    // Each field once, the first few, each shortened: an answer's list can be of any length.
    const named = new Set(
      ((kind === 'rejected' || kind === 'invalid') && err instanceof ApiError
        ? (err.fields ?? [])
        : []
      ).map((f) => s.labels[f] ?? clip(f, 60)),
    );
    const fields = clip([...named].slice(0, 20).join(', '));
    // With field names, what happened and which fields to check (instead of the general advice).
    return fields
      ? `${failureSentences(kind, this.#lang)[0]} ${s.errFields}${fields}.`
      : failureText(err, this.#lang);
  }

  #problemText(p: Problem | 'consent' | undefined, def?: FieldDef): string {
    const s = this.#s;
    if (p === 'long')
      return s.vLong(def!.max!, [...String(this._values[def!.name] ?? '').trim()].length);
    return p
      ? { required: s.vRequired, email: s.vEmail, int: s.vNumber, consent: s.vConsent }[p]
      : '';
  }

  /** What the form's templates (view.ts) draw from. */
  #formContext(): FormContext {
    const send = this._send;
    return {
      s: this.#s,
      fields: this._active,
      values: this._values,
      message: (name) => this.#problemText(this.#problemOf(name), this.#def(name)?.[0]),
      send,
      failure: send === 'failed' ? this.#describe(this._failure) : '',
      dropped: send === 'unknown' && failureKind(this._failure) === 'network',
      // Called by Lit with the element as `this`, as a listener in its own template is.
      onInput: this.#onInput,
      onSubmit: this.#onSubmit,
      onHoneypot: (value) => (this.#honeypot = value),
    };
  }

  /**
   * What follows the heading (view.ts): while the listing loads, the skeleton of the expected
   * form; every outcome after it over a hidden copy of that form that keeps its height. A form
   * that asks for more than that one is taller: that growth is the one shift left, which the
   * host page avoids by naming the long form in `expected-form` (docs/embedding.md, "No layout shift").
   */
  #renderBody(): TemplateResult {
    const s = this.#s;
    const ghost = expectedFields(this.expectedForm);
    if (this._view === 'idle')
      return html`<p class="status" part="status" role="status">${s.noExpose}</p>`;
    if (this._view === 'loading') return loading(s, ghost);
    return kept(this.#outcome(s, ghost), s, ghost);
  }

  #outcome(s: Strings, ghost: ActiveField[]): TemplateResult {
    switch (this._view) {
      case 'notfound':
        return notFound(s, ghost);
      case 'error':
        return loadFailed(s, ghost, this.#loadReq.text(this.#lang), () => this.#retry());
      case 'none':
        return unavailable(s, ghost);
      default:
        return this._send === 'sent'
          ? sent(s, ghost, () => this.#again())
          : form(this.#formContext(), this._info?.title ?? '');
    }
  }

  override render() {
    return html`<slot name="heading"><h2 part="heading">${this.#s.heading}</h2></slot>
      ${this.#renderBody()} ${this.#say.region()}`;
  }
}
