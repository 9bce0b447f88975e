import type { LaunchpadRound, LaunchpadRoundState } from '@agc/shared';

const STATE_RANK: Record<LaunchpadRoundState, number> = {
  Open: 0,
  Upcoming: 1,
  SoldOut: 2,
  Ended: 2,
  Closed: 2,
};

/**
 * The members' order of rounds: open first (the soonest to end first), then upcoming (the soonest to start
 * first), then the finished ones (sold out, ended, closed), the latest to end first.
 */
export function memberRoundOrder(a: LaunchpadRound, b: LaunchpadRound): number {
  const rank = STATE_RANK[a.state] - STATE_RANK[b.state];
  if (rank !== 0) return rank;
  if (a.state === 'Open') return a.ends_at.localeCompare(b.ends_at) || b.id - a.id;
  if (a.state === 'Upcoming') return a.starts_at.localeCompare(b.starts_at) || b.id - a.id;
  return b.ends_at.localeCompare(a.ends_at) || b.id - a.id;
}
