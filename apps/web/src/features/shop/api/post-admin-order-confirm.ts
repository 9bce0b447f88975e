import { type Order, orderSchema } from '@agc/shared';
import { useMutation } from '@tanstack/react-query';
import { post } from '@web/lib/request.ts';
import { useOrderUpdated } from './use-order-updated.ts';

/** POST /admin/orders/{order_id}/confirm {note}: confirms the payment by hand (audit-logged). */
export const confirmAdminOrder = ({ orderId, note }: { orderId: string; note: string }): Promise<Order> =>
  post(`/admin/orders/${encodeURIComponent(orderId)}/confirm`, { note }, { schema: orderSchema });

export const useConfirmAdminOrder = () =>
  useMutation({ mutationFn: confirmAdminOrder, ...useOrderUpdated({ audit: true }) });
