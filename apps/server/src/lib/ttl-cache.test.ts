import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  it('expires entries and drops the oldest past its size', () => {
    const c = new TtlCache<string, number>(100, 2);
    c.set('a', 1, 0);
    expect(c.get('a', 99)).toBe(1);
    expect(c.get('a', 100)).toBeUndefined();
    c.set('a', 1, 0);
    c.set('b', 2, 0);
    c.set('c', 3, 0);
    expect(c.get('a', 1)).toBeUndefined();
    expect(c.get('c', 1)).toBe(3);
  });

  it('shares one load between concurrent misses and never caches a miss', async () => {
    const c = new TtlCache<string, number>(1000);
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 5));
      return 7;
    };
    expect(await Promise.all([c.getOrLoad('k', load), c.getOrLoad('k', load)])).toEqual([7, 7]);
    expect(loads).toBe(1);
    expect(await c.getOrLoad('none', async () => undefined)).toBeUndefined();
    expect(await c.getOrLoad('none', async () => 1)).toBe(1);
  });

  it('caches nothing with a zero time-to-live', () => {
    const c = new TtlCache<string, number>(0);
    c.set('a', 1);
    expect(c.get('a')).toBeUndefined();
  });

  it('clear drops everything, and a load begun before the clear is not stored', async () => {
    const c = new TtlCache<string, number>(1000);
    c.set('a', 1);
    let release: (v: number) => void = () => {};
    const slow = c.getOrLoad('b', () => new Promise<number>((r) => (release = r)));
    c.clear();
    expect(c.get('a')).toBeUndefined();
    release(2);
    expect(await slow).toBe(2);
    expect(c.get('b')).toBeUndefined();
    expect(await c.getOrLoad('b', async () => 3)).toBe(3);
    expect(c.get('b')).toBe(3);
  });
});
