/**
 * `<project-picker>`, the shell: it keeps its properties and attributes, when the lists load
 * (connecting, a new client, token or project), the choice of a project in the project list
 * (with its keys), the add flow behind `addListings()` with its results and events, taking
 * over a server's render, and the entries' scroll stop. The other jobs went to modules of
 * their own: the four requests and what they read to requests.ts, the listing picker to
 * listing-picker.ts (a controller; what a choice does to choice.ts), the panes' templates
 * to panes.ts (their small shared pieces to markup.ts), the paging of long lists to
 * the kernel's src/shared/pages.ts, and the rules and the project's derived state to rules.ts.
 */
import { LitElement, html, isServer, nothing, type PropertyValues, type TemplateResult } from 'lit';
import type { ClientBase } from '../../api/core.js';
import { ApiError } from '../../api/errors.js';
import type { ProjectEntryResult } from '../../api/types.js';
import { LocalizeController, type Lang } from '../../shared/i18n.js';
import { Connection, LANG_PROPERTY } from '../../shared/client.js';
import { serverRendered } from '../../shared/hydration.js';
import { AuthController } from '../../shared/auth.js';
import { Announcer } from '../../shared/announce.js';
import { ListboxController } from '../../shared/listbox.js';
import { EntryAddedEvent, ProjectSelectEvent } from './events.js';
import { ListingPicker } from './listing-picker.js';
import { entriesPane, projectsPane, type PaneContext, type PickerList } from './panes.js';
import { styles } from './project-picker.styles.js';
import { PickerRequests } from './requests.js';
import {
  addRefusal,
  isRefusal,
  parseFacts,
  projectName,
  projectState,
  refusalContext,
  refusedItems,
  whyRefused,
  type AddResults,
  type ProjectFacts,
} from './rules.js';
import { Pages } from '../../shared/pages.js';
import { STRINGS, type Strings } from './strings.js';

export type { ProjectFacts } from './rules.js';

