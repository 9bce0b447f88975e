import { describe, expect, it } from 'vitest';
import { LEVEL_KEYS, levelKey } from './level.ts';

describe('levelKey: level 0 is no level, levels 1..5 are list_vip0..list_vip4', () => {
  it('maps each level 1..5 to its V key', () => {
    expect([1, 2, 3, 4, 5].map(levelKey)).toEqual([
      'list_vip0',
      'list_vip1',
      'list_vip2',
      'list_vip3',
      'list_vip4',
    ]);
    expect(levelKey('3')).toBe('list_vip2');
  });

  it('level 0 (nothing invested) is no level, not V1', () => {
    expect(levelKey(0)).toBe('none');
    expect(levelKey('0')).toBe('none');
    expect(levelKey(0)).not.toBe(levelKey(1));
  });

  it('anything that is not a level 1..5 is no level', () => {
    for (const l of [6, -1, 2.5, Number.NaN, '', ' ', 'x', null, undefined]) expect(levelKey(l)).toBe('none');
  });

  it('LEVEL_KEYS is indexed by level, every key distinct', () => {
    expect(LEVEL_KEYS.map((_, i) => levelKey(i))).toEqual([...LEVEL_KEYS]);
    expect(new Set(LEVEL_KEYS).size).toBe(LEVEL_KEYS.length);
  });
});
