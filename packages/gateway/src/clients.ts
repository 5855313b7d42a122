/** Who a client is, and how many connections one client may hold open. */
import type http from 'node:http';
import { isIP, type Socket } from 'node:net';

/**
 * The rate-limit key of a client address: without a port, IPv4-mapped IPv6 (`::ffff:0:0/96`,
 * dotted or in hex) as IPv4, and any other IPv6 address by its /64 network, which one
 * household or server usually holds whole; so neither a port, nor a spelling, nor an address
 * from the same /64 makes another client.
 */
export function clientKey(address: string): string {
  let a = address.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1]!;
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(':'));
  a = a.replace(/%.*$/, '');
  const family = isIP(a);
  if (family === 4) return a;
  if (family !== 6) return a.slice(0, 64);
  const groups = ipv6Groups(a);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return (
    groups
      .slice(0, 4)
      .map((g) => g.toString(16))
      .join(':') + '::/64'
  );
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, an IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let s = address.toLowerCase();
  const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(s);
  if (v4) {
    const b = v4[1]!.split('.').map(Number) as [number, number, number, number];
    s = s.slice(0, -v4[1]!.length) + ((b[0] << 8) | b[1]).toString(16) + ':';
    s += ((b[2] << 8) | b[3]).toString(16);
  }
  const gap = s.indexOf('::');
  const head = (gap < 0 ? s : s.slice(0, gap)).split(':').filter(Boolean);
  const tail =
    gap < 0
      ? []
      : s
          .slice(gap + 2)
          .split(':')
          .filter(Boolean);
  const fill = gap < 0 ? [] : Array<string>(8 - head.length - tail.length).fill('0');
  return [...head, ...fill, ...tail].map((g) => parseInt(g, 16));
}

/**
 * Closes a client's connection at once when it would hold more than `max` open: one client
 * cannot take the slots of server.maxConnections from every other. A client is the
 * connection's peer address (clientKey); at the socket no header has been read, so behind a
 * trusted proxy that is the proxy, which carries many visitors and is not capped here (the
 * proxy caps its own clients, docs/gateway.md).
 */
export function capPerClient(
  server: http.Server,
  max: number,
  trusted: (addr: string, i: number) => boolean,
): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || trusted(address, 0)) return;
    const key = clientKey(address);
    const n = (open.get(key) ?? 0) + 1;
    if (n > max) {
      socket.destroy();
      return;
    }
    open.set(key, n);
    socket.once('close', () => {
      const left = open.get(key)! - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}
