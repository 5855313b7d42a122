import { html, isServer, nothing, type TemplateResult } from 'lit';
import { BASIC_PROJECT_MAX_ENTRIES } from '../../api/types.js';
import type { Lang } from '../../shared/i18n.js';
import type { ListboxController } from '../../shared/listbox.js';
import { clip } from '../../shared/text.js';
import { COMMA, SEP, errorBox, line, stateBadge } from './markup.js';
import type { Pages } from '../../shared/pages.js';
import type { PickerRequests } from './requests.js';
import {
  hasFacts,
  listingTitle,
  projectName,
  projectState,
  publishedOf,
  refusalContext,
  whyRefused,
  type AddResults,
  type ProjectFacts,
} from './rules.js';
import type { Strings } from './strings.js';

/*
 * project-picker's panes as templates of what they are given: the project list, the open
 * project's entries with the add action under them, the last add's results, and the loading
 * skeletons that keep each pane's height. The listing picker's panel is listing-picker.ts's.
 */

/** The long lists of the picker, each paged on its own. */
export type PickerList = 'projects' | 'entries' | 'listings' | 'results';

/** What every pane reads: the element's strings, its requests and pager, the partner's facts. */
export interface PaneContext {
  readonly s: Strings;
  readonly lang: Lang;
  readonly data: PickerRequests;
  readonly pages: Pages<PickerList>;
  /** The partner's facts by project id (project-facts). */
  readonly facts: Record<string, ProjectFacts> | undefined;
  /** The open project's id ('' for none). */
  readonly projectId: string;
}

/**
 * Whether a load shows as loading: on its way (or waiting for credentials) and not a quiet
 * reload (its first argument) behind what is already shown. A server renders every list as
 * loading: the browser asks.
 */
const loudly = (req: {
  readonly pending: boolean;
  readonly args: readonly [boolean, ...unknown[]] | undefined;
}) => isServer || (req.pending && !req.args?.[0]);

/** The state badge's word in the skeletons when the partner passes facts (every project shows its state), else ''. */
const badgeOf = (c: PaneContext) => (hasFacts(c.facts) ? c.s.published : '');

/** A grey bar's text: `n` figure spaces, as wide as `n` digits. */
const bar = (n: number) => '\u2007'.repeat(n);

/**
 * The project list's skeleton while it loads: a list box of six projects (the number the
 * list's height is made for, --immo-project-picker-list-height), each a name and a usage line
 * as grey bars, and the state badge's line when the partner passes projectFacts (the badge
 * has a line of its own). Afterwards a hidden copy keeps that height under the list (or an
 * error, or "no projects"), so nothing under the picker moves up; more than six projects
 * grow the list. `ghost`: still and fading under an error or "no projects"
 * (src/shared/styles.ts, .ghost), the frame of the list that is not there.
 */
const skeletonList = (badge: string, ghost = false) =>
  html`<ul class="sklist ${ghost ? 'ghost' : ''}" part="skeleton" aria-hidden="true" inert>
    ${[16, 19, 14, 17, 12, 18].map(
      (n, i) =>
        html`<li class="skopt">
          <span class="name"><span class="bone">${bar(n)}</span></span
          >${
            badge ? html`<span class="badge"><span class="bone">${badge}</span></span>` : nothing
          }<span class="muted usage"><span class="bone">${bar(12 + ((i * 5) % 7))}</span></span>
        </li>`,
    )}
  </ul>`;

/**
 * The entries' skeleton while they load: six rows of a listing's title, id and state as grey
 * bars (aria-hidden); `ghost`: still and fading under an error or "no listings yet".
 */
const skeletonEntries = (ghost = false) =>
  html`<ul class="entries ${ghost ? 'ghost' : ''}" part="skeleton" aria-hidden="true" inert>
    ${[22, 17, 25, 19, 23, 15].map(
      (n) =>
        html`<li>
          <span class="bone">${bar(n)}</span>
          <span class="muted"><span class="bone">${bar(11)}</span></span>
        </li>`,
    )}
  </ul>`;

