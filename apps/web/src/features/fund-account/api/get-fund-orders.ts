import { type FundOrder, type FundOrderStatus, fundOrderListResponse } from '@agc/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getListPage, pagedQueryOptions, uniqueItems } from '@web/lib/paged-list.ts';
import type { z } from 'zod';
import { fundAccountKeys } from './keys.ts';

export type FundOrderPage = z.infer<typeof fundOrderListResponse>;

export const FUND_ORDER_PAGE_SIZE = 10;

/** GET /funds/orders?page&size&status: one page of the member's fund orders, newest first. */
export const getFundOrders = (params: { page: number; status?: FundOrderStatus }): Promise<FundOrderPage> =>
  getListPage('/funds/orders', fundOrderListResponse, FUND_ORDER_PAGE_SIZE, params);

/** Every order of the loaded pages, each once. */
export const flattenFundOrders = (pages: readonly Pick<FundOrderPage, 'list'>[] | undefined): FundOrder[] =>
  uniqueItems(pages, (order) => order.order_id);

export const fundOrdersQueryOptions = (status: FundOrderStatus | undefined) =>
  pagedQueryOptions(fundAccountKeys.orderList(status), (page) => getFundOrders({ page, status }));

export const useFundOrders = (status: FundOrderStatus | undefined) =>
  useInfiniteQuery(fundOrdersQueryOptions(status));
