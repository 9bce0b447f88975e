import {
  AGC_DECIMALS,
  type EarnMovement,
  type EarnSummary,
  formatAmount,
  formatAssetFigure,
  formatUsdt,
  maxOf,
  USDT_DECIMALS,
} from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { parseAmountInput } from '@server/lib/amount-input.ts';
import { invalidate } from '@server/lib/caches.ts';
import { badRequest, notFound } from '@server/lib/errors.ts';
import { pageAnswer } from '@server/lib/paging.ts';
import {
  ACCOUNTS,
  type AccountRef,
  balancesOf,
  LedgerError,
  refKey,
  transfer,
} from '@server/modules/ledger/index.ts';
import { dayKey, dayStart, nextDay, ppmToPercent } from '@server/modules/rules/index.ts';
import {
  addToBalance,
  type EarnMovementRow,
  enterTransferGate,
  findAccount,
  findOwnMovement,
  insertMovement,
  listInterest,
  listMovements,
  lockAccount,
  lockOrCreateAccount,
} from './repository.ts';

const DAY_MS = 86_400_000;
const usdtRef = (userId: bigint | null, code: AccountRef['code']): AccountRef => ({
  userId,
  code,
  asset: 'USDT',
});

/** The ledger accounts simple earn moves money between (ledger/repository.ts ACCOUNTS). */
export const EARN_REFS = {
  holdings: usdtRef(null, ACCOUNTS.earnHoldings),
  interestPaid: usdtRef(null, ACCOUNTS.earnInterestPaid),
  available: (userId: bigint) => usdtRef(userId, ACCOUNTS.available),
  pending: (userId: bigint) => usdtRef(userId, ACCOUNTS.earnPending),
  lockedAgc: (userId: bigint): AccountRef => ({ userId, code: ACCOUNTS.launchpadLocked, asset: 'AGC' }),
};

/** A typed amount of USDT (6 decimals), with the spec's messages (earn.amount_*). */
export const parseEarnAmount = (text: string) => parseAmountInput(text, USDT_DECIMALS, 'earn');

/** The UTC day before `day`. */
const dayBefore = (day: string) => dayKey(new Date(dayStart(day).getTime() - DAY_MS));

/**
 * The interest day a movement made at `now` counts for: today, and never a day already settled for the account
 * (only a process whose clock lags the settling one's could see that; the movement then counts for the next day).
 */
function movementDay(now: Date, settledDay: string): string {
  const today = dayKey(now);
  const open = nextDay(settledDay);
  return maxOf(today, open);
}

/** When a transfer out of `amount` made at `now` arrives: minutes below the fast limit, days from it. */
export function arrivalOf(ctx: AppContext, amount: bigint, now: Date): { fast: boolean; arrivesAt: Date } {
  const fast = amount < ctx.config.earn.fastLimit;
  const delay = fast ? ctx.config.earn.fastDelayMs : ctx.config.earn.slowDelayMs;
  return { fast, arrivesAt: new Date(now.getTime() + delay) };
}

export function toMovementDto(m: EarnMovementRow): EarnMovement {
  return {
    id: m.id.toString(),
    kind: m.kind,
    amount_usdt: formatUsdt(m.amount),
    status: m.status,
    created_at: m.createdAt.toISOString(),
    arrives_at: m.arrivesAt?.toISOString() ?? null,
    arrived_at: m.arrivedAt?.toISOString() ?? null,
  };
}

/** The simple-earn page's figures (contract earnSummaryResponse). */
export async function earnSummary(ctx: AppContext, userId: bigint): Promise<EarnSummary> {
  const now = ctx.now();
  const refs = [EARN_REFS.available(userId), EARN_REFS.pending(userId), EARN_REFS.lockedAgc(userId)];
  const [account, balances] = await Promise.all([findAccount(ctx.db, userId), balancesOf(ctx.db, refs)]);
  const [available, pending, lockedAgc] = refs.map((r) => balances.get(refKey(r)) ?? 0n) as [
    bigint,
    bigint,
    bigint,
  ];
  const holding = account?.balance ?? 0n;
  const yesterday = dayBefore(dayKey(now));
  const rules = ctx.config.earn;
  return {
    apy_percent: ppmToPercent(rules.apyPpm),
    total_amount_usdt: formatUsdt(holding + pending),
    yesterday_income_usdt: formatUsdt(account?.lastInterestDay === yesterday ? account.lastInterest : 0n),
    total_earned_usdt: formatUsdt(account?.totalInterest ?? 0n),
    total_holding_usdt: formatUsdt(holding),
    pending_out_usdt: formatUsdt(pending),
    locked_agc: formatAmount(lockedAgc, AGC_DECIMALS),
    available_usdt: formatUsdt(available),
    fast_limit_usdt: formatUsdt(rules.fastLimit),
    fast_delay_minutes: Math.round(rules.fastDelayMs / 60_000),
    slow_delay_days: Math.round(rules.slowDelayMs / DAY_MS),
    server_time: now.toISOString(),
  };
}

