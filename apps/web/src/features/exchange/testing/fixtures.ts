// Answers of the exchange API for the feature's and pages' tests, valid against the shared schemas.
import {
  type ExchangeQuote,
  exchangeHistoryResponse,
  exchangeInfoResponse,
  exchangeQuoteSchema,
} from '@agc/shared';

import type { ExchangeInfo } from '../api/get-exchange-info.ts';

export const makeInfo = (over: Partial<ExchangeInfo> = {}): ExchangeInfo =>
  exchangeInfoResponse.parse({
    price_usdt: '0.5',
    price_source: 'uniswap-v3',
    price_block: '1234',
    fee_percent: '0.5',
    quote_ttl_seconds: 30,
    available_usdt: '250.5',
    available_agc: '40',
    server_time: '2026-03-01T12:00:00.000Z',
    ...over,
  });

/** 100 USDT → AGC at 0.5 USDT: fee 0.5 USDT, 199 AGC arrive, 99.004975 USDT back. */
export const makeQuote = (over: Partial<ExchangeQuote> = {}): ExchangeQuote =>
  exchangeQuoteSchema.parse({
    id: '7',
    from: 'USDT',
    to: 'AGC',
    mode: 'in',
    amount_in: '100',
    fee: '0.5',
    amount_out: '199',
    price_usdt: '0.5',
    price_source: 'uniswap-v3',
    price_block: '1234',
    fee_percent: '0.5',
    round_trip: '99.0025',
    status: 'Open',
    number: null,
    expires_at: '2026-03-01T12:00:30.000Z',
    accepted_at: null,
    created_at: '2026-03-01T12:00:00.000Z',
    server_time: '2026-03-01T12:00:00.000Z',
    ...over,
  });

export const makeHistoryPage = (list: ExchangeQuote[], page = 1, hasMore = false) =>
  exchangeHistoryResponse.parse({ list, total: list.length, page, size: 20, has_more: hasMore });
