import { type DbOrTx, schema } from '@agc/db';
import type { Role } from '@agc/shared';
import { eq, inArray, isNull, sql } from 'drizzle-orm';
import type { MemberSnapshot } from '../../lib/caches.ts';

export type { MemberSnapshot };

const { users, userRoles } = schema;

export type Member = typeof users.$inferSelect;

export async function findByAddress(db: DbOrTx, address: string): Promise<Member | undefined> {
  const [row] = await db.select().from(users).where(eq(users.address, address.toLowerCase())).limit(1);
  return row;
}

export async function findById(db: DbOrTx, id: bigint): Promise<Member | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findByInviteCode(db: DbOrTx, code: string): Promise<Member | undefined> {
  const [row] = await db.select().from(users).where(eq(users.inviteCode, code)).limit(1);
  return row;
}

export async function grantRole(
  db: DbOrTx,
  userId: bigint,
  role: Role,
  grantedBy: bigint | null,
): Promise<void> {
  await db.insert(userRoles).values({ userId, role, grantedBy }).onConflictDoNothing();
}

export async function hasAnyMember(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

export async function findRoot(db: DbOrTx): Promise<Member | undefined> {
  const [row] = await db.select().from(users).where(isNull(users.inviterId)).limit(1);
  return row;
}

/** Addresses of members by id (one query). */
export async function addressesOf(db: DbOrTx, ids: bigint[]): Promise<Map<bigint, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, address: users.address })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.address]));
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

/** Snapshots of members by id, one query, in the ids' order (undefined for an unknown id). */
export async function loadSnapshots(db: DbOrTx, ids: bigint[]): Promise<(MemberSnapshot | undefined)[]> {
  const rows = await db
    .select(snapshotColumns)
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(inArray(users.id, [...new Set(ids)]))
    .groupBy(users.id);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id));
}
