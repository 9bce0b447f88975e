import type { Job } from '@server/lib/jobs.ts';
import { fundBillJobs } from './bills/jobs.ts';
import { fundEarningJobs } from './earnings/jobs.ts';
import { fundOrderJobs } from './orders/jobs.ts';

/** The funds' background work: subscription expiry, the monthly bills, the daily fund earnings. */
export const fundJobs: Job[] = [...fundOrderJobs, ...fundBillJobs, ...fundEarningJobs];
