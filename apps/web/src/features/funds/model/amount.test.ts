import { describe, expect, it } from 'vitest';
import { checkAmount, stepAmount } from './amount.ts';

describe('checkAmount', () => {
  it('accepts whole multiples of the minimum, as a plain decimal string', () => {
    expect(checkAmount('100', '100')).toEqual({ ok: true, amount: '100', minor: 100_000_000n });
    expect(checkAmount(' 300.00 ', '100')).toEqual({ ok: true, amount: '300', minor: 300_000_000n });
    expect(checkAmount('1.5', '0.5')).toEqual({ ok: true, amount: '1.5', minor: 1_500_000n });
  });

  it('refuses below the minimum and amounts that are not a multiple with the one message', () => {
    expect(checkAmount('99.99', '100')).toEqual({ ok: false, reason: 'multiple' });
    expect(checkAmount('0', '100')).toEqual({ ok: false, reason: 'multiple' });
    expect(checkAmount('150', '100')).toEqual({ ok: false, reason: 'multiple' });
    expect(checkAmount('100.000001', '100')).toEqual({ ok: false, reason: 'multiple' });
  });

  it('tells text that is no amount from nothing typed', () => {
    expect(checkAmount('', '100')).toEqual({ ok: false, reason: 'empty' });
    expect(checkAmount('   ', '100')).toEqual({ ok: false, reason: 'empty' });
    for (const bad of ['abc', '-100', '1e3', '100.0000001', '1,000', '0x10'])
      expect(checkAmount(bad, '100')).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('stepAmount', () => {
  it('moves by one minimum, snapping to a multiple and never below one minimum', () => {
    expect(stepAmount('', '100', 1)).toBe('100');
    expect(stepAmount('100', '100', 1)).toBe('200');
    expect(stepAmount('150', '100', 1)).toBe('200');
    expect(stepAmount('150', '100', -1)).toBe('100');
    expect(stepAmount('300', '100', -1)).toBe('200');
    expect(stepAmount('100', '100', -1)).toBe('100');
    expect(stepAmount('junk', '100', -1)).toBe('100');
  });
});
