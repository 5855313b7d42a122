/**
 * The gateway's short-lived response cache: in memory by default, in Redis when REDIS_URL is
 * set so that several stateless instances behind a load balancer share it.
 */
export interface CachedResponse {
  status: number;
  contentType: string;
  body: Buffer;
}

export interface ResponseCache {
  get(key: string): Promise<CachedResponse | undefined>;
  set(key: string, value: CachedResponse, ttlMs: number): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'memory' | 'redis';
}

/** A bounded LRU with a time to live per entry. */
export class MemoryCache implements ResponseCache {
  readonly kind = 'memory' as const;
  private readonly map = new Map<string, { value: CachedResponse; expires: number }>();
  constructor(private readonly max = 2000, private readonly now: () => number = Date.now) {}

  async get(key: string): Promise<CachedResponse | undefined> {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    if (hit.expires <= this.now()) {
      this.map.delete(key);
      return undefined;
    }
    this.map.delete(key);
    this.map.set(key, hit);
    return hit.value;
  }

  async set(key: string, value: CachedResponse, ttlMs: number): Promise<void> {
    this.map.delete(key);
    this.map.set(key, { value, expires: this.now() + ttlMs });
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }

  async close(): Promise<void> {
    this.map.clear();
  }
}

interface RedisLike {
  getBuffer(key: string): Promise<Buffer | null>;
  set(key: string, value: Buffer, mode: 'PX', ttl: number): Promise<unknown>;
  quit(): Promise<unknown>;
  on(event: 'error', fn: (e: Error) => void): unknown;
}

/**
 * Entries are stored as one buffer: a JSON header line (status, content type) and the body.
 * Redis failures never fail a request: the gateway then forwards without the cache.
 */
export class RedisCache implements ResponseCache {
  readonly kind = 'redis' as const;
  private constructor(private readonly redis: RedisLike, private readonly prefix: string, private readonly onError: (e: Error) => void) {}

  static async connect(url: string, onError: (e: Error) => void, prefix = 'immo-gateway:'): Promise<RedisCache> {
    const { Redis } = await import('ioredis');
    const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, connectTimeout: 2000, lazyConnect: true });
    redis.on('error', onError);
    await redis.connect();
    return new RedisCache(redis as unknown as RedisLike, prefix, onError);
  }

  async get(key: string): Promise<CachedResponse | undefined> {
    try {
      const buf = await this.redis.getBuffer(this.prefix + key);
      if (!buf) return undefined;
      const nl = buf.indexOf(10);
      const head = JSON.parse(buf.subarray(0, nl).toString('utf8')) as { s: number; t: string };
      return { status: head.s, contentType: head.t, body: buf.subarray(nl + 1) };
    } catch (e) {
      this.onError(e as Error);
      return undefined;
    }
  }

  async set(key: string, value: CachedResponse, ttlMs: number): Promise<void> {
    try {
      const head = Buffer.from(JSON.stringify({ s: value.status, t: value.contentType }) + '\n');
      await this.redis.set(this.prefix + key, Buffer.concat([head, value.body]), 'PX', Math.max(1, Math.round(ttlMs)));
    } catch (e) {
      this.onError(e as Error);
    }
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
