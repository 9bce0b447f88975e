import type { Assets } from '@agc/shared';
import { PriceSourceNote, PricesPaused } from '@web/components/PriceSourceNote.tsx';
import { formatAgc, formatAssetExact, formatUsdt } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import '../assets.css';

/**
 * The total the app owes the member in USDT (AGC at the price in use, with where it comes from), and in tokens. While
 * prices are paused: no total (it would be at a wrong price), "Prices are paused", the tokens.
 */
export function AssetsTotal({ data }: { data: Assets }) {
  const { t } = useTranslation();
  return (
    <section className="card assets-total" data-testid="assets-total" aria-labelledby="assets-total-title">
      <h2 className="card-title" id="assets-total-title">
        {t('assets.total')}
      </h2>
      {data.total_value_usdt === null ? (
        <>
          <PricesPaused testId="assets-paused" />
          <p className="muted small">{t('assets.pausedTotal')}</p>
        </>
      ) : (
        <p className="assets-total-value" data-testid="assets-total-value">
          {formatUsdt(data.total_value_usdt)}
        </p>
      )}
      <p className="assets-total-tokens" data-testid="assets-total-tokens">
        {t('assets.tokens', { usdt: formatUsdt(data.total_usdt), agc: formatAgc(data.total_agc) })}
      </p>
      {data.agc_price && (
        <p className="muted small" data-testid="assets-price">
          {t('assets.price', { price: formatAssetExact(data.agc_price.usdt_per_agc, 'USDT') })}{' '}
          <PriceSourceNote
            source={data.agc_price.source}
            block={data.agc_price.block}
            testId="assets-price-source"
          />
        </p>
      )}
      <p className="muted small">{t('assets.owedNote')}</p>
    </section>
  );
}
