import { type DbOrTx, rowsOf, schema } from '@agc/db';
import {
  AGC_DECIMALS,
  formatAmount,
  parseWithdrawAmount,
  parseWithdrawType,
  USDT_DECIMALS,
  WITHDRAW_TYPES,
  type WithdrawAsset,
  type Withdrawal,
  type WithdrawCheck,
  type WithdrawLimit,
  type WithdrawStatus,
  type WithdrawType,
  withdrawDecimals,
} from '@agc/shared';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { ACCOUNTS } from '../ledger/ledger.ts';
import { applyPpm, dayKey, ppmToPercent, startOfUtcDay } from '../rules/rules.ts';

const { withdrawals } = schema;

export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** A request's type and amount, read once with the message each mistake deserves; nothing is touched. */
export function readRequest(body: { amount?: string; type?: number | string }): {
  type: WithdrawType;
  asset: WithdrawAsset;
  units: bigint;
} {
  const type = parseWithdrawType(body.type);
  if (type === null) throw badRequest('withdraw.type_invalid');
  const amount = parseWithdrawAmount(body.amount, type);
  if (!amount.ok) throw badRequest(`withdraw.${amount.error}`, { decimals: withdrawDecimals(type) });
  return { type, asset: WITHDRAW_TYPES[type], units: amount.units };
}

/** The fee (rounded down: never more than the rate) and what the vault pays. */
export function feeOf(ctx: AppContext, units: bigint): { fee: bigint; received: bigint } {
  const fee = applyPpm(units, ctx.config.withdraw.feePpm);
  return { fee, received: units - fee };
}

/** What the member requested today (UTC) in an asset, rejected requests aside. */
async function usedToday(db: DbOrTx, userId: bigint, asset: WithdrawAsset, day: string): Promise<bigint> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        eq(withdrawals.asset, asset),
        eq(withdrawals.day, day),
        sql`${withdrawals.status} <> 'Rejected'`,
      ),
    );
  return BigInt(row?.used ?? '0');
}

interface Standing {
  available: bigint;
  limit: bigint;
  used: bigint;
  remaining: bigint;
}

function standing(ctx: AppContext, asset: WithdrawAsset, available: bigint, used: bigint): Standing {
  const limit = ctx.config.withdraw.dailyLimit[asset];
  return { available, limit, used, remaining: used >= limit ? 0n : limit - used };
}

/** The first reason an amount cannot go now, in the order the form asks: the daily limit, then the balance. */
function refusal(
  asset: WithdrawAsset,
  units: bigint,
  s: Standing,
): { reason: 'over_limit' | 'insufficient'; key: string; vars: Record<string, string> } | null {
  if (units > s.remaining)
    return {
      reason: 'over_limit',
      key: 'withdraw.over_limit',
      vars: { num: formatAmount(s.remaining, asset === 'USDT' ? USDT_DECIMALS : AGC_DECIMALS), unit: asset },
    };
  if (units > s.available)
    return {
      reason: 'insufficient',
      key: asset === 'USDT' ? 'withdraw.insufficient_usdt' : 'withdraw.insufficient_agc',
      vars: {},
    };
  return null;
}

async function availableOf(db: DbOrTx, userId: bigint, asset: WithdrawAsset): Promise<bigint> {
  const rows = rowsOf<{ balance: string }>(
    await db.execute(sql`select balance::text as balance from ledger_accounts
      where coalesce(user_id, 0) = ${userId.toString()}::bigint and code = ${ACCOUNTS.available} and asset = ${asset}`),
  );
  return BigInt(rows[0]?.balance ?? '0');
}

/** withdraw/check: the fee, what arrives, today's remaining limit, or why it cannot go (nothing changes). */
export async function checkWithdrawal(
  ctx: AppContext,
  user: SessionUser,
  body: { amount?: string; type?: number | string },
  t: (key: string, vars?: Record<string, string>) => string,
): Promise<WithdrawCheck> {
  const { type, asset, units } = readRequest(body);
  const day = dayKey(startOfUtcDay(ctx.now()));
  const [available, used] = await Promise.all([
    availableOf(ctx.db, user.id, asset),
    usedToday(ctx.db, user.id, asset, day),
  ]);
  const s = standing(ctx, asset, available, used);
  const { fee, received } = feeOf(ctx, units);
  const refused = refusal(asset, units, s);
  const d = withdrawDecimals(type);
  return {
    type,
    asset,
    amount: formatAmount(units, d),
    fee: formatAmount(fee, d),
    fee_rate: ppmToPercent(ctx.config.withdraw.feePpm),
    received: formatAmount(received, d),
    available: formatAmount(s.available, d),
    daily_limit: formatAmount(s.limit, d),
    remaining_today: formatAmount(s.remaining, d),
    ok: refused === null,
    reason: refused?.reason ?? null,
    msg: refused ? t(refused.key, refused.vars) : null,
  };
}

