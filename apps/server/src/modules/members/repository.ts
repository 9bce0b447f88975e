import { type DbOrTx, rowsOf, schema } from '@agc/db';
import type { Role } from '@agc/shared';
import type { MemberSnapshot } from '@server/lib/caches.ts';
import { eq, inArray, isNull, sql } from 'drizzle-orm';

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

/**
 * Grants a role directly (the seed, tests): no second admin involved. `requestedBy` names the admin who asked for it
 * when it stands for a confirmed request; `at` backdates it (the maker-checker cooling reads when a role was gained).
 */
export async function grantRole(
  db: DbOrTx,
  userId: bigint,
  role: Role,
  grantedBy: bigint | null,
  more: { requestedBy?: bigint; at?: Date } = {},
): Promise<void> {
  await db
    .insert(userRoles)
    .values({
      userId,
      role,
      grantedBy,
      requestedBy: more.requestedBy ?? null,
      ...(more.at && { createdAt: more.at }),
    })
    .onConflictDoNothing();
}

/** The roles that carry approval power (of withdrawals, NAVs, incidents, role changes). */
export const APPROVAL_ROLES: readonly Role[] = ['admin', 'auditor'];

/**
 * For each of `ids`, the members it gained an approval role from since `since`: the admin who asked for and the
 * admin who confirmed a grant of admin or auditor it still holds, and — transitively — whoever those two gained
 * their own approval role from within the same window. A configured admin (`rootAddresses`) gained its power from
 * the configuration, not from anyone: the chain stops there. One recursive query (`union` ends cycles).
 */
export async function approvalOrigins(
  db: DbOrTx,
  ids: readonly bigint[],
  since: Date,
  rootAddresses: readonly string[],
): Promise<Map<bigint, Set<bigint>>> {
  const out = new Map<bigint, Set<bigint>>();
  if (ids.length === 0) return out;
  const rows = rowsOf<{ person: string; origin: string }>(
    await db.execute(sql`
      with recursive edge(person, origin) as (
        select r.user_id, o.origin from user_roles r
        join users u on u.id = r.user_id
        cross join lateral (values (r.requested_by), (r.granted_by)) as o(origin)
        where r.role in ('admin', 'auditor') and r.created_at >= ${since.toISOString()}::timestamptz
          and o.origin is not null and o.origin <> r.user_id
          and u.address <> all(${sql.param([...rootAddresses])}::text[])
      ),
      reach(person, origin) as (
        select person, origin from edge
        where person = any(${sql.param(ids.map(String))}::bigint[])
        union
        select reach.person, edge.origin from reach join edge on edge.person = reach.origin
        where edge.origin <> reach.person
      )
      select person::text as person, origin::text as origin from reach`),
  );
  for (const r of rows) {
    const person = BigInt(r.person);
    const set = out.get(person) ?? new Set<bigint>();
    set.add(BigInt(r.origin));
    out.set(person, set);
  }
  return out;
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
