import type { DbOrTx } from '@agc/db';
import { observationsSince } from './repository.ts';
import type { PriceSourceName } from './service.ts';

const DAY_MS = 86_400_000;
/** One point per 5 minutes at most: 288 a day, enough for a phone's width, whatever PRICE_SAMPLE_SECONDS is. */
const BUCKET_MS = 300_000;

export interface ChartPoint {
  at: Date;
  /** The TWAP (the price used) and the pool's spot price, USDT minor units per AGC. */
  usdtPerAgc: bigint;
  spotUsdtPerAgc: bigint;
  block: bigint;
  /** False when the guards refused that reading (a paused moment). */
  accepted: boolean;
}

/**
 * The last 24 hours of a source's stored readings for the exchange page's chart: the newest reading of every
 * 5-minute bucket, oldest first. A fixed source stores none: no points.
 */
export async function priceChart(db: DbOrTx, source: PriceSourceName, now: Date): Promise<ChartPoint[]> {
  if (source === 'fixed') return [];
  const rows = await observationsSince(db, source, new Date(now.getTime() - DAY_MS));
  const byBucket = new Map<number, ChartPoint>();
  for (const r of rows)
    byBucket.set(Math.floor(r.observedAt.getTime() / BUCKET_MS), {
      at: r.observedAt,
      usdtPerAgc: r.usdtPerAgc,
      spotUsdtPerAgc: r.spotUsdtPerAgc,
      block: r.block,
      accepted: r.agcAccepted,
    });
  return [...byBucket.values()];
}
