import { LitElement, html, isServer, nothing, type PropertyValues, type TemplateResult } from 'lit';
import type { ClientBase, CallOptions } from '../../api/core.js';
import { ApiError } from '../../api/errors.js';
import {
  addProjectEntries,
  listOwnRealEstates,
  listProjectEntries,
  listProjects,
} from '../../api/ops.js';
import {
  BASIC_PROJECT_MAX_ENTRIES,
  type OwnRealEstate,
  type ProjectEntryResult,
  type RealEstateProject,
  type RealEstateProjectEntry,
} from '../../api/types.js';
import { LocalizeController, type Lang } from '../../shared/i18n.js';
import { Connection, LANG_PROPERTY } from '../../shared/client.js';
import { RequestController, type RequestOptions } from '../../shared/request.js';
import { serverRendered } from '../../shared/hydration.js';
import { clip } from '../../shared/text.js';
import { AuthController } from '../../shared/auth.js';
import { Announcer } from '../../shared/announce.js';
import { ListboxController } from '../../shared/listbox.js';
import { EntryAddedEvent, ProjectSelectEvent } from './events.js';
import { styles } from './project-picker.styles.js';
import {
  addRefusal,
  addressLine,
  addRule,
  factsOf,
  fitsText,
  hasFacts,
  isRefusal,
  parseFacts,
  publishedOf,
  refusedItems,
  roomLeft,
  searchListings,
  stateWord,
  typeLabel,
  usageParts,
  whyRefused,
  type ProjectFacts,
} from './rules.js';
import { Pages } from '../../shared/pages.js';
import { STRINGS, type Strings } from './strings.js';

export type { ProjectFacts } from './rules.js';

/** Between two parts of an option's name that the layout sets apart: a comma, heard only. */
const COMMA = html`<span class="sr">,</span>`;
/** Between two parts of a line: a middle dot to the eye, a comma to a screen reader. */
const SEP = html`${COMMA}<span aria-hidden="true"> ·</span>`;

/** The last add's results, and how many entries the project held before it (when known). */
interface AddResults {
  projectId: string;
  items: ProjectEntryResult[];
  before?: number | undefined;
}

/** What an error box needs of the request that failed. */
type Failed = Pick<RequestController<[], unknown>, 'text' | 'retry'>;

/**
 * Whether a load shows as loading: on its way (or waiting for credentials) and not a quiet
 * reload (its first argument) behind what is already shown. A server renders every list as
 * loading: the browser asks.
 */
const loudly = (req: {
  readonly pending: boolean;
  readonly args: readonly [boolean, ...unknown[]] | undefined;
}) => isServer || (req.pending && !req.args?.[0]);

/**
 * The project list's skeleton while it loads: a list box of six projects (the number the
 * list's height is made for, --immo-project-picker-list-height), each a name and a usage line
 * as grey bars, and the state badge's line when the partner passes projectFacts (the badge
 * has a line of its own). Afterwards a hidden copy keeps that height under the list (or an
 * error, or "no projects"), so nothing under the picker moves up; more than six projects
 * grow the list. `ghost`: still and fading under an error or "no projects" (src/shared/styles.ts,
 * .ghost), the frame of the list that is not there.
 */
const skeletonList = (badge: string, ghost = false) =>
  html`<ul class="sklist ${ghost ? 'ghost' : ''}" part="skeleton" aria-hidden="true" inert>${[
    16, 19, 14, 17, 12, 18,
  ].map(
    (n, i) =>
      html`<li class="skopt"><span class="name"><span class="bone">${'\u2007'.repeat(n)}</span></span>${badge ? html`<span class="badge"><span class="bone">${badge}</span></span>` : nothing}<span class="muted usage"><span class="bone">${'\u2007'.repeat(12 + ((i * 5) % 7))}</span></span></li>`,
  )}</ul>`;

