import { describe, expect, it } from 'vitest';
import { usdtValue } from './value.ts';

describe('usdtValue', () => {
  it('USDT is worth itself; ETH has no price', () => {
    expect(usdtValue('USDT', 1_234_567n, '0.5')).toBe(1_234_567n);
    expect(usdtValue('ETH', 10n ** 18n, '0.5')).toBeNull();
  });

  it('AGC at the price, rounded down to 10⁻⁶ USDT, exactly for large amounts', () => {
    expect(usdtValue('AGC', 10n ** 18n, '0.5')).toBe(500_000n);
    expect(usdtValue('AGC', 3n * 10n ** 18n, '0.333333333333333333')).toBe(999_999n);
    expect(usdtValue('AGC', 123_456_789n * 10n ** 18n, '1.25')).toBe(154_320_986_250_000n);
    expect(usdtValue('AGC', 1n, '1')).toBe(0n);
  });

  it('no price, or an unreadable one: no value', () => {
    expect(usdtValue('AGC', 10n ** 18n, null)).toBeNull();
    expect(usdtValue('AGC', 10n ** 18n, undefined)).toBeNull();
    expect(usdtValue('AGC', 10n ** 18n, 'abc')).toBeNull();
  });
});
