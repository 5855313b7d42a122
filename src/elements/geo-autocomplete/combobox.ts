/**
 * What typing into `<geo-autocomplete>` needs beyond the text box: the suggestion engine and
 * its client calls, the listbox and its keys, the popup with the list and the status, the
 * announcements of the list, recent places and the entity lookups. The element loads this
 * module when the browser is idle or at the first focus or pointer over it, whichever comes
 * first; until then the text box is a plain input whose text is the visitor's, and when this
 * module arrives it searches for the text already typed (geo-autocomplete.ts, `#load`).
 */
import { html, nothing, type PropertyValues } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type {
  ImmoClient,
  ApiError,
  GeoEntity,
  GeoSuggestion,
  GeoSuggestType,
} from '../../api/index.js';
import type { Lang } from '../../shared/i18n.js';
import { Connection } from '../../shared/client.js';
import { RequestController } from '../../shared/request.js';
import { reportFailure } from '../../shared/failure.js';
import { ListboxController } from '../../shared/listbox.js';
import type { Announcer } from '../../shared/announce.js';
import { clip } from '../../shared/text.js';
import { GEO_SUGGEST_MAX_LIMIT } from '../../api/types/geo.js';
import { suggestGeo } from '../../api/ops.js';
import { icon } from './icons.js';
import { segments, tier } from './match.js';
import { GeoEngine } from './engine.js';
import { PopupPosition } from './position.js';
import type { Strings } from './strings.js';
import type { Multiple } from './multiple.js';
import type { Fired, Selection } from './selection.js';
import { statusText, type Status } from './status.js';
import { group, placeType, sameGroups, type Group } from './groups.js';

/** The name of one place's type ("Stadt"), for its option's description and the pick's announcement. */
function typeName(s: Strings, type: string): string {
  return s.type[type] ?? clip(type);
}
import type { GeoAutocomplete } from './geo-autocomplete.js';

/** Options a long list shows in the task of its answer; the rest follows after a yield. */
const FIRST = 30;

/** Yields to the browser (`scheduler.yield()` where there is one: the rest runs before other tasks). */
function yieldTask(): Promise<unknown> {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<unknown> } }).scheduler;
  return s?.yield ? s.yield() : new Promise((r) => setTimeout(r, 0));
}

/**
 * The key of each option by its place id, so that a list that keeps its places keeps its
 * option nodes (a place twice in one answer is told apart by its position).
 */
function keys(items: GeoSuggestion[]): (s: GeoSuggestion, i: number) => string {
  const seen = new Set<string>();
  const k = items.map((s, i) => {
    const id = String(s.entity.id);
    return seen.has(id) ? `${id}#${i}` : (seen.add(id), id);
  });
  return (_s, i) => k[i]!;
}

/** What the element asks of a client: the geo methods of ImmoClient. */
export type GeoApi = Pick<ImmoClient, 'suggestGeo' | 'suggestGeoV1' | 'getGeoEntity'>;

/** What the combobox reaches of the element beyond its public properties. */
export interface ComboboxPort {
  /** The value model (selection.ts). */
  readonly sel: Selection;
  /** The element's live region. */
  readonly say: Announcer;
  lang(): Lang;
  /**
   * The element's strings in its language (handed over, so that they stay in the element's
   * own file rather than in code both files share).
   */
  strings(): Strings;
  /** Dispatches the events the model says a visitor's action fires. */
  fire(fired: Fired): void;
  /** With `multiple` loaded: its controller. */
  multi(): Multiple | undefined;
  /** The places picked last (`recent`). */
  recents(): GeoSuggestion[];
  remember(s: GeoSuggestion): void;
  /** Enter with the list closed: the owning form is submitted, as by a native text input. */
  submit(): void;
  /** Dispatches `geo-select` for a visitor's pick (with the entity record or why it failed, under `resolve`). */
  selected(s: GeoSuggestion, entity: GeoEntity | null, error: ApiError | null): void;
}

