import { defined } from '@agc/shared/defined';
import { describe, expect, it } from 'vitest';
import { Batcher, batcherPerDatabase } from './batcher.ts';
import { TtlCache } from './ttl-cache.ts';

/** A batch function whose batches finish when the test says so, recording what each batch held. */
function controlled<V>(answer: (k: number) => V) {
  const batches: number[][] = [];
  const release: (() => void)[] = [];
  const run = (keys: number[]) => {
    batches.push(keys);
    return new Promise<V[]>((resolve) => release.push(() => resolve(keys.map(answer))));
  };
  return { batches, release, run };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('Batcher: group commit for concurrent loads', () => {
  it('runs the first item at once and alone, then everything that arrived meanwhile in one batch', async () => {
    const c = controlled((k) => k * 10);
    const b = new Batcher(c.run);
    const first = b.load(1);
    expect(c.batches).toEqual([[1]]);
    const rest = [2, 3, 2, 4].map((k) => b.load(k));
    await tick();
    expect(c.batches).toHaveLength(1); // they wait for the running batch
    defined(c.release[0])();
    expect(await first).toBe(10);
    await tick();
    expect(c.batches).toEqual([[1], [2, 3, 2, 4]]);
    defined(c.release[1])();
    expect(await Promise.all(rest)).toEqual([20, 30, 20, 40]);
  });

  it('takes at most maxBatch items per batch, in arrival order', async () => {
    const seen: number[][] = [];
    const b = new Batcher(async (keys: number[]) => {
      seen.push(keys);
      return keys.map(String);
    }, 3);
    const all = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((k) => b.load(k)));
    expect(all).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(seen).toEqual([[1], [2, 3, 4], [5, 6, 7], [8]]);
  });

  it('a failing batch rejects its own callers only; the next batch runs and nothing is left waiting', async () => {
    let calls = 0;
    const b = new Batcher(async (keys: number[]) => {
      calls += 1;
      if (calls === 2) throw new Error('connection lost');
      return keys;
    });
    const first = b.load(1);
    const failed = [b.load(2), b.load(3)];
    await expect(first).resolves.toBe(1);
    for (const f of failed) await expect(f).rejects.toThrow('connection lost');
    await expect(b.load(4)).resolves.toBe(4);
    expect(calls).toBe(3);
  });

  it('refuses a batch function that answers a different number of results', async () => {
    const b = new Batcher(async (keys: number[]) => keys.slice(1));
    await expect(b.load(1)).rejects.toThrow('batch answered 0 results for 1 keys');
    const b2 = new Batcher(async (keys: number[]) => keys);
    expect(await b2.load(5)).toBe(5);
  });

  it('behind a TtlCache, a failed load is not cached: the next request loads again', async () => {
    let fail = true;
    const b = new Batcher(async (keys: string[]) => {
      if (fail) throw new Error('down');
      return keys.map((k) => k.length);
    });
    const cache = new TtlCache<string, number>(60_000);
    const get = (k: string) => cache.getOrLoad(k, () => b.load(k));
    await expect(Promise.all([get('abc'), get('abc'), get('de')])).rejects.toThrow('down');
    fail = false;
    expect(await Promise.all([get('abc'), get('de')])).toEqual([3, 2]);
    expect(cache.get('abc')).toBe(3);
  });

  it('batcherPerDatabase keeps one batcher per database handle, never mixing two databases', async () => {
    const seen: [string, number[]][] = [];
    const loaderFor = batcherPerDatabase(async (db: { name: string }, keys: number[]) => {
      seen.push([db.name, keys]);
      return keys.map((k) => `${db.name}:${k}`);
    });
    const a = { name: 'a' };
    const z = { name: 'z' };
    expect(loaderFor(a)).toBe(loaderFor(a));
    expect(loaderFor(a)).not.toBe(loaderFor(z));
    expect(await Promise.all([loaderFor(a).load(1), loaderFor(z).load(1)])).toEqual(['a:1', 'z:1']);
    expect(seen).toEqual([
      ['a', [1]],
      ['z', [1]],
    ]);
  });
});
