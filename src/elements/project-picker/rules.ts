/**
 * project-picker's rules, DOM-free (Node tests: test/node/project-picker-rules.test.ts): what
 * a partner's facts allow, how many listings still fit into a project, a project's state as
 * the panes show it ({@link projectState}), what an add is refused for before it is sent, why
 * the service refused a listing, and which of the user's listings a search finds. The element
 * and its panes render and announce what these return.
 *
 * Ids in its sentences are clipped (src/shared/text.ts): an answer may hold any text.
 *
 * The project list says neither whether a project is published nor which product it has
 * booked (docs/interface.md#building-projects): those come from the partner's
 * {@link ProjectFacts}, and a rule whose fact is unknown is left to the service.
 */
import { ApiError, type ApiMessage } from '../../api/errors.js';
import {
  BASIC_PROJECT_MAX_ENTRIES,
  type ContactAddress,
  type OwnRealEstate,
  type ProjectEntryResult,
  type ProjectProduct,
  type RealEstateProject,
} from '../../api/types.js';
import type { FailureKind } from '../../shared/failure.js';
import { clip } from '../../shared/text.js';
import type { Strings } from './strings.js';

/**
 * What a partner knows about one project that the project list does not say. Leave out what
 * you do not know.
 */
export interface ProjectFacts {
  /** Whether the project is published; an unpublished project takes no listings. */
  published?: boolean;
  /** The booked product; `BASIC` takes at most 15 listings. */
  product?: ProjectProduct;
}

/** Reads the `project-facts` attribute: a JSON object of project id → ProjectFacts; anything else is ignored. */
export function parseFacts(value: string | null): Record<string, ProjectFacts> | undefined {
  if (!value) return undefined;
  try {
    const v: unknown = JSON.parse(value);
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, ProjectFacts>;
  } catch {
    // falls through to the warning
  }
  console.warn(
    'project-picker: project-facts must be a JSON object of project id → { published, product }; ignored.',
  );
  return undefined;
}

/** What the partner said about project `id` (nothing when it said nothing, or not an object). */
export function factsOf(all: Record<string, ProjectFacts> | undefined, id: string): ProjectFacts {
  const f = all?.[id];
  return f && typeof f === 'object' ? f : {};
}

/** Whether the partner gave facts at all: then every project shows its state, skeletons too. */
export const hasFacts = (all: Record<string, ProjectFacts> | undefined): boolean =>
  !!all && Object.keys(all).length > 0;

/** The project's limit: 15 when the partner said it is BASIC, else none known. */
export const maxEntries = (f: ProjectFacts): number | null =>
  f.product === 'BASIC' ? BASIC_PROJECT_MAX_ENTRIES : null;

/** How many more listings fit (Infinity without a known limit or a known count). */
export function roomLeft(f: ProjectFacts, count: number | undefined): number {
  const max = maxEntries(f);
  return max == null || count === undefined ? Infinity : Math.max(0, max - count);
}

/** Why nothing can be added to the project, or '' when something can. */
export function addRule(f: ProjectFacts, count: number | undefined, s: Strings): string {
  if (f.published === false) return s.unpublishedRule;
  return roomLeft(f, count) ? '' : s.fullRule(maxEntries(f) ?? 0);
}

/** "published" or "not published" when the partner said so, else ''. */
export function stateWord(f: ProjectFacts, s: Strings): string {
  return f.published === undefined ? '' : f.published ? s.published : s.unpublished;
}

/**
 * What is known of a project's product and entries, e.g. "BASIC · 12 / 15 Einträge",
 * "12 Einträge", or, while the count is unknown, its units and city; as its parts.
 */
export function usageParts(
  p: RealEstateProject,
  f: ProjectFacts,
  count: number | undefined,
  s: Strings,
): string[] {
  const parts = [f.product, count === undefined ? undefined : s.used(count, maxEntries(f))];
  if (count === undefined && p.numberOfHousingUnit !== undefined)
    parts.push(s.units(p.numberOfHousingUnit));
  if (count === undefined && p.address?.city) parts.push(p.address.city);
  return parts.filter((x): x is string => !!x);
}

/** How many more listings fit, as a sentence: known room, no limit, or "the service checks". */
export function fitsText(f: ProjectFacts, room: number, s: Strings): string {
  if (room !== Infinity) return s.fits(room);
  return f.product !== undefined && f.product !== 'BASIC' && f.published === true
    ? s.fitsUnlimited
    : s.fitsUnknown;
}

