import { rowsOf } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { FUND_ACCOUNTS, unitRef } from '@server/modules/funds/accounts.ts';
import { confirmNav, publishNav, rejectNav } from '@server/modules/funds/index.ts';
import { balanceOf, checkLedger } from '@server/modules/ledger/index.ts';
import type { SessionUser } from '@server/plugins/auth.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct } from './funds-bills-support.ts';
import { insertProcessingOrder } from './funds-nav-support.ts';
import { newWallet, signUp, startTestServer, type TestServer } from './helpers.ts';

// NAV actions at once on PostgreSQL (PGlite is one connection: "at once" would only interleave there).
const PG = process.env.DATABASE_URL;

let s: TestServer;
const admins: SessionUser[] = [];
const members: bigint[] = [];

const dayAgo = (n: number) => new Date(s.ctx.now().getTime() - n * 86_400_000).toISOString().slice(0, 10);
const settle = <T>(p: Promise<T>) =>
  p.then(
    (v) => ({ ok: true as const, v }),
    (e: unknown) => ({ ok: false as const, e: e as { key?: string } }),
  );

async function productWithOrders(n: number) {
  const productId = await addProduct(s.ctx.db, {
    name: 'Race',
    risk: 'Medium',
    lockDays: 0,
    minimumUsdt: 100_000_000n,
    subscriptionFeePpm: 12_345,
  });
  await publishNav(s.ctx, defined(admins[0]), productId, dayAgo(3), '1');
  for (let i = 0; i < n; i++)
    await insertProcessingOrder(
      s.ctx.db,
      defined(members[i % members.length]),
      productId,
      BigInt(100 * (i + 1)) * 1_000_000n,
      12_345,
    );
  return productId;
}

async function pricedOrders(productId: number) {
  return rowsOf<{ status: string; navs: number; units: string }>(
    await s.ctx.db.execute(sql`select status, count(distinct nav_id)::int as navs, sum(units)::text as units
      from fund_orders where product_id = ${productId} group by status`),
  );
}

describe.skipIf(!PG)('NAV actions at once on PostgreSQL', () => {
  beforeAll(async () => {
    const wallets = [newWallet(), newWallet(), newWallet()];
    s = await startTestServer({ ADMIN_ADDRESSES: wallets.map((w) => w.address).join(',') });
    const root = await signUp(s, defined(wallets[0]));
    for (const [i, w] of wallets.entries()) {
      const m = i === 0 ? root : await signUp(s, w, { invite_code: root.member.inviteCode, side: 'left' });
      admins.push({ id: m.member.id, address: m.member.address, roles: ['admin'] });
    }
    for (let i = 0; i < 4; i++)
      members.push(
        (await signUp(s, newWallet(), { invite_code: root.member.inviteCode, side: 'right' })).member.id,
      );
  });
  afterAll(() => s?.close());

  it('ten publications of the same day at once: one publishes and prices every order once, the rest are refused', async () => {
    const pid = await productWithOrders(40);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        settle(
          publishNav(s.ctx, defined(admins[i % admins.length]), pid, dayAgo(2), i % 2 ? '1.05' : '1.04'),
        ),
      ),
    );
    const won = results.filter((r) => r.ok);
    expect(won).toHaveLength(1);
    expect(defined(won[0]).ok && defined(won[0]).v.priced).toEqual({ subscriptions: 40, redemptions: 0 });
    for (const r of results.filter((x) => !x.ok)) expect(!r.ok && r.e.key).toBe('fund.nav_day_not_after');
    const rows = await pricedOrders(pid);
    expect(rows.map((r) => [r.status, r.navs])).toEqual([['Subscription', 1]]);
    let held = 0n;
    for (const m of members) held += await balanceOf(s.ctx.db, unitRef(m, FUND_ACCOUNTS.units, pid));
    expect(held).toBe(BigInt(defined(rows[0]).units));
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });

  it('two admins confirming and one rejecting a pending NAV at once: one decision, prices once', async () => {
    const pid = await productWithOrders(20);
    const entry = await publishNav(s.ctx, defined(admins[0]), pid, dayAgo(2), '1.5');
    expect(entry.status).toBe('PendingConfirmation');
    const id = BigInt(entry.nav_id);
    const results = await Promise.all([
      settle(confirmNav(s.ctx, defined(admins[1]), id)),
      settle(confirmNav(s.ctx, defined(admins[2]), id)),
      settle(rejectNav(s.ctx, defined(admins[2]), id)),
      settle(confirmNav(s.ctx, defined(admins[1]), id)),
    ]);
    const won = results.filter((r) => r.ok);
    expect(won).toHaveLength(1);
    for (const r of results.filter((x) => !x.ok)) expect(!r.ok && r.e.key).toBe('fund.nav_not_pending');
    const decided = defined(won[0]).ok ? defined(won[0]).v : null;
    const rows = await pricedOrders(pid);
    if (decided?.status === 'Published') {
      expect(decided.priced).toEqual({ subscriptions: 20, redemptions: 0 });
      expect(rows.map((r) => [r.status, r.navs])).toEqual([['Subscription', 1]]);
    } else {
      expect(decided?.status).toBe('Rejected');
      expect(rows.map((r) => r.status)).toEqual(['Processing']);
    }
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });
});
