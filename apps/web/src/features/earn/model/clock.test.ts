import { describe, expect, it } from 'vitest';
import { clockOffset, countdownParts, msUntil } from './clock.ts';

describe('server clock', () => {
  it('offset is the server time minus the device time when it arrived', () => {
    const device = Date.parse('2026-01-01T00:00:00Z');
    expect(clockOffset('2026-01-01T00:01:00Z', device)).toBe(60_000);
    expect(clockOffset('2025-12-31T23:59:00Z', device)).toBe(-60_000);
    expect(clockOffset('garbage', device)).toBe(0);
  });

  it('time left counts on the server clock and stops at zero', () => {
    const device = Date.parse('2026-01-01T00:00:00Z');
    // the device is a minute behind the server: 5 minutes away on the server is 4 minutes left
    expect(msUntil('2026-01-01T00:06:00Z', 60_000, device)).toBe(300_000);
    expect(msUntil('2026-01-01T00:00:30Z', 60_000, device)).toBe(0);
    expect(msUntil('bad', 0, device)).toBe(0);
  });

  it('countdown parts: days and HH:MM:SS, seconds rounded up', () => {
    expect(countdownParts(0)).toEqual({ days: 0, time: '00:00:00' });
    expect(countdownParts(1)).toEqual({ days: 0, time: '00:00:01' });
    expect(countdownParts(299_500)).toEqual({ days: 0, time: '00:05:00' });
    expect(countdownParts(3 * 86_400_000 - 1000)).toEqual({ days: 2, time: '23:59:59' });
    expect(countdownParts(3 * 86_400_000)).toEqual({ days: 3, time: '00:00:00' });
  });
});
