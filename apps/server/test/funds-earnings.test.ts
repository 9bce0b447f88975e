import { rowsOf } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { settleFundDay } from '@server/modules/funds/earnings/engine.ts';
import { settleDueFundDays, settleFundEarnings } from '@server/modules/funds/earnings/service.ts';
import { ACCOUNTS, checkLedger } from '@server/modules/ledger/index.ts';
import type { Member } from '@server/modules/members/index.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addHolding,
  addMember,
  addProduct,
  addRedemption,
  addRoot,
  headersOf,
  UNIT,
  USDT,
  usdtBalance,
} from './funds-bills-support.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
let R: Member;
let A: Member;
let B: Member;
let C: Member;
let D: Member;
let E: Member;
let F: Member;
let product: number;

const setClock = (iso: string) => s.advance(new Date(iso).getTime() - s.ctx.now().getTime());
const subscribe = (m: Member, usdt: bigint, at: string) =>
  addHolding(s.ctx.db, {
    userId: m.id,
    productId: product,
    amount: usdt * USDT,
    fee: 0n,
    units: usdt * UNIT,
    at,
  });
const clean = { mismatched: [], negative: [], assetMismatch: [] };

/** Every fund earning as [member, kind, day, amount in USDT]. */
const earnings = async () => {
  const name = new Map([R, A, B, C, D, E, F].map((m, i) => [m.id.toString(), defined('RABCDEF'[i])]));
  const rows = rowsOf<{ u: string; kind: string; day: string; amount: string; src: string | null }>(
    await s.ctx.db.execute(sql`select user_id::text as u, kind, day::text, amount_usdt::text as amount,
      source_user_id::text as src from fund_earnings order by day, kind, user_id, source_user_id`),
  );
  return rows.map((r) => [
    name.get(r.u),
    r.kind,
    r.day,
    Number(r.amount) / 1e6,
    r.src ? name.get(r.src) : null,
  ]);
};
const teamState = async (m: Member) => {
  const [r] = rowsOf<Record<string, string | number>>(
    await s.ctx.db.execute(sql`select fund_level as level, left_volume::text as lv, right_volume::text as rv,
      left_carry::text as lc, right_carry::text as rc from fund_team_state where user_id = ${m.id.toString()}::bigint`),
  );
  return r && [Number(r.level), ...['lv', 'rv', 'lc', 'rc'].map((k) => Number(r[k]) / 1e6)];
};

