import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const COLORS = ['#1677ff', '#16a34a', '#f59e0b', '#dc2626'];
const HEIGHT = 180;

/**
 * One uPlot line chart over time (x: unix seconds), fitting its container's width. Always loaded lazily
 * (`lazy(() => import(...))`), so uPlot (~50 KB) comes in a chunk of its own with the first chart a page shows: the
 * admin analytics (days, shown as UTC days) and the exchange page's 24 h price (`utc={false}`: the reader's hours).
 */
export default function LineChart({
  labels,
  data,
  testId,
  points = false,
  className,
  utc = true,
}: {
  labels: readonly string[];
  /** x, then one array per line; null is a day without a value (a gap). */
  data: (number | null)[][];
  testId: string;
  className: string;
  /** Draw each value as a dot and join the dots across gaps (sparse series: one route's p75 per day). */
  points?: boolean;
  /** The x axis in UTC (days); false for the local time of a price chart. */
  utc?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const chart = new uPlot(
      {
        width: Math.max(260, el.clientWidth),
        height: HEIGHT,
        ...(utc && { tzDate: (ts: number) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC') }),
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
        // The legend names the lines; the values are beside the chart.
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
  }, [labels, data, points, utc]);
  return <div ref={ref} className={className} data-testid={testId} />;
}
