import type { Job } from '../../lib/jobs.ts';

/** The launchpad's background work: releasing locked AGC on schedule. */
export const launchpadJobs: Job[] = [];
