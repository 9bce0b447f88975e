import { localChain } from '@agc/contracts';
import { schema } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { createChainWatcher } from '@server/jobs/index.ts';
import { type ChainWatcher, ReorgDuringRead } from '@server/modules/chain/index.ts';
import { checkLedger } from '@server/modules/ledger/index.ts';
import { grantRole } from '@server/modules/members/index.ts';
import { expireReports, seedProducts } from '@server/modules/shop/index.ts';
import { eq } from 'drizzle-orm';
import { createWalletClient, type Hash, http } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ChainMember, type ChainServer, joinFunded, startChainServer } from './chain.ts';

/**
 * Finality and reorganisations on anvil: snapshot and revert give the chain a different block
 * at the same height. Credits happen only at finality (CHAIN_CONFIRMATIONS=3 here), every event's block is
 * checked again before anything is credited, and a reorg below the cursor (deeper than the finality
 * waited for) rewinds it: nothing is credited twice, nothing that vanished before finality is credited.
 */
const USDT = 10n ** 6n;
const AGC = 10n ** 18n;
const CONFIRMATIONS = 3;

type Member = ChainMember;

let s: ChainServer;
let root: Member;
let auditor: Member;
let m: Member;
let watcher: ChainWatcher;

const api = async (method: 'GET' | 'POST', url: string, who: Member, payload?: unknown) =>
  (
    await s.app.inject({ method, url: `/api/v1${url}`, headers: who.headers, payload: payload as never })
  ).json();

const join = (inviter: Member | null) => joinFunded(s, inviter, { usdt: 10_000n * USDT, agc: 10_000n * AGC });

/** An order with both approvals mined; returns it and its signed pay transaction (not sent). */
async function approvedOrder(who: Member) {
  const order = (await api('POST', '/order', who, { product_id: 1 })).data;
  for (const url of ['/order/approve/agc/', '/order/approve/usdt/'])
    await s.send(who.account, (await api('GET', `${url}${order.order_id}`, who)).data.tx);
  const pay = (await api('GET', `/order/tx/${order.order_id}`, who)).data.tx;
  return { id: order.order_id as string, pay };
}

const order = async (id: string) => (await api('GET', `/order/${id}`, m)).data;
const investment = async (who: Member) => BigInt((await api('GET', '/me', who)).data.investment_sum);
const eventsOf = (id: string) =>
  s.ctx.db
    .select()
    .from(schema.chainEvents)
    .where(eq(schema.chainEvents.orderId, BigInt(id)));

beforeAll(async () => {
  s = await startChainServer({
    CHAIN_CONFIRMATIONS: String(CONFIRMATIONS),
    ORDER_REPORT_TTL_MINUTES: '5',
  });
  await seedProducts(s.ctx.db);
  root = await join(null);
  auditor = await join(root);
  await grantRole(s.ctx.db, auditor.id, 'auditor', root.id);
  m = await join(root);
  watcher = createChainWatcher(s.ctx);
}, 60_000);
afterAll(() => s.close());
beforeEach(async () => {
  await watcher.catchUp();
});

