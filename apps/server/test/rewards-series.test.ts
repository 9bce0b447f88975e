import { rowsOf } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { ACCOUNTS } from '@server/modules/ledger/index.ts';
import type { Member } from '@server/modules/members/index.ts';
import { runSettlement } from '@server/modules/rewards/settlement.ts';
import { dayKey } from '@server/modules/rules/index.ts';
import { seedProducts } from '@server/modules/shop/index.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyDirectly, newWallet, signUp, startTestServer, type TestServer } from './helpers.ts';

// profit/series (the home page's rewards-over-time chart): real rewards of every kind, paid the way the app
// pays them (referral on confirmation, static and pairing by the daily settlement, management by profit/mng),
// summed per day and kind.
//
//      R          R invests 1 000; A (left) 1 000, O (right) 100. Day 0: R's referrals of A's and O's orders,
//    A   O        then the settlement of day 0 (static for all three, pairing for R); day 1: R's management
//                 reward; day 2 (today): nothing.

const DAY_MS = 86_400_000;
let s: TestServer;
const w = { R: newWallet(), A: newWallet(), O: newWallet() };
const h: Record<string, Record<string, string>> = {};
const m: Record<string, Member> = {};
const days: string[] = [];

const get = (who: string | null, url: string, lang = 'en') =>
  s.app.inject({
    method: 'GET',
    url: `/api/v1/${url}`,
    headers: { ...(who ? h[who] : {}), 'accept-language': lang },
  });

interface Sums {
  amount: string;
  usdt: string;
  agc: string;
}
interface SeriesDay {
  day: string;
  kinds: Record<'referral' | 'pairing' | 'static' | 'management', Sums>;
  total: Sums;
}

/** The member's reward rows per day and kind, minor units, as the table holds them. */
const rewardRows = async (who: string) =>
  rowsOf<{ day: string; kind: string; amount: string; usdt: string; agc: string }>(
    await s.ctx.db.execute(sql`
      select day::text as day, kind, sum(due - cut)::text as amount, sum(credited_usdt)::text as usdt,
        sum(credited_agc)::text as agc
      from rewards where user_id = ${defined(m[who]).id.toString()}::bigint group by day, kind order by day, kind`),
  );

/** What the journal credited to the member's available balance per reward kind and asset, minor units. */
const journal = async (who: string) =>
  rowsOf<{ kind: string; asset: string; v: string }>(
    await s.ctx.db.execute(sql`
      select t.kind, t.asset, sum(t.amount)::text as v
      from ledger_transfers t join ledger_accounts a on a.id = t.credit_account_id
      where a.user_id = ${defined(m[who]).id.toString()}::bigint and a.code = ${ACCOUNTS.available}
        and t.kind like 'reward.%'
      group by t.kind, t.asset order by t.kind, t.asset`),
  );

/** A decimal string of the series → minor units (USDT 6, AGC 18 decimals). */
const minor = (v: string, decimals: number) => {
  const [i, f = ''] = v.split('.');
  return (
    BigInt(defined(i)) * 10n ** BigInt(decimals) +
    BigInt((f + '0'.repeat(decimals)).slice(0, decimals))
  ).toString();
};

beforeAll(async () => {
  s = await startTestServer({
    AGC_PRICE_USDT: '0.5',
    VC_RATE_PERCENT: '20',
    // R's management base of 100 (day 0's smaller side) reaches rank 2.
    MANAGE_THRESHOLDS_USDT: '50,100,200,300,400',
  });
  await seedProducts(s.ctx.db);
  ({ headers: h.R, member: m.R } = await signUp(s, w.R));
  ({ headers: h.A, member: m.A } = await signUp(s, w.A, { invite_code: m.R.inviteCode, side: 'left' }));
  ({ headers: h.O, member: m.O } = await signUp(s, w.O, { invite_code: m.R.inviteCode, side: 'right' }));
  days.push(dayKey(s.ctx.now()));
  await buyDirectly(s.ctx, defined(m.R), 2);
  await buyDirectly(s.ctx, defined(m.A), 2);
  await buyDirectly(s.ctx, defined(m.O), 1);
  s.advance(DAY_MS);
  days.push(dayKey(s.ctx.now()));
  await runSettlement(s.ctx, defined(days[0]), null);
  const mng = await s.app.inject({
    method: 'POST',
    url: '/api/v1/profit/mng',
    headers: { ...h.R, 'accept-language': 'en' },
    payload: {},
  });
  expect(mng.json().data.reward.kind).toBe('management');
  s.advance(DAY_MS);
  days.push(dayKey(s.ctx.now()));
});
afterAll(() => s.close());

