import { type DbOrTx, rowsOf, schema } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { pageRows } from '@server/lib/paging.ts';
import { ACCOUNTS } from '@server/modules/ledger/index.ts';
import { and, asc, count, desc, eq, lte, sql } from 'drizzle-orm';
import { RATE_ONE } from './math.ts';

const { earnAccounts, earnDays, earnInterest, earnMovements } = schema;

/** The ledger key of a day's interest transfer is this prefix and the day. */
export const INTEREST_KEY_PREFIX = 'earn:interest:';

export type EarnAccountRow = typeof earnAccounts.$inferSelect;
export type EarnMovementRow = typeof earnMovements.$inferSelect;
export type EarnInterestRow = typeof earnInterest.$inferSelect;

/**
 * The gate between transfers and the daily interest: every transfer holds it shared for its whole transaction (and
 * reads the clock only once it holds it); the interest run takes it exclusively once before settling a day, which
 * waits for every transfer already started. A transfer that starts after that reads a clock past the day's end, so
 * the settlement's snapshot holds every movement of the day it settles.
 */
const EARN_GATE = 0x45_41_52_4e; // "EARN"

export async function enterTransferGate(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${EARN_GATE})`);
}

/** Waits for every transfer in flight (run in its own short transaction before a settlement). */
export async function drainTransferGate(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${EARN_GATE})`);
}

/**
 * Locks the member's earn account (FOR UPDATE), creating it on first use with settled_day = `settledDay` (the day
 * before its first movement). Always the first lock of a transfer: earn_accounts rows before ledger accounts.
 */
export async function lockOrCreateAccount(
  tx: DbOrTx,
  userId: bigint,
  settledDay: string,
): Promise<EarnAccountRow> {
  const locked = await lockAccount(tx, userId);
  if (locked) return locked;
  await tx.insert(earnAccounts).values({ userId, settledDay }).onConflictDoNothing();
  return defined(await lockAccount(tx, userId));
}

/** Locks the member's earn account (FOR UPDATE); null when the member never transferred in. */
export async function lockAccount(tx: DbOrTx, userId: bigint): Promise<EarnAccountRow | null> {
  const [row] = await tx.select().from(earnAccounts).where(eq(earnAccounts.userId, userId)).for('update');
  return row ?? null;
}

export async function findAccount(db: DbOrTx, userId: bigint): Promise<EarnAccountRow | null> {
  const [row] = await db.select().from(earnAccounts).where(eq(earnAccounts.userId, userId));
  return row ?? null;
}

/** Moves the (locked) account's balance by `delta`; the table's check keeps it at or above zero. */
export async function addToBalance(tx: DbOrTx, userId: bigint, delta: bigint, now: Date): Promise<void> {
  await tx
    .update(earnAccounts)
    .set({ balance: sql`${earnAccounts.balance} + ${delta.toString()}::numeric`, updatedAt: now })
    .where(eq(earnAccounts.userId, userId));
}

export async function insertMovement(
  tx: DbOrTx,
  m: Pick<EarnMovementRow, 'userId' | 'kind' | 'amount' | 'day' | 'status' | 'arrivesAt' | 'createdAt'>,
): Promise<EarnMovementRow> {
  const [row] = await tx.insert(earnMovements).values(m).returning();
  return defined(row);
}

/** The member's movements: Pending transfers out first, then newest first; optionally one kind. */
export async function listMovements(
  db: DbOrTx,
  q: { userId: bigint; kind?: 'In' | 'Out'; page: number; size: number },
): Promise<{ list: EarnMovementRow[]; total: number }> {
  const where = and(eq(earnMovements.userId, q.userId), q.kind ? eq(earnMovements.kind, q.kind) : undefined);
  return pageRows(
    q,
    db
      .select()
      .from(earnMovements)
      .where(where)
      .orderBy(sql`(${earnMovements.status} = 'Pending') desc`, desc(earnMovements.id)),
    db.select({ n: count() }).from(earnMovements).where(where),
  );
}

/** One of the member's movements (someone else's or unknown: null). */
export async function findOwnMovement(
  db: DbOrTx,
  userId: bigint,
  id: bigint,
): Promise<EarnMovementRow | null> {
  const [row] = await db
    .select()
    .from(earnMovements)
    .where(and(eq(earnMovements.id, id), eq(earnMovements.userId, userId)));
  return row ?? null;
}

/** The member's daily interest, newest day first. */
export async function listInterest(
  db: DbOrTx,
  q: { userId: bigint; page: number; size: number },
): Promise<{ list: EarnInterestRow[]; total: number }> {
  const where = eq(earnInterest.userId, q.userId);
  return pageRows(
    q,
    db.select().from(earnInterest).where(where).orderBy(desc(earnInterest.day)),
    db.select({ n: count() }).from(earnInterest).where(where),
  );
}

/**
 * Claims up to `limit` transfers out due by `now` (FOR UPDATE SKIP LOCKED: concurrent runs take different rows) and
 * marks them Arrived; the caller posts their ledger transfers in the same transaction.
 */
