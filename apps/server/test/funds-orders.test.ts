import { devQuoteSigner, quoteTypes, transferAbi, transferDomain } from '@agc/contracts';
import { schema } from '@agc/db';
import { parseAmount } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import { FUND_ORDER_TAG } from '@server/modules/chain/index.ts';
import {
  expireFundOrders,
  FUND_ACCOUNTS,
  fundAsset,
  ingestFundPaidEvents,
  publishNav,
} from '@server/modules/funds/index.ts';
import { balanceOf, checkLedger } from '@server/modules/ledger/index.ts';
import type { Member } from '@server/modules/members/index.ts';
import { eq } from 'drizzle-orm';
import { decodeFunctionData, erc20Abi, recoverTypedDataAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWallet, payFundOrder, randomHex, signUp, startTestServer, type TestServer } from './helpers.ts';

// Subscriptions (orders, payment steps, cancel, expiry, Paid ingestion) and holdings through the API, with a
// real PGlite; pricing at the NAV is the funds' own publishNav (nav/pricing.ts). No chain here: payments are
// ingested as the watcher would (funds-orders-chain.test.ts pays on anvil).

let s: TestServer;
const admin = newWallet();
let alice: { headers: Record<string, string>; member: Member };
let bob: { headers: Record<string, string>; member: Member };
let fundId: number;
let offId: number;
const DAY = 86_400_000;

const api = (method: 'GET' | 'POST', url: string, headers?: Record<string, string>, payload?: unknown) =>
  s.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as never });
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

beforeAll(async () => {
  s = await startTestServer({ ADMIN_ADDRESSES: admin.address });
  await signUp(s, admin);
  const [root] = await s.ctx.db.select().from(schema.users).limit(1);
  alice = await signUp(s, newWallet(), { invite_code: defined(root).inviteCode, side: 'left' });
  bob = await signUp(s, newWallet(), { invite_code: defined(root).inviteCode, side: 'right' });
  const [on, off] = await s.ctx.db
    .insert(schema.fundProducts)
    .values([
      {
        name: 'Steady Income',
        translations: { ja: { name: '安定インカム' } },
        risk: 'Low',
        lockDays: 7,
        minimumUsdt: 100_000_000n,
        subscriptionFeePpm: 15_000,
        redemptionFeePpm: 5_000,
      },
      { name: 'Closed', risk: 'High', lockDays: 30, minimumUsdt: 100_000_000n, status: 'off' },
    ])
    .returning();
  fundId = defined(on).id;
  offId = defined(off).id;
  await s.ctx.db.insert(schema.fundNavs).values({
    productId: fundId,
    day: dayOf(new Date(s.ctx.now().getTime() - DAY)),
    navE8: 120_000_000n,
    status: 'Published',
    publishedAt: new Date(),
  });
});
afterAll(() => s.close());

type Order = {
  order_id: string;
  status: string;
  amount_usdt: string;
  quote_expires_at: string;
  reason: string | null;
};

async function subscribe(who = alice, amount = '1000') {
  const res = await api('POST', '/funds/orders', who.headers, { product_id: fundId, amount });
  expect(res.json()).toMatchObject({ code: 200 });
  return res.json().data as Order;
}

const orderRow = async (id: string) =>
  defined(
    (
      await s.ctx.db
        .select()
        .from(schema.fundOrders)
        .where(eq(schema.fundOrders.id, BigInt(id)))
    )[0],
  );

/** The watcher's ingestion of a Paid event for a fund order (synthetic place on the chain). */
const paid = (orderId: string, payer: string, usdt: bigint, agc = 0n) =>
  payFundOrder(s.ctx, BigInt(orderId), payer, usdt, agc);

const adminUser = async () => {
  const [row] = await s.ctx.db
    .select()
    .from(schema.users)
    .where(eq(schema.users.address, admin.address.toLowerCase()));
  return { id: defined(row).id, address: defined(row).address, roles: ['admin' as const] };
};

