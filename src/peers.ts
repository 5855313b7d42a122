/**
 * The package's optional peers: what server rendering, hydration and the React 18 wrappers
 * need and a browser-only app does not install. The ranges are package.json's
 * peerDependencies (a Node test holds the two together).
 */
export const PEERS = {
  '@lit-labs/ssr': '^4.1.0',
  '@lit-labs/ssr-client': '^1.1.8',
  '@lit/react': '^1.0.8',
} as const;

export type Peer = keyof typeof PEERS;

/** The error of an entry point whose optional peer is not installed: it says what to install. */
export function missingPeer(entry: string, peer: Peer, cause?: unknown): Error {
  return new Error(
    `${entry} needs ${peer}, an optional peer dependency that is not installed: npm install ${peer}@${PEERS[peer]}`,
    { cause },
  );
}

/** Whether `e` is a failed import of `peer` itself (Node, or a bundler's require in Node). */
export function isMissing(e: unknown, peer: Peer): boolean {
  const { code, message } = (e ?? {}) as { code?: unknown; message?: unknown };
  return (
    (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
    typeof message === 'string' &&
    new RegExp(`['"]${peer.replace(/[/.]/g, '\\$&')}(/[^'"]*)?['"]`).test(message)
  );
}
