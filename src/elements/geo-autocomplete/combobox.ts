/**
 * What typing into `<geo-autocomplete>` needs beyond the text box: the suggestion engine and
 * its client calls, the listbox and its keys, the popup with the list and the status, the
 * announcements of the list, recent places and the entity lookups. The element loads this
 * module when the browser is idle or at the first focus or pointer over it, whichever comes
 * first; until then the text box is a plain input whose text is the visitor's, and when this
 * module arrives it searches for the text already typed (geo-autocomplete.ts, `#load`).
 * The element calls it through the List interface (list.ts) and hands it a snapshot of its
 * settings; it reports back through the value model and the element's hooks. The popup's
 * markup is popup.ts (each option's highlighted label highlight.ts), the requests' timing
 * engine.ts, the popup's placement position.ts.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ApiError, GeoEntity, GeoSuggestion, GeoSuggestType } from '../../api/index.js';
import { clientFor } from '../../shared/client.js';
import { RequestController } from '../../shared/request.js';
import { reportFailure } from '../../shared/failure.js';
import { ListboxController } from '../../shared/listbox.js';
import { clip } from '../../shared/text.js';
import { GEO_SUGGEST_MAX_LIMIT } from '../../api/types/geo.js';
import { suggestGeo } from '../../api/ops.js';
import { tier } from './match.js';
import { popup } from './popup.js';
import { GeoEngine } from './engine.js';
import { PopupPosition } from './position.js';
import { statusText, type Status } from './status.js';
import { group, placeType, sameGroups, typeName, type Group } from './groups.js';
import type { EntityQuery, GeoApi, List, ListParts, ListSettings } from './list.js';

/**
 * Options a long list shows in the task of its answer (more than the popup's height holds);
 * the rest follows as many again at a time, each when the browser is idle.
 */
const FIRST = 30;

/**
 * Resolves when the browser is idle (at the latest after 500 ms): a key typed meanwhile and
 * the frame that shows the list go first.
 */
function idle(): Promise<unknown> {
  const ric = globalThis.requestIdleCallback;
  return new Promise((r) => (ric ? ric(r, { timeout: 500 }) : setTimeout(r, 50)));
}

/** The element: a Lit host in the page, whose shadow root holds the field and the popup. */
type Host = ReactiveControllerHost &
  HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };

/** The settings a change of which makes what was fetched of no use. */
const FETCH_SETTINGS = [
  'api',
  'country',
  'types',
  'limit',
  'limitPerType',
  'baseUrl',
  'client',
] as const;

/**
 * The list half of the combobox: owns the popup's state (`open`, the status, the groups on
 * screen), renders the popup and handles the keys and pointer of the list; the element
 * renders the field and keeps the value.
 */
export class Combobox implements List, ReactiveController {
  readonly #el: Host;
  readonly #parts: ListParts;
  #s: ListSettings;
  /**
   * The label of a `value` set by code: abort, stale guard, failure report
   * (src/shared/request.ts). The suggestion fetching has its own engine (engine.ts:
   * debounce, cache, back-off, sequence guard).
   */
  readonly #entity: RequestController<[EntityQuery], GeoEntity>;
  /** Keys, the active option and aria-activedescendant (src/shared/listbox.ts). */
  readonly #lb: ListboxController;
  /** When to ask and what to show meanwhile: debounce, cache, refinement, back-off, sequence guard (engine.ts). */
  readonly #engine: GeoEngine;
  /**
   * Places the popup by Floating UI, loaded from the first focus on, which reads layout on
   * open, scroll and resize only (position.ts).
   */
  readonly #pos: PopupPosition;
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
  /** A long list's next options, rendered when the browser is idle ({@link ready} waits for them). */
  #rest?: Promise<unknown>;
  /** The coming render only adds a long list's rest: the active option stays. */
  #growing = false;

