/**
 * The gateway's short-lived response cache: in memory by default, in Redis when REDIS_URL is
 * set so that several stateless instances behind a load balancer share it. Redis is never
 * allowed to cost more than it saves: short deadlines and a circuit breaker (SharedCache).
 */
import { LRUCache } from 'lru-cache';

export interface CachedResponse {
  status: number;
  contentType: string;
  /** The language the service answered in: a hit carries it as a miss does. */
  contentLanguage?: string;
  body: Buffer;
  /** When the service gave the answer, ms since the epoch: a hit says its Age. */
  storedAt?: number;
}

export interface ResponseCache {
  get(key: string): Promise<CachedResponse | undefined>;
  set(key: string, value: CachedResponse, ttlMs: number): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'memory' | 'redis';
  /** The circuit breaker's state, for caches that have one (SharedCache). */
  readonly state?: CircuitState;
}

export interface MemoryCacheOptions {
  /** What all entries together may hold, bytes (keys, bodies and headers counted). */
  maxBytes?: number;
  /** Entries at most, whatever their size. */
  maxEntries?: number;
  /** Clock, ms (tests). */
  now?: () => number;
}

/** The bookkeeping an entry costs beyond its key and body, bytes (a rough, fixed figure). */
const ENTRY_OVERHEAD = 200;

/** What an entry weighs in MemoryCache's byte bound. */
export function entryBytes(key: string, value: CachedResponse): number {
  return (
    ENTRY_OVERHEAD +
    Buffer.byteLength(key) +
    value.body.length +
    value.contentType.length +
    (value.contentLanguage?.length ?? 0)
  );
}

/**
 * An LRU (lru-cache) bounded by bytes, by entries and by a time to live per entry. Expired
 * entries are dropped when read and swept out at most once per `sweepMs`, on a write, so an
 * idle gateway holds no timers and a busy one does not carry dead entries.
 */
export class MemoryCache implements ResponseCache {
  readonly kind = 'memory' as const;
  readonly maxBytes: number;
  private readonly lru: LRUCache<string, { value: CachedResponse; expires: number }>;
  private readonly now: () => number;
  private nextSweep = 0;
  private readonly sweepMs = 10_000;

  constructor(opts: MemoryCacheOptions = {}) {
    this.maxBytes = opts.maxBytes ?? 32 * 1024 * 1024;
    this.now = opts.now ?? Date.now;
    // lru-cache's own TTL (on its clock) lets purgeStale() sweep; `expires` (on this.now)
    // decides what a read returns.
    this.lru = new LRUCache({
      max: opts.maxEntries ?? 100_000,
      maxSize: this.maxBytes,
      sizeCalculation: (entry, key) => entryBytes(key, entry.value),
      ttlAutopurge: false,
    });
  }

  /** Bytes the entries hold now, as counted against maxBytes. */
  get bytes(): number {
    return this.lru.calculatedSize;
  }

  /** Entries held now. */
  get size(): number {
    return this.lru.size;
  }

  async get(key: string): Promise<CachedResponse | undefined> {
    const hit = this.lru.get(key);
    if (!hit) return undefined;
    if (hit.expires <= this.now()) {
      this.lru.delete(key);
      return undefined;
    }
    return hit.value;
  }

  async set(key: string, value: CachedResponse, ttlMs: number): Promise<void> {
    const now = this.now();
    if (now >= this.nextSweep) {
      this.nextSweep = now + this.sweepMs;
      this.lru.purgeStale();
    }
    // An entry larger than the whole bound is not kept (lru-cache refuses it).
    this.lru.set(key, { value, expires: now + ttlMs }, { ttl: Math.max(1, Math.round(ttlMs)) });
  }

  async close(): Promise<void> {
    this.lru.clear();
  }
}

interface RedisLike {
  getBuffer(key: string): Promise<Buffer | null>;
  set(key: string, value: Buffer, mode: 'PX', ttl: number): Promise<unknown>;
  ping(): Promise<unknown>;
  quit(): Promise<unknown>;
  disconnect(): void;
  on(event: 'error', fn: (e: Error) => void): unknown;
}

/**
 * Rejects after `ms` unless `p` settles first. The rejection waits for setImmediate, i.e. for
 * the event loop's I/O phase: when this process was busy (a loaded machine), the timer and
 * the answer become due together, and an answer already in the socket then still wins
 * instead of counting as a Redis failure.
 */
