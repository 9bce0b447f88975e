import { type ExchangeQuote, exchangeQuoteSchema } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import { exchangeKeys } from './keys.ts';

/** GET /exchange/quotes/{id}: one of the member's quotes (Open, Accepted or Expired); another's or unknown is 404. */
export const getExchangeQuote = (id: string): Promise<ExchangeQuote> =>
  get(`/exchange/quotes/${encodeURIComponent(id)}`, undefined, { schema: exchangeQuoteSchema });

/** While a quote is Open it can still be accepted (another tab) or expire: look again until it is final. */
export const EXCHANGE_QUOTE_POLL_MS = 2000;

export const exchangeQuoteQueryOptions = (id: string) =>
  queryOptions({ queryKey: exchangeKeys.quote(id), queryFn: () => getExchangeQuote(id), staleTime: 0 });

export const useExchangeQuote = (id: string | null) =>
  useQuery({
    ...exchangeQuoteQueryOptions(id ?? ''),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'Open' ? EXCHANGE_QUOTE_POLL_MS : false),
  });
