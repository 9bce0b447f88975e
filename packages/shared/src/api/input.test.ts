import { describe, expect, it } from 'vitest';
import { parseAmount, readTypedAmount } from '../money.ts';
import { amountInput, idInput, integerInput, MAX_SERIAL_ID, readInteger, serialIdInput } from './input.ts';

const ANY = { min: 0n, max: 10n ** 20n };

describe('readInteger: the one reading of an integer in a request', () => {
  it('takes a JSON integer or its digits, and nothing else', () => {
    expect(readInteger(12, ANY)).toBe(12n);
    expect(readInteger('12', ANY)).toBe(12n);
    expect(readInteger('0', ANY)).toBe(0n);
    for (const bad of ['0x1', '1e0', ' 1', '1 ', '01', '+1', '-1', '1.0', '1.5', '', '１', '1_0', 'Infinity'])
      expect(readInteger(bad, ANY), JSON.stringify(bad)).toBeNull();
    for (const bad of [true, false, [1], { n: 1 }, null, undefined, 1.5, Number.NaN, 2 ** 53, 1n])
      expect(readInteger(bad, ANY), String(bad)).toBeNull();
  });

  it('keeps to its range', () => {
    expect(readInteger('5', { min: 1n, max: 5n })).toBe(5n);
    expect(readInteger('6', { min: 1n, max: 5n })).toBeNull();
    expect(readInteger(0, { min: 1n, max: 5n })).toBeNull();
  });

  it('hands ids on as digits (bigserial) or numbers (serial), and refuses what the finding showed', () => {
    expect(idInput.parse('42')).toBe('42');
    expect(idInput.parse(42)).toBe('42');
    expect(serialIdInput.parse('7')).toBe(7);
    expect(serialIdInput.safeParse(String(MAX_SERIAL_ID + 1n)).success).toBe(false);
    for (const bad of ['0x1', [1], true, '1e0', '0', -1])
      expect(serialIdInput.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(integerInput(1, 50).safeParse('50').success).toBe(true);
    expect(integerInput(1, 50).safeParse('51').error?.issues[0]?.message).toBe('validation.too_big');
    expect(integerInput(1, 50).safeParse('0x5').error?.issues[0]?.message).toBe('validation.integer');
  });
});

describe('amounts: one spelling', () => {
  it('parseAmount reads plain decimals only: no spaces, sign, leading zero or exponent', () => {
    expect(parseAmount('10', 6)).toBe(10_000_000n);
    expect(parseAmount('0.5', 6)).toBe(500_000n);
    expect(parseAmount('10.50', 6)).toBe(10_500_000n);
    for (const bad of [' 10', '10 ', '00010', '01.5', '+10', '1e1', '0x10', '10.', '.5', '1,000', '１０', ''])
      expect(() => parseAmount(bad, 6), JSON.stringify(bad)).toThrow();
  });

  it('readTypedAmount says which mistake (as the forms and the services answer)', () => {
    expect(readTypedAmount(' 10', 6)).toEqual({ ok: false, error: 'amount_invalid' });
    expect(readTypedAmount('00010', 6)).toEqual({ ok: false, error: 'amount_invalid' });
    expect(readTypedAmount('', 6)).toEqual({ ok: false, error: 'amount_required' });
    expect(readTypedAmount('-1', 6)).toEqual({ ok: false, error: 'amount_positive' });
    expect(readTypedAmount('0.0000001', 6)).toEqual({ ok: false, error: 'amount_decimals' });
    expect(readTypedAmount('12.5', 6)).toEqual({ ok: true, units: 12_500_000n });
  });

  it('the schema field refuses other spellings with the form’s message, and leaves blank and negative to it', () => {
    const field = amountInput('earn.amount_invalid');
    for (const bad of [' 10', '10 ', '00010', '1e1', '0x10', '1,000', 10, true, ['10'], null])
      expect(field.safeParse(bad).error?.issues[0]?.message, JSON.stringify(bad)).toBe('earn.amount_invalid');
    for (const passed of ['10', '0.000001', '', '-5', '10.50'])
      expect(field.safeParse(passed).success).toBe(true);
  });
});