/**
 * The list half of the combobox: owns the popup's state (`open`, the status, the groups on
 * screen), renders the popup and handles the keys and pointer of the list; the element
 * renders the field and keeps the value.
 */
export class Combobox {
  readonly #el: GeoAutocomplete;
  readonly #port: ComboboxPort;
  /** `client` or the shared client for `base-url` (no retries: typing sends the next request). */
  readonly #conn: Connection<unknown>;
  /**
   * The entity lookups (the `resolve` of a selection, the label of a `value` set by code):
   * abort, stale guard, failure report (src/shared/request.ts). The suggestion fetching has
   * its own engine (engine.ts: debounce, cache, back-off, sequence guard).
   */
  readonly #entity: RequestController<[Parameters<GeoApi['getGeoEntity']>[0]], GeoEntity>;
  /** Keys, the active option and aria-activedescendant (src/shared/listbox.ts). */
  readonly #lb: ListboxController;
  /** When to ask and what to show meanwhile: debounce, cache, refinement, back-off, sequence guard (engine.ts). */
  readonly #engine: GeoEngine;
  /** Places the popup: CSS anchor positioning where the engine has it, else Floating UI, loaded on first use, which reads layout on open, scroll and resize only (position.ts). */
  readonly #pos: PopupPosition;
  /** The visitor asked for the list (↓): below min-length it says why there is none. */
  #asked = false;
  /** Aborted to remove the outside-click listener while the popup is open. */
  #listening?: AbortController;
  #error: ApiError | null = null;
  /** The text the list on screen was put there for. */
  #listFor = '';
  #open = false;
  #status: Status = '';
  /** The groups on screen: a long list's first options until the rest follows ({@link #setGroups}). */
  #shown: Group[] = [];
  /** The whole list shown, grouped (what {@link #shown} becomes once a long list's rest is on screen). */
  #groups: Group[] = [];
  /** Which of `open` and the groups on screen changed since the last update. */
  #changedOpen = false;
  #changedGroups = false;
  /** A long list's rest, rendered after a yield; the element's updateComplete waits for it. */
  rest?: Promise<unknown>;
  /** The coming render only adds a long list's rest: the active option stays. */
  #growing = false;

