import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const COLORS = ['#1677ff', '#16a34a', '#f59e0b', '#dc2626'];
const HEIGHT = 180;

/**
 * One uPlot line chart of daily figures (x: 00:00 UTC of each day, shown as UTC days). Loaded lazily by
 * AnalyticsCharts, so uPlot comes with the analytics page only. Fits its container's width.
 */
export default function DailyChart({
  labels,
  data,
  testId,
  points = false,
}: {
  labels: readonly string[];
  /** x, then one array per line; null is a day without a value (a gap). */
  data: (number | null)[][];
  testId: string;
  /** Draw each day's value as a dot and join the dots across gaps (sparse series: one route's p75 per day). */
  points?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const chart = new uPlot(
      {
        width: Math.max(260, el.clientWidth),
        height: HEIGHT,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        series: [
          {},
          ...labels.map((label, i) => ({
            label,
            stroke: COLORS[i % COLORS.length],
            width: 2,
            ...(points ? { points: { show: true, size: 7 }, spanGaps: true } : {}),
          })),
        ],
        axes: [{ size: 48 }, { size: 56 }],
        // The legend names the lines; the values are in the totals and the day table below.
        legend: { live: false },
        cursor: { drag: { x: false, y: false } },
      },
      data as uPlot.AlignedData,
      el,
    );
    const resize = () => chart.setSize({ width: Math.max(260, el.clientWidth), height: HEIGHT });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.destroy();
    };
  }, [labels, data, points]);
  return <div ref={ref} className="analytics-chart" data-testid={testId} />;
}
