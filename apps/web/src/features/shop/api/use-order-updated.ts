import type { Order } from '@agc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { shopKeys } from './keys.ts';

/** After an audit decision: the order's own cache entry changes and every order list is stale. */
export function useAuditSettled() {
  const queryClient = useQueryClient();
  return {
    onSuccess: (order: Order) => {
      queryClient.setQueryData(shopKeys.order(order.order_id), order);
      void queryClient.invalidateQueries({ queryKey: shopKeys.adminOrders });
      void queryClient.invalidateQueries({ queryKey: shopKeys.orders });
    },
  };
}
