import { type DbOrTx, rowsOf, type schema } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { AppError } from '@server/lib/errors.ts';
import { type SQL, sql } from 'drizzle-orm';

/** A token, or the units of one fund product (`FUND-<product id>`, 6 decimals). */
export type Asset = schema.LedgerAsset;

/** A ledger account by owner (null = the system), code and asset. */
export interface AccountRef {
  userId: bigint | null;
  code: AccountCode;
  asset: Asset;
}

/**
 * The chart of accounts. Member accounts never go below zero; system sources may (their negative
 * balance is what came in from, or was issued to, the outside).
 */
export const ACCOUNTS = {
  /** System: value that entered from the chain (payments received). Negative by design. */
  chainInflow: 'system.chain_inflow',
  /** System: earnings capacity issued to members (price × cap multiplier). Negative by design. */
  dividendCapIssued: 'system.dividend_cap_issued',
  /** System: rewards paid out to members. Negative by design. */
  rewardsPaid: 'system.rewards_paid',
  /** Member: principal invested through confirmed orders (USDT). */
  investment: 'member.investment',
  /** Member: AGC service fees paid with confirmed orders. */
  feesPaid: 'member.fees_paid',
  /** Member: what rewards may still pay out (remaining dividends), USDT. */
  remainingDividends: 'member.remaining_dividends',
  /** Member: rewards that can be withdrawn now. */
  available: 'member.available',
  /** Member: amounts in withdrawals not yet paid out or rejected (locked_profit). */
  locked: 'member.locked',
  /** System: withdrawals the vault paid out (amount received by members). Grows with every claim. */
  withdrawalsPaid: 'system.withdrawals_paid',
  /** System: withdrawal service fees earned. */
  withdrawFees: 'system.withdraw_fees',
  /** Member: USDT paid for fund subscriptions not priced yet (Processing). */
  fundSubscribing: 'member.fund_subscribing',
  /** System: the funds' money (net subscriptions less redemptions paid); negative when NAV growth paid out more. */
  fundAssets: 'system.fund_assets',
  /** System: fund subscription, redemption and other fund fees earned. */
  fundFees: 'system.fund_fees',
  /** System, per fund asset (`FUND-<id>`): units issued. Negative by design (minus the units in members' hands). */
  fundUnitsIssued: 'system.fund_units_issued',
  /** Member, per fund asset: units held and free to redeem. */
  fundUnits: 'member.fund_units',
  /** Member, per fund asset: units in Pending or Approved redemptions. */
  fundUnitsRedeeming: 'member.fund_units_redeeming',
  /** Member: fund earnings (Agent tab) not yet moved to available (`fund_available_profit`). */
  fundAvailableProfit: 'member.fund_available_profit',
  /** System: fund earnings paid to members. Negative by design. */
  fundRewardsPaid: 'system.fund_rewards_paid',
  /**
   * System (USDT): what members hold in simple earn, the control account of the earn subledger
   * (= the sum of earn_accounts.balance): transfers in credit it, interest credits it, transfers out debit it.
   */
  earnHoldings: 'system.earn_holdings',
  /** System (USDT): simple-earn interest paid, one transfer per settled day. Negative by design. */
  earnInterestPaid: 'system.earn_interest_paid',
  /** Member (USDT): simple-earn transfers out on their way to available (Pending, earning nothing). */
  earnPending: 'member.earn_pending',
  /** System (USDT): what launchpad copies were sold for. */
  launchpadSales: 'system.launchpad_sales',
  /** System (AGC): AGC issued to launchpad buyers. Negative by design. */
  launchpadAgcIssued: 'system.launchpad_agc_issued',
  /** Member (AGC): bought on the launchpad, not released yet ("locked AGC"). */
  launchpadLocked: 'member.launchpad_locked',
  /** System (USDT and AGC): the exchange's side of every swap (what it took in, what it gave out). Negative allowed. */
  exchangeReserve: 'system.exchange_reserve',
  /** System (USDT and AGC): exchange fees earned. */
  exchangeFees: 'system.exchange_fees',
} as const;
export type AccountCode = (typeof ACCOUNTS)[keyof typeof ACCOUNTS];

