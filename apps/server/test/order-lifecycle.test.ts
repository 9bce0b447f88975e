import { transferAbi } from '@agc/contracts';
import { schema } from '@agc/db';
import { defined } from '@agc/shared/defined';
import type { AppContext } from '@server/context.ts';
import { createChainWatcher } from '@server/jobs/index.ts';
import { type ChainWatcher, PAYMENTS_STREAM } from '@server/modules/chain/index.ts';
import { checkLedger } from '@server/modules/ledger/index.ts';
import { grantRole } from '@server/modules/members/index.ts';
import { ingestPaidEvents, paidEvents, seedProducts } from '@server/modules/shop/index.ts';
import { applyPendingTeamVolume } from '@server/modules/team/index.ts';
import { and, eq } from 'drizzle-orm';
import { decodeFunctionData, encodeFunctionData, erc20Abi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainMember, type ChainServer, joinFunded, startChainServer } from './chain.ts';
import type { ApiJson } from './helpers.ts';
import { randomHex, syntheticPaid } from './helpers.ts';

const USDT = 10n ** 6n;
const AGC = 10n ** 18n;

type Member = ChainMember;

let s: ChainServer;
let root: Member;
let alice: Member;
let bob: Member;
let carol: Member;
let auditor: Member;
let watcher: ChainWatcher;

const api = async (method: 'GET' | 'POST', url: string, m?: Member, payload?: unknown) => {
  const res = await s.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: m?.headers,
    payload: payload as never,
  });
  return res.json() as ApiJson;
};

const join = (inviter: Member | null, side: 'left' | 'right' = 'left') =>
  joinFunded(s, inviter, { usdt: 100_000n * USDT, agc: 100_000n * AGC }, side);

/**
 * One server-built step as the app sends it: an approval over a non-zero allowance that is too small goes through
 * the step's reset first (USDT, as Tether's token, refuses approve from non-zero to non-zero).
 */
async function sendStep(m: Member, url: string, orderId: string): Promise<`0x${string}`> {
  const step = await api('GET', `${url}${orderId}`, m);
  expect(step.code, step.msg).toBe(200);
  if (step.data.reset_tx) {
    const allowance = await s.publicClient.readContract({
      address: step.data.tx.to,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [m.account.address, s.ctx.chain.contracts.transfer],
    });
    if (allowance > 0n && allowance < BigInt(step.data.amount)) await s.send(m.account, step.data.reset_tx);
  }
  return s.send(m.account, step.data.tx);
}

/** The member's whole payment as the app does it: create, the three server-built transactions, report. */
async function buy(m: Member, productId = 1) {
  const order = (await api('POST', '/order', m, { product_id: productId })).data;
  let hash = '0x' as `0x${string}`;
  for (const url of ['/order/approve/agc/', '/order/approve/usdt/', '/order/tx/'])
    hash = await sendStep(m, url, order.order_id);
  const reported = await api('POST', '/order/pay', m, { order_id: order.order_id, tx_hash: hash });
  expect(reported.data.status).toBe('Verifying');
  return { orderId: order.order_id as string, hash };
}

/**
 * Approves and calls pay() from any account with any amounts and quote (not through the server's
 * transactions): what an attacker can send. Returns the receipt's status.
 */
async function payDirect(
  from: Member,
  orderId: bigint,
  usdt: bigint,
  agc: bigint,
  quote: { deadline: bigint; signature: `0x${string}` } = { deadline: 2n ** 40n, signature: '0x' },
) {
  const { contracts } = s.ctx.chain;
  await s.call(
    from.account,
    contracts.agc,
    encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [contracts.transfer, agc] }),
  );
  // USDT as Tether: to 0 first, then to the amount.
  for (const value of [0n, usdt])
    await s.call(
      from.account,
      contracts.usdt,
      encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [contracts.transfer, value] }),
    );
  const hash = await s.call(
    from.account,
    contracts.transfer,
    encodeFunctionData({
      abi: transferAbi,
      functionName: 'pay',
      args: [orderId, usdt, agc, quote.deadline, quote.signature],
    }),
  );
  return { hash, status: (await s.publicClient.getTransactionReceipt({ hash })).status };
}

