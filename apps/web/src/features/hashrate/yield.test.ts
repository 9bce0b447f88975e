// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dailyYield, formatRate, formatYield } from './yield.ts';

describe('daily yield', () => {
  it('is amount × rate / 100, exactly', () => {
    expect(dailyYield('1234.5', '0.6')).toBe('7.407');
    expect(dailyYield('100', '1')).toBe('1');
    expect(dailyYield('0.1', '0.3')).toBe('0.0003'); // 0.1 × 0.3 is not 0.030000000000000002 here
    expect(dailyYield('9007199254740993.01', '1')).toBe('90071992547409.9301');
  });

  it('rounds down to 6 decimals', () => {
    expect(dailyYield('1', '0.123456789')).toBe('0.001234');
    expect(dailyYield('0.000001', '0.5')).toBe('0');
    expect(dailyYield('333.333333', '0.99')).toBe('3.299999');
  });

  it('is zero for no investment or no rate, and unknown for what is not an amount', () => {
    expect(dailyYield('0', '0.6')).toBe('0');
    expect(dailyYield('1234.5', '0')).toBe('0');
    expect(dailyYield('-1', '0.6')).toBeNull();
    expect(dailyYield('abc', '0.6')).toBeNull();
    expect(dailyYield('1', '0.0000000000000000001')).toBeNull();
  });

  it('formats the rate as a percent and the yield in USDT with up to 6 decimals', () => {
    expect(formatRate('0.60')).toBe('0.6%');
    expect(formatRate('1')).toBe('1%');
    expect(formatYield('7.407')).toBe('7.407 USDT');
    expect(formatYield('0.001234')).toBe('0.001234 USDT');
    expect(formatYield('1234.5')).toBe('1,234.50 USDT');
    expect(formatYield(null)).toBe('-');
  });
});
