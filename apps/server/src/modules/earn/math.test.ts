import { describe, expect, it } from 'vitest';
import { dailyRateE18, dayBase, dayInterest, RATE_ONE } from './math.ts';

const pow365 = (x: bigint) => {
  let r = 1n;
  for (let i = 0; i < 365; i++) r *= x;
  return r;
};
/** (1 + r)^365 ≤ 1 + APY, in exact integers. */
const withinApy = (r: bigint, apyPpm: bigint) =>
  pow365(RATE_ONE + r) * 1_000_000n <= (1_000_000n + apyPpm) * pow365(RATE_ONE);

describe('the daily rate', () => {
  it.each([0n, 1n, 10_000n, 50_000n, 180_000n, 1_000_000n])(
    'is the largest 18-decimal rate whose 365 compounded days stay within an APY of %i ppm',
    (apyPpm) => {
      const r = dailyRateE18(apyPpm);
      expect(withinApy(r, apyPpm)).toBe(true);
      expect(withinApy(r + 1n, apyPpm)).toBe(false);
    },
  );

  it('matches (1 + APY)^(1/365) − 1 for 18 %', () => {
    const r = dailyRateE18(180_000n);
    expect(Number(r) / 1e18).toBeCloseTo(1.18 ** (1 / 365) - 1, 15);
    expect(r).toBe(453_567_045_446_917n);
  });

  it('refuses a negative APY', () => {
    expect(() => dailyRateE18(-1n)).toThrow();
  });
});

describe('one day of one member', () => {
  it('rounds down, for the platform', () => {
    const r = dailyRateE18(180_000n);
    // 100 USDT × 0.000453567… = 0.0453567… USDT → 45,356 minor units (not 45,357).
    expect(dayInterest(100_000_000n, r)).toBe(45_356n);
    expect(dayInterest(1n, r)).toBe(0n);
    expect(dayInterest(0n, r)).toBe(0n);
    expect(dayInterest(-5n, r)).toBe(0n);
  });

  it('earns on the lower of the opening and closing holding, never below zero', () => {
    expect(dayBase(100n, 40n)).toBe(40n);
    expect(dayBase(0n, 100n)).toBe(0n);
    expect(dayBase(70n, 70n)).toBe(70n);
    expect(dayBase(-3n, 5n)).toBe(0n);
  });

  it('a full year compounded daily never pays more than the APY', () => {
    const r = dailyRateE18(180_000n);
    let held = 1_000_000_000_000n; // 1,000,000 USDT
    for (let d = 0; d < 365; d++) held += dayInterest(held, r);
    const apyCap = (1_000_000_000_000n * 1_180_000n) / 1_000_000n;
    expect(held).toBeLessThanOrEqual(apyCap);
    // and falls short of it by less than a cent per day of rounding.
    expect(apyCap - held).toBeLessThan(365n * 10_000n);
  });
});