/** withdraw/limit: per asset, the daily limit, what was used today, what remains, and the balance. */
export async function withdrawLimits(ctx: AppContext, user: SessionUser): Promise<WithdrawLimit> {
  const today = startOfUtcDay(ctx.now());
  const day = dayKey(today);
  const types = [1, 2] as const;
  const limits = await Promise.all(
    types.map(async (type) => {
      const asset = WITHDRAW_TYPES[type];
      const [available, used] = await Promise.all([
        availableOf(ctx.db, user.id, asset),
        usedToday(ctx.db, user.id, asset, day),
      ]);
      const s = standing(ctx, asset, available, used);
      const d = withdrawDecimals(type);
      return {
        type,
        asset,
        daily_limit: formatAmount(s.limit, d),
        used: formatAmount(s.used, d),
        remaining: formatAmount(s.remaining, d),
        available: formatAmount(s.available, d),
      };
    }),
  );
  return {
    day,
    resets_at: new Date(today.getTime() + 86_400_000).toISOString(),
    fee_rate: ppmToPercent(ctx.config.withdraw.feePpm),
    limits,
  };
}

/** The refusal of an amount given the balance and today's requests, as the error POST withdraw answers. */
export function refusalError(
  ctx: AppContext,
  asset: WithdrawAsset,
  units: bigint,
  available: bigint,
  used: bigint,
): AppError | null {
  const refused = refusal(asset, units, standing(ctx, asset, available, used));
  return refused ? badRequest(refused.key, refused.vars) : null;
}

export async function findOwnWithdrawal(db: DbOrTx, userId: bigint, id: bigint): Promise<WithdrawalRow> {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.userId, userId)))
    .limit(1);
  // Another member's withdrawal answers exactly like one that does not exist.
  if (!row) throw notFound('withdraw.not_found');
  return row;
}

export interface WithdrawPageQuery {
  page: number;
  size: number;
  status?: WithdrawStatus;
  userId?: bigint;
  type?: WithdrawType;
  address?: string;
  /** One withdrawal (the admin answers build their row with the list's columns). */
  id?: bigint;
}

export async function listWithdrawals(db: DbOrTx, q: WithdrawPageQuery) {
  const conditions: SQL[] = [];
  if (q.userId !== undefined) conditions.push(eq(withdrawals.userId, q.userId));
  if (q.status !== undefined) conditions.push(eq(withdrawals.status, q.status));
  if (q.type !== undefined) conditions.push(eq(withdrawals.type, q.type));
  if (q.address !== undefined) conditions.push(eq(withdrawals.address, q.address));
  if (q.id !== undefined) conditions.push(eq(withdrawals.id, q.id));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(desc(withdrawals.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(withdrawals).where(where),
  ]);
  const n = total?.n ?? 0;
  return { list: rows, total: n, page: q.page, size: q.size, has_more: q.page * q.size < n };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toWithdrawalDto(ctx: AppContext, w: WithdrawalRow): Withdrawal {
  const type = w.type as WithdrawType;
  const d = withdrawDecimals(type);
  return {
    withdraw_id: w.id.toString(),
    id: w.id.toString(),
    type,
    asset: w.asset,
    amount: formatAmount(w.amount, d),
    service_fee: formatAmount(w.fee, d),
    fee_rate: ppmToPercent(BigInt(w.feePpm)),
    received: formatAmount(w.received, d),
    address: w.address,
    status: w.status,
    reason: w.reason,
    created_at: w.createdAt.toISOString(),
    audited_at: iso(w.auditedAt),
    voucher_deadline: iso(w.voucherDeadline),
    claim_tx_hash: w.claimTxHash,
    claimed_at: iso(w.claimedAt),
    explorer_url: w.claimTxHash ? `${ctx.chain.explorerUrl}/tx/${w.claimTxHash}` : null,
  };
}
