/**
 * The markup of geo-autocomplete's field, a pure template (the element owns the state and
 * hands it a view): the label, the chips of `multiple`, the text box (role combobox), the
 * clear button, the hint, the popup the list renders and the live region.
 */
import { html, nothing } from 'lit';
import type { Strings } from './strings.js';

/** What the field shows and whom its events go to. */
export interface FieldView {
  strings: Strings;
  label: string;
  hint: string;
  text: string;
  placeholder: string;
  autocomplete: string;
  disabled: boolean;
  required: boolean;
  /** The text was typed, not picked, under `must-pick`. */
  invalid: boolean;
  expanded: boolean;
  busy: boolean;
  /** `multiple`'s chips (or nothing). */
  chips: unknown;
  /** The list's popup (`nothing` without one: the text box then controls no list). */
  popup: unknown;
  /** The live region. */
  region: unknown;
  onInput(e: InputEvent): void;
  onKeyDown(e: KeyboardEvent): void;
  onFocus(): void;
  onClick(): void;
  onCompositionStart(): void;
  onCompositionEnd(e: CompositionEvent): void;
  onFocusOut(e: FocusEvent): void;
  onClear(): void;
}

export function field(v: FieldView): unknown {
  const s = v.strings;
  return html`
    <label part="label" for="in">
      <slot name="label">${v.label || s.label}</slot>
    </label>
    <div class="field" part="field">
      ${v.chips}
      <input
        id="in"
        part="input"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-controls=${v.popup === nothing ? nothing : 'lb'}
        aria-describedby=${v.hint ? 'hint' : nothing}
        aria-expanded=${v.expanded}
        aria-invalid=${v.invalid}
        aria-busy=${v.busy}
        .value=${v.text}
        placeholder=${v.placeholder}
        ?disabled=${v.disabled}
        ?required=${v.required}
        autocomplete=${v.autocomplete}
        autocapitalize="off"
        autocorrect="off"
        spellcheck="false"
        enterkeyhint="search"
        @input=${v.onInput}
        @change=${(e: Event) => e.stopPropagation()}
        @keydown=${v.onKeyDown}
        @focus=${v.onFocus}
        @click=${v.onClick}
        @compositionstart=${v.onCompositionStart}
        @compositionend=${v.onCompositionEnd}
        @focusout=${v.onFocusOut}
      />
      ${
        v.text && !v.disabled
          ? html`<button
              class="clear"
              part="clear"
              type="button"
              aria-label=${s.clear}
              @click=${v.onClear}
              @focusout=${v.onFocusOut}
            >
              ×
            </button>`
          : nothing
      }
    </div>
    ${v.hint ? html`<div id="hint" part="hint">${v.hint}</div>` : nothing} ${v.popup} ${v.region}
  `;
}
