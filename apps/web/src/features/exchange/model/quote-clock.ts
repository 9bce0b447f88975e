// One clock for a quote (docs/product-rules.md "Exchange center": the form, the confirmation and the server agree on the time
// left). The server's clock decides when a quote expires; the device's clock may be minutes off. So every answer
// carries server_time, and the moment it arrives fixes the offset between the two clocks: the server's now is the
// local now plus that offset, and the quote's expiry on the local clock is expires_at minus the offset. Every
// countdown of a quote reads this one deadline, so they all show the same seconds as the server.
import type { ExchangeQuote } from '@agc/shared';
import { clockOffset, onDeviceClock } from '@web/lib/server-clock.ts';

/** A quote with the offset (server − local, ms) measured when the answer carrying it arrived. */
export interface ClockedQuote {
  quote: ExchangeQuote;
  offsetMs: number;
}

/** A quote as it arrived now (`receivedAt`, the local clock), with its clock offset. */
export const clocked = (quote: ExchangeQuote, receivedAt: number): ClockedQuote => ({
  quote,
  offsetMs: clockOffset(quote.server_time, receivedAt),
});

/** The quote's expiry on the local clock (ms); NaN when expires_at is unreadable (then it counts as expired). */
export const localDeadline = ({ quote, offsetMs }: ClockedQuote): number =>
  onDeviceClock(quote.expires_at, offsetMs);

/** Milliseconds left at local time `now`: never below 0; 0 for an unreadable deadline. */
export const timeLeft = (deadline: number, now: number): number =>
  Number.isFinite(deadline) ? Math.max(0, deadline - now) : 0;

/**
 * Milliseconds until the whole seconds shown (rounded up) change, so a countdown ticks on the server's second
 * boundaries rather than a second after whenever it started; null once nothing is left.
 */
export function untilNextSecond(left: number): number | null {
  if (left <= 0) return null;
  return left % 1000 || 1000;
}
