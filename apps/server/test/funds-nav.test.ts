import { rowsOf } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { FUND_ACCOUNTS, unitRef, usdtRef } from '@server/modules/funds/accounts.ts';
import { costShare, priceRedemption, priceSubscription } from '@server/modules/funds/math.ts';
import { balanceOf, checkLedger } from '@server/modules/ledger/index.ts';
import type { Member } from '@server/modules/members/index.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApprovedRedemption, insertProcessingOrder } from './funds-nav-support.ts';
import { newWallet, signUp, startTestServer, type TestServer } from './helpers.ts';

// NAV publishing: the rules of an entry, the second-admin confirmation and pricing at the NAV.
let s: TestServer;
const w = { A: newWallet(), B: newWallet(), M: newWallet(), N: newWallet() };
type Who = keyof typeof w;
let h: Record<Who, Record<string, string>>;
let m: Record<Who, Member>;
const USDT = 1_000_000n;

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string> = {},
  payload?: object,
) =>
  s.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { 'accept-language': 'en', ...headers },
    ...(method !== 'GET' && { payload: payload ?? {} }),
  });
const publish = (who: Who, productId: number, day: string, nav: string) =>
  call('POST', `admin/funds/products/${productId}/nav`, h[who], { day, nav });

/** The UTC day `n` days before the server's today. */
const dayAgo = (n: number) => {
  const d = s.ctx.now();
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};

type OrderRow = {
  status: string;
  fee_usdt: string;
  units: string;
  units_free: string;
  units_redeeming: string;
  cost_usdt: string;
  realized_usdt: string;
  nav_id: string | null;
  lock_ends_at: Date | string | null;
};
const orderRow = async (id: bigint) =>
  defined(
    rowsOf<OrderRow>(
      await s.ctx.db.execute(sql`select status, fee_usdt::text as fee_usdt, units::text as units,
      units_free::text as units_free, units_redeeming::text as units_redeeming, cost_usdt::text as cost_usdt,
      realized_usdt::text as realized_usdt, nav_id::text as nav_id, lock_ends_at
      from fund_orders where id = ${id.toString()}::bigint`),
    )[0],
  );
const count = async (table: 'fund_navs' | 'audit_log') =>
  Number(
    defined(
      rowsOf<{ n: number }>(await s.ctx.db.execute(sql`select count(*)::int as n from ${sql.raw(table)}`))[0],
    ).n,
  );
const expectLedgerClean = async () =>
  expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });

let fund: number;
let other: number;

const product = async (name: string, lockDays: number, fee: string, redemptionFee: string) =>
  (
    await call('POST', 'admin/funds/products', h.A, {
      name,
      risk: 'Medium',
      lock_days: lockDays,
      minimum_usdt: '100',
      subscription_fee_percent: fee,
      redemption_fee_percent: redemptionFee,
      expected_yield_percent: '6',
      distribution_percent: '0',
      status: 'on',
    })
  ).json().data.id as number;

beforeAll(async () => {
  // The rolling-week bound would hold some of these steps too: here the daily step is what is tested (the week's
  // own file is funds-nav-week.test.ts).
  s = await startTestServer({
    ADMIN_ADDRESSES: `${w.A.address},${w.B.address}`,
    FUND_NAV_MAX_WEEK_PERCENT: '100',
  });
  h = {} as typeof h;
  m = {} as typeof m;
  ({ headers: h.A, member: m.A } = await signUp(s, w.A));
  for (const who of ['B', 'M', 'N'] as const)
    ({ headers: h[who], member: m[who] } = await signUp(s, w[who], {
      invite_code: m.A.inviteCode,
      side: 'left',
    }));
  fund = await product('Balanced', 30, '1.5', '0.5');
  other = await product('Other', 7, '0', '0');
});
afterAll(() => s.close());

