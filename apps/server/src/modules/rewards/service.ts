import type { DbOrTx } from '@agc/db';
import {
  AGC_DECIMALS,
  formatAmount,
  formatUsdt,
  type IncomeSummary,
  type Reward,
  type RewardKind,
  type RewardSeries,
  type RewardSeriesAmounts,
  rewardKind,
  USDT_DECIMALS,
} from '@agc/shared';
import type { Rules } from '@server/config.ts';
import type { AppContext } from '@server/context.ts';
import { invalidate } from '@server/lib/caches.ts';
import { AppError, notFound } from '@server/lib/errors.ts';
import { pageAnswer } from '@server/lib/paging.ts';
import {
  ACCOUNTS,
  type AccountRef,
  type Asset,
  lockBalances,
  refKey,
  type TransferInput,
  transferBatch,
} from '@server/modules/ledger/index.ts';
import { type AgcPrice, usdtToAgcFloor } from '@server/modules/pricing/index.ts';
import { applyPpm, capReward, dayKey, levelOf, ppmToPercent } from '@server/modules/rules/index.ts';
import {
  creditedByKind,
  findOwnReward,
  insertRewardBatch,
  insertRewards,
  lockRewardsShared,
  lockTeamState,
  paidOnDay,
  type RewardInsert,
  type RewardRow,
  restartManagement,
  rewardPage,
  rewardSeries,
} from './repository.ts';

const DAY_MS = 86_400_000;
const accountRef = (userId: bigint | null, code: AccountRef['code'], asset: Asset): AccountRef => ({
  userId,
  code,
  asset,
});
const usdtRef = (userId: bigint | null, code: AccountRef['code']) => accountRef(userId, code, 'USDT');

/** How a paid reward is credited: the vc_rate share in AGC at the day's price, the rest in USDT. */
export function splitReward(
  rules: Rules,
  paid: bigint,
  price: Pick<AgcPrice, 'usdtPerAgc'>,
): { usdt: bigint; agc: bigint } {
  const vcUsdt = applyPpm(paid, rules.vcPpm);
  return { usdt: paid - vcUsdt, agc: usdtToAgcFloor(vcUsdt, price) };
}

/**
 * The journal entries of one paid reward (every reward kind posts the same way): its USDT value is
 * consumed from the member's remaining dividends, and credited to the member's available balance,
 * split into USDT and AGC. Idempotent by `rewardRef`.
 */
export function rewardTransfers(
  userId: bigint,
  kind: string,
  rewardRef: string,
  paid: bigint,
  split: { usdt: bigint; agc: bigint },
): TransferInput[] {
  const out: TransferInput[] = [];
  if (paid <= 0n) return out;
  out.push({
    debit: usdtRef(userId, ACCOUNTS.remainingDividends),
    credit: usdtRef(null, ACCOUNTS.dividendCapIssued),
    amount: paid,
    kind: 'reward.cap_used',
    ref: rewardRef,
    idempotencyKey: `${rewardRef}:cap`,
  });
  // The member's share in each asset: rewards paid → available.
  for (const [asset, amount] of [
    ['USDT', split.usdt],
    ['AGC', split.agc],
  ] as const)
    if (amount > 0n)
      out.push({
        debit: accountRef(null, ACCOUNTS.rewardsPaid, asset),
        credit: accountRef(userId, ACCOUNTS.available, asset),
        amount,
        kind: `reward.${kind}`,
        ref: rewardRef,
        idempotencyKey: `${rewardRef}:${asset.toLowerCase()}`,
      });
  return out;
}

// --- referral (paid when a direct invitee's order is confirmed) ---

/** A confirmed order as the referral sees it. */
export interface ConfirmedOrder {
  /** `order:<id>`: the reward's source and the key of its postings. */
  ref: string;
  buyerId: bigint;
  inviterId: bigint | null;
  priceUsdt: bigint;
  /** The AGC price the order was quoted at (USDT minor units per AGC): the referral's AGC share is credited at it. */
  agcPriceUsdt: bigint;
}

