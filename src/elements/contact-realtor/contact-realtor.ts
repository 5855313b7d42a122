import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { ClientCore } from '../../api/core.js';
import { ApiError } from '../../api/errors.js';
import { getExpose, contactRealtor } from '../../api/ops.js';
import type { ContactForm, ExposeContactInfo } from '../../api/types.js';
import { resolveLang, type Lang } from '../../shared/i18n.js';
import { styles } from './contact-realtor.styles.js';
import { ContactSentEvent, ContactUnavailableEvent } from './events.js';
import { STRINGS } from './strings.js';
import {
  activeFields, buildForm, check, SALUTATIONS,
  type ActiveField, type FieldDef, type Problem, type Values,
} from './fields.js';

type View = 'idle' | 'loading' | 'error' | 'notfound' | 'none' | 'form';
type Send = 'idle' | 'sending' | 'failed' | 'sent';

const CONSENT = 'privacyConsent';
const DRAFT_PREFIX = 'immo-contact-realtor:draft:';

/**
 * The contact form of one listing (an expose): loads the expose, renders exactly the fields
 * its contact form configuration and form type ask for, validates them as the schema does
 * and sends one contact request to the realtor.
 *
 * @tagname contact-realtor
 * @summary Contact form that sends a visitor's request to the realtor of a listing.
 *
 * @slot heading - Replaces the default heading ("Anbieter kontaktieren").
 * @slot consent - Text of the privacy consent checkbox, e.g. with a link to the partner's privacy policy.
 * @slot unavailable - Shown below the message when the realtor cannot be contacted online (e.g. a phone number).
 *
 * @csspart heading - The default heading.
 * @csspart expose-title - The line naming the listing the request is about.
 * @csspart form - The native form element.
 * @csspart field - The wrapper of one label, input and error message.
 * @csspart input - Every input, select and textarea.
 * @csspart error-message - A validation message below a field.
 * @csspart submit - The submit button.
 * @csspart status - The loading, error, unavailable and success boxes.
 * @csspart retry - The retry button after a failed load.
 *
 * @cssprop [--immo-font-family=system-ui] - Font family.
 * @cssprop [--immo-color-text=#1d1d1f] - Text colour.
 * @cssprop [--immo-color-background=#ffffff] - Background of the element and its inputs.
 * @cssprop [--immo-color-accent=#0b5cad] - Button and focus colour.
 * @cssprop [--immo-color-border=#8a8a90] - Input and box borders.
 * @cssprop [--immo-color-error=#b00020] - Error text and invalid inputs.
 * @cssprop [--immo-radius=6px] - Corner radius.
 * @cssprop [--immo-focus-ring=0 0 0 3px rgba(11,92,173,.45)] - Focus ring shadow.
 * @cssprop [--immo-contact-gap=12px] - Space between fields.
 * @cssprop [--immo-contact-input-padding=8px 10px] - Padding inside inputs.
 * @cssprop [--immo-contact-button-text=#ffffff] - Text colour of the submit button.
 * @cssprop [--immo-contact-success=#1b6e2d] - Colour of the confirmation.
 *
 * @fires contact-sent - ContactSentEvent: the request was accepted; carries `exposeId`, `form` (the body as sent) and `format`.
 * @fires contact-unavailable - ContactUnavailableEvent: the expose has contact form type NONE; carries `exposeId`.
 */
export class ContactRealtor extends LitElement {
  static override styles = styles;

  // `static properties` rather than decorators: no decorator helpers in the bundle.
  static override properties = {
    view: { state: true, attribute: false },
    send: { state: true, attribute: false },
    expose: { state: true, attribute: false },
    active: { state: true, attribute: false },
    values: { state: true, attribute: false },
    problems: { state: true, attribute: false },
    errorText: { state: true, attribute: false },
    announcement: { state: true, attribute: false },
    exposeId: { attribute: 'expose-id' },
    baseUrl: { attribute: 'base-url' },
    client: { attribute: false },
    format: { attribute: 'format' },
    prefill: { attribute: false },
    prefillFirstname: { attribute: 'prefill-firstname' },
    prefillLastname: { attribute: 'prefill-lastname' },
    prefillEmail: { attribute: 'prefill-email' },
    prefillPhone: { attribute: 'prefill-phone' },
    prefillSalutation: { attribute: 'prefill-salutation' },
    prefillMessage: { attribute: 'prefill-message' },
    lang: { reflect: true },
  };

