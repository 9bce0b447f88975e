import { type Product, productsResponse } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import { shopKeys } from './keys.ts';

/** GET /products: the shop's products (price in USDT as a decimal string). */
export async function getProducts(): Promise<Product[]> {
  const { list } = await get('/products', undefined, { schema: productsResponse });
  return list;
}

export const productsQueryOptions = queryOptions({ queryKey: shopKeys.products, queryFn: getProducts });

export const useProducts = () => useQuery(productsQueryOptions);
