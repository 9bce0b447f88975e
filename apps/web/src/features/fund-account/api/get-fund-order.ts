import { type FundOrder, fundOrderSchema } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import { fundAccountKeys } from './keys.ts';

/** GET /funds/orders/{order_id}: one of the member's fund orders with its redemptions. */
export const getFundOrder = (orderId: string): Promise<FundOrder> =>
  get(`/funds/orders/${encodeURIComponent(orderId)}`, undefined, { schema: fundOrderSchema });

/** Always read again when the page opens: the chain watcher, NAV publication and admins change it. */
export const fundOrderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: fundAccountKeys.order(orderId),
    queryFn: () => getFundOrder(orderId),
    staleTime: 0,
  });

/** While an order waits for its payment to be read (Paid) the watcher may move it any moment: poll it. */
export const FUND_ORDER_POLL_MS = 5000;
/** Processing waits for an admin's NAV (hours): look again now and then while the page is open. */
export const FUND_ORDER_NAV_POLL_MS = 30_000;

export const useFundOrder = (orderId: string | null) =>
  useQuery({
    ...fundOrderQueryOptions(orderId ?? ''),
    enabled: Boolean(orderId),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'Paid'
        ? FUND_ORDER_POLL_MS
        : status === 'Processing'
          ? FUND_ORDER_NAV_POLL_MS
          : false;
    },
  });
