import { ErrorRetry } from '@web/components/ErrorRetry.tsx';
import { Segmented } from '@web/components/Segmented.tsx';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { formatNav } from '@web/lib/format.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAV_SPANS, type NavSpan, useFundNav } from '../api/get-fund-nav.ts';
import { NAV_BOX, navChartModel, navTick } from '../model/nav-chart.ts';
import '../funds.css';

/**
 * A fund's NAV over the last 7, 30 or 90 days: a hand-drawn SVG line (no chart library), named by its title and
 * a one-line summary, every NAV in a visually hidden table.
 */
export function NavChart({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const [span, setSpan] = useState<NavSpan>(30);
  const nav = useFundNav(productId, span);
  const titleId = useId();
  const descId = useId();
  const title = t('fund.detail.chartTitle', { days: span });
  const points = nav.data?.list ?? [];
  const model = navChartModel(points);
  const summary =
    model.first && model.last
      ? t('fund.detail.chartSummary', {
          first: formatNav(model.first),
          last: formatNav(model.last),
          change: model.changePercent ?? '0.00',
        })
      : '';
  const { width, height, left, right, bottom } = NAV_BOX;

  return (
    <section className="card fund-chart" data-testid="fund-nav-chart" aria-labelledby={titleId}>
      <div className="card-head">
        <h3 className="card-title" id={titleId}>
          {title}
        </h3>
        <Segmented
          options={NAV_SPANS.map((d) => ({ key: d, label: t('fund.detail.days', { days: d }) }))}
          value={span}
          onChange={setSpan}
          label={t('fund.detail.span')}
          testIdPrefix="fund-nav-span"
          className="fund-span"
        />
      </div>
      {nav.isPending ? (
        <Skeleton rows={4} testId="fund-nav-loading" />
      ) : nav.isError ? (
        <ErrorRetry error={nav.error} onRetry={() => void nav.refetch()} testId="fund-nav-error" small />
      ) : points.length === 0 ? (
        <p className="muted small" data-testid="fund-nav-empty">
          {t('fund.detail.noNav')}
        </p>
      ) : (
        <>
          {model.changePercent !== null && (
            <p className="fund-chart-change">
              <span className="muted small">{t('fund.detail.change')}</span>{' '}
              <strong data-testid="fund-nav-change">{`${model.changePercent}%`}</strong>
            </p>
          )}
          <p id={descId} className="visually-hidden">
            {summary}
          </p>
          <svg
            className="fund-chart-svg"
            viewBox={`0 0 ${width} ${height}`}
            role="img"
            aria-labelledby={`${titleId} ${descId}`}
            data-testid="fund-nav-svg"
          >
            <title>{title}</title>
            {model.ticks.map((tick) => (
              <g key={tick.value} className="fund-chart-tick">
                <line x1={left} x2={width - right} y1={tick.y} y2={tick.y} />
                <text x={left - 6} y={tick.y} textAnchor="end" dominantBaseline="middle">
                  {navTick(tick.value)}
                </text>
              </g>
            ))}
            <path className="fund-chart-line" d={model.path} fill="none" />
            {model.dots.length <= 31 &&
              model.dots.map((d) => (
                <circle key={d.day} className="fund-chart-dot" cx={d.x} cy={d.y} r={2.5} />
              ))}
            {model.labels.map((l) => (
              <text key={l.day} className="fund-chart-day" x={l.x} y={bottom + 18} textAnchor={l.anchor}>
                {l.day.slice(5)}
              </text>
            ))}
          </svg>
          <div className="visually-hidden">
            <table data-testid="fund-nav-table">
              <caption>{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('fund.detail.day')}</th>
                  <th scope="col">{t('fund.detail.nav')}</th>
                </tr>
              </thead>
              <tbody>
                {points.map((p) => (
                  <tr key={p.day}>
                    <th scope="row">{p.day}</th>
                    <td>{formatNav(p.nav)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
