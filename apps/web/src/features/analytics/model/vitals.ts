import type { VitalsDay } from '@agc/shared';
import { formatCount, formatScaled } from '@web/lib/format.ts';

export const VITAL_METRICS = ['lcp_ms', 'inp_ms', 'cls_e4'] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

const SAMPLES: Record<VitalMetric, 'lcp_samples' | 'inp_samples' | 'cls_samples'> = {
  lcp_ms: 'lcp_samples',
  inp_ms: 'inp_samples',
  cls_e4: 'cls_samples',
};

/** A p75 as the page shows it: milliseconds as "1,234 ms", CLS back to its own scale ("0.05"). */
export function formatVital(metric: VitalMetric, value: number | null): string {
  if (value === null) return '—';
  if (metric === 'cls_e4') return formatScaled(value, 4);
  return `${formatCount(value)} ms`;
}

/** The routes that reported a metric in the range, most page views first, at most `max` (the chart's lines). */
export function topRoutes(list: readonly VitalsDay[], metric: VitalMetric, max = 4): string[] {
  const views = new Map<string, number>();
  for (const d of list) views.set(d.route, (views.get(d.route) ?? 0) + d[SAMPLES[metric]]);
  return [...views]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, max)
    .map(([route]) => route);
}

/**
 * The chart's data: x in seconds (00:00 UTC of each day of the range) and, per route, its p75 of the metric that
 * day (null where no page view of the route reported it: a gap in the line). CLS on its own scale.
 */
export function vitalsChartData(
  list: readonly VitalsDay[],
  days: readonly string[],
  routes: readonly string[],
  metric: VitalMetric,
): (number | null)[][] {
  const at = new Map(list.map((d) => [`${d.day} ${d.route}`, d[metric]]));
  const divisor = metric === 'cls_e4' ? 10_000 : 1;
  return [
    days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000),
    ...routes.map((route) =>
      days.map((day) => {
        const v = at.get(`${day} ${route}`);
        return v === undefined || v === null ? null : v / divisor;
      }),
    ),
  ];
}

/** Every UTC day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}
