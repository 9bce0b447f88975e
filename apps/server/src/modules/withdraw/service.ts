import type { DbOrTx } from '@agc/db';
import {
  formatAmount,
  formatAssetFigure,
  parseWithdrawAmount,
  parseWithdrawType,
  tokenDecimals,
  WITHDRAW_TYPES,
  type WithdrawAsset,
  type WithdrawCheck,
  type WithdrawLimit,
  type WithdrawType,
} from '@agc/shared';
import { defined } from '@agc/shared/defined';
import type { AppContext } from '@server/context.ts';
import { batcherPerDatabase } from '@server/lib/batcher.ts';
import { type AppError, badRequest, notFound } from '@server/lib/errors.ts';
import { ACCOUNTS, balanceOf, balancesOf, refKey, type TransferInput } from '@server/modules/ledger/index.ts';
import { applyPpm, dayKey, ppmToPercent, startOfUtcDay } from '@server/modules/rules/index.ts';
import type { SessionUser } from '@server/plugins/auth.ts';
import { findOwn, memberKey, usedOnDay, type WithdrawalRow } from './repository.ts';

/** A request's type and amount, read once with the message each mistake deserves; nothing is touched. */
export function readRequest(body: { amount?: string; type?: number | string }): {
  type: WithdrawType;
  asset: WithdrawAsset;
  units: bigint;
} {
  const type = parseWithdrawType(body.type);
  if (type === null) throw badRequest('withdraw.type_invalid');
  const amount = parseWithdrawAmount(body.amount, type);
  if (!amount.ok) throw badRequest(`withdraw.${amount.error}`, { decimals: tokenDecimals(type) });
  return { type, asset: WITHDRAW_TYPES[type], units: amount.units };
}

/** The fee (rounded down: never more than the rate) and what the vault pays. */
export function feeOf(ctx: AppContext, units: bigint): { fee: bigint; received: bigint } {
  const fee = applyPpm(units, ctx.config.withdraw.feePpm);
  return { fee, received: units - fee };
}

interface Standing {
  available: bigint;
  minimum: bigint;
  limit: bigint;
  used: bigint;
  remaining: bigint;
}

function standing(ctx: AppContext, asset: WithdrawAsset, available: bigint, used: bigint): Standing {
  const limit = ctx.config.withdraw.dailyLimit[asset];
  const minimum = ctx.config.withdraw.minimum[asset];
  return { available, minimum, limit, used, remaining: used >= limit ? 0n : limit - used };
}

/**
 * The first reason an amount cannot go now, in the order the form asks: the minimum, the daily limit,
 * then the balance.
 */
function refusal(
  type: WithdrawType,
  units: bigint,
  s: Standing,
): {
  reason: 'below_minimum' | 'over_limit' | 'insufficient';
  key: string;
  vars: Record<string, string>;
} | null {
  const asset = WITHDRAW_TYPES[type];
  if (units < s.minimum)
    return {
      reason: 'below_minimum',
      key: 'withdraw.below_minimum',
      vars: { num: formatAssetFigure(s.minimum, asset, 'exact'), unit: asset },
    };
  if (units > s.remaining)
    return {
      reason: 'over_limit',
      key: 'withdraw.over_limit',
      vars: { num: formatAssetFigure(s.remaining, asset, 'exact'), unit: asset },
    };
  if (units > s.available)
    return {
      reason: 'insufficient',
      key: asset === 'USDT' ? 'withdraw.insufficient_usdt' : 'withdraw.insufficient_agc',
      vars: {},
    };
  return null;
}

const availableOf = (db: DbOrTx, userId: bigint, asset: WithdrawAsset) =>
  balanceOf(db, { userId, code: ACCOUNTS.available, asset });

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
    usedOnDay(ctx.db, [{ userId: user.id, asset }], day),
  ]);
  const s = standing(ctx, asset, available, used.get(memberKey(user.id, asset)) ?? 0n);
  const { fee, received } = feeOf(ctx, units);
  const refused = refusal(type, units, s);
  const d = tokenDecimals(type);
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

/**
 * withdraw/limit: per asset, the daily limit, what was used today, what remains, and the balance. Cached per member
 * like the /me answer (the same invalidations: a withdrawal, a balance moved), for today only.
 */
