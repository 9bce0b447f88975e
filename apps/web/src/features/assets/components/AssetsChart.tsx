import type { Assets } from '@agc/shared';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { chartRange, valueSeries } from '../model/assets.ts';
import '../assets.css';

// uPlot comes with the chart, in a chunk of its own.
const LineChart = lazy(() => import('@web/components/LineChart.tsx'));

/**
 * The value over the last 30 days: one point per daily snapshot (what the app owed the member after each settled day,
 * AGC at that day's price), the last one now. Before the first snapshot, a sentence instead of a lone dot.
 */
export function AssetsChart({ data }: { data: Assets }) {
  const { t } = useTranslation();
  const series = useMemo(() => valueSeries(data), [data]);
  const labels = useMemo(() => [t('assets.chart.label')], [t]);
  const range = useMemo(() => chartRange(data.as_of), [data.as_of]);
  return (
    <section className="card" data-testid="assets-chart" aria-labelledby="assets-chart-title">
      <h2 className="card-title" id="assets-chart-title">
        {t('assets.chart.title')}
      </h2>
      {data.history.length === 0 ? (
        <p className="muted small" data-testid="assets-chart-none">
          {t('assets.chart.none')}
        </p>
      ) : (
        <Suspense fallback={<Skeleton rows={4} testId="assets-chart-loading" />}>
          <LineChart
            labels={labels}
            data={series}
            testId="assets-chart-lines"
            className="assets-chart-lines"
            points
            xRange={range}
          />
        </Suspense>
      )}
      <p className="muted small">{t('assets.chart.note')}</p>
    </section>
  );
}
