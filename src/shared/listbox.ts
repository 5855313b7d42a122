import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * The one listbox keyboard controller of the elements (WAI-ARIA APG listbox and combobox
 * patterns): geo-autocomplete's combobox (focus stays in the text box), project-picker's two
 * focusable listboxes, and {@link step} for region-stats' chart.
 *
 * The active option is marked in the DOM directly (class `active`; in a single-select
 * combobox also `aria-selected`), so moving it never re-renders the list; the mark follows
 * the option's id across host updates. Combobox keys follow the APG editable-combobox
 * example: ↓/↑ wrap, PageDown/PageUp move by ten, ←/→/Home/End belong to the text box and
 * clear the active option, Enter picks it or closes the list. Listbox keys: ↓/↑ clamped,
 * Home/End, PageDown/PageUp, type-ahead (a repeated letter cycles; a pause resets), Enter and
 * Space pick.
 */
export interface ListboxOptions {
  /** 'combobox': focus stays in a text box that owns the list; 'listbox': the list has focus itself. */
  kind: 'combobox' | 'listbox';
  /** The focused element that carries `aria-activedescendant` (the text box or the listbox). */
  owner(): HTMLElement | null | undefined;
  /** The option elements in visual order; each has a unique id. */
  options(): HTMLElement[];
  /** Whether the list is shown (combobox; default: always). Keys do nothing to a hidden list. */
  open?(): boolean;
  /** Enter (listbox: also Space) on the active option. */
  pick(option: HTMLElement, e: KeyboardEvent): void;
  /** Combobox: Enter with the list open and no active option; the host closes the list. */
  close?(): void;
  /** Listbox: the option made active when the list gets focus without one (default: the first). */
  initial?(): HTMLElement | undefined;
  /** Type-ahead text of an option (default: its text). Listbox only. */
  label?(option: HTMLElement): string;
  /** Called after the active option changed (null: none). */
  changed?(option: HTMLElement | null): void;
  /**
   * Combobox: the list is multi-selectable (geo-autocomplete `multiple`). `aria-selected` is
   * then the host's (the chosen options), so the active option is marked by class only.
   */
  multiselect?(): boolean;
}

