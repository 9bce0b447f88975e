import { describe, expect, it } from 'vitest';
import { maxOf, minOf } from './order.ts';

describe('maxOf / minOf', () => {
  it('compare bigints exactly, beyond a float', () => {
    expect(maxOf(2n ** 64n + 1n, 2n ** 64n)).toBe(2n ** 64n + 1n);
    expect(minOf(2n ** 64n + 1n, 2n ** 64n)).toBe(2n ** 64n);
    expect(maxOf(-1n, 0n)).toBe(0n);
  });

  it('compare ISO days as the calendar does', () => {
    expect(maxOf('2030-01-09', '2030-01-10')).toBe('2030-01-10');
    expect(minOf('2029-12-31', '2030-01-01')).toBe('2029-12-31');
  });
});
