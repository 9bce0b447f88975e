import type { FundEarningKind, FundOrderStatus } from '@agc/shared';

/**
 * Query keys of the member's fund account (holdings, orders, redemptions, bills, agent earnings), in one place
 * so that mutations invalidate exactly what they change. Everything sits under `fund-account`: a redemption
 * changes the order, its lists, the summary and the bills at once.
 */
export const fundAccountKeys = {
  all: ['fund-account'] as const,
  orders: ['fund-account', 'orders'] as const,
  orderList: (status: FundOrderStatus | undefined) => ['fund-account', 'orders', status ?? 'all'] as const,
  order: (orderId: string) => ['fund-account', 'order', orderId] as const,
  summary: ['fund-account', 'summary'] as const,
  product: (id: number) => ['fund-account', 'product', id] as const,
  queue: (productId: number) => ['fund-account', 'queue', productId] as const,
  bills: (month: string | undefined) => ['fund-account', 'bills', month ?? 'all'] as const,
  agent: ['fund-account', 'agent'] as const,
  earnings: (kind: FundEarningKind | undefined) => ['fund-account', 'earnings', kind ?? 'all'] as const,
};
