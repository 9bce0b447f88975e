import type { PorSnapshot } from '@agc/shared';
import { useTranslation } from 'react-i18next';
import { coverageSeries, frameOf, linePoints } from '../model/chart.ts';

const W = 320;
const H = 140;
const COLOURS = { USDT: '#1677ff', AGC: '#d46b08' } as const;

/** Coverage over time per token, with the 100 % line: a small SVG (no chart library on a public page). */
export function CoverageChart({ list }: { list: readonly PorSnapshot[] }) {
  const { t } = useTranslation();
  const series = coverageSeries(list);
  const points = series.USDT.length + series.AGC.length;
  if (points < 2)
    return (
      <p className="muted small" data-testid="por-chart-empty">
        {t('por.noHistory')}
      </p>
    );
  const frame = frameOf(series);
  const hundred = H - (100 / frame.top) * H;
  return (
    <figure className="por-chart" data-testid="por-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('por.history')} width="100%">
        <line x1={0} x2={W} y1={hundred} y2={hundred} className="por-chart-100" />
        <text x={4} y={hundred - 4} className="por-chart-label">
          100%
        </text>
        {(['USDT', 'AGC'] as const).map((token) =>
          series[token].length > 0 ? (
            <polyline
              key={token}
              points={linePoints(series[token], frame, W, H)}
              fill="none"
              stroke={COLOURS[token]}
              strokeWidth={2}
              data-testid={`por-chart-${token.toLowerCase()}`}
            />
          ) : null,
        )}
      </svg>
      <figcaption className="small">
        {(['USDT', 'AGC'] as const).map((token) => (
          <span key={token} className="por-legend">
            <span className="por-swatch" style={{ background: COLOURS[token] }} aria-hidden="true" />
            {token}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
