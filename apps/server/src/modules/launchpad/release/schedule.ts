/**
 * The release schedule of launchpad AGC (pure). Nothing is released before the release start (round end + cliff
 * days). With `linearDays` L > 0 the AGC is released in L equal daily steps, the first AT the release start
 * (so `release_starts_at` is when the first AGC arrives, as the API says) and the last at start + (L − 1) days:
 * after k whole days since the start, (k + 1)/L of it, rounded down (the platform keeps the dust until the last
 * step, which releases exactly the rest). L = 0: everything at the release start.
 */
export const DAY_MS = 86_400_000;

export interface ReleaseTerms {
  endsAt: Date;
  cliffDays: number;
  linearDays: number;
}

export const releaseStart = (t: ReleaseTerms): Date => new Date(t.endsAt.getTime() + t.cliffDays * DAY_MS);

/** Steps due at `now` (0 before the start; at most L, or 1 when L = 0). */
function stepsDue(t: ReleaseTerms, now: Date): number {
  const since = now.getTime() - releaseStart(t).getTime();
  if (since < 0) return 0;
  const total = Math.max(t.linearDays, 1);
  return Math.min(Math.floor(since / DAY_MS) + 1, total);
}

/** AGC released by `now` of a purchase of `agc` (never above agc). */
export function vestedAgc(agc: bigint, t: ReleaseTerms, now: Date): bigint {
  const total = Math.max(t.linearDays, 1);
  const steps = stepsDue(t, now);
  return steps >= total ? agc : (agc * BigInt(steps)) / BigInt(total);
}

/**
 * When the purchase's next AGC is released: the release start before it; a step already due that the release
 * job has not moved yet (it runs every minute) is that step's moment; else the next step; null when all is out.
 */
export function nextReleaseAt(agc: bigint, released: bigint, t: ReleaseTerms, now: Date): Date | null {
  if (released >= agc) return null;
  const start = releaseStart(t);
  const steps = stepsDue(t, now);
  if (steps === 0) return start;
  if (released < vestedAgc(agc, t, now)) return new Date(start.getTime() + (steps - 1) * DAY_MS);
  return new Date(start.getTime() + steps * DAY_MS);
}
