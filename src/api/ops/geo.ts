/** Geo suggestions (docs/interface.md#geo-suggestions): the operation, its checks and its parser. */
import { ClientBase, enc, encList, jsonOnly, type CallOptions } from '../core.js';
import { count, id, isObj, list, name, obj, text } from '../coerce.js';
import { clip } from '../../shared/text.js';
import { fail, parser } from '../parse.js';
import type { Problems } from '../validate.js';
import { COUNTRIES } from '../types/common.js';
import {
  GEO_SUGGEST_DEFAULT_LIMIT,
  GEO_SUGGEST_MAX_LIMIT,
  GEO_SUGGEST_TYPES,
  type GeoMatch,
  type GeoSuggestion,
  type GeoSuggestQuery,
} from '../types/geo.js';

function matches(x: unknown): GeoMatch[] {
  const raw =
    Array.isArray(x) && x.length === 2 && typeof x[0] === 'number' && typeof x[1] === 'number'
      ? [x]
      : list(x);
  return raw.flatMap((m) => {
    const [o, l] = Array.isArray(m)
      ? [count(m[0]), count(m[1])]
      : [count(obj(m)?.offset), count(obj(m)?.length)];
    return o !== undefined && l !== undefined ? [{ offset: o, length: l }] : [];
  });
}

/** The ranges that still fall on a label cut to `kept` characters (before its ellipsis). */
function within(ms: GeoMatch[], kept: number): GeoMatch[] {
  return ms.flatMap((m) =>
    m.offset < kept ? [{ offset: m.offset, length: Math.min(m.length, kept - m.offset) }] : [],
  );
}

function suggestion(x: unknown): GeoSuggestion | undefined {
  const n = obj(x);
  const e = obj(n?.entity);
  if (!n || !e) return undefined;
  const sid = id(e.id);
  const raw = text(e.label);
  const type = name(e.type);
  if (!sid || raw === undefined || !type) return undefined;
  // The label as sent (match offsets count in it), cut like every label of an answer.
  const label = clip(raw);
  const ms = matches(n.matches);
  // Only the documented fields: anything else the service adds is dropped here.
  return {
    entity: { type, id: sid, label },
    matches: label === raw ? ms : within(ms, label.length - 1),
  };
}

/** The most suggestions an answer may hold for a request asking `limit` (`l`). */
export function suggestionBound(limit: number | undefined): number {
  return Math.min(limit ?? GEO_SUGGEST_DEFAULT_LIMIT, GEO_SUGGEST_MAX_LIMIT);
}

/** Suggestions of an answer, at most `bound` of them (docs/interface.md#limits). */
export const parseSuggestions = /* @__PURE__ */ parser(
  'suggestGeo',
  (doc, bound: number = GEO_SUGGEST_MAX_LIMIT): GeoSuggestion[] => {
    const items = doc.root === '' ? doc.node : { [doc.root]: doc.node };
    if (!Array.isArray(items) && !isObj(items)) fail('not a list of suggestions');
    const out: GeoSuggestion[] = [];
    for (const i of list(items)) {
      if (out.length >= bound) break;
      const s = suggestion(i);
      if (s) out.push(s);
    }
    return out;
  },
);

export function validateSuggest(
  q: {
    country?: unknown;
    input?: unknown;
    limit?: unknown;
    limitPerType?: unknown;
    types?: unknown;
  },
  p: Problems,
): void {
  p.oneOf('country', q.country, COUNTRIES);
  p.required('input', q.input);
  if (q.limit !== undefined) p.integer('limit', q.limit, 1, GEO_SUGGEST_MAX_LIMIT);
  if (q.limitPerType !== undefined) p.integer('limitPerType', q.limitPerType, 1);
  if (q.types !== undefined) {
    if (!Array.isArray(q.types) || q.types.length === 0) p.add('types', 'must be a non-empty list');
    else for (const t of q.types) p.oneOf('types', t, GEO_SUGGEST_TYPES);
  }
}

/** Geo suggestions for an input (JSON only, cached). */
export function suggestGeo(
  c: ClientBase,
  query: GeoSuggestQuery,
  opts?: CallOptions,
): Promise<GeoSuggestion[]> {
  return c.request(
    'suggestGeo',
    opts,
    (p) => {
      jsonOnly(opts, p);
      validateSuggest(query ?? {}, p);
    },
    () => ({
      operation: 'suggestGeo',
      method: 'GET',
      path: `/gis/v2.0/geoautocomplete/${query.country}`,
      query: [
        ['i', enc(query.input)],
        ['l', query.limit !== undefined ? String(query.limit) : undefined],
        ['lpt', query.limitPerType !== undefined ? String(query.limitPerType) : undefined],
        ['t', query.types?.length ? encList(query.types) : undefined],
      ],
      format: 'json',
      cacheable: true,
      parse: (b, f, s) => parseSuggestions(b, f, s, suggestionBound(query.limit)),
    }),
  );
}
