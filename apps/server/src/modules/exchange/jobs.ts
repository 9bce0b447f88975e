import type { Job } from '@server/lib/jobs.ts';
import { hourlyDeleteJob } from '@server/lib/retention.ts';
import { purgeStaleQuotes } from './service.ts';

/** Open quotes expired over a day ago are deleted (never accepted, nothing to keep); accepted ones stay. */
export const exchangeQuotePurgeJob: Job = hourlyDeleteJob({
  name: 'exchange-quote-purge',
  firstDelayMs: 60_000,
  prune: purgeStaleQuotes,
  logged: 'stale exchange quotes deleted',
});

/** The exchange's background work: clearing quotes long expired. */
export const exchangeJobs: Job[] = [exchangeQuotePurgeJob];
