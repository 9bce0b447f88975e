import { describe, expect, it } from 'vitest';
import { levelKey } from './level.ts';
import { tokenDecimals } from './token.ts';

describe('tokenDecimals: type 1 gives 6, otherwise 18', () => {
  it('maps the types', () => {
    expect(tokenDecimals(1)).toBe(6);
    expect(tokenDecimals('1')).toBe(6);
    for (const t of [0, 2, 3, '2', '', null, undefined]) expect(tokenDecimals(t)).toBe(18);
  });
});

describe('levelKey: levels 1..5 map to list_vip0..list_vip4, default vip0', () => {
  it('maps each level', () => {
    expect([1, 2, 3, 4, 5].map(levelKey)).toEqual([
      'list_vip0',
      'list_vip1',
      'list_vip2',
      'list_vip3',
      'list_vip4',
    ]);
    expect(levelKey('3')).toBe('list_vip2');
  });
  it('defaults to list_vip0', () => {
    for (const l of [0, 6, -1, 2.5, Number.NaN, '', 'x', null, undefined])
      expect(levelKey(l)).toBe('list_vip0');
  });
});
