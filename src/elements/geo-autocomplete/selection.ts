/**
 * The value of `<geo-autocomplete>`, DOM-free (unit tests: test/node/geo-selection.test.ts):
 * the place or places committed, the text in the field, what the form submits, and which of
 * `input`, `change`, `geo-select` and `geo-remove` a visitor's action fires. The element
 * renders and dispatches what it says; it never decides any of it. A visitor's action
 * returns the `input` and `change` it fires and tells them to `fired` (the element's
 * dispatch), whoever called it: the element, its list or the chips.
 *
 * The rules (docs/elements/geo-autocomplete.md, "The value, `input` and `change`"):
 * - the value is what the form submits: the picked place's id while the text is its label,
 *   '' as soon as the visitor edits it, the id again when the text is the label again;
 * - `input` fires at once when a visitor's action changes the value; `change` fires on a
 *   commit (a pick, clearing, Enter, leaving the field) when the value differs from the last
 *   `change`'s, as a native input's;
 * - code that sets the value fires nothing, and a later commit compares with it;
 * - with `multiple`, the value is the chosen ids joined by commas, whatever the text; each
 *   addition or removal fires its own event, then `input` and `change`.
 */
import type { GeoSuggestion } from '../../api/index.js';

/** The events a visitor's action fires, in order (the element dispatches them). */
export type Fired = ('input' | 'change')[];

/**
 * What a pick in the list does with `multiple`: a place added (`geo-select`) or removed
 * (`geo-remove`), or nothing at `max`. {@link Selection.fire} gives the events that follow.
 */
export type Toggle = { added: GeoSuggestion } | { removed: GeoSuggestion } | { full: true };

/** A place known by its id only (its label is looked up). */
export const byId = (id: string, label = '', type = ''): GeoSuggestion => ({
  entity: { id, label, type },
  matches: [],
});

/** The restore state of one place ([id, text, type]) or of several ({ places, text }). */
type State = string[] | { places: string[][]; text: string };

/** The form entries and restore state the element hands to ElementInternals. */
export interface Submitted {
  /** Entries under the name of the ids and under the name of the labels. */
  ids: string[];
  labels: string[];
  state: string;
}

export class Selection {
  /** Several places (`multiple`). */
  #multiple = false;
  /** With `multiple`, how many places a visitor can choose (0: no limit). */
  max = 0;
  /** The text in the field. */
  #text = '';
  /** One place: the place picked last (kept while its text is edited, for Escape and to give the value back). */
  #committed: GeoSuggestion | null = null;
  /** The places chosen in order (with `multiple`; without, those that code set, kept for when `multiple` is set). */
  #chosen: GeoSuggestion[] = [];
  /** The value as this model set it (a different one set on the element is code's). */
  #value = '';
  /** The value when `change` fired last. */
  #changed = '';
  /** The value the page was loaded with (a form reset goes back to it). */
  #default: string | null = null;
  /** Without `multiple`: the first of the places code set, its label shown from the next update on. */
  #pending: string | null = null;

  /**
   * `known`: a place the element knows by its id already (in the list, or recent), so that a
   * value set by code shows its label without a lookup. `changed`: called after every change
   * of the text, the places or the value. `fired`: the events of a visitor's action, to
   * dispatch (never empty).
   */
  constructor(
    private readonly known: (id: string) => GeoSuggestion | undefined = () => undefined,
    private readonly changed: () => void = () => {},
    private readonly fired: (events: Fired) => void = () => {},
  ) {}

