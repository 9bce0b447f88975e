import { type DbOrTx, schema } from '@agc/db';
import { and, desc, eq, gte, like, lt, type SQL, sql } from 'drizzle-orm';

export interface AuditEntry {
  /** The admin who acted; null for the system (the chain watcher applying what the chain shows). */
  actorId: bigint | null;
  /** What was done, e.g. "order.confirm". */
  action: string;
  /** What it was done to, e.g. "order:42". */
  target: string;
  before: unknown;
  after: unknown;
}

/** Appends to the audit log (one entry or many), in the same transaction as the change it describes. */
export async function writeAudit(tx: DbOrTx, entry: AuditEntry | AuditEntry[]): Promise<void> {
  const entries = Array.isArray(entry) ? entry : [entry];
  if (entries.length > 0) await tx.insert(schema.auditLog).values(entries);
}

/** What the audit log can be filtered by (each absent one does not filter). */
export interface AuditFilter {
  /** A prefix of the action ("role." matches every role change). */
  actionPrefix?: string;
  /** The acting admin's address (lower case); an address that is no member matches nothing. */
  actorAddress?: string;
  /** A prefix of the target ("member:0xab"). */
  targetPrefix?: string;
  /** Entries at or after this instant. */
  from?: Date;
  /** Entries before this instant. */
  until?: Date;
}

export interface AuditRow {
  id: bigint;
  actorAddress: string | null;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

/** `text` as a LIKE prefix: its own %, _ and \ match themselves. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function auditWhere(f: AuditFilter): SQL | undefined {
  const { auditLog, users } = schema;
  return and(
    f.actionPrefix === undefined ? undefined : like(auditLog.action, likePrefix(f.actionPrefix)),
    f.actorAddress === undefined
      ? undefined
      : eq(
          auditLog.actorId,
          sql`(select ${users.id} from ${users} where ${users.address} = ${f.actorAddress.toLowerCase()})`,
        ),
    f.targetPrefix === undefined ? undefined : like(auditLog.target, likePrefix(f.targetPrefix)),
    f.from === undefined ? undefined : gte(auditLog.createdAt, f.from),
    f.until === undefined ? undefined : lt(auditLog.createdAt, f.until),
  );
}

/** One page of the audit log, newest first, with the actors' addresses and the number of matching entries. */
export async function auditPage(
  db: DbOrTx,
  f: AuditFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const { auditLog, users } = schema;
  const where = auditWhere(f);
  const rows = await db
    .select({
      id: auditLog.id,
      actorAddress: users.address,
      action: auditLog.action,
      target: auditLog.target,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where);
  return { rows, total: Number(count?.n ?? 0) };
}
