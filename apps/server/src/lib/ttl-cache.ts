/**
 * A small in-process cache with a time-to-live and a size bound (oldest entries dropped first).
 * Used for read-mostly snapshots that may be a moment stale; writers invalidate their own keys.
 */
export class TtlCache<K, V> {
  private readonly map = new Map<K, { value: V; expires: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: K, now = Date.now()): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    if (hit.expires <= now) {
      this.map.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: K, value: V, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    this.map.delete(key);
    this.map.set(key, { value, expires: now + this.ttlMs });
    if (this.map.size > this.maxEntries) this.map.delete(this.map.keys().next().value as K);
  }

  /** Drops a key; a load of it that started before does not store its (possibly stale) result. */
  delete(key: K): void {
    this.map.delete(key);
    if (this.inflight.delete(key)) this.generation += 1;
  }

  /** Drops every entry whose value matches (rare events: this walks the whole cache). */
  deleteWhere(matches: (value: V, key: K) => boolean): void {
    for (const [key, hit] of this.map) if (matches(hit.value, key)) this.map.delete(key);
    this.inflight.clear();
    this.generation += 1;
  }

  /** Drops everything; a load that started before does not store its (possibly stale) result. */
  clear(): void {
    this.map.clear();
    this.inflight.clear();
    this.generation += 1;
  }

  /** Returns the cached value or loads, caches and returns it. Concurrent misses share one load. */
  async getOrLoad(key: K, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const generation = this.generation;
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = load().finally(() => {
        if (this.inflight.get(key) === pending) this.inflight.delete(key);
      });
      this.inflight.set(key, pending);
    }
    const value = await pending;
    if (value !== undefined && generation === this.generation) this.set(key, value);
    return value;
  }

  private readonly inflight = new Map<K, Promise<V | undefined>>();
  private generation = 0;
}
