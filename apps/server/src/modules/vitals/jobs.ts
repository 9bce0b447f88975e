import type { AppContext } from '@server/context.ts';
import type { Job } from '@server/lib/jobs.ts';
import { daysBefore, deleteInBatches, hourlyDeleteJob } from '@server/lib/retention.ts';
import { dayKey } from '@server/modules/rules/index.ts';
import { deleteVitalsBefore } from './repository.ts';

/**
 * Deletes the rows of UTC days before the last VITALS_KEEP_DAYS (today included, by the server's clock), in
 * statements of at most RETENTION_BATCH rows. The number deleted.
 */
export async function pruneVitals(ctx: AppContext): Promise<number> {
  const firstKept = dayKey(daysBefore(ctx.now(), ctx.config.retention.vitalsDays - 1));
  return deleteInBatches((limit) => deleteVitalsBefore(ctx.db, firstKept, limit));
}

/** Core Web Vitals past their retention, deleted hourly (docs/decisions 0148). */
export const vitalsRetentionJob: Job = hourlyDeleteJob({
  name: 'vitals-retention',
  firstDelayMs: 90_000,
  prune: pruneVitals,
  logged: 'old Core Web Vitals rows deleted',
});