  constructor(el: GeoAutocomplete, port: ComboboxPort) {
    this.#el = el;
    this.#port = port;
    this.#conn = new Connection(el, { retries: 0 });
    this.#entity = new RequestController(el, {
      operation: 'entity',
      lang: () => port.lang(),
      task: (signal, q) => this.client().getGeoEntity(q, { signal }),
      resume: false,
    });
    this.#lb = new ListboxController(el, {
      kind: 'combobox',
      owner: () => el.renderRoot.querySelector('input'),
      options: () => [...el.renderRoot.querySelectorAll<HTMLElement>('[role=option]')],
      open: () => this.#open && this.#shown.length > 0,
      pick: (o) => void this.#select(Number(o.id.slice(1))),
      close: () => (this.open = false),
      multiselect: () => !!port.multi(),
    });
    this.#engine = new GeoEngine({
      request: async (q, signal) => {
        const geo = this.client();
        const list = await (el.api === 'v1'
          ? geo.suggestGeoV1(q, { signal })
          : geo.suggestGeo(
              {
                country: el.country,
                input: q,
                limit: el.limit,
                limitPerType: el.limitPerType,
                types: el.types.split(',').map((t) => t.trim()) as GeoSuggestType[],
              },
              { signal },
            ));
        // An answer longer than asked for (a client that does not cut, a broken service) shows
        // what was asked for: the list stays as short to render as the limit says.
        const max =
          el.limit >= 1 ? Math.min(el.limit, GEO_SUGGEST_MAX_LIMIT) : GEO_SUGGEST_MAX_LIMIT;
        return list.length > max ? list.slice(0, max) : list;
      },
      text: () => port.sel.text,
      show: (q, list, exact) => this.#show(q, list, exact),
      short: (q) => {
        this.#error = null;
        if (!q) return this.#show(q, port.recents());
        // Below min-length nothing is asked, so nothing is claimed: no popup, no announcement;
        // only an explicit ↓ / Alt+↓ gets the hint "Mindestens 2 Zeichen".
        this.#setGroups([]);
        this.status = this.#asked ? 'short' : '';
        this.open = this.#asked && this.#focused;
      },
      pending: (kind, err) => {
        this.status = kind;
        if (err) reportFailure(el, 'suggest', err, port.lang(), this.#statusText());
      },
      fail: (kind, err) => this.fail(kind, err ?? null),
      online: () => navigator.onLine,
    });
    this.#pos = new PopupPosition(
      () => el.renderRoot.querySelector<HTMLElement>('.field'),
      () => el.renderRoot.querySelector<HTMLElement>('[popover]'),
    );
  }

  /** The popup is open. */
  get open(): boolean {
    return this.#open;
  }
  set open(v: boolean) {
    if (v === this.#open) return;
    this.#open = v;
    this.#changedOpen = true;
    this.#el.requestUpdate();
  }

  /** What the status line says: loading, no match, offline, an error, too short. */
  get status(): Status {
    return this.#status;
  }
  set status(v: Status) {
    if (v === this.#status) return;
    this.#status = v;
    this.#el.requestUpdate();
  }

  /** The popup shows options (the input's aria-expanded). */
  get expanded(): boolean {
    return this.#open && this.#shown.length > 0;
  }

  /** The suggestions of the list shown. */
  get options(): GeoSuggestion[] {
    return this.#groups.flatMap((g) => g.items);
  }

  /** The `client` property, else one built from `base-url`, with the geo operations. */
  client(): GeoApi {
    const c = this.#el.client;
    // An ImmoClient, or any object with its geo methods (a host's own wrapper), is used as is.
    if (c && typeof (c as Partial<GeoApi>).suggestGeo === 'function') return c as GeoApi;
    const core = this.#conn.client as Parameters<typeof suggestGeo>[0];
    return {
      suggestGeo: suggestGeo.bind(null, core),
      // What few pages use loads on first use: the v1 adapter for `api="v1"`, the entity
      // lookup for `resolve` and a `value` set by code.
      suggestGeoV1: (q, o) =>
        import('../../api/ops/regions.js').then((m) => m.suggestGeoV1(core, q, o)),
      getGeoEntity: (q, o) =>
        import('../../api/ops/geo-entity.js').then((m) => m.getGeoEntity(core, q, o)),
    };
  }

  /**
   * Puts groups on screen. A list longer than {@link FIRST} options shows its first ones in
   * this task (more than the popup's height holds) and the rest after a yield to the browser,
   * so that a key pressed meanwhile is handled first; the options keep their ids and places.
   */
  #setGroups(next: Group[]): void {
    this.#groups = next;
    let room = FIRST;
    if (next.reduce((n, g) => n + g.items.length, 0) <= room) {
      this.#shownNow(next);
      return;
    }
    const head: Group[] = [];
    for (const g of next) {
      if (room <= 0) break;
      head.push(g.items.length <= room ? g : { type: g.type, items: g.items.slice(0, room) });
      room -= g.items.length;
    }
    this.#shownNow(head);
    const rest = (this.rest = yieldTask().then(() => {
      if (this.#shown === head) {
        this.#growing = true;
        this.#shownNow(next);
      }
      if (this.rest === rest) this.rest = undefined;
    }));
  }

  #shownNow(groups: Group[]): void {
    if (groups === this.#shown) return;
    this.#shown = groups;
    this.#changedGroups = true;
    this.#el.requestUpdate();
  }

  // ---- networking (the engine decides; the element shows) -----------------------------

  /** Hands the engine the current settings. */
  #settings(): GeoEngine {
    const el = this.#el;
    this.#engine.settings = {
      api: el.api,
      country: el.country,
      types: el.types,
      limit: el.limit,
      limitPerType: el.limitPerType,
      minLength: el.minLength,
      debounce: el.debounce,
    };
    return this.#engine;
  }

  /** Shows what is known for the current text at once, and schedules or sends the request (`now`: without debounce). */
  search(now = false): void {
    this.#settings().search(now);
  }

  /** The visitor typed: the debounce learns the cadence, and the text is searched. */
  typed(): void {
    this.#engine.keyed();
    this.search();
  }

  abort(): void {
    this.#engine.abort();
  }

  /** A setting the suggestions depend on changed: what was fetched for the old ones is of no use. */
  settingsChanged(): void {
    this.abort();
    if (this.#focused) this.search(true);
    else this.#engine.invalidate();
  }

  /** The browser is online again. */
  online(): void {
    if (this.#status === 'offline') this.search(true);
  }

  /** Shows a failure of the suggestions (reported here) or of an entity lookup (`report` false: its controller did). */
  fail(status: Status, err: ApiError | null = null, report = true): void {
    this.status = status;
    this.#error = err;
    this.#engine.failed();
    const text = this.#statusText();
    this.#port.say.say(text);
    if (err && report) reportFailure(this.#el, 'suggest', err, this.#port.lang(), text);
    this.open = this.#focused;
  }

  get #focused(): boolean {
    return this.#el.matches(':focus-within');
  }

  /** Puts a list on screen, grouped by entity type. */
  #show(q: string, list: GeoSuggestion[], exact = true): void {
    const next = group(list, !q && list.length > 0 ? 'recent' : this.#el.api);
    // The same list again (the server's answer equal to the local refinement shown a key
    // earlier, a cached answer): nothing to render, nothing new to announce. (A partner's
    // renderOption is handed the text: for it the list is the same only for the same text.)
    const same = sameGroups(next, this.#groups) && (!this.#el.renderOption || q === this.#listFor);
    this.#listFor = q;
    if (!same) this.#setGroups(next);
    this.#error = null;
    const s = this.#port.strings();
    // "No matches" only once the service's answer for this text says so; an empty local
    // refinement means the answer is still on its way.
    const status = q && !list.length ? (exact ? 'none' : 'loading') : '';
    if (q && (list.length || exact) && !(same && status === this.#status))
      this.#port.say.soon(list.length ? s.count(list.length) : s.none);
    this.status = status;
    this.open = this.#focused && (list.length > 0 || !!this.#status);
  }

  // ---- selection ----------------------------------------------------------------------

  async #select(i: number): Promise<void> {
    const s = this.options[i];
    if (!s) return;
    const el = this.#el;
    const port = this.#port;
    const m = port.multi();
    if (el.multiple) return m?.toggle(s); // (renders waited for it: a list is on screen)
    this.#entity.abort();
    this.abort();
    this.open = false;
    port.fire(port.sel.pick(s));
    port.remember(s);
    const str = port.strings();
    port.say.say(str.chosen(clip(s.entity.label), typeName(str, placeType(s, el.api))));
    let entity: GeoEntity | null = null;
    let error: ApiError | null = null;
    if (el.resolve) {
      try {
        entity = await this.#entity.run({
          country: el.country,
          id: s.entity.id,
          geoData: el.resolve,
        });
      } catch (e) {
        if ((e as ApiError).kind === 'abort') return;
        error = e as ApiError;
      }
    }
    port.selected(s, entity, error);
  }

  /** Browser autofill put text into the field: search at once and take an exact match. */
  async autofill(text: string): Promise<void> {
    this.#port.fire(this.#port.sel.type(text));
    const q = text.trim();
    if (this.#settings().has(q)) this.search();
    else await this.#engine.fetch(q);
    const i = this.options.findIndex((s) => tier(s.entity.label, q) === 0);
    if (i >= 0 && this.#engine.shownFor === q) void this.#select(i);
  }

  /** Looks up the label of a `value` that code set. */
  async lookUp(id: string): Promise<void> {
    try {
      const e = await this.#entity.run({ country: this.#el.country, id });
      this.#port.sel.labelled(id, e.label, e.type);
    } catch (e) {
      // Reported by the controller already; shown in the status.
      if ((e as ApiError).kind !== 'abort') this.fail('error', e as ApiError, false);
    }
  }

  /** The entity lookup of a selection or a `value` is of no use any more. */
  abortEntity(): void {
    this.#entity.abort();
  }

  // ---- event handlers ---------------------------------------------------------------

  keydown(e: KeyboardEvent): void {
    // ← at the start of the text and Backspace in the empty text go into the chips
    // (`multiple`); the list's keys (arrows, Page keys, Enter on an option or with none, and
    // ←/→/Home/End clearing the active option) are the controller's; what is left opens,
    // closes, retries.
    if (this.#port.multi()?.keydown(e) || this.#lb.keydown(e)) return;
    const open = this.#open && this.options.length > 0;
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        e.preventDefault();
        const up = e.key === 'ArrowUp';
        if (open) {
          if (e.altKey && up) this.open = false; // Alt+↑ closes (APG)
        } else {
          this.openNow();
          if (!e.altKey)
            void this.#el.updateComplete.then(() =>
              this.#lb.activate(up ? this.options.length - 1 : 0),
            );
        }
        return;
      }
      case 'Enter':
        // (Enter on an open list is the controller's: it picks, or closes the list.)
        e.preventDefault();
        if (this.#status === 'error' && this.#open) return this.search(true);
        this.open = false;
        this.#port.fire(this.#port.sel.commit());
        this.#port.submit();
        return;
      case 'Escape':
        if (this.#open) {
          e.preventDefault();
          this.open = false;
        } else if (this.#port.sel.text !== this.#port.sel.committedLabel) {
          // A second Escape gives the text of the committed place back.
          e.preventDefault();
          this.abort();
          this.#port.fire(this.#port.sel.revert() ?? []);
        }
        return;
      case 'Tab':
        this.open = false;
    }
  }

  /** Opens the popup with what is known for the current text (recent selections when empty). */
  openNow(): void {
    if (
      this.#engine.shownFor === this.#port.sel.text.trim() &&
      (this.options.length || (this.#status && this.#status !== 'short'))
    )
      this.open = true;
    else {
      this.#asked = true;
      this.search(true);
      this.#asked = false;
    }
  }

  /** The text box has the focus. */
  focus(): void {
    this.#pos.prepare(); // the popup's positioning, before it first opens
    if (!this.#port.sel.text && this.#el.recent) this.search();
  }

  /** With `multiple`: the chips changed, the open popup follows the field. */
  place(): void {
    if (this.#open) this.#pos.update();
  }

  disconnected(): void {
    this.abort();
    this.open = false;
    this.#listening?.abort();
    this.#pos.stop();
  }

  readonly #onDocPointer = (e: Event): void => {
    if (!e.composedPath().includes(this.#el)) this.open = false;
  };

  #optionIndex(e: Event): number {
    const el = (e.target as Element).closest('[role=option]');
    return el ? Number(el.id.slice(1)) : -1;
  }

  // ---- lifecycle ----------------------------------------------------------------------

  /** After the element's update: the popup shown or hidden, the active option cleared for a new list. */
  updated(_changed: PropertyValues): void {
    const groups = this.#changedGroups;
    const open = this.#changedOpen;
    this.#changedGroups = this.#changedOpen = false;
    if (groups && !this.#growing) this.#lb.clear();
    this.#growing = false;
    if (!open) return; // a list update reads no layout (floating.ts)
    const pop = this.#el.renderRoot.querySelector<HTMLElement>('[popover]')!;
    if (this.#open) {
      pop.showPopover?.();
      this.#pos.start();
      const o = { capture: true, signal: (this.#listening = new AbortController()).signal };
      document.addEventListener('pointerdown', this.#onDocPointer, o);
    } else {
      if (pop.matches(':popover-open')) pop.hidePopover();
      this.#listening?.abort();
      this.#pos.stop();
      this.#lb.clear();
    }
  }

  #statusText(): string {
    const lang = this.#port.lang();
    return statusText(this.#status, lang, this.#port.strings(), this.#error, this.#el.minLength);
  }

  /**
   * One option. A label longer than any place name is laid out cut (clip(): rendering stays
   * linear in what is shown); its accessible name and tooltip are the whole label, and the
   * highlights past the cut are dropped. A label the client cut already ends in an ellipsis:
   * its row shows what fits, its tooltip the rest.
   */
  #renderOption(sug: GeoSuggestion, i: number, q: string, typeId: string, size: number): unknown {
    const label = String(sug.entity.label);
    const shown = clip(label);
    const full = shown === label ? nothing : label;
    const tip = full === nothing && !label.endsWith('…') ? nothing : label;
    const m = this.#port.multi();
    const renderOption = this.#el.renderOption;
    return html`<div role="option" part="option" id=${'o' + i} aria-selected=${m ? String(m.has(sug)) : 'false'} aria-disabled=${m?.blocks(sug) ? 'true' : nothing} aria-label=${full} title=${tip}
      aria-posinset=${i + 1} aria-setsize=${size} aria-describedby=${typeId}>${
        renderOption
          ? renderOption(sug, q)
          : [
              segments(full === nothing ? label : shown.slice(0, -1), sug.matches as unknown[]).map(
                ([t, m]) => (m ? html`<mark part="match">${t}</mark>` : t),
              ),
              full === nothing ? nothing : '…',
            ]
      }</div>`;
  }

  /**
   * The popup: the list, grouped by entity type under visual headings, and the status.
   * `focusout` is the element's. To a screen reader the list is flat: each option is counted
   * over the whole list and described by its type, since the name of a group is not read
   * when the active option moves into it (the headings are hidden from it).
   */
  render(focusout: (e: FocusEvent) => void, refocus: () => void): unknown {
    const s = this.#port.strings();
    const q = this.#engine.shownFor;
    const status = this.#statusText();
    const groups = this.#shown;
    const size = this.options.length;
    let n = 0; // option number across the groups
    const typeOf = (sug: GeoSuggestion) => placeType(sug, this.#el.api);
    // One hidden description per type shown, `#t<n>` (a type is the service's text, no id).
    const described = [...new Set(groups.flatMap((g) => g.items.map(typeOf)))];
    // (Markup kept on few lines: Lit ships template text as written.)
    return html`<div popover="manual" part="popup" @focusout=${focusout}>
  <div id="lb" role="listbox" part="listbox" aria-label=${s.list} ?hidden=${!groups.length} aria-multiselectable=${this.#port.multi() ? 'true' : nothing}
    @pointerdown=${(e: Event) => e.preventDefault()}
    @click=${(e: Event) => void this.#select(this.#optionIndex(e))}
    @pointermove=${(e: Event) => {
      const el = (e.target as Element).closest<HTMLElement>('[role=option]');
      if (el && el !== this.#lb.active) this.#lb.activate(el, false);
    }}>
    ${repeat(
      groups,
      (g) => g.type,
      (g) => html`<div role="none">
<div aria-hidden="true" part="group-label">${icon(g.type)}${s.types[g.type] ?? (g.type === 'recent' ? s.recent : clip(g.type))}</div>
${repeat(g.items, keys(g.items), (sug) => this.#renderOption(sug, n++, q, 't' + described.indexOf(typeOf(sug)), size))}
</div>`,
    )}
  </div>
  <div hidden>${described.map((t, i) => html`<span id=${'t' + i}>${typeName(s, t)}</span>`)}</div>
  ${
    status
      ? html`<div part=${this.#status === 'error' ? 'status error' : 'status'} class=${this.#status}>${status}${
          this.#status === 'error'
            ? html`<button type="button" part="retry" @click=${() => (this.search(true), refocus())}>${s.retry}</button>`
            : nothing
        }</div>`
      : nothing
  }
</div>`;
  }
}