/** What the panes and the picker show of one project: the rules applied to what is known of it. */
export interface ProjectState {
  /** What the partner said about it. */
  facts: ProjectFacts;
  /** Entries in it, from its entries list; undefined until that list is read. */
  count: number | undefined;
  /** How many more listings fit (Infinity without a known limit). */
  room: number;
  /** Why nothing can be added to it, or '' when something can. */
  rule: string;
  /** "published" or "not published" when the partner said so, else ''. */
  state: string;
  /** The parts of its usage line (product and count, or units and city). */
  usage: string[];
  /** How many more listings fit, as a sentence. */
  fits: string;
}

/** Project `p` as the picker shows it, from the partner's facts and its entries' count. */
export function projectState(
  p: RealEstateProject,
  all: Record<string, ProjectFacts> | undefined,
  count: number | undefined,
  s: Strings,
): ProjectState {
  const facts = factsOf(all, p.id);
  const room = roomLeft(facts, count);
  return {
    facts,
    count,
    room,
    rule: addRule(facts, count, s),
    state: stateWord(facts, s),
    usage: usageParts(p, facts, count, s),
    fits: fitsText(facts, room, s),
  };
}

/** A project's name as shown: its name, else its title, else "Project <id>"; clipped. */
export const projectName = (p: RealEstateProject, s: Strings): string =>
  clip(p.name || p.title || s.project(p.id));

/** A listing's title from the user's listings, else "Listing <id>". */
export const listingTitle = (
  own: ReadonlyMap<string, OwnRealEstate> | undefined,
  id: string,
  s: Strings,
): string => own?.get(id)?.title || s.listing(id);

/** A listing type (`xsi:type`, with or without prefix) in the visitor's words, else as given. */
export function typeLabel(type: string | undefined, s: Strings): string {
  const bare = (type ?? '').replace(/^.*:/, '');
  return s.types[bare] ?? bare;
}

