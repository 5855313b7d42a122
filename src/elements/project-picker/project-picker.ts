import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { ClientBase, type CallOptions } from '../../api/core.js';
import { ApiError } from '../../api/errors.js';
import { addProjectEntries, listOwnRealEstates, listProjectEntries, listProjects } from '../../api/ops.js';
import {
  BASIC_PROJECT_MAX_ENTRIES, type OwnRealEstate, type ProjectEntryResult, type RealEstateProject, type RealEstateProjectEntry,
} from '../../api/types.js';
import { watchLang, resolveLang, type Lang } from '../../shared/i18n.js';
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
/** Marks an error already handled as "authentication required". */
const AUTH = Symbol('auth');

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
 * fires `auth-required`; setting a new `token` or `client`, or calling `reload()` once the
 * auth hook has fresh credentials, re-runs the failed operation.
 *
 * @tagname project-picker
 * @summary Building projects of the logged-in user, with a keyboard-friendly picker to add listings.
 *
 * @attr lang - `de` (default) or `en`; an ancestor's `lang` counts too.
 *
 * @fires project-select - ProjectSelectEvent: the visitor chose a project (`projectId`, `project`).
 * @fires entry-added - EntryAddedEvent: the service created an entry (`projectId`, `realEstateId`, `message`), one event per listing.
 * @fires auth-required - AuthRequiredEvent: the service answered 401 (`operation`, `error`); set a new `token` to continue.
 *
 * @csspart project-list - The listbox of projects.
 * @csspart entries - The list of listings in the chosen project.
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
 * @cssprop [--immo-color-error=#b3261e] - Errors and refused listings (dark #ff8a80).
 * @cssprop [--immo-color-success=#1b6e2d] - Added listings in the results (dark #7ed996).
 * @cssprop [--immo-color-active=#e3eefa] - Background of selected options (dark #22344a).
 * @cssprop [--immo-radius=6px] - Corner radius.
 * @cssprop [--immo-focus-ring=0 0 0 3px #0b5cad73] - Focus ring, a box-shadow.
 * @cssprop [--immo-space=12px] - Padding of boxes.
 * @cssprop [--immo-project-picker-list-height=320px] - Maximum height of each listbox.
 */
export class ProjectPicker extends LitElement {
  static override styles = styles;
  /** An ancestor's `lang` switch re-renders the element (see watchLang). */
  readonly #langWatch = watchLang(this);

  // `static properties` rather than decorators: no decorator helpers in the bundle.
  static override properties = {
    _projects: { state: true, attribute: false },
    _entries: { state: true, attribute: false },
    _own: { state: true, attribute: false },
    _open: { state: true, attribute: false },
    _query: { state: true, attribute: false },
    _chosen: { state: true, attribute: false },
    _activeP: { state: true, attribute: false },
    _activeL: { state: true, attribute: false },
    _adding: { state: true, attribute: false },
    _addError: { state: true, attribute: false },
    _results: { state: true, attribute: false },
    _notice: { state: true, attribute: false },
    _auth: { state: true, attribute: false },
    _live: { state: true, attribute: false },
    baseUrl: { attribute: 'base-url' },
    client: { attribute: false },
    token: { attribute: false },
    projectId: { attribute: 'project-id', reflect: true },
  };

  #ctl: Partial<Record<Op, AbortController>> = {};
  #retries = new Map<Op, () => void>();
  #ownClient?: ClientBase;
  #clientKey = '';
  #pendingLoad = false;
  #typed = '';
  #typedTimer?: ReturnType<typeof setTimeout>;
  #scroll = false;

  private _projects: Load<RealEstateProject[]> = {};
  private _entries: Load<RealEstateProjectEntry[]> & { for?: string } = {};
  private _own: Load<OwnRealEstate[]> = {};
  private _open = false;
  private _query = '';
  private _chosen: string[] = [];
  private _activeP = -1;
  private _activeL = '';
  private _adding = false;
  private _addError: unknown;
  private _results?: { projectId: string; items: ProjectEntryResult[] };
  private _notice = '';
  private _auth = false;
  private _live = '';

  /** Service root including /restapi/api; used when no `client` is given. */
  baseUrl = '/restapi/api';

  /** A configured client: an ImmoClient, or the lighter ClientCore (auth hook, credentials …) or ClientBase it extends; replaces the one built from `base-url` (a ClientBase). */
  client?: ClientBase;

  /** The user's bearer token (never an attribute, so it stays out of the markup); a new value re-runs what failed (an add refused with 401, any failed load) and a request answered 401 while the value changed. */
  token?: string;

  /** Id of the chosen project; set it to open a project, read it (or listen to `project-select`) to learn the visitor's choice. */
  projectId = '';

  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, 'lang'];
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(name, old, value);
    if (name === 'lang') this.requestUpdate();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#pendingLoad = true;
    this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const c of Object.values(this.#ctl)) c?.abort();
    this.#ctl = {};
    this._adding = false;
    clearTimeout(this.#typedTimer);
  }

  get #lang(): Lang {
    return resolveLang(this);
  }

  get #s(): Strings {
    return strings[this.#lang];
  }

  get #api(): ClientBase {
    if (this.client) return this.client;
    const key = `${this.baseUrl}|${this.#lang}`;
    if (!this.#ownClient || key !== this.#clientKey) {
      this.#ownClient = new ClientBase({ baseUrl: this.baseUrl, lang: this.#lang });
      this.#clientKey = key;
    }
    return this.#ownClient;
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

  protected override updated(): void {
    if (this.#scroll) {
      this.#scroll = false;
      for (const o of this.renderRoot.querySelectorAll('[role=option].active')) o.scrollIntoView?.({ block: 'nearest' });
    }
  }

  /** Reloads the projects, the chosen project's listings and the user's listings (keeps what is shown meanwhile). */
  reload(): void {
    const add = this.#retries.get('add');
    this.#retries.clear();
    this._auth = false;
    void this.#loadProjects(!!this._projects.data);
    if (this.projectId) {
      void this.#loadEntries(this.projectId, this._entries.for === this.projectId && !!this._entries.data);
      void this.#loadOwn();
    }
    add?.();
  }

  /** Re-runs what failed with 401 after a new token arrived, or reloads when a load failed otherwise (a token that could not be sent). */
  #recover(): void {
    if (!this.#retries.size) {
      if (this._projects.error || this._entries.error || this._own.error) this.reload();
      return;
    }
    const fns = [...this.#retries.values()];
    this.#retries.clear();
    this._auth = false;
    for (const f of fns) f();
  }

  #say(msg: string): void {
    // A trailing no-break space that alternates makes a repeated message a change again.
    this._live = msg + (this._live.endsWith('\u00a0') ? '' : '\u00a0');
  }

  /** Runs one client call with its own AbortController and the 401 handling. */
  async #run<T>(op: Op, fn: (o: CallOptions) => Promise<T>, rerun: () => void): Promise<Outcome<T>> {
    this.#ctl[op]?.abort();
    const ctl = (this.#ctl[op] = new AbortController());
    this.#retries.delete(op);
    const token = this.token;
    let e: unknown;
    try {
      return { v: await fn({ signal: ctl.signal, token: token || undefined }) };
    } catch (x) {
      e = x;
    } finally {
      // Done before a re-run below or a host's auth-required handler can start the next one.
      if (this.#ctl[op] === ctl) delete this.#ctl[op];
    }
    if (ctl.signal.aborted || (ApiError.is(e) && e.kind === 'abort')) return null;
    if (ApiError.is(e) && e.isUnauthorized) {
      // Sent with a token that has been replaced meanwhile: try the new one before asking.
      if (token !== this.token) {
        rerun();
        return null;
      }
      this.#retries.set(op, rerun);
      // One event per episode: parallel loads that all fail with 401 ask for one token.
      if (!this._auth) {
        this._auth = true;
        this.#say(this.#s.authTitle);
        this.dispatchEvent(new AuthRequiredEvent<Op>(op, e));
      }
      return { e: AUTH };
    }
    return { e };
  }

  async #loadProjects(quiet = false): Promise<void> {
    this._projects = { data: this._projects.data, loading: !quiet };
    const r = await this.#run('projects', (o) => listProjects(this.#api, o), () => void this.#loadProjects());
    if (!r) return;
    if ('e' in r) {
      this._projects = { data: this._projects.data, error: r.e === AUTH ? undefined : r.e };
      return;
    }
    this._projects = { data: r.v };
    if (!quiet) this.#say(this.#s.loadedProjects(r.v.length));
  }

  async #loadEntries(id: string, quiet = false): Promise<void> {
    this._entries = quiet && this._entries.for === id ? this._entries : { for: id, loading: true };
    const r = await this.#run('entries', (o) => listProjectEntries(this.#api, id, o), () => void this.#loadEntries(id));
    if (!r) return;
    if ('e' in r) {
      this._entries = { for: id, data: this._entries.data, error: r.e === AUTH ? undefined : r.e };
      return;
    }
    this._entries = { for: id, data: r.v };
    if (!quiet) this.#say(this.#s.loadedEntries(r.v.length));
  }

  async #loadOwn(force = false): Promise<void> {
    if (!force && (this._own.data || this.#ctl.realestates)) return;
    this._own = { data: this._own.data, loading: true };
    const r = await this.#run('realestates', (o) => listOwnRealEstates(this.#api, o), () => void this.#loadOwn(true));
    if (!r) return;
    this._own = 'e' in r ? { data: this._own.data, error: r.e === AUTH ? undefined : r.e } : { data: r.v };
  }

  /** The host or the visitor opened another project: reset the picker and load its listings. */
  #openProject(): void {
    this._open = false;
    this._chosen = [];
    this._query = '';
    this._results = undefined;
    this._notice = '';
    this._addError = undefined;
    this.#ctl.add?.abort();
    this.#retries.delete('add');
    this._adding = false;
    if (this.projectId) {
      void this.#loadEntries(this.projectId);
      void this.#loadOwn();
    } else {
      this.#ctl.entries?.abort();
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
    if (this.#ctl.add) return [];
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
    const r = await this.#run('add', (o) => addProjectEntries(this.#api, pid, ids, o), () => void this.addListings(ids));
    // A re-run with a new token may be on its way already.
    this._adding = !!this.#ctl.add;
    if (!r) return [];
    if ('e' in r) {
      if (r.e !== AUTH) {
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

  #errText(err: unknown): string {
    if (!ApiError.is(err)) return this.#s.unexpected;
    return err.localizedMessage(this.#lang) + (err.code ? ` (${err.code})` : '');
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

  /** Arrow keys, Home/End and type-ahead shared by both listboxes; returns the new active index. */
  #nav(e: KeyboardEvent, active: number, labels: string[]): number | undefined {
    const n = labels.length;
    if (!n) return undefined;
    switch (e.key) {
      case 'ArrowDown':
        return Math.min(n - 1, active + 1);
      case 'ArrowUp':
        return Math.max(0, active < 0 ? 0 : active - 1);
      case 'Home':
        return 0;
      case 'End':
        return n - 1;
      case 'PageDown':
        return Math.min(n - 1, Math.max(active, 0) + 10);
      case 'PageUp':
        return Math.max(0, active - 10);
    }
    if (e.key.length !== 1 || e.key === ' ' || e.ctrlKey || e.metaKey || e.altKey) return undefined;
    clearTimeout(this.#typedTimer);
    this.#typedTimer = setTimeout(() => (this.#typed = ''), 600);
    this.#typed += fold(e.key);
    const repeat = [...this.#typed].every((c) => c === this.#typed[0]);
    const prefix = repeat ? this.#typed[0] : this.#typed;
    const start = repeat || this.#typed.length === 1 ? active + 1 : Math.max(active, 0);
    for (let i = 0; i < n; i++) {
      const j = (start + i) % n;
      if (fold(labels[j]).startsWith(prefix)) return j;
    }
    return active;
  }

  #projectKey(e: KeyboardEvent): void {
    const list = this._projects.data ?? [];
    const active = this._activeP < 0 ? list.findIndex((p) => p.id === this.projectId) : this._activeP;
    if ((e.key === 'Enter' || e.key === ' ') && active >= 0) {
      e.preventDefault();
      this.#choose(active);
      return;
    }
    const next = this.#nav(e, active, list.map((p) => this.#projectName(p)));
    if (next === undefined) return;
    e.preventDefault();
    this._activeP = next;
    this.#scroll = true;
  }

  #projectFocus(): void {
    if (this._activeP < 0) {
      this._activeP = Math.max(0, (this._projects.data ?? []).findIndex((p) => p.id === this.projectId));
      this.#scroll = true;
    }
  }

  async #choose(i: number): Promise<void> {
    const p = this._projects.data?.[i];
    this._activeP = i;
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
    this._activeL = o.id;
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
    // Without an active option the first one is shown as active (see #renderPicker).
    const active = Math.max(0, visible.findIndex((o) => o.id === this._activeL));
    if (e.key === 'Escape') {
      e.preventDefault();
      void this.#closePicker();
      return;
    }
    if ((e.key === ' ' || e.key === 'Enter') && visible[active]) {
      e.preventDefault();
      this.#toggle(visible[active]);
      return;
    }
    if (e.key.toLowerCase() === 'a' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      for (const o of visible) if (o.published && !this._chosen.includes(o.id)) this.#toggle(o);
      return;
    }
    const next = this.#nav(e, active, visible.map((o) => o.title));
    if (next === undefined) return;
    e.preventDefault();
    this._activeL = visible[next].id;
    this.#scroll = true;
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
  #errorBox(title: string, err: unknown, retry?: () => void): TemplateResult {
    return html`<div part="error" role="alert">
      <p><strong>${title}</strong> ${this.#errText(err)}</p>
      ${retry ? html`<button part="retry" @click=${(e: Event) => this.#retry(e, retry)}>${this.#s.retry}</button>` : nothing}
    </div>`;
  }

  /** The retry button leaves with its error: focus goes to the heading of its section first, so it stays in place. */
  #retry(e: Event, retry: () => void): void {
    const h = (e.target as Element).closest('section,#picker')?.querySelector<HTMLElement>('h2,h3');
    if (h) {
      h.tabIndex = -1;
      h.focus();
    }
    retry();
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
    const active = this._activeP;
    return html`<section aria-labelledby="ph">
      <h2 id="ph">${s.projects}</h2>
      ${loading ? html`<p class="muted" role="status">${s.projectsLoading}</p>` : nothing}
      ${error ? this.#errorBox(s.errProjects, error, () => void this.#loadProjects()) : nothing}
      ${data && !data.length ? html`<p>${s.noProjects}</p>` : nothing}
      ${data?.length
        ? html`<ul role="listbox" part="project-list" aria-labelledby="ph" tabindex="0"
            aria-activedescendant=${active >= 0 && active < data.length ? `p${active}` : nothing}
            @keydown=${this.#projectKey} @focus=${this.#projectFocus}>
            ${data.map(
              (p, i) => html`<li role="option" id="p${i}" class=${i === active ? 'active' : ''}
                aria-selected=${String(p.id === this.projectId)} @click=${() => void this.#choose(i)}>
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
      ${loading ? html`<p class="muted" role="status">${s.entriesLoading}</p>` : nothing}
      ${error ? this.#errorBox(s.errEntries, error, () => void this.#loadEntries(id)) : nothing}
      ${data && !data.length ? html`<p>${s.noEntries}</p>` : nothing}
      ${data?.length
        ? html`<ul class="entries" part="entries" aria-labelledby="eh">
            ${data.map((e) => html`<li>${this.#title(e.realEstateId, e.title)} <span class="muted">${s.idLabel(e.realEstateId)}</span></li>`)}
          </ul>`
        : nothing}
      <div class="row">
        <button id="add" part="add" aria-expanded=${String(this._open)} aria-controls="picker"
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
            ${x.ok ? s.created : `${s.refused}: ${x.message} (${x.messageCode})`}
          </li>`,
        )}
      </ul>
    </div>`;
  }

  #renderPicker(p: RealEstateProject): TemplateResult {
    const s = this.#s;
    const room = this.#room(p);
    const visible = this.#visible();
    const active = visible.find((o) => o.id === this._activeL) ?? visible[0];
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
      ${loading ? html`<p class="muted" role="status">${s.ownLoading}</p>` : nothing}
      ${error ? this.#errorBox(s.errOwn, error, () => void this.#loadOwn(true)) : nothing}
      <label for="q" part="label">${s.search}</label>
      <input id="q" type="search" part="input" autocomplete="off" aria-controls=${active ? 'lb' : nothing} aria-describedby="fits"
        .value=${this._query} @input=${this.#search}
        @keydown=${this.#searchKey} />
      ${active
        ? html`<ul id="lb" role="listbox" part="listing-list" aria-labelledby="pkh" aria-multiselectable="true"
            tabindex="0" aria-activedescendant="l${idx.get(active.id)}" @keydown=${(e: KeyboardEvent) => this.#pickKey(e, visible)}>
            ${visible.map((o) => {
              const sel = this._chosen.includes(o.id);
              const a = o.address;
              // "Street 1, 12345 City", leaving out what the listing does not give.
              const where = a
                ? [[a.street, a.houseNumber], [a.postcode, a.city]].map((x) => x.filter(Boolean).join(' ')).filter(Boolean).join(', ')
                : '';
              return html`<li role="option" id="l${idx.get(o.id)}" class=${o === active ? 'active' : ''}
                aria-selected=${String(sel)} aria-disabled=${String(!o.published || (full && !sel))} @click=${() => this.#toggle(o)}>
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
        <button part="cancel" @click=${this.#closePicker}>${s.cancel}</button>
      </div>
    </div>`;
  }

  protected override render(): TemplateResult {
    const s = this.#s;
    return html`<div class="base" lang=${this.#lang}>
      ${this._auth ? html`<div class="full" part="auth" role="alert"><strong>${s.authTitle}</strong> ${s.authText}</div>` : nothing}
      ${this.#renderProjects()} ${this.#renderEntries()}
      <div class="sr" role="status" aria-live="polite">${this._live}</div>
    </div>`;
  }
}
