import { describe, expect, it } from 'vitest';
import {
  clampToDateRange,
  DATE_RANGE_YEARS,
  datePickerRange,
  limitText,
  pickerIndex,
  TEXT_INPUT_MAXLENGTH,
} from './input.ts';

describe('text input maxlength 140', () => {
  it('cuts at 140 code points', () => {
    expect(TEXT_INPUT_MAXLENGTH).toBe(140);
    expect(limitText('a'.repeat(140))).toHaveLength(140);
    expect(limitText('a'.repeat(141))).toBe('a'.repeat(140));
    expect(limitText('😀'.repeat(141))).toBe('😀'.repeat(140));
    expect(limitText('abc', 2)).toBe('ab');
  });
});

describe('picker out-of-range values reset to 0', () => {
  it('keeps valid indexes and resets the rest', () => {
    expect(pickerIndex(2, 3)).toBe(2);
    expect(pickerIndex('1', 3)).toBe(1);
    expect(pickerIndex(0, 3)).toBe(0);
    for (const v of [3, -1, 1.5, Number.NaN, '', 'x', null, undefined, {}]) expect(pickerIndex(v, 3)).toBe(0);
    expect(pickerIndex(0, 0)).toBe(0);
  });
});

describe('date range: 150 years either side', () => {
  it('spans 1 January (year - 150) to 31 December (year + 150)', () => {
    expect(DATE_RANGE_YEARS).toBe(150);
    const { min, max } = datePickerRange(new Date(2024, 5, 15));
    expect([min.getFullYear(), min.getMonth(), min.getDate(), min.getHours()]).toEqual([1874, 0, 1, 0]);
    expect([max.getFullYear(), max.getMonth(), max.getDate(), max.getHours(), max.getMinutes()]).toEqual([
      2174, 11, 31, 23, 59,
    ]);
  });
  it('clamps dates into the range', () => {
    const now = new Date(2024, 5, 15);
    expect(clampToDateRange(new Date(1700, 0, 1), now).getFullYear()).toBe(1874);
    expect(clampToDateRange(new Date(2500, 0, 1), now).getFullYear()).toBe(2174);
    const inside = new Date(2000, 1, 2);
    expect(clampToDateRange(inside, now)).toBe(inside);
  });
});
