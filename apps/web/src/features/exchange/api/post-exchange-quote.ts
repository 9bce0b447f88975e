import { type ExchangeAsset, exchangeQuoteSchema } from '@agc/shared';
import { useMutation } from '@tanstack/react-query';
import { post } from '@web/lib/request.ts';
import type { ExchangeMode } from '../model/amount.ts';
import { type ClockedQuote, clocked } from '../model/quote-clock.ts';

export interface QuoteRequest {
  from: ExchangeAsset;
  mode: ExchangeMode;
  /** What the member typed: what is paid (mode in) or what should arrive (mode out). */
  amount: string;
}

/**
 * POST /exchange/quotes: a quote that holds for the configured seconds, with its clock offset measured the moment
 * the answer arrived. Silent: the form shows the server's message under the amount.
 */
export const createExchangeQuote = async (input: QuoteRequest): Promise<ClockedQuote> => {
  const quote = await post('/exchange/quotes', input, { schema: exchangeQuoteSchema, silent: true });
  return clocked(quote, Date.now());
};

export const useCreateExchangeQuote = () => useMutation({ mutationFn: createExchangeQuote });