function deadline<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  let late: NodeJS.Immediate;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        late = setImmediate(() =>
          reject(
            Object.assign(new Error(`${what} took longer than ${ms} ms`), { code: 'ETIMEDOUT' }),
          ),
        );
      }, ms);
    }),
  ]).finally(() => {
    clearTimeout(timer);
    clearImmediate(late);
  });
}

/**
 * Entries are stored as one buffer: a JSON header line (status, content type, language, time
 * stored) and the body.
 * Every command fails fast: no offline queue (a command while disconnected fails at once),
 * and `commandTimeout` drops one that hangs. Errors propagate; SharedCache decides.
 */
export class RedisCache implements ResponseCache {
  readonly kind = 'redis' as const;
  private constructor(
    private readonly redis: RedisLike,
    private readonly prefix: string,
  ) {}

  /**
   * Connects without waiting longer than `waitMs`: the client keeps reconnecting in the
   * background (every `reconnectMs` at most), so a Redis that is down at start-up does not
   * keep the gateway from starting.
   */
  static async connect(
    url: string,
    opts: { timeoutMs: number; waitMs?: number; reconnectMs?: number; onError: (e: Error) => void },
    prefix = 'immo-gateway:',
  ): Promise<{ cache: RedisCache; connected: boolean }> {
    const { Redis } = await import('ioredis');
    const redis = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // The deadline that counts is SharedCache's; this one only keeps commands to a hung
      // Redis from piling up.
      commandTimeout: Math.max(opts.timeoutMs * 10, 1000),
      connectTimeout: Math.max(opts.timeoutMs, 500),
      retryStrategy: (times: number) => Math.min(50 * times, opts.reconnectMs ?? 500),
    });
    redis.on('error', opts.onError);
    const connected = await deadline(
      redis.connect(),
      opts.waitMs ?? 1000,
      'connecting to Redis',
    ).then(
      () => true,
      () => false,
    );
    return { cache: new RedisCache(redis as unknown as RedisLike, prefix), connected };
  }

  async get(key: string): Promise<CachedResponse | undefined> {
    const buf = await this.redis.getBuffer(this.prefix + key);
    if (!buf) return undefined;
    const nl = buf.indexOf(10);
    const head = JSON.parse(buf.subarray(0, nl).toString('utf8')) as {
      s: number;
      t: string;
      l?: string;
      a?: number;
    };
    return {
      status: head.s,
      contentType: head.t,
      ...(head.l ? { contentLanguage: head.l } : {}),
      ...(typeof head.a === 'number' ? { storedAt: head.a } : {}),
      body: buf.subarray(nl + 1),
    };
  }

  async set(key: string, value: CachedResponse, ttlMs: number): Promise<void> {
    const head = Buffer.from(
      JSON.stringify({
        s: value.status,
        t: value.contentType,
        l: value.contentLanguage,
        a: value.storedAt,
      }) + '\n',
    );
    await this.redis.set(
      this.prefix + key,
      Buffer.concat([head, value.body]),
      'PX',
      Math.max(1, Math.round(ttlMs)),
    );
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  /** The ioredis client, for the shared rate limit (rate-limit.ts): one connection for both. */
  get client(): unknown {
    return this.redis;
  }

  async close(): Promise<void> {
    await deadline(this.redis.quit(), 500, 'closing Redis').catch(() => this.redis.disconnect());
  }
}

/** A shared cache that can be probed (RedisCache; tests pass fakes). */
export interface Shared {
  get(key: string): Promise<CachedResponse | undefined>;
  set(key: string, value: CachedResponse, ttlMs: number): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type CircuitState = 'closed' | 'open';

export interface CircuitOptions {
  /** Deadline of one Redis command, ms (tens of ms: Redis must never cost more than it saves). */
  timeoutMs: number;
  /** Misses in a row (errors or deadlines) that open the circuit. */
  failures: number;
  /** While open, how often a probe (PING) checks whether Redis is back, ms. */
  probeMs: number;
  /** Called once per change of state, with the reason (more listeners: Circuit.onChange). */
  onStateChange?: (state: CircuitState, reason: string) => void;
  now?: () => number;
  /** Start open (Redis was not reachable at start-up). */
  startOpen?: boolean;
}

/**
 * The gateway's one circuit breaker for Redis, shared by the cache (SharedCache) and the rate
 * limit (rate-limit.ts). Closed: commands go to Redis, each with a deadline; `failures`
 * misses in a row, of either user, open it. Open: the users do without Redis (memory, the
 * local share of the limit) and never wait for it; at most one probe per `probeMs` (started
 * by a request, never awaited by it) pings Redis, and when one succeeds the circuit closes.
 * Each change of state is reported once, not per request.
 */
export class Circuit {
  private failuresInARow = 0;
  private open: boolean;
  private nextProbe = 0;
  private probing = false;
  private readonly listeners: ((state: CircuitState, reason: string) => void)[] = [];
  /** Commands sent to Redis through the circuit (reads, writes, limits, probes): tests check it stays still while open. */
  calls = 0;
  private readonly now: () => number;

