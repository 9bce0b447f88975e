import { describe, expect, it } from 'vitest';
import { amountInput, formatFee, formatLocalAmount } from './send-format.ts';

describe('local wallet amounts', () => {
  it('shows every digit, grouped, trailing zeros dropped', () => {
    expect(formatLocalAmount(1_234_500_000n, 'USDT')).toBe('1,234.5 USDT');
    expect(formatLocalAmount(1n, 'ETH')).toBe('0.000000000000000001 ETH');
    expect(formatLocalAmount(0n, 'AGC')).toBe('0 AGC');
    expect(amountInput(999_994_960_000_000_000n, 'ETH')).toBe('0.99999496');
  });
  it('a fee estimate is rounded up to 8 decimals, never down to 0', () => {
    expect(formatFee(37_900_631_470_212n)).toBe('0.00003791 ETH');
    expect(formatFee(12_000_000_000_000n)).toBe('0.000012 ETH');
    expect(formatFee(1n)).toBe('0.00000001 ETH');
    expect(formatFee(0n)).toBe('0 ETH');
  });
});