describe('entering a NAV', () => {
  it('refuses bad values and days with translated messages, changing nothing', async () => {
    const navs = await count('fund_navs');
    const audits = await count('audit_log');
    expect((await publish('A', fund, dayAgo(5), '0')).json()).toMatchObject({
      code: 400,
      msg: 'The NAV must be greater than 0',
    });
    expect((await publish('A', fund, dayAgo(5), '-1.2')).json()).toMatchObject({
      code: 400,
      msg: 'The NAV must be greater than 0',
    });
    expect((await publish('A', fund, dayAgo(5), '0.00000000')).json().code).toBe(400);
    expect((await publish('A', fund, dayAgo(5), 'abc')).json().code).toBe(400);
    expect((await publish('A', fund, dayAgo(5), '1.123456789')).json().code).toBe(400);
    const future = (await publish('A', fund, dayAgo(-1), '1')).json();
    expect(future).toMatchObject({
      code: 400,
      msg: `The NAV day cannot be in the future (today is ${dayAgo(0)})`,
    });
    const ja = await call(
      'POST',
      `admin/funds/products/${fund}/nav`,
      { ...h.A, 'accept-language': 'ja' },
      {
        day: dayAgo(5),
        nav: '0',
      },
    );
    expect(ja.json().msg).toBe('基準価額は0より大きくしてください');
    expect((await publish('A', 9999, dayAgo(5), '1')).json().code).toBe(404);
    expect((await publish('M', fund, dayAgo(5), '1')).statusCode).toBe(403);
    expect(
      (await call('POST', `admin/funds/products/${fund}/nav`, {}, { day: dayAgo(5), nav: '1' })).statusCode,
    ).toBe(401);
    expect((await call('GET', 'admin/funds/nav/pending', h.M)).statusCode).toBe(403);
    expect((await call('POST', 'admin/funds/nav/1/confirm', h.M)).statusCode).toBe(403);
    expect((await call('POST', 'admin/funds/nav/1/reject', h.N)).statusCode).toBe(403);
    expect(await count('fund_navs')).toBe(navs);
    expect(await count('audit_log')).toBe(audits);
  });

  it('publishes the first NAV whatever its value, then refuses a day not after the latest', async () => {
    const first = (await publish('A', fund, dayAgo(5), '1')).json();
    expect(first.data).toMatchObject({
      product: { id: fund, name: 'Balanced' },
      day: dayAgo(5),
      nav: '1',
      previous_nav: null,
      step_percent: null,
      status: 'Published',
      entered_by: w.A.address.toLowerCase(),
      confirmed_by: null,
      priced: { subscriptions: 0, redemptions: 0 },
    });
    for (const day of [dayAgo(5), dayAgo(6)])
      expect((await publish('A', fund, day, '1.01')).json()).toMatchObject({
        code: 400,
        msg: `The NAV day must be after the latest published day (${dayAgo(5)})`,
      });
    // Another product's history is its own.
    expect((await publish('B', other, dayAgo(5), '25')).json().data.status).toBe('Published');
  });
});

