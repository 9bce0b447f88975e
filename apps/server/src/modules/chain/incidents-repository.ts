import { type DbOrTx, schema } from '@agc/db';
import { pageRows } from '@server/lib/paging.ts';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

const { chainIncidents, chainEvents, users } = schema;

/**
 * Chain incidents: a credited payment reorganised off the chain beyond finality. The chain module keeps them (every
 * module below the admin layer reads the holds; the modules that own the payments open them and reverse them).
 */

export type IncidentSubject = 'shop_order' | 'fund_order';
export type IncidentStatus = 'open' | 'reversal_pending' | 'reversed' | 'accepted' | 'remined';
/** Statuses that still dispute the payment: Disputed on the order, the member's withdrawals held. */
export const OPEN_INCIDENT: readonly IncidentStatus[] = ['open', 'reversal_pending'];

export interface NewIncident {
  chainEventId: bigint;
  subject: IncidentSubject;
  subjectId: bigint;
  userId: bigint;
  amountUsdt: bigint;
}

/** Opens one incident per event (a second opening of the same event is a no-op); answers how many are new. */
export async function openIncidents(tx: DbOrTx, rows: NewIncident[], now: Date): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await tx
    .insert(chainIncidents)
    .values(rows.map((r) => ({ ...r, openedAt: now })))
    .onConflictDoNothing({ target: chainIncidents.chainEventId })
    .returning({ id: chainIncidents.id });
  return inserted.length;
}

const stillOpen = inArray(chainIncidents.status, [...OPEN_INCIDENT]);

/**
 * The payments of these events are on the chain again (mined once more): their open incidents close as `remined`
 * (nothing to decide). Answers the members whose holds changed.
 */
export async function closeRemined(tx: DbOrTx, eventIds: bigint[], now: Date): Promise<bigint[]> {
  if (eventIds.length === 0) return [];
  const rows = await tx
    .update(chainIncidents)
    .set({ status: 'remined', resolvedAt: now })
    .where(and(inArray(chainIncidents.chainEventId, eventIds), stillOpen))
    .returning({ userId: chainIncidents.userId });
  return rows.map((r) => r.userId);
}

/** The hold on each member's withdrawals: the sum of their open incidents (USDT minor units); absent = none. */
export async function incidentHolds(db: DbOrTx, userIds: readonly bigint[]): Promise<Map<bigint, bigint>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: chainIncidents.userId, total: sql<string>`sum(${chainIncidents.amountUsdt})::text` })
    .from(chainIncidents)
    .where(and(inArray(chainIncidents.userId, [...new Set(userIds)]), stillOpen))
    .groupBy(chainIncidents.userId);
  return new Map(rows.map((r) => [r.userId, BigInt(r.total)]));
}