const SYSTEM_NEGATIVE: ReadonlySet<string> = new Set([
  ACCOUNTS.chainInflow,
  ACCOUNTS.dividendCapIssued,
  ACCOUNTS.rewardsPaid,
  ACCOUNTS.fundAssets,
  ACCOUNTS.fundUnitsIssued,
  ACCOUNTS.fundRewardsPaid,
  ACCOUNTS.earnInterestPaid,
  ACCOUNTS.launchpadAgcIssued,
  ACCOUNTS.exchangeReserve,
]);

export class LedgerError extends AppError {
  override name = 'LedgerError';
}

/** A stable text key of an account reference (maps of balances use it). */
export const refKey = (r: AccountRef) => `${r.userId ?? ''}|${r.code}|${r.asset}`;

export interface TransferInput {
  debit: AccountRef;
  credit: AccountRef;
  amount: bigint;
  kind: string;
  ref: string;
  /** The same key never posts twice: a repeated posting is a no-op. */
  idempotencyKey: string;
}

/**
 * Posts one transfer and moves both balances in the same transaction: transferBatch of one (the one posting
 * statement, which also keeps the members' running totals). Returns the transfer id, or null when the idempotency
 * key was already posted. A member account that would go below zero refuses the whole transaction, so callers see
 * LedgerError('insufficient'). Must run inside a transaction.
 */
export async function transfer(tx: DbOrTx, input: TransferInput): Promise<bigint | null> {
  return (await transferBatch(tx, [input])).get(input.idempotencyKey) ?? null;
}

/** Balance of one account (0 when it does not exist yet); one lookup on the accounts' unique key. */
export async function balanceOf(db: DbOrTx, ref: AccountRef): Promise<bigint> {
  const [row] = rowsOf<{ balance: string }>(
    await db.execute(sql`select balance::text as balance from ledger_accounts
      where coalesce(user_id, 0) = ${(ref.userId ?? 0n).toString()}::bigint and code = ${ref.code} and asset = ${ref.asset}`),
  );
  return BigInt(row?.balance ?? '0');
}

/** Balances of many accounts in one query, by refKey (absent: 0). Not locked: for display. */
export async function balancesOf(db: DbOrTx, refs: AccountRef[]): Promise<Map<string, bigint>> {
  const out = new Map<string, bigint>();
  if (refs.length === 0) return out;
  const rows = rowsOf<{ user_id: string | null; code: string; asset: string; balance: string }>(
    await db.execute(sql`
      select a.user_id::text as user_id, a.code, a.asset, a.balance::text as balance
      from unnest(${sql.param(refs.map((r) => (r.userId ?? 0n).toString()))}::bigint[],
        ${sql.param(refs.map((r) => r.code))}::text[], ${sql.param(refs.map((r) => r.asset))}::text[]) as k(uid, code, asset)
      join ledger_accounts a on coalesce(a.user_id, 0) = k.uid and a.code = k.code and a.asset = k.asset`),
  );
  for (const r of rows) out.set(`${r.user_id ?? ''}|${r.code}|${r.asset}`, BigInt(r.balance));
  return out;
}

/**
 * SQL: whether the member whose id is `userId` (an SQL expression, e.g. a column) has invested, i.e. is a
 * valid member (investment balance above zero). The one definition every count of valid members uses.
 */
export const hasInvested = (userId: SQL) => sql`exists (select 1 from ledger_accounts inv_a
  where coalesce(inv_a.user_id, 0) = ${userId} and inv_a.code = ${ACCOUNTS.investment}
    and inv_a.asset = 'USDT' and inv_a.balance > 0)`;

export interface LedgerCheck {
  /** Accounts whose stored balance differs from credits − debits of the journal. */
  mismatched: Array<{ accountId: bigint; stored: bigint; journal: bigint }>;
  /** Accounts below zero that must not be. */
  negative: bigint[];
  /** Transfers whose two accounts hold another asset than the transfer. */
  assetMismatch: bigint[];
}

