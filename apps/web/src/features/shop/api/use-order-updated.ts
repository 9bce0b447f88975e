import type { Order } from '@agc/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { shopKeys } from './keys.ts';

/**
 * The server's answer after a change to an order (created, canceled, paid, audited) is the order as it is now:
 * that is its cache entry, and every order list is stale; after an audit decision (`audit`) the audit lists too.
 */
export function orderUpdated(queryClient: QueryClient, order: Order, options: { audit?: boolean } = {}) {
  queryClient.setQueryData(shopKeys.order(order.order_id), order);
  if (options.audit) void queryClient.invalidateQueries({ queryKey: shopKeys.adminOrders });
  void queryClient.invalidateQueries({ queryKey: shopKeys.orders });
}

/** `orderUpdated` as a mutation's onSuccess. */
export function useOrderUpdated(options: { audit?: boolean } = {}) {
  const queryClient = useQueryClient();
  return { onSuccess: (order: Order) => orderUpdated(queryClient, order, options) };
}
