/**
 * `<geo-autocomplete multiple>`: several places in one field, loaded by the element the first
 * time `multiple` is set. The places themselves are the element's value model
 * (selection.ts); this controller renders them as chips, gives the chips their keys,
 * announces additions and removals and looks up the labels of places set by id.
 *
 * The chips are a labelled list (`role=list`, "Gewählte Orte"), each item the place's name
 * and a remove button named after it ("Kreuzberg entfernen"). Not a grid: a chip has one
 * action, so a grid's cells would add a second stop per chip and nothing to do there, while
 * a list is announced with its size in every screen reader and browse mode reaches each
 * button. The buttons stay out of the Tab sequence (tabindex -1: one tab stop for the
 * field, as Gmail's recipients and MUI's chips do); the keys reach them from the text: ← at
 * the start of the text or Backspace in the empty text (which selects the last chip), then
 * ←/→, Home/End between chips, → past the last and Escape back to the text, Delete,
 * Backspace, Enter or Space remove a chip and the focus goes to the next chip or the text.
 */
import { css, html, type ReactiveController, type ReactiveElement } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { ApiError, GeoEntity, GeoSuggestion } from '../../api/index.js';
import { langOf, localized } from '../../shared/i18n.js';
import { clip } from '../../shared/text.js';
import type { Announcer } from '../../shared/announce.js';
import { GeoRemoveEvent } from './remove-event.js';
import type { Selection } from './selection.js';

/**
 * The strings of several places, German here; English in strings.en.ts (`multiple`), loaded
 * with the element's English table. The element adds this table to its LocalizeController,
 * so an English render waits for it.
 */
const de = {
  chips: 'Gewählte Orte',
  remove: (l: string) => `${l} entfernen`,
  places: (n: number, max?: number) =>
    max
      ? `${n} von ${max} Orten gewählt`
      : n === 1
        ? '1 Ort gewählt'
        : n
          ? `${n} Orte gewählt`
          : 'kein Ort gewählt',
  added: (l: string, count: string) => `${l} hinzugefügt, ${count}`,
  removed: (l: string, count: string) => `${l} entfernt, ${count}`,
  full: (n: number) => (n === 1 ? 'Höchstens 1 Ort' : `Höchstens ${n} Orte`),
  missing: 'Bitte mindestens einen Ort wählen.',
};
export type MultipleStrings = typeof de;
export const STRINGS = localized(de, () =>
  import('./strings.en.js').then((m) => ({ default: m.multiple })),
);

/** The chips' styles, added to the element's shadow root. */
export const styles = css`
  :host([multiple]) .field {
    flex-wrap: wrap;
    align-items: center;
    gap: 4px;
    min-height: var(--immo-geo-autocomplete-height, 44px);
    padding: 4px 40px 4px 4px;
    background: var(--_immo-field);
    border: 1px solid var(--_immo-border);
    border-radius: var(--_immo-radius);
  }
  :host([multiple]) .field:focus-within {
    outline: 2px solid var(--_immo-accent);
    outline-offset: 1px;
    box-shadow: var(--_immo-focus-ring);
  }
  :host([multiple]) .field:has([aria-invalid='true']) {
    border-color: var(--_immo-error);
  }
  :host([multiple]) input {
    flex: 1 0 8em;
    height: calc(var(--immo-geo-autocomplete-height, 44px) - 10px);
    min-height: 0;
    padding: 0 6px;
    border: 0;
    background: none;
    outline: 0;
    box-shadow: none;
  }
  [part~='chips'] {
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
    min-width: 0;
    max-width: 100%;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  [part~='chips'][hidden] {
    display: none;
  }
  [part~='chip'] {
    display: inline-flex;
    align-items: center;
    min-width: 0;
    max-width: 100%;
    min-height: 32px;
    padding-inline-start: 10px;
    border: 1px solid transparent;
    border-radius: calc(var(--_immo-radius) - 2px);
    background: var(--_immo-active);
  }
  [part~='chip']:focus-within {
    background: var(--_immo-accent);
    color: var(--_immo-on-accent);
    outline: 2px solid var(--_immo-accent);
    outline-offset: 2px;
  }
  [part~='chip-label'] {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  [part~='chip-remove'] {
    flex: none;
    width: 32px;
    height: 30px;
    padding: 0;
    border: 0;
    background: none;
    font-size: 20px;
  }
  [part~='chip-remove']:focus-visible {
    outline: 0;
    box-shadow: none;
  }
  :host([multiple]) [role='option'] {
    position: relative;
  }
  :host([multiple]) [aria-selected='true'] {
    background: none;
    outline: 0;
  }
  :host([multiple]) [role='option'].active {
    background: var(--_immo-active);
    outline: 2px solid var(--_immo-accent);
    outline-offset: -2px;
  }
  :host([multiple]) [aria-selected='true']::before {
    content: '';
    position: absolute;
    inset-inline-start: 16px;
    top: 50%;
    width: 5px;
    height: 10px;
    border: solid currentColor;
    border-width: 0 2px 2px 0;
    transform: translateY(-65%) rotate(45deg);
  }
  :host([multiple]) [aria-disabled='true'] {
    color: var(--_immo-muted);
    cursor: not-allowed;
  }
`;