/** Recomputes every balance from the journal: the auditor's check, used by tests and ops. */
export async function checkLedger(db: DbOrTx): Promise<LedgerCheck> {
  const rows = await db.execute<{ id: string; stored: string; journal: string; allow_negative: boolean }>(sql`
    select a.id::text as id, a.balance::text as stored, a.allow_negative,
      (coalesce((select sum(t.amount) from ledger_transfers t where t.credit_account_id = a.id), 0)
       - coalesce((select sum(t.amount) from ledger_transfers t where t.debit_account_id = a.id), 0))::text as journal
    from ledger_accounts a`);
  const bad = await db.execute<{ id: string }>(sql`
    select t.id::text as id from ledger_transfers t
    join ledger_accounts d on d.id = t.debit_account_id
    join ledger_accounts c on c.id = t.credit_account_id
    where d.asset <> t.asset or c.asset <> t.asset`);
  const accounts = rowsOf<{
    id: string;
    stored: string;
    journal: string;
    allow_negative: boolean;
  }>(rows);
  return {
    mismatched: accounts
      .filter((a) => BigInt(a.stored) !== BigInt(a.journal))
      .map((a) => ({ accountId: BigInt(a.id), stored: BigInt(a.stored), journal: BigInt(a.journal) })),
    negative: accounts.filter((a) => !a.allow_negative && BigInt(a.stored) < 0n).map((a) => BigInt(a.id)),
    assetMismatch: rowsOf<{ id: string }>(bad).map((r) => BigInt(r.id)),
  };
}

// --- The members' running totals per code and asset (docs/decisions/0175-ledger-member-totals.md): the posting
// statement appends what it moved (transferBatch's `totals`), foldMemberTotals folds those moves into
// ledger_member_totals, and a code's running total is its folded total plus the moves not folded yet.

/** A running total by `code|asset`. */
export type MemberTotals = Map<string, bigint>;

/** The running totals of the members' accounts of the given codes, by `code|asset` (absent: 0). Two small reads. */
export async function memberTotalsOf(db: DbOrTx, codes: readonly string[]): Promise<MemberTotals> {
  const rows = rowsOf<{ code: string; asset: string; total: string }>(
    await db.execute(sql`
      select code, asset, sum(total)::text as total from (
        select code, asset, total from ledger_member_totals where code = any(${sql.param([...codes])}::text[])
        union all
        select code, asset, delta from ledger_member_total_moves where code = any(${sql.param([...codes])}::text[])) t
      group by code, asset`),
  );
  return new Map(rows.map((r) => [`${r.code}|${r.asset}`, BigInt(r.total)]));
}

/**
 * Folds the moves into the totals, in one statement (so a reader sees either the moves or the totals they moved,
 * never both or neither); returns how many moves it folded. Postings go on meanwhile: they only append moves, and
 * moves appended after this statement's snapshot stay for the next fold. Two folds at once take disjoint moves.
 */
export async function foldMemberTotals(db: DbOrTx): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      with moved as (delete from ledger_member_total_moves returning code, asset, delta),
      folded as (
        insert into ledger_member_totals as t (code, asset, total)
        select code, asset, sum(delta) from moved group by code, asset
        on conflict (code, asset) do update set total = t.total + excluded.total)
      select count(*)::int as n from moved`),
  );
  return row?.n ?? 0;
}

/** The members' balances summed per code and asset, every account read: what the running totals must equal. */
const fullMemberSums = sql`select code, asset, sum(balance) as total from ledger_accounts
  where user_id is not null group by code, asset`;

/** Running totals that differ from the full sum of the members' balances (both in one statement: one snapshot). */
export interface MemberTotalMismatch {
  code: string;
  asset: string;
  running: bigint;
  full: bigint;
}

/** The running totals against the full sum of every member account (a scan of the accounts); empty when they agree. */
export async function checkMemberTotals(db: DbOrTx): Promise<MemberTotalMismatch[]> {
  const rows = rowsOf<{ code: string; asset: string; running: string; full: string }>(
    await db.execute(sql`
      with running as (
        select code, asset, sum(total) as total from (
          select code, asset, total from ledger_member_totals
          union all select code, asset, delta from ledger_member_total_moves) t
        group by code, asset),
      full_sums as (${fullMemberSums})
      select coalesce(r.code, f.code) as code, coalesce(r.asset, f.asset) as asset,
        coalesce(r.total, 0)::text as running, coalesce(f.total, 0)::text as full
      from running r full join full_sums f on f.code = r.code and f.asset = r.asset
      where coalesce(r.total, 0) <> coalesce(f.total, 0)`),
  );
  return rows.map((r) => ({
    code: r.code,
    asset: r.asset,
    running: BigInt(r.running),
    full: BigInt(r.full),
  }));
}

/**
 * Sets the running totals to the full sum of the members' balances, the moves cleared: for data written around the
 * ledger's posting statement (bulk seeds of tests and benchmarks; the migration that added the totals did the same).
 * Not while postings run: a posting between its reading and its writing would be lost from the totals.
 */
export async function rebuildMemberTotals(db: DbOrTx): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from ledger_member_total_moves`);
    await tx.execute(sql`delete from ledger_member_totals`);
    await tx.execute(sql`insert into ledger_member_totals (code, asset, total) ${fullMemberSums}`);
  });
}

