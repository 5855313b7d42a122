/** Error answers in the service's documented `common:messages` shape. */
import type { IncomingMessage, ServerResponse } from 'node:http';

export function wantsJson(req: IncomingMessage): boolean {
  return /json/i.test(req.headers.accept ?? '');
}

const xmlEscape = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An error in the service's documented `common:messages` shape, in the media type asked for. */
export function messagesBody(
  json: boolean,
  code: string,
  message: string,
): { type: string; body: string } {
  if (json) {
    return {
      type: 'application/json;charset=UTF-8',
      body: JSON.stringify({ 'common.messages': [{ message: { messageCode: code, message } }] }),
    };
  }
  return {
    type: 'application/xml;charset=UTF-8',
    body:
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<common:messages xmlns:common="http://rest.immobilienscout24.de/schema/common/1.0">' +
      `<message><messageCode>${xmlEscape(code)}</messageCode><message>${xmlEscape(message)}</message></message>` +
      '</common:messages>',
  };
}

/** Whether a request announces a body that has not been read to its end. */
export function unreadBody(req: IncomingMessage): boolean {
  return (
    !req.complete &&
    (req.headers['transfer-encoding'] !== undefined ||
      Number(req.headers['content-length'] ?? 0) > 0)
  );
}

/**
 * Answers with an error in the service's shape. When the request's body has not been read
 * (refused before it, or too large), the connection is closed after the answer: the rest
 * of the body is never read, and the connection carries no further request.
 */
export function fail(
  x: { req: IncomingMessage; res: ServerResponse },
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): true {
  const { type, body } = messagesBody(wantsJson(x.req), code, message);
  const unread = unreadBody(x.req);
  if (unread) x.req.pause();
  x.res.writeHead(status, {
    'Content-Type': type,
    'Cache-Control': 'no-store',
    ...headers,
    ...(unread ? { Connection: 'close' } : {}),
  });
  x.res.end(body);
  return true;
}
