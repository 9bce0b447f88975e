import { describe, expect, it } from 'vitest';
import { EMPTY_AMOUNT, formatDisplayAmount, formatTreeAmount, roundDecimalString } from './amount.ts';

describe('formatDisplayAmount', () => {
  it('shows 0.00 for empty or NaN input', () => {
    expect(EMPTY_AMOUNT).toBe('0.00');
    for (const v of [
      undefined,
      null,
      '',
      '  ',
      'abc',
      '1.2.3',
      '.',
      '-',
      'NaN',
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ]) {
      expect(formatDisplayAmount(v)).toBe('0.00');
    }
  });
  it('is USD by default, grouped en-US style', () => {
    expect(formatDisplayAmount('0')).toBe('$0.00');
    expect(formatDisplayAmount('1234567.5')).toBe('$1,234,567.50');
    expect(formatDisplayAmount('999')).toBe('$999.00');
    expect(formatDisplayAmount('1000')).toBe('$1,000.00');
    expect(formatDisplayAmount('-1234.5')).toBe('-$1,234.50');
  });
  it('keeps 2 to 4 fraction digits', () => {
    expect(formatDisplayAmount('1')).toBe('$1.00');
    expect(formatDisplayAmount('1.1')).toBe('$1.10');
    expect(formatDisplayAmount('1.123')).toBe('$1.123');
    expect(formatDisplayAmount('1.1234')).toBe('$1.1234');
    expect(formatDisplayAmount('1.12340000')).toBe('$1.1234');
    expect(formatDisplayAmount('1.10000')).toBe('$1.10');
  });
  it('rounds half-up on the decimal string (ties away from zero)', () => {
    expect(formatDisplayAmount('1.23445')).toBe('$1.2345');
    expect(formatDisplayAmount('1.23444999')).toBe('$1.2344');
    expect(formatDisplayAmount('0.00005')).toBe('$0.0001');
    expect(formatDisplayAmount('0.00004999')).toBe('$0.00');
    expect(formatDisplayAmount('9999.99995')).toBe('$10,000.00');
    expect(formatDisplayAmount('-2.00005')).toBe('-$2.0001');
    // 1.0005 is 1.000499999... as a float; on the string it is an exact tie and rounds up.
    expect(formatDisplayAmount('1.00005')).toBe('$1.0001');
  });
  it('never shows a negative zero', () => {
    expect(formatDisplayAmount('-0.00001')).toBe('$0.00');
    expect(formatDisplayAmount('-0')).toBe('$0.00');
  });
  it('keeps every digit of large 18-decimal values (no float)', () => {
    expect(formatDisplayAmount('123456789012345678901234.56785')).toBe(
      '$123,456,789,012,345,678,901,234.5679',
    );
    expect(formatDisplayAmount('9007199254740993.01')).toBe('$9,007,199,254,740,993.01');
  });
  it('accepts bigint minor units with their decimals', () => {
    expect(formatDisplayAmount(1_234_500_000n, { decimals: 6 })).toBe('$1,234.50');
    expect(formatDisplayAmount(1n, { decimals: 6 })).toBe('$0.00');
    expect(formatDisplayAmount(50n, { decimals: 6 })).toBe('$0.0001');
    expect(formatDisplayAmount(123_456_789_000_000_000_000n, { decimals: 18 })).toBe('$123.4568');
    expect(formatDisplayAmount(-1_500_000n, { decimals: 6 })).toBe('-$1.50');
    expect(formatDisplayAmount(42n)).toBe('$42.00');
  });
  it('accepts numbers through their decimal form, exponent notation and grouped strings', () => {
    expect(formatDisplayAmount(12.5)).toBe('$12.50');
    expect(formatDisplayAmount(0)).toBe('$0.00');
    expect(formatDisplayAmount(1e21)).toBe('$1,000,000,000,000,000,000,000.00');
    expect(formatDisplayAmount('1.5e-4')).toBe('$0.0002');
    expect(formatDisplayAmount('1.5e3')).toBe('$1,500.00');
    expect(formatDisplayAmount('1,234.5')).toBe('$1,234.50');
    expect(formatDisplayAmount('+7')).toBe('$7.00');
    expect(formatDisplayAmount('.5')).toBe('$0.50');
    expect(formatDisplayAmount('5.')).toBe('$5.00');
    expect(formatDisplayAmount(' 0012.30 ')).toBe('$12.30');
  });
  it('supports another currency code or none', () => {
    expect(formatDisplayAmount('12.5', { currency: 'USDT' })).toBe('12.50 USDT');
    expect(formatDisplayAmount('-12.5', { currency: 'AGC' })).toBe('-12.50 AGC');
    expect(formatDisplayAmount('1234.5', { currency: null })).toBe('1,234.50');
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
    expect(formatTreeAmount('1')).toBe('1.00');
    expect(formatTreeAmount('1.5')).toBe('1.50');
    expect(formatTreeAmount('1.005')).toBe('1.01');
    expect(formatTreeAmount('1.0049')).toBe('1.00');
    expect(formatTreeAmount('1234567.891')).toBe('1,234,567.89');
    expect(formatTreeAmount('1234567.891', { group: false })).toBe('1234567.89');
    expect(formatTreeAmount(1_999_995n, { decimals: 6 })).toBe('2.00');
    expect(formatTreeAmount('')).toBe('0.00');
    expect(formatTreeAmount('x')).toBe('0.00');
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
