import { describe, expect, it } from 'vitest';
import { estimateRedemption, readRedeemUnits } from './redeem.ts';

describe('redeem units', () => {
  it('refuses empty, text, too many decimals, zero and more than held', () => {
    expect(readRedeemUnits('', '10')).toEqual({ ok: false, problem: 'required' });
    expect(readRedeemUnits('abc', '10')).toEqual({ ok: false, problem: 'invalid' });
    expect(readRedeemUnits('-1', '10')).toEqual({ ok: false, problem: 'invalid' });
    expect(readRedeemUnits('1.1234567', '10')).toEqual({ ok: false, problem: 'decimals' });
    expect(readRedeemUnits('0.000000', '10')).toEqual({ ok: false, problem: 'zero' });
    expect(readRedeemUnits('10.000001', '10')).toEqual({ ok: false, problem: 'more_than_held' });
  });
  it('accepts up to 6 decimals and exactly what is held', () => {
    expect(readRedeemUnits(' 10 ', '10')).toEqual({ ok: true, units: 10_000_000n, text: '10' });
    expect(readRedeemUnits('1.500000', '10')).toEqual({ ok: true, units: 1_500_000n, text: '1.5' });
  });
});

describe('redemption estimate', () => {
  it('rounds the value down and the fee up (for the fund)', () => {
    // 1.000001 units × 1.23456789 = 1.234569124… → 1.234569; fee 1.5% = 0.01851853… → 0.018519
    expect(estimateRedemption(1_000_001n, '1.23456789', '1.5')).toEqual({
      gross: '1.234569',
      fee: '0.018519',
      amount: '1.21605',
    });
    expect(estimateRedemption(10_000_000n, '1', '0')).toEqual({ gross: '10', fee: '0', amount: '10' });
  });
  it('has no estimate without a NAV above zero', () => {
    expect(estimateRedemption(1n, '0', '1')).toBeNull();
    expect(estimateRedemption(1n, 'x', '1')).toBeNull();
  });
});