describe('subscribing', () => {
  it('creates an UnPaid order with the quote of this moment', async () => {
    const before = s.ctx.now().getTime();
    const o = await subscribe(alice, '300');
    expect(o).toMatchObject({
      status: 'UnPaid',
      amount_usdt: '300',
      // 1.5 %, fixed at the quote, taken at pricing.
      fee_usdt: '4.5',
      units: '0',
      value_usdt: '0',
      can_redeem: false,
      tx_hash: null,
      redemptions: [],
      product: { id: fundId, name: 'Steady Income', risk: 'Low' },
    });
    const ttl = Date.parse(o.quote_expires_at) - before;
    expect(ttl).toBeGreaterThanOrEqual(s.ctx.config.funds.quoteTtlMs - 1000);
    expect(ttl).toBeLessThanOrEqual(s.ctx.config.funds.quoteTtlMs + 1000);
    expect((await orderRow(o.order_id)).feePpm).toBe(15_000);
  });

  it('names the product in the request’s language', async () => {
    const res = await api(
      'POST',
      '/funds/orders',
      { ...alice.headers, 'accept-language': 'ja' },
      {
        product_id: fundId,
        amount: '100',
      },
    );
    expect(res.json().data.product.name).toBe('安定インカム');
  });

  it('refuses bad amounts and products with translated errors, creating nothing', async () => {
    const count = async () => (await s.ctx.db.select().from(schema.fundOrders)).length;
    const n = await count();
    const cases: Array<[unknown, number, RegExp]> = [
      [{ product_id: fundId, amount: '50' }, 400, /100/],
      [{ product_id: fundId, amount: '150' }, 400, /100/],
      [{ product_id: fundId, amount: '0' }, 400, /./],
      [{ product_id: fundId, amount: '-100' }, 400, /./],
      [{ product_id: fundId, amount: '1e3' }, 400, /./],
      [{ product_id: fundId, amount: '100.0000001' }, 400, /./],
      [{ product_id: offId, amount: '100' }, 400, /./],
      [{ product_id: 999_999, amount: '100' }, 404, /./],
      [{ product_id: fundId }, 400, /amount/],
    ];
    for (const [payload, code, msg] of cases) {
      const res = await api('POST', '/funds/orders', alice.headers, payload);
      expect(res.json().code, JSON.stringify(payload)).toBe(code);
      expect(res.json().msg).toMatch(msg);
    }
    // Translated: the minimum message in Japanese differs from the English one.
    const en = (
      await api('POST', '/funds/orders', alice.headers, { product_id: fundId, amount: '150' })
    ).json();
    const ja = (
      await api(
        'POST',
        '/funds/orders',
        { ...alice.headers, 'accept-language': 'ja' },
        {
          product_id: fundId,
          amount: '150',
        },
      )
    ).json();
    expect(ja.msg).not.toBe(en.msg);
    expect(await count()).toBe(n);
  });

  it('needs a session on every route; admin routes need the admin role', async () => {
    const member: Array<['GET' | 'POST', string]> = [
      ['POST', '/funds/orders'],
      ['GET', '/funds/orders'],
      ['GET', '/funds/orders/1'],
      ['GET', '/funds/orders/1/tx?step=paying'],
      ['POST', '/funds/orders/pay'],
      ['POST', '/funds/orders/cancel'],
      ['GET', '/funds/summary'],
      ['POST', '/funds/redemptions'],
      ['POST', '/funds/redemptions/cancel'],
      ['GET', '/funds/redemptions'],
    ];
    for (const [method, url] of member)
      expect((await api(method, url, {}, method === 'POST' ? {} : undefined)).json().code, url).toBe(401);
    const admins: Array<['GET' | 'POST', string]> = [
      ['GET', '/admin/funds/orders'],
      ['GET', '/admin/funds/redemptions'],
      ['POST', '/admin/funds/redemptions/approve'],
      ['POST', '/admin/funds/redemptions/reject'],
    ];
    for (const [method, url] of admins) {
      expect((await api(method, url, {}, method === 'POST' ? {} : undefined)).json().code, url).toBe(401);
      const body = method === 'POST' ? { redemption_id: '1' } : undefined;
      expect((await api(method, url, alice.headers, body)).json().code, url).toBe(403);
    }
  });
});

