// Arrival times on the one server clock (lib/server-clock.ts): the server says what time it is (server_time) with
// every summary and preview, so a countdown on a phone whose clock is wrong still ends when the server moves the
// transfer.
import { onDeviceClock } from '@web/lib/server-clock.ts';

export const DAY_MS = 86_400_000;

/** `at` (a server time, ISO) on this device's clock, for lib/use-countdown; undefined when unreadable. */
export function localDeadline(at: string, offset: number): string | undefined {
  const ms = onDeviceClock(at, offset);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/** Whole days of a countdown (seconds rounded up, as lib's formatCountdown does) and the rest in ms. */
export function splitDays(ms: number): { days: number; rest: number } {
  const days = Math.floor(Math.ceil(Math.max(0, ms) / 1000) / 86_400);
  return { days, rest: ms - days * DAY_MS };
}