  /** Tells a visitor's action's events to {@link fired}, and returns them. */
  #told(events: Fired): Fired {
    if (events.length) this.fired(events);
    return events;
  }

  get multiple(): boolean {
    return this.#multiple;
  }
  get text(): string {
    return this.#text;
  }
  /** What `value` is: the picked id, or '' while the text is not its label; with `multiple`, the ids joined by commas. */
  get value(): string {
    return this.#value;
  }
  /** The place picked last (null when none, or while its text is edited). */
  get selected(): GeoSuggestion | null {
    return this.#multiple ? (this.#chosen.at(-1) ?? null) : this.#value ? this.#committed : null;
  }
  /** The label the text goes back to on Escape ('' with none). */
  get committedLabel(): string {
    return this.#committed?.entity.label ?? '';
  }
  /** The places chosen (with `multiple`), or the one selected as a list. */
  get selections(): GeoSuggestion[] {
    if (this.#multiple) return [...this.#chosen];
    const s = this.selected;
    return s ? [s] : [];
  }
  /** The ids of {@link selections}. */
  get values(): string[] {
    return this.#multiple ? this.#chosen.map((s) => s.entity.id) : this.#value ? [this.#value] : [];
  }
  /** How many places are chosen (also those that code set without `multiple`). */
  get count(): number {
    return this.#chosen.length;
  }
  /** The text is the label of the picked place. */
  get picked(): boolean {
    return !!this.#value && this.#text === this.#committed?.entity.label;
  }
  /** Text is in the field that was typed, not picked (what `must-pick` refuses). */
  get unpicked(): boolean {
    return !!this.#text.trim() && !this.picked;
  }
  /** With `multiple`: the place is chosen. */
  has(s: GeoSuggestion): boolean {
    return this.#chosen.some((c) => c.entity.id === s.entity.id);
  }
  /** With `multiple`: at `max`, the list offers only the places chosen (to remove them). */
  get full(): boolean {
    return this.max > 0 && this.#chosen.length >= this.max;
  }
  /** `required` is met: a place with `multiple`, else text. */
  get filled(): boolean {
    return this.#multiple ? this.#chosen.length > 0 : !!this.#text.trim();
  }
  /** A place in the model by its id. */
  find(id: string): GeoSuggestion | undefined {
    return this.#chosen.find((s) => s.entity.id === id);
  }

  // ---- a visitor's actions ------------------------------------------------------------

  /** The visitor edited the text: `input` when the value changes with it. */
  type(text: string): Fired {
    this.#text = text;
    return this.#told(this.#follow());
  }

  /** The visitor picked a place (one place): its label is the text; `input` and `change` when the value changed. */
  pick(s: GeoSuggestion): Fired {
    return this.#told(this.#commit(s));
  }

  /** The visitor cleared the field: no place, no text. */
  clear(): Fired {
    this.#text = '';
    return this.#told(this.#commit(null));
  }

  /** Enter or leaving the field: `change` when the value differs from the last `change`'s. */
  commit(): Fired {
    return this.#told(this.#change());
  }

  /** Escape with the list closed: the text goes back to the committed label; null when it is that already. */
  revert(): Fired | null {
    const label = this.committedLabel;
    if (this.#text === label) return null;
    this.#text = label;
    return this.#told(this.#follow());
  }

  /**
   * With `multiple`, the visitor picked a place in the list: added (the text empties for the
   * next one), or removed when it was chosen; at `max` nothing is added.
   */
  toggle(s: GeoSuggestion): Toggle {
    const i = this.#chosen.findIndex((c) => c.entity.id === s.entity.id);
    if (i >= 0) return this.remove(i)!;
    if (this.full) return { full: true };
    this.#text = '';
    this.#set([...this.#chosen, s]);
    this.changed();
    return { added: s };
  }

  /** With `multiple`, the visitor removed the place at `i` (a chip); null when there is none. */
  remove(i: number): { removed: GeoSuggestion } | null {
    const s = this.#chosen[i];
    if (!s) return null;
    this.#set(this.#chosen.filter((_, j) => j !== i));
    this.changed();
    return { removed: s };
  }

  /**
   * With `multiple`, the events that follow an addition's `geo-select` or a removal's
   * `geo-remove` when they are dispatched (an addition with `resolve` waits for its record):
   * `input` and `change`, the value then being the last `change`'s.
   */
  fire(): Fired {
    this.#changed = this.#value;
    return this.#told(['input', 'change']);
  }

  // ---- code -----------------------------------------------------------------------------

  /**
   * `multiple` set or unset (`value`: the element's): the places set stay (code's, or the
   * chips), else `value`'s ids. Returns an id to look up, as {@link setValue}.
   */
  setMultiple(on: boolean, value: string): string | null {
    this.#multiple = on;
    if (on) this.#pending = null;
    if (this.#chosen.length) this.#choose(this.#chosen);
    else if (on && value) return this.setValue(value);
    else this.changed();
    return this.settle();
  }

  /**
   * Without `multiple`, places that code set show the first one's label from the next
   * update on: set before `multiple`, they stay places, not the text of one. Returns an id
   * to look up, as {@link setValue}.
   */
  settle(): string | null {
    const id = this.#pending;
    return id === null ? null : this.setValue(id);
  }

  /** The `value` attribute the page was loaded with (first connect). */
  setDefault(v: string | null): void {
    this.#default ??= v;
  }

  /**
   * Code set `value`: the text shows the place's label, without events. Returns the id whose
   * label is not known (the element looks it up and hands it to {@link labelled}), or null.
   */
  setValue(v: string): string | null {
    this.#value = this.#changed = v;
    this.#pending = null;
    if (this.#multiple) {
      this.setIds(
        v
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      );
      return null;
    }
    let todo: string | null = null;
    if (!v) {
      this.#committed = null;
      this.#text = '';
    } else {
      const known = this.find(v) ?? this.known(v);
      if (known?.entity.label) {
        this.#committed = known;
        this.#text = known.entity.label;
      } else {
        this.#committed = byId(v);
        todo = v;
      }
    }
    this.changed();
    return todo;
  }

  /** The looked-up label of a value code set (ignored when the value changed meanwhile). */
  labelled(id: string, label: string, type: string): void {
    if (this.#multiple) {
      this.#chosen = this.#chosen.map((s) =>
        s.entity.id === id && !s.entity.label ? byId(id, label, type) : s,
      );
    } else {
      if (this.#value !== id) return;
      this.#committed = byId(id, label, type);
      this.#text = label;
    }
    this.changed();
  }

  /**
   * Code set the places (`selections`, `values`): each id once, without events. Without
   * `multiple` the first is the value ({@link settle}).
   */
  set(list: readonly GeoSuggestion[]): void {
    this.#choose(list);
    this.#changed = this.#value;
  }

  /** Code set the places by id (`values`): a place known by its id keeps its label. */
  setIds(ids: readonly string[]): void {
    this.set(ids.map((id) => this.find(id) ?? this.known(id) ?? byId(id)));
  }

  /** The chosen places, without a change of `change`'s value. */
  #choose(list: readonly GeoSuggestion[]): void {
    this.#set(list);
    if (!this.#multiple) this.#value = this.#pending = this.#chosen[0]?.entity.id ?? '';
    this.changed();
  }

  /** Form reset: back to the `value` the page was loaded with. Returns an id to look up, as {@link setValue}. */
  reset(): string | null {
    this.#committed = null;
    this.#text = '';
    this.#chosen = [];
    this.#value = this.#changed = '';
    return this.setValue(this.#default ?? '');
  }

  /** Back/forward cache and session restore (the state {@link submitted} gave). */
  restore(state: string): void {
    let st: State;
    try {
      st = JSON.parse(state) as State;
    } catch {
      return; // a state from another version
    }
    if (Array.isArray(st)) {
      const [id, label, type] = st;
      this.#text = label ?? '';
      this.#commit(id ? byId(id, label, type) : null, false);
    } else if (st && Array.isArray(st.places)) {
      this.#text = String(st.text ?? '');
      this.set(st.places.map(([id, label, type]) => byId(id!, label, type)));
    }
  }

  /**
   * What the form gets: the picked id and the text (one place), or every chosen id and label
   * (text left in the field is not a place), and the restore state.
   */
  submitted(): Submitted {
    const text = this.#text;
    if (this.#multiple) {
      const m = this.#chosen.map((s) => s.entity);
      return {
        ids: m.map((e) => e.id),
        labels: m.map((e) => e.label),
        state: JSON.stringify({ places: m.map((e) => [e.id, e.label, e.type]), text }),
      };
    }
    const id = this.picked ? this.#value : '';
    return {
      ids: [id],
      labels: [text],
      state: JSON.stringify([id, text, this.#committed?.entity.type ?? '']),
    };
  }

  // ---- rules ----------------------------------------------------------------------------

  /** The chosen places, each id once; with `multiple` the value is their ids. */
  #set(list: readonly GeoSuggestion[]): void {
    const seen = new Set<string>();
    this.#chosen = list.filter(
      (s) => s?.entity && !seen.has(s.entity.id) && !!seen.add(s.entity.id),
    );
    if (this.#multiple) this.#value = [...seen].join(',');
  }

  /** Commits a place (or none); `user`: a visitor's, which fires `input` and `change` when the value changed. */
  #commit(s: GeoSuggestion | null, user = true): Fired {
    this.#committed = s;
    if (s) this.#text = s.entity.label;
    const fired = this.#follow();
    if (!user) {
      this.#changed = this.#value;
      return [];
    }
    return [...fired, ...this.#change()];
  }

  /** `change` when the value differs from the last `change`'s. */
  #change(): Fired {
    if (this.#value === this.#changed) return [];
    this.#changed = this.#value;
    return ['change'];
  }

  /** The value follows the text at once (one place): the picked id while the text is its label, else ''. */
  #follow(): Fired {
    this.changed();
    if (this.#multiple) return [];
    const c = this.#committed;
    const v = c && this.#text === c.entity.label ? c.entity.id : '';
    if (v === this.#value) return [];
    this.#value = v;
    this.changed();
    return ['input'];
  }
}
