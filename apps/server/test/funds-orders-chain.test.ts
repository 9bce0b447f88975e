import { schema } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { createChainWatcher } from '@server/jobs/index.ts';
import type { ChainWatcher } from '@server/modules/chain/index.ts';
import { FUND_ACCOUNTS, publishNav } from '@server/modules/funds/index.ts';
import { balanceOf, checkLedger } from '@server/modules/ledger/index.ts';
import { seedProducts } from '@server/modules/shop/index.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainMember, type ChainServer, joinFunded, startChainServer } from './chain.ts';
import { addOpenProduct } from './funds-bills-support.ts';
import { randomHex } from './helpers.ts';

// A subscription paid on the real contracts (anvil): the server-built approve and pay, the member's report, the
// chain watcher with the shop's and the funds' handlers on the same Paid event (each takes its own ids), then the
// NAV. The ledger checks out.

let s: ChainServer;
let root: ChainMember;
let alice: ChainMember;
let watcher: ChainWatcher;
let fundId: number;
const USDT = 1_000_000n;

const api = async (method: 'GET' | 'POST', url: string, m: ChainMember, payload?: unknown) =>
  (
    await s.app.inject({ method, url: `/api/v1${url}`, headers: m.headers, payload: payload as never })
  ).json();

beforeAll(async () => {
  s = await startChainServer({ AGC_PRICE_USDT: '0.5', ORDER_FEE_PERCENT: '5' });
  await seedProducts(s.ctx.db);
  root = await joinFunded(s, null, { usdt: 0n, agc: 0n });
  alice = await joinFunded(s, root, { usdt: 10_000n * USDT, agc: 10n ** 21n });
  fundId = await addOpenProduct(s.ctx, {
    name: 'Chain Fund',
    risk: 'Medium',
    lockDays: 30,
    minimumUsdt: 100n * USDT,
    subscriptionFeePpm: 10_000,
  });
  watcher = createChainWatcher(s.ctx);
}, 60_000);
afterAll(() => s.close());

describe('a subscription paid on chain', () => {
  it('approve + pay with the built transactions, report, watcher → Processing; a shop order in the same range too', async () => {
    const o = (await api('POST', '/funds/orders', alice, { product_id: fundId, amount: '1000' })).data;
    const step = async (name: string) =>
      (await api('GET', `/funds/orders/${o.order_id}/tx?step=${name}`, alice)).data;
    await s.send(alice.account, (await step('authUsd')).tx);
    const hash = await s.send(alice.account, (await step('paying')).tx);

    // A shop order paid in the same blocks: the shop's handler takes it, the funds' ignores it (and vice versa).
    const shop = (await api('POST', '/order', alice, { product_id: 1 })).data;
    for (const url of ['/order/approve/agc/', '/order/approve/usdt/'])
      await s.send(alice.account, (await api('GET', `${url}${shop.order_id}`, alice)).data.tx);
    await s.send(alice.account, (await api('GET', `/order/tx/${shop.order_id}`, alice)).data.tx);

    // A hash that is not on the chain, or that pays another order, is refused.
    const unknown = await api('POST', '/funds/orders/pay', alice, {
      order_id: o.order_id,
      tx_hash: randomHex(32),
    });
    expect(unknown.code).toBe(400);
    const reported = await api('POST', '/funds/orders/pay', alice, { order_id: o.order_id, tx_hash: hash });
    expect(reported.data).toMatchObject({ status: 'Paid', tx_hash: hash.toLowerCase() });
    expect(reported.data.reason).toMatch(/Waiting/);
    // Reporting again is answered with the order as it is.
    expect(
      (await api('POST', '/funds/orders/pay', alice, { order_id: o.order_id, tx_hash: hash })).data.status,
    ).toBe('Paid');

    expect(await watcher.catchUp()).toBe(2);
    const after = (await api('GET', `/funds/orders/${o.order_id}`, alice)).data;
    expect(after).toMatchObject({ status: 'Processing', reason: null, tx_hash: hash.toLowerCase() });
    expect((await api('GET', `/order/${shop.order_id}`, alice)).data.status).toBe('Success');
    expect(
      await balanceOf(s.ctx.db, { userId: alice.id, code: FUND_ACCOUNTS.subscribing, asset: 'USDT' }),
    ).toBe(1000n * USDT);
    const events = await s.ctx.db.select().from(schema.chainEvents);
    expect(events.map((e) => e.outcome).sort()).toEqual(['confirmed', 'fund.confirmed']);
    // The fund event keeps order_id null (that column holds shop ids); args carry the tagged id.
    const fundEvent = defined(events.find((e) => e.outcome === 'fund.confirmed'));
    expect(fundEvent.orderId).toBeNull();
    expect((fundEvent.args as { orderId: string }).orderId).toBe(
      ((1n << 128n) | BigInt(o.order_id)).toString(),
    );
    // Read again: nothing is applied twice.
    expect(await watcher.catchUp()).toBe(0);

    // The NAV prices it: 1000 − 1 % = 990 USDT at 1.0 → 990 units.
    const [admin] = await s.ctx.db.select().from(schema.users).where(eq(schema.users.id, root.id));
    await publishNav(
      s.ctx,
      { id: defined(admin).id, address: defined(admin).address, roles: ['admin'] },
      fundId,
      s.ctx.now().toISOString().slice(0, 10),
      '1',
    );
    const holding = (await api('GET', `/funds/orders/${o.order_id}`, alice)).data;
    expect(holding).toMatchObject({
      status: 'Subscription',
      units: '990',
      value_usdt: '990',
      fee_usdt: '10',
    });
    expect(
      await balanceOf(s.ctx.db, { userId: alice.id, code: FUND_ACCOUNTS.subscribing, asset: 'USDT' }),
    ).toBe(0n);
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });
});
