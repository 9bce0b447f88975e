import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundTrip, type SwapAsset, swapFee, swapIn, swapOut } from './math.ts';

const USDT = 10n ** 6n;
const AGC = 10n ** 18n;
/** 0.5 USDT per AGC, a 0.5 % fee: the defaults. */
const PRICE = 500_000n;
const FEE = 5_000n;

const asset = fc.constantFrom<SwapAsset>('USDT', 'AGC');
const price = fc.bigInt({ min: 1n, max: 10n ** 12n });
const fee = fc.bigInt({ min: 0n, max: 999_999n });
const amount = fc.bigInt({ min: 1n, max: 10n ** 30n });

/** a × b / c as an exact fraction compared with n: -1, 0, 1 (n·c vs a·b). */
const cmp = (n: bigint, a: bigint, b: bigint, c: bigint) => {
  const l = n * c;
  const r = a * b;
  return l < r ? -1 : l > r ? 1 : 0;
};

/** The exact value of `net` of `from` in the other asset, as a fraction num / den. */
const exact = (from: SwapAsset, net: bigint, p: bigint) =>
  from === 'USDT' ? { num: net * AGC, den: p } : { num: net * p, den: AGC };

describe('exchange arithmetic', () => {
  it('figures worked by hand', () => {
    // 100 USDT at 0.5: fee 0.5, 99.5 converts to 199 AGC exactly.
    expect(swapIn('USDT', 100n * USDT, PRICE, FEE)).toEqual({
      amountIn: 100n * USDT,
      fee: 500_000n,
      amountOut: 199n * AGC,
    });
    // Back: 199 AGC, fee 0.995 AGC, 198.005 AGC → 99.0025 USDT.
    expect(roundTrip('USDT', 199n * AGC, PRICE, FEE)).toBe(99_002_500n);
    // Mode out asks 199 AGC: exactly the 100 USDT above.
    expect(swapOut('USDT', 199n * AGC, PRICE, FEE)).toEqual(swapIn('USDT', 100n * USDT, PRICE, FEE));
    // 1 USDT at 0.3: 0.995 / 0.3 = 3.3166…, rounded down to 18 decimals.
    expect(swapIn('USDT', USDT, 300_000n, FEE).amountOut).toBe(3_316_666_666_666_666_666n);
    // 3 AGC at 0.3 with no fee: 0.9 USDT.
    expect(swapIn('AGC', 3n * AGC, 300_000n, 0n)).toEqual({
      amountIn: 3n * AGC,
      fee: 0n,
      amountOut: 900_000n,
    });
    // The fee rounds up: one micro-USDT pays one micro-USDT of fee and nothing arrives.
    expect(swapIn('USDT', 1n, PRICE, FEE)).toEqual({ amountIn: 1n, fee: 1n, amountOut: 0n });
    expect(swapFee(1_000_001n, FEE)).toBe(5_001n);
    // What arrives rounds down: 1 AGC-wei is worth 5e-13 USDT, nothing.
    expect(swapIn('AGC', 1n, PRICE, 0n).amountOut).toBe(0n);
  });

  it('mode out asking what cannot arrive exactly rounds the amount in up to the next unit that gives enough', () => {
    // 1 micro-USDT buys 2e12 AGC-wei at 0.5 without a fee: asking 1 AGC-wei costs 1 micro-USDT (and gives 2e12).
    expect(swapOut('USDT', 1n, PRICE, 0n)).toEqual({ amountIn: 1n, fee: 0n, amountOut: 2_000_000_000_000n });
    // 1 USDT out of AGC at 0.3 with the fee: net 10/3 AGC rounded up, then grossed up for 0.5 %.
    const s = swapOut('AGC', USDT, 300_000n, FEE);
    expect(s.amountOut).toBe(USDT);
    expect(swapIn('AGC', s.amountIn - 1n, 300_000n, FEE).amountOut).toBeLessThan(USDT);
  });

  it('refuses a price of zero, a fee of 100 % and amounts of zero', () => {
    expect(() => swapIn('USDT', 1n, 0n, FEE)).toThrow(RangeError);
    expect(() => swapIn('USDT', 1n, PRICE, 1_000_000n)).toThrow(RangeError);
    expect(() => swapIn('USDT', 0n, PRICE, FEE)).toThrow(RangeError);
    expect(() => swapOut('AGC', 0n, PRICE, FEE)).toThrow(RangeError);
    expect(() => swapOut('AGC', -1n, PRICE, FEE)).toThrow(RangeError);
  });

  it('mode in: the fee is the amount × rate rounded up, what arrives the net converted rounded down', () => {
    fc.assert(
      fc.property(asset, amount, price, fee, (from, a, p, f) => {
        const s = swapIn(from, a, p, f);
        // fee = ceil(a·f / 1e6): fee − 1 < a·f/1e6 ≤ fee.
        expect(cmp(s.fee, a, f, 1_000_000n)).toBeGreaterThanOrEqual(0);
        expect(cmp(s.fee - 1n, a, f, 1_000_000n)).toBeLessThan(0);
        // out = floor(net in the other asset): out ≤ exact < out + 1.
        const { num, den } = exact(from, a - s.fee, p);
        expect(s.amountOut * den <= num).toBe(true);
        expect((s.amountOut + 1n) * den > num).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('mode out: the smallest amount in that gives at least what was asked', () => {
    fc.assert(
      fc.property(asset, amount, price, fee, (from, want, p, f) => {
        const s = swapOut(from, want, p, f);
        expect(s).toEqual(swapIn(from, s.amountIn, p, f));
        expect(s.amountOut >= want).toBe(true);
        if (s.amountIn > 1n) expect(swapIn(from, s.amountIn - 1n, p, f).amountOut < want).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('more in never gives less out', () => {
    fc.assert(
      fc.property(asset, amount, price, fee, (from, a, p, f) => {
        expect(swapIn(from, a + 1n, p, f).amountOut >= swapIn(from, a, p, f).amountOut).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('a round trip never returns more than went in, and with a fee always less', () => {
    fc.assert(
      fc.property(asset, amount, price, fee, (from, a, p, f) => {
        const s = swapIn(from, a, p, f);
        const back = roundTrip(from, s.amountOut, p, f);
        expect(back <= a).toBe(true);
        if (f > 0n) expect(back < a).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });
});
