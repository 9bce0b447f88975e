// The rewards-over-time chart as numbers: stacked bars per day, one segment per reward kind, on an axis that
// ends at a round figure. Amounts stay bigint (USDT minor units) until they become pixels.
import {
  maxOf,
  parseAmount,
  type RewardKind,
  type RewardSeries,
  rewardKind,
  USDT_DECIMALS,
} from '@agc/shared';

/** The kinds from the bottom of a bar up (the order of the reward pages). */
export const CHART_KINDS: readonly RewardKind[] = rewardKind.options;

/** The drawing's box (SVG user units): the plot, with room for the axis labels on the left and below. */
export const CHART_BOX = { width: 340, height: 176, left: 44, right: 14, top: 8, bottom: 150 } as const;

export interface ChartSegment {
  kind: RewardKind;
  y: number;
  height: number;
}

export interface ChartBar {
  day: string;
  x: number;
  width: number;
  segments: ChartSegment[];
  /** The day's rewards (value, USDT minor units). */
  total: bigint;
  /** Shown under the bar (MM-DD), or null where labels would crowd. */
  label: string | null;
}

export interface ChartTick {
  value: bigint;
  y: number;
}

export interface ChartModel {
  bars: ChartBar[];
  /** The axis: 0, half and the top (USDT minor units). */
  ticks: ChartTick[];
  /** Per kind over the whole span, and in all. */
  totals: Record<RewardKind, bigint>;
  total: bigint;
}

const UNIT = 10n ** BigInt(USDT_DECIMALS);

/** The smallest 1, 2 or 5 × 10^k USDT (k ≥ 0) at or above `max`; 1 USDT for an empty span. */
export function niceMax(max: bigint): bigint {
  let step = UNIT;
  for (;;) {
    for (const m of [1n, 2n, 5n]) if (step * m >= max) return step * m;
    step *= 10n;
  }
}

/** `value` of `max` as a length of `span` units (2 decimals: enough for pixels, no float near the amount). */
const scale = (value: bigint, max: bigint, span: number) =>
  max === 0n ? 0 : Number((value * BigInt(Math.round(span * 100))) / max) / 100;

/** Day labels: every day for a week; over longer spans every 7th day counted back from today. */
const labelOf = (day: string, index: number, count: number) =>
  count <= 7 || (count - 1 - index) % 7 === 0 ? day.slice(5) : null;

export function chartModel(series: RewardSeries): ChartModel {
  const { left, right, top, bottom, width } = CHART_BOX;
  const plotWidth = width - left - right;
  const plotHeight = bottom - top;
  const days = series.list.map((d) => {
    const byKind = Object.fromEntries(
      CHART_KINDS.map((k) => [k, parseAmount(d.kinds[k].amount, USDT_DECIMALS)]),
    ) as Record<RewardKind, bigint>;
    return { day: d.day, byKind, total: CHART_KINDS.reduce((t, k) => t + byKind[k], 0n) };
  });
  const max = niceMax(days.reduce((m, d) => maxOf(m, d.total), 0n));
  const slot = days.length === 0 ? plotWidth : plotWidth / days.length;
  const barWidth = Math.max(2, Math.min(28, slot * 0.64));
  const bars = days.map((d, i): ChartBar => {
    let base = bottom;
    const segments: ChartSegment[] = [];
    for (const kind of CHART_KINDS) {
      const v = d.byKind[kind];
      if (v === 0n) continue;
      // At least half a unit: a reward too small for the scale still shows.
      const height = Math.max(0.5, scale(v, max, plotHeight));
      base -= height;
      segments.push({ kind, y: base, height });
    }
    return {
      day: d.day,
      x: left + slot * i + (slot - barWidth) / 2,
      width: barWidth,
      segments,
      total: d.total,
      label: labelOf(d.day, i, days.length),
    };
  });
  const totals = Object.fromEntries(
    CHART_KINDS.map((k) => [k, days.reduce((t, d) => t + d.byKind[k], 0n)]),
  ) as Record<RewardKind, bigint>;
  return {
    bars,
    ticks: [0n, max / 2n, max].map((value) => ({ value, y: bottom - scale(value, max, plotHeight) })),
    totals,
    total: CHART_KINDS.reduce((t, k) => t + totals[k], 0n),
  };
}

/** An axis figure, short: "0", "0.5", "2,500", "25K", "2.5M" (whole USDT above 1). */
export function axisLabel(value: bigint): string {
  const whole = value / UNIT;
  const group = (n: bigint) => n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const short = (n: bigint, unit: bigint, suffix: string) => {
    const tenths = (n * 10n) / unit;
    return `${tenths / 10n}${tenths % 10n === 0n ? '' : `.${tenths % 10n}`}${suffix}`;
  };
  if (whole >= 1_000_000n) return short(whole, 1_000_000n, 'M');
  if (whole >= 10_000n) return short(whole, 1_000n, 'K');
  if (value % UNIT === 0n) return group(whole);
  const frac = (value % UNIT).toString().padStart(USDT_DECIMALS, '0').replace(/0+$/, '');
  return `${group(whole)}.${frac}`;
}
