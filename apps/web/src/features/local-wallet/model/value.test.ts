import { describe, expect, it } from 'vitest';
import { usdtValue } from './value.ts';

const prices = (agc_usdt: string, eth_usdt = '3000') => ({ agc_usdt, eth_usdt });
const ETH = 10n ** 18n;
const AGC = 10n ** 18n;

describe('usdtValue', () => {
  it('USDT is worth itself, with or without prices', () => {
    expect(usdtValue('USDT', 1_234_567n, prices('0.5'))).toBe(1_234_567n);
    expect(usdtValue('USDT', 1_234_567n, null)).toBe(1_234_567n);
    expect(usdtValue('USDT', 0n, undefined)).toBe(0n);
  });

  it('AGC at its price, rounded down to 10⁻⁶ USDT, exactly for large amounts', () => {
    expect(usdtValue('AGC', AGC, prices('0.5'))).toBe(500_000n);
    expect(usdtValue('AGC', 3n * AGC, prices('0.333333333333333333'))).toBe(999_999n);
    expect(usdtValue('AGC', 123_456_789n * AGC, prices('1.25'))).toBe(154_320_986_250_000n);
    expect(usdtValue('AGC', 1n, prices('1'))).toBe(0n);
  });

  it('ETH at its price, rounded down, exactly (no float: 2^53 is passed by far)', () => {
    expect(usdtValue('ETH', ETH, prices('0.5', '3000'))).toBe(3_000_000_000n);
    // 1.234567 ETH × 3456.789012 = 4267.637640177804 USDT → 4267.637640 (rounded down)
    expect(usdtValue('ETH', 1_234_567n * 10n ** 12n, prices('0.5', '3456.789012'))).toBe(4_267_637_640n);
    // 1 wei: 3000 × 10⁻¹⁸ USDT, below 10⁻⁶: 0
    expect(usdtValue('ETH', 1n, prices('0.5', '3000'))).toBe(0n);
    // 1 micro-USDT is 333_333_333.3… wei at 3000: 333_333_333 wei is 0.999999999 of it → 0
    expect(usdtValue('ETH', 333_333_333n, prices('0.5', '3000'))).toBe(0n);
    expect(usdtValue('ETH', 333_333_334n, prices('0.5', '3000'))).toBe(1n);
    // 10 million ETH at 123456.789012: 1_234_567_890_120_000_000 micro-USDT, exactly
    expect(usdtValue('ETH', 10_000_000n * ETH, prices('0.5', '123456.789012'))).toBe(
      1_234_567_890_120_000_000n,
    );
  });

  it('each asset uses its own price', () => {
    const p = prices('2', '4000');
    expect(usdtValue('AGC', AGC, p)).toBe(2_000_000n);
    expect(usdtValue('ETH', ETH, p)).toBe(4_000_000_000n);
  });

  it('no prices, an unreadable or a zero price: no value (never shown as worth 0)', () => {
    expect(usdtValue('AGC', AGC, null)).toBeNull();
    expect(usdtValue('ETH', ETH, undefined)).toBeNull();
    for (const bad of ['abc', '', '-1', '1e3', '0', '0.000', '1.0000000000000000001']) {
      expect(usdtValue('AGC', AGC, prices(bad))).toBeNull();
      expect(usdtValue('ETH', ETH, prices('0.5', bad))).toBeNull();
    }
  });
});
