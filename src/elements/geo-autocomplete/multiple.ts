/**
 * `<geo-autocomplete multiple>`: several places in one field, loaded by the element the first
 * time `multiple` is set (a page that picks one place never loads it; scripts/build-dist.ts
 * builds it into dist/chunks/geo-multiple.js).
 *
 * It imports only the kernel's `localized` and `langOf` (from the runtime chunk;
 * immo-elements.js's self-contained copy, dist/chunks/self/geo-multiple.js, carries them) and
 * GeoRemoveEvent (remove-event.ts, which nothing else makes): what else it needs is the
 * element's, in geo-autocomplete.js or immo-elements.js, and importing it would put it in the
 * runtime or twice on the page. So the element hands it what it needs ({@link MultipleHost}),
 * the chips are a few DOM nodes kept by id (keyed, so the focus stays on the chip it was on
 * when another one goes, without Lit's `repeat`), and the styles are a constructed sheet
 * added to the element's shadow root.
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
import type { ReactiveController } from 'lit';
import type { ApiError, GeoEntity, GeoSuggestion } from '../../api/index.js';
import { langOf, localized } from '../../shared/i18n.js';
import { GeoRemoveEvent } from './remove-event.js';
import type { Announcer } from '../../shared/announce.js';
import type { GeoAutocomplete } from './geo-autocomplete.js';

/**
 * The strings of several places, German here and not in strings.ts (a page that picks one
 * place does not load them); English in strings.en.ts (`multiple`), loaded with the element's
 * English table. The element adds this table to its LocalizeController, so an English render
 * waits for it.
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

/** An addition's `geo-select`: the place, its record and why that failed (with `resolve`). */
type Added = [GeoSuggestion, GeoEntity | null, ApiError | null];

/** What the element lends the controller (closures over its private state). */
export interface MultipleHost {
  /** The element's live region. */
  say: Announcer;
  close(): void;
  /** Places the popup again when it is open (the field grew or shrank). */
  place(): void;
  /**
   * Sets the chosen places and `value` with them, without events. `added`: a visitor's pick,
   * so the text empties for the next place (a pending search for the old text is dropped) and
   * the place is remembered (`recent`).
   */
  choose(list: readonly GeoSuggestion[], added?: GeoSuggestion): void;
  /** The entity record of `id` (`geoData`: the `resolve` detail). */
  entity(
    id: string,
    geoData: GeoAutocomplete['resolve'] | undefined,
    signal: AbortSignal,
  ): Promise<GeoEntity>;
  /** Reports a failed entity lookup (`request-failed`), and shows it when `shown`. */
  failed(err: ApiError, shown: boolean): void;
  /** `geo-select` of an addition (its place, record and error) or the event given (`geo-remove`), then `input` and `change`. */
  fire(e: Event | Added): void;
  /** The element's focusout (a focus that leaves it commits and closes the list). */
  focusOut(e: FocusEvent): void;
}

// Lit keeps no CSS here: one rule a line, like the element's own sheet.
const CSS = `
:host([multiple]) .field{flex-wrap:wrap;align-items:center;gap:4px;min-height:var(--immo-geo-autocomplete-height,44px);padding:4px 40px 4px 4px;background:var(--_immo-field);border:1px solid var(--_immo-border);border-radius:var(--_immo-radius)}
:host([multiple]) .field:focus-within{outline:2px solid var(--_immo-accent);outline-offset:1px;box-shadow:var(--_immo-focus-ring)}
:host([multiple]) .field:has([aria-invalid=true]){border-color:var(--_immo-error)}
:host([multiple]) input{flex:1 0 8em;height:calc(var(--immo-geo-autocomplete-height,44px) - 10px);min-height:0;padding:0 6px;border:0;background:none;outline:0;box-shadow:none}
[part~=chips]{display:flex;flex-wrap:wrap;gap:4px;min-width:0;max-width:100%;margin:0;padding:0;list-style:none}
[part~=chips][hidden]{display:none}
[part~=chip]{display:inline-flex;align-items:center;min-width:0;max-width:100%;min-height:32px;padding-inline-start:10px;border:1px solid transparent;border-radius:calc(var(--_immo-radius) - 2px);background:var(--_immo-active)}
[part~=chip]:focus-within{background:var(--_immo-accent);color:var(--_immo-on-accent);outline:2px solid var(--_immo-accent);outline-offset:2px}
[part~=chip-label]{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
[part~=chip-remove]{flex:none;width:32px;height:30px;padding:0;border:0;background:none;font-size:20px}
[part~=chip-remove]:focus-visible{outline:0;box-shadow:none}
:host([multiple]) [role=option]{position:relative}
:host([multiple]) [aria-selected=true]{background:none;outline:0}
:host([multiple]) [role=option].active{background:var(--_immo-active);outline:2px solid var(--_immo-accent);outline-offset:-2px}
:host([multiple]) [aria-selected=true]::before{content:'';position:absolute;inset-inline-start:16px;top:50%;width:5px;height:10px;border:solid currentColor;border-width:0 2px 2px 0;transform:translateY(-65%) rotate(45deg)}
:host([multiple]) [aria-disabled=true]{color:var(--_immo-muted);cursor:not-allowed}
`;
let sheet: CSSStyleSheet | undefined;

