import type { LaunchpadRound, LaunchpadRoundState } from '@agc/shared';
import { describe, expect, it } from 'vitest';
import { memberRoundOrder } from './order.ts';

const round = (id: number, state: LaunchpadRoundState, starts: string, ends: string) =>
  ({
    id,
    state,
    starts_at: `2026-${starts}T00:00:00.000Z`,
    ends_at: `2026-${ends}T00:00:00.000Z`,
  }) as LaunchpadRound;

describe("the members' order of launchpad rounds", () => {
  it('open first, then upcoming, then sold out, ended and closed; a closed round never above an open one', () => {
    const rounds = [
      round(9, 'Closed', '05-01', '06-01'),
      round(8, 'Upcoming', '08-01', '09-01'),
      round(7, 'Open', '04-01', '07-01'),
      round(6, 'Ended', '03-01', '04-01'),
      round(5, 'Upcoming', '07-15', '08-01'),
      round(4, 'SoldOut', '04-01', '05-15'),
      round(3, 'Open', '04-01', '06-20'),
    ];
    expect([...rounds].sort(memberRoundOrder).map((r) => [r.id, r.state])).toEqual([
      [3, 'Open'],
      [7, 'Open'],
      [5, 'Upcoming'],
      [8, 'Upcoming'],
      [9, 'Closed'],
      [4, 'SoldOut'],
      [6, 'Ended'],
    ]);
  });
});
