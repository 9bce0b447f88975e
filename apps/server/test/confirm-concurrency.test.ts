import { rowsOf, schema } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { ACCOUNTS, balanceOf, checkLedger } from '@server/modules/ledger/index.ts';
import { type Member, newInviteCode } from '@server/modules/members/index.ts';
import { createOrder, ingestPaidEvents, type PaidEvent, seedProducts } from '@server/modules/shop/index.ts';
import { applyTeamVolume, insertPlaced, insertRoot } from '@server/modules/team/index.ts';
import type { SessionUser } from '@server/plugins/auth.ts';
import { eq, sql } from 'drizzle-orm';
import type { PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWallet, randomHex, startTestServer, type TestServer } from './helpers.ts';

// Runs on whatever database the suite uses; on PostgreSQL (the CI's second pass) the transactions
// really run at once on separate connections and contend for the same inviter's accounts.

const USDT = 10n ** 6n;
let s: TestServer;
let root: Member;
let inviter: Member;

const user = (m: Member): SessionUser => ({ id: m.id, address: m.address, roles: [] });
const join = (under: Member, side: 'left' | 'right' = 'left', account: PrivateKeyAccount = newWallet()) =>
  s.ctx.db.transaction((tx) =>
    insertPlaced(tx, {
      address: account.address.toLowerCase(),
      inviteCode: newInviteCode(),
      inviter: under,
      side,
    }),
  );

/** The payment event the chain would emit for the order, paid exactly as quoted by its member. */
async function eventFor(m: Member, productId: number, block: bigint): Promise<PaidEvent> {
  const order = await createOrder(s.ctx, user(m), productId);
  return {
    txHash: randomHex(32),
    logIndex: 0,
    blockHash: randomHex(32),
    blockNumber: block,
    orderId: order.id,
    payer: m.address,
    usdtAmount: order.priceUsdt,
    agcAmount: order.feeAgc,
  };
}
const ingest = (events: PaidEvent[]) => s.ctx.db.transaction((tx) => ingestPaidEvents(s.ctx, tx, events));

beforeAll(async () => {
  s = await startTestServer({ AGC_PRICE_USDT: '0.5', VC_RATE_PERCENT: '0' });
  await seedProducts(s.ctx.db);
  root = await s.ctx.db.transaction((tx) =>
    insertRoot(tx, newWallet().address.toLowerCase(), newInviteCode()),
  );
  inviter = await join(root);
  // The inviter invests 1 000 USDT: level 2 (day top 500), remaining dividends 3 000.
  expect(await ingest([await eventFor(inviter, 2, 1n)])).toBe(1);
});
afterAll(() => s.close());

describe('concurrent confirmations', () => {
  it('100 orders confirmed at once, one of them 20 times over, leave exactly the right totals', async () => {
    const buyers: Member[] = [];
    for (let i = 0; i < 100; i++) buyers.push(await join(inviter, i % 2 ? 'right' : 'left'));
    const events = await Promise.all(buyers.map((b, i) => eventFor(b, 1, BigInt(10 + i))));
    const repeats = Array.from({ length: 20 }, () => defined(events[0]));
    const results = await Promise.all([...events, ...repeats].map((e) => ingest([e])));
    expect(results.reduce((a, b) => a + b, 0)).toBe(100);

    const statuses = await s.ctx.db.execute(
      sql`select status, count(*)::int as n from orders group by status`,
    );
    expect(rowsOf(statuses)).toEqual([{ status: 'Success', n: 101 }]);
    for (const b of buyers)
      expect(await balanceOf(s.ctx.db, { userId: b.id, code: ACCOUNTS.investment, asset: 'USDT' })).toBe(
        100n * USDT,
      );

    // 100 referrals of 10 USDT each against a day top of 500: exactly 500 paid, 500 recorded as cut.
    const rewards = await s.ctx.db.select().from(schema.rewards).where(eq(schema.rewards.userId, inviter.id));
    expect(rewards).toHaveLength(100);
    const sum = (f: (r: (typeof rewards)[number]) => bigint) => rewards.reduce((a, r) => a + f(r), 0n);
    expect([sum((r) => r.due), sum((r) => r.cut), sum((r) => r.creditedUsdt)]).toEqual([
      1000n * USDT,
      500n * USDT,
      500n * USDT,
    ]);
    expect(rewards.filter((r) => r.cut > 0n).every((r) => r.cutReason === 'day_top_profit')).toBe(true);
    expect(await balanceOf(s.ctx.db, { userId: inviter.id, code: ACCOUNTS.available, asset: 'USDT' })).toBe(
      500n * USDT,
    );
    expect(
      await balanceOf(s.ctx.db, { userId: inviter.id, code: ACCOUNTS.remainingDividends, asset: 'USDT' }),
    ).toBe(2500n * USDT);
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });

    // Two volume jobs at once apply each order once: root's left side holds all 101 orders.
    await Promise.all([
      applyTeamVolume(s.ctx.db, s.ctx.now(), 40),
      applyTeamVolume(s.ctx.db, s.ctx.now(), 40),
    ]);
    while ((await applyTeamVolume(s.ctx.db, s.ctx.now(), 40)) > 0) {}
    const [vol] = await s.ctx.db
      .select()
      .from(schema.memberVolume)
      .where(eq(schema.memberVolume.userId, root.id));
    expect([vol?.leftTotal, vol?.rightTotal]).toEqual([11_000n * USDT, 0n]);
    const [own] = await s.ctx.db
      .select()
      .from(schema.memberVolume)
      .where(eq(schema.memberVolume.userId, inviter.id));
    expect((own?.leftTotal ?? 0n) + (own?.rightTotal ?? 0n)).toBe(10_000n * USDT);
  }, 120_000);
});
