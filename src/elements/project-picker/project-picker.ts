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
  type ProjectProduct,
  type RealEstateProject,
  type RealEstateProjectEntry,
} from '../../api/types.js';
import { LocalizeController, type Lang } from '../../shared/i18n.js';
import { Connection, LANG_PROPERTY } from '../../shared/client.js';
import { RequestController } from '../../shared/request.js';
import { AuthController } from '../../shared/auth.js';
import { failureText, type FailureKind } from '../../shared/failure.js';
import { Announcer } from '../../shared/announce.js';
import { ListboxController } from '../../shared/listbox.js';
import { EntryAddedEvent, ProjectSelectEvent } from './events.js';
import { styles } from './project-picker.styles.js';
import { STRINGS, type Strings } from './strings.js';

/** The operations whose 401 fires auth-required. */
type Op = 'projects' | 'entries' | 'realestates' | 'add';
interface Load<T> {
  data?: T;
  error?: unknown;
  loading?: boolean;
}
/** Outcome of one client call: a value, an error to show, or null when superseded/aborted. */
type Outcome<T> = { v: T } | { e: unknown } | null;
type Call = (o: CallOptions) => Promise<unknown>;

/** A listing's refusal (its `messageCode`) as a visitor's sentence: never the code or the service's text. */
function refusalKind(code: string): FailureKind {
  if (/ACCESS_DENIED|FORBIDDEN|PERMISSION/.test(code)) return 'forbidden';
  if (/NOT_FOUND/.test(code)) return 'notFound';
  if (/CONFLICT|ALREADY|DUPLICATE/.test(code)) return 'conflict';
  return 'rejected';
}

/**
 * What a partner knows about one project that the project list does not say (API-NOTES.md:
 * the list carries neither publication state nor product). Leave out what you do not know.
 */
export interface ProjectFacts {
  /** Whether the project is published; an unpublished project takes no listings. */
  published?: boolean;
  /** The booked product; `BASIC` takes at most 15 listings. */
  product?: ProjectProduct;
}

/** Reads the `project-facts` attribute: a JSON object of project id → ProjectFacts; anything else is ignored. */
function parseFacts(value: string | null): Record<string, ProjectFacts> | undefined {
  if (!value) return undefined;
  try {
    const v: unknown = JSON.parse(value);
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, ProjectFacts>;
  } catch {
    // falls through
  }
  console.warn(
    'project-picker: project-facts must be a JSON object of project id → { published, product }; ignored.',
  );
  return undefined;
}

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

