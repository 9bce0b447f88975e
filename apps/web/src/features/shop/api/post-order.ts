import { type Order, orderSchema } from '@agc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request.ts';
import { shopKeys } from './keys.ts';

/** POST /order {product_id}: a new Unpaid order with its quote (AGC fee at the current price, 30 min). */
export const createOrder = (productId: number): Promise<Order> =>
  post('/order', { product_id: productId }, { schema: orderSchema });

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(shopKeys.order(order.order_id), order);
      void queryClient.invalidateQueries({ queryKey: shopKeys.orders });
    },
  });
}
