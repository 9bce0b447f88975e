import { type FundProduct, fundProductSchema } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import { fundKeys } from './keys.ts';

/** GET /funds/products/{id}: one fund (its latest NAV and the day the next one is for). */
export const getFundProduct = (id: number): Promise<FundProduct> =>
  get(`/funds/products/${encodeURIComponent(String(id))}`, undefined, { schema: fundProductSchema });

export const fundProductQueryOptions = (id: number) =>
  queryOptions({ queryKey: fundKeys.product(id), queryFn: () => getFundProduct(id) });

export const useFundProduct = (id: number | null) =>
  useQuery({ ...fundProductQueryOptions(id ?? 0), enabled: id !== null });
