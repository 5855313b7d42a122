/*
 * What contact-realtor renders of its state, as templates of a small context: the form of
 * the listing's fields (each drawn by src/shared/field.ts), its end with the send's state,
 * the skeleton and the hidden copy that keeps the element's height, and the boxes that stand
 * instead of the form (not found, a failed load, no online contact, sent). It reads no
 * element: the values, messages, wording and handlers come in the context.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { checked } from '../../shared/checked.js';
import { ariaBool, describedBy, field, messageLine, REQUIRED_MARK } from '../../shared/field.js';
import { clip } from '../../shared/text.js';
import { SALUTATIONS, type ActiveField, type FieldDef, type Values } from './fields.js';
import type { Strings } from './strings.js';

/** The state of a send. */
export type Send = 'idle' | 'sending' | 'failed' | 'unknown' | 'sent';

/** The name of the privacy consent checkbox, which every form has. */
export const CONSENT = 'privacyConsent';

/** What the form's templates draw from. */
export interface FormContext {
  s: Strings;
  /** The fields the form asks for. */
  fields: readonly ActiveField[];
  /** The visitor's entries. */
  values: Values;
  /** The message an input shows now ('' for none). */
  message: (name: string) => string;
  send: Send;
  /** A failed send's sentence: what happened and what to do. */
  failure: string;
  /** The connection broke off (else a timeout): why the outcome of a send is unknown. */
  dropped: boolean;
  onInput: (e: Event) => void;
  onSubmit: (e: Event) => void;
  /** The hidden field only a bot fills in. */
  onHoneypot: (value: string) => void;
}

/** Text as a grey bar of its own length in a ghost (the skeleton), else the text. */
const bone = (text: string, ghost: boolean) =>
  ghost ? html`<span class="bone">${text}</span>` : text;

// A plain `.checked` binding, no `live()`: every change of a box updates `values`, so the last
// rendered state always is the DOM's; and a reset (send another, a new expose) renders a new form.
function renderField(
  c: FormContext,
  def: FieldDef,
  required: boolean,
  ghost: boolean,
): TemplateResult {
  const s = c.s;
  const { name, kind } = def;
  // A ghost (the skeleton, the reserved height) has no ids, names or values of its own.
  const label = bone(s.labels[name], ghost);
  const v = ghost ? undefined : c.values[name];
  if (kind === 'bool') {
    return html`<div class="field check" part="field">
      <label
        ><input
          type="checkbox"
          part="input"
          name=${ghost ? nothing : name}
          tabindex=${ghost ? -1 : nothing}
          ?checked=${v === true}
          ${checked(v === true)}
          @change=${c.onInput}
        /><span>${label}</span></label
      >
    </div>`;
  }
  const value = typeof v === 'string' ? v : '';
  const message = ghost ? '' : c.message(name);
  const view = { name, label, required, ghost, message, onInput: c.onInput };
  if (kind === 'select') {
    const options = SALUTATIONS.map((x) => ({ value: x, label: s.salutations[x] }));
    return field(view, { kind, value, empty: s.salutationNone, options });
  }
  if (kind === 'area') return field(view, { kind, value });
  const type = kind === 'email' || kind === 'tel' ? kind : 'text';
  const inputmode = kind === 'int' ? 'numeric' : undefined;
  return field(view, { kind: 'input', value, type, autocomplete: def.ac, inputmode });
}

/** The address group: its four parts in two rows. */
function renderAddress(
  c: FormContext,
  parts: FieldDef[],
  required: boolean,
  ghost: boolean,
): TemplateResult {
  const row = (i: number) =>
    html`<div class="row">
      ${parts.slice(i, i + 2).map((p) => renderField(c, p, required, ghost))}
    </div>`;
  return html`<fieldset part="field">
    <legend part="label">${bone(c.s.address, ghost)}${required ? REQUIRED_MARK : nothing}</legend>
    ${row(0)}${row(2)}
  </fieldset>`;
}

/**
 * The form of the context's fields; as a ghost (the skeleton while loading, and the hidden
 * copy that keeps the element's height afterwards): no ids, names, values or handlers that
 * count, its text in grey bars. `slot`: the skeleton holds the consent slot (the partner's
 * text gives it its height); the kept copy does not (the form has it).
 */
function renderForm(c: FormContext, ghost: boolean, slot = true): TemplateResult {
  const s = c.s;
  const consentMsg = ghost ? '' : c.message(CONSENT);
  const consent = slot
    ? html`<slot name="consent">${bone(s.consent, ghost)}</slot>`
    : bone(s.consent, ghost);
  const box = !ghost && c.values[CONSENT] === true;
  const body = html`<p class="note">${bone(s.requiredNote, ghost)}</p>
    ${c.fields.map(({ field: f, required }) =>
      f.parts ? renderAddress(c, f.parts, required, ghost) : renderField(c, f, required, ghost),
    )}
    <div class="field check" part="field">
      <label>
        <input
          type="checkbox"
          part="input"
          name=${ghost ? nothing : CONSENT}
          tabindex=${ghost ? -1 : nothing}
          required
          ?checked=${box}
          ${checked(box)}
          aria-invalid=${ariaBool(consentMsg)}
          aria-describedby=${describedBy('consent', '', consentMsg)}
          @change=${c.onInput}
        />
        <span>${consent}${REQUIRED_MARK}</span>
      </label>
      ${messageLine('consent', consentMsg, ghost)}
    </div>
    ${
      ghost
        ? html`<button type="button" tabindex="-1" part="submit">${bone(s.send, true)}</button>`
        : formEnd(c)
    }`;
  // A ghost is no form (tests and scripts that look for the form find the real one only).
  return ghost
    ? html`<div class="form">${body}</div>`
    : html`<form
        part="form"
        novalidate
        aria-busy=${ariaBool(c.send === 'sending')}
        @submit=${c.onSubmit}
      >
        ${body}
      </form>`;
}

