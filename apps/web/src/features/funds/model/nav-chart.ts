// The NAV chart as numbers: a line through the published NAVs (oldest first), on an axis from a little below the
// lowest to a little above the highest. NAVs stay bigint (8 decimals) until they become pixels.
import { formatAmount, maxOf, minOf, parseAmount } from '@agc/shared';

export const NAV_DECIMALS = 8;

/** The drawing's box (SVG user units), with room for the axis labels on the left and the days below. */
export const NAV_BOX = { width: 340, height: 170, left: 52, right: 12, top: 10, bottom: 144 } as const;

export interface NavPoint {
  day: string;
  nav: string;
}

export interface NavChartModel {
  /** The SVG path of the line ('' with no point). */
  path: string;
  dots: { day: string; nav: string; x: number; y: number }[];
  /** Axis: the bottom, middle and top value (decimal strings) and their y. */
  ticks: { value: string; y: number }[];
  /** Day labels: the first, the middle and the last point (that one anchored at its end, inside the box). */
  labels: { day: string; x: number; anchor: 'middle' | 'end' }[];
  first: string | null;
  last: string | null;
  /** last − first over first, in percent with 2 decimals (signed), null with fewer than two points. */
  changePercent: string | null;
}

/** (a × span) / b as a number with 2 decimals: pixels only, never an amount. */
const ratio = (a: bigint, b: bigint, span: number) =>
  b === 0n ? 0 : Number((a * BigInt(Math.round(span * 100))) / b) / 100;

/** A signed percent with 2 decimals, truncated toward zero (display only). */
export function changePercent(first: bigint, last: bigint): string | null {
  if (first <= 0n) return null;
  const bp = ((last - first) * 10_000n) / first; // hundredths of a percent
  const sign = bp < 0n ? '-' : bp > 0n ? '+' : '';
  const abs = bp < 0n ? -bp : bp;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

export function navChartModel(points: readonly NavPoint[]): NavChartModel {
  const { width, left, right, top, bottom } = NAV_BOX;
  const values = points.map((p) => parseAmount(p.nav, NAV_DECIMALS));
  if (values.length === 0)
    return { path: '', dots: [], ticks: [], labels: [], first: null, last: null, changePercent: null };
  let lo = values.reduce((a, b) => minOf(a, b));
  let hi = values.reduce((a, b) => maxOf(a, b));
  // A flat line sits in the middle; otherwise 10% of the range of room above and below.
  const pad = hi === lo ? (hi / 100n > 0n ? hi / 100n : 1n) : (hi - lo) / 10n;
  lo = lo - pad < 0n ? 0n : lo - pad;
  hi += pad;
  const range = hi - lo;
  const plotWidth = width - left - right;
  const plotHeight = bottom - top;
  const xOf = (i: number) =>
    values.length === 1 ? left + plotWidth / 2 : left + (plotWidth * i) / (values.length - 1);
  const yOf = (v: bigint) => bottom - ratio(v - lo, range, plotHeight);
  const dots = points.map((p, i) => ({
    day: p.day,
    nav: p.nav,
    x: Math.round(xOf(i) * 100) / 100,
    y: yOf(values[i] ?? 0n),
  }));
  const path = dots.map((d, i) => `${i === 0 ? 'M' : 'L'}${d.x} ${d.y}`).join(' ');
  const mid = lo + range / 2n;
  const ticks = [lo, mid, hi].map((v) => ({ value: formatAmount(v, NAV_DECIMALS), y: yOf(v) }));
  const idx = [...new Set([0, Math.floor((points.length - 1) / 2), points.length - 1])];
  // The last day's label ends at its point: centred there it ran past the box's right edge and was cut at 390 px.
  const labels = idx.map((i, k) => ({
    day: dots[i]?.day ?? '',
    x: dots[i]?.x ?? 0,
    anchor: (k === idx.length - 1 && idx.length > 1 ? 'end' : 'middle') as 'end' | 'middle',
  }));
  const first = values[0] ?? 0n;
  const last = values[values.length - 1] ?? 0n;
  return {
    path,
    dots,
    ticks,
    labels,
    first: points[0]?.nav ?? null,
    last: points[points.length - 1]?.nav ?? null,
    changePercent: values.length > 1 ? changePercent(first, last) : null,
  };
}

/** An axis label: the NAV cut to 4 decimals (labels only; the table has every digit). */
export function navTick(value: string): string {
  const [whole = '0', frac = ''] = value.split('.');
  return `${whole}.${frac.padEnd(4, '0').slice(0, 4)}`;
}
