// One clock for every countdown to a server deadline (a quote's expiry, a transfer's arrival): the server says
// what time it is (`server_time`) with its answers, and the moment the answer arrives fixes the offset between the
// server's clock and this device's. A deadline on the device's clock is the server's instant minus that offset, so
// a countdown on a phone whose clock is minutes off still ends when the server acts.

/** The server's clock minus this device's (ms), from a `server_time` read at `receivedAt` (device ms); 0 when unreadable. */
export function clockOffset(serverTime: string, receivedAt: number): number {
  const server = Date.parse(serverTime);
  return Number.isFinite(server) ? server - receivedAt : 0;
}

/** A server instant (ISO) on this device's clock (ms); NaN when unreadable. */
export const onDeviceClock = (at: string, offset: number): number => Date.parse(at) - offset;
