import { html, nothing, type TemplateResult } from 'lit';

/*
 * One form field as contact-realtor and property-text draw it: a label, the control (an
 * input, a select or a textarea), a hint and the line of its message, tied together the same
 * way in both. In the element's shadow root the control is `f-<name>`, its hint `h-<name>`
 * and its message `e-<name>`; the control is `aria-invalid` while a message shows and
 * described by the hint and the message (`aria-describedby`, none when there is neither).
 * The message line is always there (empty without a message), so a message that appears
 * fills a line the layout already has. And {@link problemOf}: when a field's problem shows.
 */

/** What the form knows of its fields' problems, for {@link problemOf}. */
export interface FormProblems<P extends string> {
  /** Each field's own problem as the values are now ('' or none: the value can be sent). */
  problems: Readonly<Record<string, P | '' | undefined>>;
  /** The visitor asked to send: every field's problem shows. */
  submitted: boolean;
  /** Fields the visitor has left with a value (a committed entry): their problem shows. */
  touched?: ReadonlySet<string>;
  /** Problems that show while the visitor types, before any submit (a text grown too long). */
  atOnce?: readonly P[];
  /** Fields the service refused: `refused` shows until the field's own problem does. */
  refused?: readonly string[];
}

/**
 * The problem a field shows, or undefined: its own once the form was submitted, the field was
 * left, or the problem is one that shows at once (a problem not yet shown stays quiet, as a
 * visitor still typing an address is not told it is invalid); else `refused` while the
 * service's refusal of it stands.
 */
export function problemOf<P extends string>(
  name: string,
  form: FormProblems<P>,
): P | 'refused' | undefined {
  const own = form.problems[name];
  if (own) {
    const shows = form.submitted || form.touched?.has(name) || form.atOnce?.includes(own);
    return shows ? own : undefined;
  }
  return form.refused?.includes(name) ? 'refused' : undefined;
}

/** How one field is drawn. */
export interface FieldView {
  /** The control's name (in the form's data and the draft), and its ids' stem. */
  name: string;
  /** The label's text. */
  label: unknown;
  /** Required: the control's `required` and an asterisk after the label (hidden from the ear). */
  required?: boolean;
  /** A sentence under the control that says what to enter. */
  hint?: string;
  /** The problem shown, '' or undefined for none. */
  message?: string;
  /** A skeleton's copy: no ids, names or values, out of the tab order. */
  ghost?: boolean;
  /** Classes of the field besides `field`. */
  class?: string;
  /** Listens to the visitor's entries (`input`; `change` of a select); none where the form listens. */
  onInput?: (e: Event) => void;
}

/** A select's option. */
export interface Option {
  value: string;
  label: string;
  /** A tooltip: the text of an option a closed select cuts. */
  title?: string;
}

/** The control of a field. */
export type Control =
  | {
      kind: 'input';
      value: string;
      type?: 'text' | 'email' | 'tel';
      inputmode?: string;
      autocomplete?: string;
    }
  | { kind: 'area'; value: string }
  | { kind: 'select'; value: string; empty: string; options: readonly Option[] };

/** The asterisk after the label of a required field (hidden: `required` itself is announced). */
export const REQUIRED_MARK = html`<span class="req" aria-hidden="true"> *</span>`;

/** ARIA's boolean attribute values. */
export const ariaBool = (on: unknown): 'true' | 'false' => (on ? 'true' : 'false');

/** The ids that describe a control: its hint's and its message's. */
export function describedBy(
  name: string,
  hint?: string,
  message?: string,
): string | typeof nothing {
  return [hint ? `h-${name}` : '', message ? `e-${name}` : ''].filter(Boolean).join(' ') || nothing;
}

/** The line of a field's (or a group's) message, `e-<name>`; empty without one. */
export function messageLine(name: string, message = '', ghost = false): TemplateResult {
  const id = ghost ? nothing : `e-${name}`;
  return html`<span class="msg" id=${id} part="error-message">${message}</span>`;
}

/** One choice of a select: its text is the label alone, as `option.text` and tests read it. */
const option = (o: Option, on: boolean) =>
  html`<option value=${o.value} title=${o.title ?? nothing} ?selected=${on}>${o.label}</option>`;

function control(v: FieldView, c: Control): TemplateResult {
  const id = v.ghost ? nothing : `f-${v.name}`;
  const name = v.ghost ? nothing : v.name;
  const tab = v.ghost ? -1 : nothing;
  const value = v.ghost ? '' : c.value;
  const invalid = ariaBool(v.message);
  const described = describedBy(v.name, v.hint, v.message);
  // Plain `.value` bindings, no live(): every entry reaches the element's state at once (input
  // and change events), so the value rendered last is the control's.
  if (c.kind === 'select')
    return html`<select
      id=${id}
      name=${name}
      tabindex=${tab}
      part="input"
      ?required=${!!v.required}
      aria-invalid=${invalid}
      aria-describedby=${described}
      @change=${v.onInput}
    >
      <option value="" ?selected=${!value}>${c.empty}</option>
      ${c.options.map((o) => option(o, value === o.value))}
    </select>`;
  if (c.kind === 'area')
    return html`<textarea
      id=${id}
      name=${name}
      tabindex=${tab}
      part="input"
      ?required=${!!v.required}
      aria-invalid=${invalid}
      aria-describedby=${described}
      .value=${value}
      @input=${v.onInput}
    ></textarea>`;
  return html`<input
    id=${id}
    name=${name}
    tabindex=${tab}
    part="input"
    type=${c.type ?? 'text'}
    autocomplete=${c.autocomplete ?? nothing}
    inputmode=${c.inputmode ?? nothing}
    ?required=${!!v.required}
    aria-invalid=${invalid}
    aria-describedby=${described}
    .value=${value}
    @input=${v.onInput}
  />`;
}

/** One field: label, control, hint and message line. */
export function field(v: FieldView, c: Control): TemplateResult {
  const hint = v.hint && !v.ghost ? v.hint : '';
  return html`<div class=${v.class ? `field ${v.class}` : 'field'} part="field">
    <label for=${v.ghost ? nothing : `f-${v.name}`} part="label"
      >${v.label}${v.required ? REQUIRED_MARK : nothing}</label
    >
    ${control({ ...v, hint }, c)}
    ${hint ? html`<span class="hint" id="h-${v.name}">${hint}</span>` : nothing}
    ${messageLine(v.name, v.ghost ? '' : v.message, v.ghost)}
  </div>`;
}
