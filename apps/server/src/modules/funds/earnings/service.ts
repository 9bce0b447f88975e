import { randomUUID } from 'node:crypto';
import { type FundEarning, formatUsdt, shortAddress, USDT_DECIMALS } from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { parseAmountInput } from '@server/lib/amount-input.ts';
import { invalidate } from '@server/lib/caches.ts';
import { balancesOf, refKey, transfer, transferBatch } from '@server/modules/ledger/index.ts';
import { dayKey, nextDay, ppmToPercent } from '@server/modules/rules/index.ts';
import type { SessionUser } from '@server/plugins/auth.ts';
import { FUND_ACCOUNTS, profitPayment, usdtRef } from '../accounts.ts';
import { settleFundDay } from './engine.ts';
import {
  agentFigures,
  type FundEarningRow,
  fundDayVolume,
  fundSettlementBounds,
  insertFundEarnings,
  insertFundRun,
  isFundDaySettled,
  lockFundSettlement,
  placementPaths,
  upsertFundTeamState,
} from './repository.ts';

const DAY_MS = 86_400_000;

export interface FundRun {
  day: string;
  /** False when another run settled the day first (nothing was written by this one). */
  settled: boolean;
  totals: Record<string, string | number>;
}

/**
 * The next day to settle: the day after the last settled one; before any, the day of the first priced
 * subscription (or yesterday). Null while that day has not ended.
 */
export async function nextFundSettlementDay(ctx: AppContext, now: Date): Promise<string | null> {
  const r = await fundSettlementBounds(ctx.db);
  const yesterday = dayKey(new Date(now.getTime() - DAY_MS));
  const candidate = r.last ? nextDay(r.last) : (r.first ?? yesterday);
  return candidate <= yesterday ? candidate : null;
}

/**
 * Settles one day's fund earnings in one transaction: referral, team and pairing rewards from the day's
 * priced subscriptions (recorded, and credited system fund_rewards_paid → member fund_available_profit, the
 * ledger key being `fund:<kind>:<ref>`), the team state, and the day's run row. A lock serialises runs; the
 * run row makes a day settle once (a second run finds it and writes nothing).
 */
export async function settleFundEarnings(ctx: AppContext, day: string): Promise<FundRun> {
  const run = await ctx.db.transaction(async (tx) => {
    await lockFundSettlement(tx);
    if (await isFundDaySettled(tx, day)) return { day, settled: false, totals: {}, changed: false };
    const volume = await fundDayVolume(tx, day);
    const { nodes, state } = await placementPaths(tx, [...volume.keys()]);
    const result = settleFundDay({ day, volume, nodes, state, rules: ctx.config.funds });
    const written = await insertFundEarnings(tx, day, result.earnings);
    await transferBatch(
      tx,
      written.map((e) => profitPayment(e, `fund_${e.kind}`, `fund:${e.kind}:${e.ref}`)),
    );
    await upsertFundTeamState(tx, day, [...result.state]);
    const t = result.totals;
    const totals = {
      volume: formatUsdt(t.volume),
      ReferralReward: formatUsdt(t.ReferralReward),
      TeamReward: formatUsdt(t.TeamReward),
      PairingReward: formatUsdt(t.PairingReward),
      earnings: written.length,
      subscribers: volume.size,
    };
    await insertFundRun(tx, day, ctx.now(), totals);
    return { day, settled: true, totals, changed: written.length > 0 || result.state.size > 0 };
  });
  // Committed: fund_available_profit and fund_level in /me may have moved for anyone on the paths.
  if (run.changed) invalidate(ctx, { kind: 'allFigures' });
  return { day: run.day, settled: run.settled, totals: run.totals };
}

/** The daily job: every ended day not settled yet, in order, once the settlement delay has passed. */
export async function settleDueFundDays(ctx: AppContext): Promise<FundRun[]> {
  const done: FundRun[] = [];
  for (;;) {
    const due = new Date(ctx.now().getTime() - ctx.config.settlement.delayMs);
    const day = await nextFundSettlementDay(ctx, due);
    if (!day) return done;
    done.push(await settleFundEarnings(ctx, day));
  }
}

/** The Agent tab's header. */
export async function fundAgent(ctx: AppContext, user: SessionUser) {
  const f = await agentFigures(ctx.db, user.id);
  const next = ctx.config.funds.teamLevels.find((l) => l.level === f.level + 1);
  return {
    fund_level: f.level,
    fund_available_profit: formatUsdt(f.available),
    totals: {
      Interest: formatUsdt(f.totals.Interest),
      ReferralReward: formatUsdt(f.totals.ReferralReward),
      TeamReward: formatUsdt(f.totals.TeamReward),
      PairingReward: formatUsdt(f.totals.PairingReward),
    },
    team_volume_usdt: formatUsdt(f.teamVolume),
    next_level_threshold_usdt: next ? formatUsdt(next.threshold) : null,
  };
}

export function toEarningDto(e: FundEarningRow): FundEarning {
  return {
    id: e.id.toString(),
    kind: e.kind,
    day: e.day,
    base_usdt: formatUsdt(e.base),
    rate_percent: ppmToPercent(BigInt(e.ratePpm)),
    amount_usdt: formatUsdt(e.amountUsdt),
    source: e.sourceAddress ? shortAddress(e.sourceAddress) : null,
    created_at: e.createdAt.toISOString(),
  };
}

/**
 * Moves fund earnings to the member's available USDT: one ledger transfer whose key is new for every request
 * (a double submit is two requests, each moving once, and the second is refused when the balance no longer
 * covers it: the transfer locks the account and never lets it go below zero).
 */
export async function moveFundProfit(ctx: AppContext, user: SessionUser, amountText: string) {
  const amount = parseAmountInput(amountText, USDT_DECIMALS, 'fund');
  const from = usdtRef(user.id, FUND_ACCOUNTS.availableProfit);
  const to = usdtRef(user.id, FUND_ACCOUNTS.memberAvailable);
  const balances = await ctx.db.transaction(async (tx) => {
    const id = randomUUID();
    await transfer(tx, {
      debit: from,
      credit: to,
      amount,
      kind: 'fund_profit_move',
      ref: `fund-move:${user.id}:${id}`,
      idempotencyKey: `fund-move:${user.id}:${id}`,
    });
    return balancesOf(tx, [from, to]);
  });
  invalidate(ctx, { kind: 'figures', ids: [user.id] });
  return {
    moved_usdt: formatUsdt(amount),
    fund_available_profit: formatUsdt(balances.get(refKey(from)) ?? 0n),
    available_usdt: formatUsdt(balances.get(refKey(to)) ?? 0n),
  };
}
