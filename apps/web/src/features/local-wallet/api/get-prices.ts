import { type Prices, pricesResponse } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';

/** GET /prices: 1 AGC and 1 ETH in USDT (the server's price source), for values shown. No sign-in. */
export const getPrices = (): Promise<Prices> =>
  get('/prices', undefined, { schema: pricesResponse, silent: true });

export const pricesQueryOptions = queryOptions({
  queryKey: ['prices'],
  queryFn: getPrices,
  staleTime: 60_000,
});

/** The prices while `enabled` (the local wallet asks only once it has a wallet to value). */
export const usePrices = (enabled = true) => useQuery({ ...pricesQueryOptions, enabled });
