import { describe, expect, it } from 'vitest';
import { coveragePercent } from './coverage.ts';

describe('coveragePercent', () => {
  it('shows basis points as a percentage with two exact decimals', () => {
    expect(coveragePercent('12345')).toBe('123.45%');
    expect(coveragePercent('10000')).toBe('100.00%');
    expect(coveragePercent('1')).toBe('0.01%');
    expect(coveragePercent('0')).toBe('0.00%');
    expect(coveragePercent('9999')).toBe('99.99%');
    expect(coveragePercent('123456789012345678901')).toBe('1,234,567,890,123,456,789.01%');
  });

  it('gives null when nothing is owed or the figure is not basis points', () => {
    expect(coveragePercent(null)).toBeNull();
    expect(coveragePercent('1.5')).toBeNull();
    expect(coveragePercent('-1')).toBeNull();
  });
});
