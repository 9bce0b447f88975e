import { describe, expect, it } from 'vitest';
import { UNREADABLE_INPUTS } from './test-inputs.ts';
import { DateGroup, dateGroup, formatTime, INVALID_TIME_KEY, MS_THRESHOLD, toDate } from './time.ts';

describe('toDate: numbers above 9999999999 are milliseconds, the rest seconds', () => {
  it('reads 9999999999 itself as seconds', () => {
    expect(MS_THRESHOLD).toBe(9_999_999_999);
    expect(toDate(9_999_999_999)?.getTime()).toBe(9_999_999_999_000);
  });
  it('reads 10000000000 as milliseconds', () => {
    expect(toDate(10_000_000_000)?.getTime()).toBe(10_000_000_000);
  });
  it('reads a typical seconds value and a typical milliseconds value as the same instant', () => {
    expect(toDate(1_700_000_000)?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(toDate(1_700_000_000_000)?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
  });
  it('applies the same rule to numeric strings and bigints', () => {
    expect(toDate('1700000000')?.getTime()).toBe(1_700_000_000_000);
    expect(toDate('1700000000123')?.getTime()).toBe(1_700_000_000_123);
    expect(toDate(1_700_000_000n)?.getTime()).toBe(1_700_000_000_000);
    expect(toDate(0)?.getTime()).toBe(0);
  });
  it('parses ISO strings, "YYYY-MM-DD HH:mm:ss" (local) and Dates', () => {
    expect(toDate('2024-02-29T12:00:00Z')?.toISOString()).toBe('2024-02-29T12:00:00.000Z');
    const local = toDate('2024-02-29 08:09:10');
    expect([
      local?.getFullYear(),
      local?.getMonth(),
      local?.getDate(),
      local?.getHours(),
      local?.getMinutes(),
      local?.getSeconds(),
    ]).toEqual([2024, 1, 29, 8, 9, 10]);
    const day = toDate('2024-02-29');
    expect([day?.getFullYear(), day?.getMonth(), day?.getDate(), day?.getHours()]).toEqual([2024, 1, 29, 0]);
    const d = new Date(5000);
    expect(toDate(d)?.getTime()).toBe(5000);
    expect(toDate(d)).not.toBe(d);
  });
  it('gives null for anything unparseable', () => {
    for (const v of [...UNREADABLE_INPUTS, '   ', 'not-a-date', new Date('x')]) {
      expect(toDate(v as never)).toBeNull();
    }
  });
});

describe('formatTime', () => {
  it('formats with the default pattern, in UTC when asked', () => {
    expect(formatTime(1_700_000_000, { utc: true })).toBe('2023-11-14 22:13:20');
    expect(formatTime(1_700_000_000_123, { utc: true, pattern: 'YYYY/MM/DD HH:mm:ss.SSS' })).toBe(
      '2023/11/14 22:13:20.123',
    );
    expect(formatTime('1700000000', { utc: true, pattern: 'MM-DD' })).toBe('11-14');
  });
  it('formats in local time by default', () => {
    const d = new Date(2024, 0, 5, 7, 8, 9);
    expect(formatTime(d)).toBe('2024-01-05 07:08:09');
    expect(formatTime(d.getTime())).toBe('2024-01-05 07:08:09');
    expect(formatTime(Math.floor(d.getTime() / 1000))).toBe('2024-01-05 07:08:09');
  });
  it('returns the invalid-time text key for unparseable values, or the text given', () => {
    expect(INVALID_TIME_KEY).toBe('common.invalidTime');
    expect(formatTime('garbage')).toBe(INVALID_TIME_KEY);
    expect(formatTime(undefined)).toBe(INVALID_TIME_KEY);
    expect(formatTime(Number.NaN, { invalid: 'Invalid time' })).toBe('Invalid time');
  });
});

describe('dateGroup: today = 1, yesterday = 2, older = 3', () => {
  const now = new Date(2024, 2, 10, 0, 30); // 10 March, half past midnight local
  it('groups by calendar day, not by 24-hour distance', () => {
    expect(dateGroup(new Date(2024, 2, 10, 0, 0), now)).toBe(DateGroup.today);
    expect(dateGroup(new Date(2024, 2, 10, 23, 59), now)).toBe(1);
    expect(dateGroup(new Date(2024, 2, 9, 23, 59), now)).toBe(DateGroup.yesterday);
    expect(dateGroup(new Date(2024, 2, 9, 0, 0), now)).toBe(2);
    expect(dateGroup(new Date(2024, 2, 8, 23, 59), now)).toBe(DateGroup.older);
    expect(dateGroup(new Date(2023, 2, 10), now)).toBe(3);
  });
  it('accepts seconds, milliseconds and strings', () => {
    const seconds = Math.floor(new Date(2024, 2, 9, 12).getTime() / 1000);
    expect(dateGroup(seconds, now)).toBe(2);
    expect(dateGroup(seconds * 1000, now)).toBe(2);
    expect(dateGroup('2024-03-10 12:00:00', now)).toBe(1);
  });
  it('crosses month and year boundaries', () => {
    expect(dateGroup(new Date(2023, 11, 31, 18), new Date(2024, 0, 1, 6))).toBe(2);
    expect(dateGroup(new Date(2024, 1, 29, 18), new Date(2024, 2, 1, 6))).toBe(2);
  });
  it('can group in UTC', () => {
    const n = new Date(Date.UTC(2024, 2, 10, 0, 30));
    expect(dateGroup(Date.UTC(2024, 2, 9, 23, 0), n, { utc: true })).toBe(2);
    expect(dateGroup(Date.UTC(2024, 2, 10, 0, 0), n, { utc: true })).toBe(1);
  });
  it('puts future days and unparseable values in the older group', () => {
    expect(dateGroup(new Date(2024, 2, 11), now)).toBe(3);
    expect(dateGroup('nope', now)).toBe(3);
  });
});