/** "Street 1, 12345 City", leaving out what the address does not give. */
export function addressLine(a: ContactAddress | undefined): string {
  if (!a) return '';
  return [
    [a.street, a.houseNumber],
    [a.postcode, a.city],
  ]
    .map((x) => x.filter(Boolean).join(' '))
    .filter(Boolean)
    .join(', ');
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** A listing's searchable text, folded once per listing and language: every key filters the list anew. */
const hays = new WeakMap<OwnRealEstate, { s: Strings; hay: string }>();
function hayOf(o: OwnRealEstate, s: Strings): string {
  const known = hays.get(o);
  if (known?.s === s) return known.hay;
  const a = o.address;
  const hay = fold(
    [o.title, o.id, typeLabel(o.type, s), a?.street, a?.houseNumber, a?.postcode, a?.city].join(
      ' ',
    ),
  );
  hays.set(o, { s, hay });
  return hay;
}

/**
 * The listings a search finds: every word of `query` (case and accents ignored) occurs in
 * the listing's title, id, type or address.
 */
export function searchListings(list: OwnRealEstate[], query: string, s: Strings): OwnRealEstate[] {
  const terms = fold(query).split(/\s+/).filter(Boolean);
  if (!terms.length) return list;
  return list.filter((o) => {
    const hay = hayOf(o, s);
    return terms.every((t) => hay.includes(t));
  });
}

/** What the picker knows when it checks an add before sending it. */
export interface AddContext {
  facts: ProjectFacts;
  /** Entries in the project (undefined: its entries list is not loaded). */
  count: number | undefined;
  /** The listings already in the project. */
  inProject: Set<string>;
  /** The user's listings by id, when loaded. */
  own: ReadonlyMap<string, OwnRealEstate> | undefined;
}

/**
 * Why an add of `ids` (distinct) is refused before it is sent, as the visitor's sentence, or
 * '' when it goes out. Only rules whose facts are known refuse; the service decides the rest.
 */
export function addRefusal(ids: string[], c: AddContext, s: Strings): string {
  if (!ids.length) return s.chooseFirst;
  if (c.facts.published === false) return s.unpublishedRule;
  for (const id of ids) {
    if (c.inProject.has(id)) return s.alreadyIn(clip(id));
    if (publishedOf(c.own, id) === false) return s.listingUnpublished(clip(id));
  }
  const room = roomLeft(c.facts, c.count);
  if (ids.length > room)
    return room ? s.tooMany(ids.length, room) : s.fullRule(maxEntries(c.facts) ?? 0);
  return '';
}

/** A listing's publication state from the user's listings (undefined when it is not there or does not say). */
export const publishedOf = (
  own: ReadonlyMap<string, OwnRealEstate> | undefined,
  id: string,
): boolean | undefined => own?.get(id)?.published;

/** A refusal of the whole add request by the service (as opposed to a failure to reach it). */
export const isRefusal = (e: unknown): e is ApiError =>
  ApiError.is(e) && e.kind === 'http' && [400, 403, 404, 409, 412, 422].includes(e.status ?? 0);

/**
 * One result per listing of an add the service refused as a whole, each with the message
 * that names it (its id is the listing's) or else the first one.
 */
export function refusedItems(ids: string[], messages: ApiMessage[]): ProjectEntryResult[] {
  return ids.map((id): ProjectEntryResult => {
    const m = messages.find((x) => x.id === id) ?? messages[0];
    return {
      realEstateId: id,
      ok: false,
      ...(m?.code ? { messageCode: m.code } : {}),
      ...(m?.text ? { message: m.text } : {}),
    };
  });
}

/** A listing's refusal (its `messageCode`) as the kind of a visitor's sentence: never the code or the service's text. */
function refusalKind(code: string): FailureKind {
  if (/ACCESS_DENIED|FORBIDDEN|PERMISSION/.test(code)) return 'forbidden';
  if (/NOT_FOUND/.test(code)) return 'notFound';
  if (/CONFLICT|ALREADY|DUPLICATE/.test(code)) return 'conflict';
  return 'rejected';
}

/** The last add's results, and how many entries the project held before it (when known). */
export interface AddResults {
  projectId: string;
  items: ProjectEntryResult[];
  before?: number | undefined;
}

/** What the picker knows when it explains a refused listing. */
export interface RefusalContext {
  facts: ProjectFacts;
  /** The user's listings by id, when loaded. */
  own: ReadonlyMap<string, OwnRealEstate> | undefined;
  /** Entries the project held before the add (undefined: unknown). */
  before: number | undefined;
  /** Listings the same add put into the project. */
  added: number;
  /** Entries in the project by its entries list, which may have been read again since. */
  now: number | undefined;
}

/**
 * Why the service did not add a listing, in the visitor's words: never the service's text or
 * code. The code tells the kind (not found, not yours, already in); a validation refusal is
 * explained from what the picker knows: the partner's facts, the listing's state and the
 * number of entries the project holds.
 */
export function whyRefused(x: ProjectEntryResult, c: RefusalContext, s: Strings): string {
  const code = x.messageCode ?? '';
  if (!code) return s.whyNoAnswer;
  const kind = refusalKind(code);
  if (kind === 'notFound') return s.whyNotFound;
  if (kind === 'forbidden') return s.whyForeign;
  if (kind === 'conflict') return s.alreadyIn(clip(x.realEstateId));
  if (publishedOf(c.own, x.realEstateId) === false)
    return s.listingUnpublished(clip(x.realEstateId));
  if (c.facts.published === false) return s.unpublishedRule;
  // The count before the add plus what it put in, or the fresher list read since.
  const count = c.before === undefined ? c.now : Math.max(c.before + c.added, c.now ?? 0);
  if (count !== undefined && count >= BASIC_PROJECT_MAX_ENTRIES) {
    return c.facts.product === 'BASIC'
      ? s.fullRule(BASIC_PROJECT_MAX_ENTRIES)
      : s.whyFullIfBasic(count, BASIC_PROJECT_MAX_ENTRIES);
  }
  // Not full by the count it knows: then the other rule, unless the count or the state is unknown.
  if (count !== undefined && c.facts.published !== true) return s.whyUnpublished;
  return s.whyUnknown(BASIC_PROJECT_MAX_ENTRIES);
}

/** What {@link whyRefused} knows after the add `r` into a project in the state `p`. */
export const refusalContext = (
  r: AddResults,
  p: ProjectState,
  own: ReadonlyMap<string, OwnRealEstate> | undefined,
): RefusalContext => ({
  facts: p.facts,
  own,
  before: r.before,
  added: r.items.filter((i) => i.ok).length,
  now: p.count,
});
