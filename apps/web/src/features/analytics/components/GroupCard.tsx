import type { AnalyticsDay, AnalyticsFigureKey, AnalyticsFigures, AnalyticsGroup } from '@agc/shared';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { formatAsset, formatCount } from '@web/lib/format.ts';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CHARTS, chartData, figuresOf, unitOf } from '../model/series.ts';

// uPlot (~50 KB) arrives with the first chart, in a chunk of its own.
const LineChart = lazy(() => import('@web/components/LineChart.tsx'));

/** A figure as the page shows it: counts grouped, amounts with their asset (lib/format). */
export function FigureValue({ figure, value }: { figure: AnalyticsFigureKey; value: string }) {
  const unit = unitOf(figure);
  return <>{unit === 'count' ? formatCount(value) : formatAsset(value, unit)}</>;
}

/**
 * One group of figures (members, deposits, …): its chart over the range, its totals, and the day-by-day table
 * (newest first, scrolling sideways on a phone).
 */
export function GroupCard({
  group,
  days,
  totals,
  today,
}: {
  group: AnalyticsGroup;
  days: readonly AnalyticsDay[];
  totals: AnalyticsFigures;
  /** The open day (the server's): the one whose figures still grow. */
  today: string;
}) {
  const { t } = useTranslation();
  const figures = figuresOf(group);
  const chartKeys = CHARTS.find((c) => c.group === group)?.keys ?? [];
  const labels = useMemo(() => chartKeys.map((k) => t(`analytics.figure.${k}`)), [chartKeys, t]);
  const data = useMemo(() => chartData(days, chartKeys), [days, chartKeys]);
  return (
    <section className="card analytics-group" data-testid={`analytics-group-${group}`}>
      <h3 className="card-title">{t(`analytics.group.${group}`)}</h3>
      <Suspense fallback={<Skeleton rows={4} testId={`analytics-chart-loading-${group}`} />}>
        <LineChart
          labels={labels}
          data={data}
          testId={`analytics-chart-${group}`}
          className="analytics-chart"
        />
      </Suspense>
      <dl className="analytics-totals">
        {figures.map((f) => (
          <div key={f.key} className="analytics-total">
            <dt className="muted small">
              {t(`analytics.figure.${f.key}`)}
              {'cumulative' in f ? ` · ${t('analytics.atEnd')}` : ''}
            </dt>
            <dd data-testid={`analytics-total-${f.key}`}>
              <FigureValue figure={f.key} value={totals[f.key]} />
            </dd>
          </div>
        ))}
      </dl>
      <details className="analytics-days">
        <summary data-testid={`analytics-table-toggle-${group}`}>{t('analytics.byDay')}</summary>
        <div className="analytics-table-scroll">
          <table data-testid={`analytics-table-${group}`}>
            <thead>
              <tr>
                <th scope="col">{t('analytics.day')}</th>
                {figures.map((f) => (
                  <th key={f.key} scope="col">
                    {t(`analytics.figure.${f.key}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((d) => (
                <tr key={d.day}>
                  <th scope="row">
                    {d.day}
                    {d.day === today ? ` · ${t('analytics.live')}` : ''}
                  </th>
                  {figures.map((f) => (
                    <td key={f.key}>
                      <FigureValue figure={f.key} value={d.figures[f.key]} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
