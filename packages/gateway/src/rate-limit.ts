/**
 * The per-client rate limit, with rate-limiter-flexible: one limit for all instances, kept
 * in Redis, when the gateway has REDIS_URL; in memory otherwise.
 *
 * Counting: GATEWAY_RATE_LIMIT requests a second on average and bursts of up to
 * GATEWAY_RATE_BURST are counted in fixed windows of burst ÷ rate seconds (whole seconds, at
 * least 1), each allowing rate × window requests: 20 a second with a burst of 40 is 40
 * requests per 2-second window. (Fixed windows are what the library keeps in Redis with
 * one atomic script; a client can use up the end of one window and the start of the next
 * together, so twice the burst within one window's time, never more over time.)
 *
 * With Redis, every instance asks the same counter (key `immo-gateway:rate:<client>`), so N
 * instances together let a client through at the configured rate, not N times it. The
 * commands go through the gateway's circuit breaker for Redis (cache.ts, Circuit): each has
 * the same short deadline as a cache read, and while the circuit is open (Redis unreachable)
 * every instance counts alone, in memory, with its share: the limit ÷ GATEWAY_INSTANCES. A
 * request never waits for an unreachable Redis. The switch to the local share and back is
 * logged once each and shown by a metric (gateway_rate_limit_local).
 */
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Circuit } from './cache.js';

export interface RateLimitOptions {
  /** Requests a second per client, on average. */
  rate: number;
  /** Requests a client may send at once. */
  burst: number;
  /** Instances sharing the limit (GATEWAY_INSTANCES): the local share while Redis is away is 1/instances. */
  instances?: number;
  /** The shared counter: an ioredis client and the circuit breaker it is used through. */
  redis?: { client: unknown; circuit: Circuit };
  /** Called once per switch between the shared limit and the local share. */
  onModeChange?: (mode: 'shared' | 'local', line: string) => void;
}

export class RateLimit {
  /** Length of a counting window, seconds. */
  readonly windowSeconds: number;
  /** Requests per client and window, all instances together. */
  readonly points: number;
  /** Requests per client and window for this instance alone, while it counts locally with Redis configured. */
  readonly sharePoints: number;
  private readonly shared?: RateLimiterRedis;
  private readonly local: RateLimiterMemory;
  private readonly circuit?: Circuit;

  constructor(opts: RateLimitOptions) {
    this.windowSeconds = Math.max(1, Math.round(opts.burst / opts.rate));
    this.points = Math.max(1, Math.round(opts.rate * this.windowSeconds));
    const instances = Math.max(1, Math.floor(opts.instances ?? 1));
    this.sharePoints = Math.max(1, Math.floor(this.points / instances));
    if (opts.redis) {
      this.circuit = opts.redis.circuit;
      this.shared = new RateLimiterRedis({
        storeClient: opts.redis.client,
        keyPrefix: 'immo-gateway:rate',
        points: this.points,
        duration: this.windowSeconds,
        // a disconnected client fails at once; the circuit's deadline covers a hung one
        rejectIfRedisNotReady: true,
      });
      const share = `${this.sharePoints} requests per ${this.windowSeconds} s per client (1/${instances} of ${this.points}, GATEWAY_INSTANCES=${instances})`;
      const report = (mode: 'shared' | 'local') =>
        opts.onModeChange?.(
          mode,
          mode === 'local'
            ? `Redis unreachable: this instance limits alone, ${share}`
            : `Redis reachable: the limit is shared again, ${this.points} requests per ${this.windowSeconds} s per client`,
        );
      this.circuit.onChange((state) => report(state === 'open' ? 'local' : 'shared'));
      if (this.circuit.state === 'open') queueMicrotask(() => report('local'));
    }
    this.local = new RateLimiterMemory({
      keyPrefix: 'local',
      points: this.shared ? this.sharePoints : this.points,
      duration: this.windowSeconds,
    });
  }

  /** Whether this instance counts with the others (Redis) or alone (its share, or no Redis at all). */
  get mode(): 'shared' | 'local' {
    return this.shared && this.circuit!.state === 'closed' ? 'shared' : 'local';
  }

  /** 0 when the client's request may pass, else the seconds to wait (Retry-After). */
  async take(client: string): Promise<number> {
    if (this.shared && this.circuit!.state === 'closed') {
      try {
        // over the limit is an answer (a RateLimiterRes), not a Redis failure
        const res = await this.circuit!.run(
          () =>
            this.shared!.consume(client).then(
              () => undefined,
              (r: unknown) => {
                if (r instanceof RateLimiterRes) return r;
                throw r;
              },
            ),
          'rate limit',
        );
        return res ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 0;
      } catch {
        /* counted by the circuit: this request is counted locally */
      }
    } else this.circuit?.maybeProbe();
    try {
      await this.local.consume(client);
      return 0;
    } catch (r) {
      return Math.max(1, Math.ceil((r as RateLimiterRes).msBeforeNext / 1000));
    }
  }
}
