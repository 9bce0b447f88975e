import { describe, expect, it } from 'vitest';
import { earningStartsOn, readEarnAmount, usdtUnits } from './amount.ts';

describe('readEarnAmount', () => {
  it('nothing typed (or blanks) is required', () => {
    expect(readEarnAmount('')).toEqual({ ok: false, problem: 'amount_required' });
    expect(readEarnAmount('   ')).toEqual({ ok: false, problem: 'amount_required' });
  });

  it('each condition has its own problem, as in every amount form: not an amount, not above zero, 7 decimals', () => {
    for (const bad of ['abc', '1e3', '1.2.3', '+5', '.5', ' 1 0 '])
      expect(readEarnAmount(bad), bad).toEqual({ ok: false, problem: 'amount_invalid' });
    for (const zero of ['0', '0.000000', '-1'])
      expect(readEarnAmount(zero), zero).toEqual({ ok: false, problem: 'amount_positive' });
    expect(readEarnAmount('1.1234567')).toEqual({ ok: false, problem: 'amount_decimals' });
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

describe('earningStartsOn', () => {
  it('is the next UTC day, whatever the hour', () => {
    expect(earningStartsOn('2026-11-27T00:00:00.000Z')).toBe('2026-11-28');
    expect(earningStartsOn('2026-11-30T23:59:59.999Z')).toBe('2026-12-01');
    expect(earningStartsOn('2026-12-31T12:00:00.000Z')).toBe('2027-01-01');
  });
});