/**
 * The referral rewards of a batch of confirmed orders, decided in chain order against the members'
 * remaining dividends and day tops, as they move within the batch: a buyer's new investment and cap
 * count for the referrals of the orders after it. Open it inside the confirming transaction (it takes
 * the rewards lock shared and locks the balances it reads), tell it what each order adds (`confirmed`),
 * then ask for the order's referral. Its AGC share is credited at the order's quoted AGC price.
 */
export class ReferralBatch {
  private readonly rewardRows: RewardInsert[] = [];
  private constructor(
    private readonly ctx: AppContext,
    private readonly balances: Map<string, bigint>,
    private readonly paidToday: Map<bigint, bigint>,
    private readonly now: Date,
  ) {}

  static async open(ctx: AppContext, tx: DbOrTx, orders: ConfirmedOrder[]): Promise<ReferralBatch> {
    await lockRewardsShared(tx);
    const now = ctx.now();
    const members = [
      ...new Set(orders.flatMap((o) => (o.inviterId === null ? [o.buyerId] : [o.buyerId, o.inviterId]))),
    ];
    const balances = await lockBalances(
      tx,
      members.flatMap((id) => [usdtRef(id, ACCOUNTS.remainingDividends), usdtRef(id, ACCOUNTS.investment)]),
    );
    const inviters = [...new Set(orders.flatMap((o) => (o.inviterId === null ? [] : [o.inviterId])))];
    const paidToday = await paidOnDay(tx, dayKey(now), inviters);
    return new ReferralBatch(ctx, balances, paidToday, now);
  }

  private bal(ref: AccountRef) {
    return this.balances.get(refKey(ref)) ?? 0n;
  }

  private add(ref: AccountRef, amount: bigint) {
    this.balances.set(refKey(ref), this.bal(ref) + amount);
  }

  /** A confirmed order grows its buyer's investment and remaining dividends (for later referrals). */
  confirmed(buyerId: bigint, investment: bigint, cap: bigint): void {
    this.add(usdtRef(buyerId, ACCOUNTS.investment), investment);
    this.add(usdtRef(buyerId, ACCOUNTS.remainingDividends), cap);
  }

  /**
   * The inviter's referral of one order (REFERRAL_RATE_PERCENT of its price), limited by the inviter's
   * remaining dividends and by its level's day top minus what it already counted today; what the caps
   * cut is recorded on the reward. Returns its journal entries (none when nothing is paid).
   */
  referral(order: ConfirmedOrder): TransferInput[] {
    if (order.inviterId === null) return [];
    const { rules } = this.ctx.config;
    const inviter = order.inviterId;
    const due = applyPpm(order.priceUsdt, rules.referralPpm);
    const remaining = this.bal(usdtRef(inviter, ACCOUNTS.remainingDividends));
    const level = levelOf(rules, this.bal(usdtRef(inviter, ACCOUNTS.investment)));
    const { paid, cut, cutReason } = capReward(
      due,
      remaining,
      level.dayTop - (this.paidToday.get(inviter) ?? 0n),
    );
    // At the order's own quoted price: a confirmation never waits for a market price (nor is moved by one).
    const split = splitReward(rules, paid, { usdtPerAgc: order.agcPriceUsdt });
    if (paid > 0n) {
      this.add(usdtRef(inviter, ACCOUNTS.remainingDividends), -paid);
      this.paidToday.set(inviter, (this.paidToday.get(inviter) ?? 0n) + paid);
    }
    if (due > 0n)
      this.rewardRows.push({
        userId: inviter,
        kind: 'referral',
        base: order.priceUsdt,
        ratePpm: Number(rules.referralPpm),
        due,
        cut,
        cutReason,
        creditedUsdt: split.usdt,
        creditedAgc: split.agc,
        sourceUserId: order.buyerId,
        level: level.level,
        day: dayKey(this.now),
        ref: order.ref,
        createdAt: this.now,
      });
    return rewardTransfers(inviter, 'referral', `reward:referral:${order.ref}`, paid, split);
  }

