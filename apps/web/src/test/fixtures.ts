import { amountString, type Me, meResponse, type Order, type Quote } from '@agc/shared';

type AmountField = {
  [K in keyof Me]: Me[K] extends string ? K : never;
}[keyof Me];

export const MEMBER = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
/** The time tests run at (orders are created then; quotes expire 30 minutes later). */
export const NOW = Date.parse('2025-01-01T00:00:00Z');

/** What an order shares with the quote it was made from: the product and its price. */
const priced = (): Omit<Quote, 'quoted_at'> => ({
  product: { id: 1, name: 'Starter' },
  pay_amount_usdt: '100',
  service_fee_agc: '5',
  agc_price_usdt: '0.5',
  price_source: 'fixed',
  price_block: null,
  total_amount_usdt: '102.5',
});

/** A shop quote as the server answers it, quoted at the moment it is made. */
export function makeQuote(overrides: Partial<Quote> = {}): Quote {
  return { ...priced(), quoted_at: new Date().toISOString(), ...overrides };
}

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    order_id: '42',
    ...priced(),
    status: 'Unpaid',
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
    disputed: false,
    ...overrides,
  };
}

/** Every amount field of the me answer (read from its schema, so a new figure starts at zero here too). */
const ZERO_AMOUNTS = Object.entries(meResponse.shape).flatMap(([key, schema]) =>
  schema === amountString ? [key] : [],
);

export function makeMe(overrides: Partial<Me> = {}): Me {
  return {
    ...(Object.fromEntries(ZERO_AMOUNTS.map((k) => [k, '0'])) as Pick<Me, AmountField>),
    address: MEMBER,
    invite_code: 'ABCD2345',
    roles: [],
    fund_level: 0,
    level: 1,
    team_size_all: 0,
    team_size_valid: 0,
    team_counts_as_of: null,
    invited_count_all: 0,
    invited_count_valid: 0,
    manage_leve: 0,
    receive_address: '',
    register_days: 1,
    ...overrides,
  };
}