  constructor(el: Host, parts: ListParts, settings: ListSettings) {
    this.#el = el;
    this.#parts = parts;
    this.#s = settings;
    this.#entity = new RequestController(el, {
      operation: 'entity',
      lang: () => this.#s.lang,
      task: (signal, q) => this.#client().getGeoEntity(q, { signal }),
      resume: false,
    });
    this.#lb = new ListboxController(el, {
      kind: 'combobox',
      owner: () => el.renderRoot.querySelector('input'),
      options: () => [...el.renderRoot.querySelectorAll<HTMLElement>('[role=option]')],
      open: () => this.#open && this.#shown.length > 0,
      pick: (o) => void this.#select(Number(o.id.slice(1))),
      close: () => (this.open = false),
      multiselect: () => !!this.#s.multi,
    });
    this.#engine = new GeoEngine({
      request: async (q, signal) => {
        const geo = this.#client();
        const s = this.#s;
        const list = await (s.api === 'v1'
          ? geo.suggestGeoV1(q, { signal })
          : geo.suggestGeo(
              {
                country: s.country,
                input: q,
                limit: s.limit,
                limitPerType: s.limitPerType,
                types: s.types.split(',').map((t) => t.trim()) as GeoSuggestType[],
              },
              { signal },
            ));
        // An answer longer than asked for (a client that does not cut, a broken service) shows
        // what was asked for: the list stays as short to render as the limit says.
        const max = s.limit >= 1 ? Math.min(s.limit, GEO_SUGGEST_MAX_LIMIT) : GEO_SUGGEST_MAX_LIMIT;
        return list.length > max ? list.slice(0, max) : list;
      },
      text: () => parts.sel.text,
      show: (q, list, exact) => this.#show(q, list, exact),
      short: (q, asked) => {
        this.#error = null;
        if (!q) return this.#show(q, parts.recents());
        // Below min-length nothing is asked, so nothing is claimed: no popup, no announcement;
        // only an explicit ↓ / Alt+↓ gets the hint "Mindestens 2 Zeichen".
        this.#setGroups([]);
        this.status = asked ? 'short' : '';
        this.open = asked && this.#focused;
      },
      pending: (kind, err) => {
        this.status = kind;
        if (err) reportFailure(el, 'suggest', err, this.#s.lang, this.#statusText());
      },
      fail: (kind, err) => this.#fail(kind, err ?? null),
      online: () => navigator.onLine,
    });
    this.#pos = new PopupPosition(
      () => el.renderRoot.querySelector<HTMLElement>('.field'),
      () => el.renderRoot.querySelector<HTMLElement>('[popover]'),
    );
    el.addController(this);
  }

  configure(next: ListSettings): void {
    const was = this.#s;
    this.#s = next;
    // What was fetched for other settings is of no use.
    if (FETCH_SETTINGS.some((k) => next[k] !== was[k])) this.#settingsChanged();
  }

  get ready(): Promise<void> {
    return (async () => {
      do {
        await this.#rest;
        await this.#el.updateComplete;
      } while (this.#rest);
    })();
  }

  get busy(): boolean {
    return this.#status === 'loading';
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

  /**
   * The `client` property, else the shared client for `base-url` (no retries: typing sends
   * the next request), with the geo operations.
   */
  #client(): GeoApi {
    const c = this.#s.client;
    // An ImmoClient, or any object with its geo methods (a host's own wrapper), is used as is.
    if (c && typeof (c as Partial<GeoApi>).suggestGeo === 'function') return c as GeoApi;
    const core = (c ?? clientFor(this.#s.baseUrl, 0)) as Parameters<typeof suggestGeo>[0];
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
   * this task and the rest {@link FIRST} at a time when the browser is idle, so that no key
   * waits for options below the popup's fold; the options keep their ids and places.
   */
  #setGroups(next: Group[], n = FIRST): void {
    this.#groups = next;
    let room = n;
    if (next.reduce((k, g) => k + g.items.length, 0) <= room) {
      this.#rest = undefined;
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
    const rest = (this.#rest = idle().then(() => {
      if (this.#rest !== rest) return; // (a newer list took its place)
      this.#growing = true;
      this.#setGroups(next, n + FIRST);
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
    const { api, country, types, limit, limitPerType, minLength, debounce } = this.#s;
    this.#engine.settings = { api, country, types, limit, limitPerType, minLength, debounce };
    return this.#engine;
  }

  /**
   * Shows what is known for the current text at once, and schedules or sends the request
   * (`now`: without debounce; `asked`: the visitor asked for the list, so that below
   * min-length it says why there is none).
   */
  search(now = false, asked = false): void {
    this.#settings().search(now, asked);
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
  #settingsChanged(): void {
    this.abort();
    if (this.#focused) this.search(true);
    else this.#engine.invalidate();
  }

  /** The browser is online again. */
  readonly #online = (): void => {
    if (this.#status === 'offline') this.search(true);
  };

  /** Shows a failed entity lookup, reported already. */
  failed(err: unknown): void {
    this.#fail('error', err as ApiError, false);
  }

  /** Shows a failure of the suggestions (reported here) or of an entity lookup (`report` false: reported already). */
  #fail(status: Status, err: ApiError | null = null, report = true): void {
    this.status = status;
    this.#error = err;
    this.#engine.failed();
    const text = this.#statusText();
    this.#parts.say.say(text);
    if (err && report) reportFailure(this.#el, 'suggest', err, this.#s.lang, text);
    this.open = this.#focused;
  }

  get #focused(): boolean {
    return this.#el.matches(':focus-within');
  }

  /** Puts a list on screen, grouped by entity type. */
  #show(q: string, list: GeoSuggestion[], exact = true): void {
    const next = group(list, !q && list.length > 0 ? 'recent' : this.#s.api);
    // The same list again (the server's answer equal to the local refinement shown a key
    // earlier, a cached answer): nothing to render, nothing new to announce. (A partner's
    // renderOption is handed the text: for it the list is the same only for the same text.)
    const same = sameGroups(next, this.#groups) && (!this.#s.renderOption || q === this.#listFor);
    this.#listFor = q;
    if (!same) this.#setGroups(next);
    this.#error = null;
    const s = this.#s.strings;
    // "No matches" only once the service's answer for this text says so; an empty local
    // refinement means the answer is still on its way.
    const status = q && !list.length ? (exact ? 'none' : 'loading') : '';
    if (q && (list.length || exact) && !(same && status === this.#status))
      this.#parts.say.soon(list.length ? s.count(list.length) : s.none);
    this.status = status;
    this.open = this.#focused && (list.length > 0 || !!this.#status);
  }

  // ---- selection ----------------------------------------------------------------------

  #select(i: number): void {
    const s = this.options[i];
    if (!s) return;
    // (with `multiple`, a pick adds or removes a place and the list stays)
    if (!this.#s.multi) {
      this.#entity.abort();
      this.abort();
      this.open = false;
    }
    this.#parts.pick(s);
    if (this.#s.multi) return;
    const str = this.#s.strings;
    this.#parts.say.say(str.chosen(clip(s.entity.label), typeName(str, placeType(s, this.#s.api))));
  }

  /** Browser autofill put text into the field: search at once and take an exact match. */
  async autofill(text: string): Promise<void> {
    const q = text.trim();
    if (this.#settings().has(q)) this.search();
    else await this.#engine.fetch(q);
    const i = this.options.findIndex((s) => tier(s.entity.label, q) === 0);
    if (i >= 0 && this.#engine.shownFor === q) this.#select(i);
  }

  entity(q: EntityQuery, signal: AbortSignal): Promise<GeoEntity> {
    return this.#client().getGeoEntity(q, { signal });
  }

  /** Looks up the label of a `value` that code set. */
  async lookUp(id: string): Promise<void> {
    try {
      const e = await this.#entity.run({ country: this.#s.country, id });
      this.#parts.sel.labelled(id, e.label, e.type);
    } catch (e) {
      // Reported by the controller already; shown in the status.
      if ((e as ApiError).kind !== 'abort') this.failed(e);
    }
  }

  // ---- event handlers ---------------------------------------------------------------

  keydown(e: KeyboardEvent): boolean {
    // The list's keys (arrows, Page keys, Enter on an option or with none, and ←/→/Home/End
    // clearing the active option) are the controller's; what is left opens, closes, retries.
    if (this.#lb.keydown(e)) return true;
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
        return true;
      }
      case 'Enter':
        // (Enter on an open list is the controller's: it picks, or closes the list. With the
        // list closed, Enter commits and submits: the element's, as without the list.)
        if (this.#status === 'error' && this.#open) {
          e.preventDefault();
          this.search(true);
          return true;
        }
        this.open = false;
        return false;
      case 'Escape': {
        const sel = this.#parts.sel;
        if (this.#open) {
          e.preventDefault();
          this.open = false;
        } else if (sel.text !== sel.committedLabel) {
          // A second Escape gives the text of the committed place back.
          e.preventDefault();
          this.abort();
          sel.revert();
        }
        return true;
      }
      case 'Tab':
        this.open = false;
    }
    return false;
  }

  /** Opens the popup with what is known for the current text (recent selections when empty). */
  openNow(): void {
    if (
      this.#engine.shownFor === this.#parts.sel.text.trim() &&
      (this.options.length || (this.#status && this.#status !== 'short'))
    )
      this.open = true;
    else this.search(true, true);
  }

  click(): void {
    if (!this.#open && this.#parts.sel.text) this.openNow();
  }

  close(): void {
    this.open = false;
  }

  /** The text box has the focus. */
  focus(): void {
    this.#pos.prepare(); // the popup's positioning, before it first opens
    if (!this.#parts.sel.text && this.#s.recent) this.search();
  }

  /** With `multiple`: the chips changed, the open popup follows the field. */
  place(): void {
    if (this.#open) this.#pos.update();
  }

  hostConnected(): void {
    addEventListener('online', this.#online);
  }

  hostDisconnected(): void {
    removeEventListener('online', this.#online);
    this.abort();
    this.open = false;
    this.#listening?.abort();
    this.#pos.stop();
  }

  readonly #onDocPointer = (e: Event): void => {
    if (!e.composedPath().includes(this.#el)) this.open = false;
  };

  // ---- lifecycle ----------------------------------------------------------------------

  /** After the element's update: the popup shown or hidden, the active option cleared for a new list. */
  hostUpdated(): void {
    const pop = this.#el.renderRoot.querySelector<HTMLElement>('[popover]');
    // (The update that takes over a server's render draws no popup, as the server drew none
    // (geo-autocomplete.ts, render): the next, asked for once this one completed, draws it.)
    if (!pop) return void this.#el.updateComplete.then(() => this.#el.requestUpdate());
    const groups = this.#changedGroups;
    const open = this.#changedOpen;
    this.#changedGroups = this.#changedOpen = false;
    if (groups && !this.#growing) this.#lb.clear();
    this.#growing = false;
    if (!open) return; // a list update reads no layout (floating.ts)
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
    const { lang, strings, minLength } = this.#s;
    return statusText(this.#status, lang, strings, this.#error, minLength);
  }

  /** The popup (popup.ts); `focusout` is the element's. */
  render(focusout: (e: FocusEvent) => void, refocus: () => void): unknown {
    const { strings, api, multi, renderOption } = this.#s;
    return popup({
      ...{ strings, api, multi, renderOption, groups: this.#shown },
      size: this.#groups.reduce((k, g) => k + g.items.length, 0),
      q: this.#engine.shownFor,
      status: this.#status,
      statusText: this.#statusText(),
      focusout,
      select: (i) => this.#select(i),
      pointerOver: (el) => el !== this.#lb.active && this.#lb.activate(el, false),
      retry: () => (this.search(true), refocus()),
    });
  }
}