  /** Records the batch's referral rewards (once each). */
  async record(tx: DbOrTx): Promise<void> {
    await insertRewardBatch(tx, this.rewardRows);
  }
}

// --- the reward pages ---

/** A reward record as the reward pages show it; grouped by the day it counts for (today 1, yesterday 2, older 3). */
export function toReward(r: RewardRow, now: Date): Reward {
  const today = dayKey(now);
  const yesterday = dayKey(new Date(now.getTime() - DAY_MS));
  return {
    id: r.id,
    kind: r.kind,
    created_at: new Date(r.created_at).toISOString(),
    group: r.day === today ? 1 : r.day === yesterday ? 2 : 3,
    day: r.day,
    base: formatUsdt(BigInt(r.base)),
    rate: ppmToPercent(BigInt(r.rate_ppm)),
    due: formatUsdt(BigInt(r.due)),
    cut: formatUsdt(BigInt(r.cut)),
    cut_reason: r.cut_reason,
    amount: formatUsdt(BigInt(r.due) - BigInt(r.cut)),
    credited_usdt: formatUsdt(BigInt(r.credited_usdt)),
    credited_agc: formatAmount(BigInt(r.credited_agc), AGC_DECIMALS),
    source_address: r.source_address,
    level: Number(r.level),
  };
}

/** Income summary: everything credited (due − cut) per kind, USDT value. */
export async function incomeSummary(db: DbOrTx, userId: bigint): Promise<IncomeSummary> {
  const byKind = await creditedByKind(db, userId);
  const of = (k: RewardKind) => byKind.get(k) ?? 0n;
  let total = 0n;
  for (const v of byKind.values()) total += v;
  return {
    referral: formatUsdt(of('referral')),
    pairing: formatUsdt(of('pairing')),
    static: formatUsdt(of('static')),
    management: formatUsdt(of('management')),
    total: formatUsdt(total),
  };
}

export interface RewardFilter {
  kind?: RewardKind;
  day?: string;
  page: number;
  size: number;
}

/** The member's rewards, newest first, by kind and/or day, paged; with the income summary. */
export async function listRewards(ctx: AppContext, userId: bigint, f: RewardFilter) {
  const { rows, total } = await rewardPage(ctx.db, { ...f, userId });
  const now = ctx.now();
  return {
    ...pageAnswer(
      rows.map((r) => toReward(r, now)),
      total,
      f,
    ),
    summary: await incomeSummary(ctx.db, userId),
  };
}

/** One of the member's rewards (anyone else's is not found). */
export async function getReward(ctx: AppContext, userId: bigint, id: bigint): Promise<Reward> {
  const row = await findOwnReward(ctx.db, userId, id);
  if (!row) throw notFound('rewards.not_found');
  return toReward(row, ctx.now());
}

// --- the rewards-over-time chart ---

interface Sums {
  amount: bigint;
  usdt: bigint;
  agc: bigint;
}

const ZERO_SUMS: Sums = { amount: 0n, usdt: 0n, agc: 0n };
const seriesAmounts = (x: Sums): RewardSeriesAmounts => ({
  amount: formatUsdt(x.amount),
  usdt: formatUsdt(x.usdt),
  agc: formatAmount(x.agc, AGC_DECIMALS),
});

/**
 * The member's rewards per day and kind over the last `days` UTC days, today included, oldest first:
 * every day and every kind present (zero when nothing was paid), dated like the reward pages (`day`: the
 * day a reward counts for).
 */
