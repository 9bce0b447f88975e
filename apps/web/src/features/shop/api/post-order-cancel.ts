import { type Order, orderSchema } from '@agc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request.ts';
import { shopKeys } from './keys.ts';

/** POST /order/cancel {order_id}: cancels an Unpaid order. */
export const cancelOrder = (orderId: string): Promise<Order> =>
  post('/order/cancel', { order_id: orderId }, { schema: orderSchema });

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(shopKeys.order(order.order_id), order);
      void queryClient.invalidateQueries({ queryKey: shopKeys.orders });
    },
  });
}
