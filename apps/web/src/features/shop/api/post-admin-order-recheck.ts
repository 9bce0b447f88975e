import { type Order, orderSchema } from '@agc/shared';
import { useMutation } from '@tanstack/react-query';
import { post } from '@web/lib/request.ts';
import { useOrderUpdated } from './use-order-updated.ts';

/** POST /admin/orders/{order_id}/recheck: reads the payment transaction on chain again. */
export const recheckAdminOrder = (orderId: string): Promise<Order> =>
  post(`/admin/orders/${encodeURIComponent(orderId)}/recheck`, {}, { schema: orderSchema });

export const useRecheckAdminOrder = () =>
  useMutation({ mutationFn: recheckAdminOrder, ...useOrderUpdated({ audit: true }) });
