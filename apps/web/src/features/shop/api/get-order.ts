import { type Order, orderSchema } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import { shopKeys } from './keys.ts';

/** GET /order/{order_id}: one of the member's orders. */
export const getOrder = (orderId: string): Promise<Order> =>
  get(`/order/${encodeURIComponent(orderId)}`, undefined, { schema: orderSchema });

/** Always refetched when a page opens it: the chain watcher and admins change orders on the server. */
export const orderQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: shopKeys.order(orderId), queryFn: () => getOrder(orderId), staleTime: 0 });

/** While an order is Verifying the chain watcher may settle it any moment: poll it. */
export const ORDER_POLL_MS = 4000;

export function useOrder(orderId: string | null, options: { pollWhileVerifying?: boolean } = {}) {
  return useQuery({
    ...orderQueryOptions(orderId ?? ''),
    enabled: Boolean(orderId),
    refetchInterval: (query) =>
      options.pollWhileVerifying && query.state.data?.status === 'Verifying' ? ORDER_POLL_MS : false,
  });
}
