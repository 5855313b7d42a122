/** Raw HTTP over a socket, for the servers' tests of what a client library would not send. */
import net from 'node:net';

/** Sends `head` (and then `body` chunks while the socket takes them) and collects the answer. */
export function raw(
  port: number,
  head: string,
  bodyBytes = 0,
): Promise<{ answer: string; closed: boolean }> {
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const pump = () => {
      while (sent < bodyBytes) {
        sent += chunk.length;
        if (!sock.write(chunk)) return void sock.once('drain', pump);
      }
    };
    sock.on('connect', () => {
      sock.write(head);
      pump();
    });
    sock.setEncoding('latin1');
    sock.on('data', (d: string) => (answer += d));
    sock.on('error', () => {});
    sock.on('close', () => resolve({ answer, closed: true }));
    setTimeout(() => {
      sock.destroy();
      resolve({ answer, closed: false });
    }, 5000).unref();
  });
}

/**
 * Request targets no URL parser takes, or that none takes as the server's own path: every
 * listening port must answer them (400 or 404) and keep running.
 */
export const HOSTILE_TARGETS = [
  '//',
  '///',
  '//metrics',
  'http://[/x',
  'http://[::1',
  'http://a:99999/metrics',
  'https://',
  '*',
  '/%',
  '/%zz?%',
  '\\\\',
];
