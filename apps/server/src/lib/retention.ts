/**
 * Retention (docs/decisions 0147–0149): each module's job deletes its old rows in bounded statements, so a big
 * prune never holds its locks long nor fills the log with one huge transaction. No SQL here: each module's
 * repository deletes one batch.
 */
import type { AppContext } from '@server/context.ts';
import type { Job } from './jobs.ts';

/** Rows one retention statement deletes at most. */
export const RETENTION_BATCH = 10_000;

const DAY_MS = 86_400_000;

/** The instant `days` days before `now`. */
export const daysBefore = (now: Date, days: number): Date => new Date(now.getTime() - days * DAY_MS);

/**
 * Runs `deleteBatch(limit)` (one statement, its own transaction) until it deletes fewer than `limit` rows; the
 * number deleted in all. Idempotent: a run that stopped half-way is finished by the next.
 */
export async function deleteInBatches(
  deleteBatch: (limit: number) => Promise<number>,
  limit = RETENTION_BATCH,
): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await deleteBatch(limit);
    total += n;
    if (n < limit) return total;
  }
}

/**
 * An hourly job that deletes what its module keeps no longer: `prune` answers how many rows it deleted, logged as
 * `deleted` with the message `logged` when there were any.
 */
export const hourlyDeleteJob = (job: {
  name: string;
  firstDelayMs: number;
  prune: (ctx: AppContext) => Promise<number>;
  logged: string;
}): Job => ({
  name: job.name,
  everyMs: 3_600_000,
  firstDelayMs: job.firstDelayMs,
  run: async (ctx, log) => {
    const deleted = await job.prune(ctx);
    if (deleted > 0) log.info({ deleted }, job.logged);
  },
});
