import { type Order, orderSchema } from '@agc/shared';
import { useMutation } from '@tanstack/react-query';
import { post } from '@web/lib/request.ts';
import { useOrderUpdated } from './use-order-updated.ts';

/** POST /admin/orders/{order_id}/cancel {note}: cancels the order (audit-logged). */
export const cancelAdminOrder = ({ orderId, note }: { orderId: string; note: string }): Promise<Order> =>
  post(`/admin/orders/${encodeURIComponent(orderId)}/cancel`, { note }, { schema: orderSchema });

export const useCancelAdminOrder = () =>
  useMutation({ mutationFn: cancelAdminOrder, ...useOrderUpdated({ audit: true }) });
