import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  costShare,
  feeOf,
  NAV_ONE,
  priceRedemption,
  priceSubscription,
  unitsFor,
  unitsValue,
} from './math.ts';

describe('fund arithmetic', () => {
  it('rounds units and values down and fees up', () => {
    expect(feeOf(100_000_000n, 15_000)).toBe(1_500_000n);
    expect(feeOf(1n, 1)).toBe(1n);
    expect(unitsFor(100_000_000n, 3n * NAV_ONE)).toBe(33_333_333n);
    expect(unitsValue(33_333_333n, 3n * NAV_ONE)).toBe(99_999_999n);
    expect(priceSubscription(100_000_000n, 10_000, NAV_ONE)).toEqual({
      fee: 1_000_000n,
      net: 99_000_000n,
      units: 99_000_000n,
    });
    expect(priceRedemption(10_000_000n, 5_000, 150_000_000n)).toEqual({
      gross: 15_000_000n,
      fee: 75_000n,
      amount: 14_925_000n,
    });
  });

  it('refuses a NAV of zero or below', () => {
    expect(() => unitsFor(1n, 0n)).toThrow(RangeError);
    expect(() => unitsValue(1n, -1n)).toThrow(RangeError);
  });

  it('never lets a round trip at one NAV return more than was paid', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 100_000 }),
        (amount, nav, fee) => {
          const sub = priceSubscription(amount, fee, nav);
          const red = priceRedemption(sub.units, fee, nav);
          expect(red.amount).toBeLessThanOrEqual(amount);
          expect(sub.fee + sub.net).toBe(amount);
          expect(red.fee + red.amount).toBe(red.gross);
        },
      ),
    );
  });

  it('splits a cost basis so that the parts never exceed the whole', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        (cost, held) => {
          const part = costShare(cost, held / 2n, held);
          expect(part).toBeLessThanOrEqual(cost);
          expect(costShare(cost, held, held)).toBe(cost);
        },
      ),
    );
  });
});
