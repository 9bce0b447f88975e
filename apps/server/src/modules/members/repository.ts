import { type DbOrTx, rowsOf, schema } from '@agc/db';
import type { Role, Side } from '@agc/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';

const { users, legs, userRoles } = schema;

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

/** Creates the root: the first member of an empty system, with its own two legs. */
export async function insertRoot(tx: DbOrTx, address: string, inviteCode: string): Promise<Member> {
  const [left] = await tx.insert(legs).values({}).returning({ id: legs.id });
  const [right] = await tx.insert(legs).values({}).returning({ id: legs.id });
  const [root] = await tx
    .insert(users)
    .values({ address: address.toLowerCase(), inviteCode, leftLegId: left!.id, rightLegId: right!.id })
    .returning();
  await tx.update(legs).set({ tailUserId: root!.id }).where(sql`${legs.id} in (${left!.id}, ${right!.id})`);
  return root!;
}

/**
 * Places a new member at the outermost free position of `side` under the inviter (spill-over):
 * the tail of the inviter's leg on that side. The leg row is locked, so concurrent sign-ups on the
 * same leg queue up instead of racing for one slot; the cost does not depend on the tree's depth.
 * Must run inside a transaction.
 */
export async function insertPlaced(
  tx: DbOrTx,
  input: { address: string; inviteCode: string; inviter: Member; side: Side },
): Promise<Member> {
  const legId = input.side === 'left' ? input.inviter.leftLegId : input.inviter.rightLegId;
  const [leg] = await tx.select({ tail: legs.tailUserId }).from(legs).where(eq(legs.id, legId)).for('update');
  const parent = leg?.tail != null ? await findById(tx, leg.tail) : undefined;
  if (!parent) throw new Error(`leg ${legId} has no tail`);
  const jumpId = await jumpPointerUnder(tx, parent);
  // The other side of the new member starts a leg of its own.
  const [fresh] = await tx.insert(legs).values({}).returning({ id: legs.id });
  const [member] = await tx
    .insert(users)
    .values({
      address: input.address.toLowerCase(),
      inviteCode: input.inviteCode,
      inviterId: input.inviter.id,
      parentId: parent.id,
      side: input.side,
      depth: parent.depth + 1,
      jumpId,
      leftLegId: input.side === 'left' ? legId : fresh!.id,
      rightLegId: input.side === 'right' ? legId : fresh!.id,
    })
    .returning();
  await tx.update(legs).set({ tailUserId: member!.id }).where(eq(legs.id, legId));
  await tx.update(legs).set({ tailUserId: member!.id }).where(eq(legs.id, fresh!.id));
  await tx
    .update(users)
    .set({ invitedCount: sql`${users.invitedCount} + 1` })
    .where(eq(users.id, input.inviter.id));
  return member!;
}

export async function findRoot(db: DbOrTx): Promise<Member | undefined> {
  const [row] = await db.select().from(users).where(isNull(users.inviterId)).limit(1);
  return row;
}

/**
 * The jump pointer of a new child of `parent` (users.jump_id): with J(x) = x's jump (the root's is
 * itself), the child jumps to J(J(parent)) when the parent's two jumps span equal depths, else to the
 * parent. This skew-binary pattern keeps every level-ancestor query to O(log depth) hops.
 */
export async function jumpPointerUnder(tx: DbOrTx, parent: Member): Promise<bigint> {
  const rows = await tx.execute(sql`
    select j.depth as j_depth, jj.id::text as jj_id, jj.depth as jj_depth
    from users j join users jj on jj.id = coalesce(j.jump_id, j.id)
    where j.id = ${(parent.jumpId ?? parent.id).toString()}::bigint`);
  const [row] = rowsOf<{ j_depth: number; jj_id: string; jj_depth: number }>(rows);
  if (!row) throw new Error(`member ${parent.id} has a dangling jump pointer`);
  return parent.depth - Number(row.j_depth) === Number(row.j_depth) - Number(row.jj_depth)
    ? BigInt(row.jj_id)
    : parent.id;
}
