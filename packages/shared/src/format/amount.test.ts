import { describe, expect, it } from 'vitest';
import {
  type AmountInput,
  ASSET_DISPLAY,
  DISPLAY_ASSETS,
  type DisplayAmountOptions,
  EMPTY_AMOUNT,
  formatAssetAmount,
  formatAssetBound,
  formatDisplayAmount,
  formatTreeAmount,
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
  it('truncates on the decimal string: a figure never shows more than the amount', () => {
    expectDisplayed([
      ['1.23445', '$1.2344'],
      ['1.23449999', '$1.2344'],
      ['0.00005', '$0.00'],
      ['0.00009999', '$0.00'],
      ['9999.99995', '$9,999.9999'],
      ['-2.00005', '-$2.00'],
      ['50.251257', '$50.2512'],
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
      ['123456789012345678901234.56785', '$123,456,789,012,345,678,901,234.5678'],
      ['9007199254740993.01', '$9,007,199,254,740,993.01'],
    ]);
  });
  it('accepts bigint minor units with their decimals', () => {
    expectDisplayed([
      [1_234_500_000n, '$1,234.50', { decimals: 6 }],
      [1n, '$0.00', { decimals: 6 }],
      [150n, '$0.0001', { decimals: 6 }],
      [99n, '$0.00', { decimals: 6 }],
      [123_456_789_000_000_000_000n, '$123.4567', { decimals: 18 }],
      [-1_500_000n, '-$1.50', { decimals: 6 }],
      [42n, '$42.00'],
    ]);
  });
  it('accepts numbers through their decimal form, exponent notation and grouped strings', () => {
    expectDisplayed([
      [12.5, '$12.50'],
      [0, '$0.00'],
      [1e21, '$1,000,000,000,000,000,000,000.00'],
      ['1.5e-4', '$0.0001'],
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
  it('pads, truncates and groups', () => {
    expectRows(formatTreeAmount, [
      ['1', '1.00'],
      ['1.5', '1.50'],
      ['1.005', '1.00'],
      ['1.0099', '1.00'],
      ['1234567.891', '1,234,567.89'],
      ['1234567.891', '1234567.89', { group: false }],
      [1_999_995n, '1.99', { decimals: 6 }],
      ['', '0.00'],
      ['x', '0.00'],
    ]);
  });
});

describe('formatAssetAmount: one rule per asset', () => {
  it("summaries show the asset's places, truncated, grouped, at least 2 decimals", () => {
    expect(formatAssetAmount('529.748743', 'USDT')).toBe('529.7487 USDT');
    expect(formatAssetAmount('50.251257', 'USDT')).toBe('50.2512 USDT');
    expect(formatAssetAmount('99900', 'USDT')).toBe('99,900.00 USDT');
    expect(formatAssetAmount('0', 'USDT')).toBe('0.00 USDT');
    expect(formatAssetAmount('100000', 'USDT')).toBe('100,000.00 USDT');
    expect(formatAssetAmount('99.999915395994880686', 'ETH')).toBe('99.999915 ETH');
    expect(formatAssetAmount('12.345678901234567891', 'AGC')).toBe('12.3456 AGC');
  });
  it('exact rows show every decimal the asset has and no more', () => {
    expect(formatAssetAmount('529.748743', 'USDT', 'exact')).toBe('529.748743 USDT');
    expect(formatAssetAmount('99900', 'USDT', 'exact')).toBe('99,900.00 USDT');
    expect(formatAssetAmount('99.999915395994880686', 'ETH', 'exact')).toBe('99.999915395994880686 ETH');
    // A string with more digits than the asset has is cut at the asset's decimals.
    expect(formatAssetAmount('1.12345678', 'USDT', 'exact')).toBe('1.123456 USDT');
  });
  it("reads bigint minor units with the asset's decimals", () => {
    expect(formatAssetAmount(529_748_743n, 'USDT')).toBe('529.7487 USDT');
    expect(formatAssetAmount(10n ** 18n / 3n, 'AGC')).toBe('0.3333 AGC');
    expect(formatAssetAmount(99_999_915_395_994_880_686n, 'ETH', 'exact')).toBe('99.999915395994880686 ETH');
    expect(formatAssetAmount(1n, 'USDT')).toBe('0.00 USDT');
  });
  it('the same figure reads the same whatever spelling it arrives in', () => {
    for (const asset of DISPLAY_ASSETS) {
      const { decimals } = ASSET_DISPLAY[asset];
      const units = 123_456_789n * 10n ** BigInt(decimals - 4) + 7n;
      const text = `12345.6789${'0'.repeat(decimals - 5)}7`;
      for (const precision of ['summary', 'exact'] as const) {
        expect(formatAssetAmount(text, asset, precision)).toBe(formatAssetAmount(units, asset, precision));
      }
      expect(formatAssetAmount(units, asset)).toMatch(/^12,345\.6789/);
    }
  });
  it('unreadable input is zero of the asset, never a negative zero', () => {
    for (const v of UNREADABLE_INPUTS) expect(formatAssetAmount(v, 'USDT')).toBe('0.00 USDT');
    expect(formatAssetAmount('-0.00001', 'USDT')).toBe('0.00 USDT');
  });
  it('never shows more than the amount (the display is a truncation)', () => {
    for (let units = 0n; units < 20_000n; units += 37n) {
      const shown = formatAssetAmount(units, 'USDT').replace(' USDT', '').replaceAll(',', '');
      const [whole = '0', frac = ''] = shown.split('.');
      const shownUnits = BigInt(whole) * 1_000_000n + BigInt(frac.padEnd(6, '0'));
      expect(shownUnits <= units && units - shownUnits < 100n).toBe(true);
    }
  });
});

describe('formatAssetBound: an upper bound rounds up', () => {
  it('rounds up only when something was cut', () => {
    expect(formatAssetBound(37_905_000_001n, 'ETH', 8)).toBe('0.00000004 ETH');
    expect(formatAssetBound(37_910_000_000_000n, 'ETH', 8)).toBe('0.00003791 ETH');
    expect(formatAssetBound(0n, 'ETH', 8)).toBe('0.00 ETH');
  });
});
