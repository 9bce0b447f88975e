import { type DbOrTx, rowsOf } from '@agc/db';
import {
  AGC_DECIMALS,
  formatAmount,
  type IncomeSummary,
  type Reward,
  type RewardKind,
  USDT_DECIMALS,
} from '@agc/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { dayKey, ppmToPercent } from '../rules/index.ts';

const DAY_MS = 86_400_000;
const usdt = (v: bigint) => formatAmount(v, USDT_DECIMALS);

export interface RewardRow {
  id: string;
  kind: RewardKind;
  created_at: string | Date;
  day: string;
  base: string;
  rate_ppm: number;
  due: string;
  cut: string;
  cut_reason: 'remaining_dividends' | 'day_top_profit' | null;
  credited_usdt: string;
  credited_agc: string;
  source_address: string | null;
  level: number;
}

const columns = sql`r.id::text as id, r.kind, r.created_at, r.day::text as day, r.base::text as base, r.rate_ppm,
  r.due::text as due, r.cut::text as cut, r.cut_reason, r.credited_usdt::text as credited_usdt,
  r.credited_agc::text as credited_agc, s.address as source_address, r.level`;

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
    base: usdt(BigInt(r.base)),
    rate: ppmToPercent(BigInt(r.rate_ppm)),
    due: usdt(BigInt(r.due)),
    cut: usdt(BigInt(r.cut)),
    cut_reason: r.cut_reason,
    amount: usdt(BigInt(r.due) - BigInt(r.cut)),
    credited_usdt: usdt(BigInt(r.credited_usdt)),
    credited_agc: formatAmount(BigInt(r.credited_agc), AGC_DECIMALS),
    source_address: r.source_address,
    level: Number(r.level),
  };
}

/** Income summary: everything credited (due − cut) per kind, USDT value. */
export async function incomeSummary(db: DbOrTx, userId: bigint): Promise<IncomeSummary> {
  const rows = rowsOf<{ kind: RewardKind; v: string }>(
    await db.execute(sql`
      select kind, sum(due - cut)::text as v from rewards where user_id = ${userId.toString()}::bigint
      group by kind`),
  );
  const of = (k: RewardKind) => BigInt(rows.find((r) => r.kind === k)?.v ?? '0');
  const total = rows.reduce((s, r) => s + BigInt(r.v), 0n);
  return {
    referral: usdt(of('referral')),
    pairing: usdt(of('pairing')),
    static: usdt(of('static')),
    management: usdt(of('management')),
    total: usdt(total),
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
  const where = sql`r.user_id = ${userId.toString()}::bigint
    ${f.kind ? sql`and r.kind = ${f.kind}` : sql``} ${f.day ? sql`and r.day = ${f.day}::date` : sql``}`;
  const [count] = rowsOf<{ n: number | string }>(
    await ctx.db.execute(sql`select count(*)::int as n from rewards r where ${where}`),
  );
  const rows = rowsOf<RewardRow>(
    await ctx.db.execute(sql`
      select ${columns} from rewards r left join users s on s.id = r.source_user_id
      where ${where} order by r.day desc, r.created_at desc, r.id desc
      limit ${f.size} offset ${(f.page - 1) * f.size}`),
  );
  const total = Number(count?.n ?? 0);
  const now = ctx.now();
  return {
    list: rows.map((r) => toReward(r, now)),
    total,
    page: f.page,
    size: f.size,
    has_more: f.page * f.size < total,
    summary: await incomeSummary(ctx.db, userId),
  };
}

/** One of the member's rewards (anyone else's is not found). */
export async function getReward(ctx: AppContext, userId: bigint, id: bigint): Promise<Reward> {
  const [row] = rowsOf<RewardRow>(
    await ctx.db.execute(sql`
      select ${columns} from rewards r left join users s on s.id = r.source_user_id
      where r.id = ${id.toString()}::bigint and r.user_id = ${userId.toString()}::bigint`),
  );
  if (!row) throw notFound('rewards.not_found');
  return toReward(row, ctx.now());
}
