import { type FundOrder, fundOrderSchema } from '@agc/shared';
import { useMutation } from '@tanstack/react-query';
import { post } from '@web/lib/request.ts';
import { useFundOrderUpdated } from './use-fund-order-updated.ts';

/**
 * POST /funds/orders {product_id, amount}: a new UnPaid subscription with its signed payment quote. Silent: the
 * purchase sheet shows the server's message once, under its button.
 */
export const createFundOrder = (input: { productId: number; amount: string }): Promise<FundOrder> =>
  post(
    '/funds/orders',
    { product_id: input.productId, amount: input.amount },
    { schema: fundOrderSchema, silent: true },
  );

export const useCreateFundOrder = () =>
  useMutation({ mutationFn: createFundOrder, ...useFundOrderUpdated() });
