import type { PorSnapshot } from '@agc/shared';

export interface CoveragePoint {
  /** Unix milliseconds of the snapshot. */
  t: number;
  /** Coverage in percent, for drawing only (the figures shown are the exact basis points). */
  pct: number;
}

/** Oldest first, per token: the coverage of each published snapshot with something owed. */
export function coverageSeries(list: readonly PorSnapshot[]): Record<'USDT' | 'AGC', CoveragePoint[]> {
  const out: Record<'USDT' | 'AGC', CoveragePoint[]> = { USDT: [], AGC: [] };
  for (const s of [...list].reverse())
    for (const a of s.assets)
      if (a.coverage_bp !== null)
        out[a.asset].push({ t: Date.parse(s.as_of), pct: Number(a.coverage_bp) / 100 });
  return out;
}

/** The chart's frame: time from the first to the last point, coverage from 0 to at least 120 % (100 % always in). */
export function frameOf(series: Record<string, CoveragePoint[]>) {
  const all = Object.values(series).flat();
  const t0 = Math.min(...all.map((p) => p.t));
  const t1 = Math.max(...all.map((p) => p.t));
  const top = Math.max(120, ...all.map((p) => p.pct));
  return { t0, t1: t1 === t0 ? t0 + 1 : t1, top };
}

/** SVG polyline points of a series in a width × height box. */
export function linePoints(
  points: readonly CoveragePoint[],
  frame: ReturnType<typeof frameOf>,
  width: number,
  height: number,
): string {
  return points
    .map((p) => {
      const x = ((p.t - frame.t0) / (frame.t1 - frame.t0)) * width;
      const y = height - (p.pct / frame.top) * height;
      return `${tenth(x)},${tenth(y)}`;
    })
    .join(' ');
}

/** An SVG coordinate to a tenth of a pixel (a position, not a figure anyone reads). */
const tenth = (v: number) => String(Math.round(v * 10) / 10);
