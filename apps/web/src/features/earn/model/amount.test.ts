import { describe, expect, it } from 'vitest';
import { readEarnAmount, usdtUnits } from './amount.ts';

describe('readEarnAmount', () => {
  it('nothing typed (or blanks) is required', () => {
    expect(readEarnAmount('')).toEqual({ ok: false, problem: 'required' });
    expect(readEarnAmount('   ')).toEqual({ ok: false, problem: 'required' });
  });

  it('anything but a plain decimal above zero with at most 6 decimals is invalid', () => {
    for (const bad of ['0', '0.000000', '-1', 'abc', '1e3', '1.2.3', '1.1234567', '+5', '.5', ' 1 0 '])
      expect(readEarnAmount(bad), bad).toEqual({ ok: false, problem: 'invalid' });
  });

  it('reads a valid amount to minor units, trimmed', () => {
    expect(readEarnAmount(' 12.5 ')).toEqual({ ok: true, units: 12_500_000n, amount: '12.5' });
    expect(readEarnAmount('0.000001')).toEqual({ ok: true, units: 1n, amount: '0.000001' });
  });

  it('a transfer out stops at the holding, exactly', () => {
    expect(readEarnAmount('100', '100')).toMatchObject({ ok: true, units: 100_000_000n });
    expect(readEarnAmount('100.000001', '100')).toEqual({ ok: false, problem: 'maximum' });
    // an unreadable maximum is no maximum (the server checks)
    expect(readEarnAmount('5', 'x')).toMatchObject({ ok: true });
  });

  it('usdtUnits reads the server strings, null for none', () => {
    expect(usdtUnits('1.5')).toBe(1_500_000n);
    expect(usdtUnits(undefined)).toBeNull();
    expect(usdtUnits('nope')).toBeNull();
  });
});
