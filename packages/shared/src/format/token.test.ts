import { describe, expect, it } from 'vitest';
import { tokenDecimals } from './token.ts';

describe('tokenDecimals: type 1 gives 6, otherwise 18', () => {
  it('maps the types', () => {
    expect(tokenDecimals(1)).toBe(6);
    expect(tokenDecimals('1')).toBe(6);
    for (const t of [0, 2, 3, '2', '', null, undefined]) expect(tokenDecimals(t)).toBe(18);
  });
});
