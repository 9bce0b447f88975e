import { PriceSourceNote, PricesPaused } from '@web/components/PriceSourceNote.tsx';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { formatAssetExact } from '@web/lib/format.ts';
import { isUnavailable } from '@web/lib/request.ts';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useExchangeInfo } from '../api/get-exchange-info.ts';
import { usePriceChart } from '../api/get-price-chart.ts';
import { chartSeries, pausedNow } from '../model/price-chart.ts';

// uPlot comes with the chart, in a chunk of its own: the exchange page's first load does not carry it.
const LineChart = lazy(() => import('@web/components/LineChart.tsx'));

/**
 * The AGC price over the last 24 hours (the price in use, a TWAP, and the pool's spot), the price now and where it
 * comes from; "Prices are paused" when the server refuses the price now. A fixed price has no market: it says so.
 */
export function PriceChartCard() {
  const { t } = useTranslation();
  const chart = usePriceChart();
  const info = useExchangeInfo();
  const points = chart.data?.points ?? [];
  const data = useMemo(() => chartSeries(points), [points]);
  const labels = useMemo(() => [t('prices.chart.twap'), t('prices.chart.spot')], [t]);
  const paused = (info.isError && isUnavailable(info.error)) || pausedNow(points);
  let body: React.ReactNode = null;
  if (chart.data?.source === 'fixed') body = <p className="muted small">{t('prices.chart.fixed')}</p>;
  else if (chart.data && points.length === 0) body = <p className="muted small">{t('prices.chart.none')}</p>;
  else if (chart.data)
    body = (
      <Suspense fallback={<Skeleton rows={4} testId="price-chart-loading" />}>
        <LineChart
          labels={labels}
          data={data}
          testId="price-chart-lines"
          className="price-chart-lines"
          utc={false}
        />
      </Suspense>
    );
  else if (chart.isPending) body = <Skeleton rows={4} testId="price-chart-loading" />;
  return (
    <section className="card price-chart" data-testid="price-chart">
      <h2 className="card-title">{t('prices.chart.title')}</h2>
      {info.data && (
        <p className="price-chart-now" data-testid="price-chart-now">
          <span className="muted small">{t('prices.chart.current')}</span>{' '}
          <strong>
            {t('exchange.rateValue', { price: formatAssetExact(info.data.price_usdt, 'USDT') })}
          </strong>
          <PriceSourceNote
            source={info.data.price_source}
            block={info.data.price_block}
            testId="price-chart-source"
          />
        </p>
      )}
      {paused && <PricesPaused testId="price-chart-paused" />}
      {body}
    </section>
  );
}
