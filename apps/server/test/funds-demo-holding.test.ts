import { defined } from '@agc/shared/defined';
import { seedDemoHolding, seedFundProducts } from '@server/modules/funds/index.ts';
import { checkLedger } from '@server/modules/ledger/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiJson, newWallet, signUp, startTestServer, type TestServer } from './helpers.ts';

// The demo's fund holding past its lock: what a real subscription priced at a past NAV leaves, so that a demo
// member can redeem at once and see their place in the queue.
let s: TestServer;
const holder = newWallet();
const other = newWallet();
let h: Record<string, string>;
let hOther: Record<string, string>;

const call = async (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  (
    await s.app.inject({
      method,
      url: `/api/v1/${url}`,
      headers,
      ...(payload && { payload }),
    })
  ).json() as Promise<ApiJson>;

beforeAll(async () => {
  s = await startTestServer();
  await seedFundProducts(s.ctx.db, s.ctx.now());
  const root = await signUp(s, holder);
  h = root.headers;
  hOther = (await signUp(s, other, { invite_code: root.member.inviteCode, side: 'left' })).headers;
  const id = await s.ctx.db.transaction((tx) => seedDemoHolding(tx, s.ctx, root.member.id));
  expect(id).not.toBeNull();
});
afterAll(() => s.close());

describe('the demo holding past its lock', () => {
  it('is a priced holding whose lock has ended, and the ledger checks out', async () => {
    const res = await call('GET', 'funds/orders', h);
    expect(res.code).toBe(200);
    const [order] = res.data.list;
    expect(order).toMatchObject({ status: 'Subscription', amount_usdt: '500' });
    expect(Date.parse(defined(order.lock_ends_at))).toBeLessThan(s.ctx.now().getTime());
    expect(Number(order.units_held)).toBeGreaterThan(0);
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });

  it('can be redeemed at once at the place the preview said; nobody else sees it', async () => {
    const [order] = (await call('GET', 'funds/orders', h)).data.list;
    const queue = `funds/redemptions/queue?product_id=${order.product.id}`;
    const before = await call('GET', queue, h);
    expect(before.data).toMatchObject({ product_id: order.product.id, ahead: 0, place: 1 });
    expect(before.data.nav_day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const r = await call('POST', 'funds/redemptions', h, { order_id: order.order_id, units: '10' });
    expect(r.code, JSON.stringify(r)).toBe(200);
    const list = (await call('GET', 'funds/redemptions', h)).data.list;
    expect(list[0]).toMatchObject({ status: 'Pending', queue_place: 1, nav_day: before.data.nav_day });
    // The next request, anybody's, would stand behind it.
    expect((await call('GET', queue, hOther)).data).toMatchObject({ ahead: 1, place: 2 });
    expect((await call('GET', 'funds/orders', hOther)).data.list).toEqual([]);
    const theirs = await call('POST', 'funds/redemptions', hOther, { order_id: order.order_id, units: '1' });
    expect(theirs.code).not.toBe(200);
  });

  it('the queue preview: 404 for no such product, 400 for a malformed id, 401 signed out', async () => {
    expect((await call('GET', 'funds/redemptions/queue?product_id=999999', h)).code).toBe(404);
    expect((await call('GET', 'funds/redemptions/queue?product_id=abc', h)).code).toBe(400);
    expect((await call('GET', 'funds/redemptions/queue?product_id=1', {})).code).toBe(401);
  });

  it('is not seeded without the NAV of that day (no history yet)', async () => {
    const id = await s.ctx.db.transaction((tx) => seedDemoHolding(tx, s.ctx, 1n, 100n, 400));
    expect(id).toBeNull();
  });
});
