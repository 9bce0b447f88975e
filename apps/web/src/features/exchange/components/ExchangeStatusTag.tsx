import type { ExchangeQuote } from '@agc/shared';
import { statusTagOf } from '@web/components/StatusTag.tsx';

/** Open / Accepted / Expired in its colour (`exchange.status.*`). */
export const ExchangeStatusTag = statusTagOf<ExchangeQuote['status']>('exchange', 'exchange.status', {
  Open: 'info',
  Accepted: 'success',
  Expired: 'neutral',
});
