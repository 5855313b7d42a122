import type { IncomingMessage } from 'node:http';
import type { Exchange, StepDeps } from '../exchange.js';
import { fail } from '../fail.js';

/** Request bodies the gateway forwards: the service's operations take XML or JSON only. */
const BODY_TYPES = /^\s*(application\/(xml|json)|text\/xml)\s*(;|$)/i;

/** The request body; 'aborted' when the client went away before its end (ECONNRESET). */
export function readBody(
  req: IncomingMessage,
  maxBytes: number,
): Promise<Buffer | 'too-large' | 'aborted'> {
  return new Promise((resolve) => {
    if (Number(req.headers['content-length'] ?? 0) > maxBytes) {
      resolve('too-large');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > maxBytes) {
        req.removeAllListeners('data');
        req.pause();
        resolve('too-large');
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', () => resolve('aborted'));
  });
}

/** A POST's body, XML or JSON, within `maxBodyBytes`. */
export async function body(x: Exchange, deps: Pick<StepDeps, 'config'>): Promise<boolean> {
  if (x.method !== 'POST') return false;
  // A form-encoded body would enter the signature base string (RFC 5849 3.4.1.3) and could
  // carry oauth_* fields of its own; no operation takes one.
  if (!BODY_TYPES.test(String(x.req.headers['content-type'] ?? '')))
    return fail(
      x,
      415,
      'ERROR_COMMON_MEDIA_TYPE_UNSUPPORTED',
      'The request body must be application/xml or application/json.',
    );
  const b = await readBody(x.req, deps.config.maxBodyBytes);
  if (b === 'aborted') {
    // nobody is left to answer: the connection ends without one
    x.res.destroy();
    return true;
  }
  if (b === 'too-large')
    return fail(
      x,
      413,
      'ERROR_RESOURCE_VALIDATION',
      `The request body is larger than ${deps.config.maxBodyBytes} bytes.`,
    );
  x.body = b;
  return false;
}