/** The chips, their keys, additions and removals, and the labels of places set by id. */
export class Multiple implements ReactiveController {
  /** The chip list, rendered by the element before its text box. */
  readonly chips: HTMLUListElement = document.createElement('ul');
  readonly #el: GeoAutocomplete;
  readonly #h: MultipleHost;
  /** The chosen ids, as of the current render. */
  #ids = new Set<string>();
  /** What the chips show now (skips the DOM when a render changed nothing of theirs). */
  #shown = '';
  /** Ids whose label is being or was looked up, and those whose lookup failed. */
  readonly #asked = new Set<string>();
  readonly #failed = new Set<string>();
  #ac = new AbortController();
  /** The field a click beside the chips is listened to on. */
  #field?: Element;
  /** The events of a visitor's changes, in order: an addition with `resolve` waits for its record. */
  #queue: Promise<void> | null = null;

  constructor(el: GeoAutocomplete, host: MultipleHost) {
    this.#el = el;
    this.#h = host;
    const ul = this.chips;
    ul.setAttribute('role', 'list'); // (list-style:none takes the role away in WebKit)
    ul.setAttribute('part', 'chips');
    ul.addEventListener('keydown', this.#onChipKey);
    ul.addEventListener('click', this.#onChipClick);
    ul.addEventListener('focusout', (e) => host.focusOut(e));
    el.addController(this);
    el.requestUpdate();
  }

  /** The place is chosen. */
  has(s: GeoSuggestion): boolean {
    return this.#ids.has(s.entity.id);
  }

  /** The list offers the place no more: at `max`, only chosen places can be chosen (to remove them). */
  blocks(s: GeoSuggestion): boolean {
    return this.#full && !this.has(s);
  }

  /** What the text field says at the limit ('' below it). */
  full(): string {
    return this.#full ? this.#strings.full(this.#el.max) : '';
  }

  get #strings(): MultipleStrings {
    return STRINGS[langOf(this.#el)];
  }

  /** What the field says when `required` and no place is chosen. */
  missing(): string {
    return this.#strings.missing;
  }

  get #full(): boolean {
    return this.#el.max > 0 && this.#ids.size >= this.#el.max;
  }

  get #input(): HTMLInputElement | null {
    return this.#el.renderRoot.querySelector('input');
  }

  #buttons(): HTMLButtonElement[] {
    return [...this.chips.querySelectorAll('button')];
  }