export async function claimDueOuts(
  tx: DbOrTx,
  now: Date,
  limit: number,
): Promise<Array<{ id: bigint; userId: bigint; amount: bigint }>> {
  const due = await tx
    .select({ id: earnMovements.id, userId: earnMovements.userId, amount: earnMovements.amount })
    .from(earnMovements)
    .where(and(eq(earnMovements.status, 'Pending'), lte(earnMovements.arrivesAt, now)))
    .orderBy(asc(earnMovements.arrivesAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (due.length === 0) return [];
  await tx.execute(sql`update earn_movements set status = 'Arrived', arrived_at = ${now.toISOString()}::timestamptz
    where id in (select unnest(${sql.param(due.map((d) => d.id.toString()))}::bigint[]))`);
  return due;
}

/** The last settled interest day and the day of the first movement ever (either null). */
export async function interestBounds(db: DbOrTx): Promise<{ last: string | null; first: string | null }> {
  const [r] = rowsOf<{ last: string | null; first: string | null }>(
    await db.execute(sql`select (select max(day)::text from earn_days) as last,
      (select min(day)::text from earn_movements) as first`),
  );
  return { last: r?.last ?? null, first: r?.first ?? null };
}

/**
 * Claims a day for settlement: its earn_days row, inserted first so that a second process racing for the same day
 * waits on the primary key and then finds it taken (false). The figures are filled in by finishDay.
 */
export async function claimDay(tx: DbOrTx, day: string, rateE18: bigint, now: Date): Promise<boolean> {
  const rows = await tx
    .insert(earnDays)
    .values({ day, rateE18, holders: 0, total: 0n, finishedAt: now })
    .onConflictDoNothing()
    .returning({ day: earnDays.day });
  return rows.length > 0;
}

export async function finishDay(tx: DbOrTx, day: string, holders: number, total: bigint, now: Date) {
  await tx.update(earnDays).set({ holders, total, finishedAt: now }).where(eq(earnDays.day, day));
}

/**
 * Every holder's interest for `day`, in ONE statement (docs/decisions/0101-earn-interest.md). Per account not
 * settled for the day yet, with money held or moved: opening S = settled_balance + movements after settled_day and
 * before the day (normally none), closing E = S + the day's movements (In +, Out −), base = max(0, min(S, E)),
 * interest = floor(base × rate / 10^18). The account becomes settled at E + interest for the day, its balance and
 * total grow by the interest; a journal row is written where the interest is above zero. Accounts with nothing
 * settled and no movements are left alone (their settled_day lags; the formula covers the gap).
 *
 * `after` is the last settled day (null before the first): every movement on or before it is already in the
 * accounts' settled balances, so only later ones are read. Returns how many accounts earned and the total.
 */
export async function settleInterestDay(
  tx: DbOrTx,
  q: { day: string; after: string | null; rateE18: bigint; now: Date },
): Promise<{ holders: number; total: bigint }> {
  const after = q.after ? sql`and m.day > ${q.after}::date` : sql``;
  const day = sql`${q.day}::date`;
  const rate = sql`${q.rateE18.toString()}::numeric`;
  // Most holders moved nothing: S = E = settled_balance, so their rows are settled by a plain update of the table
  // (`held`, no join); the few with movements (`mv`) are joined (`moved`). Both in this one statement.
  const heldInterest = sql`div(a.settled_balance * ${rate}, ${RATE_ONE.toString()}::numeric)`;
  // The movers' aggregate and the union fit in memory instead of spilling to disk (this transaction only).
  await tx.execute(sql`set local work_mem = '64MB'`);
  const [r] = rowsOf<{ holders: number | string; total: string }>(
    await tx.execute(sql`
      with mv as (
        select m.user_id,
          sum(case when m.day < ${day} then case when m.kind = 'In' then m.amount else -m.amount end else 0 end) as before,
          sum(case when m.day = ${day} then case when m.kind = 'In' then m.amount else -m.amount end else 0 end) as on_day
        from earn_movements m join earn_accounts a on a.user_id = m.user_id and m.day > a.settled_day
        where m.day <= ${day} ${after} and a.settled_day < ${day}
        group by m.user_id),
      b as (
        select user_id, s + on_day as e, greatest(least(s, s + on_day), 0) as base,
          div(greatest(least(s, s + on_day), 0) * ${rate}, ${RATE_ONE.toString()}::numeric) as interest
        from (select a.user_id, a.settled_balance + mv.before as s, mv.on_day
              from mv join earn_accounts a on a.user_id = mv.user_id) o),
      moved as (
        update earn_accounts a set
          settled_balance = b.e + b.interest,
          settled_day = ${day},
          balance = a.balance + b.interest,
          total_interest = a.total_interest + b.interest,
          last_interest = b.interest,
          last_interest_day = ${day},
          updated_at = ${q.now.toISOString()}::timestamptz
        from b where a.user_id = b.user_id
        returning a.user_id, b.base, b.interest),
      held as (
        update earn_accounts a set
          settled_balance = a.settled_balance + ${heldInterest},
          settled_day = ${day},
          balance = a.balance + ${heldInterest},
          total_interest = a.total_interest + ${heldInterest},
          last_interest = ${heldInterest},
          last_interest_day = ${day},
          updated_at = ${q.now.toISOString()}::timestamptz
        where a.settled_day < ${day} and a.settled_balance > 0
          and not exists (select 1 from mv where mv.user_id = a.user_id)
        returning a.user_id, a.settled_balance - a.last_interest as base, a.last_interest as interest),
      ins as (
        insert into earn_interest (day, user_id, base, amount)
        select ${day}, user_id, base, interest from (select * from moved union all select * from held) u
        where interest > 0
        returning amount)
      select (select count(*) from ins)::int as holders, (select coalesce(sum(amount), 0) from ins)::text as total`),
  );
  return { holders: Number(r?.holders ?? 0), total: BigInt(r?.total ?? '0') };
}

export interface EarnCheck {
  /** The control account system.earn_holdings against the sum of the members' balances. */
  control: { ledger: bigint; accounts: bigint };
  /** Accounts whose balance is not transfers in − transfers out + interest, or whose total_interest is off. */
  accounts: Array<{
    userId: bigint;
    balance: bigint;
    journal: bigint;
    totalInterest: bigint;
    interest: bigint;
  }>;
  /** Days whose total is not the sum of their interest rows, or not their single ledger transfer. */
  days: Array<{ day: string; total: bigint; rows: bigint; ledger: bigint }>;
  /** Members whose member.earn_pending is not the sum of their Pending transfers out. */
  pending: Array<{ userId: bigint; ledger: bigint; movements: bigint }>;
}

/** The subsidiary ledger's check, beside the ledger's checkLedger (tests and ops). */
export async function checkEarnJournal(db: DbOrTx, holdingsLedger: bigint): Promise<EarnCheck> {
  const [control] = rowsOf<{ total: string }>(
    await db.execute(sql`select coalesce(sum(balance), 0)::text as total from earn_accounts`),
  );
  const accounts = rowsOf<{
    user_id: string;
    balance: string;
    journal: string;
    total_interest: string;
    interest: string;
  }>(
    await db.execute(sql`
      with mv as (select user_id, sum(case when kind = 'In' then amount else -amount end) as net
                  from earn_movements group by user_id),
           it as (select user_id, sum(amount) as interest from earn_interest group by user_id)
      select a.user_id::text as user_id, a.balance::text as balance,
        (coalesce(mv.net, 0) + coalesce(it.interest, 0))::text as journal,
        a.total_interest::text as total_interest, coalesce(it.interest, 0)::text as interest
      from earn_accounts a left join mv on mv.user_id = a.user_id left join it on it.user_id = a.user_id
      where a.balance <> coalesce(mv.net, 0) + coalesce(it.interest, 0)
         or a.total_interest <> coalesce(it.interest, 0)
      union all
      select mv.user_id::text, '0', mv.net::text, '0', '0' from mv
      where not exists (select 1 from earn_accounts a where a.user_id = mv.user_id)`),
  );
  const days = rowsOf<{ day: string; total: string; rows: string; ledger: string }>(
    await db.execute(sql`
      select d.day::text as day, d.total::text as total,
        coalesce((select sum(i.amount) from earn_interest i where i.day = d.day), 0)::text as rows,
        coalesce((select sum(t.amount) from ledger_transfers t
                  where t.idempotency_key = ${INTEREST_KEY_PREFIX} || d.day::text), 0)::text as ledger
      from earn_days d
      where d.total <> coalesce((select sum(i.amount) from earn_interest i where i.day = d.day), 0)
         or d.total <> coalesce((select sum(t.amount) from ledger_transfers t
                                 where t.idempotency_key = ${INTEREST_KEY_PREFIX} || d.day::text), 0)`),
  );
  const pending = rowsOf<{ user_id: string; ledger: string; movements: string }>(
    await db.execute(sql`
      with p as (select user_id, sum(amount) as s from earn_movements where status = 'Pending' group by user_id),
           l as (select user_id, balance from ledger_accounts
                 where code = ${ACCOUNTS.earnPending} and asset = 'USDT' and user_id is not null)
      select coalesce(p.user_id, l.user_id)::text as user_id, coalesce(l.balance, 0)::text as ledger,
        coalesce(p.s, 0)::text as movements
      from p full join l on l.user_id = p.user_id
      where coalesce(l.balance, 0) <> coalesce(p.s, 0)`),
  );
  return {
    control: { ledger: holdingsLedger, accounts: BigInt(control?.total ?? '0') },
    accounts: accounts.map((a) => ({
      userId: BigInt(a.user_id),
      balance: BigInt(a.balance),
      journal: BigInt(a.journal),
      totalInterest: BigInt(a.total_interest),
      interest: BigInt(a.interest),
    })),
    days: days.map((d) => ({
      day: d.day,
      total: BigInt(d.total),
      rows: BigInt(d.rows),
      ledger: BigInt(d.ledger),
    })),
    pending: pending.map((p) => ({
      userId: BigInt(p.user_id),
      ledger: BigInt(p.ledger),
      movements: BigInt(p.movements),
    })),
  };
}
