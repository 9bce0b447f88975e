import { type FundOrder, fundOrderSchema } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import { fundKeys } from './keys.ts';

/** GET /funds/orders/{order_id}: one of the member's fund orders. */
export const getFundOrder = (orderId: string): Promise<FundOrder> =>
  get(`/funds/orders/${encodeURIComponent(orderId)}`, undefined, { schema: fundOrderSchema });

export const fundOrderQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: fundKeys.order(orderId), queryFn: () => getFundOrder(orderId), staleTime: 0 });

export const useFundOrder = (orderId: string | null) =>
  useQuery({ ...fundOrderQueryOptions(orderId ?? ''), enabled: Boolean(orderId) });