/**
 * Transfer in: available USDT → simple earn, earning from the next full day. One transaction: the gate (shared),
 * the member's earn account (created on first use), then the ledger (member.available → system.earn_holdings; more
 * than available is refused with earn.insufficient_available and nothing changes), the movement and the balance.
 */
export async function transferIn(ctx: AppContext, userId: bigint, amountText: string) {
  const amount = parseEarnAmount(amountText);
  const movement = await ctx.db.transaction(async (tx) => {
    await enterTransferGate(tx);
    const now = ctx.now();
    const account = await lockOrCreateAccount(tx, userId, dayBefore(dayKey(now)));
    const m = await insertMovement(tx, {
      userId,
      kind: 'In',
      amount,
      day: movementDay(now, account.settledDay),
      status: 'Completed',
      arrivesAt: null,
      createdAt: now,
    });
    try {
      await transfer(tx, {
        debit: EARN_REFS.available(userId),
        credit: EARN_REFS.holdings,
        amount,
        kind: 'earn_in',
        ref: `earn:${m.id}`,
        idempotencyKey: `earn:in:${m.id}`,
      });
    } catch (e) {
      if (e instanceof LedgerError) throw badRequest('earn.insufficient_available');
      throw e;
    }
    await addToBalance(tx, userId, amount, now);
    return m;
  });
  invalidate(ctx, { kind: 'figures', ids: [userId] });
  return { movement: toMovementDto(movement), summary: await earnSummary(ctx, userId) };
}

/**
 * Transfer out: simple earn → member.earn_pending, arriving in available later (arrival job). The member's earn
 * account is locked FIRST (concurrent transfers out of one holding queue on it, each seeing what the one before
 * left), then the ledger. Above the holding: "Maximum {num}USDT", nothing changes.
 */
export async function transferOut(ctx: AppContext, userId: bigint, amountText: string) {
  const amount = parseEarnAmount(amountText);
  const movement = await ctx.db.transaction(async (tx) => {
    await enterTransferGate(tx);
    const account = await lockAccount(tx, userId);
    if (!account || amount > account.balance)
      throw badRequest('earn.amount_max', {
        num: formatAssetFigure(account?.balance ?? 0n, 'USDT', 'exact'),
        unit: 'USDT',
      });
    const now = ctx.now();
    const m = await insertMovement(tx, {
      userId,
      kind: 'Out',
      amount,
      day: movementDay(now, account.settledDay),
      status: 'Pending',
      arrivesAt: arrivalOf(ctx, amount, now).arrivesAt,
      createdAt: now,
    });
    await transfer(tx, {
      debit: EARN_REFS.holdings,
      credit: EARN_REFS.pending(userId),
      amount,
      kind: 'earn_out',
      ref: `earn:${m.id}`,
      idempotencyKey: `earn:out-pending:${m.id}`,
    });
    await addToBalance(tx, userId, -amount, now);
    return m;
  });
  return { movement: toMovementDto(movement), summary: await earnSummary(ctx, userId) };
}

/** When a transfer out of `amountText` would arrive now; writes nothing. The same checks as transferOut's amount. */
export async function transferOutPreview(ctx: AppContext, amountText: string) {
  const amount = parseEarnAmount(amountText);
  const now = ctx.now();
  const { fast, arrivesAt } = arrivalOf(ctx, amount, now);
  return {
    amount_usdt: formatUsdt(amount),
    fast,
    arrives_at: arrivesAt.toISOString(),
    server_time: now.toISOString(),
  };
}

export async function earnMovements(
  ctx: AppContext,
  userId: bigint,
  q: { kind?: 'In' | 'Out'; page: number; size: number },
) {
  const { list, total } = await listMovements(ctx.db, { userId, ...q });
  return pageAnswer(list.map(toMovementDto), total, q);
}

export async function earnMovement(ctx: AppContext, userId: bigint, id: string): Promise<EarnMovement> {
  const m = await findOwnMovement(ctx.db, userId, BigInt(id));
  if (!m) throw notFound('earn.movement_not_found');
  return toMovementDto(m);
}

export async function earnInterestList(ctx: AppContext, userId: bigint, q: { page: number; size: number }) {
  const { list, total } = await listInterest(ctx.db, { userId, ...q });
  return pageAnswer(
    list.map((i) => ({ day: i.day, base_usdt: formatUsdt(i.base), amount_usdt: formatUsdt(i.amount) })),
    total,
    q,
  );
}
