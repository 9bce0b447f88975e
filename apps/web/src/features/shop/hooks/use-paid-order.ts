import { useQueryClient } from '@tanstack/react-query';
import { invalidateMe } from '@web/lib/me.ts';
import { useEffect } from 'react';
import { useOrder } from '../api/get-order.ts';
import { shopKeys } from '../api/keys.ts';

/**
 * An order just paid (the pay result page): polled while the chain watcher verifies it; once it is confirmed
 * the member's investment and team figures (/me) and the order lists have changed, so they are read again.
 */
export function usePaidOrder(orderId: string | null) {
  const queryClient = useQueryClient();
  const order = useOrder(orderId, { pollWhileVerifying: true });
  const status = order.data?.status;

  useEffect(() => {
    if (status === 'Success') {
      void invalidateMe(queryClient);
      void queryClient.invalidateQueries({ queryKey: shopKeys.orders });
    }
  }, [status, queryClient]);

  return order;
}
