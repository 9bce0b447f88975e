import { rowsOf, schema } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { billsCsv, closeDueMonths, closeMonth, csvCell } from '@server/modules/funds/bills/service.ts';
import {
  approveRedemption,
  createFundOrder,
  createRedemption,
  publishNav,
} from '@server/modules/funds/index.ts';
import { feeOf, unitsValue } from '@server/modules/funds/math.ts';
import { ACCOUNTS, checkLedger } from '@server/modules/ledger/index.ts';
import type { Member } from '@server/modules/members/index.ts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addHolding,
  addMember,
  addNav,
  addProduct,
  addRedemption,
  addRoot,
  headersOf,
  NAV,
  UNIT,
  USDT,
  usdtBalance,
} from './funds-bills-support.ts';
import { payFundOrder, startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
let m1: Member;
let m2: Member;
let a: number;
let b: number;
let o1: bigint;
let o2: bigint;
let o3: bigint;

/** Sets the server clock to an instant (startTestServer's clock is the real one plus an offset). */
const setClock = (iso: string) => s.advance(new Date(iso).getTime() - s.ctx.now().getTime());

/** Every bill of a server's database (the first suite's server unless another is named). */
const bills = async (server: TestServer = s) =>
  rowsOf<Record<string, string>>(
    await server.ctx.db.execute(sql`select order_id::text, month, opening_units::text, closing_units::text,
      opening_nav_e8::text, closing_nav_e8::text, opening_value_usdt::text, closing_value_usdt::text,
      subscriptions_usdt::text, redemptions_usdt::text, interest_usdt::text, fees_usdt::text
      from fund_bills order by month, order_id`),
  );

describe('monthly fund bills and Interest', () => {
  beforeAll(async () => {
    s = await startTestServer();
    setClock('2026-11-24T12:00:00Z');
    const root = await addRoot(s.ctx);
    m1 = await addMember(s.ctx, root, 'left');
    m2 = await addMember(s.ctx, root, 'right');
    const db = s.ctx.db;
    // A: 7 % a year distributed monthly; B: no distribution.
    a = await addProduct(db, {
      name: 'Alpha, "growth"',
      translations: { ja: { name: 'アルファ' } },
      distributionPpm: 70_000,
    });
    b = await addProduct(db, { name: '=HYPERLINK("http://x","Beta")', risk: 'High' });
    await addNav(db, a, '2026-08-31', 1n * NAV);
    await addNav(db, a, '2026-09-15', 110_000_000n);
    await addNav(db, a, '2026-09-30', 120_000_000n);
    await addNav(db, a, '2026-10-31', 125_000_000n);
    await addNav(db, a, '2026-11-10', 130_000_000n);
    await addNav(db, b, '2026-10-01', 1n * NAV);
    await addNav(db, b, '2026-10-20', 98_000_000n);
    // m1 holds A from September: 100 units redeemed in October, 50 more in a Pending redemption.
    o1 = await addHolding(db, {
      userId: m1.id,
      productId: a,
      amount: 1000n * USDT,
      fee: 10n * USDT,
      units: 990_123_456n,
      at: '2026-09-01T10:00:00Z',
    });
    await addRedemption(db, {
      orderId: o1,
      units: 100n * UNIT,
      at: '2026-10-10T08:00:00Z',
      gross: 120n * USDT,
      fee: 1_200_000n,
      navE8: 120_000_000n,
    });
    await addRedemption(db, {
      orderId: o1,
      units: 50n * UNIT,
      at: '2026-10-30T08:00:00Z',
      status: 'Pending',
    });
    // m1 holds B from October.
    o2 = await addHolding(db, {
      userId: m1.id,
      productId: b,
      amount: 500n * USDT,
      fee: 0n,
      units: 500n * UNIT,
      at: '2026-10-05T00:00:00Z',
    });
    // m2: subscribed and fully redeemed in August; a November holding (not billed yet); a Processing order.
    o3 = await addHolding(db, {
      userId: m2.id,
      productId: a,
      amount: 200n * USDT,
      fee: 2n * USDT,
      units: 198n * UNIT,
      at: '2026-08-20T00:00:00Z',
    });
    await addRedemption(db, {
      orderId: o3,
      units: 198n * UNIT,
      at: '2026-08-25T00:00:00Z',
      gross: 198n * USDT,
      fee: 1_980_000n,
    });
    await addHolding(db, {
      userId: m2.id,
      productId: a,
      amount: 300n * USDT,
      fee: 0n,
      units: 300n * UNIT,
      at: '2026-11-02T00:00:00Z',
    });
    await db.execute(sql`insert into fund_orders (user_id, product_id, status, amount_usdt, fee_ppm, quote_expires_at)
      values (${m2.id.toString()}::bigint, ${a}, 'Processing', 100000000, 0, now())`);
  });
  afterAll(() => s?.close());

  it('writes one bill per holding and ended month with exact figures, Interest first, once', async () => {
    const runs = await closeDueMonths(s.ctx);
    expect(runs.map((r) => r.month)).toEqual(['2026-08', '2026-09', '2026-10']);
    const o1Sep = unitsValue(990_123_456n, 120_000_000n); // 1188.148147 (rounded down)
    const o1Oct = unitsValue(890_123_456n, 125_000_000n); // 1112.654320
    const intSep = (o1Sep * 70_000n) / 12_000_000n;
    const intOct = (o1Oct * 70_000n) / 12_000_000n;
    expect([o1Sep, o1Oct, intSep, intOct]).toEqual([1_188_148_147n, 1_112_654_320n, 6_930_864n, 6_490_483n]);
    const row = (order: bigint, month: string, r: Partial<Record<string, string | null>>) => ({
      order_id: order.toString(),
      month,
      ...r,
    });
    expect(await bills()).toEqual([
      row(o3, '2026-08', {
        opening_units: '0',
        closing_units: '0',
        opening_nav_e8: null,
        closing_nav_e8: '100000000',
        opening_value_usdt: '0',
        closing_value_usdt: '0',
        subscriptions_usdt: '200000000',
        redemptions_usdt: '196020000',
        interest_usdt: '0',
        fees_usdt: '3980000',
      }),
      row(o1, '2026-09', {
        opening_units: '0',
        closing_units: '990123456',
        opening_nav_e8: '100000000',
        closing_nav_e8: '120000000',
        opening_value_usdt: '0',
        closing_value_usdt: o1Sep.toString(),
        subscriptions_usdt: '1000000000',
        redemptions_usdt: '0',
        interest_usdt: intSep.toString(),
        fees_usdt: '10000000',
      }),
      row(o1, '2026-10', {
        opening_units: '990123456',
        closing_units: '890123456',
        opening_nav_e8: '120000000',
        closing_nav_e8: '125000000',
        opening_value_usdt: o1Sep.toString(),
        closing_value_usdt: o1Oct.toString(),
        subscriptions_usdt: '0',
        redemptions_usdt: '118800000',
        interest_usdt: intOct.toString(),
        fees_usdt: '1200000',
      }),
      row(o2, '2026-10', {
        opening_units: '0',
        closing_units: '500000000',
        opening_nav_e8: '100000000',
        closing_nav_e8: '98000000',
        opening_value_usdt: '0',
        closing_value_usdt: '490000000',
        subscriptions_usdt: '500000000',
        redemptions_usdt: '0',
        interest_usdt: '0',
        fees_usdt: '0',
      }),
    ]);
    // Interest: recorded per order and month and credited to fund_available_profit, nothing else.
    const earnings = rowsOf<{ user_id: string; ref: string; amount: string; base: string; day: string }>(
      await s.ctx.db.execute(sql`select user_id::text, ref, amount_usdt::text as amount, base::text, day::text
        from fund_earnings where kind = 'Interest' order by ref`),
    );
    expect(earnings).toEqual([
      {
        user_id: m1.id.toString(),
        ref: `interest:${o1}:2026-09`,
        amount: intSep.toString(),
        base: o1Sep.toString(),
        day: '2026-09-01',
      },
      {
        user_id: m1.id.toString(),
        ref: `interest:${o1}:2026-10`,
        amount: intOct.toString(),
        base: o1Oct.toString(),
        day: '2026-10-01',
      },
    ]);
    expect(await usdtBalance(s.ctx.db, m1.id, ACCOUNTS.fundAvailableProfit)).toBe(intSep + intOct);
    expect(await usdtBalance(s.ctx.db, null, ACCOUNTS.fundRewardsPaid)).toBe(-(intSep + intOct));

    // A rerun (and the job every few minutes) writes and credits nothing more.
    const again = await closeDueMonths(s.ctx);
    expect(again).toEqual([]);
    // Closing a month again by hand (or from a second process) writes nothing either.
    expect(await closeMonth(s.ctx, '2026-09')).toEqual({ month: '2026-09', interest: 0, bills: 0 });
    expect((await bills()).length).toBe(4);
    expect(await usdtBalance(s.ctx.db, m1.id, ACCOUNTS.fundAvailableProfit)).toBe(intSep + intOct);
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });

  it('bills November only once December has begun', async () => {
    setClock('2026-11-30T23:59:00Z');
    expect(await closeDueMonths(s.ctx)).toEqual([]);
    setClock('2026-12-01T06:00:00Z');
    const runs = await closeDueMonths(s.ctx);
    expect(runs.map((r) => [r.month, r.bills])).toEqual([['2026-11', 3]]);
    setClock('2026-11-24T12:00:00Z');
  });

  it('lists the member’s own bills in the request’s language, by month, paged', async () => {
    const h1 = await headersOf(s.ctx, m1);
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/v1/funds/bills?size=2',
      headers: { ...h1, 'accept-language': 'ja' },
    });
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.data.total).toBe(5);
    expect(body.data.has_more).toBe(true);
    expect(
      body.data.list.map((x: { month: string; product: { name: string } }) => [x.month, x.product.name]),
    ).toEqual([
      ['2026-11', '=HYPERLINK("http://x","Beta")'],
      ['2026-11', 'アルファ'],
    ]);
    const oct = (
      await s.app.inject({ method: 'GET', url: '/api/v1/funds/bills?month=2026-10', headers: h1 })
    ).json().data.list;
    expect(oct.find((x: { order_id: string }) => x.order_id === o1.toString())).toMatchObject({
      product: { id: a, name: 'Alpha, "growth"' },
      opening_units: '990.123456',
      closing_units: '890.123456',
      opening_nav: '1.2',
      closing_nav: '1.25',
      opening_value_usdt: '1188.148147',
      closing_value_usdt: '1112.65432',
      redemptions_usdt: '118.8',
      interest_usdt: '6.490483',
      fees_usdt: '1.2',
    });
    // m2 sees only its own (August and November), never m1's.
    const h2 = await headersOf(s.ctx, m2);
    const own = (await s.app.inject({ method: 'GET', url: '/api/v1/funds/bills', headers: h2 })).json().data;
    expect(own.list.map((x: { order_id: string }) => x.order_id).includes(o1.toString())).toBe(false);
    expect(own.total).toBe(2);
    // Bad month: a translated validation error.
    const bad = await s.app.inject({ method: 'GET', url: '/api/v1/funds/bills?month=2026-13', headers: h1 });
    expect(bad.json().code).toBe(400);
    // Signed out: 401.
    expect((await s.app.inject({ method: 'GET', url: '/api/v1/funds/bills' })).json().code).toBe(401);
  });

  it('downloads the bills as CSV: attachment, header row, one row per bill, cells escaped', async () => {
    const h1 = await headersOf(s.ctx, m1);
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/v1/funds/bills.csv?month=2026-10',
      headers: h1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="fund-bills-2026-10.csv"');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1)).toEqual([
      'Month,Order,Fund,Opening units,Opening NAV,Opening value (USDT),Subscriptions (USDT),Redemptions (USDT),Interest (USDT),Fees (USDT),Closing units,Closing NAV,Closing value (USDT)',
      `2026-10,${o2},"'=HYPERLINK(""http://x"",""Beta"")",0,1,0,500,0,0,0,500,0.98,490`,
      `2026-10,${o1},"Alpha, ""growth""",990.123456,1.2,1188.148147,0,118.8,6.490483,1.2,890.123456,1.25,1112.65432`,
    ]);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe(`"'+1"`);
    expect(csvCell('-2')).toBe(`"'-2"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('plain')).toBe('plain');
    expect(billsCsv([], (k) => k).startsWith('\uFEFFfund.bill_csv.month,')).toBe(true);
    const ja = await s.app.inject({
      method: 'GET',
      url: '/api/v1/funds/bills.csv',
      headers: { ...h1, 'accept-language': 'ja' },
    });
    expect(ja.body.split('\r\n').length).toBe(7);
    expect(ja.body).toContain('アルファ');
    expect((await s.app.inject({ method: 'GET', url: '/api/v1/funds/bills.csv' })).json().code).toBe(401);
  });
});

describe('a bill of a holding made through the funds’ own services', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ FUND_NAV_MAX_STEP_PERCENT: '50' });
  });
  afterAll(() => t?.close());

  it('subscribe, NAV, redeem, approve, NAV: the month’s bill matches the order, its redemption and the ledger', async () => {
    const at = (iso: string) => t.advance(new Date(iso).getTime() - t.ctx.now().getTime());
    at('2027-01-05T09:00:00Z');
    const root = await addRoot(t.ctx);
    const m = await addMember(t.ctx, root, 'left');
    const adminA = await addMember(t.ctx, root, 'right');
    const user = { id: m.id, address: m.address, roles: [] };
    const admin = { id: adminA.id, address: adminA.address, roles: ['admin' as const] };
    const p = await addProduct(t.ctx.db, {
      lockDays: 0,
      minimumUsdt: 100n * USDT,
      subscriptionFeePpm: 15_000,
      redemptionFeePpm: 5_000,
      distributionPpm: 60_000,
    });
    await publishNav(t.ctx, admin, p, '2027-01-05', '1');
    const order = await createFundOrder(t.ctx, user, p, '1000');
    await payFundOrder(t.ctx, order.id, m.address, 1000n * USDT);
    at('2027-01-06T09:00:00Z');
    await publishNav(t.ctx, admin, p, '2027-01-06', '1.03');
    at('2027-01-20T09:00:00Z');
    const r = await createRedemption(t.ctx, user, order.id, '300.5');
    await approveRedemption(t.ctx, admin, r.id, '');
    at('2027-01-21T09:00:00Z');
    await publishNav(t.ctx, admin, p, '2027-01-21', '1.07654321');
    at('2027-01-31T09:00:00Z');
    await publishNav(t.ctx, admin, p, '2027-01-31', '1.1');
    at('2027-02-01T06:00:00Z');
    expect((await closeDueMonths(t.ctx)).map((x) => [x.month, x.bills, x.interest])).toEqual([
      ['2027-01', 1, 1],
    ]);

    const [o] = await t.ctx.db.select().from(schema.fundOrders).where(eq(schema.fundOrders.id, order.id));
    const [red] = await t.ctx.db
      .select()
      .from(schema.fundRedemptions)
      .where(eq(schema.fundRedemptions.id, r.id));
    const closingUnits = defined(o).units - 300_500_000n;
    const closingValue = unitsValue(closingUnits, 110_000_000n);
    const interest = (closingValue * 60_000n) / 12_000_000n;
    const [bill] = await bills(t);
    expect(bill).toEqual({
      order_id: order.id.toString(),
      month: '2027-01',
      opening_units: '0',
      closing_units: closingUnits.toString(),
      opening_nav_e8: null,
      closing_nav_e8: '110000000',
      opening_value_usdt: '0',
      closing_value_usdt: closingValue.toString(),
      subscriptions_usdt: '1000000000',
      redemptions_usdt: defined(defined(red).amountUsdt).toString(),
      interest_usdt: interest.toString(),
      fees_usdt: (defined(o).feeUsdt + defined(defined(red).feeUsdt)).toString(),
    });
    // The fees are the subscription's 1.5 % and the redemption's 0.5 %, as priced.
    expect(defined(o).feeUsdt).toBe(15n * USDT);
    expect(defined(red).feeUsdt).toBe(feeOf(defined(defined(red).grossUsdt), 5_000));
    expect(await usdtBalance(t.ctx.db, m.id, ACCOUNTS.fundAvailableProfit)).toBe(interest);
    expect(await usdtBalance(t.ctx.db, m.id, ACCOUNTS.available)).toBe(defined(red).amountUsdt);
    expect(await checkLedger(t.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });
});
