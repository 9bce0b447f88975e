import { type OrderStatus, orderListResponse } from '@agc/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getListPage, pagedQueryOptions } from '@web/lib/paged-list.ts';
import type { OrderPage } from './get-orders.ts';
import { shopKeys } from './keys.ts';

export const ADMIN_ORDER_PAGE_SIZE = 20;

/** GET /admin/orders?page&size&status (auditor/admin; 403 otherwise): orders to audit, Verifying by default. */
export const getAdminOrders = (params: { page: number; status: OrderStatus }): Promise<OrderPage> =>
  getListPage('/admin/orders', orderListResponse, ADMIN_ORDER_PAGE_SIZE, params);

export const adminOrdersQueryOptions = (status: OrderStatus) =>
  pagedQueryOptions(shopKeys.adminOrderList(status), (page) => getAdminOrders({ page, status }));

export const useAdminOrders = (status: OrderStatus) => useInfiniteQuery(adminOrdersQueryOptions(status));
