import type { AppContext } from '@server/context.ts';
import type { Job } from '@server/lib/jobs.ts';
import { daysBefore, deleteInBatches, hourlyDeleteJob } from '@server/lib/retention.ts';
import { deleteObservationsBefore, observationSources } from './repository.ts';

/**
 * Keeps market readings coming when nobody asks for a price (the exchange page's chart, the alert on a paused
 * price): every 15 s it reads the market if the reading in use is older than PRICE_SAMPLE_SECONDS. A source without
 * a market (fixed) has nothing to read.
 */
export const priceSamplerJob: Job = {
  name: 'price-sampler',
  everyMs: 15_000,
  run: async (ctx) => {
    await ctx.prices.sample?.();
  },
};

/**
 * Deletes the readings older than PRICE_OBSERVATIONS_KEEP_DAYS (by the server's clock), per source, in statements of
 * at most RETENTION_BATCH rows; the newest accepted reading before the cut stays (see `deleteObservationsBefore`).
 * The number deleted.
 */
export async function prunePriceObservations(ctx: AppContext): Promise<number> {
  const before = daysBefore(ctx.now(), ctx.config.retention.priceObservationsDays);
  let deleted = 0;
  for (const source of await observationSources(ctx.db))
    deleted += await deleteInBatches((limit) => deleteObservationsBefore(ctx.db, source, before, limit));
  return deleted;
}

/** Price readings past their retention, deleted hourly (docs/decisions 0147). */
export const priceRetentionJob: Job = hourlyDeleteJob({
  name: 'price-retention',
  firstDelayMs: 60_000,
  prune: prunePriceObservations,
  logged: 'old price readings deleted',
});
