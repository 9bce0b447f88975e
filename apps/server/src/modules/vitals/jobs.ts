import type { AppContext } from '@server/context.ts';
import type { Job } from '@server/lib/jobs.ts';
import { daysBefore, deleteInBatches } from '@server/lib/retention.ts';
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
export const vitalsRetentionJob: Job = {
  name: 'vitals-retention',
  everyMs: 3_600_000,
  firstDelayMs: 90_000,
  run: async (ctx, log) => {
    const deleted = await pruneVitals(ctx);
    if (deleted > 0) log.info({ deleted }, 'old Core Web Vitals rows deleted');
  },
};
