import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import type { ClientBase, CallOptions } from '../../api/core.js';
import { ApiError } from '../../api/errors.js';
import { addProjectEntries, listOwnRealEstates, listProjectEntries, listProjects } from '../../api/ops.js';
import {
  BASIC_PROJECT_MAX_ENTRIES, type OwnRealEstate, type ProjectEntryResult, type RealEstateProject, type RealEstateProjectEntry,
} from '../../api/types.js';
import type { Lang } from '../../shared/i18n.js';
import { Connection, LANG_PROPERTY } from '../../shared/client.js';
import { RequestController } from '../../shared/request.js';
import { AuthController } from '../../shared/auth.js';
import { FAILURE_TEXT, failureText } from '../../shared/failure.js';
import { Announcer } from '../../shared/announce.js';
import { ListboxController } from '../../shared/listbox.js';
import { AuthRequiredEvent, EntryAddedEvent, ProjectSelectEvent } from './events.js';
import { styles } from './project-picker.styles.js';
import { strings, type Strings } from './strings.js';

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
function refusalKind(code: string): keyof typeof FAILURE_TEXT {
  if (/ACCESS_DENIED|FORBIDDEN|PERMISSION/.test(code)) return 'forbidden';
  if (/NOT_FOUND/.test(code)) return 'notFound';
  if (/CONFLICT|ALREADY|DUPLICATE/.test(code)) return 'conflict';
  return 'rejected';
}

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
 * The rules are checked before the request: an unpublished project takes no entries (the
 * action is disabled and explained), a BASIC project takes at most 15 (the picker says how
 * many more fit and refuses more), and the picker offers only the user's own published
 * listings that are not in the project yet. The service's refusal is shown when a rule is
 * broken anyway (stale data, or {@link ProjectPicker.addListings} called with a foreign id).
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
 *
 * @fires project-select - ProjectSelectEvent: the visitor chose a project (`projectId`, `project`).
 * @fires entry-added - EntryAddedEvent: the service created an entry (`projectId`, `realEstateId`, `message`), one event per listing.
 * @fires auth-required - AuthRequiredEvent: the service answered 401 (`operation`, `error`); set a new `token` to continue.
 * @fires request-failed - FailureEvent: a request failed ('projects', 'entries', 'realestates', 'add'); carries `operation`, `kind`, the `text` shown and the client's `error` for developers.
 *
 * @csspart project-list - The listbox of projects.
 * @csspart entries - The list of listings in the chosen project.
 * @csspart add-button - The button that opens the listing picker.
 * @csspart picker - The listing picker panel.
 * @csspart search - The search field that filters the picker.
 * @csspart listing-list - The multi-select listbox of the user's listings.
 * @csspart submit - The button that adds the chosen listings.
 * @csspart results - The per-listing outcome of the last add.
 * @csspart error - Error messages (role=alert) with their retry button.
 * @csspart retry - The retry button of a failed load.
 * @csspart auth - The "sign-in required" notice.
 *
 * @cssprop [--immo-font-family=system-ui, sans-serif] - Font family.
 * @cssprop [--immo-color-text=#1d1d1f] - Text colour.
 * @cssprop [--immo-color-background=#fff] - Background colour.
 * @cssprop [--immo-color-accent=#0b5cad] - Buttons and the active option's frame.
 * @cssprop [--immo-color-border=#8a8f98] - Borders of lists and fields.
 * @cssprop [--immo-color-error=#b3261e] - Errors and refused listings.
 * @cssprop [--immo-radius=6px] - Corner radius.
 * @cssprop [--immo-focus-ring=0 0 0 3px #0b5cad80] - Focus ring (a box-shadow).
 * @cssprop [--immo-project-picker-muted=#5a5f66] - Secondary text.
 * @cssprop [--immo-project-picker-selected=#e3eefa] - Background of selected options.
 * @cssprop [--immo-project-picker-ok=#1b6e2f] - Colour of added listings in the results.
 * @cssprop [--immo-project-picker-list-height=320px] - Maximum height of each listbox.
 */
export class ProjectPicker extends LitElement {
  static override styles = styles;
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
    projectId: { attribute: 'project-id', reflect: true },
    ...LANG_PROPERTY,
  };

  #pendingLoad = false;
  /** Keys, type-ahead and the active option of the two listboxes (src/shared/listbox.ts). */
  readonly #projectsLb = new ListboxController(this, {
    kind: 'listbox',
    owner: () => this.renderRoot.querySelector<HTMLElement>('#pl'),
    options: () => [...this.renderRoot.querySelectorAll<HTMLElement>('#pl>[role=option]')],
    // Focus without an active option starts on the chosen project.
    initial: () => this.renderRoot.querySelector<HTMLElement>('#pl>[aria-selected=true]') ?? undefined,
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
  private _results?: { projectId: string; items: ProjectEntryResult[] };
  private _notice = '';

  /** Service root including /restapi/api; used when no `client` is given. */
  baseUrl = '/restapi/api';

  /** A configured client: an ImmoClient, or the lighter ClientCore (auth hook, credentials …) or ClientBase it extends; replaces the one built from `base-url` (a ClientBase). */
  client?: ClientBase;

  /** The user's bearer token (never an attribute, so it stays out of the markup); a new value re-runs what failed (an add refused with 401, any failed load) and a request answered 401 while the value changed. */
  token?: string;

  /** Id of the chosen project; set it to open a project, read it (or listen to `project-select`) to learn the visitor's choice. */
  projectId = '';

  /** Language of the element (`de` default, `en`); an ancestor's `lang` counts too. */
  override lang!: string;

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
    return strings[this.#lang];
  }

  get #api(): ClientBase {
    return this.#conn.client;
  }

  /** The chosen project, when the project list knows it. */
  get #project(): RealEstateProject | undefined {
    return this._projects.data?.find((p) => p.id === this.projectId);
  }

  #max(p: RealEstateProject): number | null {
    return p.maxEntries ?? (p.product === 'BASIC' ? BASIC_PROJECT_MAX_ENTRIES : null);
  }

  #count(p: RealEstateProject): number {
    const e = this._entries;
    return e.for === p.id && e.data ? e.data.length : p.entryCount;
  }

  /** How many more listings fit into the project (Infinity without a limit). */
  #room(p: RealEstateProject): number {
    const max = this.#max(p);
    return max == null ? Infinity : Math.max(0, max - this.#count(p));
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
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
      void this.#loadEntries(this.projectId, this._entries.for === this.projectId && !!this._entries.data);
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
    if (!p.published) return refuse(s.unpublishedRule);
    const inProject = this.#inProject();
    const own = new Map(this._own.data?.map((o) => [o.id, o]));
    for (const id of ids) {
      if (inProject.has(id)) return refuse(s.alreadyIn(id));
      if (own.get(id)?.published === false) return refuse(s.listingUnpublished(id));
    }
    const room = this.#room(p);
    if (ids.length > room) return refuse(room ? s.tooMany(ids.length, room) : s.fullRule(this.#max(p) ?? 0));
    this._notice = '';
    this._addError = undefined;
    this._adding = true;
    const pid = p.id;
    // While it waits for new credentials (auth.ts) the promise stays pending, the choice kept.
    const r = await this.#run('add', (o) => addProjectEntries(this.#api, pid, ids, o));
    this._adding = this.#reqs.add.pending;
    if (!r) return [];
    if ('e' in r) {
      {
        this._addError = r.e;
        // A refusal of the whole request names each listing in its messages (id = realEstateId).
        const msgs = ApiError.is(r.e) ? r.e.messages.filter((m) => m.id && ids.includes(m.id)) : [];
        this._results = msgs.length
          ? { projectId: pid, items: msgs.map((m) => ({ realEstateId: m.id!, messageCode: m.code, message: m.text, ok: false })) }
          : undefined;
        this.#say(`${s.errAdd} ${this.#errText(r.e)}`);
        this.#refresh(pid);
      }
      return [];
    }
    const items = r.v;
    const ok = items.filter((x) => x.ok);
    const okIds = new Set(ok.map((x) => x.realEstateId));
    this._results = { projectId: pid, items };
    this._chosen = this._chosen.filter((id) => !okIds.has(id));
    if (this._entries.for === pid && this._entries.data) {
      this._entries = { for: pid, data: [...this._entries.data, ...ok.map((x) => ({ realEstateId: x.realEstateId }))] };
    }
    this.#say(s.addedSummary(ok.length, items.length));
    if (ok.length && ok.length === items.length) {
      this._open = false;
      this._query = '';
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>('#add')?.focus();
    }
    for (const x of ok) this.dispatchEvent(new EntryAddedEvent(pid, x.realEstateId, x.message));
    this.#refresh(pid);
    return items;
  }

  /** Quietly re-reads the projects and entries after an add, so counts match the service. */
  #refresh(pid: string): void {
    void this.#loadProjects(true);
    if (pid === this.projectId) void this.#loadEntries(pid, true);
  }

  #inProject(): Set<string> {
    return new Set(this._entries.for === this.projectId ? this._entries.data?.map((e) => e.realEstateId) : []);
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
      const hay = fold([o.title, o.id, this.#typeLabel(o.type), a?.street, a?.houseNumber, a?.postcode, a?.city].join(' '));
      return terms.every((t) => hay.includes(t));
    });
  }

  #typeLabel(type: string): string {
    const bare = type.replace(/^.*:/, '');
    return this.#s.types[bare] ?? bare;
  }

  #title(id: string, fallback?: string): string {
    return this._own.data?.find((o) => o.id === id)?.title || fallback || this.#s.listing(id);
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
      void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('#q')?.focus());
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
    if (!p.published) return this.#s.unpublishedRule;
    return this.#room(p) ? '' : this.#s.fullRule(this.#max(p) ?? 0);
  }

  #toggle(o: OwnRealEstate): void {
    const s = this.#s;
    if (!o.published) return this.#say(s.listingUnpublished(o.id));
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
      for (const o of visible) if (o.published && !this._chosen.includes(o.id)) this.#toggle(o);
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
    return html`<div class="box err" part="error" role="alert">
      <p><strong>${title}</strong> ${this.#errText(err)}</p>
      ${op && retry ? html`<button class="secondary" part="retry" @click=${(e: Event) => this.#retry(e, op, retry)}>${this.#s.retry}</button>` : nothing}
    </div>`;
  }

  /** The retry button (focus rule of src/shared/request.ts): the anchor is the heading of its section. */
  #retry(e: Event, op: Op, retry: () => Promise<unknown>): void {
    const h = (e.target as Element).closest('section,#picker')?.querySelector<HTMLElement>('h2,h3');
    void this.#reqs[op].retry(() => (h?.isConnected ? h : null), retry);
  }

  /** "published" or "not published". */
  #state(p: RealEstateProject): string {
    return p.published ? this.#s.published : this.#s.unpublished;
  }

  /** Product and entries used, e.g. "BASIC · 12 / 15 Einträge". */
  #usage(p: RealEstateProject): string {
    return `${p.product} · ${this.#s.used(this.#count(p), this.#max(p))}`;
  }

  /** How many more listings fit, as a sentence. */
  #fits(room: number): string {
    return room === Infinity ? this.#s.fitsUnlimited : this.#s.fits(room);
  }

  #renderProjects(): TemplateResult {
    const s = this.#s;
    const { data, error, loading } = this._projects;
    return html`<section aria-labelledby="ph">
      <h2 id="ph">${s.projects}</h2>
      ${loading && this.#reqs.projects.status !== 'auth' ? html`<p class="muted" role="status">${s.projectsLoading}</p>` : nothing}
      ${error ? this.#errorBox(s.errProjects, error, 'projects', () => this.#loadProjects()) : nothing}
      ${data && !data.length ? html`<p>${s.noProjects}</p>` : nothing}
      ${data?.length
        ? html`<ul id="pl" role="listbox" part="project-list" aria-labelledby="ph" tabindex="0"
            @keydown=${(e: KeyboardEvent) => this.#projectsLb.keydown(e)} @focus=${() => this.#projectsLb.focus()}>
            ${data.map(
              (p, i) => html`<li role="option" id="p${i}" aria-selected=${String(p.id === this.projectId)}
                @click=${(e: Event) => (this.#projectsLb.activate(e.currentTarget as HTMLElement, false), void this.#choose(i))}>
                <span class="name">${this.#projectName(p)}</span>
                ${p.title && p.name ? html`<span class="muted">${p.title}</span><br />` : nothing}
                <span class="badge">${this.#state(p)}</span> <span class="muted">${this.#usage(p)}</span>
              </li>`,
            )}
          </ul>`
        : nothing}
    </section>`;
  }

  #renderEntries(): TemplateResult {
    const s = this.#s;
    const id = this.projectId;
    if (!id) return html`<section><p class="muted">${s.selectHint}</p></section>`;
    const p = this.#project;
    const { data, error, loading } = this._entries;
    const rule = p ? this.#rule(p) : s.noProject;
    return html`<section aria-labelledby="eh">
      <h2 id="eh">${s.entriesOf(p ? this.#projectName(p) : s.project(id))}</h2>
      ${p ? html`<p class="muted">${this.#state(p)} · ${this.#usage(p)}</p>` : nothing}
      ${loading && this.#reqs.entries.status !== 'auth' ? html`<p class="muted" role="status">${s.entriesLoading}</p>` : nothing}
      ${error ? this.#errorBox(s.errEntries, error, 'entries', () => this.#loadEntries(id)) : nothing}
      ${data && !data.length ? html`<p>${s.noEntries}</p>` : nothing}
      ${data?.length
        ? html`<ul class="entries" part="entries" aria-labelledby="eh">
            ${data.map((e) => html`<li>${this.#title(e.realEstateId, e.title)} <span class="muted">${s.idLabel(e.realEstateId)}</span></li>`)}
          </ul>`
        : nothing}
      <div class="row">
        <button id="add" part="add-button" aria-expanded=${String(this._open)} aria-controls="picker"
          aria-disabled=${String(!!rule)} aria-describedby="rule" @click=${this.#togglePicker}>${s.add}</button>
      </div>
      <p id="rule" class=${rule ? 'err' : 'muted'}>${rule || this.#fits(p ? this.#room(p) : 0)}</p>
      ${this._addError ? this.#errorBox(s.errAdd, this._addError) : nothing}
      ${this.#renderResults()} ${this._open && p && !rule ? this.#renderPicker(p) : nothing}
    </section>`;
  }

  #renderResults(): TemplateResult | typeof nothing {
    const r = this._results;
    if (!r || r.projectId !== this.projectId) return nothing;
    const s = this.#s;
    return html`<div class="box" part="results">
      <h3>${s.results}</h3>
      <ul class="results">
        ${r.items.map(
          (x) => html`<li class=${x.ok ? 'ok' : 'refused'}>
            ${this.#title(x.realEstateId)} (${s.idLabel(x.realEstateId)}):
            ${x.ok ? s.created : `${s.refused}: ${FAILURE_TEXT[refusalKind(x.messageCode)][0][this.#lang]}`}
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
      <p class="muted" id="fits">${this.#fits(room)} ${s.chosen(n)}</p>
      ${loading && this.#reqs.realestates.status !== 'auth' ? html`<p class="muted" role="status">${s.ownLoading}</p>` : nothing}
      ${error ? this.#errorBox(s.errOwn, error, 'realestates', () => this.#loadOwn(true)) : nothing}
      <label for="q">${s.search}</label>
      <input id="q" type="search" part="search" autocomplete="off" aria-controls=${visible.length ? 'lb' : nothing} aria-describedby="fits"
        .value=${this._query} @input=${this.#search}
        @keydown=${this.#searchKey} />
      ${visible.length
        ? html`<ul id="lb" role="listbox" part="listing-list" aria-labelledby="pkh" aria-multiselectable="true"
            tabindex="0" @keydown=${(e: KeyboardEvent) => this.#pickKey(e, visible)} @focus=${() => this.#listingsLb.focus()}>
            ${visible.map((o) => {
              const sel = this._chosen.includes(o.id);
              const a = o.address;
              // "Street 1, 12345 City", leaving out what the listing does not give.
              const where = a
                ? [[a.street, a.houseNumber], [a.postcode, a.city]].map((x) => x.filter(Boolean).join(' ')).filter(Boolean).join(', ')
                : '';
              return html`<li role="option" id="l${idx.get(o.id)}"
                aria-selected=${String(sel)} aria-disabled=${String(!o.published || (full && !sel))}
                @click=${(e: Event) => (this.#listingsLb.activate(e.currentTarget as HTMLElement, false), this.#toggle(o))}>
                <span class="name">${o.title || s.listing(o.id)}</span>
                <span class="muted">${this.#typeLabel(o.type)}${where ? ` · ${where}` : ''} · ${s.idLabel(o.id)}</span>
                ${o.published ? nothing : html`<span class="muted">(${s.notPublishedListing})</span>`}
              </li>`;
            })}
          </ul>`
        : this._own.data
          ? html`<p>${this.#candidates().length ? s.noMatch(this._query) : s.noCandidates}</p>`
          : nothing}
      ${this._notice ? html`<p class="err">${this._notice}</p>` : nothing}
      <div class="row">
        <button part="submit" aria-disabled=${String(!n || this._adding)}
          @click=${() => (n ? void this.addListings(this._chosen) : this.#say((this._notice = s.chooseFirst)))}>
          ${this._adding ? s.adding : n ? s.submit(n) : s.submitNone}
        </button>
        <button class="secondary" @click=${this.#closePicker}>${s.cancel}</button>
      </div>
    </div>`;
  }

  protected override render(): TemplateResult {
    const s = this.#s;
    return html`<div class="base" lang=${this.#lang}>
      ${this.#auth.waiting ? html`<div class="box err full" part="auth" role="alert"><strong>${s.authTitle}</strong> ${s.authText}</div>` : nothing}
      ${this.#renderProjects()} ${this.#renderEntries()}
      ${this.#say2.region()}
    </div>`;
  }
}
