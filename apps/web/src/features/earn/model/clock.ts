// One clock for arrival times: the server says what time it is (server_time) with every summary and preview,
// so a countdown on a phone whose clock is wrong still ends when the server moves the transfer.

/** The server's clock minus this device's (ms), from a `server_time` read at `receivedAt` (device ms). */
export function clockOffset(serverTime: string, receivedAt: number): number {
  const server = Date.parse(serverTime);
  return Number.isNaN(server) ? 0 : server - receivedAt;
}

/** Milliseconds left until `arrivesAt` (ISO) on the server's clock; 0 once it has passed or when unreadable. */
export function msUntil(arrivesAt: string, offset: number, now: number): number {
  const at = Date.parse(arrivesAt);
  if (Number.isNaN(at)) return 0;
  return Math.max(0, at - (now + offset));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A countdown's parts: whole days, and the rest as "HH:MM:SS" (seconds rounded up, so 0 only at the end). */
export function countdownParts(ms: number): { days: number; time: string } {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const days = Math.floor(total / 86_400);
  const rest = total % 86_400;
  return {
    days,
    time: `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`,
  };
}