/**
 * Lists a logged-in property developer's building projects and their listings, and adds
 * the developer's own published listings to a project (docs/interface.md#building-projects).
 *
 * Several chosen listings are added with ONE request: its `realEstateProjectEntries` body
 * holds one `realEstateProjectEntry` per listing. The response carries one entry per
 * listing, each with its own `messageCode`, so partial success is shown per listing:
 * `MESSAGE_RESOURCE_CREATED` entries join the project, every other entry is shown as the
 * refusal it is, and the refused listings stay selected.
 *
 * The service's rules are applied in advance only where the picker knows the facts
 * (rules.ts). The project list does not say whether a project is published or which product
 * it has booked; the number of entries comes from the entries list the picker loads anyway.
 * A partner who knows publication state or product says so with `projectFacts`; then an
 * unpublished project takes no entries (the action is disabled and explained) and a BASIC
 * project at most 15 (the picker says how many more fit and refuses more). Where the facts
 * are unknown the add is sent, and a refusal by the service is explained per listing in
 * words, from what the picker knows (e.g. "the project holds 15 listings: if it is BASIC it
 * is full", or "it is probably not published yet"). The picker offers only the user's own
 * listings that are not in the project yet, and never those it knows are not published.
 *
 * Authentication: set the `token` property (sent as `Authorization: Bearer …`), or give a
 * `client` whose auth hook adds headers (e.g. the partner's backend signs requests). A 401
 * fires `auth-required` once per episode (src/shared/auth.ts); what failed waits, an
 * `addListings()` promise included, and setting a new `token` or `client`, or calling
 * `reload()` once the auth hook has fresh credentials, re-runs it.
 *
 * @tagname project-picker
 * @summary Building projects of the logged-in user, with a keyboard-friendly picker to add listings.
 *
 * @attr lang - `de` (default) or `en`; an ancestor's `lang` counts too.
 * @attr project-facts - JSON of {@link ProjectPicker.projectFacts}, e.g. `{"4700101":{"published":true,"product":"BASIC"}}`.
 *
 * @fires project-select - ProjectSelectEvent: the visitor chose a project (`projectId`, `project`).
 * @fires entry-added - EntryAddedEvent: the service created an entry (`projectId`, `realEstateId`, `message`), one event per listing.
 * @fires auth-required - AuthRequiredEvent: the service answered 401 (`operation`, `error`); set a new `token` to continue.
 * @fires request-failed - FailureEvent: a request failed ('projects', 'entries', 'realestates', 'add');
 *   carries `operation`, `kind`, the `text` shown and the client's `error` for developers.
 *
 * @csspart project-list - The listbox of projects.
 * @csspart skeleton - Loading placeholders (aria-hidden): the project list's six project shapes, the open
 *   project's entry shapes, the hidden copies of the six-project list that keep the list's and the entries
 *   box's height, and the same shapes, still and fading, under an error or an empty sentence.
 * @csspart entries - The list of listings in the chosen project; it scrolls inside the entries box (as tall
 *   as the project list) and is then a tab stop.
 * @csspart empty - "You have no building projects yet." and "This project has no listings yet."
 * @csspart add - The button that opens the listing picker.
 * @csspart picker - The listing picker panel.
 * @csspart label - The label of the search field.
 * @csspart input - The search field that filters the picker.
 * @csspart listing-list - The multi-select listbox of the user's listings.
 * @csspart submit - The button that adds the chosen listings.
 * @csspart cancel - The button that closes the picker.
 * @csspart results - The per-listing outcome of the last add.
 * @csspart error - Error boxes (role alert) with their retry button.
 * @csspart retry - The retry button of an error.
 * @csspart auth - The "sign-in required" notice (role alert), styled like the error box.
 *
 * @cssprop [--immo-font-family=system-ui, sans-serif] - Font family.
 * @cssprop [--immo-font-size=15px] - Font size.
 * @cssprop [--immo-color-text] - Text colour; unset, the page's text colour.
 * @cssprop [--immo-color-text-muted] - Secondary text; unset, the text colour at 72 %.
 * @cssprop [--immo-color-surface=transparent] - Background of the element.
 * @cssprop [--immo-color-field=transparent] - Background of the search field.
 * @cssprop [--immo-color-accent=#0b5cad] - Buttons and the active option's frame (dark #7db7f5).
 * @cssprop [--immo-color-on-accent=#fff] - Text on accent-coloured buttons (dark #0d1b2a).
 * @cssprop [--immo-color-border=#8a8f98] - Borders of lists, boxes and fields (dark #8f8f98).
 * @cssprop [--immo-color-skeleton=color-mix(in srgb, currentColor 13%, transparent)] - Colour of the loading
 *   placeholder's shapes (shared by the five elements).
 * @cssprop [--immo-color-error=#b3261e] - Errors and refused listings (dark #ff8a80).
 * @cssprop [--immo-color-success=#1b6e2d] - Added listings in the results (dark #7ed996).
 * @cssprop [--immo-color-active=#e3eefa] - Background of selected options (dark #22344a).
 * @cssprop [--immo-radius=6px] - Corner radius.
 * @cssprop [--immo-focus-ring=0 0 0 3px #0b5cad73] - Focus ring, a box-shadow.
 * @cssprop [--immo-space=12px] - Padding of boxes.
 * @cssprop [--immo-project-picker-list-height=640px] - Maximum height of each listbox (six projects fit without
 *   an inner scroll); the project list and the open project's entries box are as tall as six projects, at most
 *   this.
 */
export class ProjectPicker extends LitElement {
  static override styles = styles;

