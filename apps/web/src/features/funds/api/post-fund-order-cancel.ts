import { type FundOrder, fundOrderSchema } from '@agc/shared';
import { useMutation } from '@tanstack/react-query';
import { post } from '@web/lib/request.ts';
import { useFundOrderUpdated } from './use-fund-order-updated.ts';

/** POST /funds/orders/cancel {order_id}: cancels an UnPaid subscription (the request wrapper shows a refusal). */
export const cancelFundOrder = (orderId: string): Promise<FundOrder> =>
  post('/funds/orders/cancel', { order_id: orderId }, { schema: fundOrderSchema });

export const useCancelFundOrder = () =>
  useMutation({ mutationFn: cancelFundOrder, ...useFundOrderUpdated() });
