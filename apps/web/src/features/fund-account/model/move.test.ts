import { describe, expect, it } from 'vitest';
import { readMoveAmount } from './move.ts';

describe('move to available amount', () => {
  it('needs an amount', () => expect(readMoveAmount('  ', '5')).toEqual({ ok: false, problem: 'required' }));
  it('refuses what is not a positive USDT amount', () => {
    for (const text of ['abc', '0', '0.0', '-1', '1.1234567', '1e3', '1,5'])
      expect(readMoveAmount(text, '5'), text).toEqual({ ok: false, problem: 'invalid' });
  });
  it('refuses more than fund_available_profit', () =>
    expect(readMoveAmount('5.000001', '5')).toEqual({ ok: false, problem: 'insufficient' }));
  it('accepts up to what is available', () =>
    expect(readMoveAmount('5', '5')).toEqual({ ok: true, amount: '5' }));
});
