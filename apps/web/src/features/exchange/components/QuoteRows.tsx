import type { ExchangeQuote } from '@agc/shared';
import { PriceSourceNote } from '@web/components/PriceSourceNote.tsx';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { formatAssetExact } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';

/** "1 AGC = 0.50 USDT": the quote's price, every digit the server sent. */
export function RateText({ price }: { price: string }) {
  const { t } = useTranslation();
  return <>{t('exchange.rateValue', { price: formatAssetExact(price, 'USDT') })}</>;
}

/**
 * What a quote (or an exchange) says, every digit shown since it is what the member confirms: the rate, what is
 * paid, the fee (taken from what is paid), what arrives and, unless `roundTrip` is off, what exchanging it straight
 * back would return. Test ids `<testIdPrefix>-rate|pay|fee|receive|round-trip`.
 */
export function QuoteRows({
  quote,
  testIdPrefix,
  roundTrip = true,
  settled = false,
}: {
  quote: ExchangeQuote;
  testIdPrefix: string;
  roundTrip?: boolean;
  /** Made: 'Paid' and 'Received' rather than 'You pay' and 'You receive'. */
  settled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ValueRow label={t('exchange.rate')} testId={`${testIdPrefix}-rate`}>
        <RateText price={quote.price_usdt} />
        <PriceSourceNote
          source={quote.price_source}
          block={quote.price_block}
          testId={`${testIdPrefix}-price-source`}
        />
      </ValueRow>
      <ValueRow label={t(settled ? 'exchange.paid' : 'exchange.pay')} testId={`${testIdPrefix}-pay`}>
        {formatAssetExact(quote.amount_in, quote.from)}
      </ValueRow>
      <ValueRow label={t('exchange.fee', { percent: quote.fee_percent })} testId={`${testIdPrefix}-fee`}>
        {formatAssetExact(quote.fee, quote.from)}
      </ValueRow>
      <ValueRow
        label={t(settled ? 'exchange.received' : 'exchange.receive')}
        testId={`${testIdPrefix}-receive`}
      >
        <strong>{formatAssetExact(quote.amount_out, quote.to)}</strong>
      </ValueRow>
      {roundTrip && (
        <ValueRow label={t('exchange.roundTrip')} testId={`${testIdPrefix}-round-trip`}>
          {formatAssetExact(quote.round_trip, quote.from)}
        </ValueRow>
      )}
    </>
  );
}