/** Number of options PageUp/PageDown move. */
export const PAGE = 10;
const TYPEAHEAD_MS = 600;

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The index a navigation key leads to in a list of `n` items from `i` (-1: none), or
 * undefined when the key does not navigate. ArrowLeft/ArrowRight count only with
 * `horizontal` (region-stats' chart, where both axes move).
 */
export function step(
  key: string,
  i: number,
  n: number,
  o: { wrap?: boolean; horizontal?: boolean } = {},
): number | undefined {
  if (!n) return undefined;
  const h = o.horizontal;
  const to = (j: number) => (o.wrap ? (j + n) % n : Math.max(0, Math.min(n - 1, j)));
  switch (key) {
    case 'ArrowDown':
      return i < 0 ? 0 : to(i + 1);
    case 'ArrowRight':
      return h ? (i < 0 ? 0 : to(i + 1)) : undefined;
    case 'ArrowUp':
      return i < 0 ? (o.wrap ? n - 1 : 0) : to(i - 1);
    case 'ArrowLeft':
      return h ? (i < 0 ? 0 : to(i - 1)) : undefined;
    case 'Home':
      return 0;
    case 'End':
      return n - 1;
    case 'PageDown':
      return Math.min(n - 1, Math.max(i, 0) + PAGE);
    case 'PageUp':
      return Math.max(0, i - PAGE);
  }
  return undefined;
}

export class ListboxController implements ReactiveController {
  #id = '';
  /** The option that carries the marks (so a move touches two options, not all). */
  #marked: HTMLElement | null = null;
  #typed = '';
  #typedAt = 0;

  constructor(
    host: ReactiveControllerHost & HTMLElement,
    private readonly o: ListboxOptions,
  ) {
    host.addController(this);
  }

  /** The active option, or null. */
  get active(): HTMLElement | null {
    return (this.#id && this.o.options().find((el) => el.id === this.#id)) || null;
  }

  /** Index of the active option among `options()`, -1 when none. */
  get index(): number {
    return this.#id ? this.o.options().findIndex((el) => el.id === this.#id) : -1;
  }

  /** Makes an option active (an element, an index into `options()`, or null for none). */
  activate(target: HTMLElement | number | null, scroll = true): void {
    const el = typeof target === 'number' ? (this.o.options()[target] ?? null) : target;
    const prev = this.#id;
    this.#id = el?.id ?? '';
    if (this.#marked && this.#marked !== el) this.#set(this.#marked, false);
    if (el) this.#set(el, true);
    this.#marked = el;
    this.#owner();
    if (el && scroll) el.scrollIntoView?.({ block: 'nearest' });
    if (prev !== this.#id) this.o.changed?.(el);
  }

  /** No option active (focus, for a screen reader, is on the owner itself). */
  clear(): void {
    if (this.#id) this.activate(null);
    else this.o.owner()?.removeAttribute('aria-activedescendant');
  }

  /** Keeps the marks on the option with the remembered id after the host rendered. */
  hostUpdated(): void {
    // No active option and none marked: no option carries marks (only #set writes them), so
    // a render (a key typed into a combobox) costs no walk over the options.
    if (!this.#id && !this.#marked && this.o.kind === 'combobox') return;
    const opts = this.o.options();
    if (this.#id && !opts.some((el) => el.id === this.#id)) {
      this.#id = '';
      this.o.changed?.(null);
    }
    if (!this.#id && this.o.kind === 'listbox' && this.o.owner()?.matches(':focus')) {
      const first = this.o.initial?.() ?? opts[0];
      if (first) return this.activate(first, false);
    }
    this.#mark(opts);
  }

  /** Listbox: the list got focus; show an active option (the host's initial one, else the first). */
  focus(): void {
    if (this.active) return;
    const el = this.o.initial?.() ?? this.o.options()[0];
    if (el) this.activate(el);
  }

  /**
   * Handles a keydown on the owner. Returns true when the key was the controller's (its
   * default is then prevented where the key must not also reach the text box).
   */
  keydown(e: KeyboardEvent): boolean {
    if (e.isComposing || e.keyCode === 229) return false;
    const combo = this.o.kind === 'combobox';
    if (combo && this.o.open && !this.o.open()) return false;
    // A combobox takes only navigation keys and Enter: a typed character is the text box's,
    // without a look at the options (this runs on every key the visitor types).
    if (combo && !/^(Arrow|Page|Home$|End$|Enter$)/.test(e.key)) return false;
    const opts = this.o.options();
    if (!opts.length) return false;
    const i = this.index;
    const key = e.key;
    if (combo && (key === 'ArrowLeft' || key === 'ArrowRight' || key === 'Home' || key === 'End')) {
      // The caret moves (default not prevented); the option is no longer active.
      if (i < 0) return false;
      this.activate(null);
      return true;
    }
    // Space picks, unless it continues a type-ahead run ("Neue Mitte").
    const typing = !!this.#typed && performance.now() - this.#typedAt <= TYPEAHEAD_MS;
    if (key === 'Enter' || (!combo && key === ' ' && !typing)) {
      if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return false;
      const el = this.active;
      if (!el) {
        if (!combo || key !== 'Enter' || !this.o.close) return false;
        e.preventDefault();
        this.o.close();
        return true;
      }
      e.preventDefault();
      this.o.pick(el, e);
      return true;
    }
    if (e.altKey && combo) return false; // Alt+↓/↑: the host opens or closes the list
    let next = step(key, i, opts.length, { wrap: combo });
    if (next === undefined && !combo) next = this.#typeahead(e, i, opts);
    if (next === undefined) return false;
    e.preventDefault();
    this.activate(next);
    return true;
  }

  #typeahead(e: KeyboardEvent, i: number, opts: HTMLElement[]): number | undefined {
    if (e.key.length !== 1 || e.ctrlKey || e.metaKey || e.altKey) return undefined;
    const now = performance.now();
    if (now - this.#typedAt > TYPEAHEAD_MS) this.#typed = '';
    this.#typedAt = now;
    this.#typed += fold(e.key);
    const t = this.#typed;
    const repeat = [...t].every((c) => c === t[0]);
    const prefix = repeat ? t[0] : t;
    const start = repeat || t.length === 1 ? i + 1 : Math.max(i, 0);
    const label = this.o.label ?? ((el: HTMLElement) => el.textContent?.trim() ?? '');
    for (let k = 0; k < opts.length; k++) {
      const j = (start + k) % opts.length;
      if (fold(label(opts[j])).startsWith(prefix)) return j;
    }
    return i < 0 ? undefined : i;
  }

  #set(el: HTMLElement, on: boolean): void {
    // Written only where it changes: #mark runs after every render of the host.
    if (el.classList.contains('active') !== on) el.classList.toggle('active', on);
    if (
      this.o.kind === 'combobox' &&
      !this.o.multiselect?.() &&
      (el.getAttribute('aria-selected') === 'true') !== on
    )
      el.setAttribute('aria-selected', String(on));
  }

  /** All marks after a render (the host may have reused option nodes for other options). */
  #mark(opts: HTMLElement[]): void {
    this.#marked = null;
    for (const el of opts) {
      const on = !!this.#id && el.id === this.#id;
      this.#set(el, on);
      if (on) this.#marked = el;
    }
    this.#owner();
  }

  #owner(): void {
    const owner = this.o.owner();
    if (!owner) return;
    if (!this.#id) owner.removeAttribute('aria-activedescendant');
    else if (owner.getAttribute('aria-activedescendant') !== this.#id)
      owner.setAttribute('aria-activedescendant', this.#id);
  }
}