describe('GET /api/v1/profit/series', () => {
  it('answers one entry per day, oldest first and today last, zero days included', async () => {
    const res = await get('R', 'profit/series?days=7');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { from: string; to: string; list: SeriesDay[] };
    expect(data.list).toHaveLength(7);
    expect(data.to).toBe(days[2]);
    expect(defined(data.list.at(-1)).day).toBe(days[2]);
    expect(defined(data.list[0]).day).toBe(data.from);
    // Consecutive days, no gaps.
    for (let i = 1; i < data.list.length; i++)
      expect(Date.parse(defined(data.list[i]).day) - Date.parse(defined(data.list[i - 1]).day)).toBe(DAY_MS);
    const zero = { amount: '0', usdt: '0', agc: '0' };
    const today = defined(data.list.at(-1));
    expect(today.total).toEqual(zero);
    expect(today.kinds).toEqual({ referral: zero, pairing: zero, static: zero, management: zero });
    // Days before the first reward are zero too.
    expect(defined(data.list[0]).total).toEqual(zero);
    // Day 0 has referral, pairing and static; day 1 management only.
    const day0 = defined(data.list.find((d) => d.day === days[0]));
    expect(day0.kinds.referral.amount).toBe('110');
    expect(Number(day0.kinds.static.amount)).toBeGreaterThan(0);
    expect(Number(day0.kinds.pairing.amount)).toBeGreaterThan(0);
    expect(day0.kinds.management).toEqual(zero);
    const day1 = defined(data.list.find((d) => d.day === days[1]));
    expect(Number(day1.kinds.management.amount)).toBeGreaterThan(0);
    expect(day1.total).toEqual(day1.kinds.management);
  });

  it('sums equal the reward rows and the journal, and another member is not included', async () => {
    const data = (await get('R', 'profit/series?days=30')).json().data as { list: SeriesDay[] };
    expect(data.list).toHaveLength(30);
    const series = data.list.flatMap((d) =>
      Object.entries(d.kinds)
        .filter(([, v]) => v.amount !== '0')
        .map(([kind, v]) => ({
          day: d.day,
          kind,
          amount: minor(v.amount, 6),
          usdt: minor(v.usdt, 6),
          agc: minor(v.agc, 18),
        })),
    );
    const rows = await rewardRows('R');
    expect(rows.map((r) => r.kind).sort()).toEqual(['management', 'pairing', 'referral', 'static']);
    expect(series.sort((a, b) => `${a.day}${a.kind}`.localeCompare(`${b.day}${b.kind}`))).toEqual(rows);
    // What the journal credited to R's available balance, per kind and asset, is the series' usdt and agc.
    const credited = Object.fromEntries((await journal('R')).map((j) => [`${j.kind}.${j.asset}`, j.v]));
    for (const r of rows) {
      expect(credited[`reward.${r.kind}.USDT`], r.kind).toBe(r.usdt);
      expect(credited[`reward.${r.kind}.AGC`] ?? '0', r.kind).toBe(r.agc);
    }
    // A and O have their own static rewards on day 0: R's static is R's alone, and A's series is A's.
    const aRows = await rewardRows('A');
    expect(aRows.map((r) => r.kind)).toEqual(['static']);
    const aSeries = (await get('A', 'profit/series?days=30')).json().data as { list: SeriesDay[] };
    const aDay0 = defined(aSeries.list.find((d) => d.day === days[0]));
    const [all] = rowsOf<{ v: string }>(
      await s.ctx.db.execute(
        sql`select sum(due - cut)::text as v from rewards where kind = 'static' and day = ${days[0]}::date`,
      ),
    );
    const rStatic = defined(rows.find((r) => r.kind === 'static')).amount;
    expect(BigInt(defined(all).v)).toBeGreaterThan(BigInt(rStatic));
    expect(minor(defined(data.list.find((d) => d.day === days[0])).kinds.static.amount, 6)).toBe(rStatic);
    expect(minor(aDay0.total.amount, 6)).toBe(defined(aRows[0]).amount);
    expect(aSeries.list.filter((d) => d.total.amount !== '0').map((d) => d.day)).toEqual([days[0]]);
  });

  it('7 days unless asked; 1 day is today alone', async () => {
    const byDefault = (await get('R', 'profit/series')).json().data as { list: SeriesDay[] };
    expect(byDefault.list).toHaveLength(7);
    const one = (await get('R', 'profit/series?days=1')).json().data as { from: string; list: SeriesDay[] };
    expect(one.from).toBe(days[2]);
    expect(one.list.map((d) => d.day)).toEqual([days[2]]);
    expect((await get('R', 'profit/series?days=90')).json().data.list).toHaveLength(90);
  });

  it('refuses bad days with a translated 400, and signed-out callers', async () => {
    const before = await rewardRows('R');
    for (const bad of ['0', '91', '-7', '7.5', 'x', '', '1e9'])
      expect((await get('R', `profit/series?days=${bad}`)).statusCode, bad).toBe(400);
    const en = (await get('R', 'profit/series?days=91')).json();
    expect(en).toMatchObject({ code: 400, data: null });
    expect(en.msg).toMatch(/^Invalid days: /);
    const zh = (await get('R', 'profit/series?days=x', 'zh-Hans')).json();
    expect(zh.msg).toContain('days');
    expect(zh.msg).not.toContain('Invalid');
    expect((await get(null, 'profit/series?days=7')).statusCode).toBe(401);
    expect(await rewardRows('R')).toEqual(before);
  });
});
