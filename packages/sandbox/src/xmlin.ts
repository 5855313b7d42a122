import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { badRequest, SandboxError } from './errors.js';

/** The root of an incoming XML document, bound by namespace URI, never by prefix. */
export interface XmlRoot {
  ns: string | undefined;
  local: string;
  /** Children with prefixes removed (children are unqualified in these schemas), attributes as `@_name`. */
  node: Record<string, unknown>;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => name === 'realEstateProjectEntry' || name.endsWith(':realEstateProjectEntry'),
});

export const schemaError = (message: string, id?: string) =>
  new SandboxError(400, 'ERROR_COMMON_SCHEMA_VALIDATION_FAILED', message, [], {}, id);

function stripPrefixes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripPrefixes);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k.startsWith('@_')) {
      out[k] = v;
      continue;
    }
    const local = k.includes(':') ? k.slice(k.indexOf(':') + 1) : k;
    out[local] = stripPrefixes(v);
  }
  return out;
}

/** Parses an XML request body; 400 for a malformed one. */
export function parseXmlBody(buf: Buffer): XmlRoot {
  const text = buf.toString('utf8').replace(/^\uFEFF/, '');
  if (!text.trim()) throw badRequest('The request body is empty.');
  if (/<!DOCTYPE/i.test(text)) throw badRequest('Document type declarations are not accepted.');
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    throw badRequest(
      `The request body is not well-formed XML: ${valid.err.msg} (line ${valid.err.line}).`,
    );
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(text) as Record<string, unknown>;
  } catch (e) {
    throw badRequest(`The request body is not well-formed XML: ${(e as Error).message}`);
  }
  const roots = Object.keys(doc).filter((k) => !k.startsWith('?') && !k.startsWith('#'));
  if (roots.length !== 1) throw badRequest('The XML body must have exactly one root element.');
  const qname = roots[0]!;
  const raw = doc[qname];
  const node = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const prefix = qname.includes(':') ? qname.slice(0, qname.indexOf(':')) : '';
  const ns = (prefix ? node[`@_xmlns:${prefix}`] : node['@_xmlns']) as string | undefined;
  return {
    ns,
    local: qname.slice(prefix ? prefix.length + 1 : 0),
    node: stripPrefixes(node) as Record<string, unknown>,
  };
}

/**
 * Whether a body is XML or JSON, by its Content-Type alone. A body without one of those
 * media types is 415, never guessed from its content: a page of any site may send a
 * `text/plain` POST (or a body with no type at all) without a CORS preflight, and a guess
 * would let it act.
 */
export function bodyFormat(contentType: string | undefined): 'xml' | 'json' {
  const ct = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (ct === 'application/json' || ct.endsWith('+json')) return 'json';
  if (ct === 'application/xml' || ct === 'text/xml' || ct.endsWith('+xml')) return 'xml';
  throw new SandboxError(
    415,
    'ERROR_COMMON_MEDIA_TYPE_UNSUPPORTED',
    `Content-Type ${ct || '(none)'} is not supported; send application/xml or application/json.`,
  );
}
