import { type FundProduct, fundProductsResponse } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import { fundKeys } from './keys.ts';

/** GET /funds/products: the funds on sale, in the request's language. */
export async function getFundProducts(): Promise<FundProduct[]> {
  const { list } = await get('/funds/products', undefined, { schema: fundProductsResponse });
  return list;
}

export const fundProductsQueryOptions = queryOptions({
  queryKey: fundKeys.products,
  queryFn: getFundProducts,
});

export const useFundProducts = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...fundProductsQueryOptions, enabled: options.enabled ?? true });
