import type { Job } from '@server/lib/jobs.ts';
import { rollUpClosedDays } from './service.ts';

/**
 * The daily rollups: every minute, the closed days without a row (at start: the whole history, so the demo data
 * shows at once) and the days settled since their row was written. Usually nothing to do; once a day one day,
 * and once more when its settlement has run.
 */
export const analyticsRollupJob: Job = {
  name: 'analytics-rollup',
  everyMs: 60_000,
  firstDelayMs: 2000,
  run: async (ctx, log) => {
    const days = await rollUpClosedDays(ctx);
    if (days.length > 0)
      log.info({ from: days[0], to: days[days.length - 1], days: days.length }, 'analytics rolled up');
  },
};

export const analyticsJobs: Job[] = [analyticsRollupJob];
