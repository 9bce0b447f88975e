import type { AppContext } from '../../context.ts';
import { batcherPerDatabase } from '../../lib/batcher.ts';
import { invalidate } from '../../lib/caches.ts';
import { loadSnapshots, type MemberSnapshot } from './repository.ts';

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
