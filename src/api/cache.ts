/** A small LRU cache with a time-to-live per entry. */
export class LruCache<V> {
  readonly #map = new Map<string, { value: V; expires: number }>();

  constructor(
    readonly max: number,
    readonly ttl: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const hit = this.#map.get(key);
    if (!hit) return undefined;
    this.#map.delete(key);
    if (hit.expires <= this.now()) return undefined;
    this.#map.set(key, hit); // most recently used goes last
    return hit.value;
  }

  set(key: string, value: V): void {
    if (this.max <= 0 || this.ttl <= 0) return;
    this.#map.delete(key);
    this.#map.set(key, { value, expires: this.now() + this.ttl });
    while (this.#map.size > this.max) {
      const oldest = this.#map.keys().next().value as string;
      this.#map.delete(oldest);
    }
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  clear(): void {
    this.#map.clear();
  }

  get size(): number {
    return this.#map.size;
  }
}
