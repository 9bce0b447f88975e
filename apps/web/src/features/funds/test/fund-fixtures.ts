// Contract-shaped fund data for the funds feature's tests (packages/shared/src/api/funds.ts).
import type { FundOrder, FundProduct, FundQuote } from '@agc/shared';
import { MEMBER, NOW } from '@web/test/fixtures.ts';
import { makeFundOrder, makeFundProduct } from '@web/test/fund-fixtures.ts';

export const product = (over: Partial<FundProduct> = {}): FundProduct =>
  makeFundProduct({
    id: 7,
    description: 'Short-term USDT notes.',
    subscription_fee_percent: '1.5',
    expected_yield_percent: '6.2',
    distribution_percent: '4',
    nav: '1.02345678',
    nav_day: '2026-11-23',
    next_nav_day: '2026-11-24',
    ...over,
  });

export const PRODUCTS: FundProduct[] = [
  product(),
  product({
    id: 8,
    name: 'Growth Plus',
    risk: 'High',
    lock_days: 90,
    minimum_usdt: '500',
    expected_yield_percent: '18.5',
    nav: null,
    nav_day: null,
  }),
  product({ id: 9, name: 'Closed One', status: 'off', expected_yield_percent: '99' }),
];

export const quote = (amount: string, over: Partial<FundQuote> = {}): FundQuote => ({
  product_id: 7,
  amount_usdt: amount,
  fee_usdt: '4.5',
  net_usdt: '295.5',
  estimated_units: '288.727272',
  next_nav_day: '2026-11-24',
  payment_network: 'Arbitrum',
  ...over,
});

/** A fund order just placed, not paid yet. */
export const fundOrder = (over: Partial<FundOrder> = {}): FundOrder =>
  makeFundOrder({
    order_id: '501',
    product: { id: 7, name: 'Steady Income', risk: 'Low' },
    status: 'UnPaid',
    amount_usdt: '300',
    fee_usdt: '4.5',
    units: '0',
    units_held: '0',
    unit_nav: null,
    current_nav: '1.02345678',
    value_usdt: '0',
    cost_usdt: '0',
    estimated_revenue_usdt: '0',
    lock_ends_at: null,
    quote_expires_at: new Date(NOW + 30 * 60_000).toISOString(),
    created_at: new Date(NOW).toISOString(),
    paid_at: null,
    subscribed_at: null,
    can_redeem: false,
    ...over,
  });

export { MEMBER, NOW };