describe('pricing at a NAV', () => {
  const subs: Array<{ id: bigint; user: Who; amount: bigint }> = [];

  it('turns Processing subscriptions into holdings: fee rounded up, units rounded down, lock from the NAV day', async () => {
    for (const [user, amount] of [
      ['M', 100n * USDT],
      ['M', 300n * USDT],
      ['N', 700n * USDT],
    ] as const)
      subs.push({
        id: await insertProcessingOrder(s.ctx.db, m[user].id, fund, amount, 15_000),
        user,
        amount,
      });
    // Not this product's: untouched.
    const elsewhere = await insertProcessingOrder(s.ctx.db, m.M.id, other, 100n * USDT, 0);
    const nav = 103_333_333n; // 1.03333333: within 10 % of 1
    const res = (await publish('B', fund, dayAgo(4), '1.03333333')).json().data;
    expect(res).toMatchObject({
      status: 'Published',
      previous_nav: '1',
      step_percent: '3.33',
      priced: { subscriptions: 3, redemptions: 0 },
    });
    const lockEnd = new Date(`${dayAgo(4)}T00:00:00Z`);
    lockEnd.setUTCDate(lockEnd.getUTCDate() + 30);
    const unitsOf: Record<string, bigint> = { M: 0n, N: 0n };
    let fees = 0n;
    for (const sub of subs) {
      const want = priceSubscription(sub.amount, 15_000, nav);
      const row = await orderRow(sub.id);
      expect(row).toMatchObject({
        status: 'Subscription',
        fee_usdt: want.fee.toString(),
        units: want.units.toString(),
        units_free: want.units.toString(),
        units_redeeming: '0',
        cost_usdt: sub.amount.toString(),
        nav_id: res.nav_id,
      });
      expect(new Date(defined(row.lock_ends_at)).toISOString()).toBe(lockEnd.toISOString());
      unitsOf[sub.user] = defined(unitsOf[sub.user]) + want.units;
      fees += want.fee;
    }
    // Exact figures: 300 USDT, fee 4.5, 295.5 / 1.03333333 = 285.967742… → 285.967742 units.
    expect((await orderRow(defined(subs[1]).id)).units).toBe('285967742');
    expect((await orderRow(elsewhere)).status).toBe('Processing');
    for (const who of ['M', 'N'] as const) {
      expect(await balanceOf(s.ctx.db, unitRef(m[who].id, FUND_ACCOUNTS.units, fund))).toBe(unitsOf[who]);
    }
    expect(await balanceOf(s.ctx.db, usdtRef(m.N.id, FUND_ACCOUNTS.subscribing))).toBe(0n);
    expect(await balanceOf(s.ctx.db, usdtRef(m.M.id, FUND_ACCOUNTS.subscribing))).toBe(100n * USDT); // the other fund's
    expect(await balanceOf(s.ctx.db, usdtRef(null, FUND_ACCOUNTS.fees))).toBe(fees);
    expect(await balanceOf(s.ctx.db, usdtRef(null, FUND_ACCOUNTS.assets))).toBe(1_100n * USDT - fees);
    await expectLedgerClean();
  });

  it('completes Approved redemptions at the next NAV: value rounded down, fee up, into available', async () => {
    const [full, part] = [defined(subs[0]), defined(subs[2])];
    const fullUnits = BigInt((await orderRow(full.id)).units);
    const partRow = await orderRow(part.id);
    const partUnits = 123_456_789n;
    const r1 = await insertApprovedRedemption(s.ctx.db, full.id, fullUnits, 5_000);
    const r2 = await insertApprovedRedemption(s.ctx.db, part.id, partUnits, 5_000);
    const availableBefore = await balanceOf(s.ctx.db, usdtRef(m.N.id, FUND_ACCOUNTS.memberAvailable));
    const nav = 107_654_321n;
    const res = (await publish('A', fund, dayAgo(3), '1.07654321')).json().data;
    expect(res.priced).toEqual({ subscriptions: 0, redemptions: 2 });
    const want1 = priceRedemption(fullUnits, 5_000, nav);
    const want2 = priceRedemption(partUnits, 5_000, nav);
    const reds = rowsOf<{
      id: string;
      status: string;
      gross_usdt: string;
      fee_usdt: string;
      amount_usdt: string;
      nav_id: string;
    }>(
      await s.ctx.db.execute(sql`select id::text as id, status, gross_usdt::text as gross_usdt, fee_usdt::text as fee_usdt,
        amount_usdt::text as amount_usdt, nav_id::text as nav_id from fund_redemptions
        where id in (${r1.toString()}::bigint, ${r2.toString()}::bigint) order by id`),
    );
    expect(reds).toEqual([
      {
        id: r1.toString(),
        status: 'Completed',
        gross_usdt: want1.gross.toString(),
        fee_usdt: want1.fee.toString(),
        amount_usdt: want1.amount.toString(),
        nav_id: res.nav_id,
      },
      {
        id: r2.toString(),
        status: 'Completed',
        gross_usdt: want2.gross.toString(),
        fee_usdt: want2.fee.toString(),
        amount_usdt: want2.amount.toString(),
        nav_id: res.nav_id,
      },
    ]);
    // 123.456789 units × 1.07654321 = 132.9065679… → gross 132.906567; fee 0.5 % = 0.6645328… rounded up 0.664533.
    expect(want2).toEqual({ gross: 132_906_567n, fee: 664_533n, amount: 132_242_034n });
    expect(await orderRow(full.id)).toMatchObject({
      status: 'Redeemed',
      units_free: '0',
      units_redeeming: '0',
      cost_usdt: '0',
      realized_usdt: (want1.amount - full.amount).toString(),
    });
    const share = costShare(part.amount, partUnits, BigInt(partRow.units));
    expect(await orderRow(part.id)).toMatchObject({
      status: 'Subscription',
      units_free: (BigInt(partRow.units) - partUnits).toString(),
      units_redeeming: '0',
      cost_usdt: (part.amount - share).toString(),
      realized_usdt: (want2.amount - share).toString(),
    });
    expect(await balanceOf(s.ctx.db, usdtRef(m.N.id, FUND_ACCOUNTS.memberAvailable))).toBe(
      availableBefore + want2.amount,
    );
    expect(await balanceOf(s.ctx.db, unitRef(m.N.id, FUND_ACCOUNTS.unitsRedeeming, fund))).toBe(0n);
    await expectLedgerClean();
  });
});

