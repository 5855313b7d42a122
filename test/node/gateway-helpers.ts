/** The gateway the tests start: a partner's origin, a signed-in cookie, limits that a test does not reach. */
import type { GatewayConfig } from '../../packages/gateway/src/config.js';

export function baseConfig(target: string, extra: Partial<GatewayConfig> = {}): GatewayConfig {
  return {
    target,
    consumerKey: 'ck',
    consumerSecret: 'cs',
    origins: ['https://www.partner.example'],
    port: 0,
    host: '127.0.0.1',
    userTokens: (req) =>
      req.headers.cookie?.includes('session=ok')
        ? { token: 'user-token', secret: 'user-secret' }
        : null,
    rateLimit: 1000,
    rateBurst: 1000,
    cacheTtlMs: 60_000,
    maxBodyBytes: 1024,
    upstreamTimeoutMs: 5000,
    trustProxy: false,
    log: () => {},
    ...extra,
  };
}
