import { type FundProduct, fundProductSchema } from '@agc/shared';
import { useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import { fundAccountKeys } from './keys.ts';

/** GET /funds/products/{id}: the product of a holding (its redemption fee rate and latest NAV for the estimate). */
export const getFundProduct = (id: number): Promise<FundProduct> =>
  get(`/funds/products/${id}`, undefined, { schema: fundProductSchema });

export const useFundProduct = (id: number | undefined) =>
  useQuery({
    queryKey: fundAccountKeys.product(id ?? 0),
    queryFn: () => getFundProduct(id ?? 0),
    enabled: id !== undefined,
  });
