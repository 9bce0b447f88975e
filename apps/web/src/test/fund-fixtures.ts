// Fund records as the server answers them (every field, overridable), for the tests of every fund feature: the
// member's holdings (fund-account), the fund shop (funds) and the fund admin (fund-admin) build on these.
import type { FundOrder, FundProduct, FundRedemption } from '@agc/shared';

export function makeFundOrder(overrides: Partial<FundOrder> = {}): FundOrder {
  return {
    order_id: '11',
    product: { id: 3, name: 'Steady Income', risk: 'Low' },
    status: 'Subscription',
    amount_usdt: '1000',
    fee_usdt: '10',
    units: '990',
    units_held: '990',
    units_redeeming: '0',
    unit_nav: '1',
    current_nav: '1.05',
    value_usdt: '1039.5',
    cost_usdt: '1000',
    estimated_revenue_usdt: '39.5',
    realized_revenue_usdt: '0',
    lock_days: 30,
    lock_ends_at: '2025-02-01T00:00:00.000Z',
    nav_day: null,
    tx_hash: null,
    quote_expires_at: '2025-01-01T00:30:00.000Z',
    created_at: '2025-01-01T00:00:00.000Z',
    paid_at: '2025-01-01T00:05:00.000Z',
    subscribed_at: '2025-01-02T00:00:00.000Z',
    redeem_date: null,
    audit_date: null,
    arrival_date: null,
    cancelled_at: null,
    reason: null,
    disputed: false,
    can_redeem: true,
    redemptions: [],
    ...overrides,
  };
}

export function makeRedemption(overrides: Partial<FundRedemption> = {}): FundRedemption {
  return {
    redemption_id: '21',
    order_id: '11',
    product: { id: 3, name: 'Steady Income' },
    status: 'Pending',
    units: '100',
    nav: null,
    gross_usdt: null,
    fee_usdt: null,
    amount_usdt: null,
    receiving_account: 'available',
    queue_place: 2,
    nav_day: '2025-03-11',
    created_at: '2025-03-09T10:00:00.000Z',
    audited_at: null,
    audit_note: null,
    completed_at: null,
    cancelled_at: null,
    ...overrides,
  };
}

export function makeFundProduct(overrides: Partial<FundProduct> = {}): FundProduct {
  return {
    id: 3,
    name: 'Steady Income',
    description: 'Short bonds',
    risk: 'Low',
    lock_days: 30,
    minimum_usdt: '100',
    subscription_fee_percent: '1',
    redemption_fee_percent: '0.5',
    expected_yield_percent: '6',
    distribution_percent: '3',
    status: 'on',
    nav: '1.05',
    nav_day: '2025-03-09',
    next_nav_day: '2025-03-10',
    ...overrides,
  };
}
