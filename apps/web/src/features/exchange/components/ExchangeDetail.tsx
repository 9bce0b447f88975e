import type { ExchangeQuote } from '@agc/shared';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { formatCount, formatEventTime } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import { ExchangeStatusTag } from './ExchangeStatusTag.tsx';
import { QuoteRows } from './QuoteRows.tsx';

/**
 * An exchange's record (the result page): its state, the pair, what was paid, the fee, what arrived, the rate, its
 * number among the member's own exchanges ("#1" for the first; a quote never accepted has none) and when (accepted,
 * or quoted when it never was). Test ids `exchange-detail-*`.
 */
export function ExchangeDetail({ exchange: e }: { exchange: ExchangeQuote }) {
  const { t } = useTranslation();
  return (
    <dl className="rows exchange-detail" data-testid="exchange-detail">
      <ValueRow label={t('exchange.statusLabel')} testId="exchange-detail-status">
        <ExchangeStatusTag status={e.status} />
      </ValueRow>
      <ValueRow label={t('exchange.pairLabel')} testId="exchange-detail-pair">
        {t('exchange.pair', { from: e.from, to: e.to })}
      </ValueRow>
      <QuoteRows
        quote={e}
        testIdPrefix="exchange-detail"
        roundTrip={false}
        settled={e.status === 'Accepted'}
      />
      {e.number !== null && (
        <ValueRow label={t('exchange.number')} testId="exchange-detail-id">
          {t('exchange.numberValue', { number: formatCount(e.number) })}
        </ValueRow>
      )}
      {e.accepted_at ? (
        <ValueRow label={t('exchange.time')} testId="exchange-detail-time">
          {formatEventTime(e.accepted_at, t)}
        </ValueRow>
      ) : (
        <ValueRow label={t('exchange.quotedAt')} testId="exchange-detail-quoted">
          {formatEventTime(e.created_at, t)}
        </ValueRow>
      )}
    </dl>
  );
}
