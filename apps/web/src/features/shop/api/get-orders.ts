import { type Order, type OrderStatus, orderListResponse } from '@agc/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { get } from '../../../lib/request.ts';
import { shopKeys } from './keys.ts';

export type OrderPage = z.infer<typeof orderListResponse>;

export const ORDER_PAGE_SIZE = 10;

/** GET /order/all?page&size&status: one page of the member's orders, newest first. */
export const getOrders = (params: {
  page: number;
  size?: number;
  status?: OrderStatus;
}): Promise<OrderPage> =>
  get(
    '/order/all',
    { page: params.page, size: params.size ?? ORDER_PAGE_SIZE, status: params.status },
    { schema: orderListResponse, silent: true }, // the list shows its error inline
  );

/** The next page while the server says there is more (has_more), else none. */
export const nextPageParam = (last: Pick<OrderPage, 'page' | 'has_more'>): number | undefined =>
  last.has_more ? last.page + 1 : undefined;

/** Every order of the loaded pages, each once (an order can shift pages while new ones arrive). */
export function flattenOrders(pages: readonly Pick<OrderPage, 'list'>[] | undefined): Order[] {
  const seen = new Set<string>();
  const out: Order[] = [];
  for (const page of pages ?? [])
    for (const order of page.list)
      if (!seen.has(order.order_id)) {
        seen.add(order.order_id);
        out.push(order);
      }
  return out;
}

export const ordersQueryOptions = (status: OrderStatus | undefined) =>
  infiniteQueryOptions({
    queryKey: shopKeys.orderList(status),
    queryFn: ({ pageParam }) => getOrders({ page: pageParam, status }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export const useOrders = (status: OrderStatus | undefined) => useInfiniteQuery(ordersQueryOptions(status));
