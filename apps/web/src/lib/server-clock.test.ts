import { describe, expect, it } from 'vitest';
import { clockOffset, onDeviceClock } from './server-clock.ts';

describe('server clock', () => {
  it('measures the server minus the device, 0 when the server time is unreadable', () => {
    const device = Date.parse('2026-03-01T11:00:00.000Z');
    expect(clockOffset('2026-03-01T12:00:00.000Z', device)).toBe(3_600_000);
    expect(clockOffset('2026-03-01T10:59:58.500Z', device)).toBe(-1_500);
    expect(clockOffset('not a time', device)).toBe(0);
  });

  it('moves a server instant onto the device clock', () => {
    expect(onDeviceClock('2026-01-01T00:06:00.000Z', 60_000)).toBe(Date.parse('2026-01-01T00:05:00.000Z'));
    expect(onDeviceClock('2026-01-01T00:06:00.000Z', -60_000)).toBe(Date.parse('2026-01-01T00:07:00.000Z'));
    expect(onDeviceClock('bad', 0)).toBeNaN();
  });
});
