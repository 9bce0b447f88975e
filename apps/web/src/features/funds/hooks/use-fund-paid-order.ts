import type { FundOrder } from '@agc/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fundOrderQueryOptions } from '../api/get-fund-order.ts';
import { fundKeys } from '../api/keys.ts';

/** Read again every 4 s while the payment is seen but not yet confirmed (Paid). */
export const PAID_POLL_MS = 4_000;

/**
 * A fund order just paid (the fund pay result page): polled while the chain watcher confirms its payment; once it
 * moves (Processing, then Subscription at its NAV) the holdings lists and summary are read again.
 */
export function useFundPaidOrder(orderId: string | null) {
  const queryClient = useQueryClient();
  const order = useQuery({
    ...fundOrderQueryOptions(orderId ?? ''),
    enabled: Boolean(orderId),
    refetchInterval: (q) =>
      (q.state.data as FundOrder | undefined)?.status === 'Paid' ? PAID_POLL_MS : false,
  });
  const status = order.data?.status;
  useEffect(() => {
    if (status && status !== 'Paid') {
      void queryClient.invalidateQueries({ queryKey: fundKeys.orders });
      void queryClient.invalidateQueries({ queryKey: fundKeys.summary });
    }
  }, [status, queryClient]);
  return order;
}
