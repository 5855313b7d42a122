import type { CallOptions, ClientBase } from '../../api/core.js';
import type { ApiError } from '../../api/errors.js';
import {
  addProjectEntries,
  listOwnRealEstates,
  listProjectEntries,
  listProjects,
} from '../../api/ops.js';
import type {
  OwnRealEstate,
  ProjectEntryResult,
  RealEstateProject,
  RealEstateProjectEntry,
} from '../../api/types.js';
import type { AuthController } from '../../shared/auth.js';
import type { Connection, ConnectionHost } from '../../shared/client.js';
import { RequestController, type RequestOptions } from '../../shared/request.js';
import { isRefusal } from './rules.js';
import { STRINGS } from './strings.js';

/** What of project-picker its requests read: the connection's inputs and the user's token. */
export interface SignedInHost extends ConnectionHost {
  readonly renderRoot: HTMLElement | DocumentFragment;
  token?: string | undefined;
}

/** The project whose entries the pane shows (or loads), and its entries once read. */
interface Shown {
  projectId: string;
  list?: RealEstateProjectEntry[];
}

export interface RequestsOptions {
  /** One auth episode for all four operations (src/shared/auth.ts). */
  auth: AuthController;
  /** The client and the language (src/shared/client.ts). */
  conn: Connection;
  /** Says a load that finished to a screen reader (unless it was a quiet one). */
  say(text: string): void;
}

/**
 * project-picker's four requests (docs/interface.md#building-projects), each a
 * RequestController (src/shared/request.ts), and what they read: the project list, the open
 * project's entries, the user's own listings, and the add of listings to a project. Loads
 * settle without rejecting: their outcome is the request's state, which the panes render.
 *
 * The open project's entries are kept here rather than in their request: an add puts what it
 * created in at once. Each change of them renders the host again, as a request's does.
 */
export class PickerRequests {
  /** The project list. Argument: quiet (a reload behind the list shown, not announced). */
  readonly projects: RequestController<[quiet: boolean], RealEstateProject[]>;
  /** The open project's entries. Arguments: quiet, the project's id. */
  readonly entries: RequestController<
    [quiet: boolean, projectId: string],
    RealEstateProjectEntry[]
  >;
  /** The user's own listings, which the picker offers. */
  readonly own: RequestController<[], OwnRealEstate[]>;
  /** Adding listings to a project: one request for all of them. */
  readonly add: RequestController<
    [projectId: string, realEstateIds: string[]],
    ProjectEntryResult[]
  >;
  readonly #host: SignedInHost;
  readonly #auth: AuthController;
  /** The open project's entries (see above). */
  #shown?: Shown;
  /** The user's listings by id, for the entries' and results' titles and states. */
  #ownIndex: { list?: OwnRealEstate[]; byId: Map<string, OwnRealEstate> } = { byId: new Map() };

  constructor(host: SignedInHost, o: RequestsOptions) {
    this.#host = host;
    this.#auth = o.auth;
    const api = (): ClientBase => o.conn.client;
    const call = (signal: AbortSignal): CallOptions => ({
      signal,
      token: host.token || undefined,
    });
    const strings = () => STRINGS[o.conn.lang];
    // What the four share: one auth episode, nothing sent before the host gave a token or a
    // client of its own (auth.ts), and no run repeated by a reconnect by itself (connecting
    // reloads the lists; an add is never sent again unasked).
    const request = <A extends unknown[], T>(
      operation: string,
      own: Pick<RequestOptions<A, T>, 'task' | 'onComplete'>,
    ) =>
      new RequestController<A, T>(host, {
        operation,
        auth: o.auth,
        ready: () => !!host.token || host.client != null,
        lang: () => o.conn.lang,
        resume: false,
        ...own,
      });
    this.projects = request('projects', {
      task: (signal, _quiet: boolean) => listProjects(api(), call(signal)),
      onComplete: (list, quiet) => {
        if (!quiet) o.say(strings().loadedProjects(list.length));
      },
    });
    this.entries = request('entries', {
      task: (signal, _quiet: boolean, id: string) => listProjectEntries(api(), id, call(signal)),
      onComplete: (list, quiet, id) => {
        this.#show({ projectId: id, list });
        if (!quiet) o.say(strings().loadedEntries(list.length));
      },
    });
    this.own = request('realestates', {
      task: (signal) => listOwnRealEstates(api(), call(signal)),
    });
    this.add = request('add', {
      task: (signal, pid: string, ids: string[]) =>
        addProjectEntries(api(), pid, ids, call(signal)),
    });
  }

