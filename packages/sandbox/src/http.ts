import type { IncomingMessage, ServerResponse } from 'node:http';
import { badRequest, SandboxError } from './errors.js';

export const NS = {
  common: 'http://rest.immobilienscout24.de/schema/common/1.0',
  expose: 'http://rest.immobilienscout24.de/schema/search/expose/1.0',
  region: 'http://rest.immobilienscout24.de/schema/search/region/1.0',
  project: 'http://rest.immobilienscout24.de/schema/offer/realestateproject/1.0',
  realestates: 'http://rest.immobilienscout24.de/schema/offer/realestates/1.0',
  gis: 'http://rest.immobilienscout24.de/schema/platform/gis/1.0',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
} as const;

/** The largest request body the sandbox reads (the contact message is at most 2000 chars). */
export const MAX_BODY_BYTES = 256 * 1024;

export type Format = 'xml' | 'json';

/** What a route handler gets: the parsed request plus helpers. */
export interface Ctx {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  /** Path below /restapi/api, starting with '/'. */
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  /** Media type the answer is rendered in (from Accept; default per route). */
  format: Format;
  body(): Promise<Buffer>;
}

/** A rendered answer; the server writes it (faults may replace or delay it). */
export interface Reply {
  status: number;
  contentType: string;
  body: string | Buffer;
  headers?: Record<string, string>;
}

export function xmlReply(body: string, status = 200): Reply {
  return { status, contentType: 'application/xml;charset=UTF-8', body: XML_DECL + body };
}
export function jsonReply(value: unknown, status = 200): Reply {
  return { status, contentType: 'application/json;charset=UTF-8', body: JSON.stringify(value) };
}

/** A JSON answer whose text is already written (e.g. GeoIndex.suggestJson). */
export function jsonTextReply(json: string, status = 200): Reply {
  return { status, contentType: 'application/json;charset=UTF-8', body: json };
}

export const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/**
 * Escapes text for XML element content and attribute values, writing only characters XML 1.0
 * allows: control characters it does not allow at all are dropped, and a lone surrogate
 * (half of a pair, which no encoding can write) becomes U+FFFD, as it does in UTF-8 text
 * such as the .eml.
 */
export function esc(value: unknown): string {
  return (
    String(value)
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** `<name>value</name>`, or '' when value is undefined/null/''. */
export function el(name: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  return `<${name}>${esc(value)}</${name}>`;
}

/**
 * Picks the answer's media type from Accept. `fallback` is used for a missing or
 * wildcard Accept; `supported` lists what the route can render.
 */
export function negotiate(
  accept: string | undefined,
  fallback: Format,
  supported: Format[] = ['xml', 'json'],
): Format {
  if (!accept) return fallback;
  let best: { f: Format; q: number; order: number } | undefined;
  accept.split(',').forEach((part, order) => {
    const [type, ...ps] = part.trim().toLowerCase().split(';');
    let q = 1;
    for (const p of ps) {
      const [k, v] = p.trim().split('=');
      if (k === 'q') q = Number(v);
    }
    if (!(q > 0)) return;
    let f: Format | undefined;
    if (type === 'application/json' || type?.endsWith('+json')) f = 'json';
    else if (type === 'application/xml' || type === 'text/xml' || type?.endsWith('+xml')) f = 'xml';
    else if (type === '*/*' || type === 'application/*') f = fallback;
    if (!f || !supported.includes(f)) return;
    if (!best || q > best.q) best = { f, q, order };
  });
  return best?.f ?? fallback;
}

/** The `common:messages` body for a list of messages, in the given media type. */
export function messagesReply(
  status: number,
  messages: { code: string; message: string; id?: string }[],
  format: Format,
  headers: Record<string, string> = {},
): Reply {
  if (format === 'json') {
    const items = messages.map((m) => ({
      messageCode: m.code,
      message: m.message,
      ...(m.id !== undefined ? { id: m.id } : {}),
    }));
    return {
      ...jsonReply(
        { 'common.messages': [{ message: items.length === 1 ? items[0] : items }] },
        status,
      ),
      headers,
    };
  }
  const inner = messages
    .map(
      (m) =>
        `<message>${el('messageCode', m.code)}<message>${esc(m.message)}</message>${el('id', m.id)}</message>`,
    )
    .join('');
  return {
    ...xmlReply(`<common:messages xmlns:common="${NS.common}">${inner}</common:messages>`, status),
    headers,
  };
}

export function errorReply(err: SandboxError, format: Format): Reply {
  return messagesReply(
    err.status,
    err.messages.map((m) => ({ code: m.code, message: m.message, id: (m as { id?: string }).id })),
    format,
    err.headers,
  );
}

/**
 * Reads the whole request body, refusing more than MAX_BODY_BYTES with 413. A refused body
 * is not read on: the request is paused, and the 413 closes the connection (index.ts, send).
 */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      reject(tooLarge(limit));
      req.pause();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (c: Buffer) => {
      if (failed) return;
      size += c.length;
      if (size > limit) {
        failed = true;
        req.pause();
        reject(tooLarge(limit));
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => !failed && resolve(Buffer.concat(chunks)));
    // the client went away before the body's end: nobody reads the answer, and nothing broke
    req.on('error', () => !failed && reject(badRequest('The request body ended early.')));
  });
}

function tooLarge(limit: number) {
  return new SandboxError(
    413,
    'ERROR_COMMON_BAD_REQUEST',
    `The request body is larger than ${limit} bytes.`,
  );
}

export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'Access-Control-Allow-Headers':
    'Authorization, Content-Type, Accept, Accept-Language, X-Requested-With, X-Sandbox-Scope',
  'Access-Control-Expose-Headers': 'Retry-After, Location, Content-Type',
  'Access-Control-Max-Age': '600',
};
