import { LitElement } from 'lit';

/** What a form-associated element submits, and the state a restore hands back. */
export interface FormValue {
  /** Submitted with the form (null: nothing). A FormData submits several entries. */
  value: string | File | FormData | null;
  /** Given back to `formStateRestoreCallback` (session restore, back/forward cache); default `value`. */
  state?: string | File | FormData | null;
}

/**
 * The FormData of a control that submits several entries: one per value under its name, in
 * the order given (an array gives several entries under one name, as `<select multiple>`
 * does; an empty array none).
 */
export function formData(entries: [name: string, values: string | readonly string[]][]): FormData {
  const fd = new FormData();
  for (const [name, values] of entries)
    for (const v of typeof values === 'string' ? [values] : values) fd.append(name, v);
  return fd;
}

/** A failed constraint: the flags and the sentence the browser shows. */
export interface FormInvalid {
  flags: ValidityStateFlags;
  message: string;
}

/**
 * Fired when a form control's validity changes after its first render (bubbles, composed):
 * a framework that keeps its own form state (Angular's `Validators`, a React or Vue form
 * library) re-reads `valid` here, also when no `input` event fires (text typed into a
 * `must-pick` field). The native flow is there too: `checkValidity()`/`reportValidity()`
 * and the form's submit fire `invalid` on the element.
 */
export class ValidityChangeEvent extends Event {
  static readonly eventName = 'validity-change';
  constructor(
    /** Whether the control is valid now. */
    readonly valid: boolean,
    /** The browser's sentence for the failed constraint ('' when valid). */
    readonly validationMessage: string,
  ) {
    super(ValidityChangeEvent.eventName, { bubbles: true, composed: true });
  }
}

declare global {
  interface HTMLElementEventMap {
    'validity-change': ValidityChangeEvent;
  }
  // Bubbling and composed: listeners on the document and the window get these events too.
  interface DocumentEventMap {
    'validity-change': ValidityChangeEvent;
  }
  interface WindowEventMap {
    'validity-change': ValidityChangeEvent;
  }
}

/** A form value or state as a list to compare: its strings and files, a FormData's entries in order. */
function parts(v: string | File | FormData | null | undefined): unknown[] {
  if (v instanceof FormData) return [...v].flat();
  return [v ?? null];
}

/** Whether two lists differ (by identity, item by item). */
function changed(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length !== b.length || a.some((x, i) => x !== b[i]);
}

/**
 * The one form-associated base of the elements (after Material Web's form-associated
 * behaviour): `formAssociated`, `ElementInternals`, the native control API (`form`,
 * `labels`, `validity`, `validationMessage`, `willValidate`, `checkValidity()`,
 * `reportValidity()`, `setCustomValidity()`), the form value and validity checked after
 * every render and written when they change, with the validity anchored to the inner control (so the browser's bubble
 * points at the text box), `validity-change`, and a disabled `<fieldset>` ({@link isDisabled}).
 *
 * A subclass says what it submits ({@link formValue}), what makes it invalid
 * ({@link formInvalid}) and which inner element is the anchor ({@link formAnchor}), and
 * implements `formResetCallback` and `formStateRestoreCallback` (what a reset and a
 * restore mean is the element's own). Call {@link syncForm} where the value changes in
 * the middle of a task (a pick), so that `input`/`change` listeners and a submit in the
 * same task see the new form data, as with a native control.
 */
export abstract class FormControlElement extends LitElement {
  static formAssociated = true;

  /** The element's ElementInternals (form value, validity, states). */
  protected readonly internals: ElementInternals = this.attachInternals();
  #custom = '';
  #validKey: string | undefined;
  /** What was last written to the internals: the form value and state, the validity. */
  #written: { value: unknown[]; validity: unknown[] } = { value: [], validity: [] };

  /** Disables the control (a disabled `<fieldset>` around it disables it too, without changing this property, as with a native input). */
  abstract disabled: boolean;
  /** The browser's disabled state: `disabled`, or a disabled `<fieldset>` around the control. */
  #formDisabled = false;

  constructor() {
    super();
    this.addController({ hostUpdated: () => this.syncForm() });
  }

  /** What the form submits now. */
  protected abstract formValue(): FormValue;
  /** The failed constraint, or null when the value is valid (the custom error comes on top). */
  protected abstract formInvalid(): FormInvalid | null;
  /** The inner control the browser points at when the form is invalid. */
  protected abstract formAnchor(): HTMLElement | null | undefined;

  abstract formResetCallback(): void;
  abstract formStateRestoreCallback(state: unknown, mode: 'restore' | 'autocomplete'): void;

  /** A disabled `<fieldset>` around the control disables it, without changing `disabled` (as with a native input). */
  formDisabledCallback(disabled: boolean): void {
    // Kept apart from `disabled`: written into it (it reflects), the fieldset's state would
    // become the element's own attribute, and the control would stay disabled when the
    // fieldset is enabled again.
    this.#formDisabled = disabled;
    this.requestUpdate();
  }

  /** Whether the control is disabled now: by `disabled` or by a disabled `<fieldset>` around it (what to render). */
  protected get isDisabled(): boolean {
    return this.disabled || this.#formDisabled;
  }

  /** The owning form. */
  get form(): HTMLFormElement | null {
    return this.internals.form;
  }
  /** The `<label>` elements that label the control. */
  get labels(): NodeList {
    return this.internals.labels;
  }
  get validity(): ValidityState {
    return this.internals.validity;
  }
  get validationMessage(): string {
    return this.internals.validationMessage;
  }
  get willValidate(): boolean {
    return this.internals.willValidate;
  }
  checkValidity(): boolean {
    return this.internals.checkValidity();
  }
  reportValidity(): boolean {
    return this.internals.reportValidity();
  }
  /** Like an input's: a non-empty message makes the control invalid until it is cleared. */
  setCustomValidity(message: string): void {
    this.#custom = String(message ?? '');
    this.syncForm();
  }

  /**
   * Writes the form value and the validity now (checked after every render anyway). Each is
   * written only when it differs from what was written last: a write makes the browser match
   * the host's `:valid`/`:invalid` again, a style recalculation of the element per render.
   */
  protected syncForm(): void {
    const { value, state } = this.formValue();
    const st = state === undefined ? value : state;
    const v = [...parts(value), '|', ...parts(st)];
    if (changed(this.#written.value, v)) {
      this.#written.value = v;
      this.internals.setFormValue(value, st);
    }
    const bad = this.formInvalid();
    const anchor = this.formAnchor() ?? undefined;
    const flags = bad ? bad.flags : this.#custom ? { customError: true } : null;
    const message = bad ? bad.message : this.#custom;
    const w = flags
      ? [anchor, message, ...Object.entries(flags).flatMap(([k, on]) => (on ? [k] : []))]
      : [];
    if (changed(this.#written.validity, w) || (!flags && !this.internals.validity.valid)) {
      this.#written.validity = w;
      if (flags) this.internals.setValidity(flags, message, anchor);
      else this.internals.setValidity({});
    }
    const key = this.internals.validity.valid ? '' : `!${this.internals.validationMessage}`;
    const before = this.#validKey;
    this.#validKey = key;
    if (before !== undefined && before !== key) {
      this.dispatchEvent(new ValidityChangeEvent(!key, this.internals.validationMessage));
    }
  }
}
