import { LoadFailed, LoadingState } from '@web/components/LoadState.tsx';
import { Segmented } from '@web/components/Segmented.tsx';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { formatCount } from '@web/lib/format.ts';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVitals } from '../api/get-vitals.ts';
import type { DayRange } from '../model/range.ts';
import {
  daysOf,
  formatVital,
  topRoutes,
  VITAL_METRICS,
  type VitalMetric,
  vitalsChartData,
} from '../model/vitals.ts';

const LineChart = lazy(() => import('@web/components/LineChart.tsx'));

/**
 * Members' own Core Web Vitals (sampled page views): the p75 of one metric per day for the busiest routes as a
 * chart, and every route and day in a table (LCP, INP, CLS and how many page views reported each).
 */
export function VitalsCard({ range }: { range: DayRange }) {
  const { t } = useTranslation();
  const vitals = useVitals(range);
  const [metric, setMetric] = useState<VitalMetric>('lcp_ms');
  const list = vitals.data?.list ?? [];
  const routes = useMemo(() => topRoutes(list, metric), [list, metric]);
  const data = useMemo(
    () => vitalsChartData(list, daysOf(range.from, range.to), routes, metric),
    [list, range, routes, metric],
  );
  let body: ReactNode;
  if (vitals.isPending) body = <LoadingState testId="vitals-loading" rows={4} />;
  else if (vitals.isError)
    body = <LoadFailed testId="vitals-error" error={vitals.error} onRetry={() => void vitals.refetch()} />;
  else if (list.length === 0)
    body = (
      <p className="muted small" data-testid="vitals-empty">
        {t('analytics.vitals.empty')}
      </p>
    );
  else
    body = (
      <>
        <Segmented
          options={VITAL_METRICS.map((m) => ({ key: m, label: t(`analytics.vitals.metric.${m}`) }))}
          value={metric}
          onChange={setMetric}
          label={t('analytics.vitals.metricLabel')}
          testIdPrefix="vitals-metric"
        />
        <Suspense fallback={<Skeleton rows={4} testId="vitals-chart-loading" />}>
          <LineChart labels={routes} data={data} testId="vitals-chart" className="analytics-chart" points />
        </Suspense>
        <div className="analytics-table-scroll">
          <table data-testid="vitals-table">
            <thead>
              <tr>
                <th scope="col">{t('analytics.day')}</th>
                <th scope="col">{t('analytics.vitals.route')}</th>
                {VITAL_METRICS.map((m) => (
                  <th key={m} scope="col">
                    {t(`analytics.vitals.metric.${m}`)}
                  </th>
                ))}
                <th scope="col">{t('analytics.vitals.views')}</th>
              </tr>
            </thead>
            <tbody>
              {[...list].reverse().map((d) => (
                <tr key={`${d.day} ${d.route}`} data-testid={`vitals-row-${d.day}-${d.route}`}>
                  <th scope="row">{d.day}</th>
                  <td>{d.route}</td>
                  {VITAL_METRICS.map((m) => (
                    <td key={m}>{formatVital(m, d[m])}</td>
                  ))}
                  <td>{formatCount(Math.max(d.lcp_samples, d.inp_samples, d.cls_samples))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </>
    );
  return (
    <section className="card analytics-group" data-testid="analytics-vitals">
      <h3 className="card-title">{t('analytics.vitals.title')}</h3>
      <p className="muted small">{t('analytics.vitals.hint')}</p>
      {body}
    </section>
  );
}
