import type { PriceSourceName } from '@agc/shared';
import { useTranslation } from 'react-i18next';

/**
 * Where a price on screen comes from, beside it: a fixed price says it is not the market's (never to be taken for
 * one); a market price names the Uniswap v3 average and, when known, the block it was read at. Nothing while the
 * source is not known yet.
 */
export function PriceSourceNote({
  source,
  block,
  testId = 'price-source',
}: {
  source: PriceSourceName | undefined;
  block?: string | null;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (!source) return null;
  if (source === 'fixed')
    return (
      <span className="price-source price-source--fixed small" data-testid={testId} data-source="fixed">
        {t('prices.fixed')}
      </span>
    );
  return (
    <span className="price-source muted small" data-testid={testId} data-source={source}>
      {block ? t('prices.marketBlock', { block }) : t('prices.market')}
    </span>
  );
}

/** "Prices are paused — try again shortly", where a price the server refuses would be. */
export function PricesPaused({ testId = 'prices-paused' }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <p className="price-paused small" role="status" data-testid={testId}>
      {t('prices.paused')}
    </p>
  );
}
