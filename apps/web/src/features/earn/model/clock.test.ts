import { describe, expect, it } from 'vitest';
import { DAY_MS, localDeadline, splitDays } from './clock.ts';

describe('server clock', () => {
  it('a server time on the device clock: earlier by the offset', () => {
    // the server is a minute ahead: its 00:06 is the device's 00:05
    expect(localDeadline('2026-01-01T00:06:00.000Z', 60_000)).toBe('2026-01-01T00:05:00.000Z');
    expect(localDeadline('2026-01-01T00:06:00.000Z', -60_000)).toBe('2026-01-01T00:07:00.000Z');
    expect(localDeadline('bad', 0)).toBeUndefined();
  });

  it('whole days of a countdown, seconds rounded up', () => {
    expect(splitDays(0)).toEqual({ days: 0, rest: 0 });
    expect(splitDays(DAY_MS - 1)).toEqual({ days: 1, rest: -1 });
    expect(splitDays(DAY_MS - 1000)).toEqual({ days: 0, rest: DAY_MS - 1000 });
    expect(splitDays(3 * DAY_MS - 1000)).toEqual({ days: 2, rest: DAY_MS - 1000 });
    expect(splitDays(3 * DAY_MS)).toEqual({ days: 3, rest: 0 });
  });
});
