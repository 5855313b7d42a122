import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { OwnRealEstate } from '../../api/types.js';
import type { Lang } from '../../shared/i18n.js';
import { ListboxController } from '../../shared/listbox.js';
import { clip } from '../../shared/text.js';
import { chooseAll, toggleChoice, type Choice } from './choice.js';
import { COMMA, errorBox, joined, line, stateBadge } from './markup.js';
import type { Pages } from '../../shared/pages.js';
import type { PickerList } from './panes.js';
import type { PickerRequests } from './requests.js';
import { addressLine, publishedOf, searchListings, typeLabel, type ProjectState } from './rules.js';
import { STRINGS } from './strings.js';

type Host = ReactiveControllerHost &
  HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };

export interface ListingPickerOptions {
  /** The user's listings and the add request (requests.ts). */
  data: PickerRequests;
  /** How much of the list renders (src/shared/pages.ts). */
  pages: Pages<PickerList>;
  /** The element's language. */
  lang(): Lang;
  /** Says a message to a screen reader (src/shared/announce.ts). */
  say(text: string): void;
  /** Adds the chosen listings (the element's `addListings`). */
  add(ids: string[]): void;
  /** The button that opens the picker: the focus goes back to it when the picker closes. */
  opener(): HTMLElement | null | undefined;
}

/** What the picker holds. */
interface PickerState {
  /** The panel is open. */
  open: boolean;
  /** The search field's text. */
  query: string;
  /** The ids of the chosen listings, in the order chosen. */
  chosen: readonly string[];
  /** Why the last step did nothing (a limit, a refusal before sending), or ''. */
  notice: string;
}

const CLOSED: PickerState = { open: false, query: '', chosen: [], notice: '' };

/**
 * project-picker's listing picker, a controller of the element: the panel the add button
 * discloses, with a search field that filters the user's own listings (requests.ts) and a
 * multi-select listbox of those that are not in the open project yet (WAI-ARIA APG listbox:
 * keys and type-ahead from src/shared/listbox.ts; Ctrl+A chooses all that fit; Escape closes),
 * and the button that adds the chosen ones. Choosing follows choice.ts.
 *
 * It renders into the element's own shadow root, so the add button's `aria-controls`, the
 * field's `aria-describedby` and the parts (`picker`, `input`, `listing-list` …) stay where
 * a page and a screen reader find them. Its state is its own: each change renders the host
 * again, as a request's state does (src/shared/request.ts).
 */
export class ListingPicker {
  readonly #host: Host;
  readonly #o: ListingPickerOptions;
  #state: PickerState = CLOSED;
  /** The open project as the panel last showed it: its room bounds the choice. */
  #project?: ProjectState;
  readonly #listbox: ListboxController;