  // `static properties`: the codebase uses no decorators.
  static override properties = {
    _results: { state: true, attribute: false },
    baseUrl: { attribute: 'base-url' },
    client: { attribute: false },
    token: { attribute: false },
    projectId: {
      attribute: 'project-id',
      reflect: true,
      // (A server writes no empty project-id: `project-picker[project-id]:not(:defined)` is the
      // placeholder height of an open project, docs/embedding.md.)
      converter: { toAttribute: (v: string) => (isServer && !v ? null : v) },
    },
    projectFacts: { attribute: 'project-facts', converter: { fromAttribute: parseFacts } },
    ...LANG_PROPERTY,
  };

  /** Service root including /restapi/api; used when no `client` is given. */
  baseUrl = '/restapi/api';

  /**
   * A configured client: an ImmoClient, or the lighter ClientCore (auth hook, credentials …)
   * or ClientBase it extends; replaces the one built from `base-url` (a ClientBase).
   */
  client?: ClientBase;

  /**
   * The user's bearer token (never an attribute, so it stays out of the markup); a new value
   * re-runs what failed (an add refused with 401, any failed load) and a request answered 401
   * while the value changed.
   */
  token?: string;

  /**
   * Id of the chosen project; set it to open a project, read it (or listen to
   * `project-select`) to learn the visitor's choice.
   */
  projectId = '';

  /**
   * What the partner knows about its projects and the project list does not say, by project
   * id: `{ "4700101": { published: true, product: "BASIC" } }`. With it the picker applies
   * "published before adding" and "BASIC at most 15" before sending; without it, it sends
   * the add and explains the service's refusal. Also the `project-facts` attribute (JSON).
   */
  projectFacts?: Record<string, ProjectFacts>;

  /** Language of the element (`de` default, `en`); an ancestor's `lang` counts too. */
  override lang!: string;

  /** The last add's results, and how many entries the project held before it. */
  private _results?: AddResults;