type AccountRow = { id: string; user_id: string | null; code: string; asset: string };

/** Ids of the accounts that exist among refs, by refKey (one query). */
async function findAccountIds(tx: DbOrTx, refs: AccountRef[]): Promise<Map<string, bigint>> {
  // Three array parameters, joined against the unique index: one plan for 3 keys or 500,000 (a long
  // IN list or VALUES costs planning time and parameters per key).
  const rows = await tx.execute(sql`
    select a.id::text as id, a.user_id::text as user_id, a.code, a.asset
    from unnest(${sql.param(refs.map((r) => (r.userId ?? 0n).toString()))}::bigint[],
      ${sql.param(refs.map((r) => r.code))}::text[], ${sql.param(refs.map((r) => r.asset))}::text[]) as k(uid, code, asset)
    join ledger_accounts a on coalesce(a.user_id, 0) = k.uid and a.code = k.code and a.asset = k.asset`);
  return new Map(
    rowsOf<AccountRow>(rows).map((row) => [`${row.user_id ?? ''}|${row.code}|${row.asset}`, BigInt(row.id)]),
  );
}

/**
 * Ids of many accounts at once, by refKey: one query when they all exist (the usual case), one more
 * to create the missing ones on first use (its ids come back from the insert), and a last lookup only
 * for those another transaction created meanwhile (the insert skipped them).
 */
async function accountIds(tx: DbOrTx, refs: AccountRef[]): Promise<Map<string, bigint>> {
  const unique = [...new Map(refs.map((r) => [refKey(r), r])).values()];
  if (unique.length === 0) return new Map();
  const ids = await findAccountIds(tx, unique);
  const missing = unique.filter((r) => !ids.has(refKey(r)));
  if (missing.length === 0) return ids;
  const created = rowsOf<AccountRow>(
    await tx.execute(sql`
      insert into ledger_accounts (user_id, code, asset, allow_negative)
      select nullif(k.uid, 0), k.code, k.asset, k.neg
      from unnest(${sql.param(missing.map((r) => (r.userId ?? 0n).toString()))}::bigint[],
        ${sql.param(missing.map((r) => r.code))}::text[], ${sql.param(missing.map((r) => r.asset))}::text[],
        ${sql.param(missing.map((r) => r.userId === null && SYSTEM_NEGATIVE.has(r.code)))}::boolean[])
        as k(uid, code, asset, neg)
      on conflict do nothing
      returning id::text as id, user_id::text as user_id, code, asset`),
  );
  for (const row of created) ids.set(`${row.user_id ?? ''}|${row.code}|${row.asset}`, BigInt(row.id));
  const raced = missing.filter((r) => !ids.has(refKey(r)));
  if (raced.length > 0) for (const [key, id] of await findAccountIds(tx, raced)) ids.set(key, id);
  return ids;
}

/** Accounts locked in this transaction, by refKey: their ids and balances at the time of locking. */
export interface LockedAccounts {
  ids: Map<string, bigint>;
  balances: Map<string, bigint>;
}

