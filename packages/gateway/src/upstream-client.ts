/**
 * The connection to the service: one kept-alive agent, and one exchange at a time with a
 * total deadline (`upstreamTimeoutMs`, from sending to the last byte, not an idle timeout) and
 * a size cap on the answer (`maxUpstreamBytes`).
 */
import http from 'node:http';
import https from 'node:https';
import type { GatewayConfig } from './config.js';
import type { UpstreamAnswer } from './exchange.js';

export interface UpstreamClient {
  /**
   * Sends one request. `headers` is called per attempt, so that each is newly signed. A GET
   * whose kept-alive connection the service had just closed (ECONNRESET before any answer) is
   * sent once more on a new one within the same deadline: the service never saw it. Rejects
   * with code ETIMEDOUT past the deadline and ETOOBIG for an answer over the cap.
   */
  send(
    method: string,
    url: URL,
    headers: () => Record<string, string>,
    body: Buffer | null,
  ): Promise<UpstreamAnswer>;
  close(): void;
}

export function createUpstreamClient(
  config: Pick<GatewayConfig, 'target' | 'upstreamTimeoutMs' | 'maxUpstreamBytes'>,
): UpstreamClient {
  const transport = new URL(config.target).protocol === 'https:' ? https : http;
  const agent = new transport.Agent({ keepAlive: true, maxSockets: 256 });
  const maxBytes = config.maxUpstreamBytes ?? 4 * 1024 * 1024;
  const tooBig = () => Object.assign(new Error('upstream answer too large'), { code: 'ETOOBIG' });

  function send(
    method: string,
    url: URL,
    headers: () => Record<string, string>,
    body: Buffer | null,
  ): Promise<UpstreamAnswer> {
    const deadline = Date.now() + config.upstreamTimeoutMs;
    const attempt = (retry: boolean): Promise<UpstreamAnswer> =>
      new Promise((resolve, reject) => {
        let answered = false;
        const up = transport.request(url, { method, headers: headers(), agent }, (r) => {
          answered = true;
          if (Number(r.headers['content-length']) > maxBytes) {
            up.destroy(tooBig());
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          r.on('data', (c: Buffer) => {
            size += c.length;
            if (size > maxBytes) up.destroy(tooBig());
            else chunks.push(c);
          });
          r.on('end', () =>
            resolve({
              status: r.statusCode ?? 502,
              headers: r.headers,
              body: Buffer.concat(chunks),
            }),
          );
          r.on('error', reject);
        });
        const timer = setTimeout(
          () => up.destroy(Object.assign(new Error('upstream timeout'), { code: 'ETIMEDOUT' })),
          Math.max(0, deadline - Date.now()),
        );
        up.on('close', () => clearTimeout(timer));
        up.on('error', (e: NodeJS.ErrnoException) => {
          if (retry && !answered && up.reusedSocket && e.code === 'ECONNRESET')
            attempt(false).then(resolve, reject);
          else reject(e);
        });
        up.end(body ?? undefined);
      });
    return attempt(method === 'GET');
  }

  return { send, close: () => agent.destroy() };
}
