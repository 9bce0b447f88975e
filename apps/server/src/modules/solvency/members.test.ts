import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate } from './members.ts';

describe('allocate', () => {
  it('shares add up to the total exactly, each within one minor unit of its exact proportion', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 24n }), { minLength: 1, maxLength: 30 }),
        (total, weights) => {
          const shares = allocate(total, weights);
          const sum = weights.reduce((a, b) => a + b, 0n);
          if (sum === 0n) {
            expect(shares.every((s) => s === 0n)).toBe(true);
            return;
          }
          expect(shares.reduce((a, b) => a + b, 0n)).toBe(total);
          shares.forEach((s, i) => {
            const exact = (total * (weights[i] ?? 0n)) / sum;
            expect(s === exact || s === exact + 1n).toBe(true);
          });
        },
      ),
    );
  });

  it('gives the remainder to the largest fractions first, ties to the earlier', () => {
    expect(allocate(10n, [1n, 1n, 1n])).toEqual([4n, 3n, 3n]);
    expect(allocate(100n, [1n, 2n])).toEqual([33n, 67n]);
    expect(allocate(5n, [0n, 3n])).toEqual([0n, 5n]);
  });
});