export async function withdrawLimits(ctx: AppContext, user: SessionUser): Promise<WithdrawLimit> {
  const day = dayKey(startOfUtcDay(ctx.now()));
  const cached = await ctx.cache.limits.getOrLoad(user.id, () => loadLimits(ctx, user));
  if (defined(cached).day === day) return defined(cached);
  // Yesterday's answer (the day ended since): today's used starts at nothing.
  ctx.cache.limits.delete(user.id);
  return defined(await ctx.cache.limits.getOrLoad(user.id, () => loadLimits(ctx, user)));
}

/** The assets withdraw/limit answers for, in its order. */
const LIMIT_TYPES = [1, 2] as const;

/** A member's available balance of a withdrawable asset, as the ledger keys it. */
const availableRef = (userId: bigint, type: WithdrawType) => ({
  userId,
  code: ACCOUNTS.available,
  asset: WITHDRAW_TYPES[type],
});

/**
 * The figures behind withdraw/limit answers: what members requested on their day and their available balances.
 * The misses of every request arriving at the same moment are read together (lib/batcher.ts): two queries per
 * batch, not two per member. Each caller gets the batch's maps and picks its own keys.
 */
const limitFigures = batcherPerDatabase(async (db: DbOrTx, keys: Array<{ userId: bigint; day: string }>) => {
  const days = [...new Set(keys.map((k) => k.day))];
  const byDay = new Map(
    await Promise.all(
      days.map(async (day) => {
        const ids = [...new Set(keys.filter((k) => k.day === day).map((k) => k.userId))];
        const [used, balances] = await Promise.all([
          usedOnDay(
            db,
            ids.flatMap((userId) => LIMIT_TYPES.map((type) => ({ userId, asset: WITHDRAW_TYPES[type] }))),
            day,
          ),
          balancesOf(
            db,
            ids.flatMap((userId) => LIMIT_TYPES.map((type) => availableRef(userId, type))),
          ),
        ]);
        return [day, { used, balances }] as const;
      }),
    ),
  );
  return keys.map((k) => defined(byDay.get(k.day)));
});

async function loadLimits(ctx: AppContext, user: SessionUser): Promise<WithdrawLimit> {
  const today = startOfUtcDay(ctx.now());
  const day = dayKey(today);
  const { used, balances } = await limitFigures(ctx.db).load({ userId: user.id, day });
  const limits = LIMIT_TYPES.map((type) => {
    const asset = WITHDRAW_TYPES[type];
    const balance = balances.get(refKey(availableRef(user.id, type))) ?? 0n;
    const s = standing(ctx, asset, balance, used.get(memberKey(user.id, asset)) ?? 0n);
    const d = tokenDecimals(type);
    return {
      type,
      asset,
      daily_limit: formatAmount(s.limit, d),
      minimum: formatAmount(s.minimum, d),
      used: formatAmount(s.used, d),
      remaining: formatAmount(s.remaining, d),
      available: formatAmount(s.available, d),
    };
  });
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
  type: WithdrawType,
  units: bigint,
  available: bigint,
  used: bigint,
): AppError | null {
  const refused = refusal(type, units, standing(ctx, WITHDRAW_TYPES[type], available, used));
  return refused ? badRequest(refused.key, refused.vars) : null;
}

/** A member's own withdrawal: another member's answers exactly like one that does not exist. */
export async function findOwnWithdrawal(db: DbOrTx, userId: bigint, id: bigint): Promise<WithdrawalRow> {
  const row = await findOwn(db, userId, id);
  if (!row) throw notFound('withdraw.not_found');
  return row;
}

/**
 * The journal of a withdrawal that will not be paid (rejected, or revoked on chain): the amount goes back
 * from locked to available. One key for both ways, so it can never post twice.
 */
export function unlockTransfer(w: WithdrawalRow): TransferInput {
  return {
    debit: { userId: w.userId, code: ACCOUNTS.locked, asset: w.asset },
    credit: { userId: w.userId, code: ACCOUNTS.available, asset: w.asset },
    amount: w.amount,
    kind: 'withdraw.reject',
    ref: `withdraw:${w.id}`,
    idempotencyKey: `withdraw:${w.id}:unlock`,
  };
}
