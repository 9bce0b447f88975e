import { type ExchangeQuote, exchangeAcceptResponse, exchangeQuoteSchema } from '@agc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateMe } from '@web/lib/me.ts';
import { ApiError, post } from '@web/lib/request.ts';
import { type ClockedQuote, clocked } from '../model/quote-clock.ts';
import { exchangeKeys } from './keys.ts';

/** POST /exchange/quotes/{id}/accept: the exchange made. Silent: the confirmation shows the server's message. */
export const acceptExchangeQuote = async (id: string): Promise<ExchangeQuote> => {
  const answer = await post(`/exchange/quotes/${encodeURIComponent(id)}/accept`, undefined, {
    schema: exchangeAcceptResponse,
    silent: true,
  });
  return answer.exchange;
};

/**
 * The fresh quote a refusal carries: a quote that expired at the last second is refused with the server's message
 * ('This quote has expired: here is a new one') and a new quote for the same amount in `data`. Clocked as it
 * arrived (now).
 */
export function freshQuoteOf(error: unknown): ClockedQuote | null {
  if (!(error instanceof ApiError)) return null;
  const parsed = exchangeQuoteSchema.safeParse(error.data);
  return parsed.success ? clocked(parsed.data, Date.now()) : null;
}

/** The acceptance; on success the balances (info, /me), the history and the quote's record are read again. */
export function useAcceptExchangeQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptExchangeQuote,
    onSuccess: (exchange) => {
      queryClient.setQueryData(exchangeKeys.quote(exchange.id), exchange);
      void queryClient.invalidateQueries({ queryKey: exchangeKeys.info });
      void queryClient.invalidateQueries({ queryKey: exchangeKeys.history });
      void invalidateMe(queryClient);
    },
    onError: (error) => {
      // Refused because the balance moved meanwhile: the figures shown are stale.
      if (error instanceof ApiError) void queryClient.invalidateQueries({ queryKey: exchangeKeys.info });
    },
  });
}
