import type { PriceChart } from '@agc/shared';

/**
 * The chart's series (uPlot's aligned data): x in unix seconds, then the price in use (the TWAP) and the pool's spot.
 * Numbers for drawing only: nothing is computed or paid from them (the figures shown as text are the server's
 * strings).
 */
export function chartSeries(points: PriceChart['points']): [number[], number[], number[]] {
  return [
    points.map((p) => Math.floor(Date.parse(p.at) / 1000)),
    points.map((p) => Number(p.price_usdt)),
    points.map((p) => Number(p.spot_usdt)),
  ];
}

/** The newest reading was refused by the guards: prices are paused now. */
export const pausedNow = (points: PriceChart['points']): boolean => points.at(-1)?.accepted === false;