describe('finality and reorgs on anvil', () => {
  it('a payment whose block is replaced before finality is never credited; the report is given back, the order paid again once', async () => {
    const before = await investment(m);
    const { id, pay } = await approvedOrder(m);
    const snapshot = await s.testClient.snapshot();
    const hash = await s.send(m.account, pay);
    // The member reports it (the receipt exists and pays the order): Verifying, not credited.
    expect((await api('POST', '/order/pay', m, { order_id: id, tx_hash: hash })).data.status).toBe(
      'Verifying',
    );
    await s.mine(CONFIRMATIONS - 2); // one block short of final
    await watcher.catchUp();
    expect((await order(id)).status).toBe('Verifying');

    // The chain reorganises: another block at the payment's height, and the payment is gone.
    await s.reorg(snapshot, CONFIRMATIONS + 1);
    expect(await s.publicClient.getTransactionReceipt({ hash }).catch(() => null)).toBeNull();
    await watcher.catchUp();
    expect((await order(id)).status).toBe('Verifying');
    expect(await eventsOf(id)).toEqual([]);
    expect(await investment(m)).toBe(before);

    // Never confirmed within ORDER_REPORT_TTL_MINUTES: the order is the member's again (the quote holds).
    s.advance(5 * 60_000 + 1000);
    try {
      expect(await expireReports(s.ctx.db, s.ctx.now(), s.ctx.config.shop.reportTtlMs)).toBe(1);
    } finally {
      s.advance(-(5 * 60_000 + 1000));
    }
    const back = await order(id);
    expect([back.status, back.tx_hash, back.reason]).toEqual([
      'Unpaid',
      null,
      'The reported payment was never confirmed on the chain; the order is back in your hands',
    ]);
    // The allowances were reverted with the block: approve again, pay, and it counts once.
    for (const url of ['/order/approve/agc/', '/order/approve/usdt/', '/order/tx/'])
      await s.send(m.account, (await api('GET', `${url}${id}`, m)).data.tx);
    await s.mine(CONFIRMATIONS);
    await watcher.catchUp();
    expect((await order(id)).status).toBe('Success');
    expect(await investment(m)).toBe(before + 100n);
  });

  it('a block replaced while the watcher reads its logs aborts the poll: nothing of it is credited', async () => {
    const before = await investment(m);
    const { id, pay } = await approvedOrder(m);
    const snapshot = await s.testClient.snapshot();
    await s.send(m.account, pay);
    await s.mine(CONFIRMATIONS - 1); // final now
    let reorged = false;
    const racing = createChainWatcher(s.ctx, {
      afterRead: async (logs) => {
        if (reorged || logs.length === 0) return;
        reorged = true;
        // Between the read and the crediting, the chain replaces those blocks.
        await s.reorg(snapshot, CONFIRMATIONS + 1);
      },
    });
    await watcher.release();
    await expect(racing.catchUp()).rejects.toBeInstanceOf(ReorgDuringRead);
    expect(reorged).toBe(true);
    expect(await eventsOf(id)).toEqual([]);
    // The next polls read the chain as it is: the payment is not on it.
    await racing.catchUp();
    await racing.release();
    expect((await order(id)).status).toBe('Unpaid');
    expect(await investment(m)).toBe(before);
    await s.ctx.db
      .update(schema.orders)
      .set({ status: 'Canceled' })
      .where(eq(schema.orders.id, BigInt(id)));
  });

  it('a reorg below the cursor rewinds it: a payment mined again counts once, the event is not orphaned', async () => {
    const before = await investment(m);
    const { id, pay } = await approvedOrder(m);
    const snapshot = await s.testClient.snapshot();
    // Signed once, so the very same transaction can be mined again after the reorg.
    const wallet = createWalletClient({
      account: m.account,
      transport: http(s.anvil.url),
      chain: localChain(42161, s.anvil.url),
    });
    const request = await wallet.prepareTransactionRequest({ to: pay.to, data: pay.data, gas: 500_000n });
    const raw = await wallet.signTransaction(request);
    const hash = await wallet.sendRawTransaction({ serializedTransaction: raw });
    await s.publicClient.waitForTransactionReceipt({ hash });
    await s.mine(CONFIRMATIONS);
    await watcher.catchUp();
    expect((await order(id)).status).toBe('Success');
    expect(await investment(m)).toBe(before + 100n);
    const [first] = await eventsOf(id);

    // A reorg deeper than the confirmations (it should not happen with real finality): the block that held
    // the payment is replaced; the same signed payment is mined again one block later.
    await s.testClient.revert({ id: snapshot });
    await s.mine(1);
    await s.publicClient.waitForTransactionReceipt({
      hash: await wallet.sendRawTransaction({ serializedTransaction: raw }),
    });
    await s.mine(CONFIRMATIONS + 1);
    const r = await watcher.pollOnce();
    expect(r.reorg).toBeDefined();
    await watcher.catchUp();

    const [again] = await eventsOf(id);
    expect(again?.id).toBe(first?.id); // the same event, never stored twice
    expect(again?.blockHash).not.toBe(first?.blockHash); // now in its new block
    expect(again?.orphanedAt).toBeNull(); // it is on the chain again
    expect(await investment(m)).toBe(before + 100n); // counted once
    // The rewind opened a chain incident for the credited payment; mined again, it settled itself.
    const incidents = await s.ctx.db
      .select({ status: schema.chainIncidents.status })
      .from(schema.chainIncidents)
      .where(eq(schema.chainIncidents.chainEventId, defined(again).id));
    expect(incidents).toEqual([{ status: 'remined' }]);
    expect((await order(id)).disputed).toBe(false);
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });

  it('a payment credited and then reorged away entirely is flagged orphaned for an auditor; nothing is credited again', async () => {
    const before = await investment(m);
    const { id, pay } = await approvedOrder(m);
    const snapshot = await s.testClient.snapshot();
    await s.send(m.account, pay);
    await s.mine(CONFIRMATIONS);
    await watcher.catchUp();
    expect(await investment(m)).toBe(before + 100n);
    await s.reorg(snapshot, CONFIRMATIONS + 2);
    const r = await watcher.pollOnce();
    expect(r.reorg?.orphaned).toBeGreaterThanOrEqual(1);
    await watcher.catchUp();
    const [event] = await eventsOf(id);
    expect(event?.orphanedAt).not.toBeNull();
    // The journal is never rewritten behind anyone's back: a chain incident disputes it until an admin decides
    // (incidents-reorg.test.ts).
    expect(await investment(m)).toBe(before + 100n);
    expect((await order(id)).disputed).toBe(true);
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });

  it('an auditor’s recheck does not credit before finality either', async () => {
    const { id, pay } = await approvedOrder(m);
    const hash: Hash = await s.send(m.account, pay);
    await api('POST', '/order/pay', m, { order_id: id, tx_hash: hash });
    const early = (await api('POST', `/admin/orders/${id}/recheck`, auditor, {})).data;
    expect([early.status, early.reason]).toEqual([
      'Verifying',
      'The payment is on the chain but not final yet; it will be confirmed once it is',
    ]);
    await s.mine(CONFIRMATIONS - 1);
    expect((await api('POST', `/admin/orders/${id}/recheck`, auditor, {})).data.status).toBe('Success');
  });
});