/** What the element lends the controller besides its value model. */
export interface MultipleParts {
  /** The element's value model: the places chosen. */
  sel: Selection;
  /** The element's live region. */
  say: Announcer;
  /**
   * A visitor added a place: its `geo-select`, at once, or with `resolve` once its record is
   * there (null: the lookup was aborted).
   */
  added(s: GeoSuggestion, signal: AbortSignal): Event | Promise<Event | null>;
  /** The record of a place set by id, for its label. */
  label(id: string, signal: AbortSignal): Promise<GeoEntity>;
  /** Reports a failed label lookup (`request-failed`) and shows it. */
  failed(err: ApiError): void;
  /** Closes the popup (the focus goes into the chips). */
  close(): void;
  /** Places the popup again when it is open (the field grew or shrank). */
  place(): void;
}

/** The chips, their keys, announcements, and the labels of places set by id. */
export class Multiple implements ReactiveController {
  readonly #el: ReactiveElement;
  readonly #p: MultipleParts;
  /** Ids whose label is being or was looked up, and those whose lookup failed. */
  readonly #asked = new Set<string>();
  readonly #failed = new Set<string>();
  #ac = new AbortController();
  /** The field a click beside the chips is listened to on. */
  #field?: Element;
  /** The chips as last rendered (the popup is placed again when they change). */
  #shown = '';
  /** The events of a visitor's changes, in order: an addition with `resolve` waits for its record. */
  #queue: Promise<void> | null = null;

  constructor(el: ReactiveElement, parts: MultipleParts) {
    this.#el = el;
    this.#p = parts;
    el.addController(this);
    el.requestUpdate();
  }

  get #strings(): MultipleStrings {
    return STRINGS[langOf(this.#el)];
  }

  /** The place is chosen. */
  has(s: GeoSuggestion): boolean {
    return this.#p.sel.has(s);
  }

  /** The list offers the place no more: at `max`, only chosen places can be chosen (to remove them). */
  blocks(s: GeoSuggestion): boolean {
    return this.#p.sel.full && !this.has(s);
  }

  /** What the text field says at the limit ('' below it). */
  full(): string {
    return this.#p.sel.full ? this.#strings.full(this.#p.sel.max) : '';
  }

  /** What the field says when `required` and no place is chosen. */
  missing(): string {
    return this.#strings.missing;
  }

  get #input(): HTMLInputElement | null {
    return this.#el.renderRoot.querySelector('input');
  }

  #buttons(): HTMLButtonElement[] {
    return [...this.#el.renderRoot.querySelectorAll<HTMLButtonElement>('[part~=chip-remove]')];
  }

