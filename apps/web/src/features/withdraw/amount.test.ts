// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { problemKey, readWithdrawAmount } from './amount.ts';

const problem = (input: string, type: 1 | 2, available?: string) => {
  const r = readWithdrawAmount(input, type, available);
  return r.ok ? null : r.problem;
};

describe('the withdrawal form reads an amount', () => {
  it('requires one', () => {
    expect(problem('', 1, '10')).toBe('amount_required');
    expect(problem('   ', 2, '10')).toBe('amount_required');
    expect(problemKey('amount_required')).toBe('withdraw.errors.amount_required');
  });

  it('refuses what is not a positive amount with the asset decimals', () => {
    expect(problem('abc', 1)).toBe('amount_invalid');
    expect(problem('1,5', 1)).toBe('amount_invalid');
    expect(problem('0', 1)).toBe('amount_positive');
    expect(problem('-1', 1)).toBe('amount_positive');
    expect(problem('1.1234567', 1)).toBe('amount_decimals'); // USDT has 6
    expect(readWithdrawAmount('1.1234567', 1)).toMatchObject({ values: { decimals: 6 } });
    expect(problem('1.1234567', 2)).toBeNull(); // AGC has 18
    expect(problem(`1.${'1'.repeat(19)}`, 2)).toBe('amount_decimals');
  });

  it('compares with the available balance of the asset exactly, each with its message', () => {
    expect(problem('250.5', 1, '250.5')).toBeNull();
    expect(problem('250.500001', 1, '250.5')).toBe('insufficient_usdt');
    expect(problem(`40.${'0'.repeat(17)}1`, 2, '40')).toBe('insufficient_agc');
    expect(problem('40', 2, '40')).toBeNull();
  });

  it('refuses less than the asset minimum with the server message values, before the balance', () => {
    expect(readWithdrawAmount('0.999999', 1, '250.5', '1')).toEqual({
      ok: false,
      problem: 'below_minimum',
      values: { num: '1', unit: 'USDT' },
    });
    expect(problemKey('below_minimum')).toBe('withdraw.errors.below_minimum');
    expect(problem('1', 1, '250.5')).toBeNull();
    expect(readWithdrawAmount('1', 1, '250.5', '1').ok).toBe(true);
    // below the minimum and above the balance: the minimum is said first, as the server does
    expect(readWithdrawAmount('0.5', 2, '0.1', '0.75')).toMatchObject({
      problem: 'below_minimum',
      values: { num: '0.75', unit: 'AGC' },
    });
    expect(readWithdrawAmount(`0.${'0'.repeat(17)}1`, 2, '40', '0.000000000000000001').ok).toBe(true);
  });

  it('leaves the balance and the minimum to the server while they are unknown', () => {
    expect(readWithdrawAmount(' 1000000 ', 1)).toEqual({
      ok: true,
      units: 1_000_000_000_000n,
      amount: '1000000',
    });
  });
});