  constructor(
    private readonly ping: () => Promise<void>,
    private readonly opts: CircuitOptions,
  ) {
    this.now = opts.now ?? Date.now;
    this.open = !!opts.startOpen;
    if (opts.onStateChange) this.listeners.push(opts.onStateChange);
  }

  get state(): CircuitState {
    return this.open ? 'open' : 'closed';
  }

  /** Adds a listener for the changes of state. */
  onChange(fn: (state: CircuitState, reason: string) => void): void {
    this.listeners.push(fn);
  }

  private change(state: CircuitState, reason: string) {
    for (const fn of this.listeners) fn(state, reason);
  }

  /** Runs one Redis command with the deadline; a failure counts towards opening, and is thrown. */
  async run<T>(command: () => Promise<T>, what: string): Promise<T> {
    this.calls++;
    try {
      const result = await deadline(command(), this.opts.timeoutMs, what);
      this.failuresInARow = 0;
      return result;
    } catch (e) {
      this.failuresInARow++;
      if (!this.open && this.failuresInARow >= this.opts.failures) {
        this.open = true;
        this.nextProbe = this.now() + this.opts.probeMs;
        this.change(
          'open',
          `${this.failuresInARow} misses in a row, last: ${(e as Error)?.message ?? e}`,
        );
      }
      throw e;
    }
  }

  /** While open: one probe per probeMs, in the background. */
  maybeProbe(): void {
    if (!this.open || this.probing || this.now() < this.nextProbe) return;
    this.probing = true;
    this.nextProbe = this.now() + this.opts.probeMs;
    this.calls++;
    deadline(this.ping(), this.opts.timeoutMs, 'Redis probe').then(
      () => {
        this.probing = false;
        if (!this.open) return;
        this.open = false;
        this.failuresInARow = 0;
        this.change('closed', 'a probe reached Redis');
      },
      () => {
        this.probing = false;
      },
    );
  }
}

export interface SharedCacheOptions extends CircuitOptions {
  /** Called for each hit and miss (metrics). */
  onLookup?: (result: 'hit' | 'miss', where: 'shared' | 'memory') => void;
}

/**
 * The shared cache behind the circuit breaker (Circuit), with an in-memory cache beside it:
 * a read that fails or runs out of time, and every read while the circuit is open, is
 * answered from memory; every answer is also kept in memory.
 */
export class SharedCache implements ResponseCache {
  readonly kind = 'redis' as const;
  readonly memory: MemoryCache;
  readonly circuit: Circuit;

  constructor(
    private readonly shared: Shared,
    private readonly opts: SharedCacheOptions,
    memory = new MemoryCache(),
  ) {
    this.memory = memory;
    this.circuit = new Circuit(() => shared.ping(), opts);
  }

  get state(): CircuitState {
    return this.circuit.state;
  }

  /** Commands sent to the shared cache and the rest of Redis through the circuit. */
  get sharedCalls(): number {
    return this.circuit.calls;
  }

  async get(key: string): Promise<CachedResponse | undefined> {
    if (this.circuit.state === 'closed') {
      try {
        const hit = await this.circuit.run(() => this.shared.get(key), 'cache read');
        this.opts.onLookup?.(hit ? 'hit' : 'miss', 'shared');
        if (hit) return hit;
        return undefined;
      } catch {
        /* counted by the circuit; memory answers */
      }
    } else this.circuit.maybeProbe();
    const local = await this.memory.get(key);
    this.opts.onLookup?.(local ? 'hit' : 'miss', 'memory');
    return local;
  }

  async set(key: string, value: CachedResponse, ttlMs: number): Promise<void> {
    await this.memory.set(key, value, ttlMs);
    if (this.circuit.state === 'open') return;
    await this.circuit.run(() => this.shared.set(key, value, ttlMs), 'cache write').catch(() => {});
  }

  async close(): Promise<void> {
    await this.memory.close();
    await this.shared.close();
  }
}
