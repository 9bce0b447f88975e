import { type Order, orderSchema } from '@agc/shared';
import { useMutation } from '@tanstack/react-query';
import { post } from '@web/lib/request.ts';
import { useOrderUpdated } from './use-order-updated.ts';

/** POST /order/cancel {order_id}: cancels an Unpaid order. */
export const cancelOrder = (orderId: string): Promise<Order> =>
  post('/order/cancel', { order_id: orderId }, { schema: orderSchema });

export const useCancelOrder = () => useMutation({ mutationFn: cancelOrder, ...useOrderUpdated() });
