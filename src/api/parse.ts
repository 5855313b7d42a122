/**
 * The body and error readers every operation shares: body text (XML or JSON) → a Doc, the
 * root checks, the wrapper that turns any failure of an operation's parser into an ApiError
 * of kind 'parse', and the reader of error bodies (docs/interface.md#errors). The XML reader
 * loads on first use. Each operation's parser is in ops/, beside the operation, and reads
 * leniently (docs/interface.md#xml-and-json).
 */
import { ApiError, type ApiMessage } from './errors.js';
import { id, isObj, list, obj, text, type Node } from './coerce.js';

export type Format = 'json' | 'xml';

/** A parsed document: the root's local name and namespace (XML only) and its content. */
export interface Doc {
  format: Format;
  ns?: string;
  /** Local name of the root element / root key ('' for a JSON array or bare object). */
  root: string;
  node: unknown;
}

class Malformed extends Error {}

/** Ends an operation's parser: the body does not have the shape the operation answers with. */
export function fail(why: string): never {
  throw new Malformed(why);
}

/** The format of a body: by Content-Type when it says so, else by its first character. */
export function detectFormat(
  body: string,
  contentType: string | null | undefined,
  fallback: Format,
): Format {
  const ct = (contentType ?? '').toLowerCase();
  if (ct.includes('json')) return 'json';
  if (ct.includes('xml')) return 'xml';
  const c = body.trimStart()[0];
  if (c === '<') return 'xml';
  if (c === '{' || c === '[') return 'json';
  return fallback;
}

let xmlModule: Promise<typeof import('./xml.js')> | undefined;
/** Loads the XML reader on first use. */
export function loadXml(): Promise<typeof import('./xml.js')> {
  xmlModule ??= import('./xml.js');
  return xmlModule;
}

/** Reads a body into a Doc; throws Malformed for syntax errors. */
async function readDoc(body: string, format: Format): Promise<Doc> {
  if (format === 'xml') {
    const { parseXml } = await loadXml();
    try {
      const d = parseXml(body);
      return { format, ns: d.ns, root: d.local, node: d.node };
    } catch (e) {
      fail(e instanceof Error ? e.message : 'invalid XML');
    }
  }
  let v: unknown;
  try {
    v = JSON.parse(body);
  } catch {
    fail('invalid JSON');
  }
  if (isObj(v)) {
    const keys = Object.keys(v).filter((k) => !k.startsWith('@xmlns'));
    if (keys.length === 1) {
      const k = keys[0]!;
      const dot = k.lastIndexOf('.');
      return { format, root: dot >= 0 ? k.slice(dot + 1) : k, node: v[k] };
    }
  }
  return { format, root: '', node: v };
}

/**
 * The root's content when it is the expected element. For XML the namespace must match
 * (bound by URI). For JSON a wrapper key `prefix.name` is matched by its local part, an
 * array root (`{"region.regions":[{…}]}`) yields every item, and a body without a
 * wrapper is accepted as the content itself when `bare` allows it.
 */
export function rootNodes(doc: Doc, local: string, ns: string | undefined, bare = false): Node[] {
  if (doc.format === 'xml') {
    if (doc.root !== local) fail(`unexpected root element ${doc.root}`);
    if (ns !== undefined && doc.ns !== ns)
      fail(`root element ${doc.root} in namespace "${doc.ns}"`);
    return isObj(doc.node)
      ? [doc.node]
      : doc.node === ''
        ? [{}]
        : fail('root element has no content');
  }
  if (doc.root === local) {
    const items = list(doc.node).filter(isObj);
    if (!items.length && doc.node !== null && doc.node !== '' && !Array.isArray(doc.node))
      fail('root is not an object');
    return items.length ? items : [{}];
  }
  if (bare && doc.root === '' && isObj(doc.node)) return [doc.node];
  if (bare && isObj(doc.node) && doc.root !== '') {
    // a bare object whose single key is a child, e.g. {"realEstateProject": …}
    return [{ [doc.root]: doc.node }];
  }
  return fail(`expected ${local}`);
}

/** The `key` children of every node, one-item lists unwrapped. */
export function children(nodes: Node[], key: string): unknown[] {
  return nodes.flatMap((n) => list(n[key]));
}

/**
 * An operation's parser: reads the body, hands the Doc to `fn`, and turns whatever goes
 * wrong (a syntax error, a missing field, fail()) into an ApiError of kind 'parse'.
 */
export const parser =
  <A extends unknown[], T>(operation: string, fn: (doc: Doc, ...args: A) => T) =>
  async (body: string, format: Format, status?: number, ...args: A): Promise<T> => {
    try {
      return fn(await readDoc(body, format), ...args);
    } catch (e) {
      if (e instanceof ApiError) throw e;
      const why = e instanceof Error ? e.message : String(e);
      throw new ApiError({
        kind: 'parse',
        operation,
        ...(status !== undefined ? { status } : {}),
        messages: [{ code: 'PARSE_ERROR', text: why.slice(0, 200) }],
        cause: e,
      });
    }
  };

// ---------------------------------------------------------------- error bodies

const MAX_TEXT = 500;

function message(x: unknown): ApiMessage | undefined {
  const n = obj(x);
  if (!n) return undefined;
  const code = text(n.messageCode)?.trim() ?? '';
  const t = text(n.message)?.trim() ?? '';
  if (!code && !t) return undefined;
  const m: ApiMessage = { code, text: t.slice(0, MAX_TEXT) };
  const mid = id(n.id);
  if (mid) m.id = mid;
  return m;
}

function messagesOf(v: unknown): ApiMessage[] {
  // bare {"messageCode","message"} (or a list of them)
  const bare = list(v).flatMap((x) => (isObj(x) && 'messageCode' in x ? (message(x) ?? []) : []));
  if (bare.length) return bare;
  return list(v).flatMap((x) => list(obj(x)?.message).flatMap((m) => message(m) ?? []));
}

function htmlText(body: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(body)?.[1];
  const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(body)?.[1];
  const raw = title ?? h1 ?? '';
  return raw
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_TEXT);
}

/**
 * The messages of an error body in any of its shapes: XML `common:messages`, JSON
 * wrapped (`{"common.messages":[{"message":{…}}]}`, inner array or object), JSON bare
 * (`{"messageCode","message"}`), plain text, or an HTML page from a proxy. Never throws.
 */
export async function parseErrorBody(
  body: string,
  contentType: string | null | undefined,
): Promise<ApiMessage[]> {
  const trimmed = body.trim();
  if (!trimmed) return [];
  const ct = (contentType ?? '').toLowerCase();
  try {
    if (ct.includes('html') || /^(<!doctype html|<html)/i.test(trimmed)) {
      const t = htmlText(trimmed);
      return t ? [{ code: '', text: t }] : [];
    }
    const format = detectFormat(trimmed, contentType, 'json');
    if (format === 'xml' && trimmed.startsWith('<')) {
      const doc = await readDoc(trimmed, 'xml');
      if (doc.root === 'messages') return messagesOf(doc.node);
      if (doc.root === 'message') return message(doc.node) ? [message(doc.node)!] : [];
      return [];
    }
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
      const doc = await readDoc(trimmed, 'json');
      if (doc.root === 'messages') return messagesOf(doc.node);
      return messagesOf(doc.root === '' ? doc.node : { [doc.root]: doc.node });
    }
  } catch {
    // fall through: treat as text
  }
  if (trimmed.startsWith('<')) return [];
  return [{ code: '', text: trimmed.replace(/\s+/g, ' ').slice(0, MAX_TEXT) }];
}
