import type { EarnMovement, EarnSummary } from '@agc/shared';

/** The server's clock in these tests. */
export const SERVER_NOW = '2026-03-10T08:00:00.000Z';

export function makeSummary(overrides: Partial<EarnSummary> = {}): EarnSummary {
  return {
    apy_percent: '12',
    total_amount_usdt: '1500.25',
    yesterday_income_usdt: '0.47',
    total_earned_usdt: '3.5',
    total_holding_usdt: '1200.25',
    pending_out_usdt: '300',
    locked_agc: '250',
    available_usdt: '80.5',
    fast_limit_usdt: '1000',
    fast_delay_minutes: 5,
    slow_delay_days: 3,
    server_time: SERVER_NOW,
    ...overrides,
  };
}

export function makeMovement(overrides: Partial<EarnMovement> = {}): EarnMovement {
  return {
    id: '7',
    kind: 'Out',
    amount_usdt: '300',
    status: 'Pending',
    created_at: '2026-03-10T07:58:00.000Z',
    arrives_at: '2026-03-10T08:03:00.000Z',
    arrived_at: null,
    ...overrides,
  };
}

/** One page of a list answer. */
export const pageOf = <T>(list: T[], hasMore = false, page = 1) => ({
  list,
  total: list.length,
  page,
  size: 20,
  has_more: hasMore,
});
