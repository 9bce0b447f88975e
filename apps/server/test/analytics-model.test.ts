import { rowsOf, schema } from '@agc/db';
import { AGC_DECIMALS, ANALYTICS_FIGURES, formatAmount, parseAmount, USDT_DECIMALS } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import { rollUpClosedDays } from '@server/modules/analytics/index.ts';
import type { Member } from '@server/modules/members/index.ts';
import { runSettlement } from '@server/modules/rewards/index.ts';
import { seedProducts } from '@server/modules/shop/index.ts';
import { ingestVaultEvents } from '@server/modules/withdraw/index.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct } from './funds-bills-support.ts';
import {
  buyDirectly,
  newWallet,
  payFundOrder,
  randomHex,
  signUp,
  startTestServer,
  type TestServer,
} from './helpers.ts';
import { AGC, grantAvailable, USDT } from './withdraw-support.ts';

/**
 * "Analytics totals against a model of a seeded history": four UTC days of members joining, buying,
 * subscribing to a fund, exchanging, buying launchpad copies, withdrawing (approved and paid, rejected) and the
 * daily settlement, all through the real services on the test clock. Every figure of every day equals a model kept
 * by the test as it acts, and what the member-facing APIs report; the rollups equal the live computation and
 * recomputing a day replaces its row.
 */
let s: TestServer;
const DAY = 86_400_000;
const w = { R: newWallet(), A: newWallet(), B: newWallet(), C: newWallet(), D: newWallet() };
type Who = keyof typeof w;
const h = {} as Record<Who, Record<string, string>>;
const m = {} as Record<Who, Member>;
const days: string[] = [];
type Key = (typeof ANALYTICS_FIGURES)[number]['key'];
/** The model: each day's flows in minor units (levels derived at the end). */
const model = new Map<string, Record<string, bigint>>();

const today = () => s.ctx.now().toISOString().slice(0, 10);
const add = (key: Key, amount: bigint, day = today()) => {
  const row = model.get(day) ?? {};
  row[key] = (row[key] ?? 0n) + amount;
  model.set(day, row);
};
const call = async (method: 'GET' | 'POST', url: string, who: Who, payload?: object) => {
  const res = await s.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: h[who],
    ...(payload && { payload }),
  });
  expect(res.json().code, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json().data;
};

/** Signs a member up now (on the test clock: sign-up stamps the database clock, which the test cannot move). */
async function join(who: Who) {
  const invite = who === 'R' ? {} : { invite_code: m.R.inviteCode, side: 'left' as const };
  ({ headers: h[who], member: m[who] } = await signUp(s, w[who], invite));
  await s.ctx.db.execute(
    sql`update users set created_at = ${s.ctx.now().toISOString()}::timestamptz where id = ${m[who].id.toString()}::bigint`,
  );
  add('members_new', 1n);
}

const firstBuy = new Set<Who>();
async function buy(who: Who, productId: number, price: bigint) {
  await buyDirectly(s.ctx, m[who], productId);
  add('shop_orders', 1n);
  add('shop_usdt', price);
  if (!firstBuy.has(who)) add('members_valid', 1n);
  firstBuy.add(who);
}

const nextDay = () => {
  s.advance(DAY);
  days.push(today());
};

const report = async (from: string, to: string, who: Who = 'R') =>
  call('GET', `admin/analytics?from=${from}&to=${to}`, who);

let withdrawB: string;
let withdrawC: string;

