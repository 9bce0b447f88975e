import type { LaunchpadRound } from '@agc/shared';

/** A little after the instant, so that the server, asked again, already sees the new state. */
const AFTER_MS = 500;
/** setTimeout's largest delay; a boundary further away is looked at again after this long. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * How long (ms) until one of the rounds changes state by the clock alone — an Upcoming round opens at `starts_at`, an
 * Open one ends at `ends_at` — measured on the server's clock (each round carries `server_time`), so that a page left
 * open flips from Upcoming to Open when the server does, whatever this device's clock says. False when no round has
 * such a change ahead (sold out, ended, closed: only an action changes them, and that refreshes the page's data).
 */
export function nextStateChangeIn(rounds: readonly LaunchpadRound[] | undefined): number | false {
  let soonest = Number.POSITIVE_INFINITY;
  for (const r of rounds ?? []) {
    const boundary = r.state === 'Upcoming' ? r.starts_at : r.state === 'Open' ? r.ends_at : null;
    if (boundary === null) continue;
    const wait = Date.parse(boundary) - Date.parse(r.server_time);
    if (Number.isFinite(wait)) soonest = Math.min(soonest, Math.max(0, wait));
  }
  return Number.isFinite(soonest) ? Math.min(soonest + AFTER_MS, MAX_DELAY_MS) : false;
}