describe('payment steps', () => {
  it('builds approve and pay for the member’s UnPaid order, signed for FUND_ORDER_TAG | id', async () => {
    const o = await subscribe(alice, '200');
    const { contracts } = s.ctx.chain;
    const step = async (name: string) =>
      (await api('GET', `/funds/orders/${o.order_id}/tx?step=${name}`, alice.headers)).json().data;
    const approve = await step('authUsd');
    expect([approve.step, approve.contract, approve.tx.to, approve.amount]).toEqual([
      'authUsd',
      'usdt',
      contracts.usdt,
      '200000000',
    ]);
    expect(decodeFunctionData({ abi: erc20Abi, data: approve.tx.data }).args).toEqual([
      contracts.transfer,
      200_000_000n,
    ]);
    const payTx = await step('paying');
    expect([payTx.contract, payTx.tx.to, payTx.tx.from]).toEqual([
      'transfer',
      contracts.transfer,
      alice.member.address,
    ]);
    const pay = decodeFunctionData({ abi: transferAbi, data: payTx.tx.data });
    const [orderId, usdt, agc, deadline, signature] = pay.args ?? [];
    expect([pay.functionName, orderId, usdt, agc]).toEqual([
      'pay',
      FUND_ORDER_TAG | BigInt(o.order_id),
      200_000_000n,
      0n,
    ]);
    expect(deadline).toBe(BigInt(Math.floor(Date.parse(o.quote_expires_at) / 1000)));
    const signer = await recoverTypedDataAddress({
      domain: transferDomain(s.ctx.chain.id, contracts.transfer),
      types: quoteTypes,
      primaryType: 'Quote',
      message: {
        orderId: orderId as bigint,
        payer: alice.member.address as `0x${string}`,
        usdtAmount: 200_000_000n,
        agcAmount: 0n,
        deadline: deadline as bigint,
      },
      signature: signature as `0x${string}`,
    });
    expect(signer).toBe(devQuoteSigner().address);
  });

  it('refuses another member’s order (404), a bad step, a cancelled or expired order', async () => {
    const o = await subscribe(alice, '100');
    const url = `/funds/orders/${o.order_id}/tx?step=paying`;
    expect((await api('GET', url, bob.headers)).json().code).toBe(404);
    expect((await api('GET', `/funds/orders/${o.order_id}/tx?step=authAmc`, alice.headers)).json().code).toBe(
      400,
    );
    expect(
      (await api('POST', '/funds/orders/cancel', alice.headers, { order_id: o.order_id })).json().code,
    ).toBe(200);
    expect((await api('GET', url, alice.headers)).json().code).toBe(400);
    const late = await subscribe(alice, '100');
    await s.ctx.db
      .update(schema.fundOrders)
      .set({ quoteExpiresAt: new Date(s.ctx.now().getTime() - 1000) })
      .where(eq(schema.fundOrders.id, BigInt(late.order_id)));
    const res = (await api('GET', `/funds/orders/${late.order_id}/tx?step=paying`, alice.headers)).json();
    expect(res.code).toBe(400);
    expect(res.msg).toMatch(/expired/);
  });
});

describe('cancel', () => {
  it('cancels an UnPaid order once; someone else’s is 404; a second cancel is refused', async () => {
    const o = await subscribe(alice, '100');
    expect(
      (await api('POST', '/funds/orders/cancel', bob.headers, { order_id: o.order_id })).json().code,
    ).toBe(404);
    const res = (await api('POST', '/funds/orders/cancel', alice.headers, { order_id: o.order_id })).json();
    expect(res.data).toMatchObject({ status: 'Cancelled', reason: 'Cancelled by the member' });
    expect(res.data.cancelled_at).not.toBeNull();
    const again = (await api('POST', '/funds/orders/cancel', alice.headers, { order_id: o.order_id })).json();
    expect(again.code).toBe(400);
    expect(again.msg).toMatch(/unpaid/);
    expect(
      (await api('POST', '/funds/orders/cancel', alice.headers, { order_id: '99999999' })).json().code,
    ).toBe(404);
  });
});

