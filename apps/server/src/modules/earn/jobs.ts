import type { Job } from '../../lib/jobs.ts';

/** Simple earn's background work: arrivals of transfers out, the daily interest. */
export const earnJobs: Job[] = [];
