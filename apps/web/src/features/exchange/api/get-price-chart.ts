import { type PriceChart, priceChartResponse } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import { exchangeKeys } from './keys.ts';

/** GET /token/price/chart: the last 24 hours of the AGC market price (the TWAP in use and the pool's spot). */
export const getPriceChart = (): Promise<PriceChart> =>
  get('/token/price/chart', undefined, { schema: priceChartResponse, silent: true });

/** A reading comes every minute at most: read again each minute while the page is open. */
export const priceChartQueryOptions = queryOptions({
  queryKey: exchangeKeys.priceChart,
  queryFn: getPriceChart,
  staleTime: 60_000,
  refetchInterval: 60_000,
});

export const usePriceChart = () => useQuery(priceChartQueryOptions);