/** The quote the server signed into an order's pay step (deadline and signature), as its member got it. */
async function quoteOf(m: Member, orderId: string) {
  const tx = (await api('GET', `/order/tx/${orderId}`, m)).data.tx;
  const { args } = decodeFunctionData({ abi: transferAbi, data: tx.data });
  return { tx, deadline: args[3] as bigint, signature: args[4] as `0x${string}` };
}

/** A payment event as the watcher would read it, for the server-side checks the contract now makes unreachable. */
const order = async (m: Member, id: string) => (await api('GET', `/order/${id}`, m)).data;
const me = async (m: Member) => (await api('GET', '/me', m)).data;
const settle = async () => {
  await watcher.catchUp();
  await applyPendingTeamVolume(s.ctx);
};

beforeAll(async () => {
  s = await startChainServer({
    AGC_PRICE_USDT: '0.5',
    ORDER_FEE_PERCENT: '5',
    VC_RATE_PERCENT: '20',
    // A short lease: the restart test waits for a dead watcher's lease to run out.
    JOB_LEASE_SECONDS: '2',
  });
  await seedProducts(s.ctx.db);
  root = await join(null);
  alice = await join(root, 'left');
  bob = await join(root, 'right');
  carol = await join(alice, 'left');
  auditor = await join(root, 'right');
  await grantRole(s.ctx.db, auditor.id, 'auditor', root.id);
  watcher = createChainWatcher(s.ctx);
}, 60_000);
afterAll(() => s.close());

