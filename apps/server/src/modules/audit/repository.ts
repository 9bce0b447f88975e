import { type DbOrTx, schema } from '@agc/db';

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
