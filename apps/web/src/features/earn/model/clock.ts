// One clock for arrival times: the server says what time it is (server_time) with every summary and preview,
// so a countdown on a phone whose clock is wrong still ends when the server moves the transfer. (The exchange's
// quote clock, features/exchange/model/quote-clock.ts, measures its offset the same way.)

export const DAY_MS = 86_400_000;

/** The server's clock minus this device's (ms), from a `server_time` read at `receivedAt` (device ms). */
export function clockOffset(serverTime: string, receivedAt: number): number {
  const server = Date.parse(serverTime);
  return Number.isNaN(server) ? 0 : server - receivedAt;
}

/** `at` (a server time, ISO) on this device's clock, for lib/use-countdown; undefined when unreadable. */
export function localDeadline(at: string, offset: number): string | undefined {
  const ms = Date.parse(at);
  return Number.isNaN(ms) ? undefined : new Date(ms - offset).toISOString();
}

/** Whole days of a countdown (seconds rounded up, as lib's formatCountdown does) and the rest in ms. */
export function splitDays(ms: number): { days: number; rest: number } {
  const days = Math.floor(Math.ceil(Math.max(0, ms) / 1000) / 86_400);
  return { days, rest: ms - days * DAY_MS };
}