  #count(t: MultipleStrings, n: number): string {
    const max = this.#p.sel.max;
    return t.places(n, max > 0 ? max : undefined);
  }

  /** A visitor chose a place in the list: added, or removed when it was chosen; the list stays open. */
  toggle(s: GeoSuggestion): void {
    const { sel, say } = this.#p;
    const t = this.#strings;
    const r = sel.toggle(s);
    if ('full' in r) return say.say(t.full(sel.max));
    if ('removed' in r) return this.#removed(r.removed);
    say.say(t.added(clip(s.entity.label), this.#count(t, sel.count)));
    this.#emit(this.#p.added(s, this.#ac.signal));
  }

  /**
   * Removes the place at `i`. `focus`: the chip's button it was removed by (the focus goes to
   * the next chip, or the text), 'text' (a pointer: the text).
   */
  #remove(i: number, focus: HTMLElement | 'text'): void {
    // Focus moves before the chip goes, so that it never falls back to the page.
    if (this.#p.sel.selections[i])
      (focus === 'text' ? this.#input : (this.#buttons()[i + 1] ?? this.#input))?.focus();
    const r = this.#p.sel.remove(i);
    if (r) this.#removed(r.removed);
  }

  #removed(s: GeoSuggestion): void {
    const t = this.#strings;
    this.#p.say.say(
      t.removed(clip(s.entity.label || s.entity.id), this.#count(t, this.#p.sel.count)),
    );
    this.#emit(new GeoRemoveEvent(s));
  }

  /** Fires a change's events now, or after the earlier changes' (an addition waiting for its record). */
  #emit(e: Event | Promise<Event | null>): void {
    if (!(e instanceof Promise) && !this.#queue) return this.#fire(e);
    const q: Promise<void> = (this.#queue ?? Promise.resolve())
      .then(() => e)
      .then((r) => {
        if (r) this.#fire(r);
        if (this.#queue === q) this.#queue = null;
      });
    this.#queue = q;
  }

  /** The change's own event, then the ones the value model says follow it (the element dispatches them). */
  #fire(e: Event): void {
    this.#el.dispatchEvent(e);
    this.#p.sel.fire();
  }

  /** The text box's keys: ← at the start of the text and Backspace in the empty text go to the last chip. */
  keydown(e: KeyboardEvent): boolean {
    const input = e.target as HTMLInputElement;
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return false;
    const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
    if (!((e.key === 'Backspace' && !input.value) || (e.key === 'ArrowLeft' && atStart)))
      return false;
    const last = this.#buttons().at(-1);
    if (!last) return false;
    e.preventDefault();
    this.#p.close();
    last.focus();
    return true;
  }

  readonly #onChipKey = (e: KeyboardEvent): void => {
    const b = this.#buttons();
    const i = b.indexOf(e.target as HTMLButtonElement);
    if (i < 0 || e.altKey || e.ctrlKey || e.metaKey) return;
    const to = (j: number) => b[j]?.focus();
    switch (e.key) {
      case 'ArrowLeft':
        to(Math.max(0, i - 1));
        break;
      case 'ArrowRight':
        if (i < b.length - 1) to(i + 1);
        else this.#input?.focus();
        break;
      case 'Home':
        to(0);
        break;
      case 'End':
        to(b.length - 1);
        break;
      case 'Escape':
        this.#input?.focus();
        break;
      case 'Delete':
      case 'Backspace':
        this.#remove(i, b[i]!);
        break;
      default:
        return;
    }
    e.preventDefault();
  };

  /** The remove button (Enter and Space click it too: `detail` 0, the focus goes on as with Delete). */
  readonly #onChipClick = (e: MouseEvent): void => {
    const b = this.#buttons();
    const i = b.indexOf((e.target as Element).closest('button')!);
    if (i >= 0) this.#remove(i, e.detail ? 'text' : b[i]!);
  };

  /** A click into the field beside the chips and the text puts the caret in the text. */
  readonly #onFieldDown = (e: PointerEvent): void => {
    const t = e.target as Element;
    if (t.closest('button, input') || e.button) return;
    e.preventDefault();
    this.#input?.focus();
  };

  hostConnected(): void {
    const root = this.#el.renderRoot as ShadowRoot;
    const sheet = styles.styleSheet;
    if (sheet && !root.adoptedStyleSheets.includes(sheet))
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }

  hostDisconnected(): void {
    this.#ac.abort();
    this.#ac = new AbortController();
    // (looked up again when the element comes back)
    for (const id of this.#asked) if (!this.#failed.has(id)) this.#asked.delete(id);
  }

  hostUpdated(): void {
    if (!this.#p.sel.multiple) return;
    const field = this.#el.renderRoot.querySelector('.field');
    if (field && field !== this.#field) {
      this.#field = field;
      field.addEventListener('pointerdown', this.#onFieldDown as EventListener);
    }
    const list = this.#p.sel.selections;
    const shown = JSON.stringify([
      list.map((s) => [s.entity.id, s.entity.label]),
      [...this.#failed],
    ]);
    if (shown !== this.#shown) {
      if (this.#shown) this.#p.place();
      this.#shown = shown;
    }
    this.#lookUp(list);
  }

  /**
   * The chip list, rendered by the element before its text box. `disabled`: the text box's
   * state (a disabled fieldset sets it too); `focusOut`: the element's (leaving it commits).
   */
  render(disabled: boolean, focusOut: (e: FocusEvent) => void): unknown {
    const t = this.#strings;
    const list = this.#p.sel.selections;
    // Text only, never HTML. An unknown label shows "…" while it is looked up, the id if that failed.
    const name = (s: GeoSuggestion) =>
      clip(s.entity.label || (this.#failed.has(s.entity.id) ? s.entity.id : '…'));
    // (role=list: list-style:none takes the role away in WebKit)
    return html`<ul
      role="list"
      part="chips"
      aria-label=${t.chips}
      ?hidden=${!list.length}
      @keydown=${this.#onChipKey}
      @click=${this.#onChipClick}
      @focusout=${focusOut}
    >
      ${repeat(
        list,
        (s) => s.entity.id,
        (s) =>
          html`<li part="chip" ?aria-busy=${name(s) === '…'}>
            <span part="chip-label">${name(s)}</span
            ><button
              type="button"
              tabindex="-1"
              part="chip-remove"
              aria-label=${t.remove(name(s))}
              ?disabled=${disabled}
            >
              ×
            </button>
          </li>`,
      )}
    </ul>`;
  }

  /** Looks up the labels of places set by id (`values`, `value`, a reset), as `value` alone does. */
  #lookUp(list: GeoSuggestion[]): void {
    const todo = list
      .filter((s) => !s.entity.label && !this.#asked.has(s.entity.id))
      .map((s) => s.entity.id);
    if (!todo.length) return;
    for (const id of todo) this.#asked.add(id);
    const signal = this.#ac.signal;
    void Promise.all(
      todo.map((id) => this.#p.label(id, signal).catch((err: ApiError) => err)),
    ).then((found) => {
      if (signal.aborted) return;
      let error: ApiError | undefined;
      found.forEach((r, k) => {
        if (r instanceof Error) {
          this.#failed.add(todo[k]!);
          error ??= r;
        } else this.#p.sel.labelled(todo[k]!, r.label, r.type);
      });
      if (error) this.#p.failed(error);
      this.#el.requestUpdate();
    });
  }
}
