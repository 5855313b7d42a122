/**
 * The partner's front server, as a reverse proxy in front of an example app would be: the
 * service's paths (`/restapi/api/…`) go to the sandbox, every other request to the app's own
 * server. The elements then call the API on the page's origin, as they do by default.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSandbox, API_PREFIX } from '../../packages/sandbox/src/index.js';

export interface Front {
  /** The page origin, `http://127.0.0.1:<port>`. */
  url: string;
  close(): Promise<void>;
}

export async function startFront(appPort: number): Promise<Front> {
  const sandbox = await createSandbox({ quiet: true });
  const server: Server = createServer((req, res) => {
    if ((req.url ?? '').startsWith(API_PREFIX)) return sandbox.handle(req, res);
    const upstream = request(
      {
        host: '127.0.0.1',
        port: appPort,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: `127.0.0.1:${appPort}` },
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
      res.end('the example app did not answer');
    });
    req.pipe(upstream);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await sandbox.close();
    },
  };
}
