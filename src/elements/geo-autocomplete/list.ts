/**
 * What `<geo-autocomplete>` asks of its list: the one interface between the element (the text
 * box, the value, the form) and the list code (combobox.ts: the suggestions, the popup, the
 * list's keys), which loads on demand. Until it arrives, {@link ListStandIn} answers: a text
 * box without a list, whose text is the visitor's; what needs the list waits for it.
 *
 * Data goes one way: the element hands the list a snapshot of its settings
 * ({@link ListSettings}) at each update and calls it; the list reports back through the value
 * model (selection.ts: the text, a pick, a commit) and the element's few hooks in
 * {@link ListParts}. The list never reads the element.
 */
import { nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { ImmoClient, GeoEntity, GeoSuggestion } from '../../api/index.js';
import type { Lang } from '../../shared/i18n.js';
import type { Announcer } from '../../shared/announce.js';
import type { Strings } from './strings.js';
import type { Multiple } from './multiple.js';
import type { Selection } from './selection.js';

/** What the element asks of a client: the geo methods of ImmoClient. */
export type GeoApi = Pick<ImmoClient, 'suggestGeo' | 'suggestGeoV1' | 'getGeoEntity'>;

/** An entity lookup: the place's record, with the detail of `resolve` when asked. */
export type EntityQuery = Parameters<GeoApi['getGeoEntity']>[0];

/** Signature of the `renderOption` property: what goes inside one option row. */
export type GeoOptionRenderer = (suggestion: GeoSuggestion, query: string) => unknown;

/** The element's settings as the list reads them: one snapshot, taken at each update. */
export interface ListSettings {
  api: 'v1' | 'v2';
  country: 'DEU' | 'AUT';
  types: string;
  limit: number;
  limitPerType?: number;
  minLength: number;
  debounce: number;
  recent: boolean;
  renderOption?: GeoOptionRenderer;
  /** The `client` property (an ImmoClient, a ClientBase or an object with the geo methods). */
  client?: unknown;
  baseUrl: string;
  lang: Lang;
  /** The element's strings in its language. */
  strings: Strings;
  /** With `multiple` (and its code here): the chips' controller. */
  multi?: Multiple;
}

/** What the element lends its list for good: the value model, its voice, its hooks. */
export interface ListParts {
  /** The value model: the list types, picks and commits through it. */
  readonly sel: Selection;
  /** The element's live region. */
  readonly say: Announcer;
  /** The places picked last (`recent`). */
  recents(): GeoSuggestion[];
  /** A visitor picked a place in the list: the element commits it and fires `geo-select`. */
  pick(s: GeoSuggestion): void;
}

/** The list, as the element calls it. */
export interface List {
  /** The element's settings: a snapshot, handed over at each update. */
  configure(settings: ListSettings): void;
  /** The suggestions of the list shown (places the element knows by id). */
  readonly options: GeoSuggestion[];
  /** The popup shows options (the input's aria-expanded). */
  readonly expanded: boolean;
  /** A search is on its way (the input's aria-busy). */
  readonly busy: boolean;
  /**
   * Resolves once the list's code is here and the list on screen is whole (a long list's
   * rest follows its first options after a yield).
   */
  readonly ready: Promise<void>;
  /** The text box's keys; false: not the list's (Enter with the list closed, …). */
  keydown(e: KeyboardEvent): boolean;
  /** The visitor typed (a key: the debounce learns the cadence). */
  typed(): void;
  /** Shows what is known for the text at once and asks for the rest (composition ended, cleared). */
  search(): void;
  /** The text box has the focus. */
  focus(): void;
  /** A click into the text: the popup opens with what is known. */
  click(): void;
  /** Closes the popup. */
  close(): void;
  /** A search on its way is of no use any more. */
  abort(): void;
  /** Browser autofill put text into the field: search at once and take an exact match. */
  autofill(text: string): void;
  /** Looks up the label of a `value` that code set. */
  lookUp(id: string): void;
  /** A place's record (for `resolve` and the labels of places set by id). */
  entity(q: EntityQuery, signal: AbortSignal): Promise<GeoEntity>;
  /** Shows a failed entity lookup that was reported already. */
  failed(err: unknown): void;
  /** The field moved (the chips changed): the open popup follows it. */
  place(): void;
  /** The popup (`nothing` without one). `focusout` is the element's; `refocus` puts the focus back in the text. */
  render(focusout: (e: FocusEvent) => void, refocus: () => void): unknown;
}

/**
 * The list until its code is here: a text box without a list. Its text is the visitor's
 * (searched when the code arrives); the keys that open the list, autofill, lookups and
 * `ready` wait for the code ({@link load}); the rest does nothing.
 *
 * It asks for the code when the browser has nothing else to do after painting the text box
 * (idle time can come before the first frame), or sooner when the visitor reaches for the
 * field (focus, pointer); a failed load is asked for again at the next.
 */
export class ListStandIn implements List, ReactiveController {
  readonly options: GeoSuggestion[] = [];
  readonly expanded = false;
  readonly busy = false;
  #here = false;

  /** `load`: the list, once its code is here (undefined when it failed to load). */
  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly load: () => Promise<List | undefined>,
  ) {
    host.addController(this);
  }

  readonly #reach = (): void =>
    void this.load().then((list) => {
      if (!list || this.#here) return;
      this.#here = true;
      this.hostDisconnected();
      this.host.removeController(this);
    });

  hostConnected(): void {
    if (this.#here) return;
    this.host.addEventListener('focusin', this.#reach);
    this.host.addEventListener('pointerenter', this.#reach);
    requestAnimationFrame(() => {
      const idle = globalThis.requestIdleCallback;
      if (idle) idle(this.#reach, { timeout: 2000 });
      else setTimeout(this.#reach, 200);
    });
  }

  hostDisconnected(): void {
    this.host.removeEventListener('focusin', this.#reach);
    this.host.removeEventListener('pointerenter', this.#reach);
  }

  /** Runs `fn` with the list once its code is here. */
  #later<T>(fn: (list: List) => Promise<T>): Promise<T> {
    return this.load().then((list) =>
      list ? fn(list) : Promise.reject(new Error('geo-autocomplete: its list did not load')),
    );
  }

  get ready(): Promise<void> {
    return this.load().then((list) => list?.ready);
  }

  keydown(e: KeyboardEvent): boolean {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return false;
    // ↓ and ↑ open the list when it arrives, if the visitor is still in the field.
    e.preventDefault();
    const field = e.target as HTMLElement; // (read now: after its dispatch an event has no target)
    void this.load().then((list) => field.matches(':focus') && list?.keydown(e));
    return true;
  }

  autofill(text: string): void {
    void this.load().then((list) => list?.autofill(text));
  }

  lookUp(id: string): void {
    void this.load().then((list) => list?.lookUp(id));
  }

  entity(q: EntityQuery, signal: AbortSignal): Promise<GeoEntity> {
    return this.#later((list) => list.entity(q, signal));
  }

  render(): unknown {
    return nothing;
  }

  configure(): void {}
  typed(): void {}
  search(): void {}
  focus(): void {}
  click(): void {}
  close(): void {}
  abort(): void {}
  failed(): void {}
  place(): void {}
}
