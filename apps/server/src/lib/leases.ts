import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { type Db, rowsOf } from '@agc/db';
import { sql } from 'drizzle-orm';

/**
 * A lease holder's id: host and process id (an operator reading job_leases sees which process runs a
 * job), and a random part (two holders of one process, or a reused pid, never collide).
 */
export const newHolderId = () => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * A named lease in the database (job_leases): at most one process holds it at a time. Acquiring renews
 * it for the holder; anyone may take it once it has run out, so a process that died (even `kill -9`)
 * is replaced after `ttlMs`. Times are the database's clock, the same for every process (and never a
 * test clock). A lease saves duplicate work; what the jobs do must stay correct without it (idempotent
 * ingestion, the settlement's lock and run row), because a stalled holder can outlive its lease.
 */
export class Lease {
  constructor(
    private readonly db: Db,
    readonly name: string,
    readonly holder: string,
    private readonly ttlMs: number,
  ) {}

  /** Takes or renews the lease; true when this holder has it now. */
  async acquire(): Promise<boolean> {
    const rows = rowsOf<{ holder: string }>(
      await this.db.execute(sql`
        insert into job_leases (name, holder, until, acquired_at)
        values (${this.name}, ${this.holder}, clock_timestamp() + ${this.ttlMs} * interval '1 millisecond',
          clock_timestamp())
        on conflict (name) do update set
          holder = excluded.holder,
          until = excluded.until,
          acquired_at = case when job_leases.holder = excluded.holder then job_leases.acquired_at
            else excluded.acquired_at end
        where job_leases.holder = excluded.holder or job_leases.until < clock_timestamp()
        returning holder`),
    );
    return rows.length === 1;
  }

  /** Gives the lease up (on shutdown), so another process takes over at once. */
  async release(): Promise<void> {
    await this.db.execute(sql`delete from job_leases where name = ${this.name} and holder = ${this.holder}`);
  }
}

/** Who holds each lease now (tests, the operator's view). */
export async function leaseHolders(db: Db): Promise<Record<string, string>> {
  const rows = rowsOf<{ name: string; holder: string }>(
    await db.execute(sql`select name, holder from job_leases where until > clock_timestamp()`),
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.holder]));
}
