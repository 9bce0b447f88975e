import { type DbOrTx, schema } from '@agc/db';
import type { Role } from '@agc/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { invalidate, type SessionState } from '../../lib/caches.ts';

const { users, userRoles, sessions } = schema;

/** What every authenticated request needs of a member, read in one query. */
export interface MemberSnapshot {
  id: bigint;
  address: string;
  inviteCode: string;
  createdAt: Date;
  invitedCount: number;
  /** Depth in the placement tree (placement never changes after sign-up). */
  depth: number;
  roles: Role[];
}

const snapshotColumns = {
  id: users.id,
  address: users.address,
  inviteCode: users.inviteCode,
  createdAt: users.createdAt,
  invitedCount: users.invitedCount,
  depth: users.depth,
  roles: sql<
    Role[]
  >`coalesce(array_agg(${userRoles.role}) filter (where ${userRoles.role} is not null), '{}')`,
};

export async function loadSnapshot(db: DbOrTx, id: bigint): Promise<MemberSnapshot | undefined> {
  const [row] = await db
    .select(snapshotColumns)
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(eq(users.id, id))
    .groupBy(users.id);
  return row;
}

/** The member's snapshot and one of its sessions, in one query (the auth check on a cold cache). */
export async function loadSessionAndMember(
  db: DbOrTx,
  sessionId: string,
  userId: bigint,
): Promise<{ session: SessionState | undefined; member: MemberSnapshot | undefined }> {
  const [row] = await db
    .select({
      member: snapshotColumns,
      session: { userId: sessions.userId, revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt },
    })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(sessions, eq(sessions.id, sessionId))
    .where(eq(users.id, userId))
    .groupBy(users.id, sessions.id);
  if (!row) return { session: undefined, member: undefined };
  // A session that does not exist comes back as a row of nulls from the outer join.
  return { session: row.session?.userId == null ? undefined : row.session, member: row.member };
}

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