  /** The strings of its language; renders wait for English (src/shared/i18n.ts). */
  readonly #i18n = new LocalizeController(this, STRINGS);
  /** `client` or the shared client for `base-url`, and the language (an ancestor's included). */
  readonly #conn = new Connection(this);
  /** Status messages for screen readers: what loaded, was chosen, found, added or refused. */
  readonly #statusMessages = new Announcer(this);
  /** How much of each long list renders, a page of 100 at a time (src/shared/pages.ts). */
  readonly #pages = new Pages<PickerList>(this, {
    first: 100,
    page: 100,
    words: () => ({
      more: (key, n) => this.#s.showMore(n, key === 'entries' ? 'listings' : key),
      shown: (_, shown, all) => this.#s.shownOf(shown, all),
      said: (_, shown, all) => `${this.#s.shownOf(shown, all)}.`,
    }),
    say: (text) => this.#statusMessages.say(text),
  });
  /** One auth episode for all four operations (src/shared/auth.ts). */
  readonly #auth = new AuthController(this);
  /** The four requests, the open project's entries and the user's listings (requests.ts). */
  readonly #data = new PickerRequests(this, {
    auth: this.#auth,
    conn: this.#conn,
    say: (text) => this.#statusMessages.say(text),
  });
  /** The listing picker under the open project (listing-picker.ts). */
  readonly #picker = new ListingPicker(this, {
    data: this.#data,
    pages: this.#pages,
    lang: () => this.#lang,
    say: (text) => this.#statusMessages.say(text),
    add: (ids) => void this.addListings(ids),
    opener: () => this.renderRoot.querySelector<HTMLElement>('#add'),
  });
  /** Keys, type-ahead and the active option of the project list (src/shared/listbox.ts). */
  readonly #projectsLb = new ListboxController(this, {
    kind: 'listbox',
    owner: () => this.renderRoot.querySelector<HTMLElement>('#pl'),
    options: () => [...this.renderRoot.querySelectorAll<HTMLElement>('#pl>[role=option]')],
    // Focus without an active option starts on the chosen project.
    initial: () =>
      this.renderRoot.querySelector<HTMLElement>('#pl>[aria-selected=true]') ?? undefined,
    label: (el) => el.querySelector('.name')?.textContent ?? '',
    pick: (el) => void this.#choose(Number(el.id.slice(1))),
  });
  /** A connect happened: the next update loads the lists. */
  #pendingLoad = false;
  /**
   * The first update takes over a shadow root a server rendered (docs/embedding.md, "Server
   * rendering"): it renders the server's state, lists loading, and a wait for sign-in shows
   * in the update after.
   */
  #hydrating = false;
  /**
   * The entries' list scrolls inside its box when more entries than fit: then it is a tab stop
   * (named by the pane's heading), so a keyboard can scroll it (WCAG 2.1.1).
   */
  #fit?: ResizeObserver;
  /** The entries list {@link #fit} observes. */
  #fitted: HTMLElement | null = null;

  get #lang(): Lang {
    return this.#conn.lang;
  }

  get #s(): Strings {
    return STRINGS[this.#lang];
  }

  protected override scheduleUpdate(): void | Promise<unknown> {
    return this.#i18n.wait(() => super.scheduleUpdate());
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Every connect loads: a disconnect aborted what was on its way (RequestController).
    this.#pendingLoad = true;
    this.requestUpdate();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // On a server nothing is asked: the lists render as loading (panes.ts), the browser asks.
    if (isServer) return;
    if (!this.isConnected) return; // nothing loads while detached; connecting loads again
    if (this.#pendingLoad) {
      this.#pendingLoad = false;
      this.reload();
      return;
    }
    if (changed.has('client') || changed.has('baseUrl')) this.reload();
    else if (changed.has('token')) this.#data.recover(this.projectId);
    if (changed.has('projectId') && !this.#data.isOpen(this.projectId)) this.#openProject();
  }

  /**
   * Reloads the projects, the chosen project's listings and the user's listings (keeps what
   * is shown meanwhile); an add that waited for credentials runs again.
   */
  reload(): void {
    this.#data.reload(this.projectId);
  }

  /** The host or the visitor opened another project: the picker and the last add are reset, its listings load. */
  #openProject(): void {
    this._results = undefined;
    this.#picker.reset();
    this.#pages.reset('entries', 'listings', 'results');
    this.#data.open(this.projectId);
  }

  async #choose(i: number): Promise<void> {
    const p = this.#data.projects.value?.[i];
    if (!p || p.id === this.projectId) return;
    this.projectId = p.id;
    this.#statusMessages.say(this.#s.selected(projectName(p, this.#s)));
    await this.updateComplete;
    this.dispatchEvent(new ProjectSelectEvent(p.id, p));
  }

  /**
   * Adds real estates to the chosen project with one request (one entry per id) and
   * resolves with the service's answer per listing ([] when a rule refused them before the
   * request, when the request failed, or when it is waiting for a new token). Ids the
   * element does not know as the user's listings are sent anyway: the service decides.
   */
  async addListings(realEstateIds: string[]): Promise<ProjectEntryResult[]> {
    const s = this.#s;
    const data = this.#data;
    const pid = this.projectId;
    const p = data.project(pid);
    if (data.add.pending) return [];
    const ids = [...new Set(realEstateIds.map(String))];
    const known = p && projectState(p, this.projectFacts, data.countOf(pid), s);
    const refusal = known
      ? addRefusal(
          ids,
          {
            facts: known.facts,
            count: known.count,
            inProject: data.inProject(pid),
            own: data.ownById,
          },
          s,
        )
      : s.noProject;
    if (refusal || !known) {
      this.#picker.note(refusal);
      this.#statusMessages.say(refusal);
      return [];
    }
    this.#picker.note('');
    const before = known.count;
    let items: ProjectEntryResult[];
    try {
      // While it waits for new credentials (auth.ts) the promise stays pending, the choice kept.
      items = await data.add.run(pid, ids);
    } catch (e) {
      if (ApiError.is(e) && e.kind === 'abort') return [];
      if (isRefusal(e)) {
        // The service refused the whole request: one result per listing sent.
        this.#pages.reset('results');
        const r = (this._results = {
          projectId: pid,
          items: refusedItems(ids, e.messages),
          before,
        });
        this.#statusMessages.say(`${s.addedSummary(0, ids.length)} ${this.#why(r.items[0]!, r)}`);
      } else {
        this._results = undefined;
        this.#statusMessages.say(`${s.errAdd} ${data.add.text(this.#lang)}`);
      }
      data.refresh(pid, this.projectId);
      return [];
    }
    const ok = items.filter((x) => x.ok);
    const okIds = ok.map((x) => x.realEstateId);
    const r = (this._results = { projectId: pid, items, before });
    this.#pages.reset('results');
    data.added(pid, okIds);
    const refused = items.find((x) => !x.ok);
    this.#statusMessages.say(
      s.addedSummary(ok.length, items.length) + (refused ? ` ${this.#why(refused, r)}` : ''),
    );
    await this.#picker.added(new Set(okIds), ok.length > 0 && ok.length === items.length);
    for (const x of ok)
      this.dispatchEvent(new EntryAddedEvent(pid, x.realEstateId, x.message ?? ''));
    data.refresh(pid, this.projectId);
    return items;
  }

  /** Why the service did not add listing `x` of the add `r`, in the visitor's words (rules.ts). */
  #why(x: ProjectEntryResult, r: AddResults): string {
    const p = this.#data.project(r.projectId);
    if (!p) return this.#s.whyNoAnswer;
    const known = projectState(p, this.projectFacts, this.#data.countOf(p.id), this.#s);
    return whyRefused(x, refusalContext(r, known, this.#data.ownById), this.#s);
  }

  #scrollStop(): void {
    const box = this.renderRoot.querySelector<HTMLElement>('#es');
    if (!box) return;
    if (box.scrollHeight > box.clientHeight + 1) box.tabIndex = 0;
    else box.removeAttribute('tabindex');
  }

  protected override update(changed: PropertyValues<this>): void {
    this.#hydrating = serverRendered(this);
    super.update(changed);
    if (!this.#hydrating) return;
    this.#hydrating = false;
    if (this.#auth.waiting) queueMicrotask(() => this.requestUpdate());
  }

  protected override updated(): void {
    const box = this.renderRoot.querySelector<HTMLElement>('#es');
    // (made here, in the browser: a server renders the element without it)
    this.#fit ??= new ResizeObserver(() => this.#scrollStop());
    // Observed again only when the list is another element: a new observation reports at
    // once, so one made on every update would report after every update.
    if (box !== this.#fitted) {
      this.#fit.disconnect();
      if (box) this.#fit.observe(box);
      this.#fitted = box;
    }
    this.#scrollStop();
  }

  protected override render(): TemplateResult {
    const s = this.#s;
    const c: PaneContext = {
      s,
      lang: this.#lang,
      data: this.#data,
      pages: this.#pages,
      facts: this.projectFacts,
      projectId: this.projectId,
    };
    const p = this.#data.project(this.projectId);
    const known = p && projectState(p, this.projectFacts, this.#data.countOf(p.id), s);
    const picker = this.#picker;
    return html`<div class="base" lang=${this.#lang}>
      ${
        this.#auth.waiting && !this.#hydrating
          ? html`<div class="full" part="auth" role="alert">
              <strong>${s.authTitle}</strong> ${s.authText}
            </div>`
          : nothing
      }
      ${projectsPane(c, {
        listbox: this.#projectsLb,
        choose: (i) => void this.#choose(i),
        hydrating: this.#hydrating,
      })}
      ${entriesPane(c, {
        open: picker.state.open,
        toggle: () => picker.toggle(known),
        panel: picker.panel(this.projectId, known),
        results: this._results,
      })}
      ${this.#statusMessages.region()}
    </div>`;
  }
}
