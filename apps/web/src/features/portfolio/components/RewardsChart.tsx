import type { RewardKind, RewardSeries } from '@agc/shared';
import { ErrorRetry } from '@web/components/ErrorRetry.tsx';
import { Segmented } from '@web/components/Segmented.tsx';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { formatUsdt } from '@web/lib/format.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SERIES_SPANS, type SeriesSpan, useProfitSeries } from '../api/get-profit-series.ts';
import { axisLabel, CHART_BOX, CHART_KINDS, type ChartModel, chartModel } from '../model/chart.ts';
import '../portfolio.css';

/** One colour per kind, distinct in hue and lightness (and ≥ 3:1 against the white card). */
export const KIND_COLORS: Record<RewardKind, string> = {
  referral: '#1668dc',
  pairing: '#008a5e',
  static: '#c25e00',
  management: '#7b3fe4',
};

const usdt = (v: bigint) => formatUsdt(v);

/** The drawing: stacked bars by kind, an axis at 0, half and a round top, a day under every bar (or every 7th). */
function Bars({
  model,
  title,
  titleId,
  descId,
}: {
  model: ChartModel;
  title: string;
  titleId: string;
  descId: string;
}) {
  const { width, height, left, right, bottom } = CHART_BOX;
  return (
    <svg
      className="portfolio-chart-svg"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby={`${titleId} ${descId}`}
      data-testid="portfolio-chart-svg"
    >
      <title>{title}</title>
      {model.ticks.map((tick) => (
        <g key={tick.value.toString()} className="portfolio-chart-tick">
          <line x1={left} x2={width - right} y1={tick.y} y2={tick.y} />
          <text x={left - 6} y={tick.y} textAnchor="end" dominantBaseline="middle">
            {axisLabel(tick.value)}
          </text>
        </g>
      ))}
      {model.bars.map((bar) => (
        <g key={bar.day} data-testid={`portfolio-bar-${bar.day}`}>
          {bar.segments.map((s) => (
            <rect
              key={s.kind}
              x={bar.x}
              y={s.y}
              width={bar.width}
              height={s.height}
              rx={Math.min(2, bar.width / 4)}
              fill={KIND_COLORS[s.kind]}
              data-kind={s.kind}
            />
          ))}
          {bar.label && (
            <text
              className="portfolio-chart-day"
              x={bar.x + bar.width / 2}
              y={bottom + 16}
              textAnchor="middle"
            >
              {bar.label}
            </text>
          )}
        </g>
      ))}
    </svg>
  );
}

/** Every figure of the chart as a table, for screen readers (and a test's eye). */
function FiguresTable({ series, caption }: { series: RewardSeries; caption: string }) {
  const { t } = useTranslation();
  return (
    // The wrapper hides it: a table never shrinks to the 1 px of .visually-hidden and would widen the page.
    <div className="visually-hidden">
      <table data-testid="portfolio-chart-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('portfolio.chart.day')}</th>
            {CHART_KINDS.map((k) => (
              <th scope="col" key={k}>
                {t(`rewards.kind.${k}`)}
              </th>
            ))}
            <th scope="col">{t('portfolio.chart.total')}</th>
          </tr>
        </thead>
        <tbody>
          {series.list.map((d) => (
            <tr key={d.day}>
              <th scope="row">{d.day}</th>
              {CHART_KINDS.map((k) => (
                <td key={k}>{formatUsdt(d.kinds[k].amount)}</td>
              ))}
              <td>{formatUsdt(d.total.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Home's rewards over time: the last 7 or 30 UTC days (today last), stacked by kind, with each kind's sum
 * in the legend. A hand-drawn SVG (no chart library on the member's first screen): named by its title and a
 * one-line summary, every figure in a visually hidden table.
 */
export function RewardsChart() {
  const { t } = useTranslation();
  const [span, setSpan] = useState<SeriesSpan>(7);
  const series = useProfitSeries(span);
  const titleId = useId();
  const descId = useId();
  const title = t('portfolio.chart.title', { days: span });
  const model = series.data ? chartModel(series.data) : undefined;
  const summary = model
    ? t('portfolio.chart.summary', {
        total: usdt(model.total),
        kinds: CHART_KINDS.map((k) => `${t(`rewards.kind.${k}`)} ${usdt(model.totals[k])}`).join(', '),
      })
    : '';

  return (
    <section className="card portfolio-chart" data-testid="portfolio-chart" aria-labelledby={titleId}>
      <div className="card-head">
        <h3 className="card-title" id={titleId}>
          {title}
        </h3>
        <Segmented
          options={SERIES_SPANS.map((d) => ({ key: d, label: t('portfolio.chart.days', { days: d }) }))}
          value={span}
          onChange={setSpan}
          label={t('portfolio.chart.span')}
          testIdPrefix="portfolio-span"
          className="portfolio-span"
        />
      </div>
      {series.isPending ? (
        <Skeleton rows={4} testId="portfolio-chart-loading" className="portfolio-chart-skeleton" />
      ) : series.isError ? (
        <ErrorRetry
          error={series.error}
          onRetry={() => void series.refetch()}
          testId="portfolio-chart-error"
          className="portfolio-quiet-error"
          small
        />
      ) : (
        model &&
        series.data && (
          <>
            <p className="portfolio-chart-total">
              <span className="muted small">{t('portfolio.chart.total')}</span>{' '}
              <strong data-testid="portfolio-chart-total">{usdt(model.total)}</strong>
            </p>
            <p id={descId} className="visually-hidden">
              {summary}
            </p>
            <Bars model={model} title={title} titleId={titleId} descId={descId} />
            {model.total === 0n && (
              <p className="muted small portfolio-chart-empty" data-testid="portfolio-chart-empty">
                {t('portfolio.chart.empty')}
              </p>
            )}
            <ul className="portfolio-legend" aria-hidden="true">
              {CHART_KINDS.map((k) => (
                <li key={k} data-testid={`portfolio-legend-${k}`}>
                  <span className="portfolio-swatch" style={{ background: KIND_COLORS[k] }} />
                  <span className="portfolio-legend-name">{t(`rewards.kind.${k}`)}</span>
                  <span className="portfolio-legend-value">{usdt(model.totals[k])}</span>
                </li>
              ))}
            </ul>
            <p className="muted small portfolio-chart-note">{t('portfolio.chart.note')}</p>
            <FiguresTable series={series.data} caption={title} />
          </>
        )
      )}
    </section>
  );
}