export async function listRewardSeries(ctx: AppContext, userId: bigint, days: number): Promise<RewardSeries> {
  const now = ctx.now();
  const to = dayKey(now);
  const from = dayKey(new Date(now.getTime() - (days - 1) * DAY_MS));
  const byDay = new Map<string, Map<RewardKind, Sums>>();
  for (const r of await rewardSeries(ctx.db, userId, from, days)) {
    const kinds = byDay.get(r.day) ?? new Map<RewardKind, Sums>();
    byDay.set(r.day, kinds);
    if (r.kind) kinds.set(r.kind, { amount: BigInt(r.amount), usdt: BigInt(r.usdt), agc: BigInt(r.agc) });
  }
  const list = [...byDay].map(([day, kinds]) => {
    const of = (k: RewardKind) => kinds.get(k) ?? ZERO_SUMS;
    const total = rewardKind.options.reduce(
      (t, k) => ({ amount: t.amount + of(k).amount, usdt: t.usdt + of(k).usdt, agc: t.agc + of(k).agc }),
      ZERO_SUMS,
    );
    return {
      day,
      kinds: {
        referral: seriesAmounts(of('referral')),
        pairing: seriesAmounts(of('pairing')),
        static: seriesAmounts(of('static')),
        management: seriesAmounts(of('management')),
      },
      total: seriesAmounts(total),
    };
  });
  return { from, to, list };
}

// --- management ---

/**
 * profit/mng: pays the management reward (manage_award_base × the rank's rate, limited by remaining
 * dividends and today's day top like every reward, what the caps cut recorded), then the base and the
 * rank restart from zero. Rank 0 has nothing to settle: a clear error, nothing changes. The member's
 * team_state row is locked, so a double tap pays once.
 */
export async function settleManagement(ctx: AppContext, userId: bigint): Promise<Reward> {
  const reward = await ctx.db.transaction(async (tx) => {
    await lockRewardsShared(tx);
    const state = await lockTeamState(tx, userId);
    const rank = ctx.config.rules.manageRanks.find((r) => r.rank === (state?.manageRank ?? 0));
    if (!state || !rank || state.manageBase === 0n)
      throw new AppError(400, 'rewards.nothing_to_settle', {
        threshold: formatAmount(ctx.config.rules.manageRanks[0]?.threshold ?? 0n, USDT_DECIMALS),
      });
    const now = ctx.now();
    const today = dayKey(now);
    const investment = usdtRef(userId, ACCOUNTS.investment);
    const remaining = usdtRef(userId, ACCOUNTS.remainingDividends);
    const balances = await lockBalances(tx, [investment, remaining]);
    const level = levelOf(ctx.config.rules, balances.get(refKey(investment)) ?? 0n);
    const usedToday = (await paidOnDay(tx, today, [userId])).get(userId) ?? 0n;
    const due = applyPpm(state.manageBase, rank.ratePpm);
    const { paid, cut, cutReason } = capReward(
      due,
      balances.get(refKey(remaining)) ?? 0n,
      level.dayTop - usedToday,
    );
    const split = splitReward(ctx.config.rules, paid, await ctx.prices.agcPrice());
    const ref = `mng:${today}:${userId}`;
    const [row] = await insertRewards(tx, [
      {
        userId,
        kind: 'management',
        base: state.manageBase,
        ratePpm: Number(rank.ratePpm),
        due,
        cut,
        cutReason,
        creditedUsdt: split.usdt,
        creditedAgc: split.agc,
        level: rank.rank,
        day: today,
        ref,
        createdAt: now,
      },
    ]);
    if (!row) throw new AppError(409, 'rewards.already_settled_today');
    await transferBatch(tx, rewardTransfers(userId, 'management', `reward:management:${ref}`, paid, split));
    await restartManagement(tx, userId);
    return toReward(
      {
        id: row.id.toString(),
        kind: row.kind,
        created_at: row.createdAt,
        day: row.day,
        base: row.base.toString(),
        rate_ppm: row.ratePpm,
        due: row.due.toString(),
        cut: row.cut.toString(),
        cut_reason: cutReason,
        credited_usdt: row.creditedUsdt.toString(),
        credited_agc: row.creditedAgc.toString(),
        source_address: null,
        level: row.level,
      },
      now,
    );
  });
  invalidate(ctx, { kind: 'figures', ids: [userId] });
  return reward;
}