describe('payment ingestion', () => {
  it('confirms a matching payment: Processing, USDT in fund_subscribing, nav_day the next NAV day', async () => {
    const o = await subscribe(alice, '1000');
    const before = await balanceOf(s.ctx.db, {
      userId: alice.member.id,
      code: FUND_ACCOUNTS.subscribing,
      asset: 'USDT',
    });
    expect(await paid(o.order_id, alice.member.address, 1_000_000_000n)).toBe(1);
    const row = await orderRow(o.order_id);
    expect(row.status).toBe('Processing');
    expect(row.confirmedAt).not.toBeNull();
    // Not reported by the wallet: the hash of the paying transaction is kept from the event.
    expect(row.payTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(
      await balanceOf(s.ctx.db, { userId: alice.member.id, code: FUND_ACCOUNTS.subscribing, asset: 'USDT' }),
    ).toBe(before + 1_000_000_000n);
    const dto = (await api('GET', `/funds/orders/${o.order_id}`, alice.headers)).json().data;
    expect(dto).toMatchObject({ status: 'Processing', nav_day: dayOf(s.ctx.now()), can_redeem: false });
    expect(dto.paid_at).not.toBeNull();
    expect((await api('GET', `/funds/orders/${o.order_id}`, bob.headers)).json().code).toBe(404);
    const summary = (await api('GET', '/funds/summary', alice.headers)).json().data;
    expect(summary.processing_count).toBeGreaterThanOrEqual(1);
    // The money paid is counted as in progress until its NAV assigns units (not a holding of 0.00).
    expect(parseAmount(summary.in_progress_usdt, 6)).toBeGreaterThanOrEqual(1_000_000_000n);
  });

  it('credits nothing for a wrong payer, a wrong amount, an AGC amount or a cancelled order, and says why', async () => {
    const cases: Array<[string, () => Promise<string>, string]> = [];
    const wrongPayer = await subscribe(alice, '100');
    await paid(wrongPayer.order_id, bob.member.address, 100_000_000n);
    cases.push([wrongPayer.order_id, async () => 'Paid', 'another wallet']);
    const wrongAmount = await subscribe(alice, '100');
    await paid(wrongAmount.order_id, alice.member.address, 99_000_000n);
    cases.push([wrongAmount.order_id, async () => 'Paid', 'does not match']);
    const withAgc = await subscribe(alice, '100');
    await paid(withAgc.order_id, alice.member.address, 100_000_000n, 1n);
    cases.push([withAgc.order_id, async () => 'Paid', 'does not match']);
    const cancelled = await subscribe(alice, '100');
    await api('POST', '/funds/orders/cancel', alice.headers, { order_id: cancelled.order_id });
    await paid(cancelled.order_id, alice.member.address, 100_000_000n);
    cases.push([cancelled.order_id, async () => 'Cancelled', 'after the subscription was cancelled']);
    for (const [id, status, reason] of cases) {
      const dto = (await api('GET', `/funds/orders/${id}`, alice.headers)).json().data;
      expect(dto.status).toBe(await status());
      expect(dto.reason).toMatch(reason);
      const ledger = await s.ctx.db
        .select()
        .from(schema.ledgerTransfers)
        .where(eq(schema.ledgerTransfers.idempotencyKey, `fundorder:${id}:payment`));
      expect(ledger).toEqual([]);
    }
    // The admins see them: payments that arrived but were not credited, with the member's address.
    const { headers: adminHeaders } = await signUp(s, admin);
    const problems = (await api('GET', '/admin/funds/orders?payment_problem=true', adminHeaders)).json().data;
    expect(problems.list.map((o: Order) => o.order_id).sort()).toEqual(cases.map(([id]) => id).sort());
    expect(problems.list[0].address).toBe(alice.member.address);
    expect((await api('GET', '/admin/funds/orders?status=Paid', adminHeaders)).json().data.total).toBe(3);
    expect((await api('GET', '/admin/funds/orders', alice.headers)).json().code).toBe(403);
    const outcomes = await s.ctx.db.select({ outcome: schema.chainEvents.outcome }).from(schema.chainEvents);
    expect(outcomes.map((o) => o.outcome)).toEqual(
      expect.arrayContaining(['fund.payer_mismatch', 'fund.amount_mismatch', 'fund.paid_after_cancel']),
    );
  });

  it('applies the same event once', async () => {
    const o = await subscribe(alice, '100');
    const event = {
      txHash: randomHex(32),
      logIndex: 3,
      blockNumber: 2n,
      blockHash: randomHex(32),
      onChainId: FUND_ORDER_TAG | BigInt(o.order_id),
      payer: alice.member.address,
      usdtAmount: 100_000_000n,
      agcAmount: 0n,
    };
    expect(await s.ctx.db.transaction((tx) => ingestFundPaidEvents(s.ctx, tx, [event, event]))).toBe(1);
    expect(await s.ctx.db.transaction((tx) => ingestFundPaidEvents(s.ctx, tx, [event]))).toBe(0);
    expect((await orderRow(o.order_id)).status).toBe('Processing');
  });
});

describe('expiry', () => {
  it('cancels UnPaid orders after quote expiry plus grace, and gives back Paid reports never confirmed', async () => {
    const stale = await subscribe(bob, '100');
    const reported = await subscribe(bob, '100');
    const reportedLate = await subscribe(bob, '100');
    const now = s.ctx.now();
    const { reportTtlMs, expiryGraceMs } = s.ctx.config.shop;
    await s.ctx.db
      .update(schema.fundOrders)
      .set({ quoteExpiresAt: new Date(now.getTime() - expiryGraceMs - 1000) })
      .where(eq(schema.fundOrders.id, BigInt(stale.order_id)));
    // Reported long ago, quote still valid → UnPaid again; quote gone → Cancelled.
    await s.ctx.db
      .update(schema.fundOrders)
      .set({ status: 'Paid', payTxHash: randomHex(32), paidAt: new Date(now.getTime() - reportTtlMs - 1000) })
      .where(eq(schema.fundOrders.id, BigInt(reported.order_id)));
    await s.ctx.db
      .update(schema.fundOrders)
      .set({
        status: 'Paid',
        payTxHash: randomHex(32),
        paidAt: new Date(now.getTime() - reportTtlMs - 1000),
        quoteExpiresAt: new Date(now.getTime() - 1000),
      })
      .where(eq(schema.fundOrders.id, BigInt(reportedLate.order_id)));
    const r = await expireFundOrders(s.ctx);
    expect(r.cancelled).toBeGreaterThanOrEqual(1);
    expect(r.returned).toBe(2);
    expect(await orderRow(stale.order_id)).toMatchObject({ status: 'Cancelled', reason: 'quote_expired' });
    expect(await orderRow(reported.order_id)).toMatchObject({
      status: 'UnPaid',
      payTxHash: null,
      reason: 'report_expired',
    });
    expect(await orderRow(reportedLate.order_id)).toMatchObject({
      status: 'Cancelled',
      reason: 'report_expired',
    });
    // Nothing more to do on a second run.
    expect(await expireFundOrders(s.ctx)).toEqual({ cancelled: 0, returned: 0 });
  });

  it('never gives back a Paid order whose payment event is on record', async () => {
    const o = await subscribe(bob, '100');
    await paid(o.order_id, alice.member.address, 100_000_000n); // wrong payer: recorded, not credited
    await s.ctx.db
      .update(schema.fundOrders)
      .set({ status: 'Paid', payTxHash: randomHex(32), paidAt: new Date(0) })
      .where(eq(schema.fundOrders.id, BigInt(o.order_id)));
    await expireFundOrders(s.ctx);
    expect((await orderRow(o.order_id)).status).toBe('Paid');
  });
});

describe('holdings and redemptions', () => {
  let holding: string;
  let adminHolding: string;

  it('a published NAV makes Processing orders holdings with every field', async () => {
    const o = await subscribe(alice, '1000');
    await paid(o.order_id, alice.member.address, 1_000_000_000n);
    holding = o.order_id;
    const adm = await adminUser();
    const { headers } = await signUp(s, admin);
    const a = (await api('POST', '/funds/orders', headers, { product_id: fundId, amount: '100' })).json()
      .data;
    await paid(a.order_id, admin.address, 100_000_000n);
    adminHolding = a.order_id;
    await publishNav(s.ctx, adm, fundId, dayOf(s.ctx.now()), '1.25');
    const dto = (await api('GET', `/funds/orders/${holding}`, alice.headers)).json().data;
    // 1000 − 1.5 % fee = 985 USDT at 1.25 → 788 units.
    expect(dto).toMatchObject({
      status: 'Subscription',
      fee_usdt: '15',
      units: '788',
      units_held: '788',
      units_redeeming: '0',
      unit_nav: '1.25',
      current_nav: '1.25',
      value_usdt: '985',
      cost_usdt: '1000',
      estimated_revenue_usdt: '-15',
      realized_revenue_usdt: '0',
      lock_days: 7,
      nav_day: null,
      can_redeem: false,
    });
    expect(Date.parse(dto.lock_ends_at)).toBeGreaterThan(s.ctx.now().getTime());
    const list = (await api('GET', '/funds/orders?status=Subscription', alice.headers)).json().data;
    expect(list.list.map((x: Order) => x.order_id)).toContain(holding);
    expect(list.list.every((x: Order) => x.status === 'Subscription')).toBe(true);
    const summary = (await api('GET', '/funds/summary', alice.headers)).json().data;
    // Alice's earlier Processing orders were priced by the same NAV.
    const holdings = (
      await s.ctx.db.select().from(schema.fundOrders).where(eq(schema.fundOrders.userId, alice.member.id))
    ).filter((r) => r.status === 'Subscription');
    expect(summary.holding_count).toBe(holdings.length);
    expect(summary.cost_usdt).toBe(String(holdings.reduce((a, r) => a + r.costUsdt, 0n) / 1_000_000n));
  });

  it('refuses redemption before lock end, nothing changed', async () => {
    const res = (
      await api('POST', '/funds/redemptions', alice.headers, { order_id: holding, units: '1' })
    ).json();
    expect(res.code).toBe(400);
    expect(res.msg).toMatch(/locked until/);
    expect((await orderRow(holding)).unitsFree).toBe(788_000_000n);
  });

  it('after lock end: refuses bad units, someone else’s order, more than held, a non-holding', async () => {
    s.advance(8 * DAY);
    const bad: Array<[Record<string, string>, unknown, number, RegExp]> = [
      [alice.headers, { order_id: holding, units: '0' }, 400, /above zero/],
      [alice.headers, { order_id: holding, units: 'abc' }, 400, /units/],
      [alice.headers, { order_id: holding, units: '1.1234567' }, 400, /at most 6 decimals/],
      [alice.headers, { order_id: holding, units: ' 1' }, 400, /valid number of units/],
      [alice.headers, { order_id: holding, units: '01' }, 400, /valid number of units/],
      [alice.headers, { order_id: holding, units: '788.000001' }, 400, /at most 788 units/],
      [bob.headers, { order_id: holding, units: '1' }, 404, /not found/],
      [alice.headers, { order_id: '99999999', units: '1' }, 404, /not found/],
    ];
    for (const [h, payload, code, msg] of bad) {
      const res = (await api('POST', '/funds/redemptions', h, payload)).json();
      expect(res.code, JSON.stringify(payload)).toBe(code);
      expect(res.msg).toMatch(msg);
    }
    const unpaid = await subscribe(alice, '100');
    const res = (
      await api('POST', '/funds/redemptions', alice.headers, { order_id: unpaid.order_id, units: '1' })
    ).json();
    expect(res).toMatchObject({ code: 400 });
    expect(res.msg).toMatch(/no units/);
    expect(await s.ctx.db.select().from(schema.fundRedemptions)).toEqual([]);
    expect((await orderRow(holding)).unitsFree).toBe(788_000_000n);
  });

  let first: string;
  let second: string;

  it('takes units into Pending redemptions with their queue place and NAV day', async () => {
    const dto = (await api('GET', `/funds/orders/${holding}`, alice.headers)).json().data;
    expect(dto.can_redeem).toBe(true);
    const a = (
      await api('POST', '/funds/redemptions', alice.headers, { order_id: holding, units: '100.5' })
    ).json();
    expect(a.data).toMatchObject({
      order_id: holding,
      status: 'Pending',
      units: '100.5',
      queue_place: 1,
      nav_day: dayOf(s.ctx.now()),
      receiving_account: 'available',
      nav: null,
      amount_usdt: null,
    });
    first = a.data.redemption_id;
    const b = (
      await api('POST', '/funds/redemptions', alice.headers, { order_id: holding, units: '200' })
    ).json();
    expect(b.data.queue_place).toBe(2);
    second = b.data.redemption_id;
    const row = await orderRow(holding);
    expect([row.status, row.unitsFree, row.unitsRedeeming]).toEqual([
      'Redemption',
      487_500_000n,
      300_500_000n,
    ]);
    const units = (code: string) =>
      balanceOf(s.ctx.db, { userId: alice.member.id, code: code as never, asset: fundAsset(fundId) });
    const others = (
      await s.ctx.db.select().from(schema.fundOrders).where(eq(schema.fundOrders.userId, alice.member.id))
    )
      .filter((r) => r.id !== BigInt(holding))
      .reduce((a, r) => a + r.unitsFree, 0n);
    expect(await units(FUND_ACCOUNTS.units)).toBe(487_500_000n + others);
    expect(await units(FUND_ACCOUNTS.unitsRedeeming)).toBe(300_500_000n);
    const detail = (await api('GET', `/funds/orders/${holding}`, alice.headers)).json().data;
    expect(detail.redemptions.map((r: { redemption_id: string }) => r.redemption_id)).toEqual([
      second,
      first,
    ]);
    expect(detail.redeem_date).not.toBeNull();
    // Held and redeeming units both count in the value: 788 × 1.25.
    expect(detail.value_usdt).toBe('985');
    const list = (
      await api('GET', `/funds/redemptions?order_id=${holding}&status=Pending`, alice.headers)
    ).json();
    expect(list.data.total).toBe(2);
    expect((await api('GET', '/funds/redemptions', bob.headers)).json().data.total).toBe(0);
  });

  it('cancels a Pending redemption once: units back, the next one moves up the queue', async () => {
    expect(
      (await api('POST', '/funds/redemptions/cancel', bob.headers, { redemption_id: first })).json().code,
    ).toBe(404);
    const res = (
      await api('POST', '/funds/redemptions/cancel', alice.headers, { redemption_id: first })
    ).json();
    expect(res.data).toMatchObject({ status: 'Cancelled', queue_place: null, nav_day: null });
    const again = (
      await api('POST', '/funds/redemptions/cancel', alice.headers, { redemption_id: first })
    ).json();
    expect(again.code).toBe(400);
    const row = await orderRow(holding);
    expect([row.status, row.unitsFree, row.unitsRedeeming]).toEqual([
      'Redemption',
      588_000_000n,
      200_000_000n,
    ]);
    const list = (await api('GET', '/funds/redemptions?status=Pending', alice.headers)).json().data.list;
    expect(list.map((r: { queue_place: number }) => r.queue_place)).toEqual([1]);
  });

  it('admins: list with address, never their own, reject gives units back, approve then NAV completes', async () => {
    const { headers: adminHeaders } = await signUp(s, admin);
    expect((await api('GET', '/admin/funds/redemptions', alice.headers)).json().code).toBe(403);
    expect(
      (await api('POST', '/admin/funds/redemptions/approve', alice.headers, { redemption_id: second })).json()
        .code,
    ).toBe(403);
    const queue = (await api('GET', '/admin/funds/redemptions', adminHeaders)).json().data;
    expect(queue.list).toHaveLength(1);
    expect(queue.list[0]).toMatchObject({ redemption_id: second, address: alice.member.address });

    const own = (
      await api('POST', '/funds/redemptions', adminHeaders, { order_id: adminHolding, units: '10' })
    ).json();
    expect(own.code).toBe(200);
    const refused = (
      await api('POST', '/admin/funds/redemptions/approve', adminHeaders, {
        redemption_id: own.data.redemption_id,
      })
    ).json();
    expect(refused.code).toBe(403);
    expect(refused.msg).toMatch(/your own/);
    expect(
      (
        await api('POST', '/admin/funds/redemptions/reject', adminHeaders, {
          redemption_id: own.data.redemption_id,
        })
      ).json().code,
    ).toBe(403);

    // Alice asks for a third one, which the admin rejects: the units are free again.
    const third = (
      await api('POST', '/funds/redemptions', alice.headers, { order_id: holding, units: '50' })
    ).json();
    const rejected = (
      await api('POST', '/admin/funds/redemptions/reject', adminHeaders, {
        redemption_id: third.data.redemption_id,
        note: 'documents missing',
      })
    ).json();
    expect(rejected.data).toMatchObject({ status: 'Rejected', audit_note: 'documents missing' });
    expect(
      (
        await api('POST', '/funds/redemptions/cancel', alice.headers, {
          redemption_id: third.data.redemption_id,
        })
      ).json().code,
    ).toBe(400);

    const approved = (
      await api('POST', '/admin/funds/redemptions/approve', adminHeaders, {
        redemption_id: second,
        note: 'ok',
      })
    ).json();
    expect(approved.data).toMatchObject({ status: 'Approved', queue_place: 1 });
    expect(approved.data.audited_at).not.toBeNull();
    expect(
      (await api('POST', '/admin/funds/redemptions/approve', adminHeaders, { redemption_id: second })).json()
        .code,
    ).toBe(400);
    expect(
      (await api('POST', '/funds/redemptions/cancel', alice.headers, { redemption_id: second })).json().code,
    ).toBe(400);
    const audits = await s.ctx.db.select().from(schema.auditLog);
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['fund.redemption.approve', 'fund.redemption.reject']),
    );

    const row = await orderRow(holding);
    expect([row.unitsFree, row.unitsRedeeming]).toEqual([588_000_000n, 200_000_000n]);

    // The next NAV completes the approved one: 200 units × 1.30 = 260, fee 0.5 % = 1.3 → 258.7 available.
    const available = () =>
      balanceOf(s.ctx.db, { userId: alice.member.id, code: FUND_ACCOUNTS.memberAvailable, asset: 'USDT' });
    const before = await available();
    await publishNav(s.ctx, await adminUser(), fundId, dayOf(s.ctx.now()), '1.3');
    expect((await available()) - before).toBe(258_700_000n);
    const done = (
      await api('GET', `/funds/redemptions?order_id=${holding}&status=Completed`, alice.headers)
    ).json();
    expect(done.data.list[0]).toMatchObject({
      status: 'Completed',
      nav: '1.3',
      gross_usdt: '260',
      fee_usdt: '1.3',
      amount_usdt: '258.7',
      queue_place: null,
    });
    const after = (await api('GET', `/funds/orders/${holding}`, alice.headers)).json().data;
    expect(after).toMatchObject({ units_held: '588', units_redeeming: '0' });
    expect(after.arrival_date).not.toBeNull();
  });

  it('the ledger checks out', async () => {
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });
});