/** Finds and locks the existing accounts among refs in one query, in id order. */
async function findAndLock(tx: DbOrTx, refs: AccountRef[]): Promise<LockedAccounts> {
  const rows = rowsOf<AccountRow & { balance: string }>(
    await tx.execute(sql`
      select a.id::text as id, a.user_id::text as user_id, a.code, a.asset, a.balance::text as balance
      from unnest(${sql.param(refs.map((r) => (r.userId ?? 0n).toString()))}::bigint[],
        ${sql.param(refs.map((r) => r.code))}::text[], ${sql.param(refs.map((r) => r.asset))}::text[]) as k(uid, code, asset)
      join ledger_accounts a on coalesce(a.user_id, 0) = k.uid and a.code = k.code and a.asset = k.asset
      order by a.id for no key update of a`),
  );
  const locked: LockedAccounts = { ids: new Map(), balances: new Map() };
  for (const row of rows) {
    const key = `${row.user_id ?? ''}|${row.code}|${row.asset}`;
    locked.ids.set(key, BigInt(row.id));
    locked.balances.set(key, BigInt(row.balance));
  }
  return locked;
}

/**
 * Locks the accounts (creating them on first use) in id order and returns their ids and balances by
 * refKey: for callers that decide amounts from balances (caps, withdrawals) before posting in the same
 * transaction. One query when the accounts exist (the usual case). Pass the result to transferBatch
 * to post on them without looking them up and locking them again.
 */
export async function lockAccounts(tx: DbOrTx, refs: AccountRef[]): Promise<LockedAccounts> {
  const unique = [...new Map(refs.map((r) => [refKey(r), r])).values()];
  if (unique.length === 0) return { ids: new Map(), balances: new Map() };
  const locked = await findAndLock(tx, unique);
  if (locked.ids.size === unique.length) return locked;
  // First use of some: create them, then lock all of them in id order (re-locking held rows is a no-op).
  await accountIds(tx, unique);
  return findAndLock(tx, unique);
}

/** lockAccounts' balances only. */
export async function lockBalances(tx: DbOrTx, refs: AccountRef[]): Promise<Map<string, bigint>> {
  return (await lockAccounts(tx, refs)).balances;
}

/**
 * Posts many transfers in one go, with the same guarantees as `transfer` for the end state: each is
 * idempotent by its key, both balances move in the same transaction, member accounts end at or above
 * zero (checked on each account's net change; the caller orders postings so that no member account
 * would dip in between). A constant number of queries whatever the batch size: the chain watcher's
 * throughput depends on it. Returns the ids of the transfers posted now, by idempotency key.
 */
