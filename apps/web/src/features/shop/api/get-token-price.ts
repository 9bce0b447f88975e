import { tokenPriceResponse } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import type { z } from 'zod';
import { shopKeys } from './keys.ts';

export type TokenPrice = z.infer<typeof tokenPriceResponse>;

/** GET /token/price: the current price of 1 AGC in USDT (an order fixes its own in the quote). */
export const getTokenPrice = (): Promise<TokenPrice> =>
  get('/token/price', undefined, { schema: tokenPriceResponse, silent: true });

export const tokenPriceQueryOptions = queryOptions({
  queryKey: shopKeys.tokenPrice,
  queryFn: getTokenPrice,
  staleTime: 60_000,
});

export const useTokenPrice = () => useQuery(tokenPriceQueryOptions);
