import type { AppContext } from '../../context.ts';
import { invalidate } from '../../lib/caches.ts';
import { loadSnapshot, type MemberSnapshot } from './repository.ts';

/**
 * The member's snapshot, cached in this process for MEMBER_CACHE_TTL_MS (default 1 s). Writers in this
 * process call `invalidateMember` after commit; other processes see a change within the TTL. Nothing
 * that moves money reads from here.
 */
export function memberSnapshot(ctx: AppContext, id: bigint): Promise<MemberSnapshot | undefined> {
  return ctx.cache.members.getOrLoad(id, () => loadSnapshot(ctx.db, id));
}

export function invalidateMember(ctx: AppContext, id: bigint): void {
  invalidate(ctx, { kind: 'members', ids: [id] });
}
