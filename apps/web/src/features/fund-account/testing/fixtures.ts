// Fund records as the server answers them, for the fund pages' tests (every field, overridable).
import type { FundBill, FundEarning } from '@agc/shared';

export { makeFundOrder, makeFundProduct, makeRedemption } from '@web/test/fund-fixtures.ts';

export const FUND_NOW = Date.parse('2025-03-10T00:00:00Z');

export function makeBill(overrides: Partial<FundBill> = {}): FundBill {
  return {
    bill_id: '31',
    order_id: '11',
    product: { id: 3, name: 'Steady Income' },
    month: '2025-02',
    opening_units: '990',
    closing_units: '890',
    opening_nav: '1.01',
    closing_nav: '1.04',
    opening_value_usdt: '999.9',
    closing_value_usdt: '925.6',
    subscriptions_usdt: '0',
    redemptions_usdt: '103.48',
    interest_usdt: '2.5',
    fees_usdt: '0.52',
    ...overrides,
  };
}

export function makeEarning(overrides: Partial<FundEarning> = {}): FundEarning {
  return {
    id: '41',
    kind: 'ReferralReward',
    day: '2025-03-08',
    base_usdt: '1000',
    rate_percent: '5',
    amount_usdt: '50',
    source: '0x1234…abcd',
    created_at: '2025-03-09T00:01:00.000Z',
    ...overrides,
  };
}

export const pageOf = <T>(list: T[], page = 1, hasMore = false) => ({
  list,
  total: list.length,
  page,
  size: 10,
  has_more: hasMore,
});