  /** A visitor chose a place in the list: added, or removed when it was chosen; the list stays open. */
  toggle(s: GeoSuggestion): void {
    const h = this.#h;
    const list = this.#el.selections;
    const i = list.findIndex((c) => c.entity.id === s.entity.id);
    if (i >= 0) return this.#remove(i, null);
    const t = this.#strings;
    if (this.#full) return h.say.say(t.full(this.#el.max));
    h.choose([...list, s], s);
    h.say.say(t.added(s.entity.label, this.#count(t, list.length + 1)));
    const resolve = this.#el.resolve;
    // With `resolve`, geo-select carries the record (or why it failed), as for one place.
    this.#emit(
      resolve
        ? h.entity(s.entity.id, resolve, this.#ac.signal).then(
            (e): Added => [s, e, null],
            (err: ApiError): Added => {
              if (err.kind !== 'abort') h.failed(err, false);
              return [s, null, err];
            },
          )
        : [s, null, null],
    );
  }

  #count(t: MultipleStrings, n: number): string {
    return t.places(n, this.#el.max > 0 ? this.#el.max : undefined);
  }

  /**
   * Removes the place at `i`. `focus`: the chip's button it was removed by (the focus goes to
   * the next chip, or the text), 'text' (a pointer: the text), null (the list: stays).
   */
  #remove(i: number, focus: HTMLElement | 'text' | null): void {
    const h = this.#h;
    const list = this.#el.selections;
    const [s] = list.splice(i, 1);
    if (!s) return;
    // Focus moves before the chip goes, so that it never falls back to the page.
    if (focus) (focus === 'text' ? this.#input : (this.#buttons()[i + 1] ?? this.#input))?.focus();
    h.choose(list);
    const t = this.#strings;
    h.say.say(t.removed(s.entity.label || s.entity.id, this.#count(t, list.length)));
    this.#emit(new GeoRemoveEvent(s));
  }

  /** Fires a change's events now, or after the earlier changes' (an addition waiting for its record). */
  #emit(e: Event | Added | Promise<Added>): void {
    if (!(e instanceof Promise) && !this.#queue) return this.#h.fire(e);
    const q: Promise<void> = (this.#queue ?? Promise.resolve())
      .then(() => e)
      .then((r) => {
        if (r instanceof Event || r[2]?.kind !== 'abort') this.#h.fire(r);
        if (this.#queue === q) this.#queue = null;
      });
    this.#queue = q;
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
    this.#h.close();
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
    if (!sheet) (sheet = new CSSStyleSheet()).replaceSync(CSS);
    if (!root.adoptedStyleSheets.includes(sheet))
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }

  hostDisconnected(): void {
    this.#ac.abort();
    this.#ac = new AbortController();
    // (looked up again when the element comes back)
    for (const id of this.#asked) if (!this.#failed.has(id)) this.#asked.delete(id);
  }

  hostUpdate(): void {
    this.#ids = new Set(this.#el.values);
  }

  hostUpdated(): void {
    if (!this.#el.multiple) return;
    const field = this.chips.parentElement;
    if (field && field !== this.#field) {
      this.#field = field;
      field.addEventListener('pointerdown', this.#onFieldDown);
    }
    const list = this.#el.selections;
    const t = this.#strings;
    // (disabled: the text box's state, which a disabled fieldset sets too)
    const shown = JSON.stringify([
      list.map((s) => [s.entity.id, s.entity.label]),
      [...this.#failed],
      t.chips,
      !!this.#input?.disabled,
    ]);
    if (shown !== this.#shown) {
      const grew = this.#shown !== '';
      this.#shown = shown;
      this.#render(list, t);
      if (grew) this.#h.place();
    }
    this.#lookUp(list);
  }

  /** The chips after a change: a chip's nodes are kept by id, so the focus stays where it is. */
  #render(list: GeoSuggestion[], t: MultipleStrings): void {
    const ul = this.chips;
    ul.hidden = !list.length;
    ul.setAttribute('aria-label', t.chips);
    const items = new Map<string, HTMLLIElement>();
    for (const li of [...ul.children] as HTMLLIElement[]) {
      if (list.some((s) => s.entity.id === li.dataset.id)) items.set(li.dataset.id!, li);
      else li.remove();
    }
    list.forEach((s, i) => {
      const { id } = s.entity;
      let li = items.get(id);
      if (!li) {
        li = document.createElement('li');
        li.dataset.id = id;
        li.setAttribute('part', 'chip');
        const label = li.appendChild(document.createElement('span'));
        label.setAttribute('part', 'chip-label');
        const b = li.appendChild(document.createElement('button'));
        b.type = 'button';
        b.tabIndex = -1;
        b.setAttribute('part', 'chip-remove');
        b.textContent = '×';
      }
      // Text only, never HTML. An unknown label shows "…" while it is looked up, the id if that failed.
      const name = s.entity.label || (this.#failed.has(id) ? id : '…');
      const [label, b] = li.children as unknown as [HTMLElement, HTMLButtonElement];
      if (label.textContent !== name) label.textContent = name;
      b.setAttribute('aria-label', t.remove(name));
      b.disabled = !!this.#input?.disabled;
      li.toggleAttribute('aria-busy', name === '…');
      if (ul.children[i] !== li) ul.insertBefore(li, ul.children[i] ?? null);
    });
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
      todo.map((id) => this.#h.entity(id, undefined, signal).catch((err: ApiError) => err)),
    ).then((found) => {
      if (signal.aborted) return;
      const records = new Map<string, GeoEntity>();
      let error: ApiError | undefined;
      found.forEach((r, k) => {
        if (r instanceof Error) {
          this.#failed.add(todo[k]!);
          error ??= r;
        } else records.set(todo[k]!, r);
      });
      if (error) this.#h.failed(error, true);
      const now = this.#el.selections;
      this.#h.choose(
        now.map((s) => {
          const r = !s.entity.label && records.get(s.entity.id);
          return r ? { entity: { id: s.entity.id, label: r.label, type: r.type }, matches: [] } : s;
        }),
      );
    });
  }
}
