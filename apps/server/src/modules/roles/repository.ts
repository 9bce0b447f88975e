import { type DbOrTx, schema } from '@agc/db';
import type { Role } from '@agc/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
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

/** Grants a role; false when the member held it already (nothing written). */
export async function insertRole(
  db: DbOrTx,
  userId: bigint,
  role: Role,
  grantedBy: bigint,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(userRoles)
    .values({ userId, role, grantedBy, createdAt: now })
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

export interface RequestRow {
  id: bigint;
  userId: bigint;
  address: string;
  role: Role;
  requestedById: bigint;
  requestedBy: string;
  status: 'pending' | 'confirmed' | 'cancelled';
  createdAt: Date;
}

function requestQuery(db: DbOrTx) {
  const requester = alias(users, 'requester');
  return db
    .select({
      id: roleRequests.id,
      userId: roleRequests.userId,
      address: users.address,
      role: roleRequests.role,
      requestedById: roleRequests.requestedBy,
      requestedBy: requester.address,
      status: roleRequests.status,
      createdAt: roleRequests.createdAt,
    })
    .from(roleRequests)
    .innerJoin(users, eq(users.id, roleRequests.userId))
    .innerJoin(requester, eq(requester.id, roleRequests.requestedBy));
}

/** The grants waiting for a second admin, oldest first. */
export async function pendingRequests(db: DbOrTx): Promise<RequestRow[]> {
  return requestQuery(db).where(eq(roleRequests.status, 'pending')).orderBy(asc(roleRequests.id));
}

/** Asks for a grant; null when one for this member and role is pending already (the partial unique index). */
export async function insertRequest(
  db: DbOrTx,
  userId: bigint,
  role: Role,
  requestedBy: bigint,
  now: Date,
): Promise<bigint | null> {
  const rows = await db
    .insert(roleRequests)
    .values({ userId, role, requestedBy, createdAt: now })
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
