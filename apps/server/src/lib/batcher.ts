/** Most items one batch takes; more wait for the next one. */
const DEFAULT_MAX_BATCH = 500;

/**
 * Group commit for work that many requests ask for at the same moment (one query or statement for all of
 * them instead of one each). The first item runs at once, alone: a quiet server waits for nothing. Items
 * that arrive while a batch runs wait and go together in the next batch, at most `maxBatch` at a time, one
 * batch at a time. Each caller gets the result at its own position; a batch that fails rejects its own
 * callers only, and the next batch runs as usual.
 */
export class Batcher<K, V> {
  private waiting: { key: K; resolve: (v: V) => void; reject: (e: unknown) => void }[] = [];
  private running = false;

  /** `run` answers one result per key, in the keys' order (a key may appear more than once). */
  constructor(
    private readonly run: (keys: K[]) => Promise<V[]>,
    private readonly maxBatch = DEFAULT_MAX_BATCH,
  ) {}

  load(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      this.waiting.push({ key, resolve, reject });
      if (!this.running) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.running = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.maxBatch);
      try {
        const results = await this.run(batch.map((w) => w.key));
        if (results.length !== batch.length)
          throw new Error(`batch answered ${results.length} results for ${batch.length} keys`);
        for (const [i, w] of batch.entries()) w.resolve(results[i] as V);
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    this.running = false;
  }
}

/**
 * One Batcher per database handle (each process's pool, each test's database), made on first use: the items
 * missing at the same moment in one process are batched together, never with another database's.
 */
export function batcherPerDatabase<Db extends object, K, V>(
  run: (db: Db, keys: K[]) => Promise<V[]>,
): (db: Db) => Batcher<K, V> {
  const batchers = new WeakMap<Db, Batcher<K, V>>();
  return (db) => {
    let batcher = batchers.get(db);
    if (!batcher) {
      batcher = new Batcher((keys) => run(db, keys));
      batchers.set(db, batcher);
    }
    return batcher;
  };
}
