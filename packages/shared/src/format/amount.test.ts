import { describe, expect, it } from 'vitest';
import {
  type AmountInput,
  type DisplayAmountOptions,
  EMPTY_AMOUNT,
  formatDisplayAmount,
  formatTreeAmount,
  roundDecimalString,
} from './amount.ts';
import { UNREADABLE_INPUTS } from './test-inputs.ts';

/** Each row: what `format` gives for that input (and options). */
function expectRows<O>(
  format: (input: AmountInput, options?: O) => string,
  rows: [AmountInput, string, O?][],
) {
  for (const [input, shown, options] of rows) {
    expect(format(input, options), `${format.name}(${String(input)})`).toBe(shown);
  }
}

/** Each row: what formatDisplayAmount gives for that input (and options). */
const expectDisplayed = (rows: [AmountInput, string, DisplayAmountOptions?][]) =>
  expectRows(formatDisplayAmount, rows);

describe('formatDisplayAmount', () => {
  it('shows 0.00 for empty or NaN input', () => {
    expect(EMPTY_AMOUNT).toBe('0.00');
    for (const v of [...UNREADABLE_INPUTS, '1.2.3', '.', '-', 'NaN']) {
      expect(formatDisplayAmount(v)).toBe('0.00');
    }
  });
  it('is USD by default, grouped en-US style', () => {
    expectDisplayed([
      ['0', '$0.00'],
      ['1234567.5', '$1,234,567.50'],
      ['999', '$999.00'],
      ['1000', '$1,000.00'],
      ['-1234.5', '-$1,234.50'],
    ]);
  });
  it('keeps 2 to 4 fraction digits', () => {
    expectDisplayed([
      ['1', '$1.00'],
      ['1.1', '$1.10'],
      ['1.123', '$1.123'],
      ['1.1234', '$1.1234'],
      ['1.12340000', '$1.1234'],
      ['1.10000', '$1.10'],
    ]);
  });
  it('rounds half-up on the decimal string (ties away from zero)', () => {
    expectDisplayed([
      ['1.23445', '$1.2345'],
      ['1.23444999', '$1.2344'],
      ['0.00005', '$0.0001'],
      ['0.00004999', '$0.00'],
      ['9999.99995', '$10,000.00'],
      ['-2.00005', '-$2.0001'],
      // 1.0005 is 1.000499999... as a float; on the string it is an exact tie and rounds up.
      ['1.00005', '$1.0001'],
    ]);
  });
  it('never shows a negative zero', () => {
    expectDisplayed([
      ['-0.00001', '$0.00'],
      ['-0', '$0.00'],
    ]);
  });
  it('keeps every digit of large 18-decimal values (no float)', () => {
    expectDisplayed([
      ['123456789012345678901234.56785', '$123,456,789,012,345,678,901,234.5679'],
      ['9007199254740993.01', '$9,007,199,254,740,993.01'],
    ]);
  });
  it('accepts bigint minor units with their decimals', () => {
    expectDisplayed([
      [1_234_500_000n, '$1,234.50', { decimals: 6 }],
      [1n, '$0.00', { decimals: 6 }],
      [50n, '$0.0001', { decimals: 6 }],
      [123_456_789_000_000_000_000n, '$123.4568', { decimals: 18 }],
      [-1_500_000n, '-$1.50', { decimals: 6 }],
      [42n, '$42.00'],
    ]);
  });
  it('accepts numbers through their decimal form, exponent notation and grouped strings', () => {
    expectDisplayed([
      [12.5, '$12.50'],
      [0, '$0.00'],
      [1e21, '$1,000,000,000,000,000,000,000.00'],
      ['1.5e-4', '$0.0002'],
      ['1.5e3', '$1,500.00'],
      ['1,234.5', '$1,234.50'],
      ['+7', '$7.00'],
      ['.5', '$0.50'],
      ['5.', '$5.00'],
      [' 0012.30 ', '$12.30'],
    ]);
  });
  it('supports another currency code or none', () => {
    expectDisplayed([
      ['12.5', '12.50 USDT', { currency: 'USDT' }],
      ['-12.5', '-12.50 AGC', { currency: 'AGC' }],
      ['1234.5', '1,234.50', { currency: null }],
    ]);
  });
  it('matches Intl for values a float holds exactly', () => {
    const intl = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 4,
    });
    for (const v of ['0.5', '1234.25', '-98765.4321', '1000000', '0.125']) {
      expect(formatDisplayAmount(v)).toBe(intl.format(Number(v)));
    }
  });
});

describe('formatTreeAmount: exactly 2 decimals', () => {
  it('pads, rounds half-up and groups', () => {
    expectRows(formatTreeAmount, [
      ['1', '1.00'],
      ['1.5', '1.50'],
      ['1.005', '1.01'],
      ['1.0049', '1.00'],
      ['1234567.891', '1,234,567.89'],
      ['1234567.891', '1234567.89', { group: false }],
      [1_999_995n, '2.00', { decimals: 6 }],
      ['', '0.00'],
      ['x', '0.00'],
    ]);
  });
});

describe('roundDecimalString', () => {
  it('rounds without grouping and refuses non-numbers', () => {
    expect(roundDecimalString('1234.5678', 2)).toBe('1234.57');
    expect(roundDecimalString('0.995', 2)).toBe('1.00');
    expect(roundDecimalString('12', 0)).toBe('12');
    expect(roundDecimalString('12.5', 0)).toBe('13');
    expect(roundDecimalString('abc', 2)).toBeNull();
  });
});
