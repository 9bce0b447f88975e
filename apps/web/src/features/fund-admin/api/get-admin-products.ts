import { adminFundProductsResponse } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import type { z } from 'zod';
import { fundAdminKeys } from './keys.ts';

export type AdminFundProduct = z.infer<typeof adminFundProductsResponse>['list'][number];

/** GET /admin/funds/products: every product (on and off) with its translations and latest NAV (admin). */
export const getAdminFundProducts = () =>
  get('/admin/funds/products', undefined, { schema: adminFundProductsResponse });

export const adminFundProductsQueryOptions = queryOptions({
  queryKey: fundAdminKeys.products,
  queryFn: getAdminFundProducts,
  staleTime: 0,
});

export const useAdminFundProducts = () => useQuery(adminFundProductsQueryOptions);
