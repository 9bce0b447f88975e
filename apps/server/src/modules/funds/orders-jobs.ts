import type { Job } from '../../lib/jobs.ts';

/** (Stub: the owning work fills this in.) */
export const fundOrderJobs: Job[] = [];
