import type { DbOrTx } from '@agc/db';
import type { AppContext } from '@server/context.ts';
import { batcherPerDatabase } from '@server/lib/batcher.ts';
import { invalidate } from '@server/lib/caches.ts';
import { approvalOrigins, loadSnapshots, type MemberSnapshot } from './repository.ts';

/** The snapshots missing at the same moment in this process are read in one query. */
const loaderFor = batcherPerDatabase(loadSnapshots);

/**
 * The member's snapshot, cached in this process for MEMBER_CACHE_TTL_MS (default 1 s). Writers call
 * `invalidateMember` after commit, which reaches every process (lib/caches.ts); the TTL only bounds a lost
 * message. Misses at the same moment (every buyer at a launch) are read together, one query per batch
 * (lib/batcher.ts). Nothing that moves money reads from here.
 */
export function memberSnapshot(ctx: AppContext, id: bigint): Promise<MemberSnapshot | undefined> {
  return ctx.cache.members.getOrLoad(id, () => loaderFor(ctx.db).load(id));
}

export function invalidateMember(ctx: AppContext, id: bigint): void {
  invalidate(ctx, { kind: 'members', ids: [id] });
}

/**
 * Who gained approval power from whom within ROLE_COOLING_HOURS, among a set of members: the one maker-checker rule
 * of independence (withdrawal approvals, a chain incident's reversal). Two members are `related` when either gained
 * an approval role it holds from the other (asked for or confirmed by the other, directly or through a chain of such
 * grants) inside the window; the configured admins are the root of trust and gained theirs from nobody.
 */
export interface ApprovalLinks {
  related(a: bigint, b: bigint): boolean;
}

export async function approvalLinks(
  ctx: AppContext,
  db: DbOrTx,
  ids: readonly bigint[],
): Promise<ApprovalLinks> {
  const unique = [...new Set(ids)];
  const since = new Date(ctx.now().getTime() - ctx.config.roles.coolingMs);
  const origins =
    ctx.config.roles.coolingMs === 0
      ? new Map<bigint, Set<bigint>>()
      : await approvalOrigins(db, unique, since, ctx.config.adminAddresses);
  return {
    related: (a, b) => a === b || !!origins.get(a)?.has(b) || !!origins.get(b)?.has(a),
  };
}
