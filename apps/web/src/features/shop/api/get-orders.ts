import { type Order, type OrderStatus, orderListResponse } from '@agc/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getListPage, nextPageParam, pagedQueryOptions, uniqueItems } from '@web/lib/paged-list.ts';
import type { z } from 'zod';
import { shopKeys } from './keys.ts';

export type OrderPage = z.infer<typeof orderListResponse>;

export const ORDER_PAGE_SIZE = 10;

/** GET /order/all?page&size&status: one page of the member's orders, newest first. */
export const getOrders = (params: {
  page: number;
  size?: number;
  status?: OrderStatus;
}): Promise<OrderPage> => getListPage('/order/all', orderListResponse, ORDER_PAGE_SIZE, params);

export { nextPageParam };

/** Every order of the loaded pages, each once (an order can shift pages while new ones arrive). */
export const flattenOrders = (pages: readonly Pick<OrderPage, 'list'>[] | undefined): Order[] =>
  uniqueItems(pages, (order) => order.order_id);

export const ordersQueryOptions = (status: OrderStatus | undefined) =>
  pagedQueryOptions(shopKeys.orderList(status), (page) => getOrders({ page, status }));

export const useOrders = (status: OrderStatus | undefined) => useInfiniteQuery(ordersQueryOptions(status));
