import { describe, expect, it } from 'vitest';
import { amountAsset, covers, otherAsset, readExchangeAmount } from './amount.ts';

describe('exchange amount', () => {
  it('refuses what the server refuses, with the spec’s messages', () => {
    expect(readExchangeAmount('', 'USDT')).toEqual({ ok: false, problem: 'amount_required' });
    expect(readExchangeAmount('   ', 'AGC')).toEqual({ ok: false, problem: 'amount_required' });
    for (const bad of ['abc', '1e3', '1,5', '.5', '1.', '+1', '0x10', '1 000'])
      expect(readExchangeAmount(bad, 'USDT')).toEqual({ ok: false, problem: 'amount_invalid' });
    expect(readExchangeAmount('-1', 'USDT')).toEqual({ ok: false, problem: 'amount_positive' });
    expect(readExchangeAmount('0', 'USDT')).toEqual({ ok: false, problem: 'amount_positive' });
    expect(readExchangeAmount('0.000000', 'USDT')).toEqual({ ok: false, problem: 'amount_positive' });
  });

  it('allows the asset’s decimals and no more: 6 for USDT, 18 for AGC', () => {
    expect(readExchangeAmount('1.123456', 'USDT')).toEqual({
      ok: true,
      units: 1_123_456n,
      amount: '1.123456',
    });
    expect(readExchangeAmount('1.1234567', 'USDT')).toEqual({
      ok: false,
      problem: 'amount_decimals',
      values: { decimals: 6 },
    });
    expect(readExchangeAmount('0.000000000000000001', 'AGC')).toEqual({
      ok: true,
      units: 1n,
      amount: '0.000000000000000001',
    });
    expect(readExchangeAmount('0.0000000000000000001', 'AGC')).toMatchObject({
      problem: 'amount_decimals',
      values: { decimals: 18 },
    });
  });

  it('checks the balance to the unit when the amount is what is paid', () => {
    expect(readExchangeAmount('250.5', 'USDT', '250.5')).toMatchObject({ ok: true, units: 250_500_000n });
    expect(readExchangeAmount('250.500001', 'USDT', '250.5')).toEqual({
      ok: false,
      problem: 'insufficient_usdt',
    });
    expect(readExchangeAmount('40.000000000000000001', 'AGC', '40')).toEqual({
      ok: false,
      problem: 'insufficient_agc',
    });
    // An unknown (or unreadable) balance is the server's to check.
    expect(readExchangeAmount('1000000', 'USDT', undefined)).toMatchObject({ ok: true });
    expect(readExchangeAmount('1000000', 'USDT', 'n/a')).toMatchObject({ ok: true });
  });

  it('names the pair’s sides and the asset typed in', () => {
    expect(otherAsset('USDT')).toBe('AGC');
    expect(otherAsset('AGC')).toBe('USDT');
    expect(amountAsset('USDT', 'in')).toBe('USDT');
    expect(amountAsset('USDT', 'out')).toBe('AGC');
    expect(amountAsset('AGC', 'out')).toBe('USDT');
  });

  it('says whether a balance covers an amount, in minor units', () => {
    expect(covers('100', '100.000000', 'USDT')).toBe(true);
    expect(covers('100', '100.000001', 'USDT')).toBe(false);
    expect(covers(undefined, '5', 'AGC')).toBe(true);
  });
});
