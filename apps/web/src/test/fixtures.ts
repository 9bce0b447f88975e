import type { Me, Order } from '@agc/shared';

export const MEMBER = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
/** The time tests run at (orders are created then; quotes expire 30 minutes later). */
export const NOW = Date.parse('2025-01-01T00:00:00Z');

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    order_id: '42',
    product: { id: 1, name: 'Starter' },
    status: 'Unpaid',
    pay_amount_usdt: '100',
    service_fee_agc: '5',
    agc_price_usdt: '0.5',
    total_amount_usdt: '102.5',
    amount_received_usdt: '0',
    payment_method: 'USDT+AGC',
    wallet: MEMBER,
    tx_hash: null,
    transaction_id: null,
    created_at: new Date(NOW).toISOString(),
    quote_expires_at: new Date(NOW + 30 * 60_000).toISOString(),
    pay_time: null,
    collection_time: null,
    canceled_at: null,
    reason: null,
    ...overrides,
  };
}

const ZERO_AMOUNTS = [
  'fixed_invest_amount_usdt',
  'fixed_invest_amount_amc',
  'yesterday_profit',
  'yesterday_profit_amc',
  'today_profit',
  'today_profit_amc',
  'realized_profit_usdt',
  'realized_profit_amc',
  'fund_available_profit',
  'day_top_profit',
  'available_profit',
  'locked_profit',
  'profit_sum',
  'left_team_investment',
  'right_team_investment',
  'month_team_invest',
  'service_fee',
  'redemption_fee',
  'manage_award_base',
  'investment_sum',
  'remaining_dividends',
  'withdrawable_vc',
  'withdrawable_usdt',
  'dividend_rate',
  'vc_rate',
] as const;

export function makeMe(overrides: Partial<Me> = {}): Me {
  return {
    address: MEMBER,
    invite_code: 'ABCD2345',
    roles: [],
    ...(Object.fromEntries(ZERO_AMOUNTS.map((k) => [k, '0'])) as Record<
      (typeof ZERO_AMOUNTS)[number],
      string
    >),
    fund_level: 0,
    level: 1,
    team_size_all: 0,
    team_size_valid: 0,
    invited_count_all: 0,
    invited_count_valid: 0,
    manage_leve: 0,
    receive_address: '',
    register_days: 1,
    ...overrides,
  };
}
