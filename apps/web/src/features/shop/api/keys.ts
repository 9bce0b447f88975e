import type { OrderStatus } from '@agc/shared';

/** Query keys of the shop feature, in one place so mutations invalidate exactly what they change. */
export const shopKeys = {
  products: ['products'] as const,
  tokenPrice: ['token-price'] as const,
  order: (orderId: string) => ['order', orderId] as const,
  /** Every member order list, whatever the filter. */
  orders: ['orders'] as const,
  orderList: (status: OrderStatus | undefined) => ['orders', status ?? 'all'] as const,
  adminOrders: ['admin-orders'] as const,
  adminOrderList: (status: OrderStatus) => ['admin-orders', status] as const,
};