beforeAll(async () => {
  s = await startTestServer({ ADMIN_ADDRESSES: w.R.address });
  // Start at 02:00 UTC of a fresh day, so that every step below falls inside its day.
  const now = s.ctx.now().getTime();
  s.advance(Math.ceil(now / DAY) * DAY + 2 * 3_600_000 - now);
  days.push(today());
  await seedProducts(s.ctx.db);
  const products = await s.ctx.db.select().from(schema.products).orderBy(schema.products.priceUsdt);
  const [p100, p1000] = [defined(products[0]), defined(products[1])];

  // Day 0: R, A and B join; A buys (R earns the referral reward now).
  for (const who of ['R', 'A', 'B'] as const) await join(who);
  await buy('A', p100.id, p100.priceUsdt);

  // Day 1: C and D join; B buys, A buys again; day 0 is settled; exchanges; a launchpad purchase; two requests.
  nextDay();
  for (const who of ['C', 'D'] as const) await join(who);
  await buy('B', p1000.id, p1000.priceUsdt);
  await buy('A', p100.id, p100.priceUsdt);
  await runSettlement(s.ctx, defined(days[0]), null);

  await grantAvailable(s.ctx, m.A.id, 'USDT', 500n * USDT);
  const q1 = await call('POST', 'exchange/quotes', 'A', { from: 'USDT', mode: 'in', amount: '200' });
  await call('POST', `exchange/quotes/${q1.id}/accept`, 'A');
  add('exchange_count', 1n);
  add('exchange_buy_usdt', 200n * USDT);
  await grantAvailable(s.ctx, m.C.id, 'AGC', 100n * AGC);
  const q2 = await call('POST', 'exchange/quotes', 'C', { from: 'AGC', mode: 'in', amount: '10' });
  await call('POST', `exchange/quotes/${q2.id}/accept`, 'C');
  add('exchange_count', 1n);
  add('exchange_sell_usdt', parseAmount(q2.amount_out, USDT_DECIMALS));

  const round = await call('POST', 'admin/launchpad/rounds', 'R', {
    name: 'Seed',
    description: '',
    translations: {},
    copies: 10,
    price_usdt: '100',
    agc_per_copy: '400',
    per_member_limit: 3,
    starts_at: new Date(s.ctx.now().getTime() - 3_600_000).toISOString(),
    ends_at: new Date(s.ctx.now().getTime() + 10 * DAY).toISOString(),
    cliff_days: 5,
    linear_days: 4,
  });
  await grantAvailable(s.ctx, m.D.id, 'USDT', 1000n * USDT);
  await call('POST', `launchpad/rounds/${round.id}/buy`, 'D', { copies: '2' });
  add('launchpad_purchases', 1n);
  add('launchpad_copies', 2n);
  add('launchpad_usdt', 200n * USDT);

  await grantAvailable(s.ctx, m.B.id, 'USDT', 300n * USDT);
  withdrawB = (await call('POST', 'withdraw', 'B', { amount: '150', type: 1 })).withdraw_id;
  add('withdraw_requested', 1n);
  add('withdraw_requested_usdt', 150n * USDT);
  await grantAvailable(s.ctx, m.C.id, 'AGC', 50n * AGC);
  withdrawC = (await call('POST', 'withdraw', 'C', { amount: '20', type: 2 })).withdraw_id;
  add('withdraw_requested', 1n);
  add('withdraw_requested_agc', 20n * AGC);

  // Day 2: B's withdrawal approved and claimed, C's rejected; day 1 settled; D subscribes to a fund (confirmed).
  nextDay();
  const approved = await call('POST', `admin/withdraws/${withdrawB}/approve`, 'R', {});
  add('withdraw_approved', 1n);
  add('withdraw_approved_usdt', 150n * USDT);
  await call('POST', `admin/withdraws/${withdrawC}/reject`, 'R', { reason: 'Address under review' });
  const received = parseAmount(approved.received, USDT_DECIMALS);
  await s.ctx.db.transaction((tx) =>
    ingestVaultEvents(s.ctx, tx, [
      {
        name: 'Claimed',
        txHash: randomHex(32),
        logIndex: 0,
        blockNumber: 1n,
        blockHash: randomHex(32),
        withdrawalId: BigInt(withdrawB),
        account: m.B.address,
        token: s.ctx.chain.contracts.usdt,
        amount: received,
      },
    ]),
  );
  add('withdraw_paid', 1n);
  add('withdraw_paid_usdt', received);
  await runSettlement(s.ctx, defined(days[1]), null);

  const fundId = await addProduct(s.ctx.db, {
    name: 'Steady',
    risk: 'Low',
    lockDays: 7,
    minimumUsdt: 100n * USDT,
    subscriptionFeePpm: 10_000,
  });
  await s.ctx.db.insert(schema.fundNavs).values({
    productId: fundId,
    day: defined(days[1]),
    navE8: 100_000_000n,
    status: 'Published',
    publishedAt: s.ctx.now(),
  });
  const sub = await call('POST', 'funds/orders', 'D', { product_id: fundId, amount: '300' });
  await payFundOrder(s.ctx, BigInt(sub.order_id), m.D.address, 300n * USDT);
  add('fund_subscriptions', 1n);
  add('fund_usdt', 300n * USDT);

  // Day 3 (open): C buys.
  nextDay();
  await buy('C', p100.id, p100.priceUsdt);
});
afterAll(() => s.close());

/** The model's rewards: the reward records, grouped by day and kind here (not by the analytics SQL). */
async function modelRewards() {
  const rows = await s.ctx.db.select().from(schema.rewards);
  for (const r of rows) {
    add(`reward_${r.kind}_usdt` as Key, r.creditedUsdt, r.day);
    add(`reward_${r.kind}_agc` as Key, r.creditedAgc, r.day);
  }
  return rows.length;
}

const decimals = (unit: string) => (unit === 'USDT' ? USDT_DECIMALS : unit === 'AGC' ? AGC_DECIMALS : 0);