  private loadCtrl?: AbortController;
  private sendCtrl?: AbortController;
  private ownClient?: ClientCore;
  private sending = false;
  private honeypot = '';
  private flip = false;

  private view: View = 'idle';
  private send: Send = 'idle';
  private expose?: ExposeContactInfo;
  private active: ActiveField[] = [];
  private values: Values = {};
  private problems: Record<string, Problem | 'consent'> = {};
  private errorText = '';
  private announcement = '';

  /** Id of the expose (listing) whose realtor is contacted. */
  exposeId = '';

  /** Service root including /restapi/api; used when no `client` is set. */
  baseUrl = '/restapi/api';

  /** A configured client: any ImmoClient, or the lighter ClientCore it extends (auth, fetch, cache); replaces the one built from `base-url`. */
  client?: ClientCore;

  /** Wire format of the request body: `json` (default) or `xml` (loads the XML writer on first use). */
  format: 'json' | 'xml' = 'json';

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

  override connectedCallback(): void {
    super.connectedCallback();
    // Reconnected after a disconnect aborted the load: start again.
    if (this.hasUpdated && (this.view === 'loading' || this.view === 'idle')) this.load();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.loadCtrl?.abort();
    this.sendCtrl?.abort();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('baseUrl')) this.ownClient = undefined;
    if (changed.has('exposeId') || changed.has('client') || changed.has('baseUrl')) this.load();
    else if (this.view === 'form' && [...changed.keys()].some((k) => String(k).startsWith('prefill'))) {
      // A visitor who logs in later: fill only what is still empty.
      const p = this.prefillValues();
      const v = { ...this.values };
      for (const k in p) if (v[k] === undefined || v[k] === '') v[k] = p[k];
      this.values = v;
    }
  }

  /** The body format; anything but `xml` means JSON. */
  private get wire(): 'json' | 'xml' {
    return this.format === 'xml' ? 'xml' : 'json';
  }

  private get lang2(): Lang {
    // The property first: render() runs before Lit reflects it to the attribute.
    return this.lang ? (this.lang.toLowerCase().startsWith('en') ? 'en' : 'de') : resolveLang(this);
  }

  private get api(): ClientCore {
    return this.client ?? (this.ownClient ??= new ClientCore({ baseUrl: this.baseUrl, lang: this.lang2 }));
  }

  private announce(text: string) {
    // A trailing no-break space toggles so that the same text is announced again.
    this.flip = !this.flip;
    this.announcement = text + (this.flip ? '\u00a0' : '');
  }

  private async load() {
    this.loadCtrl?.abort();
    this.sendCtrl?.abort();
    this.sending = false;
    this.send = 'idle';
    this.problems = {};
    this.expose = undefined;
    const id = this.exposeId;
    if (!id) {
      this.view = 'idle';
      return;
    }
    const ctrl = (this.loadCtrl = new AbortController());
    this.view = 'loading';
    try {
      const expose = await getExpose(this.api, id, { signal: ctrl.signal });
      if (ctrl.signal.aborted) return;
      this.expose = expose;
      if (expose.contactFormType === 'NONE') {
        this.view = 'none';
        this.announce(STRINGS[this.lang2].unavailable);
        await this.updateComplete;
        const ev = new ContactUnavailableEvent(id);
        this.dispatchEvent(ev);
        return;
      }
      this.active = activeFields(expose.contactFormType, expose.contactFormConfiguration as Record<string, string>);
      this.values = { ...this.prefillValues(), ...this.readDraft() };
      this.view = 'form';
    } catch (err) {
      if (ctrl.signal.aborted) return;
      const e = err as ApiError;
      this.view = e instanceof ApiError && e.isNotFound ? 'notfound' : 'error';
      this.errorText = this.describe(e);
      this.announce(this.view === 'notfound' ? STRINGS[this.lang2].notFound : STRINGS[this.lang2].loadError);
    }
  }

  private prefillValues(): Values {
    const p = { ...(this.prefill ?? {}) } as Record<string, unknown>;
    const attrs: [string, string | undefined][] = [
      ['firstname', this.prefillFirstname], ['lastname', this.prefillLastname], ['emailAddress', this.prefillEmail],
      ['phoneNumber', this.prefillPhone], ['salutation', this.prefillSalutation], ['message', this.prefillMessage],
    ];
    for (const [k, v] of attrs) if (v != null && p[k] == null) p[k] = v;
    const out: Values = {};
    const addr = (p.address ?? {}) as Record<string, unknown>;
    for (const [k, v] of Object.entries({ ...p, ...addr })) {
      if (k === 'appointmentRequested') out[k] = v === 'YES';
      else if (typeof v === 'boolean') out[k] = v;
      else if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
    }
    if (out.salutation && !(SALUTATIONS as readonly string[]).includes(out.salutation as string)) delete out.salutation;
    return out;
  }

  private get draftKey() {
    return DRAFT_PREFIX + this.exposeId;
  }

  private readDraft(): Values {
    try {
      const raw = sessionStorage.getItem(this.draftKey);
      const d = raw ? (JSON.parse(raw) as unknown) : null;
      if (!d || typeof d !== 'object') return {};
      const out: Values = {};
      for (const [k, v] of Object.entries(d)) if (typeof v === 'string' || typeof v === 'boolean') out[k] = v;
      return out;
    } catch {
      return {};
    }
  }

  private writeDraft() {
    try {
      const { [CONSENT]: _consent, ...rest } = this.values;
      sessionStorage.setItem(this.draftKey, JSON.stringify(rest));
    } catch {
      // Storage full or disabled: the draft is a convenience only.
    }
  }

  private clearDraft() {
    try {
      sessionStorage.removeItem(this.draftKey);
    } catch {
      // see writeDraft
    }
  }

  private allDefs(): [FieldDef, boolean][] {
    const out: [FieldDef, boolean][] = [];
    for (const { field, required } of this.active) {
      if (field.parts) for (const p of field.parts) out.push([p, required]);
      else out.push([field, required]);
    }
    return out;
  }

  private onInput(e: Event) {
    const t = e.target as HTMLInputElement;
    const name = t.name;
    const value = t.type === 'checkbox' ? t.checked : t.value;
    this.values = { ...this.values, [name]: value };
    if (this.problems[name]) {
      const def = this.allDefs().find(([d]) => d.name === name);
      const p = name === CONSENT ? (value ? '' : 'consent') : def ? check(def[0], value, def[1]) : '';
      this.problems = { ...this.problems, [name]: p };
    }
    this.writeDraft();
  }

  private async onSubmit(e: Event) {
    e.preventDefault();
    if (this.sending) return;
    const s = STRINGS[this.lang2];
    const problems: Record<string, Problem | 'consent'> = {};
    let first = '';
    for (const [def, required] of this.allDefs()) {
      const p = check(def, this.values[def.name], required);
      if (p) {
        problems[def.name] = p;
        first ||= def.name;
      }
    }
    if (this.values[CONSENT] !== true) {
      problems[CONSENT] = 'consent';
      first ||= CONSENT;
    }
    this.problems = problems;
    const count = Object.keys(problems).length;
    if (count) {
      this.announce(s.invalidCount(count));
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    const form = buildForm(this.active, this.values);
    const id = this.exposeId;
    if (this.honeypot) {
      // A bot filled the hidden field: look successful, send nothing.
      this.finish(false, id, form);
      return;
    }
    this.sending = true;
    this.send = 'sending';
    this.announce(s.sending);
    const ctrl = (this.sendCtrl = new AbortController());
    try {
      await contactRealtor(this.api, id, form as unknown as ContactForm, { format: this.wire, signal: ctrl.signal });
      if (ctrl.signal.aborted) return;
      await this.finish(true, id, form);
    } catch (err) {
      if (ctrl.signal.aborted) {
        if (this.sendCtrl === ctrl) this.send = 'idle';
        return;
      }
      // Announced by the role="alert" box that appears; the "sending" note is stale now.
      this.announcement = '';
      this.send = 'failed';
      this.errorText = this.describe(err);
    } finally {
      if (this.sendCtrl === ctrl) this.sending = false;
    }
  }

  private async finish(sent: boolean, id: string, form: Record<string, unknown>) {
    this.clearDraft();
    this.send = 'sent';
    this.values = {};
    this.announce(STRINGS[this.lang2].sent);
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('.success')?.focus();
    if (!sent) return;
    const ev = new ContactSentEvent(id, form, this.wire);
    this.dispatchEvent(ev);
  }

  private again() {
    this.send = 'idle';
    this.values = this.prefillValues();
    this.problems = {};
    this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('input:not([tabindex="-1"])')?.focus());
  }

  /** A readable sentence for a failure, in the element's language (never the server's markup). */
  private describe(err: unknown): string {
    const s = STRINGS[this.lang2];
    if (!(err instanceof ApiError)) return s.errServer;
    if (err.kind === 'network') return s.errNetwork;
    if (err.kind === 'timeout') return s.errTimeout;
    if (err.kind === 'parse') return s.errParse;
    if (err.isRateLimited) return s.errBusy;
    if (err.isServerError) return `${s.errServer} (HTTP ${err.status})`;
    if (err.kind === 'http' || err.kind === 'validation') {
      const fields = (err.fields ?? []).map((f) => s.labels[f] ?? f).join(', ');
      return `${s.errRejected}${err.status ? ` (HTTP ${err.status})` : ''}${fields ? ` ${s.errFields}${fields}` : ''}`;
    }
    return s.errServer;
  }

  private problemText(p: Problem | 'consent' | undefined, def?: FieldDef): string {
    const s = STRINGS[this.lang2];
    switch (p) {
      case 'required': return s.vRequired;
      case 'email': return s.vEmail;
      case 'int': return s.vNumber;
      case 'consent': return s.vConsent;
      case 'long': return s.vLong(def?.max ?? 0, [...String(this.values[def?.name ?? ''] ?? '').trim()].length);
      default: return '';
    }
  }

  private renderField(def: FieldDef, required: boolean): TemplateResult {
    const s = STRINGS[this.lang2];
    const { name, kind, max, ac } = def;
    const id = 'f-' + name;
    const eid = 'e-' + name;
    const problem = this.problems[name];
    const msg = this.problemText(problem, def);
    const v = this.values[name];
    const label = s.labels[name];
    const err = html`<span class="msg" id=${eid} part="error-message">${msg}</span>`;
    const described = msg ? eid : nothing;
    if (kind === 'bool') {
      return html`<div class="field check" part="field">
        <label><input type="checkbox" part="input" name=${name} .checked=${live(v === true)} @change=${this.onInput} />
          <span>${label}</span></label>
      </div>`;
    }
    const mark = required ? html`<span class="req" aria-hidden="true"> *</span>` : nothing;
    const invalid = msg ? 'true' : 'false';
    const text = typeof v === 'string' ? v : '';
    let control: TemplateResult;
    if (kind === 'select') {
      control = html`<select id=${id} name=${name} part="input" ?required=${required} aria-invalid=${invalid}
        aria-describedby=${described} @change=${this.onInput}>
        <option value="" ?selected=${!text}>${s.salutationNone}</option>
        ${SALUTATIONS.map((x) => html`<option value=${x} ?selected=${text === x}>${s.salutations[x]}</option>`)}
      </select>`;
    } else if (kind === 'area') {
      control = html`<textarea id=${id} name=${name} part="input" maxlength=${max ?? nothing} ?required=${required}
        aria-invalid=${invalid} aria-describedby=${described} .value=${live(text)} @input=${this.onInput}></textarea>`;
    } else {
      const type = kind === 'email' ? 'email' : kind === 'tel' ? 'tel' : 'text';
      control = html`<input id=${id} name=${name} part="input" type=${type} autocomplete=${ac ?? nothing}
        inputmode=${kind === 'int' ? 'numeric' : nothing} maxlength=${max ?? nothing} ?required=${required}
        aria-invalid=${invalid} aria-describedby=${described} .value=${live(text)} @input=${this.onInput} />`;
    }
    return html`<div class="field" part="field"><label for=${id}>${label}${mark}</label>${control}${err}</div>`;
  }

  private renderForm(): TemplateResult {
    const s = STRINGS[this.lang2];
    const busy = this.send === 'sending';
    const consentMsg = this.problemText(this.problems[CONSENT]);
    return html`<form part="form" novalidate aria-busy=${busy ? 'true' : 'false'} @submit=${this.onSubmit}>
      <p class="note">${s.requiredNote}</p>
      ${this.active.map(({ field, required }) =>
        field.parts
          ? html`<fieldset part="field"><legend>${s.address}${required ? html`<span class="req" aria-hidden="true"> *</span>` : nothing}</legend>
              ${field.parts.map((p) => this.renderField(p, required))}</fieldset>`
          : this.renderField(field, required),
      )}
      <div class="field check" part="field">
        <label><input type="checkbox" part="input" name=${CONSENT} required .checked=${live(this.values[CONSENT] === true)}
          aria-invalid=${consentMsg ? 'true' : 'false'} aria-describedby=${consentMsg ? 'e-consent' : nothing}
          @change=${this.onInput} />
          <span><slot name="consent">${s.consent}</slot><span class="req" aria-hidden="true"> *</span></span></label>
        <span class="msg" id="e-consent" part="error-message">${consentMsg}</span>
      </div>
      <div class="hp" aria-hidden="true">
        <label for="f-hp">${s.honeypot}</label>
        <input id="f-hp" name="immo_website" type="text" tabindex="-1" autocomplete="off"
          @input=${(e: Event) => (this.honeypot = (e.target as HTMLInputElement).value)} />
      </div>
      ${this.send === 'failed'
        ? html`<div class="status error" part="status" role="alert"><p>${s.sendError}</p><p>${this.errorText}</p></div>`
        : nothing}
      <button type="submit" part="submit" aria-disabled=${busy ? 'true' : 'false'}>
        ${busy ? s.sending : this.send === 'failed' ? s.resend : s.send}</button>
    </form>`;
  }

  private renderBody(): TemplateResult | typeof nothing {
    const s = STRINGS[this.lang2];
    switch (this.view) {
      case 'idle':
        return html`<p class="status" part="status">${s.noExpose}</p>`;
      case 'loading':
        return html`<p class="status" part="status">${s.loading}</p>`;
      case 'notfound':
        return html`<div class="status error" part="status"><p>${s.notFound}</p></div>`;
      case 'error':
        return html`<div class="status error" part="status">
          <p>${s.loadError}</p><p>${this.errorText}</p>
          <button type="button" class="secondary" part="retry" @click=${() => this.load()}>${s.retry}</button>
        </div>`;
      case 'none':
        return html`<div class="status" part="status"><p>${s.unavailable}</p><slot name="unavailable"></slot></div>`;
      default:
        if (this.send === 'sent') {
          return html`<div class="status success" part="status" tabindex="-1"><p>${s.sent}</p>
            <button type="button" class="secondary" @click=${this.again}>${s.sendAnother}</button></div>`;
        }
        return this.renderForm();
    }
  }

  override render() {
    const title = this.expose?.title;
    return html`<slot name="heading"><h2 part="heading">${STRINGS[this.lang2].heading}</h2></slot>
      ${title && this.view === 'form' ? html`<p part="expose-title">${title}</p>` : nothing}
      ${this.renderBody()}
      <div class="sr" role="status" aria-live="polite">${this.announcement}</div>`;
  }
}
