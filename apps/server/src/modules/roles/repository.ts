import { type DbOrTx, schema } from '@agc/db';
import type { Role } from '@agc/shared';
import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

const { users, userRoles, roleRequests } = schema;

/** The roles granted in the database to one member (configuration not included). */
export async function grantedRoles(db: DbOrTx, userId: bigint): Promise<Role[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.role).sort();
}

/**
 * Locks every `admin` row of user_roles (FOR UPDATE) and answers their members' ids. A revocation of `admin` holds
 * these locks until it commits, so a second revocation waits, then sees the first one's row gone (PostgreSQL skips a
 * locked row deleted meanwhile) and counts one admin fewer: two revocations cannot remove the last two admins.
 */
export async function lockAdminGrants(tx: DbOrTx): Promise<bigint[]> {
  const rows = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.role, 'admin'))
    .orderBy(asc(userRoles.userId))
    .for('update');
  return rows.map((r) => r.userId);
}

/** The members among these addresses, by address (the configured admins who signed up). */
export async function membersByAddress(
  db: DbOrTx,
  addresses: readonly string[],
): Promise<Map<string, bigint>> {
  if (addresses.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, address: users.address })
    .from(users)
    .where(inArray(users.address, [...addresses]));
  return new Map(rows.map((r) => [r.address, r.id]));
}

/**
 * Grants a role; false when the member held it already (nothing written). `requestedBy`: the admin who asked for it
 * when a second admin (`grantedBy`) confirmed.
 */
export async function insertRole(
  db: DbOrTx,
  userId: bigint,
  role: Role,
  grantedBy: bigint,
  now: Date,
  requestedBy: bigint | null = null,
): Promise<boolean> {
  const rows = await db
    .insert(userRoles)
    .values({ userId, role, grantedBy, requestedBy, createdAt: now })
    .onConflictDoNothing()
    .returning({ userId: userRoles.userId });
  return rows.length === 1;
}

/** Revokes a role; false when the member did not hold it. */
export async function deleteRole(db: DbOrTx, userId: bigint, role: Role): Promise<boolean> {
  const rows = await db
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
    .returning({ userId: userRoles.userId });
  return rows.length === 1;
}

export interface GrantRow {
  userId: bigint;
  address: string;
  role: Role;
  grantedBy: string | null;
  grantedAt: Date;
}

/** Every role granted in the database, with the holder's and the granter's addresses, oldest grant first. */
export async function allGrants(db: DbOrTx): Promise<GrantRow[]> {
  const granter = alias(users, 'granter');
  return db
    .select({
      userId: userRoles.userId,
      address: users.address,
      role: userRoles.role,
      grantedBy: granter.address,
      grantedAt: userRoles.createdAt,
    })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .leftJoin(granter, eq(granter.id, userRoles.grantedBy))
    .orderBy(asc(userRoles.createdAt), asc(users.address), asc(userRoles.role));
}

export type RequestAction = 'grant' | 'revoke';

export interface RequestRow {
  id: bigint;
  userId: bigint;
  address: string;
  role: Role;
  action: RequestAction;
  requestedById: bigint;
  requestedBy: string;
  status: 'pending' | 'confirmed' | 'cancelled' | 'expired';
  createdAt: Date;
  expiresAt: Date;
}

function requestQuery(db: DbOrTx) {
  const requester = alias(users, 'requester');
  return db
    .select({
      id: roleRequests.id,
      userId: roleRequests.userId,
      address: users.address,
      role: roleRequests.role,
      action: roleRequests.action,
      requestedById: roleRequests.requestedBy,
      requestedBy: requester.address,
      status: roleRequests.status,
      createdAt: roleRequests.createdAt,
      expiresAt: roleRequests.expiresAt,
    })
    .from(roleRequests)
    .innerJoin(users, eq(users.id, roleRequests.userId))
    .innerJoin(requester, eq(requester.id, roleRequests.requestedBy));
}

/** The changes waiting for a second admin and not expired at `now`, oldest first. */
export async function pendingRequests(db: DbOrTx, now: Date): Promise<RequestRow[]> {
  return requestQuery(db)
    .where(and(eq(roleRequests.status, 'pending'), gt(roleRequests.expiresAt, now)))
    .orderBy(asc(roleRequests.id));
}

/**
 * Asks for a change; null when one for this member and role is pending already (the partial unique index: a grant
 * and a revocation of one role never wait side by side).
 */
export async function insertRequest(
  db: DbOrTx,
  userId: bigint,
  role: Role,
  action: RequestAction,
  requestedBy: bigint,
  now: Date,
  expiresAt: Date,
): Promise<bigint | null> {
  const rows = await db
    .insert(roleRequests)
    .values({ userId, role, action, requestedBy, createdAt: now, expiresAt })
    .onConflictDoNothing()
    .returning({ id: roleRequests.id });
  return rows[0]?.id ?? null;
}

/** One request, locked until the transaction ends (two admins deciding at once: the second sees the first's outcome). */
export async function lockRequest(tx: DbOrTx, id: bigint): Promise<RequestRow | undefined> {
  const [row] = await requestQuery(tx).where(eq(roleRequests.id, id)).for('update', { of: roleRequests });
  return row;
}

export async function decideRequest(
  tx: DbOrTx,
  id: bigint,
  status: 'confirmed' | 'cancelled',
  decidedBy: bigint,
  now: Date,
): Promise<void> {
  await tx
    .update(roleRequests)
    .set({ status, decidedBy, decidedAt: now })
    .where(and(eq(roleRequests.id, id), eq(roleRequests.status, 'pending')));
}

/**
 * Marks the pending requests whose time ran out at `now` expired (all of them, or one member's one role) and answers
 * them. Each row is locked by the update: a confirmation deciding it at the same moment waits, then sees it expired
 * (or the update skips it, already decided).
 */
export async function expireRequests(
  tx: DbOrTx,
  now: Date,
  only?: { userId: bigint; role: Role },
): Promise<RequestRow[]> {
  const expired = await tx
    .update(roleRequests)
    .set({ status: 'expired', decidedAt: now })
    .where(
      and(
        eq(roleRequests.status, 'pending'),
        lte(roleRequests.expiresAt, now),
        ...(only ? [eq(roleRequests.userId, only.userId), eq(roleRequests.role, only.role)] : []),
      ),
    )
    .returning({ id: roleRequests.id });
  if (expired.length === 0) return [];
  return requestQuery(tx)
    .where(
      inArray(
        roleRequests.id,
        expired.map((r) => r.id),
      ),
    )
    .orderBy(asc(roleRequests.id));
}