/** The project list's keys and the visitor's choice, which the element keeps. */
export interface ProjectChoice {
  /** Keys, type-ahead and the active option (src/shared/listbox.ts). */
  readonly listbox: ListboxController;
  /** The visitor chose the project at this position of the list. */
  choose(i: number): void;
  /** The first update takes over a server's render (src/shared/hydration.ts). */
  readonly hydrating: boolean;
}

/** The projects' pane: its heading, the list (or its skeleton), and the hidden skeleton that keeps its height. */
export function projectsPane(c: PaneContext, o: ProjectChoice): TemplateResult {
  const s = c.s;
  const req = c.data.projects;
  const loading = loudly(req);
  const first = loading && !req.value && !req.error;
  const badge = badgeOf(c);
  return html`<section aria-labelledby="ph">
    <h2 id="ph">${s.projects}</h2>
    ${
      loading && (o.hydrating || req.status !== 'auth')
        ? html`<p class=${first ? 'sr' : 'muted'} role="status">${s.projectsLoading}</p>`
        : nothing
    }
    ${
      first
        ? skeletonList(badge)
        : html`<div class="stack">
            <div class="fill">${projectList(c, o)}</div>
            <div class="kept">${skeletonList(badge)}</div>
          </div>`
    }
  </section>`;
}

/** The list of projects, or what stands in its place (an error, "no projects yet"). */
function projectList(c: PaneContext, o: ProjectChoice): TemplateResult {
  const s = c.s;
  const { value: data, error } = c.data.projects;
  return html` ${error ? errorBox(s.errProjects, c.data.projects, c.lang, () => c.data.loadProjects()) : nothing}
  ${data && !data.length ? html`<p part="empty">${s.noProjects}</p>` : nothing}
  ${error || (data && !data.length) ? skeletonList(badgeOf(c), true) : nothing}
  ${
    data?.length
      ? html`<ul
            id="pl"
            role="listbox"
            part="project-list"
            aria-labelledby="ph"
            tabindex="0"
            @keydown=${(e: KeyboardEvent) => o.listbox.keydown(e)}
            @focus=${() => o.listbox.focus()}
          >
            ${c.pages.rows('projects', data).map((p, i) => {
              const known = projectState(p, c.facts, c.data.countOf(p.id), s);
              return html`<li
                role="option"
                id="p${i}"
                aria-selected=${String(p.id === c.projectId)}
                @click=${(e: Event) => (o.listbox.activate(e.currentTarget as HTMLElement, false), o.choose(i))}
              >
                ${line(projectName(p, s), 'name')}${COMMA}
                ${p.title && p.name ? html`${line(p.title, 'muted')}${COMMA}` : nothing}
                ${
                  known.state
                    ? html`<span class="badge ${known.facts.published ? 'pub' : 'unpub'}"
                          >${known.state}</span
                        >${COMMA} `
                    : nothing
                }<span class="muted usage"
                  >${known.usage.map(
                    (u, k) => html`${k ? html`${SEP} ` : ''}${line(u, 'inline')}`,
                  )}</span
                >
              </li>`;
            })}
          </ul>
          ${c.pages.button('projects', data.length, 'pl')}`
      : nothing
  }`;
}

/** The add action under the open project's entries, which the listing picker discloses. */
export interface AddAction {
  /** The picker is open. */
  readonly open: boolean;
  /** The add button was pressed. */
  toggle(): void;
  /** The picker's panel (listing-picker.ts), or nothing. */
  readonly panel: unknown;
  /** The last add's results, when it went into the open project. */
  readonly results: AddResults | undefined;
}

/**
 * The open project's pane, or the hint to choose one. It keeps one height in every state
 * (docs/embedding.md, "No layout shift"): a box as tall as the project list's six projects
 * (the same hidden skeleton under it), holding the meta line and the skeleton rows, the
 * entries (scrolling inside), the error or the empty sentence; the note under the add action
 * reserves the height of the longest sentence it can show.
 */
