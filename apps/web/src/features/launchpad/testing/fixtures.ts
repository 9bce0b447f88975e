import type { LaunchpadPurchase, LaunchpadRound } from '@agc/shared';

/** An open round: 200 copies at 500 USDT, 50 sold, limit 5 per member, 30-day cliff then 180 days linear. */
export function makeRound(over: Partial<LaunchpadRound> = {}): LaunchpadRound {
  return {
    id: 3,
    name: 'Seed Round',
    description: 'The first AGC venture round.',
    copies: 200,
    sold: 50,
    remaining: 150,
    price_usdt: '500',
    agc_per_copy: '1000',
    per_member_limit: 5,
    starts_at: '2026-11-20T00:00:00.000Z',
    ends_at: '2026-12-20T00:00:00.000Z',
    cliff_days: 30,
    linear_days: 180,
    release_starts_at: '2027-01-19T00:00:00.000Z',
    state: 'Open',
    my_copies: 0,
    server_time: '2026-11-25T00:00:00.000Z',
    ...over,
  };
}

export function makePurchase(over: Partial<LaunchpadPurchase> = {}): LaunchpadPurchase {
  return {
    id: '41',
    round_id: 3,
    round_name: 'Seed Round',
    copies: 2,
    first_copy: 51,
    last_copy: 52,
    amount_usdt: '1000',
    agc: '2000',
    released_agc: '0',
    locked_agc: '2000',
    next_release_at: '2027-01-20T00:00:00.000Z',
    created_at: '2026-11-25T00:00:00.000Z',
    ...over,
  };
}

/** One page of the public allocation list: copies `from`..`to`. */
export function allocationPage(from: number, to: number, page: number, hasMore: boolean) {
  const list = [];
  for (let n = from; n <= to; n++)
    list.push({
      copy_no: n,
      address: `0x${String(n).padStart(4, '0')}…abcd`,
      created_at: '2026-11-24T10:00:00.000Z',
    });
  return { list, total: hasMore ? to + 100 : to, page, size: 20, has_more: hasMore };
}