  #show(shown: Shown | undefined): void {
    this.#shown = shown;
    this.#host.requestUpdate();
  }

  /** Project `id` as the project list describes it, once the list is read and holds it. */
  project(id: string): RealEstateProject | undefined {
    return this.projects.value?.find((p) => p.id === id);
  }

  /** Project `id`'s entries, once read (undefined while another project's are shown or loading). */
  entriesOf(id: string): RealEstateProjectEntry[] | undefined {
    const e = this.#shown;
    return e?.projectId === id ? e.list : undefined;
  }

  /** Entries in project `id`, from its entries list; undefined until that list is read. */
  countOf(id: string): number | undefined {
    return this.entriesOf(id)?.length;
  }

  /** The listings in project `id`, as far as its entries list is read. */
  inProject(id: string): Set<string> {
    const ids = this.entriesOf(id)?.map((e) => e.realEstateId) ?? [];
    return new Set(ids.filter((x): x is string => !!x));
  }

  /** The user's listings that may go into project `id`, before the search filters them. */
  candidates(id: string): OwnRealEstate[] {
    const inProject = this.inProject(id);
    return (this.own.value ?? []).filter((o) => !inProject.has(o.id));
  }

  /** The user's listings by id, once read. */
  get ownById(): Map<string, OwnRealEstate> | undefined {
    const list = this.own.value;
    if (!list) return undefined;
    if (this.#ownIndex.list !== list)
      this.#ownIndex = { list, byId: new Map(list.map((o) => [o.id, o])) };
    return this.#ownIndex.byId;
  }

  /** The failure of the last add, unless the service refused it (then its results explain it). */
  get addFailure(): ApiError | undefined {
    const e = this.add.error;
    return e && !isRefusal(e) ? e : undefined;
  }

  loadProjects(quiet = false): Promise<unknown> {
    return this.projects.run(quiet).catch(() => {});
  }

  /** Loads a project's entries; unless quiet, what the pane showed goes (the skeleton shows). */
  loadEntries(id: string, quiet = false): Promise<unknown> {
    const keep = quiet && this.#shown?.projectId === id;
    if (!keep) this.#show({ projectId: id });
    return this.entries.run(keep, id).catch(() => {});
  }

  /** Loads the user's listings once (again with `force`). */
  loadOwn(force = false): Promise<unknown> {
    if (!force && (this.own.value || this.own.pending)) return Promise.resolve();
    return this.own.run().catch(() => {});
  }

  /**
   * Reloads the projects, and with an open project `projectId` its entries and the user's
   * listings, keeping what is shown meanwhile; a request that waited for credentials runs again.
   */
  reload(projectId: string): void {
    this.#auth.renew();
    void this.loadProjects(!!this.projects.value);
    if (projectId) {
      void this.loadEntries(projectId, !!this.entriesOf(projectId));
      void this.loadOwn();
    }
  }

  /**
   * A new token: what waited for it runs again; without a waiting request, loads that failed
   * otherwise (a token that could not be sent) reload.
   */
  recover(projectId: string): void {
    const waited = this.#auth.waiting;
    this.#auth.renew();
    if (!waited && (this.projects.error || this.entries.error || this.own.error))
      this.reload(projectId);
  }

  /** Another project opened (`projectId`, or none): the last add is forgotten, its entries load. */
  open(projectId: string): void {
    this.add.reset();
    if (projectId) {
      void this.loadEntries(projectId);
      void this.loadOwn();
    } else {
      this.entries.reset();
      this.#show(undefined);
    }
  }

  /** Whether project `id`'s entries are shown or loading (a change of project-id to it opens nothing). */
  isOpen(id: string): boolean {
    return this.#shown?.projectId === id;
  }

  /** The add put `ids` into project `projectId`: they join its entries shown at once. */
  added(projectId: string, ids: string[]): void {
    const e = this.#shown;
    if (e?.projectId !== projectId || !e.list) return;
    this.#show({ projectId, list: [...e.list, ...ids.map((realEstateId) => ({ realEstateId }))] });
  }

  /** Quietly re-reads the projects, and project `pid`'s entries when it is open, so counts match the service. */
  refresh(pid: string, openId: string): void {
    void this.loadProjects(true);
    if (pid === openId) void this.loadEntries(pid, true);
  }
}
