import { exchangeInfoResponse } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import type { z } from 'zod';
import { exchangeKeys } from './keys.ts';

export type ExchangeInfo = z.infer<typeof exchangeInfoResponse>;

/** GET /exchange/info: the price (USDT per AGC), the fee, how long a quote holds, the member's available balances. */
export const getExchangeInfo = (): Promise<ExchangeInfo> =>
  get('/exchange/info', undefined, { schema: exchangeInfoResponse });

/** Read fresh whenever the page opens: the balances change with every exchange, payment and reward. */
export const exchangeInfoQueryOptions = queryOptions({
  queryKey: exchangeKeys.info,
  queryFn: getExchangeInfo,
  staleTime: 0,
});

export const useExchangeInfo = () => useQuery(exchangeInfoQueryOptions);