/** A refusal of the whole add request by the service (as opposed to a failure to reach it). */
const isRefusal = (e: unknown) =>
  ApiError.is(e) && e.kind === 'http' && [400, 403, 404, 409, 412, 422].includes(e.status ?? 0);

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Lists a logged-in property developer's building projects and their listings, and adds
 * the developer's own published listings to a project (SPEC.md 2.5 and 4.4).
 *
 * Several chosen listings are added with ONE request: its `realEstateProjectEntries` body
 * holds one `realEstateProjectEntry` per listing (the schema's sequence is unbounded, and
 * SPEC.md 2.5 says the root holds repeated entries, although its example shows one). The
 * response carries one entry per listing, each with its own `messageCode`, so partial
 * success is shown per listing: `MESSAGE_RESOURCE_CREATED` entries join the project, every
 * other entry is shown as the refusal it is, and the refused listings stay selected.
 *
 * SPEC.md's rules are applied in advance only where the picker knows the facts. The project
 * list does not say whether a project is published or which product it has booked
 * (API-NOTES.md); the number of entries comes from the entries list the picker loads
 * anyway. A partner who knows publication state or product says so with `projectFacts`;
 * then an unpublished project takes no entries (the action is disabled and explained) and
 * a BASIC project at most 15 (the picker says how many more fit and refuses more). Where
 * the facts are unknown the add is sent, and a refusal by the service is explained per
 * listing in words, from what the picker knows (e.g. "the project holds 15 listings: if it
 * is BASIC it is full", or "it is probably not published yet"). The picker offers only the
 * user's own listings that are not in the project yet, and never those it knows are not
 * published.
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
  readonly #say2 = new Announcer(this);
  /** One auth episode for all four operations (src/shared/auth.ts). */
  readonly #auth = new AuthController(this);
  /** One request controller per operation: abort, stale answers, auth wait, failure report. */
  readonly #reqs = Object.fromEntries(
    (['projects', 'entries', 'realestates', 'add'] as const).map((op) => [
      op,
      new RequestController<[Call], unknown>(this, {
        operation: op,
        auth: this.#auth,
        // Nothing goes out before the host gave a token or a client of its own (auth.ts).
        ready: () => !!this.token || this.client != null,
        lang: () => this.#lang,
        task: (signal, fn) => fn({ signal, token: this.token || undefined }),
        // Connecting again reloads (connectedCallback); an add is not sent again by itself.
        resume: false,
      }),
    ]),
  ) as Record<Op, RequestController<[Call], unknown>>;

  // `static properties` rather than decorators: no decorator helpers in the bundle.
  static override properties = {
    _projects: { state: true, attribute: false },
    _entries: { state: true, attribute: false },
    _own: { state: true, attribute: false },
    _open: { state: true, attribute: false },
    _query: { state: true, attribute: false },
    _chosen: { state: true, attribute: false },
    _adding: { state: true, attribute: false },
    _addError: { state: true, attribute: false },
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
      const o = this._own.data?.[Number(el.id.slice(1))];
      if (o) this.#toggle(o);
    },
  });

  private _projects: Load<RealEstateProject[]> = {};
  private _entries: Load<RealEstateProjectEntry[]> & { for?: string } = {};
  private _own: Load<OwnRealEstate[]> = {};
  private _open = false;
  private _query = '';
  private _chosen: string[] = [];
  private _adding = false;
  private _addError: unknown;
  /** The last add's results, and how many entries the project held before it (when known). */
  private _results?: {
    projectId: string;
    items: ProjectEntryResult[];
    before?: number | undefined;
  };
  private _notice = '';

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

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this._adding = false;
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

  /** The chosen project, when the project list knows it. */
  get #project(): RealEstateProject | undefined {
    return this._projects.data?.find((p) => p.id === this.projectId);
  }

  /** What the partner said about a project (nothing when it said nothing). */
  #facts(p: RealEstateProject): ProjectFacts {
    const f = this.projectFacts?.[p.id];
    return f && typeof f === 'object' ? f : {};
  }

  /** The project's limit: 15 when the partner said it is BASIC, else none known. */
  #max(p: RealEstateProject): number | null {
    return this.#facts(p).product === 'BASIC' ? BASIC_PROJECT_MAX_ENTRIES : null;
  }

  /** Entries in the project, from its entries list; undefined until that list is loaded. */
  #count(p: RealEstateProject): number | undefined {
    const e = this._entries;
    return e.for === p.id && e.data ? e.data.length : undefined;
  }

  /** How many more listings fit into the project (Infinity without a known limit). */
  #room(p: RealEstateProject): number {
    const max = this.#max(p);
    const count = this.#count(p);
    return max == null || count === undefined ? Infinity : Math.max(0, max - count);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (isServer) {
      // The first state of a connected element, its lists loading; the browser asks.
      this._projects = { loading: true };
      if (this.projectId) this._entries = { for: this.projectId, loading: true };
      return;
    }
    if (!this.isConnected) return; // nothing loads while detached; connecting loads again
    if (this.#pendingLoad) {
      this.#pendingLoad = false;
      this.reload();
      return;
    }
    if (changed.has('client') || changed.has('baseUrl')) this.reload();
    else if (changed.has('token')) this.#recover();
    if (changed.has('projectId') && this._entries.for !== this.projectId) this.#openProject();
  }

  /** Reloads the projects, the chosen project's listings and the user's listings (keeps what is shown meanwhile); an add that waited for credentials runs again. */
  reload(): void {
    this.#auth.renew();
    void this.#loadProjects(!!this._projects.data);
    if (this.projectId) {
      void this.#loadEntries(
        this.projectId,
        this._entries.for === this.projectId && !!this._entries.data,
      );
      void this.#loadOwn();
    }
  }

  /** A new token: what waited for it runs again; without a waiting request, loads that failed otherwise (a token that could not be sent) reload. */
  #recover(): void {
    const waited = this.#auth.waiting;
    this.#auth.renew();
    if (!waited && (this._projects.error || this._entries.error || this._own.error)) this.reload();
  }

  #say(msg: string): void {
    this.#say2.say(msg);
  }

  /** Runs one client call through its operation's RequestController (abort, stale guard, auth wait, failure report). */
  async #run<T>(op: Op, fn: (o: CallOptions) => Promise<T>): Promise<Outcome<T>> {
    try {
      return { v: (await this.#reqs[op].run(fn)) as T };
    } catch (e) {
      return ApiError.is(e) && e.kind === 'abort' ? null : { e };
    }
  }

  async #loadProjects(quiet = false): Promise<void> {
    this._projects = { data: this._projects.data, loading: !quiet };
    const r = await this.#run('projects', (o) => listProjects(this.#api, o));
    if (!r) return;
    if ('e' in r) {
      this._projects = { data: this._projects.data, error: r.e };
      return;
    }
    this._projects = { data: r.v };
    if (!quiet) this.#say(this.#s.loadedProjects(r.v.length));
  }

  async #loadEntries(id: string, quiet = false): Promise<void> {
    this._entries = quiet && this._entries.for === id ? this._entries : { for: id, loading: true };
    const r = await this.#run('entries', (o) => listProjectEntries(this.#api, id, o));
    if (!r) return;
    if ('e' in r) {
      this._entries = { for: id, data: this._entries.data, error: r.e };
      return;
    }
    this._entries = { for: id, data: r.v };
    if (!quiet) this.#say(this.#s.loadedEntries(r.v.length));
  }

  async #loadOwn(force = false): Promise<void> {
    if (!force && (this._own.data || this.#reqs.realestates.pending)) return;
    this._own = { data: this._own.data, loading: true };
    const r = await this.#run('realestates', (o) => listOwnRealEstates(this.#api, o));
    if (!r) return;
    this._own = 'e' in r ? { data: this._own.data, error: r.e } : { data: r.v };
  }

  /** The host or the visitor opened another project: reset the picker and load its listings. */
  #openProject(): void {
    this._open = false;
    this._chosen = [];
    this._query = '';
    this._results = undefined;
    this._notice = '';
    this._addError = undefined;
    this.#reqs.add.abort();
    this._adding = false;
    if (this.projectId) {
      void this.#loadEntries(this.projectId);
      void this.#loadOwn();
    } else {
      this.#reqs.entries.abort();
      this._entries = {};
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
    const refuse = (msg: string): ProjectEntryResult[] => {
      this._notice = msg;
      this.#say(msg);
      return [];
    };
    if (this.#reqs.add.pending) return [];
    if (!p) return refuse(s.noProject);
    const ids = [...new Set(realEstateIds.map(String))];
    if (!ids.length) return refuse(s.chooseFirst);
    if (this.#facts(p).published === false) return refuse(s.unpublishedRule);
    const inProject = this.#inProject();
    const own = new Map(this._own.data?.map((o) => [o.id, o]));
    for (const id of ids) {
      if (inProject.has(id)) return refuse(s.alreadyIn(id));
      if (own.get(id)?.published === false) return refuse(s.listingUnpublished(id));
    }
    const room = this.#room(p);
    if (ids.length > room)
      return refuse(room ? s.tooMany(ids.length, room) : s.fullRule(this.#max(p) ?? 0));
    const before = this.#count(p);
    this._notice = '';
    this._addError = undefined;
    this._adding = true;
    const pid = p.id;
    // While it waits for new credentials (auth.ts) the promise stays pending, the choice kept.
    const r = await this.#run('add', (o) => addProjectEntries(this.#api, pid, ids, o));
    this._adding = this.#reqs.add.pending;
    if (!r) return [];
    if ('e' in r) {
      if (isRefusal(r.e)) {
        // The service refused the whole request: one result per listing sent, each with the
        // message that names it (id = realEstateId) or else the first one.
        const msgs = (r.e as ApiError).messages;
        const items = ids.map((id): ProjectEntryResult => {
          const m = msgs.find((x) => x.id === id) ?? msgs[0];
          return {
            realEstateId: id,
            ok: false,
            ...(m?.code ? { messageCode: m.code } : {}),
            ...(m?.text ? { message: m.text } : {}),
          };
        });
        this._results = { projectId: pid, items, before };
        this.#say(`${s.addedSummary(0, items.length)} ${this.#why(items[0]!, p, before)}`);
      } else {
        this._addError = r.e;
        this._results = undefined;
        this.#say(`${s.errAdd} ${this.#errText(r.e)}`);
      }
      this.#refresh(pid);
      return [];
    }
    const items = r.v;
    const ok = items.filter((x) => x.ok);
    const okIds = new Set(ok.map((x) => x.realEstateId));
    this._results = { projectId: pid, items, before };
    this._chosen = this._chosen.filter((id) => !okIds.has(id));
    if (this._entries.for === pid && this._entries.data) {
      this._entries = {
        for: pid,
        data: [...this._entries.data, ...ok.map((x) => ({ realEstateId: x.realEstateId }))],
      };
    }
    const refused = items.find((x) => !x.ok);
    this.#say(
      s.addedSummary(ok.length, items.length) +
        (refused ? ` ${this.#why(refused, p, before)}` : ''),
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
    const ids =
      this._entries.for === this.projectId ? this._entries.data?.map((e) => e.realEstateId) : [];
    return new Set((ids ?? []).filter((id): id is string => !!id));
  }

  /**
   * Why the service did not add a listing, in the visitor's words: never the service's text
   * or code. The code tells the kind (not found, not yours); a validation refusal is
   * explained from what the picker knows: the partner's facts, the listing's state and the
   * number of entries the project held (`before` the add, plus what this add put in).
   */
  #why(x: ProjectEntryResult, p: RealEstateProject, before: number | undefined): string {
    const s = this.#s;
    const code = x.messageCode ?? '';
    if (!code) return s.whyNoAnswer;
    const kind = refusalKind(code);
    if (kind === 'notFound') return s.whyNotFound;
    if (kind === 'forbidden') return s.whyForeign;
    if (kind === 'conflict') return s.alreadyIn(x.realEstateId);
    if (this._own.data?.find((o) => o.id === x.realEstateId)?.published === false)
      return s.listingUnpublished(x.realEstateId);
    const facts = this.#facts(p);
    if (facts.published === false) return s.unpublishedRule;
    // The count before the add plus what it put in, or the fresher list reloaded since.
    const added = this._results?.items.filter((i) => i.ok).length ?? 0;
    const now = this.#count(p);
    const count = before === undefined ? now : Math.max(before + added, now ?? 0);
    if (count !== undefined && count >= BASIC_PROJECT_MAX_ENTRIES) {
      return facts.product === 'BASIC'
        ? s.fullRule(BASIC_PROJECT_MAX_ENTRIES)
        : s.whyFullIfBasic(count, BASIC_PROJECT_MAX_ENTRIES);
    }
    // Not full by the count it knows: then the other rule, unless the count or the state is known.
    if (count !== undefined && facts.published !== true) return s.whyUnpublished;
    return s.whyUnknown(BASIC_PROJECT_MAX_ENTRIES);
  }

  /** A failure as a visitor's sentence (failure.ts): never a status, a code or the service's text. */
  #errText(err: unknown): string {
    return failureText(err, this.#lang);
  }

  /** Own listings that may go into the chosen project (published first), before filtering. */
  #candidates(): OwnRealEstate[] {
    const inProject = this.#inProject();
    return (this._own.data ?? []).filter((o) => !inProject.has(o.id));
  }

  #visible(): OwnRealEstate[] {
    const terms = fold(this._query).split(/\s+/).filter(Boolean);
    return this.#candidates().filter((o) => {
      const a = o.address;
      const hay = fold(
        [
          o.title,
          o.id,
          this.#typeLabel(o.type),
          a?.street,
          a?.houseNumber,
          a?.postcode,
          a?.city,
        ].join(' '),
      );
      return terms.every((t) => hay.includes(t));
    });
  }

  #typeLabel(type: string | undefined): string {
    const bare = (type ?? '').replace(/^.*:/, '');
    return this.#s.types[bare] ?? bare;
  }

  /**
   * A listing's publication state as a badge with its word (not a colour only): the user's
   * listings list gives each listing's `realEstateState` (ACTIVE is published, INACTIVE, DRAFT,
   * ARCHIVED and TO_BE_DELETED are not). Nothing when the listing is not in that list or does
   * not say.
   */
  #listingState(id: string): TemplateResult | typeof nothing {
    const published = this._own.data?.find((o) => o.id === id)?.published;
    if (published === undefined) return nothing;
    return html`<span class="badge ${published ? 'pub' : 'unpub'}">${published ? this.#s.published : this.#s.unpublished}</span>`;
  }

  #title(id: string): string {
    return this._own.data?.find((o) => o.id === id)?.title || this.#s.listing(id);
  }

  async #choose(i: number): Promise<void> {
    const p = this._projects.data?.[i];
    if (!p || p.id === this.projectId) return;
    this.projectId = p.id;
    this.#say(this.#s.selected(this.#projectName(p)));
    await this.updateComplete;
    this.dispatchEvent(new ProjectSelectEvent(p.id, p));
  }

  #projectName(p: RealEstateProject): string {
    return p.name || p.title || this.#s.project(p.id);
  }

  #togglePicker(): void {
    const p = this.#project;
    if (!this._open && p) {
      const rule = this.#rule(p);
      if (rule) return this.#say(rule);
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

  /** Why nothing can be added to the project, or '' when something can. */
  #rule(p: RealEstateProject): string {
    if (this.#facts(p).published === false) return this.#s.unpublishedRule;
    return this.#room(p) ? '' : this.#s.fullRule(this.#max(p) ?? 0);
  }

  #toggle(o: OwnRealEstate): void {
    const s = this.#s;
    if (o.published === false) return this.#say(s.listingUnpublished(o.id));
    if (this._chosen.includes(o.id)) {
      this._chosen = this._chosen.filter((id) => id !== o.id);
      this._notice = '';
      return;
    }
    const p = this.#project;
    const room = p ? this.#room(p) : 0;
    if (this._chosen.length >= room) {
      this._notice = s.limitReached(room);
      return this.#say(this._notice);
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
      for (const o of visible)
        if (o.published !== false && !this._chosen.includes(o.id)) this.#toggle(o);
      return;
    }
    this.#listingsLb.keydown(e);
  }

  /** Filters the picker and says how many listings match (WCAG 4.1.3: a search's result count is a status message). */
  #search(e: Event): void {
    this._query = (e.target as HTMLInputElement).value;
    this.#say(this.#s.found(this.#visible().length));
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

  /** An error with the service's reason, and a retry button when the call can be repeated. */
  #errorBox(title: string, err: unknown, op?: Op, retry?: () => Promise<unknown>): TemplateResult {
    return html`<div part="error" role="alert">
      <p><strong>${title}</strong> ${this.#errText(err)}</p>
      ${op && retry ? html`<button part="retry" @click=${(e: Event) => this.#retry(e, op, retry)}>${this.#s.retry}</button>` : nothing}
    </div>`;
  }

  /** The retry button (focus rule of src/shared/request.ts): the anchor is the heading of its section. */
  #retry(e: Event, op: Op, retry: () => Promise<unknown>): void {
    const h = (e.target as Element).closest('section,#picker')?.querySelector<HTMLElement>('h2,h3');
    void this.#reqs[op].retry(() => (h?.isConnected ? h : null), retry);
  }

  /** "published" or "not published" when the partner said so, else ''. */
  #state(p: RealEstateProject): string {
    const published = this.#facts(p).published;
    return published === undefined ? '' : published ? this.#s.published : this.#s.unpublished;
  }

  /** What is known of product and entries, e.g. "BASIC · 12 / 15 Einträge", "12 Einträge", or the project's units, as its parts. */
  #usageParts(p: RealEstateProject): string[] {
    const count = this.#count(p);
    const product = this.#facts(p).product;
    const parts = [product, count === undefined ? undefined : this.#s.used(count, this.#max(p))];
    if (count === undefined && p.numberOfHousingUnit !== undefined)
      parts.push(this.#s.units(p.numberOfHousingUnit));
    if (count === undefined && p.address?.city) parts.push(p.address.city);
    return parts.filter((x): x is string => !!x);
  }

  #usage(p: RealEstateProject): string {
    return this.#usageParts(p).join(' · ');
  }

  /** How many more listings fit, as a sentence: known room, no limit, or "the service checks". */
  #fits(p: RealEstateProject | undefined, room: number): string {
    if (room !== Infinity) return this.#s.fits(room);
    const f = p ? this.#facts(p) : {};
    return f.product !== undefined && f.product !== 'BASIC' && f.published === true
      ? this.#s.fitsUnlimited
      : this.#s.fitsUnknown;
  }

  #renderProjects(): TemplateResult {
    const s = this.#s;
    const { data, error, loading } = this._projects;
    const first = loading && !data && !error;
    // With the partner's facts every project shows its state: the skeleton's options too.
    const badge = this.projectFacts && Object.keys(this.projectFacts).length ? s.published : '';
    return html`<section aria-labelledby="ph">
      <h2 id="ph">${s.projects}</h2>
      ${loading && (this.#hydrating || this.#reqs.projects.status !== 'auth') ? html`<p class=${first ? 'sr' : 'muted'} role="status">${s.projectsLoading}</p>` : nothing}
      ${first ? skeletonList(badge) : html`<div class="stack"><div class="fill">${this.#projectList()}</div><div class="kept">${skeletonList(badge)}</div></div>`}
    </section>`;
  }

  /** The list of projects, or what stands in its place (an error, "no projects yet"). */
  #projectList(): TemplateResult {
    const s = this.#s;
    const { data, error } = this._projects;
    return html`
      ${error ? this.#errorBox(s.errProjects, error, 'projects', () => this.#loadProjects()) : nothing}
      ${data && !data.length ? html`<p part="empty">${s.noProjects}</p>` : nothing}
      ${error || (data && !data.length) ? skeletonList(this.projectFacts && Object.keys(this.projectFacts).length ? s.published : '', true) : nothing}
      ${
        data?.length
          ? html`<ul id="pl" role="listbox" part="project-list" aria-labelledby="ph" tabindex="0"
            @keydown=${(e: KeyboardEvent) => this.#projectsLb.keydown(e)} @focus=${() => this.#projectsLb.focus()}>
            ${data.map(
              (
                p,
                i,
              ) => html`<li role="option" id="p${i}" aria-selected=${String(p.id === this.projectId)}
                @click=${(e: Event) => (this.#projectsLb.activate(e.currentTarget as HTMLElement, false), void this.#choose(i))}>
                <span class="name">${this.#projectName(p)}</span>
                ${p.title && p.name ? html`<span class="muted">${p.title}</span><br />` : nothing}
                ${this.#state(p) ? html`<span class="badge ${this.#facts(p).published ? 'pub' : 'unpub'}">${this.#state(p)}</span> ` : nothing}<span class="muted usage">${this.#usageParts(p).map((u, k) => html`${k ? ' · ' : ''}<span>${u}</span>`)}</span>
              </li>`,
            )}
          </ul>`
          : nothing
      }`;
  }

  #renderEntries(): TemplateResult {
    const s = this.#s;
    const id = this.projectId;
    if (!id) return html`<section><p class="muted">${s.selectHint}</p></section>`;
    const p = this.#project;
    const { data, error, loading } = this._entries;
    const rule = p ? this.#rule(p) : s.noProject;
    const meta = p ? [this.#state(p), this.#usage(p)].filter(Boolean).join(' · ') : '';
    const badge = this.projectFacts && Object.keys(this.projectFacts).length ? s.published : '';
    const skeleton = loading && !data && !error;
    const heading = s.entriesOf(p ? this.#projectName(p) : s.project(id));
    // The pane keeps one height in every state (docs/embedding.md, "No layout shift"): a box as tall as the
    // project list's six projects (the same hidden skeleton under it), holding the meta line and
    // the skeleton rows, the entries (scrolling inside), the error or the empty sentence; the
    // note under the add action reserves the height of the longest sentence it can show.
    return html`<section aria-labelledby="eh">
      <h2 id="eh">${heading}</h2>
      <div class="stack"><div class="fill pane">
        <p class="muted meta">${meta || '\u00a0'}</p>
        ${loading && this.#reqs.entries.status !== 'auth' ? html`<p class=${skeleton ? 'sr' : 'muted'} role="status">${s.entriesLoading}</p>` : nothing}
        ${skeleton ? skeletonEntries() : nothing}
        ${error ? this.#errorBox(s.errEntries, error, 'entries', () => this.#loadEntries(id)) : nothing}
        ${data && !data.length ? html`<p part="empty">${s.noEntries}</p>` : nothing}
        ${error || (data && !data.length) ? skeletonEntries(true) : nothing}
        ${
          data?.length
            ? html`<ul id="es" class="entries scroll" part="entries" aria-labelledby="eh">
              ${data.map((e) =>
                e.realEstateId
                  ? html`<li>${this.#title(e.realEstateId)} <span class="muted">${s.idLabel(e.realEstateId)}</span> ${this.#listingState(e.realEstateId)}</li>`
                  : html`<li>${s.listing(e.realEstateExternalId ?? '')}</li>`,
              )}
            </ul>`
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
      ${this._addError ? this.#errorBox(s.errAdd, this._addError) : nothing}
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
      <ul class="results">
        ${r.items.map(
          (x) => html`<li class=${x.ok ? 'ok' : 'refused'}>
            ${this.#title(x.realEstateId)} (${s.idLabel(x.realEstateId)}):
            ${x.ok ? s.created : `${s.refused}. ${p ? this.#why(x, p, r.before) : s.whyNoAnswer}`}
          </li>`,
        )}
      </ul>
    </div>`;
  }

  #renderPicker(p: RealEstateProject): TemplateResult {
    const s = this.#s;
    const room = this.#room(p);
    const visible = this.#visible();
    // Option ids follow the position in the full list, so they stay put while filtering.
    const idx = new Map(this._own.data?.map((o, i) => [o.id, i]));
    const n = this._chosen.length;
    const full = n >= room;
    const { error, loading } = this._own;
    // `.value` needs no live(): every input event copies the field into `_query`, so the
    // value rendered last is always the field's own (Escape and a finished add reset both).
    return html`<div id="picker" class="box" part="picker" role="group" aria-labelledby="pkh">
      <h3 id="pkh">${s.pickerLabel}</h3>
      <p class="muted" id="fits">${this.#fits(p, room)} ${s.chosen(n)}</p>
      ${loading && this.#reqs.realestates.status !== 'auth' ? html`<p class="muted" role="status">${s.ownLoading}</p>` : nothing}
      ${error ? this.#errorBox(s.errOwn, error, 'realestates', () => this.#loadOwn(true)) : nothing}
      <label for="q" part="label">${s.search}</label>
      <input id="q" type="search" part="input" autocomplete="off" aria-controls=${visible.length ? 'lb' : nothing} aria-describedby="fits"
        .value=${this._query} @input=${this.#search}
        @keydown=${this.#searchKey} />
      ${
        visible.length
          ? html`<ul id="lb" role="listbox" part="listing-list" aria-labelledby="pkh" aria-multiselectable="true"
            tabindex="0" @keydown=${(e: KeyboardEvent) => this.#pickKey(e, visible)} @focus=${() => this.#listingsLb.focus()}>
            ${visible.map((o) => {
              const sel = this._chosen.includes(o.id);
              const a = o.address;
              // "Street 1, 12345 City", leaving out what the listing does not give.
              const where = a
                ? [
                    [a.street, a.houseNumber],
                    [a.postcode, a.city],
                  ]
                    .map((x) => x.filter(Boolean).join(' '))
                    .filter(Boolean)
                    .join(', ')
                : '';
              return html`<li role="option" id="l${idx.get(o.id)}"
                aria-selected=${String(sel)} aria-disabled=${String(o.published === false || (full && !sel))}
                @click=${(e: Event) => (this.#listingsLb.activate(e.currentTarget as HTMLElement, false), this.#toggle(o))}>
                <span class="name">${o.title || s.listing(o.id)}</span>
                <span class="muted">${[this.#typeLabel(o.type), where, s.idLabel(o.id)].filter(Boolean).join(' · ')}</span>
                ${this.#listingState(o.id)}${o.published === false ? html` <span class="muted">${s.cannotAdd}</span>` : nothing}
              </li>`;
            })}
          </ul>`
          : this._own.data
            ? html`<p>${this.#candidates().length ? s.noMatch(this._query) : s.noCandidates}</p>`
            : nothing
      }
      ${this._notice ? html`<p class="err">${this._notice}</p>` : nothing}
      <div class="row">
        <button part="submit" aria-disabled=${String(!n || this._adding)}
          @click=${() => (n ? void this.addListings(this._chosen) : this.#say((this._notice = s.chooseFirst)))}>
          ${this._adding ? s.adding : n ? s.submit(n) : s.submitNone}
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
    this.#hydrating = !this.hasUpdated && !!this.renderRoot.querySelector('section');
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
      ${this.#say2.region()}
    </div>`;
  }
}