  constructor(host: Host, o: ListingPickerOptions) {
    this.#host = host;
    this.#o = o;
    this.#listbox = new ListboxController(host, {
      kind: 'listbox',
      owner: () => host.renderRoot.querySelector<HTMLElement>('#lb'),
      options: () => [...host.renderRoot.querySelectorAll<HTMLElement>('#lb>[role=option]')],
      label: (el) => el.querySelector('.name')?.textContent ?? '',
      pick: (el) => {
        // Option ids follow the position in the user's whole list.
        const listing = o.data.own.value?.[Number(el.id.slice(1))];
        if (listing) this.#toggle(listing);
      },
    });
  }

  get state(): Readonly<PickerState> {
    return this.#state;
  }

  #set(change: Partial<PickerState>): void {
    this.#state = { ...this.#state, ...change };
    this.#host.requestUpdate();
  }

  get #s() {
    return STRINGS[this.#o.lang()];
  }

  /** Another project opened: closed, nothing chosen, no search. */
  reset(): void {
    this.#set(CLOSED);
  }

  /** Shows `notice` under the list ('' hides it): why an add was refused before it was sent. */
  note(notice: string): void {
    this.#set({ notice });
  }

  /**
   * An add put `ids` into the project: they are no longer chosen. When every listing sent
   * was added (`all`), the picker closes without its search and the focus goes back to the
   * add button.
   */
  async added(ids: ReadonlySet<string>, all: boolean): Promise<void> {
    this.#set({ chosen: this.#state.chosen.filter((id) => !ids.has(id)) });
    if (!all) return;
    this.#set({ query: '' });
    await this.close();
  }

  /**
   * The add button: opens the picker (loading the user's listings, focus in the search
   * field) or closes it. An open project that takes no listings (`project.rule`) keeps it
   * closed and says why.
   */
  toggle(project: ProjectState | undefined): void {
    if (!this.#state.open && project?.rule) return this.#o.say(project.rule);
    const open = !this.#state.open;
    this.#set({ open, notice: '' });
    if (!open) return;
    void this.#o.data.loadOwn();
    void this.#host.updateComplete.then(() =>
      this.#host.renderRoot.querySelector<HTMLElement>('#q')?.focus(),
    );
  }

  /** Closes the picker; the focus goes back to the add button. */
  async close(): Promise<void> {
    this.#set({ open: false, notice: '' });
    await this.#host.updateComplete;
    this.#o.opener()?.focus();
  }

  #apply(c: Choice): void {
    this.#set(
      c.notice === undefined ? { chosen: c.chosen } : { chosen: c.chosen, notice: c.notice },
    );
    if (c.say) this.#o.say(c.say);
  }

  #toggle(o: OwnRealEstate): void {
    this.#apply(toggleChoice(o, this.#state.chosen, this.#project?.room ?? 0, this.#s));
  }

  /** Listings of `candidates` the search finds. */
  #visible(candidates: OwnRealEstate[]): OwnRealEstate[] {
    return searchListings(candidates, this.#state.query, this.#s);
  }

  /** Filters the list and says how many listings match (WCAG 4.1.3: a search's result count is a status message). */
  #search(e: Event, candidates: OwnRealEstate[]): void {
    this.#set({ query: (e.target as HTMLInputElement).value });
    this.#o.pages.reset('listings');
    this.#o.say(this.#s.found(this.#visible(candidates).length));
  }

  /** ↓ moves into the list; Escape empties the search, and closes the picker when it is empty. */
  #searchKey(e: KeyboardEvent): void {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      this.#host.renderRoot.querySelector<HTMLElement>('#lb')?.focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      if (this.#state.query) this.#set({ query: '' });
      else void this.close();
    }
  }

  #listKey(e: KeyboardEvent, visible: OwnRealEstate[]): void {
    if (e.key === 'Escape') {
      e.preventDefault();
      void this.close();
    } else if (e.key.toLowerCase() === 'a' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      this.#apply(chooseAll(visible, this.#state.chosen, this.#project?.room ?? 0, this.#s));
    } else this.#listbox.keydown(e);
  }

  #submit(): void {
    const { chosen } = this.#state;
    if (chosen.length) return this.#o.add([...chosen]);
    this.note(this.#s.chooseFirst);
    this.#o.say(this.#s.chooseFirst);
  }

  /** The panel for the open project `project` (`projectId` its id), or nothing while it is closed. */
  panel(projectId: string, project: ProjectState | undefined): TemplateResult | typeof nothing {
    this.#project = project;
    if (!this.#state.open || !project || project.rule) return nothing;
    const s = this.#s;
    const { data, pages } = this.#o;
    const { query, chosen, notice } = this.#state;
    const candidates = data.candidates(projectId);
    const visible = this.#visible(candidates);
    // Option ids follow the position in the full list, so they stay put while filtering.
    const idx = new Map(data.own.value?.map((o, i) => [o.id, i]));
    const n = chosen.length;
    const chosenSet = new Set(chosen);
    const full = n >= project.room;
    const own = data.own;
    // `.value` needs no live(): every input event copies the field into the query, so the
    // value rendered last is always the field's own (Escape and a finished add reset both).
    return html`<div id="picker" class="box" part="picker" role="group" aria-labelledby="pkh">
      <h3 id="pkh">${s.pickerLabel}</h3>
      <p class="muted" id="fits">${project.fits} ${s.chosen(n)}</p>
      ${own.status === 'pending' ? html`<p class="muted" role="status">${s.ownLoading}</p>` : nothing}
      ${own.error ? errorBox(s.errOwn, own, this.#o.lang(), () => data.loadOwn(true)) : nothing}
      <label for="q" part="label">${s.search}</label>
      <input
        id="q"
        type="search"
        part="input"
        autocomplete="off"
        aria-controls=${visible.length ? 'lb' : nothing}
        aria-describedby="fits"
        .value=${query}
        @input=${(e: Event) => this.#search(e, candidates)}
        @keydown=${(e: KeyboardEvent) => this.#searchKey(e)}
      />
      ${
        visible.length
          ? html`<ul
                id="lb"
                role="listbox"
                part="listing-list"
                aria-labelledby="pkh"
                aria-multiselectable="true"
                tabindex="0"
                @keydown=${(e: KeyboardEvent) => this.#listKey(e, visible)}
                @focus=${() => this.#listbox.focus()}
              >
                ${pages.rows('listings', visible).map((o) => {
                  const sel = chosenSet.has(o.id);
                  // Each part clipped by itself, so a long address cannot hide the id after it.
                  const meta = [typeLabel(o.type, s), addressLine(o.address), s.idLabel(o.id)].map(
                    (x) => clip(x),
                  );
                  const state = stateBadge(publishedOf(data.ownById, o.id), this.#o.lang());
                  return html`<li
                    role="option"
                    id="l${idx.get(o.id)}"
                    aria-selected=${String(sel)}
                    aria-disabled=${String(o.published === false || (full && !sel))}
                    @click=${(e: Event) => (this.#listbox.activate(e.currentTarget as HTMLElement, false), this.#toggle(o))}
                  >
                    ${line(o.title || s.listing(o.id), 'name')}${COMMA}
                    ${joined(meta, 'muted')}${state === nothing ? nothing : COMMA}
                    ${state}${o.published === false ? html`${COMMA} <span class="muted">${s.cannotAdd}</span>` : nothing}
                  </li>`;
                })}
              </ul>
              ${pages.button('listings', visible.length, 'lb')}`
          : own.value
            ? html`<p>${candidates.length ? s.noMatch(clip(query)) : s.noCandidates}</p>`
            : nothing
      }
      ${notice ? html`<p class="err">${notice}</p>` : nothing}
      <div class="row">
        <button
          part="submit"
          aria-disabled=${String(!n || data.add.pending)}
          @click=${() => this.#submit()}
        >
          ${data.add.pending ? s.adding : n ? s.submit(n) : s.submitNone}
        </button>
        <button part="cancel" @click=${() => void this.close()}>${s.cancel}</button>
      </div>
    </div>`;
  }
}
