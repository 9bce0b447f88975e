import type { Job } from '../../lib/jobs.ts';

/** The exchange's background work: clearing quotes long expired. */
export const exchangeJobs: Job[] = [];
