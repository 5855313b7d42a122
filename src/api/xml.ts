/**
 * XML reading, configured once. Loaded through dynamic `import()` when an XML media type is
 * used, so elements that speak JSON never load fast-xml-parser.
 *
 * The parsed document is normalised to the same generic tree the JSON media type uses:
 * child elements by local name (namespaces resolved from the `xmlns` declarations in
 * scope, never from the literal prefix), attributes as `@name`, `xsi:type` as
 * `@xsi.type` (local type name) plus `@xsi.typeNs` (its namespace URI), text as `#text`.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { NS } from './types.js';
import { safeSet, type Node } from './coerce.js';

const ATTR = '@_';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: ATTR,
  removeNSPrefix: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  textNodeName: '#text',
  processEntities: true,
  htmlEntities: false,
});

export interface XmlDocument {
  /** Namespace URI of the root element ('' when none). */
  ns: string;
  /** Local name of the root element. */
  local: string;
  /** The root element as a generic tree (a string for a text-only root). */
  node: unknown;
}

export class XmlSyntaxError extends Error {
  override name = 'XmlSyntaxError';
}

type Scope = ReadonlyMap<string, string>;

function split(qname: string): [prefix: string, local: string] {
  const i = qname.indexOf(':');
  return i < 0 ? ['', qname] : [qname.slice(0, i), qname.slice(i + 1)];
}

function extendScope(value: unknown, scope: Scope): Scope {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return scope;
  let next: Map<string, string> | undefined;
  for (const [k, v] of Object.entries(value)) {
    if (!k.startsWith(ATTR)) continue;
    const name = k.slice(ATTR.length);
    if (name === 'xmlns' || name.startsWith('xmlns:')) {
      next ??= new Map(scope);
      next.set(name === 'xmlns' ? '' : name.slice(6), String(v));
    }
  }
  return next ?? scope;
}

/** Resolves a QName in content (like an `xsi:type` value) against the scope. */
function resolveQName(value: string, scope: Scope): { ns: string; local: string } {
  const [p, local] = split(value.trim());
  return { ns: scope.get(p) ?? '', local };
}

function convert(value: unknown, scope: Scope): unknown {
  if (Array.isArray(value)) return value.map((v) => convert(v, scope));
  if (typeof value !== 'object' || value === null) return value === undefined ? '' : String(value);
  const inner = extendScope(value, scope);
  const out: Node = {};
  let hasOther = false;
  for (const [k, v] of Object.entries(value)) {
    if (k === '#text') continue;
    hasOther = true;
    if (k.startsWith(ATTR)) {
      const [p, local] = split(k.slice(ATTR.length));
      if (p === 'xmlns' || (p === '' && local === 'xmlns')) continue;
      const uri = p ? inner.get(p) : '';
      const sv = String(v);
      if (uri === NS.xsi && local === 'type') {
        const t = resolveQName(sv, inner);
        safeSet(out, '@xsi.type', t.local);
        safeSet(out, '@xsi.typeNs', t.ns);
      } else if (uri === NS.xlink) {
        safeSet(out, `@xlink.${local}`, sv);
      } else {
        safeSet(out, `@${local}`, sv);
      }
      continue;
    }
    const [, local] = split(k);
    const converted = convert(v, inner);
    const prev = Object.prototype.hasOwnProperty.call(out, local) ? out[local] : undefined;
    if (prev === undefined) safeSet(out, local, converted);
    else
      safeSet(out, local, [
        ...(Array.isArray(prev) ? prev : [prev]),
        ...(Array.isArray(converted) ? converted : [converted]),
      ]);
  }
  const t = (value as Node)['#text'];
  if (t !== undefined) {
    if (!hasOther) return String(t);
    out['#text'] = String(t);
  }
  return out;
}

/** Parses an XML document; throws XmlSyntaxError when it is not well-formed. */
export function parseXml(xml: string): XmlDocument {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new XmlSyntaxError(valid.err.msg);
  let tree: unknown;
  try {
    tree = parser.parse(xml);
  } catch (e) {
    throw new XmlSyntaxError(e instanceof Error ? e.message : String(e));
  }
  if (typeof tree !== 'object' || tree === null) throw new XmlSyntaxError('no root element');
  const roots = Object.keys(tree).filter(
    (k) => !k.startsWith('?') && !k.startsWith('!') && k !== '#text',
  );
  if (roots.length !== 1)
    throw new XmlSyntaxError(roots.length ? 'more than one root element' : 'no root element');
  const rootKey = roots[0]!;
  const rootValue = (tree as Node)[rootKey];
  if (Array.isArray(rootValue)) throw new XmlSyntaxError('more than one root element');
  const scope = extendScope(rootValue, new Map());
  const [p, local] = split(rootKey);
  return { ns: scope.get(p) ?? '', local, node: convert(rootValue, new Map()) };
}
