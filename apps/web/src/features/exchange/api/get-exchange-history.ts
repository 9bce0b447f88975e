import { type ExchangeQuote, exchangeHistoryResponse } from '@agc/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getListPage, pagedQueryOptions, uniqueItems } from '@web/lib/paged-list.ts';
import type { z } from 'zod';
import { exchangeKeys } from './keys.ts';

export const EXCHANGE_HISTORY_PAGE_SIZE = 20;

/** GET /exchange/history?page&size: one page of the member's accepted exchanges, newest first. */
export const getExchangeHistory = (params: {
  page: number;
  size?: number;
}): Promise<z.infer<typeof exchangeHistoryResponse>> =>
  getListPage('/exchange/history', exchangeHistoryResponse, EXCHANGE_HISTORY_PAGE_SIZE, params);

/** Every exchange of the loaded pages, each once (a new exchange shifts the offsets of the next page). */
export const flattenExchanges = (pages: readonly { list: readonly ExchangeQuote[] }[] | undefined) =>
  uniqueItems(pages, (e) => e.id);

export const exchangeHistoryQueryOptions = pagedQueryOptions(exchangeKeys.history, (page) =>
  getExchangeHistory({ page }),
);

export const useExchangeHistory = () => useInfiniteQuery(exchangeHistoryQueryOptions);
