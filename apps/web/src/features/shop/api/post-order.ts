import { type Order, orderSchema } from '@agc/shared';
import { useMutation } from '@tanstack/react-query';
import { post } from '@web/lib/request.ts';
import { useOrderUpdated } from './use-order-updated.ts';

/** POST /order {product_id}: a new Unpaid order with its quote (AGC fee at the current price, 30 min). */
export const createOrder = (productId: number): Promise<Order> =>
  post('/order', { product_id: productId }, { schema: orderSchema });

export const useCreateOrder = () => useMutation({ mutationFn: createOrder, ...useOrderUpdated() });