/** The hidden field for bots, the box of a failed or unknown send, and the submit button. */
function formEnd(c: FormContext): TemplateResult {
  const { s, send } = c;
  const busy = send === 'sending';
  return html`<div class="sr" aria-hidden="true">
      <label for="f-hp">${s.honeypot}</label>
      <input
        id="f-hp"
        name="immo_website"
        type="text"
        tabindex="-1"
        autocomplete="off"
        @input=${(e: Event) => c.onHoneypot((e.target as HTMLInputElement).value)}
      />
    </div>
    ${
      send === 'failed'
        ? html`<div class="status error" part="error" role="alert">
            <p>${s.sendError}</p>
            <p>${c.failure}</p>
          </div>`
        : send === 'unknown'
          ? html`<div class="status error" part="error" role="alert">
              <p>${s.maybeSent}</p>
              <p>${c.dropped ? s.maybeSentDropped : s.maybeSentTimeout} ${s.maybeSentHelp}</p>
            </div>`
          : nothing
    }
    <button type="submit" part="submit" aria-disabled=${ariaBool(busy)}>
      ${
        busy
          ? s.sending
          : send === 'failed'
            ? s.resend
            : send === 'unknown'
              ? s.resendAnyway
              : s.send
      }
    </button>`;
}

/** The context of a ghost: the shapes of `fields`, nothing of the visitor's. */
const ghostOf = (s: Strings, fields: readonly ActiveField[]): FormContext => ({
  s,
  fields,
  values: {},
  message: () => '',
  send: 'idle',
  failure: '',
  dropped: false,
  onInput: () => {},
  onSubmit: () => {},
  onHoneypot: () => {},
});

/**
 * The listing's title, shortened (`clip`) and cut to two lines by CSS: the tooltip shows what
 * the lines cut off; the text itself stays in the accessibility tree whole.
 */
function title(text: string): TemplateResult {
  const t = clip(text);
  return html`<p part="expose-title" class="title" title=${t || nothing}>${t}</p>`;
}

/** The listing's title and its form. */
export const form = (c: FormContext, expose: string): TemplateResult =>
  html`${title(expose)}${renderForm(c, false)}`;

/**
 * While the listing loads: the loading sentence for screen readers only (role=status), and
 * the skeleton in the shapes of the expected form (`fields`, fields.ts expectedFields).
 */
export function loading(s: Strings, fields: readonly ActiveField[]): TemplateResult {
  return html`<p class="sr" part="status" role="status">${s.loading}</p>
    <div part="skeleton" aria-hidden="true" inert>
      <p class="title">${bone(s.loading, true)}</p>
      ${renderForm(ghostOf(s, fields), true)}
    </div>`;
}

/**
 * An outcome after the load (a form, an error, not found, no online contact) keeps at least
 * the skeleton's height: a hidden copy of the skeleton's form (`fields`) shares its grid cell,
 * so nothing under the element moves up when a shorter outcome replaces the skeleton.
 */
export function kept(
  outcome: TemplateResult,
  s: Strings,
  fields: readonly ActiveField[],
): TemplateResult {
  return html`<div class="stack">
    <div>${outcome}</div>
    <div class="kept" part="skeleton" aria-hidden="true" inert>
      <p class="title"></p>
      ${renderForm(ghostOf(s, fields), true, false)}
    </div>
  </div>`;
}

/**
 * A sentence instead of the form keeps the form's frame under it (src/shared/styles.ts, .said):
 * the skeleton's shapes (`fields`), still and fading, in the height the element keeps.
 */
function said(box: TemplateResult, s: Strings, fields: readonly ActiveField[]): TemplateResult {
  return html`<div class="said">
    ${box}
    <div class="ghost" part="skeleton" aria-hidden="true" inert>
      ${renderForm(ghostOf(s, fields), true, false)}
    </div>
  </div>`;
}

/** The listing does not exist (any more). */
export const notFound = (s: Strings, fields: readonly ActiveField[]) =>
  said(
    html`<div class="status error" part="error" tabindex="-1"><p>${s.notFound}</p></div>`,
    s,
    fields,
  );

/** The load failed: what happened (`reason`), and the retry button. */
export const loadFailed = (
  s: Strings,
  fields: readonly ActiveField[],
  reason: string,
  onRetry: () => void,
) =>
  said(
    html`<div class="status error" part="error" role="alert">
      <p>${s.loadError}</p>
      <p>${reason}</p>
      <button type="button" class="secondary" part="retry" @click=${onRetry}>${s.retry}</button>
    </div>`,
    s,
    fields,
  );

/** The realtor cannot be contacted online; the partner's `unavailable` slot says how else. */
export const unavailable = (s: Strings, fields: readonly ActiveField[]) =>
  said(
    html`<div class="status" part="unavailable" tabindex="-1">
      <p>${s.unavailable}</p>
      <slot name="unavailable"></slot>
    </div>`,
    s,
    fields,
  );

/** The request was sent, and a button to send another. */
export const sent = (s: Strings, fields: readonly ActiveField[], onAgain: () => void) =>
  said(
    html`<div class="status success" part="status" tabindex="-1">
      <p>${s.sent}</p>
      <button type="button" class="secondary" @click=${onAgain}>${s.sendAnother}</button>
    </div>`,
    s,
    fields,
  );
