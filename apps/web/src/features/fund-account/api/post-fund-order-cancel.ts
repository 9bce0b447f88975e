import { type FundOrder, fundOrderSchema } from '@agc/shared';
import { useMutation } from '@tanstack/react-query';
import { post } from '@web/lib/request.ts';
import { useFundAccountChanged } from './use-fund-account-changed.ts';

/** POST /funds/orders/cancel {order_id}: cancels an UnPaid fund order (the server's message on failure, once). */
export const cancelFundOrder = (orderId: string): Promise<FundOrder> =>
  post('/funds/orders/cancel', { order_id: orderId }, { schema: fundOrderSchema });

export const useCancelFundOrder = () =>
  useMutation({ mutationFn: cancelFundOrder, ...useFundAccountChanged() });
