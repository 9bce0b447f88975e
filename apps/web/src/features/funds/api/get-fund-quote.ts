import { type FundQuote, fundQuoteResponse } from '@agc/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import { fundKeys } from './keys.ts';

/**
 * GET /funds/products/{id}/quote?amount=: what a subscription of `amount` USDT costs (fee, net, estimated
 * units, the NAV day it is priced at). Creates nothing.
 */
export const getFundQuote = (id: number, amount: string): Promise<FundQuote> =>
  get(`/funds/products/${encodeURIComponent(String(id))}/quote`, { amount }, { schema: fundQuoteResponse });

export const fundQuoteQueryOptions = (id: number, amount: string) =>
  queryOptions({ queryKey: fundKeys.quote(id, amount), queryFn: () => getFundQuote(id, amount) });

/** Asked only for a valid amount (`amount` null otherwise); the last quote stays while the next loads. */
export const useFundQuote = (id: number, amount: string | null) =>
  useQuery({
    ...fundQuoteQueryOptions(id, amount ?? ''),
    enabled: amount !== null,
    placeholderData: keepPreviousData,
  });