/** Which of these orders (of one kind) an open incident disputes. */
export async function disputedSubjects(
  db: DbOrTx,
  subject: IncidentSubject,
  ids: readonly bigint[],
): Promise<Set<bigint>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: chainIncidents.subjectId })
    .from(chainIncidents)
    .where(
      and(
        eq(chainIncidents.subject, subject),
        inArray(chainIncidents.subjectId, [...new Set(ids)]),
        stillOpen,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export interface IncidentRow {
  id: bigint;
  chainEventId: bigint;
  subject: IncidentSubject;
  subjectId: bigint;
  userId: bigint;
  address: string;
  amountUsdt: bigint;
  status: IncidentStatus;
  openedAt: Date;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string | null;
  reversalRequestedById: bigint | null;
  reversalRequestedBy: string | null;
  reversalRequestedAt: Date | null;
  resolvedById: bigint | null;
  resolvedBy: string | null;
  resolvedAt: Date | null;
  reason: string | null;
  reversal: unknown;
}

function incidentQuery(db: DbOrTx) {
  const requester = alias(users, 'requester');
  const resolver = alias(users, 'resolver');
  return db
    .select({
      id: chainIncidents.id,
      chainEventId: chainIncidents.chainEventId,
      subject: chainIncidents.subject,
      subjectId: chainIncidents.subjectId,
      userId: chainIncidents.userId,
      address: users.address,
      amountUsdt: chainIncidents.amountUsdt,
      status: chainIncidents.status,
      openedAt: chainIncidents.openedAt,
      txHash: chainEvents.txHash,
      logIndex: chainEvents.logIndex,
      blockNumber: chainEvents.blockNumber,
      blockHash: chainEvents.blockHash,
      reversalRequestedById: chainIncidents.reversalRequestedBy,
      reversalRequestedBy: requester.address,
      reversalRequestedAt: chainIncidents.reversalRequestedAt,
      resolvedById: chainIncidents.resolvedBy,
      resolvedBy: resolver.address,
      resolvedAt: chainIncidents.resolvedAt,
      reason: chainIncidents.reason,
      reversal: chainIncidents.reversal,
    })
    .from(chainIncidents)
    .innerJoin(users, eq(users.id, chainIncidents.userId))
    .innerJoin(chainEvents, eq(chainEvents.id, chainIncidents.chainEventId))
    .leftJoin(requester, eq(requester.id, chainIncidents.reversalRequestedBy))
    .leftJoin(resolver, eq(resolver.id, chainIncidents.resolvedBy));
}

/** A page of incidents, newest first: the open ones (open and reversal_pending) or one status. */
export async function incidentPage(
  db: DbOrTx,
  q: { status: 'open' | IncidentStatus; page: number; size: number },
): Promise<{ rows: IncidentRow[]; total: number }> {
  const where: SQL = q.status === 'open' ? stillOpen : eq(chainIncidents.status, q.status);
  const { list, total } = await pageRows(
    q,
    incidentQuery(db).where(where).orderBy(desc(chainIncidents.id)),
    db.select({ n: count() }).from(chainIncidents).where(where),
  );
  return { rows: list, total };
}

/** One incident, locked until the transaction ends (two admins deciding at once: the second sees the first's outcome). */
export async function lockIncident(tx: DbOrTx, id: bigint): Promise<IncidentRow | undefined> {
  const [row] = await incidentQuery(tx)
    .where(eq(chainIncidents.id, id))
    .for('update', { of: chainIncidents });
  return row;
}

export async function findIncident(db: DbOrTx, id: bigint): Promise<IncidentRow | undefined> {
  const [row] = await incidentQuery(db).where(eq(chainIncidents.id, id));
  return row;
}

export async function updateIncident(
  tx: DbOrTx,
  id: bigint,
  set: Partial<{
    status: IncidentStatus;
    reversalRequestedBy: bigint | null;
    reversalRequestedAt: Date | null;
    resolvedBy: bigint;
    resolvedAt: Date;
    reason: string | null;
    reversal: unknown;
  }>,
): Promise<void> {
  await tx.update(chainIncidents).set(set).where(eq(chainIncidents.id, id));
}

/** The open incidents of one order (oldest first): a payment of it mined again settles them. */
export async function openIncidentsOf(
  db: DbOrTx,
  subject: IncidentSubject,
  subjectIds: readonly bigint[],
): Promise<Array<{ id: bigint; subjectId: bigint; userId: bigint }>> {
  if (subjectIds.length === 0) return [];
  return db
    .select({ id: chainIncidents.id, subjectId: chainIncidents.subjectId, userId: chainIncidents.userId })
    .from(chainIncidents)
    .where(
      and(eq(chainIncidents.subject, subject), inArray(chainIncidents.subjectId, [...subjectIds]), stillOpen),
    )
    .orderBy(asc(chainIncidents.id));
}

/** Closes these incidents as `remined`: the order was paid again on the chain (another transaction). */
export async function closeIncidents(tx: DbOrTx, ids: bigint[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(chainIncidents)
    .set({ status: 'remined', resolvedAt: now })
    .where(and(inArray(chainIncidents.id, ids), stillOpen));
}
