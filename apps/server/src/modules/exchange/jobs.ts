import type { Job } from '@server/lib/jobs.ts';
import { purgeStaleQuotes } from './service.ts';

/** Open quotes expired over a day ago are deleted (never accepted, nothing to keep); accepted ones stay. */
export const exchangeQuotePurgeJob: Job = {
  name: 'exchange-quote-purge',
  everyMs: 60 * 60 * 1000,
  firstDelayMs: 60_000,
  run: async (ctx, log) => {
    const deleted = await purgeStaleQuotes(ctx);
    if (deleted > 0) log.info({ deleted }, 'stale exchange quotes deleted');
  },
};

/** The exchange's background work: clearing quotes long expired. */
export const exchangeJobs: Job[] = [exchangeQuotePurgeJob];
