import { describe, expect, it } from 'vitest';
import { nextStateChangeIn } from './next-change.ts';

const round = (state: string, server_time: string) =>
  ({
    state,
    starts_at: '2026-11-25T10:00:00.000Z',
    ends_at: '2026-11-25T12:00:00.000Z',
    server_time,
  }) as never;

describe('nextStateChangeIn', () => {
  it('an Upcoming round changes at its start, an Open one at its end, on the server clock (+0.5 s)', () => {
    expect(nextStateChangeIn([round('Upcoming', '2026-11-25T09:59:00.000Z')])).toBe(60_500);
    expect(nextStateChangeIn([round('Open', '2026-11-25T11:00:00.000Z')])).toBe(3_600_500);
  });

  it('takes the soonest change among the rounds', () => {
    expect(
      nextStateChangeIn([
        round('Open', '2026-11-25T10:30:00.000Z'),
        round('Upcoming', '2026-11-25T09:59:30.000Z'),
      ]),
    ).toBe(30_500);
  });

  it('a boundary already passed (the answer raced it) asks again at once', () => {
    expect(nextStateChangeIn([round('Upcoming', '2026-11-25T10:00:05.000Z')])).toBe(500);
  });

  it('nothing changes by the clock: sold out, ended, closed, no rounds, unreadable times', () => {
    expect(
      nextStateChangeIn([
        round('SoldOut', '2026-11-25T09:00:00.000Z'),
        round('Ended', '2026-11-25T13:00:00.000Z'),
        round('Closed', '2026-11-25T09:00:00.000Z'),
      ]),
    ).toBe(false);
    expect(nextStateChangeIn([])).toBe(false);
    expect(nextStateChangeIn(undefined)).toBe(false);
    expect(nextStateChangeIn([round('Upcoming', 'not a time')])).toBe(false);
  });

  it('a start months away is looked at again after setTimeout’s largest delay', () => {
    expect(nextStateChangeIn([round('Upcoming', '2026-06-01T00:00:00.000Z')])).toBe(2 ** 31 - 1);
  });
});
