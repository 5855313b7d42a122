/** Per-client token buckets: `rate` requests a second on average, bursts up to `burst`. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  constructor(
    private readonly rate: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** 0 when the request may pass, else the seconds to wait (for Retry-After). */
  take(client: string): number {
    const now = this.now();
    let b = this.buckets.get(client);
    if (!b) {
      b = { tokens: this.burst, at: now };
      this.buckets.set(client, b);
      if (this.buckets.size > 50_000) this.sweep(now);
    }
    b.tokens = Math.min(this.burst, b.tokens + ((now - b.at) / 1000) * this.rate);
    b.at = now;
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / this.rate));
  }

  private sweep(now: number) {
    for (const [k, b] of this.buckets) if (now - b.at > (this.burst / this.rate) * 1000) this.buckets.delete(k);
  }
}