describe('order life cycle on the real contracts', () => {
  it('confirms a payment: Success, investment, dividend cap, the inviter’s referral cut by its cap, team volume', async () => {
    const { orderId, hash } = await buy(alice);
    expect((await order(alice, orderId)).reason).toBe('Waiting for the payment to be confirmed on chain');
    await settle();
    const o = await order(alice, orderId);
    expect([o.status, o.tx_hash, o.amount_received_usdt, o.reason]).toEqual(['Success', hash, '100', null]);
    expect(o.collection_time).not.toBeNull();
    expect(o.transaction_id).toMatch(/^\d+$/);
    expect(await me(alice)).toMatchObject({
      investment_sum: '100',
      fixed_invest_amount_usdt: '100',
      fixed_invest_amount_amc: '10',
      remaining_dividends: '300',
      level: 1,
      dividend_rate: '0.2',
      day_top_profit: '100',
    });
    // Root invited alice but has invested nothing: its remaining dividends (0) cut the whole 10.
    const [reward] = await s.ctx.db
      .select()
      .from(schema.rewards)
      .where(eq(schema.rewards.ref, `order:${orderId}`));
    expect(reward).toMatchObject({
      userId: root.id,
      kind: 'referral',
      due: 10n * USDT,
      cut: 10n * USDT,
      cutReason: 'remaining_dividends',
      creditedUsdt: 0n,
    });
    expect(await me(root)).toMatchObject({
      available_profit: '0',
      profit_sum: '0',
      left_team_investment: '100',
      right_team_investment: '0',
      month_team_invest: '100',
      invited_count_valid: 1,
    });
  });

  it('credits the inviter’s referral (vc share in AGC) from its remaining dividends, and every ancestor’s side', async () => {
    const { orderId } = await buy(carol);
    await settle();
    expect((await order(carol, orderId)).status).toBe('Success');
    // 10 % of 100 = 10: 2 (20 %) as 4 AGC at 0.5, 8 in USDT; alice's remaining 300 → 290.
    expect(await me(alice)).toMatchObject({
      available_profit: '8',
      withdrawable_usdt: '8',
      withdrawable_vc: '4',
      profit_sum: '10',
      today_profit: '8',
      today_profit_amc: '4',
      remaining_dividends: '290',
      left_team_investment: '100',
    });
    expect(await me(root)).toMatchObject({ left_team_investment: '200', right_team_investment: '0' });
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });

  it('refuses on chain any pay without the server’s quote: a future order id, changed amounts, another payer', async () => {
    const created = (await api('POST', '/order', bob, { product_id: 1 })).data;
    const id = BigInt(created.order_id);
    const { deadline, signature } = await quoteOf(bob, created.order_id);
    // The griefing of the review: 1 unit for an order id, an existing one or one not created yet.
    expect((await payDirect(carol, id, 1n, 0n)).status).toBe('reverted');
    expect((await payDirect(carol, id + 1000n, 1n, 0n)).status).toBe('reverted');
    // Bob's own quote, with other amounts, or sent by someone else.
    expect((await payDirect(bob, id, 1n, 0n, { deadline, signature })).status).toBe('reverted');
    expect((await payDirect(carol, id, 100n * USDT, 10n * AGC, { deadline, signature })).status).toBe(
      'reverted',
    );
    await settle();
    expect((await order(bob, created.order_id)).status).toBe('Unpaid');
    // Nothing was used up: bob pays his order as quoted.
    let hash = '0x' as `0x${string}`;
    for (const url of ['/order/approve/agc/', '/order/approve/usdt/', '/order/tx/'])
      hash = await sendStep(bob, url, created.order_id);
    expect((await s.publicClient.getTransactionReceipt({ hash })).status).toBe('success');
    await api('POST', '/order/pay', bob, { order_id: created.order_id, tx_hash: hash });
    await settle();
    expect((await order(bob, created.order_id)).status).toBe('Success');
    expect((await me(bob)).investment_sum).toBe('100');
  });

  it('still checks every event itself: a wrong amount stays Verifying with the reason, credits nothing; the auditor cannot confirm it, can cancel it', async () => {
    // The contract makes such an event impossible; the server does not rely on it (another contract
    // version, a misconfigured address): the event is fed to ingestion as the watcher would.
    const created = (await api('POST', '/order', bob, { product_id: 1 })).data;
    await s.ctx.db.transaction((tx) =>
      ingestPaidEvents(s.ctx, tx, [
        syntheticPaid(BigInt(created.order_id), bob.account.address, 99n * USDT, 10n * AGC),
      ]),
    );
    const o = await order(bob, created.order_id);
    expect([o.status, o.reason]).toEqual([
      'Verifying',
      'The amounts paid do not match the order’s quote'.replace('’', "'"),
    ]);
    expect((await me(bob)).investment_sum).toBe('100');
    const listed = await api('GET', '/admin/orders?status=Verifying', auditor);
    expect(listed.data.list.map((x: { order_id: string }) => x.order_id)).toContain(created.order_id);
    const refused = await api('POST', `/admin/orders/${created.order_id}/confirm`, auditor, {
      note: 'looks fine',
    });
    expect([refused.code, refused.msg]).toEqual([
      400,
      'No payment covering this order has been read on chain, so it cannot be confirmed',
    ]);
    expect((await api('POST', `/admin/orders/${created.order_id}/cancel`, auditor, { note: '' })).code).toBe(
      400,
    );
    const canceled = await api('POST', `/admin/orders/${created.order_id}/cancel`, auditor, {
      note: 'refund 99 USDT off chain',
    });
    expect([canceled.data.status, canceled.data.reason]).toEqual([
      'Canceled',
      'Canceled by an auditor: refund 99 USDT off chain',
    ]);
    const log = await s.ctx.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.target, `order:${created.order_id}`));
    expect(
      log.map((l) => [
        l.action,
        l.actorId,
        (l.before as { status: string }).status,
        (l.after as { status: string }).status,
      ]),
    ).toEqual([['order.cancel', auditor.id, 'Verifying', 'Canceled']]);
    expect((await me(bob)).investment_sum).toBe('100');
  });

  it('accepts a payment report only when its receipt pays that order; a refused report changes nothing', async () => {
    const mine = (await api('POST', '/order', bob, { product_id: 1 })).data;
    const refusal = async (hash: string) => {
      const res = await api('POST', '/order/pay', bob, { order_id: mine.order_id, tx_hash: hash });
      return [res.code, res.msg];
    };
    // A hash that is on no chain.
    expect(await refusal(randomHex(32))).toEqual([
      400,
      'This transaction is not on the chain yet. Wait until it is mined, then report it again',
    ]);
    // Another member's real payment cannot be parked on bob's order.
    const { hash: carols } = await buy(carol);
    expect(await refusal(carols)).toEqual([400, 'This transaction does not pay this order']);
    // A transaction that failed on chain paid nothing.
    const { hash: failed } = await payDirect(bob, BigInt(mine.order_id), 1n, 0n);
    expect(await refusal(failed)).toEqual([400, 'This transaction failed on the chain: it paid nothing']);
    const o = await order(bob, mine.order_id);
    expect([o.status, o.tx_hash, o.pay_time]).toEqual(['Unpaid', null, null]);

    // Its own payment is taken once: Verifying; the same hash again is a no-op; another hash is refused.
    let hash = '0x' as `0x${string}`;
    for (const url of ['/order/approve/agc/', '/order/approve/usdt/', '/order/tx/'])
      hash = await sendStep(bob, url, mine.order_id);
    const first = (await api('POST', '/order/pay', bob, { order_id: mine.order_id, tx_hash: hash })).data;
    expect([first.status, first.tx_hash]).toEqual(['Verifying', hash]);
    const repeat = await api('POST', '/order/pay', bob, { order_id: mine.order_id, tx_hash: hash });
    expect(repeat.data.pay_time).toBe(first.pay_time);
    const changed = await api('POST', '/order/pay', bob, { order_id: mine.order_id, tx_hash: carols });
    expect(changed.code).toBe(400);
    expect((await order(bob, mine.order_id)).tx_hash).toBe(hash);
    await settle();
    expect((await order(bob, mine.order_id)).status).toBe('Success');
  });

  it('flags a payment that arrives after the member canceled; an auditor (not the member, not oneself) confirms it with a note', async () => {
    const paidAfterCancel = async (m: Member) => {
      const created = (await api('POST', '/order', m, { product_id: 1 })).data;
      const txs = [];
      for (const url of ['/order/approve/agc/', '/order/approve/usdt/', '/order/tx/'])
        txs.push((await api('GET', `${url}${created.order_id}`, m)).data.tx);
      await api('POST', '/order/cancel', m, { order_id: created.order_id });
      for (const tx of txs) await s.send(m.account, tx);
      await settle();
      return created.order_id as string;
    };
    const id = await paidAfterCancel(carol);
    const o = await order(carol, id);
    expect([o.status, o.reason]).toEqual(['Verifying', 'The payment arrived after the order was canceled']);
    const carolInvested = (await me(carol)).investment_sum;

    const member = await api('POST', `/admin/orders/${id}/confirm`, carol, { note: 'mine' });
    expect(member.code).toBe(403);
    const confirmed = await api('POST', `/admin/orders/${id}/confirm`, auditor, { note: 'paid in time' });
    expect([confirmed.data.status, confirmed.data.reason]).toEqual([
      'Success',
      'Confirmed by an auditor: paid in time',
    ]);
    expect(BigInt((await me(carol)).investment_sum)).toBe(BigInt(carolInvested) + 100n);
    const again = await api('POST', `/admin/orders/${id}/confirm`, auditor, { note: 'twice' });
    expect([again.code, again.msg]).toEqual([400, 'Only an order in Verifying can be audited']);
    const [log] = await s.ctx.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.target, `order:${id}`), eq(schema.auditLog.action, 'order.confirm')));
    expect(log?.after).toMatchObject({ status: 'Success', note: 'paid in time' });

    // Maker-checker: the auditor's own order needs another auditor.
    const own = await paidAfterCancel(auditor);
    const self = await api('POST', `/admin/orders/${own}/confirm`, auditor, { note: 'mine' });
    expect([self.code, self.msg]).toEqual([403, 'You cannot confirm your own order']);
    expect((await order(auditor, own)).status).toBe('Verifying');
  });

  it('ingests the same event once however often it is read', async () => {
    const before = await s.ctx.db.select().from(schema.ledgerTransfers);
    const logs = await s.publicClient.getLogs({
      address: s.ctx.chain.contracts.transfer,
      fromBlock: s.ctx.chain.startBlock,
    });
    const events = paidEvents(s.ctx, logs);
    expect(events.length).toBeGreaterThan(3);
    expect(await s.ctx.db.transaction((tx) => ingestPaidEvents(s.ctx, tx, events))).toBe(0);
    // A cursor moved back (a restored backup, an operator's mistake) reads everything again: nothing new.
    await s.ctx.db
      .update(schema.chainCursors)
      .set({ block: s.ctx.chain.startBlock - 1n })
      .where(eq(schema.chainCursors.name, PAYMENTS_STREAM));
    expect(await watcher.catchUp()).toBe(0);
    expect(await s.ctx.db.select().from(schema.ledgerTransfers)).toEqual(before);
  });

  it('survives an RPC failure and a watcher restart in the middle without missing or doubling a payment', async () => {
    const members = [alice, bob, carol];
    const paid = [];
    for (const m of members) paid.push({ m, ...(await buy(m)) });
    const invested = await Promise.all(members.map(async (m) => BigInt((await me(m)).investment_sum)));

    // The RPC goes away: the poll fails, the cursor stays.
    const [cursor] = await s.ctx.db.select().from(schema.chainCursors);
    const down: AppContext = { ...s.ctx, chain: { ...s.ctx.chain, rpcUrl: 'http://127.0.0.1:1' } };
    const broken = createChainWatcher(down);
    await watcher.release();
    await expect(broken.pollOnce()).rejects.toThrow();
    await broken.release();
    expect((await s.ctx.db.select().from(schema.chainCursors))[0]?.block).toBe(cursor?.block);

    // One small range, then the process dies holding the lease.
    const saved = s.ctx.config.watcher.maxBlockRange;
    s.ctx.config.watcher.maxBlockRange = 3;
    const first = createChainWatcher(s.ctx);
    const partial = await first.pollOnce();
    expect(partial.leader).toBe(true);
    s.ctx.config.watcher.maxBlockRange = saved;
    const successor = createChainWatcher(s.ctx);
    expect((await successor.pollOnce()).leader).toBe(false); // the dead one's lease still runs
    await new Promise((r) => setTimeout(r, 2100)); // the lease runs on the database's clock
    await successor.catchUp();
    await applyPendingTeamVolume(s.ctx);
    for (const [i, p] of paid.entries()) {
      expect((await order(p.m, p.orderId)).status).toBe('Success');
      expect(BigInt((await me(p.m)).investment_sum)).toBe(defined(invested[i]) + 100n);
    }
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
    watcher = successor;
  });

  it('rechecks an order on chain: a failed payment is not even a report; a real one is confirmed once', async () => {
    const created = (await api('POST', '/order', bob, { product_id: 1 })).data;
    // pay() without approvals reverts on chain.
    const payTx = (await api('GET', `/order/tx/${created.order_id}`, bob)).data.tx;
    for (const token of [s.ctx.chain.contracts.usdt, s.ctx.chain.contracts.agc])
      await s.call(
        bob.account,
        token,
        encodeFunctionData({
          abi: erc20Abi,
          functionName: 'approve',
          args: [s.ctx.chain.contracts.transfer, 0n],
        }),
      );
    const reverted = await s.send(bob.account, payTx);
    // A failed payment is not even taken as a report any more: the order stays Unpaid, out of the audit queue.
    const report = await api('POST', '/order/pay', bob, { order_id: created.order_id, tx_hash: reverted });
    expect(report.code).toBe(400);
    const r1 = await api('POST', `/admin/orders/${created.order_id}/recheck`, auditor, {});
    expect([r1.code, r1.msg]).toEqual([400, 'Only an order in Verifying can be audited']);

    const invested = BigInt((await me(carol)).investment_sum);
    const { orderId } = await buy(carol);
    const r2 = await api('POST', `/admin/orders/${orderId}/recheck`, auditor, {});
    expect(r2.data.status).toBe('Success');
    await watcher.catchUp(); // the watcher reads the same event later: nothing more
    expect(BigInt((await me(carol)).investment_sum)).toBe(invested + 100n);
    const actions = await s.ctx.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'order.recheck'));
    expect(actions).toHaveLength(1);
  });

  it('confirms a payment seen before the app reports it; the later report only adds the hash', async () => {
    const created = (await api('POST', '/order', alice, { product_id: 1 })).data;
    let hash = '0x' as `0x${string}`;
    for (const url of ['/order/approve/agc/', '/order/approve/usdt/', '/order/tx/'])
      hash = await sendStep(alice, url, created.order_id);
    await settle();
    const seen = await order(alice, created.order_id);
    expect([seen.status, seen.tx_hash]).toEqual(['Success', null]);
    expect(Date.parse(seen.pay_time)).toBeLessThanOrEqual(Date.parse(seen.collection_time));
    const reported = await api('POST', '/order/pay', alice, { order_id: created.order_id, tx_hash: hash });
    expect([reported.data.status, reported.data.tx_hash, reported.data.pay_time]).toEqual([
      'Success',
      hash,
      seen.pay_time,
    ]);
  });

  it('records a payment for an order that does not exist without touching any order', async () => {
    // Unreachable on chain now (no quote, no pay): fed as the watcher would read it.
    await s.ctx.db.transaction((tx) =>
      ingestPaidEvents(s.ctx, tx, [syntheticPaid(987_654_321n, bob.account.address, 1n * USDT, 1n)]),
    );
    const [event] = await s.ctx.db
      .select()
      .from(schema.chainEvents)
      .where(eq(schema.chainEvents.orderId, 987_654_321n));
    expect(event?.outcome).toBe('unknown_order');
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });

  it('pays with USDT as Tether behaves: over a small leftover allowance, the step’s reset goes first', async () => {
    const m = await join(root);
    const { contracts } = s.ctx.chain;
    const allowance = () =>
      s.publicClient.readContract({
        address: contracts.usdt,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [m.account.address, contracts.transfer],
      });
    // A leftover: 1 micro-USDT approved to the payment contract earlier.
    await s.call(
      m.account,
      contracts.usdt,
      encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [contracts.transfer, 1n] }),
    );
    expect(await allowance()).toBe(1n);
    const created = (await api('POST', '/order', m, { product_id: 1 })).data;
    await s.send(m.account, (await api('GET', `/order/approve/agc/${created.order_id}`, m)).data.tx);
    const usdtStep = (await api('GET', `/order/approve/usdt/${created.order_id}`, m)).data;
    const reset = decodeFunctionData({ abi: erc20Abi, data: usdtStep.reset_tx.data });
    expect(reset.functionName).toBe('approve');
    expect([reset.args?.[0]?.toLowerCase(), reset.args?.[1]]).toEqual([contracts.transfer, 0n]);
    expect(usdtStep.reset_tx).toMatchObject({ from: usdtStep.tx.from, to: usdtStep.tx.to, value: '0x0' });
    // Straight from 1 to the price: the token refuses, as Tether's does.
    const straight = await s.send(m.account, usdtStep.tx);
    expect((await s.publicClient.getTransactionReceipt({ hash: straight })).status).toBe('reverted');
    expect(await allowance()).toBe(1n);
    // Reset, then approve: the payment goes through and is confirmed.
    await s.send(m.account, usdtStep.reset_tx);
    expect(await allowance()).toBe(0n);
    await s.send(m.account, usdtStep.tx);
    expect(await allowance()).toBe(100n * USDT);
    const hash = await s.send(m.account, (await api('GET', `/order/tx/${created.order_id}`, m)).data.tx);
    expect(
      (await api('POST', '/order/pay', m, { order_id: created.order_id, tx_hash: hash })).data.status,
    ).toBe('Verifying');
    await settle();
    expect((await order(m, created.order_id)).status).toBe('Success');
  });
});
