import { formatAssetExact, formatEth, formatFeeBound, formatFeePaid } from '@web/lib/format.ts';
import { describe, expect, it } from 'vitest';
import { amountInput } from './send-format.ts';

describe('local wallet amounts', () => {
  it('Max fills plain digits, every decimal', () => {
    expect(amountInput(999_994_960_000_000_000n, 'ETH')).toBe('0.99999496');
    expect(amountInput(0n, 'USDT')).toBe('0');
  });
  it('shows what is sent with every digit, a balance at the asset places, never "0 USDT"', () => {
    expect(formatAssetExact(1_234_500_000n, 'USDT')).toBe('1,234.50 USDT');
    expect(formatAssetExact(1n, 'ETH')).toBe('0.000000000000000001 ETH');
    expect(formatAssetExact(0n, 'AGC')).toBe('0.00 AGC');
    expect(formatEth(99_999_915_395_994_880_686n)).toBe('99.999915 ETH');
  });
  it('a fee estimate is rounded up to 8 decimals, never down to 0; a fee paid is truncated there', () => {
    expect(formatFeeBound(37_900_631_470_212n)).toBe('0.00003791 ETH');
    expect(formatFeeBound(12_000_000_000_000n)).toBe('0.000012 ETH');
    expect(formatFeeBound(1n)).toBe('0.00000001 ETH');
    expect(formatFeeBound(0n)).toBe('0.00 ETH');
    expect(formatFeePaid(37_900_631_470_212n)).toBe('0.0000379 ETH');
  });
});