describe('the second-admin confirmation', () => {
  it('a step above the limit waits for another admin; the same admin cannot confirm it', async () => {
    const order = await insertProcessingOrder(s.ctx.db, m.M.id, fund, 200n * USDT, 15_000);
    const entered = (await publish('A', fund, dayAgo(2), '1.2')).json().data;
    expect(entered).toMatchObject({
      status: 'PendingConfirmation',
      previous_nav: '1.07654321',
      step_percent: '11.46',
      max_step_percent: '10',
      published_at: null,
      priced: { subscriptions: 0, redemptions: 0 },
    });
    expect((await orderRow(order)).status).toBe('Processing');
    // Still the old NAV for members.
    expect((await call('GET', `funds/products/${fund}`, h.M)).json().data).toMatchObject({
      nav: '1.07654321',
      nav_day: dayAgo(3),
    });
    const pending = (await call('GET', 'admin/funds/nav/pending', h.B)).json().data.list;
    expect(pending.map((e: { nav_id: string }) => e.nav_id)).toEqual([entered.nav_id]);
    // No other entry for the product while one waits.
    expect((await publish('B', fund, dayAgo(1), '1.08')).json()).toMatchObject({
      code: 400,
      msg: "A NAV of this fund is waiting for a second admin's confirmation: confirm or reject it first",
    });
    const own = await call('POST', `admin/funds/nav/${entered.nav_id}/confirm`, h.A);
    expect(own.json()).toMatchObject({
      code: 403,
      msg: 'A second admin must confirm this NAV: you entered it yourself',
    });
    expect((await orderRow(order)).status).toBe('Processing');
    const confirmed = (await call('POST', `admin/funds/nav/${entered.nav_id}/confirm`, h.B)).json().data;
    expect(confirmed).toMatchObject({
      status: 'Published',
      entered_by: w.A.address.toLowerCase(),
      confirmed_by: w.B.address.toLowerCase(),
      priced: { subscriptions: 1, redemptions: 0 },
    });
    expect(confirmed.published_at).not.toBeNull();
    expect((await orderRow(order)).units).toBe(
      priceSubscription(200n * USDT, 15_000, 120_000_000n).units.toString(),
    );
    // Decided: neither confirmed nor rejected again.
    expect((await call('POST', `admin/funds/nav/${entered.nav_id}/confirm`, h.B)).json().msg).toBe(
      'This NAV entry is no longer waiting for confirmation',
    );
    expect((await call('POST', `admin/funds/nav/${entered.nav_id}/reject`, h.B)).json().code).toBe(400);
    const log = rowsOf<{ action: string; actor: string }>(
      await s.ctx.db.execute(sql`select action, actor_id::text as actor from audit_log
        where target = ${`fund_nav:${entered.nav_id}`} order by id`),
    );
    expect(log).toEqual([
      { action: 'fund_nav.enter', actor: m.A.id.toString() },
      { action: 'fund_nav.confirm', actor: m.B.id.toString() },
    ]);
    await expectLedgerClean();
  });

  it('a rejected entry prices nothing and frees the day', async () => {
    const order = await insertProcessingOrder(s.ctx.db, m.N.id, fund, 100n * USDT, 15_000);
    const entered = (await publish('B', fund, dayAgo(1), '0.5')).json().data;
    expect(entered).toMatchObject({ status: 'PendingConfirmation', step_percent: '-58.33' });
    const rejected = (await call('POST', `admin/funds/nav/${entered.nav_id}/reject`, h.A)).json().data;
    expect(rejected).toMatchObject({ status: 'Rejected', published_at: null });
    expect((await orderRow(order)).status).toBe('Processing');
    expect((await call('POST', 'admin/funds/nav/999999/confirm', h.A)).json().code).toBe(404);
    // The same day again, within the step: published and priced.
    const again = (await publish('B', fund, dayAgo(1), '1.21')).json().data;
    expect(again).toMatchObject({ status: 'Published', priced: { subscriptions: 1, redemptions: 0 } });
    const history = (await call('GET', `admin/funds/nav?product_id=${fund}&size=3`, h.A)).json().data;
    expect(history).toMatchObject({ total: 6, page: 1, size: 3, has_more: true });
    expect(history.list.map((e: { day: string; status: string }) => [e.day, e.status])).toEqual([
      [dayAgo(1), 'Published'],
      [dayAgo(1), 'Rejected'],
      [dayAgo(2), 'Published'],
    ]);
    expect((await call('GET', `funds/products/${fund}/nav?days=365`, h.M)).json().data.list).toHaveLength(5);
    await expectLedgerClean();
  });
});