export function entriesPane(c: PaneContext, a: AddAction): TemplateResult {
  const { s, data, projectId: id } = c;
  if (!id) return html`<section><p class="muted">${s.selectHint}</p></section>`;
  const p = data.project(id);
  const known = p && projectState(p, c.facts, data.countOf(id), s);
  const req = data.entries;
  const entries = data.entriesOf(id);
  const error = req.error;
  const loading = loudly(req);
  const rule = known ? known.rule : s.noProject;
  const meta = known ? [known.state, ...known.usage].filter(Boolean) : [];
  const skeleton = loading && !entries && !error;
  const heading = s.entriesOf(p ? projectName(p, s) : s.project(clip(id)));
  const title = (x: string) => line(listingTitle(data.ownById, x, s), 'inline');
  return html`<section aria-labelledby="eh">
    <h2 id="eh" class="line" title=${heading}>${heading}</h2>
    <div class="stack">
      <div class="fill pane">
        <p class="muted meta">
          ${meta.length ? meta.map((x, k) => (k ? html`${SEP} ${x}` : x)) : '\u00a0'}
        </p>
        ${
          loading && req.status !== 'auth'
            ? html`<p class=${skeleton ? 'sr' : 'muted'} role="status">${s.entriesLoading}</p>`
            : nothing
        }
        ${skeleton ? skeletonEntries() : nothing}
        ${error ? errorBox(s.errEntries, req, c.lang, () => data.loadEntries(id)) : nothing}
        ${entries && !entries.length ? html`<p part="empty">${s.noEntries}</p>` : nothing}
        ${error || (entries && !entries.length) ? skeletonEntries(true) : nothing}
        ${
          entries?.length
            ? html`<ul id="es" class="entries scroll" part="entries" aria-labelledby="eh">
                  ${c.pages.rows('entries', entries).map((e) =>
                    e.realEstateId
                      ? html`<li>
                          ${title(e.realEstateId)}
                          <span class="muted">${line(s.idLabel(e.realEstateId), 'inline')}</span>
                          ${stateBadge(publishedOf(data.ownById, e.realEstateId), c.lang)}
                        </li>`
                      : html`<li>${line(s.listing(e.realEstateExternalId ?? ''), 'inline')}</li>`,
                  )}
                </ul>
                ${c.pages.button('entries', entries.length, 'es')}`
            : nothing
        }
      </div>
      <div class="kept">${skeletonList(badgeOf(c))}</div>
    </div>
    <div class="row">
      <button
        id="add"
        part="add"
        aria-expanded=${String(a.open)}
        aria-controls="picker"
        aria-disabled=${String(!!rule)}
        aria-describedby="rule"
        @click=${() => a.toggle()}
      >
        ${s.add}
      </button>
    </div>
    <div class="stack">
      <p id="rule" class=${rule ? 'err' : 'muted'} ?hidden=${!rule && a.open}>
        ${rule || (a.open || skeleton || !known ? '' : known.fits)}
      </p>
      ${
        a.open
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
    ${data.addFailure ? errorBox(s.errAdd, data.add, c.lang) : nothing} ${resultsBox(c, a.results)}
    ${a.panel}
  </section>`;
}

/** The per-listing outcome of the last add into the open project. */
function resultsBox(c: PaneContext, r: AddResults | undefined): TemplateResult | typeof nothing {
  if (!r || r.projectId !== c.projectId) return nothing;
  const { s, data } = c;
  const p = data.project(c.projectId);
  const why = p && refusalContext(r, projectState(p, c.facts, data.countOf(p.id), s), data.ownById);
  return html`<div class="box" part="results">
    <h3>${s.results}</h3>
    <ul class="results" id="rs">
      ${c.pages
        .rows('results', r.items)
        .map(
          (x) =>
            html`<li class=${x.ok ? 'ok' : 'refused'}>
              ${line(listingTitle(data.ownById, x.realEstateId, s), 'inline')}
              (${line(s.idLabel(x.realEstateId), 'inline')}):
              ${x.ok ? s.created : `${s.refused}. ${why ? whyRefused(x, why, s) : s.whyNoAnswer}`}
            </li>`,
        )}
    </ul>
    ${c.pages.button('results', r.items.length, 'rs')}
  </div>`;
}