/** The entries' skeleton while they load: six rows of a listing's title, id and state as grey bars (aria-hidden); `ghost`: still and fading under an error or "no listings yet". */
const skeletonEntries = (ghost = false) =>
  html`<ul class="entries ${ghost ? 'ghost' : ''}" part="skeleton" aria-hidden="true" inert>${[
    22, 17, 25, 19, 23, 15,
  ].map(
    (n) =>
      html`<li><span class="bone">${'\u2007'.repeat(n)}</span> <span class="muted"><span class="bone">${'\u2007'.repeat(11)}</span></span></li>`,
  )}</ul>`;

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
 * @fires request-failed - FailureEvent: a request failed ('projects', 'entries', 'realestates', 'add'); carries `operation`, `kind`, the `text` shown and the client's `error` for developers.
 *
 * @csspart project-list - The listbox of projects.
 * @csspart skeleton - Loading placeholders (aria-hidden): the project list's six project shapes, the open project's entry shapes, the hidden copies of the six-project list that keep the list's and the entries box's height, and the same shapes, still and fading, under an error or an empty sentence.
 * @csspart entries - The list of listings in the chosen project; it scrolls inside the entries box (as tall as the project list) and is then a tab stop.
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
 * @cssprop [--immo-color-skeleton=color-mix(in srgb, currentColor 13%, transparent)] - Colour of the loading placeholder's shapes (shared by the five elements).
 * @cssprop [--immo-color-error=#b3261e] - Errors and refused listings (dark #ff8a80).
 * @cssprop [--immo-color-success=#1b6e2d] - Added listings in the results (dark #7ed996).
 * @cssprop [--immo-color-active=#e3eefa] - Background of selected options (dark #22344a).
 * @cssprop [--immo-radius=6px] - Corner radius.
 * @cssprop [--immo-focus-ring=0 0 0 3px #0b5cad73] - Focus ring, a box-shadow.
 * @cssprop [--immo-space=12px] - Padding of boxes.
 * @cssprop [--immo-project-picker-list-height=640px] - Maximum height of each listbox (six projects fit without an inner scroll); the project list and the open project's entries box are as tall as six projects, at most this.
 */
export class ProjectPicker extends LitElement {
  static override styles = styles;
  /** The strings of its language; renders wait for English (src/shared/i18n.ts). */
  readonly #i18n = new LocalizeController(this, STRINGS);
  /** `client` or the shared client for `base-url`, and the language (an ancestor's included). */
  readonly #conn = new Connection(this);
  /** Status messages for screen readers: what loaded, was chosen, found, added or refused. */
  readonly #statusMessages = new Announcer(this);
  /** How much of each long list renders, a page of 100 at a time (src/shared/pages.ts). */
  readonly #pages = new Pages<'projects' | 'entries' | 'listings' | 'results'>(this, {
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

  /** The project list. Argument: quiet (a reload behind the list shown, not announced). */
  readonly #projectsReq = new RequestController<[quiet: boolean], RealEstateProject[]>(this, {
    ...this.#requestOptions('projects'),
    task: (signal) => listProjects(this.#api, this.#callOptions(signal)),
    onComplete: (list, quiet) => {
      if (!quiet) this.#statusMessages.say(this.#s.loadedProjects(list.length));
    },
  });
  /** The open project's entries. Arguments: quiet, the project's id. */
  readonly #entriesReq = new RequestController<
    [quiet: boolean, projectId: string],
    RealEstateProjectEntry[]
  >(this, {
    ...this.#requestOptions('entries'),
    task: (signal, _quiet, id) => listProjectEntries(this.#api, id, this.#callOptions(signal)),
    onComplete: (list, quiet, id) => {
      this._entries = { projectId: id, list };
      if (!quiet) this.#statusMessages.say(this.#s.loadedEntries(list.length));
    },
  });
  /** The user's own listings, which the picker offers. */
  readonly #ownReq = new RequestController<[], OwnRealEstate[]>(this, {
    ...this.#requestOptions('realestates'),
    task: (signal) => listOwnRealEstates(this.#api, this.#callOptions(signal)),
  });
  /** Adding listings to a project: one request for all of them. */
  readonly #addReq = new RequestController<
    [projectId: string, realEstateIds: string[]],
    ProjectEntryResult[]
  >(this, {
    ...this.#requestOptions('add'),
    task: (signal, pid, ids) => addProjectEntries(this.#api, pid, ids, this.#callOptions(signal)),
  });

  // `static properties`: the codebase uses no decorators.
  static override properties = {
    _entries: { state: true, attribute: false },
    _open: { state: true, attribute: false },
    _query: { state: true, attribute: false },
    _chosen: { state: true, attribute: false },
    _results: { state: true, attribute: false },
    _notice: { state: true, attribute: false },
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

  #pendingLoad = false;
  /**
   * The first update takes over a shadow root a server rendered (docs/embedding.md, "Server
   * rendering"): it renders the server's state, lists loading, and a wait for sign-in shows
   * in the update after.
   */
  #hydrating = false;
  /** Keys, type-ahead and the active option of the two listboxes (src/shared/listbox.ts). */
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
  readonly #listingsLb = new ListboxController(this, {
    kind: 'listbox',
    owner: () => this.renderRoot.querySelector<HTMLElement>('#lb'),
    options: () => [...this.renderRoot.querySelectorAll<HTMLElement>('#lb>[role=option]')],
    label: (el) => el.querySelector('.name')?.textContent ?? '',
    pick: (el) => {
      const o = this.#own?.[Number(el.id.slice(1))];
      if (o) this.#toggle(o);
    },
  });

  /**
   * The project whose entries the pane shows (or loads), and its entries once read. The
   * element keeps them rather than the request: an add puts what it created in at once.
   */
  private _entries?: { projectId: string; list?: RealEstateProjectEntry[] };
  private _open = false;
  private _query = '';
  private _chosen: string[] = [];
  private _results?: AddResults;
  private _notice = '';
  /** The user's listings by id, for the entries' and results' titles and states. */
  #ownIndex: { list?: OwnRealEstate[]; byId: Map<string, OwnRealEstate> } = { byId: new Map() };

  /** Service root including /restapi/api; used when no `client` is given. */
  baseUrl = '/restapi/api';

  /** A configured client: an ImmoClient, or the lighter ClientCore (auth hook, credentials …) or ClientBase it extends; replaces the one built from `base-url` (a ClientBase). */
  client?: ClientBase;

  /** The user's bearer token (never an attribute, so it stays out of the markup); a new value re-runs what failed (an add refused with 401, any failed load) and a request answered 401 while the value changed. */
  token?: string;

  /** Id of the chosen project; set it to open a project, read it (or listen to `project-select`) to learn the visitor's choice. */
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

  protected override scheduleUpdate(): void | Promise<unknown> {
    return this.#i18n.wait(() => super.scheduleUpdate());
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Every connect loads: a disconnect aborted what was on its way (RequestController).
    this.#pendingLoad = true;
    this.requestUpdate();
  }

  /**
   * What the four requests share: one auth episode, nothing sent before the host gave a
   * token or a client of its own (auth.ts), and no run repeated by a reconnect by itself
   * (connecting reloads the lists; an add is never sent again unasked).
   */
  #requestOptions(
    operation: string,
  ): Pick<RequestOptions<[], unknown>, 'operation' | 'auth' | 'ready' | 'lang' | 'resume'> {
    return {
      operation,
      auth: this.#auth,
      ready: () => !!this.token || this.client != null,
      lang: () => this.#lang,
      resume: false,
    };
  }

  #callOptions(signal: AbortSignal): CallOptions {
    return { signal, token: this.token || undefined };
  }

  get #lang(): Lang {
    return this.#conn.lang;
  }

  get #s(): Strings {
    return STRINGS[this.#lang];
  }

  get #api(): ClientBase {
    return this.#conn.client;
  }

  get #projects(): RealEstateProject[] | undefined {
    return this.#projectsReq.value;
  }

  get #own(): OwnRealEstate[] | undefined {
    return this.#ownReq.value;
  }

  get #ownById(): Map<string, OwnRealEstate> | undefined {
    const list = this.#own;
    if (!list) return undefined;
    if (this.#ownIndex.list !== list)
      this.#ownIndex = { list, byId: new Map(list.map((o) => [o.id, o])) };
    return this.#ownIndex.byId;
  }

  /** The entries of the open project, once read. */
  get #entries(): RealEstateProjectEntry[] | undefined {
    const e = this._entries;
    return e?.projectId === this.projectId ? e.list : undefined;
  }

  /** The chosen project, when the project list knows it. */
  get #project(): RealEstateProject | undefined {
    return this.#projects?.find((p) => p.id === this.projectId);
  }

  /** The failure of the last add, unless the service refused it (then the results explain it). */
  get #addFailure(): ApiError | undefined {
    const e = this.#addReq.error;
    return e && !isRefusal(e) ? e : undefined;
  }

  #facts(p: RealEstateProject): ProjectFacts {
    return factsOf(this.projectFacts, p.id);
  }

  /** Entries in the project, from its entries list; undefined until that list is loaded. */
  #count(p: RealEstateProject): number | undefined {
    const e = this._entries;
    return e?.projectId === p.id && e.list ? e.list.length : undefined;
  }

  /** How many more listings fit into the project (Infinity without a known limit). */
  #room(p: RealEstateProject): number {
    return roomLeft(this.#facts(p), this.#count(p));
  }

  /** Why nothing can be added to the project, or '' when something can. */
  #rule(p: RealEstateProject): string {
    return addRule(this.#facts(p), this.#count(p), this.#s);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // On a server nothing is asked: the lists render as loading (see #loading), the browser asks.
    if (isServer) return;
    if (!this.isConnected) return; // nothing loads while detached; connecting loads again
    if (this.#pendingLoad) {
      this.#pendingLoad = false;
      this.reload();
      return;
    }
    if (changed.has('client') || changed.has('baseUrl')) this.reload();
    else if (changed.has('token')) this.#recover();
    if (changed.has('projectId') && this._entries?.projectId !== this.projectId)
      this.#openProject();
  }

  /** Reloads the projects, the chosen project's listings and the user's listings (keeps what is shown meanwhile); an add that waited for credentials runs again. */
  reload(): void {
    this.#auth.renew();
    void this.#loadProjects(!!this.#projects);
    if (this.projectId) {
      void this.#loadEntries(this.projectId, !!this.#entries);
      void this.#loadOwn();
    }
  }

  /** A new token: what waited for it runs again; without a waiting request, loads that failed otherwise (a token that could not be sent) reload. */
  #recover(): void {
    const waited = this.#auth.waiting;
    this.#auth.renew();
    if (!waited && (this.#projectsReq.error || this.#entriesReq.error || this.#ownReq.error))
      this.reload();
  }

  // The loads settle without rejecting: their outcome is the request's state.
  #loadProjects(quiet = false): Promise<unknown> {
    return this.#projectsReq.run(quiet).catch(() => {});
  }

  /** Loads a project's entries; unless quiet, what the pane showed goes (the skeleton shows). */
  #loadEntries(id: string, quiet = false): Promise<unknown> {
    const keep = quiet && this._entries?.projectId === id;
    if (!keep) this._entries = { projectId: id };
    return this.#entriesReq.run(keep, id).catch(() => {});
  }

  /** Loads the user's listings once (again with `force`). */
  #loadOwn(force = false): Promise<unknown> {
    if (!force && (this.#own || this.#ownReq.pending)) return Promise.resolve();
    return this.#ownReq.run().catch(() => {});
  }

  /** The host or the visitor opened another project: reset the picker and load its listings. */
  #openProject(): void {
    this._open = false;
    this._chosen = [];
    this._query = '';
    this._results = undefined;
    this._notice = '';
    this.#pages.reset('entries', 'listings', 'results');
    this.#addReq.reset();
    if (this.projectId) {
      void this.#loadEntries(this.projectId);
      void this.#loadOwn();
    } else {
      this.#entriesReq.reset();
      this._entries = undefined;
    }
  }

  /**
   * Adds real estates to the chosen project with one request (one entry per id) and
   * resolves with the service's answer per listing ([] when a rule refused them before the
   * request, when the request failed, or when it is waiting for a new token). Ids the
   * element does not know as the user's listings are sent anyway: the service decides.
   */
  async addListings(realEstateIds: string[]): Promise<ProjectEntryResult[]> {
    const s = this.#s;
    const p = this.#project;
    if (this.#addReq.pending) return [];
    const ids = [...new Set(realEstateIds.map(String))];
    const refusal = p
      ? addRefusal(
          ids,
          {
            facts: this.#facts(p),
            count: this.#count(p),
            inProject: this.#inProject(),
            own: this.#ownById,
          },
          s,
        )
      : s.noProject;
    if (refusal || !p) {
      this._notice = refusal;
      this.#statusMessages.say(refusal);
      return [];
    }
    const before = this.#count(p);
    this._notice = '';
    const pid = p.id;
    let items: ProjectEntryResult[];
    try {
      // While it waits for new credentials (auth.ts) the promise stays pending, the choice kept.
      items = await this.#addReq.run(pid, ids);
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
        this.#statusMessages.say(
          `${s.addedSummary(0, ids.length)} ${this.#why(r.items[0]!, p, r)}`,
        );
      } else {
        this._results = undefined;
        this.#statusMessages.say(`${s.errAdd} ${this.#addReq.text(this.#lang)}`);
      }
      this.#refresh(pid);
      return [];
    }
    const ok = items.filter((x) => x.ok);
    const okIds = new Set(ok.map((x) => x.realEstateId));
    const r = (this._results = { projectId: pid, items, before });
    this.#pages.reset('results');
    this._chosen = this._chosen.filter((id) => !okIds.has(id));
    const e = this._entries;
    if (e?.projectId === pid && e.list) {
      this._entries = {
        projectId: pid,
        list: [...e.list, ...ok.map((x) => ({ realEstateId: x.realEstateId }))],
      };
    }
    const refused = items.find((x) => !x.ok);
    this.#statusMessages.say(
      s.addedSummary(ok.length, items.length) + (refused ? ` ${this.#why(refused, p, r)}` : ''),
    );
    if (ok.length && ok.length === items.length) {
      this._open = false;
      this._query = '';
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>('#add')?.focus();
    }
    for (const x of ok)
      this.dispatchEvent(new EntryAddedEvent(pid, x.realEstateId, x.message ?? ''));
    this.#refresh(pid);
    return items;
  }

  /** Quietly re-reads the projects and entries after an add, so counts match the service. */
  #refresh(pid: string): void {
    void this.#loadProjects(true);
    if (pid === this.projectId) void this.#loadEntries(pid, true);
  }

  #inProject(): Set<string> {
    const ids = this.#entries?.map((e) => e.realEstateId) ?? [];
    return new Set(ids.filter((id): id is string => !!id));
  }

  /** Why the service did not add a listing of the add `r`, in the visitor's words (rules.ts). */
  #why(x: ProjectEntryResult, p: RealEstateProject, r: AddResults): string {
    return whyRefused(
      x,
      {
        facts: this.#facts(p),
        own: this.#ownById,
        before: r.before,
        added: r.items.filter((i) => i.ok).length,
        now: this.#count(p),
      },
      this.#s,
    );
  }

  /** Own listings that may go into the chosen project, before filtering. */
  #candidates(): OwnRealEstate[] {
    const inProject = this.#inProject();
    return (this.#own ?? []).filter((o) => !inProject.has(o.id));
  }

  #visible(): OwnRealEstate[] {
    return searchListings(this.#candidates(), this._query, this.#s);
  }

  /**
   * A listing's publication state as a badge with its word (not a colour only): the user's
   * listings list gives each listing's `realEstateState` (ACTIVE is published, INACTIVE, DRAFT,
   * ARCHIVED and TO_BE_DELETED are not). Nothing when the listing is not in that list or does
   * not say.
   */
  #listingState(id: string): TemplateResult | typeof nothing {
    const published = publishedOf(this.#ownById, id);
    if (published === undefined) return nothing;
    return html`<span class="badge ${published ? 'pub' : 'unpub'}">${published ? this.#s.published : this.#s.unpublished}</span>`;
  }

  #title(id: string): string {
    return this.#ownById?.get(id)?.title || this.#s.listing(id);
  }

  async #choose(i: number): Promise<void> {
    const p = this.#projects?.[i];
    if (!p || p.id === this.projectId) return;
    this.projectId = p.id;
    this.#statusMessages.say(this.#s.selected(this.#projectName(p)));
    await this.updateComplete;
    this.dispatchEvent(new ProjectSelectEvent(p.id, p));
  }

  #projectName(p: RealEstateProject): string {
    return clip(p.name || p.title || this.#s.project(p.id));
  }

  /**
   * Text from an answer as it is laid out: clipped (src/shared/text.ts), on one line with an
   * ellipsis where it does not fit, and the same text as its tooltip. The accessible name
   * of what holds it keeps every clipped character.
   */
  #line(text: string, cls: 'name' | 'muted' | 'inline'): TemplateResult {
    const t = clip(text);
    return html`<span class="line ${cls}" title=${t}>${t}</span>`;
  }

  /**
   * Parts of a line ("BASIC · 12 / 15 Einträge"): the middle dot is seen, a comma is heard
   * (some screen readers read the dot as a word).
   */
  #joined(parts: string[], cls: 'muted' | 'inline'): TemplateResult {
    const shown = parts.filter(Boolean).map((x) => clip(x));
    return html`<span class="line ${cls}" title=${shown.join(' · ')}>${shown.map((x, k) => (k ? html`${SEP} ${x}` : x))}</span>`;
  }

  #togglePicker(): void {
    const p = this.#project;
    if (!this._open && p) {
      const rule = this.#rule(p);
      if (rule) return this.#statusMessages.say(rule);
    }
    this._open = !this._open;
    this._notice = '';
    if (this._open) {
      void this.#loadOwn();
      void this.updateComplete.then(() =>
        this.renderRoot.querySelector<HTMLElement>('#q')?.focus(),
      );
    }
  }

  async #closePicker(): Promise<void> {
    this._open = false;
    this._notice = '';
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('#add')?.focus();
  }

  #toggle(o: OwnRealEstate): void {
    const s = this.#s;
    if (o.published === false) return this.#statusMessages.say(s.listingUnpublished(clip(o.id)));
    if (this._chosen.includes(o.id)) {
      this._chosen = this._chosen.filter((id) => id !== o.id);
      this._notice = '';
      return;
    }
    const p = this.#project;
    const room = p ? this.#room(p) : 0;
    if (this._chosen.length >= room) {
      this._notice = s.limitReached(room);
      return this.#statusMessages.say(this._notice);
    }
    this._notice = '';
    this._chosen = [...this._chosen, o.id];
  }

  #pickKey(e: KeyboardEvent, visible: OwnRealEstate[]): void {
    if (e.key === 'Escape') {
      e.preventDefault();
      void this.#closePicker();
      return;
    }
    if (e.key.toLowerCase() === 'a' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      this.#chooseAll(visible);
      return;
    }
    this.#listingsLb.keydown(e);
  }

  /** Ctrl+A: chooses every listing the search shows that can be added, as many as fit. */
  #chooseAll(visible: OwnRealEstate[]): void {
    const p = this.#project;
    const room = p ? this.#room(p) : 0;
    const chosen = new Set(this._chosen);
    const before = chosen.size;
    let full = false;
    for (const o of visible) {
      if (o.published === false || chosen.has(o.id)) continue;
      if (chosen.size >= room) {
        full = true;
        break;
      }
      chosen.add(o.id);
    }
    if (chosen.size > before) this._chosen = [...chosen];
    if (full) {
      this._notice = this.#s.limitReached(room);
      this.#statusMessages.say(this._notice);
    } else if (chosen.size > before) this._notice = '';
  }

  /** Filters the picker and says how many listings match (WCAG 4.1.3: a search's result count is a status message). */
  #search(e: Event): void {
    this._query = (e.target as HTMLInputElement).value;
    this.#pages.reset('listings');
    this.#statusMessages.say(this.#s.found(this.#visible().length));
  }

  #searchKey(e: KeyboardEvent): void {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      this.renderRoot.querySelector<HTMLElement>('#lb')?.focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      if (this._query) this._query = '';
      else void this.#closePicker();
    }
  }

  /** An error with the visitor's sentence for it, and a retry button when the call can be repeated. */
  #errorBox(title: string, req: Failed, rerun?: () => Promise<unknown>): TemplateResult {
    return html`<div part="error" role="alert">
      <p><strong>${title}</strong> ${req.text(this.#lang)}</p>
      ${rerun ? html`<button part="retry" @click=${(e: Event) => this.#retry(e, req, rerun)}>${this.#s.retry}</button>` : nothing}
    </div>`;
  }

  /** The retry button (focus rule of src/shared/request.ts): the anchor is the heading of its section. */
  #retry(e: Event, req: Failed, rerun: () => Promise<unknown>): void {
    const h = (e.target as Element).closest('section,#picker')?.querySelector<HTMLElement>('h2,h3');
    void req.retry(() => (h?.isConnected ? h : null), rerun);
  }

  /** "published" or "not published" when the partner said so, else ''. */
  #state(p: RealEstateProject): string {
    return stateWord(this.#facts(p), this.#s);
  }

  #usageParts(p: RealEstateProject): string[] {
    return usageParts(p, this.#facts(p), this.#count(p), this.#s);
  }

  /** How many more listings fit, as a sentence: known room, no limit, or "the service checks". */
  #fits(p: RealEstateProject | undefined, room: number): string {
    return fitsText(p ? this.#facts(p) : {}, room, this.#s);
  }

  #renderProjects(): TemplateResult {
    const s = this.#s;
    const req = this.#projectsReq;
    const loading = loudly(req);
    const first = loading && !req.value && !req.error;
    // With the partner's facts every project shows its state: the skeleton's options too.
    const badge = hasFacts(this.projectFacts) ? s.published : '';
    return html`<section aria-labelledby="ph">
      <h2 id="ph">${s.projects}</h2>
      ${loading && (this.#hydrating || req.status !== 'auth') ? html`<p class=${first ? 'sr' : 'muted'} role="status">${s.projectsLoading}</p>` : nothing}
      ${first ? skeletonList(badge) : html`<div class="stack"><div class="fill">${this.#projectList()}</div><div class="kept">${skeletonList(badge)}</div></div>`}
    </section>`;
  }

  /** The list of projects, or what stands in its place (an error, "no projects yet"). */
  #projectList(): TemplateResult {
    const s = this.#s;
    const { value: data, error } = this.#projectsReq;
    return html`
      ${error ? this.#errorBox(s.errProjects, this.#projectsReq, () => this.#loadProjects()) : nothing}
      ${data && !data.length ? html`<p part="empty">${s.noProjects}</p>` : nothing}
      ${error || (data && !data.length) ? skeletonList(hasFacts(this.projectFacts) ? s.published : '', true) : nothing}
      ${
        data?.length
          ? html`<ul id="pl" role="listbox" part="project-list" aria-labelledby="ph" tabindex="0"
            @keydown=${(e: KeyboardEvent) => this.#projectsLb.keydown(e)} @focus=${() => this.#projectsLb.focus()}>
            ${this.#pages.rows('projects', data).map(
              (
                p,
                i,
              ) => html`<li role="option" id="p${i}" aria-selected=${String(p.id === this.projectId)}
                @click=${(e: Event) => (this.#projectsLb.activate(e.currentTarget as HTMLElement, false), void this.#choose(i))}>
                ${this.#line(this.#projectName(p), 'name')}${COMMA}
                ${p.title && p.name ? html`${this.#line(p.title, 'muted')}${COMMA}` : nothing}
                ${this.#state(p) ? html`<span class="badge ${this.#facts(p).published ? 'pub' : 'unpub'}">${this.#state(p)}</span>${COMMA} ` : nothing}<span class="muted usage">${this.#usageParts(p).map((u, k) => html`${k ? html`${SEP} ` : ''}${this.#line(u, 'inline')}`)}</span>
              </li>`,
            )}
          </ul>
          ${this.#pages.button('projects', data.length, 'pl')}`
          : nothing
      }`;
  }

  #renderEntries(): TemplateResult {
    const s = this.#s;
    const id = this.projectId;
    if (!id) return html`<section><p class="muted">${s.selectHint}</p></section>`;
    const p = this.#project;
    const req = this.#entriesReq;
    const data = this.#entries;
    const error = req.error;
    const loading = loudly(req);
    const rule = p ? this.#rule(p) : s.noProject;
    const meta = p ? [this.#state(p), ...this.#usageParts(p)].filter(Boolean) : [];
    const badge = hasFacts(this.projectFacts) ? s.published : '';
    const skeleton = loading && !data && !error;
    const heading = s.entriesOf(p ? this.#projectName(p) : s.project(clip(id)));
    // The pane keeps one height in every state (docs/embedding.md, "No layout shift"): a box as tall as the
    // project list's six projects (the same hidden skeleton under it), holding the meta line and
    // the skeleton rows, the entries (scrolling inside), the error or the empty sentence; the
    // note under the add action reserves the height of the longest sentence it can show.
    return html`<section aria-labelledby="eh">
      <h2 id="eh" class="line" title=${heading}>${heading}</h2>
      <div class="stack"><div class="fill pane">
        <p class="muted meta">${meta.length ? meta.map((x, k) => (k ? html`${SEP} ${x}` : x)) : '\u00a0'}</p>
        ${loading && req.status !== 'auth' ? html`<p class=${skeleton ? 'sr' : 'muted'} role="status">${s.entriesLoading}</p>` : nothing}
        ${skeleton ? skeletonEntries() : nothing}
        ${error ? this.#errorBox(s.errEntries, req, () => this.#loadEntries(id)) : nothing}
        ${data && !data.length ? html`<p part="empty">${s.noEntries}</p>` : nothing}
        ${error || (data && !data.length) ? skeletonEntries(true) : nothing}
        ${
          data?.length
            ? html`<ul id="es" class="entries scroll" part="entries" aria-labelledby="eh">
              ${this.#pages
                .rows('entries', data)
                .map((e) =>
                  e.realEstateId
                    ? html`<li>${this.#line(this.#title(e.realEstateId), 'inline')} <span class="muted">${this.#line(s.idLabel(e.realEstateId), 'inline')}</span> ${this.#listingState(e.realEstateId)}</li>`
                    : html`<li>${this.#line(s.listing(e.realEstateExternalId ?? ''), 'inline')}</li>`,
                )}
            </ul>
            ${this.#pages.button('entries', data.length, 'es')}`
            : nothing
        }
      </div><div class="kept">${skeletonList(badge)}</div></div>
      <div class="row">
        <button id="add" part="add" aria-expanded=${String(this._open)} aria-controls="picker"
          aria-disabled=${String(!!rule)} aria-describedby="rule" @click=${this.#togglePicker}>${s.add}</button>
      </div>
      <div class="stack">
        <p id="rule" class=${rule ? 'err' : 'muted'} ?hidden=${!rule && this._open}>${rule || (this._open || skeleton ? '' : this.#fits(p, p ? this.#room(p) : 0))}</p>
        ${
          this._open
            ? nothing
            : [
                // Drawn from an attribute: no second copy of the sentences in the text (find, copy, tests).
                ...[s.fitsUnknown, s.fitsUnlimited, s.fits(BASIC_PROJECT_MAX_ENTRIES - 1)].map(
                  (t) => html`<p class="muted kept" data-text=${t} aria-hidden="true"></p>`,
                ),
                ...[s.fullRule(BASIC_PROJECT_MAX_ENTRIES), s.unpublishedRule, s.noProject].map(
                  (t) => html`<p class="err kept" data-text=${t} aria-hidden="true"></p>`,
                ),
              ]
        }
      </div>
      ${this.#addFailure ? this.#errorBox(s.errAdd, this.#addReq) : nothing}
      ${this.#renderResults()} ${this._open && p && !rule ? this.#renderPicker(p) : nothing}
    </section>`;
  }

  #renderResults(): TemplateResult | typeof nothing {
    const r = this._results;
    if (!r || r.projectId !== this.projectId) return nothing;
    const s = this.#s;
    const p = this.#project;
    return html`<div class="box" part="results">
      <h3>${s.results}</h3>
      <ul class="results" id="rs">
        ${this.#pages.rows('results', r.items).map(
          (x) => html`<li class=${x.ok ? 'ok' : 'refused'}>
            ${this.#line(this.#title(x.realEstateId), 'inline')} (${this.#line(s.idLabel(x.realEstateId), 'inline')}):
            ${x.ok ? s.created : `${s.refused}. ${p ? this.#why(x, p, r) : s.whyNoAnswer}`}
          </li>`,
        )}
      </ul>
      ${this.#pages.button('results', r.items.length, 'rs')}
    </div>`;
  }

  #renderPicker(p: RealEstateProject): TemplateResult {
    const s = this.#s;
    const room = this.#room(p);
    const visible = this.#visible();
    // Option ids follow the position in the full list, so they stay put while filtering.
    const idx = new Map(this.#own?.map((o, i) => [o.id, i]));
    const n = this._chosen.length;
    const chosen = new Set(this._chosen);
    const full = n >= room;
    const own = this.#ownReq;
    // `.value` needs no live(): every input event copies the field into `_query`, so the
    // value rendered last is always the field's own (Escape and a finished add reset both).
    return html`<div id="picker" class="box" part="picker" role="group" aria-labelledby="pkh">
      <h3 id="pkh">${s.pickerLabel}</h3>
      <p class="muted" id="fits">${this.#fits(p, room)} ${s.chosen(n)}</p>
      ${own.status === 'pending' ? html`<p class="muted" role="status">${s.ownLoading}</p>` : nothing}
      ${own.error ? this.#errorBox(s.errOwn, own, () => this.#loadOwn(true)) : nothing}
      <label for="q" part="label">${s.search}</label>
      <input id="q" type="search" part="input" autocomplete="off" aria-controls=${visible.length ? 'lb' : nothing} aria-describedby="fits"
        .value=${this._query} @input=${this.#search}
        @keydown=${this.#searchKey} />
      ${
        visible.length
          ? html`<ul id="lb" role="listbox" part="listing-list" aria-labelledby="pkh" aria-multiselectable="true"
            tabindex="0" @keydown=${(e: KeyboardEvent) => this.#pickKey(e, visible)} @focus=${() => this.#listingsLb.focus()}>
            ${this.#pages.rows('listings', visible).map((o) => {
              const sel = chosen.has(o.id);
              // Each part clipped by itself, so a long address cannot hide the id after it.
              const meta = [typeLabel(o.type, s), addressLine(o.address), s.idLabel(o.id)].map(
                (x) => clip(x),
              );
              const state = this.#listingState(o.id);
              return html`<li role="option" id="l${idx.get(o.id)}"
                aria-selected=${String(sel)} aria-disabled=${String(o.published === false || (full && !sel))}
                @click=${(e: Event) => (this.#listingsLb.activate(e.currentTarget as HTMLElement, false), this.#toggle(o))}>
                ${this.#line(o.title || s.listing(o.id), 'name')}${COMMA}
                ${this.#joined(meta, 'muted')}${state === nothing ? nothing : COMMA}
                ${state}${o.published === false ? html`${COMMA} <span class="muted">${s.cannotAdd}</span>` : nothing}
              </li>`;
            })}
          </ul>
          ${this.#pages.button('listings', visible.length, 'lb')}`
          : own.value
            ? html`<p>${this.#candidates().length ? s.noMatch(clip(this._query)) : s.noCandidates}</p>`
            : nothing
      }
      ${this._notice ? html`<p class="err">${this._notice}</p>` : nothing}
      <div class="row">
        <button part="submit" aria-disabled=${String(!n || this.#addReq.pending)}
          @click=${() => (n ? void this.addListings(this._chosen) : this.#statusMessages.say((this._notice = s.chooseFirst)))}>
          ${this.#addReq.pending ? s.adding : n ? s.submit(n) : s.submitNone}
        </button>
        <button part="cancel" @click=${this.#closePicker}>${s.cancel}</button>
      </div>
    </div>`;
  }

  /** The entries' list scrolls inside its box when more entries than fit: then it is a tab stop (named by the pane's heading), so a keyboard can scroll it (WCAG 2.1.1). */
  #fit?: ResizeObserver;

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
    this.#fit.disconnect();
    if (box) this.#fit.observe(box);
    this.#scrollStop();
  }

  protected override render(): TemplateResult {
    const s = this.#s;
    return html`<div class="base" lang=${this.#lang}>
      ${this.#auth.waiting && !this.#hydrating ? html`<div class="full" part="auth" role="alert"><strong>${s.authTitle}</strong> ${s.authText}</div>` : nothing}
      ${this.#renderProjects()} ${this.#renderEntries()}
      ${this.#statusMessages.region()}
    </div>`;
  }
}
