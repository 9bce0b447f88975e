import { schema } from '@agc/db';
import { defined } from '@agc/shared/defined';
import {
  approveRedemption,
  createFundOrder,
  createRedemption,
  FUND_ACCOUNTS,
  fundAsset,
  publishNav,
} from '@server/modules/funds/index.ts';
import { balanceOf, checkLedger } from '@server/modules/ledger/index.ts';
import { grantRole } from '@server/modules/members/index.ts';
import type { SessionUser } from '@server/plugins/auth.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct } from './funds-bills-support.ts';
import { newWallet, payFundOrder, signUp, startTestServer, type TestServer } from './helpers.ts';

// Real concurrency needs real connections: this file runs in the suite's PostgreSQL pass (PGlite is one connection
// in one process, where "at once" would only interleave).
const PG = process.env.DATABASE_URL;

let s: TestServer;

describe.skipIf(!PG)('fund redemption requests at once on PostgreSQL', () => {
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s?.close());

  it('100 requests of 1 unit on a holding of 10 units: exactly 10 Pending, 90 refused, units and ledger agree', async () => {
    const admin = newWallet();
    const { member: adminRow } = await signUp(s, admin);
    const { headers, member } = await signUp(s, newWallet(), {
      invite_code: adminRow.inviteCode,
      side: 'left',
    });
    const productId = await addProduct(s.ctx.db, {
      name: 'Race',
      risk: 'Medium',
      lockDays: 0,
      minimumUsdt: 100_000_000n,
      redemptionFeePpm: 1_000,
    });
    const user = { id: member.id, address: member.address, roles: [] };
    // 100 USDT, no fee, at a NAV of 10 → 10 units.
    const order = await createFundOrder(s.ctx, user, productId, '100');
    await payFundOrder(s.ctx, order.id, member.address, 100_000_000n);
    const today = s.ctx.now().toISOString().slice(0, 10);
    await publishNav(
      s.ctx,
      { id: adminRow.id, address: adminRow.address, roles: ['admin'] },
      productId,
      today,
      '10',
    );
    const row = async () =>
      defined((await s.ctx.db.select().from(schema.fundOrders).where(eq(schema.fundOrders.id, order.id)))[0]);
    expect((await row()).unitsFree).toBe(10_000_000n);

    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        s.app.inject({
          method: 'POST',
          url: '/api/v1/funds/redemptions',
          headers,
          payload: { order_id: order.id.toString(), units: '1' },
        }),
      ),
    );
    const bodies = answers.map((a) => a.json() as { code: number; msg: string });
    expect(bodies.filter((b) => b.code === 200)).toHaveLength(10);
    // Every other one refused for the units, translated, not by a failure (no 500, no deadlock).
    expect(new Set(bodies.filter((b) => b.code !== 200).map((b) => `${b.code} ${b.msg}`))).toEqual(
      new Set(['400 You can redeem at most 0 units of this holding']),
    );
    const after = await row();
    expect([after.status, after.unitsFree, after.unitsRedeeming]).toEqual(['Redemption', 0n, 10_000_000n]);
    const pending = await s.ctx.db
      .select()
      .from(schema.fundRedemptions)
      .where(eq(schema.fundRedemptions.orderId, order.id));
    expect(pending.map((r) => [r.status, r.units])).toEqual(Array(10).fill(['Pending', 1_000_000n]));
    const units = (code: (typeof FUND_ACCOUNTS)['units' | 'unitsRedeeming']) =>
      balanceOf(s.ctx.db, { userId: member.id, code, asset: fundAsset(productId) });
    expect([await units(FUND_ACCOUNTS.units), await units(FUND_ACCOUNTS.unitsRedeeming)]).toEqual([
      0n,
      10_000_000n,
    ]);
    // Queue places 1..10, each once.
    const list = (
      await s.app.inject({ method: 'GET', url: '/api/v1/funds/redemptions?size=50', headers })
    ).json().data.list as Array<{ queue_place: number }>;
    expect(list.map((r) => r.queue_place).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

    // Cancelling all of them at once, twice each: each gives its unit back once.
    const cancels = await Promise.all(
      [...pending, ...pending].map((r) =>
        s.app.inject({
          method: 'POST',
          url: '/api/v1/funds/redemptions/cancel',
          headers,
          payload: { redemption_id: r.id.toString() },
        }),
      ),
    );
    expect(cancels.filter((c) => c.json().code === 200)).toHaveLength(10);
    expect(cancels.filter((c) => c.json().code === 400)).toHaveLength(10);
    const back = await row();
    expect([back.status, back.unitsFree, back.unitsRedeeming]).toEqual(['Subscription', 10_000_000n, 0n]);
    expect(await units(FUND_ACCOUNTS.units)).toBe(10_000_000n);
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });

  it('requests and cancels while a NAV publication prices approved redemptions: no failure or deadlock, units add up', async () => {
    const admin = newWallet();
    const [root] = await s.ctx.db.select().from(schema.users).limit(1);
    const { member: adminRow } = await signUp(s, admin, {
      invite_code: defined(root).inviteCode,
      side: 'right',
    });
    const adminUser: SessionUser = { id: adminRow.id, address: adminRow.address, roles: ['admin'] };
    const pid = await addProduct(s.ctx.db, {
      name: 'Mixed',
      risk: 'Low',
      lockDays: 0,
      minimumUsdt: 100_000_000n,
      redemptionFeePpm: 2_500,
    });
    const day = (offset: number) =>
      new Date(s.ctx.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const members: Array<{ headers: Record<string, string>; user: SessionUser }> = [];
    const orders: bigint[] = [];
    for (let i = 0; i < 8; i++) {
      const m = await signUp(s, newWallet(), {
        invite_code: adminRow.inviteCode,
        side: i % 2 ? 'left' : 'right',
      });
      const user: SessionUser = { id: m.member.id, address: m.member.address, roles: [] };
      members.push({ headers: m.headers, user });
      const o = await createFundOrder(s.ctx, user, pid, '1000');
      orders.push(o.id);
      await payFundOrder(s.ctx, o.id, user.address, 1_000_000_000n);
    }
    await publishNav(s.ctx, adminUser, pid, day(-1), '2'); // 1000 USDT → 500 units each
    // Each member: one Approved redemption (priced by the publication below) and one Pending to cancel.
    const pendings: bigint[] = [];
    for (const [i, m] of members.entries()) {
      const a = await createRedemption(s.ctx, m.user, defined(orders[i]), '100');
      await approveRedemption(s.ctx, adminUser, a.id, '');
      pendings.push((await createRedemption(s.ctx, m.user, defined(orders[i]), '50')).id);
    }
    const request = (i: number) =>
      s.app.inject({
        method: 'POST',
        url: '/api/v1/funds/redemptions',
        headers: defined(members[i]).headers,
        payload: { order_id: defined(orders[i]).toString(), units: '30' },
      });
    const cancel = (i: number) =>
      s.app.inject({
        method: 'POST',
        url: '/api/v1/funds/redemptions/cancel',
        headers: defined(members[i]).headers,
        payload: { redemption_id: defined(pendings[i]).toString() },
      });
    const work: Array<Promise<{ json(): { code: number } }>> = [];
    for (let round = 0; round < 5; round++) for (let i = 0; i < members.length; i++) work.push(request(i));
    for (let i = 0; i < members.length; i++) work.push(cancel(i));
    const publication = publishNav(s.ctx, adminUser, pid, day(0), '2.1');
    const answers = await Promise.all(work);
    await publication;
    // 5 × 30 = 150 of 300 free units requested per member: all fit; each cancel once.
    expect(answers.map((a) => a.json().code)).toEqual(Array(answers.length).fill(200));

    const rows = await s.ctx.db.select().from(schema.fundOrders).where(eq(schema.fundOrders.productId, pid));
    const redemptions = await s.ctx.db
      .select()
      .from(schema.fundRedemptions)
      .where(eq(schema.fundRedemptions.productId, pid));
    for (const o of rows) {
      const mine = redemptions.filter((r) => r.orderId === o.id);
      const sum = (status: string) =>
        mine.filter((r) => r.status === status).reduce((a, r) => a + r.units, 0n);
      expect(sum('Completed')).toBe(100_000_000n);
      expect(sum('Pending')).toBe(150_000_000n);
      expect(o.unitsRedeeming).toBe(sum('Pending') + sum('Approved'));
      expect(o.unitsFree + o.unitsRedeeming + sum('Completed')).toBe(o.units);
      expect(o.unitsFree).toBe(250_000_000n);
    }
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });

  it('an admin approving and rejecting while the member cancels the same requests: one decision each', async () => {
    const [root] = await s.ctx.db.select().from(schema.users).limit(1);
    const { member: adminRow, headers: adminHeaders } = await signUp(s, newWallet(), {
      invite_code: defined(root).inviteCode,
      side: 'left',
    });
    await grantRole(s.ctx.db, adminRow.id, 'admin', defined(root).id);
    const adminUser: SessionUser = { id: adminRow.id, address: adminRow.address, roles: ['admin'] };
    const { headers, member } = await signUp(s, newWallet(), {
      invite_code: defined(root).inviteCode,
      side: 'right',
    });
    const user: SessionUser = { id: member.id, address: member.address, roles: [] };
    const productId = await addProduct(s.ctx.db, {
      name: 'Decide',
      risk: 'Low',
      lockDays: 0,
      minimumUsdt: 100_000_000n,
    });
    const order = await createFundOrder(s.ctx, user, productId, '100');
    await payFundOrder(s.ctx, order.id, member.address, 100_000_000n);
    await publishNav(s.ctx, adminUser, productId, s.ctx.now().toISOString().slice(0, 10), '1');
    const ids: bigint[] = [];
    for (let i = 0; i < 20; i++) ids.push((await createRedemption(s.ctx, user, order.id, '1')).id);
    const post = (url: string, h: Record<string, string>, payload: unknown) =>
      s.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: h, payload: payload as never });
    const answers = await Promise.all(
      ids.flatMap((id, i) => [
        post(`/admin/funds/redemptions/${i % 2 ? 'approve' : 'reject'}`, adminHeaders, {
          redemption_id: id.toString(),
        }),
        post('/funds/redemptions/cancel', headers, { redemption_id: id.toString() }),
      ]),
    );
    for (let i = 0; i < ids.length; i++) {
      const codes = [defined(answers[2 * i]).json().code, defined(answers[2 * i + 1]).json().code].sort();
      expect(codes).toEqual([200, 400]);
    }
    const rows = await s.ctx.db
      .select()
      .from(schema.fundRedemptions)
      .where(eq(schema.fundRedemptions.orderId, order.id));
    const approved = rows.filter((r) => r.status === 'Approved').length;
    const [o] = await s.ctx.db.select().from(schema.fundOrders).where(eq(schema.fundOrders.id, order.id));
    expect(defined(o).unitsRedeeming).toBe(BigInt(approved) * 1_000_000n);
    expect(defined(o).unitsFree + defined(o).unitsRedeeming).toBe(100_000_000n);
    expect(
      await balanceOf(s.ctx.db, {
        userId: member.id,
        code: FUND_ACCOUNTS.units,
        asset: fundAsset(productId),
      }),
    ).toBe(defined(o).unitsFree);
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });
});
