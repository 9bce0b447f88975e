import type { FundOrder } from '@agc/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { fundKeys } from './keys.ts';

/** After a change to a fund order the answer is the order as it is now; the lists and the summary are stale. */
export function fundOrderUpdated(queryClient: QueryClient, order: FundOrder) {
  queryClient.setQueryData(fundKeys.order(order.order_id), order);
  void queryClient.invalidateQueries({ queryKey: fundKeys.orders });
  void queryClient.invalidateQueries({ queryKey: fundKeys.summary });
}

export function useFundOrderUpdated() {
  const queryClient = useQueryClient();
  return { onSuccess: (order: FundOrder) => fundOrderUpdated(queryClient, order) };
}