/** The model's figures of each day as the API shows them (levels accumulated over the days). */
function expected(): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  let all = 0n;
  let valid = 0n;
  for (const day of days) {
    const row = model.get(day) ?? {};
    all += row.members_new ?? 0n;
    valid += row.members_valid ?? 0n;
    const levels: Record<string, bigint> = { members_all: all, members_valid: valid };
    out[day] = Object.fromEntries(
      ANALYTICS_FIGURES.map((f) => [
        f.key,
        formatAmount(levels[f.key] ?? row[f.key] ?? 0n, decimals(f.unit)),
      ]),
    );
  }
  return out;
}

describe('analytics against a model of a seeded history', () => {
  let rewardRows = 0;

  it('every figure of every day equals the model, live (no rollups yet) and from the rollups', async () => {
    rewardRows = await modelRewards();
    expect(rewardRows).toBeGreaterThan(2); // referral on day 0, and what the two settlements paid
    const want = expected();
    const first = defined(days[0]);
    const last = defined(days[3]);
    const live = await report(first, last);
    expect(live.days.map((d: { live: boolean }) => d.live)).toEqual([true, true, true, true]);
    for (const d of live.days) expect(d.figures, d.day).toEqual(want[d.day]);

    expect(await rollUpClosedDays(s.ctx)).toEqual(days.slice(0, 3));
    const rolled = await report(first, last);
    expect(rolled.days.map((d: { live: boolean }) => d.live)).toEqual([false, false, false, true]);
    expect(rolled.days.map((d: { figures: unknown }) => d.figures)).toEqual(
      live.days.map((d: { figures: unknown }) => d.figures),
    );
    expect(rolled.totals).toEqual(live.totals);
    // The day before the history: nothing; a range inside it starts from the right levels.
    const before = await report(first, first);
    expect(before.days[0].figures).toEqual(want[first]);
    const middle = await report(defined(days[2]), defined(days[2]));
    expect(middle.days[0].figures.members_all).toBe('5');
    expect(middle.days[0].figures.members_valid).toBe('2');
  });

  it('totals sum the flows and take the levels at the range’s end', async () => {
    const r = await report(defined(days[0]), defined(days[3]));
    const want = expected();
    for (const f of ANALYTICS_FIGURES) {
      if ('cumulative' in f) {
        expect(r.totals[f.key], f.key).toBe(defined(want[defined(days[3])])[f.key]);
        continue;
      }
      const sum = days.reduce(
        (a, d) => a + parseAmount(defined(defined(want[d])[f.key]), decimals(f.unit)),
        0n,
      );
      expect(r.totals[f.key], f.key).toBe(formatAmount(sum, decimals(f.unit)));
    }
    expect(r.totals.members_all).toBe('5');
    expect(r.totals.members_valid).toBe('3');
    expect(r.totals.shop_orders).toBe('4');
  });

  it('equals what the member-facing APIs report', async () => {
    const r = await report(defined(days[0]), defined(days[3]));
    const byDay = Object.fromEntries(
      r.days.map((d: { day: string; figures: Record<string, string> }) => [d.day, d.figures]),
    );
    const dayOf = (iso: string) => iso.slice(0, 10);
    const sums = new Map<string, bigint>();
    const put = (day: string, key: string, v: bigint) =>
      sums.set(`${day}|${key}`, (sums.get(`${day}|${key}`) ?? 0n) + v);
    const members = Object.keys(w) as Who[];
    for (const who of members) {
      const orders = await call('GET', 'order/all?status=Success&size=50', who);
      for (const o of orders.list) {
        put(dayOf(o.collection_time), 'shop_orders', 1n);
        put(dayOf(o.collection_time), 'shop_usdt', parseAmount(o.amount_received_usdt, USDT_DECIMALS));
      }
      const withdraws = await call('GET', 'withdraws?size=50', who);
      for (const x of withdraws.list) {
        const d = x.asset === 'USDT' ? USDT_DECIMALS : AGC_DECIMALS;
        const unit = x.asset === 'USDT' ? 'usdt' : 'agc';
        put(dayOf(x.created_at), 'withdraw_requested', 1n);
        put(dayOf(x.created_at), `withdraw_requested_${unit}`, parseAmount(x.amount, d));
        if (x.status === 'Withdrawable' || x.status === 'Success') {
          put(dayOf(x.audited_at), 'withdraw_approved', 1n);
          put(dayOf(x.audited_at), `withdraw_approved_${unit}`, parseAmount(x.amount, d));
        }
        if (x.status === 'Success') {
          put(dayOf(x.claimed_at), 'withdraw_paid', 1n);
          put(dayOf(x.claimed_at), `withdraw_paid_${unit}`, parseAmount(x.received, d));
        }
      }
      for (const day of days)
        for (const kind of ['referral', 'pairing', 'static', 'management']) {
          const list = await call('GET', `profit/day?day=${day}&kind=${kind}&size=50`, who);
          for (const x of list.list) {
            put(day, `reward_${kind}_usdt`, parseAmount(x.credited_usdt, USDT_DECIMALS));
            put(day, `reward_${kind}_agc`, parseAmount(x.credited_agc, AGC_DECIMALS));
          }
        }
      const exchanges = await call('GET', 'exchange/history?size=50', who);
      for (const x of exchanges.list) {
        put(dayOf(x.accepted_at), 'exchange_count', 1n);
        if (x.from === 'USDT')
          put(dayOf(x.accepted_at), 'exchange_buy_usdt', parseAmount(x.amount_in, USDT_DECIMALS));
        else put(dayOf(x.accepted_at), 'exchange_sell_usdt', parseAmount(x.amount_out, USDT_DECIMALS));
      }
      const purchases = await call('GET', 'launchpad/purchases?size=50', who);
      for (const x of purchases.list) {
        put(dayOf(x.created_at), 'launchpad_purchases', 1n);
        put(dayOf(x.created_at), 'launchpad_copies', BigInt(x.copies));
        put(dayOf(x.created_at), 'launchpad_usdt', parseAmount(x.amount_usdt, USDT_DECIMALS));
      }
      const funds = await call('GET', 'funds/orders?size=50', who);
      for (const x of funds.list)
        if (!['UnPaid', 'Paid', 'Cancelled'].includes(x.status)) {
          put('all', 'fund_subscriptions', 1n);
          put('all', 'fund_usdt', parseAmount(x.amount_usdt, USDT_DECIMALS));
        }
    }
    const unitOf = (key: string) => defined(ANALYTICS_FIGURES.find((f) => f.key === key)).unit;
    for (const f of ANALYTICS_FIGURES) {
      if (f.group === 'members' || (f.group === 'deposits' && f.key.startsWith('fund'))) continue;
      for (const day of days)
        expect(byDay[day][f.key], `${day} ${f.key}`).toBe(
          formatAmount(sums.get(`${day}|${f.key}`) ?? 0n, decimals(unitOf(f.key))),
        );
    }
    expect(r.totals.fund_subscriptions).toBe(String(sums.get('all|fund_subscriptions')));
    expect(r.totals.fund_usdt).toBe(formatAmount(defined(sums.get('all|fund_usdt')), USDT_DECIMALS));
    // Members: the root's direct invitees (everyone else) plus the root; valid ones as the team pages count them.
    const me = await call('GET', 'me', 'R');
    expect(r.totals.members_all).toBe(String(me.invited_count_all + 1));
    expect(r.totals.members_valid).toBe(String(me.invited_count_valid));
  });

  it('recomputing a day replaces its row; a day settled after its rollup is computed again, once', async () => {
    const rows = async () =>
      rowsOf<{ day: string; revision: number; settled: boolean; figures: unknown }>(
        await s.ctx.db.execute(
          sql`select to_char(day, 'YYYY-MM-DD') as day, revision, settled, figures from analytics_daily order by day`,
        ),
      );
    const before = await rows();
    // Days 0 and 1 were settled before their rollup; day 2 not yet.
    expect(before.map((r) => [r.day, Number(r.revision), r.settled])).toEqual([
      [days[0], 1, true],
      [days[1], 1, true],
      [days[2], 1, false],
    ]);
    expect(await rollUpClosedDays(s.ctx)).toEqual([]);
    // Day 2 is settled now: the next run computes it again (its static rewards come in), and only it.
    await runSettlement(s.ctx, defined(days[2]), null);
    expect(await rollUpClosedDays(s.ctx)).toEqual([days[2]]);
    expect(await rollUpClosedDays(s.ctx)).toEqual([]);
    const after = await rows();
    expect(after.map((r) => [r.day, Number(r.revision), r.settled])).toEqual([
      [days[0], 1, true],
      [days[1], 1, true],
      [days[2], 2, true],
    ]);
    expect(after.slice(0, 2)).toEqual(before.slice(0, 2));
    // Forced again (as if its settlement were new): the same figures, one row, one more revision.
    await s.ctx.db.execute(
      sql`update analytics_daily set settled = false where day = ${defined(days[0])}::date`,
    );
    expect(await rollUpClosedDays(s.ctx)).toEqual([days[0]]);
    const again = await rows();
    expect(again).toHaveLength(3);
    expect(defined(again[0]).figures).toEqual(defined(before[0]).figures);
    expect(Number(defined(again[0]).revision)).toBe(2);
    // And the API still equals the live computation (rewards of day 2 included).
    const rolled = await report(defined(days[0]), defined(days[3]));
    await s.ctx.db.execute(sql`delete from analytics_daily`);
    const live = await report(defined(days[0]), defined(days[3]));
    expect(rolled.totals).toEqual(live.totals);
    expect(rolled.days.map((d: { figures: unknown }) => d.figures)).toEqual(
      live.days.map((d: { figures: unknown }) => d.figures),
    );
  });
});