export async function transferBatch(
  tx: DbOrTx,
  inputs: TransferInput[],
  locked?: LockedAccounts,
): Promise<Map<string, bigint>> {
  const posted = new Map<string, bigint>();
  if (inputs.length === 0) return posted;
  for (const input of inputs) {
    if (input.debit.asset !== input.credit.asset) throw new Error('a transfer moves one asset');
    if (input.amount <= 0n) throw new Error(`transfer amount must be positive, got ${input.amount}`);
  }
  const refs = inputs.flatMap((i) => [i.debit, i.credit]);
  let ids: Map<string, bigint>;
  if (locked && refs.every((r) => locked.ids.has(refKey(r)))) {
    // The caller locked them in this transaction (lockAccounts): no lookup, no second lock.
    ids = locked.ids;
  } else {
    ids = await accountIds(tx, refs);
    // Lock every account in id order, so concurrent batches queue instead of deadlocking. A join, not
    // `id = any(array)`: with a large array the planner may scan the table testing each row against
    // the whole array (seconds for a settlement's 40,000 accounts).
    await tx.execute(sql`
      select a.id from ledger_accounts a
      join unnest(${sql.param([...new Set(ids.values())].map(String))}::bigint[]) as k(id) on a.id = k.id
      order by a.id for no key update of a`);
  }
  const idOf = (r: AccountRef) => {
    const id = ids.get(refKey(r));
    if (id === undefined) throw new Error(`ledger account ${refKey(r)} missing`);
    return id;
  };
  // One statement, whatever the batch size: one array parameter per column (a settlement posts
  // hundreds of thousands; a VALUES list would hit the 65,535-parameter limit at ~9,000). It inserts
  // the transfers not posted before (idempotency key) and moves the balances by what was inserted;
  // a member account that would end below zero is not updated, which the counts below reveal.
  const rows = rowsOf<{ id: string; key: string; updated: number; expected: number }>(
    await tx.execute(sql`
      with ins as (
        insert into ledger_transfers (debit_account_id, credit_account_id, asset, amount, kind, ref, idempotency_key)
        select * from unnest(
          ${sql.param(inputs.map((i) => idOf(i.debit).toString()))}::bigint[],
          ${sql.param(inputs.map((i) => idOf(i.credit).toString()))}::bigint[],
          ${sql.param(inputs.map((i) => i.debit.asset))}::text[],
          ${sql.param(inputs.map((i) => i.amount.toString()))}::numeric[],
          ${sql.param(inputs.map((i) => i.kind))}::text[],
          ${sql.param(inputs.map((i) => i.ref))}::text[],
          ${sql.param(inputs.map((i) => i.idempotencyKey))}::text[])
        on conflict (idempotency_key) do nothing
        returning id, idempotency_key, debit_account_id, credit_account_id, amount),
      d as (
        select account_id, sum(delta) as delta from (
          select debit_account_id as account_id, -amount as delta from ins
          union all select credit_account_id, amount from ins) m
        group by account_id having sum(delta) <> 0),
      upd as (
        update ledger_accounts a set balance = a.balance + d.delta from d
        where a.id = d.account_id and (a.allow_negative or a.balance + d.delta >= 0)
        returning a.id, a.user_id, a.code, a.asset, d.delta),
      -- The members' running totals move with their balances, in this statement (memberTotalsOf).
      totals as (
        insert into ledger_member_total_moves (code, asset, delta)
        select code, asset, sum(delta) from upd where user_id is not null
        group by code, asset having sum(delta) <> 0)
      select ins.id::text as id, ins.idempotency_key as key,
        (select count(*) from upd)::int as updated, (select count(*) from d)::int as expected
      from ins`),
  );
  if (rows.length > 0 && defined(rows[0]).updated !== defined(rows[0]).expected)
    throw new LedgerError(400, 'ledger.insufficient');
  for (const row of rows) posted.set(row.key, BigInt(row.id));
  return posted;
}

/** A posted transfer with its two accounts, as a reversal reads it. */
export interface PostedTransfer {
  idempotencyKey: string;
  debit: AccountRef;
  credit: AccountRef;
  amount: bigint;
  kind: string;
  ref: string;
}

/** The transfers posted under these idempotency keys (absent keys: nothing posted), with their accounts. */
export async function transfersByKeys(db: DbOrTx, keys: readonly string[]): Promise<PostedTransfer[]> {
  if (keys.length === 0) return [];
  const rows = rowsOf<{
    key: string;
    amount: string;
    kind: string;
    ref: string;
    asset: string;
    d_user: string | null;
    d_code: string;
    c_user: string | null;
    c_code: string;
  }>(
    await db.execute(sql`
      select t.idempotency_key as key, t.amount::text as amount, t.kind, t.ref, t.asset,
        d.user_id::text as d_user, d.code as d_code, c.user_id::text as c_user, c.code as c_code
      from ledger_transfers t
      join ledger_accounts d on d.id = t.debit_account_id
      join ledger_accounts c on c.id = t.credit_account_id
      where t.idempotency_key = any(${sql.param([...keys])}::text[])
      order by t.id`),
  );
  const ref = (user: string | null, code: string, asset: string): AccountRef => ({
    userId: user === null ? null : BigInt(user),
    code: code as AccountCode,
    asset: asset as Asset,
  });
  return rows.map((r) => ({
    idempotencyKey: r.key,
    debit: ref(r.d_user, r.d_code, r.asset),
    credit: ref(r.c_user, r.c_code, r.asset),
    amount: BigInt(r.amount),
    kind: r.kind,
    ref: r.ref,
  }));
}

/**
 * The transfer that takes a posted one back (credit → debit), under `<its key>:reversal`; `amount` may be less
 * (a part already used up where the caller decides so).
 */
export const reversalOf = (t: PostedTransfer, ref: string, amount = t.amount): TransferInput => ({
  debit: t.credit,
  credit: t.debit,
  amount,
  kind: 'incident.reversal',
  ref,
  idempotencyKey: `${t.idempotencyKey}:reversal`,
});