describe('daily fund earnings on a small tree', () => {
  beforeAll(async () => {
    s = await startTestServer({
      FUND_REFERRAL_PERCENT: '5',
      FUND_TEAM_THRESHOLDS_USDT: '1000,2000,10000,50000,100000',
      FUND_TEAM_PERCENT: '1,2,3,4,5',
      FUND_PAIRING_PERCENT: '10',
      SETTLEMENT_DELAY_MINUTES: '10',
    });
    setClock('2026-10-01T00:00:00Z');
    //            R
    //       A          B
    //     C   D      E   F
    R = await addRoot(s.ctx);
    A = await addMember(s.ctx, R, 'left');
    B = await addMember(s.ctx, R, 'right');
    C = await addMember(s.ctx, A, 'left');
    D = await addMember(s.ctx, A, 'right');
    E = await addMember(s.ctx, B, 'left');
    F = await addMember(s.ctx, B, 'right');
    product = await addProduct(s.ctx.db);
    // Day 1: C 600, D 400, E 1000. Day 2: D 300, F 200. A subscription the day after (not settled yet).
    await subscribe(C, 600n, '2026-10-01T03:00:00Z');
    await subscribe(D, 400n, '2026-10-01T23:59:59Z');
    await subscribe(E, 1000n, '2026-10-01T12:00:00Z');
    await subscribe(D, 300n, '2026-10-02T08:00:00Z');
    await subscribe(F, 200n, '2026-10-02T09:00:00Z');
    await subscribe(C, 5000n, '2026-10-03T09:00:00Z');
  });
  afterAll(() => s?.close());

  it('settles nothing before a day ended and the delay passed', async () => {
    setClock('2026-10-02T00:05:00Z');
    expect(await settleDueFundDays(s.ctx)).toEqual([]);
  });

  it('pays referral, team (by the level before the day) and pairing with carry, exactly, once a day', async () => {
    setClock('2026-10-03T12:00:00Z');
    const runs = await settleDueFundDays(s.ctx);
    expect(runs.map((r) => [r.day, r.settled])).toEqual([
      ['2026-10-01', true],
      ['2026-10-02', true],
    ]);
    expect(defined(runs[0]).totals).toMatchObject({
      volume: '2000',
      ReferralReward: '100',
      TeamReward: '0',
      PairingReward: '140',
    });
    expect(await earnings()).toEqual([
      // Day 1: no one has a level yet; A pairs 400 (carry 200 left), B nothing (carry 1000 left), R pairs 1000.
      ['R', 'PairingReward', '2026-10-01', 100, null],
      ['A', 'PairingReward', '2026-10-01', 40, null],
      ['A', 'ReferralReward', '2026-10-01', 30, 'C'],
      ['A', 'ReferralReward', '2026-10-01', 20, 'D'],
      ['B', 'ReferralReward', '2026-10-01', 50, 'E'],
      // Day 2: A and B at level 1 (1 %), R at level 2 (2 %) from day 1's volume.
      ['R', 'PairingReward', '2026-10-02', 20, null],
      ['A', 'PairingReward', '2026-10-02', 20, null],
      ['B', 'PairingReward', '2026-10-02', 20, null],
      ['A', 'ReferralReward', '2026-10-02', 15, 'D'],
      ['B', 'ReferralReward', '2026-10-02', 10, 'F'],
      ['R', 'TeamReward', '2026-10-02', 10, null],
      ['A', 'TeamReward', '2026-10-02', 3, null],
      ['B', 'TeamReward', '2026-10-02', 2, null],
    ]);
    // [level, left volume, right volume, left carry, right carry]
    expect(await teamState(A)).toEqual([1, 600, 700, 0, 100]);
    expect(await teamState(B)).toEqual([1, 1000, 200, 800, 0]);
    expect(await teamState(R)).toEqual([2, 1300, 1200, 100, 0]);
    expect(await teamState(C)).toBeUndefined();
    // Every amount is on the ledger: A 30+20+15+40+20+3 = 128, B 50+10+20+2 = 82, R 100+20+10 = 130.
    expect(await usdtBalance(s.ctx.db, A.id, ACCOUNTS.fundAvailableProfit)).toBe(128n * USDT);
    expect(await usdtBalance(s.ctx.db, B.id, ACCOUNTS.fundAvailableProfit)).toBe(82n * USDT);
    expect(await usdtBalance(s.ctx.db, R.id, ACCOUNTS.fundAvailableProfit)).toBe(130n * USDT);
    expect(await usdtBalance(s.ctx.db, null, ACCOUNTS.fundRewardsPaid)).toBe(-340n * USDT);
    expect(await checkLedger(s.ctx.db)).toEqual(clean);
  });

  it('settles a day once: a rerun, a repeated day and the job again change nothing', async () => {
    const before = await earnings();
    expect(await settleDueFundDays(s.ctx)).toEqual([]);
    expect((await settleFundEarnings(s.ctx, '2026-10-01')).settled).toBe(false);
    expect((await settleFundEarnings(s.ctx, '2026-10-02')).settled).toBe(false);
    expect(await earnings()).toEqual(before);
    expect(await usdtBalance(s.ctx.db, null, ACCOUNTS.fundRewardsPaid)).toBe(-340n * USDT);
    const [runs] = rowsOf<{ n: number }>(
      await s.ctx.db.execute(sql`select count(*)::int as n from fund_settlement_runs`),
    );
    expect(defined(runs).n).toBe(2);
  });

  it('rounds every amount down (the fund keeps the remainder)', () => {
    const r = settleFundDay({
      day: '2026-01-01',
      volume: new Map([[2n, { amount: 333_333_333n, inviterId: 1n }]]),
      nodes: [
        { id: 1n, parentId: null, side: null, depth: 0 },
        { id: 2n, parentId: 1n, side: 'left', depth: 1 },
      ],
      state: new Map([
        [1n, { fundLevel: 1, leftVolume: 0n, rightVolume: 0n, leftCarry: 0n, rightCarry: 999_999_999n }],
      ]),
      rules: {
        referralPpm: 50_000n,
        pairingPpm: 70_000n,
        teamLevels: [{ level: 1, threshold: 1n, ratePpm: 15_000n }],
      },
    });
    expect(r.earnings.map((e) => [e.kind, e.amount])).toEqual([
      ['ReferralReward', 16_666_666n], // 16.66666665
      ['TeamReward', 4_999_999n], // 4.999999995
      ['PairingReward', 23_333_333n], // 23.33333331
    ]);
    expect(r.state.get(1n)).toEqual({
      fundLevel: 1,
      leftVolume: 333_333_333n,
      rightVolume: 0n,
      leftCarry: 0n,
      rightCarry: 666_666_666n,
    });
  });

  it('the Agent API: figures, earnings by kind, paged', async () => {
    const h = await headersOf(s.ctx, R);
    const agent = (await s.app.inject({ method: 'GET', url: '/api/v1/funds/agent', headers: h })).json();
    expect(agent).toMatchObject({
      code: 200,
      data: {
        fund_level: 2,
        fund_available_profit: '130',
        totals: { Interest: '0', ReferralReward: '0', TeamReward: '10', PairingReward: '120' },
        team_volume_usdt: '2500',
        next_level_threshold_usdt: '10000',
      },
    });
    const hA = await headersOf(s.ctx, A);
    const list = (
      await s.app.inject({
        method: 'GET',
        url: '/api/v1/funds/earnings?kind=ReferralReward&size=2',
        headers: hA,
      })
    ).json().data;
    expect(list.total).toBe(3);
    expect(list.has_more).toBe(true);
    expect(list.list[0]).toMatchObject({
      kind: 'ReferralReward',
      rate_percent: '5',
      base_usdt: expect.any(String),
    });
    expect(list.list.every((e: { source: string }) => e.source.includes('...') || e.source.length > 0)).toBe(
      true,
    );
    const bad = await s.app.inject({ method: 'GET', url: '/api/v1/funds/earnings?kind=Bonus', headers: hA });
    expect(bad.json().code).toBe(400);
    expect((await s.app.inject({ method: 'GET', url: '/api/v1/funds/agent' })).json().code).toBe(401);
  });

  it('moves earnings to available: good, too much, bad formats change nothing', async () => {
    const h = await headersOf(s.ctx, A);
    const move = (amount: unknown) =>
      s.app.inject({ method: 'POST', url: '/api/v1/funds/earnings/move', headers: h, payload: { amount } });
    const ok = (await move('28.5')).json();
    expect(ok).toMatchObject({
      code: 200,
      data: { moved_usdt: '28.5', fund_available_profit: '99.5', available_usdt: '28.5' },
    });
    // The same amount again is a second request: it moves again (a key per request), while the balance covers it.
    expect((await move('28.5')).json().data.fund_available_profit).toBe('71');
    for (const [amount, msg] of [
      ['71.000001', 'The balance is insufficient'],
      ['0', 'The amount must be greater than 0'],
      ['-1', 'The amount must be greater than 0'],
      ['1.0000001', 'This amount allows at most 6 decimal places'],
      ['1e3', undefined],
      ['abc', undefined],
      [12, undefined],
    ] as const) {
      const r = (await move(amount)).json();
      expect(r.code, String(amount)).toBe(400);
      if (msg) expect(r.msg).toBe(msg);
    }
    // Translated.
    const ja = await s.app.inject({
      method: 'POST',
      url: '/api/v1/funds/earnings/move',
      headers: { ...h, 'accept-language': 'ja' },
      payload: { amount: '0' },
    });
    expect(ja.json().msg).not.toBe('The amount must be greater than 0');
    expect(await usdtBalance(s.ctx.db, A.id, ACCOUNTS.fundAvailableProfit)).toBe(71n * USDT);
    expect(await usdtBalance(s.ctx.db, A.id, ACCOUNTS.available)).toBe(57n * USDT);
    // Everything moved, then nothing left to move.
    expect((await move('71')).json().data).toMatchObject({
      fund_available_profit: '0',
      available_usdt: '128',
    });
    expect((await move('0.000001')).json().msg).toBe('The balance is insufficient');
    expect(await checkLedger(s.ctx.db)).toEqual(clean);
  });

  it('/me shows fund_available_profit, fund_level and the redemption fees paid', async () => {
    const me = async (m: Member) =>
      (await s.app.inject({ method: 'GET', url: '/api/v1/me', headers: await headersOf(s.ctx, m) })).json()
        .data;
    expect(await me(R)).toMatchObject({ fund_available_profit: '130', fund_level: 2, redemption_fee: '0' });
    expect(await me(A)).toMatchObject({ fund_available_profit: '0', fund_level: 1 });
    const order = await subscribe(E, 100n, '2026-10-03T10:00:00Z');
    await addRedemption(s.ctx.db, {
      orderId: order,
      units: 40n * UNIT,
      at: '2026-10-03T11:00:00Z',
      gross: 40n * USDT,
      fee: 400_001n,
    });
    await addRedemption(s.ctx.db, {
      orderId: order,
      units: 10n * UNIT,
      at: '2026-10-03T11:30:00Z',
      status: 'Pending',
    });
    s.ctx.cache.me.clear();
    expect(await me(E)).toMatchObject({
      fund_available_profit: '0',
      fund_level: 0,
      redemption_fee: '0.400001',
    });
  });
});
