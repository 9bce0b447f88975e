import { rowsOf, schema } from '@agc/db';
import { AppError } from '@server/lib/errors.ts';
import { onChainFundOrderId } from '@server/modules/chain/index.ts';
import { publishNav, settleFundEarnings } from '@server/modules/funds/index.ts';
import { openFundIncidents } from '@server/modules/funds/orders/payments.ts';
import { reverseIncident } from '@server/modules/incidents/service.ts';
import { checkLedger } from '@server/modules/ledger/index.ts';
import type { Member } from '@server/modules/members/index.ts';
import { seedProducts } from '@server/modules/shop/index.ts';
import { translator } from '@server/plugins/i18n.ts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, addProduct, addRoot, headersOf, USDT } from './funds-bills-support.ts';
import { insertApprovedRedemption, insertProcessingOrder } from './funds-nav-support.ts';
import { buyDirectly, orphanShopPayment, randomHex, startTestServer, type TestServer } from './helpers.ts';

// Reversals the unit tests of the anvil file do not reach. A fund subscription reversed after its day's fund earnings
// were settled: the inviter's ReferralReward of that day
// is re-computed without it (the difference goes back out of the inviter's fund earnings), the placement ancestors'
// fund volume loses it, its units go back to the fund and its money out of the fund's assets; units already in a
// redemption refuse the reversal. And a shop reversal whose inviter no longer holds the referral is refused whole. The
// journal checks out.
let s: TestServer;
let root: Member;
let inviter: Member;
let subscriber: Member;
let fund: number;
const t = translator('en');
const admin = () => ({ id: root.id, address: root.address, roles: ['admin' as const] });

/** An incident for a priced subscription, as the rewind opens it: its Paid event orphaned, the funds' hook. */
async function incidentFor(orderId: bigint): Promise<string> {
  const [event] = await s.ctx.db
    .insert(schema.chainEvents)
    .values({
      chainId: s.ctx.chain.id,
      txHash: randomHex(32),
      logIndex: 0,
      blockNumber: 7n,
      blockHash: randomHex(32),
      contract: 'transfer',
      name: 'Paid',
      args: { orderId: onChainFundOrderId(orderId).toString() },
      outcome: 'fund.confirmed',
      orphanedAt: new Date(),
    })
    .returning();
  if (!event) throw new Error('no event');
  await s.ctx.db.transaction((tx) =>
    openFundIncidents(s.ctx, tx, [
      {
        id: event.id,
        contract: 'transfer',
        name: 'Paid',
        args: event.args as Record<string, string>,
        orderId: null,
        outcome: 'fund.confirmed',
      },
    ]),
  );
  const [row] = await s.ctx.db
    .select({ id: schema.chainIncidents.id })
    .from(schema.chainIncidents)
    .where(eq(schema.chainIncidents.chainEventId, event.id));
  if (!row) throw new Error('no incident');
  return row.id.toString();
}

const fundProfit = async (userId: bigint) =>
  rowsOf<{ b: string }>(
    await s.ctx.db.execute(sql`select coalesce(sum(balance), 0)::text as b from ledger_accounts
        where user_id = ${userId.toString()}::bigint and code = 'member.fund_available_profit'`),
  ).map((r) => BigInt(r.b))[0];
const leftVolume = async (userId: bigint) =>
  rowsOf<{ v: string }>(
    await s.ctx.db.execute(
      sql`select left_volume::text as v from fund_team_state where user_id = ${userId.toString()}::bigint`,
    ),
  )[0]?.v;

beforeAll(async () => {
  s = await startTestServer({ FUND_REFERRAL_PERCENT: '5', WITHDRAW_SECOND_APPROVAL_USDT: '100000' });
  root = await addRoot(s.ctx);
  inviter = await addMember(s.ctx, root, 'left');
  subscriber = await addMember(s.ctx, inviter, 'left');
  fund = await addProduct(s.ctx.db);
});
afterAll(() => s?.close());

describe('reversing a fund subscription whose day was settled', () => {
  let reversed: bigint;
  let kept: bigint;

  it('takes back its units, its money, its share of the inviter’s referral and of the team volume', async () => {
    reversed = await insertProcessingOrder(s.ctx.db, subscriber.id, fund, 1000n * USDT, 0);
    kept = await insertProcessingOrder(s.ctx.db, subscriber.id, fund, 500n * USDT, 0);
    const today = s.ctx.now().toISOString().slice(0, 10);
    await publishNav(s.ctx, admin(), fund, today, '1');
    await settleFundEarnings(s.ctx, today);
    expect(await fundProfit(inviter.id)).toBe(75n * USDT); // 5 % of 1,500
    expect([await leftVolume(inviter.id), await leftVolume(root.id)]).toEqual([
      (1500n * USDT).toString(),
      (1500n * USDT).toString(),
    ]);

    const id = await incidentFor(reversed);
    const done = await reverseIncident(s.ctx, admin(), id, 'payment gone', t);
    expect(done).toMatchObject({
      status: 'reversed',
      subject_status: 'Cancelled',
      reversal: {
        units: (1000n * USDT).toString(),
        referral: { user_id: inviter.id.toString(), amount: (50n * USDT).toString() },
        team_volume: { ancestors: 2, amount: (1000n * USDT).toString() },
      },
    });
    expect(await fundProfit(inviter.id)).toBe(25n * USDT); // 5 % of what stays: 500
    expect([await leftVolume(inviter.id), await leftVolume(root.id)]).toEqual([
      (500n * USDT).toString(),
      (500n * USDT).toString(),
    ]);
    const [referral] = rowsOf<{ base: string; amount: string }>(
      await s.ctx.db.execute(sql`select base::text as base, amount_usdt::text as amount from fund_earnings
        where kind = 'ReferralReward' and ref = ${`referral:${today}:${subscriber.id}`}`),
    );
    expect(referral).toEqual({ base: (500n * USDT).toString(), amount: (25n * USDT).toString() });
    const units = rowsOf<{ id: string; units_free: string; status: string }>(
      await s.ctx.db.execute(sql`select id::text as id, units_free::text as units_free, status from fund_orders
        where user_id = ${subscriber.id.toString()}::bigint order by id`),
    );
    expect(units).toEqual([
      { id: reversed.toString(), units_free: '0', status: 'Cancelled' },
      { id: kept.toString(), units_free: (500n * USDT).toString(), status: 'Subscription' },
    ]);
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });

  it('refuses to reverse a subscription whose units are being redeemed, and changes nothing', async () => {
    await insertApprovedRedemption(s.ctx.db, kept, 100n * USDT, 0);
    const id = await incidentFor(kept);
    const before = await fundProfit(inviter.id);
    const refused = await reverseIncident(s.ctx, admin(), id, undefined, t).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).key).toBe('incident.units_moved');
    expect(await fundProfit(inviter.id)).toBe(before);
    const [incident] = await s.ctx.db
      .select({ status: schema.chainIncidents.status })
      .from(schema.chainIncidents)
      .where(eq(schema.chainIncidents.id, BigInt(id)));
    expect(incident?.status).toBe('open');
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });
});

describe('a reversal the balances no longer cover', () => {
  it('an inviter who already asked to withdraw the referral: the reversal is refused whole, nothing changes', async () => {
    await seedProducts(s.ctx.db);
    const boss = await addMember(s.ctx, root, 'right');
    const buyer = await addMember(s.ctx, boss, 'left');
    await buyDirectly(s.ctx, boss, 1); // the inviter has invested: its referral is paid, not cut
    const order = await buyDirectly(s.ctx, buyer, 1);
    const available = await s.ctx.db.execute(sql`select balance::text as b from ledger_accounts
      where user_id = ${boss.id.toString()}::bigint and code = 'member.available' and asset = 'USDT'`);
    const referral = rowsOf<{ b: string }>(available).map((r) => BigInt(r.b))[0] ?? 0n;
    expect(referral).toBeGreaterThan(0n);
    const asked = await s.app.inject({
      method: 'POST',
      url: '/api/v1/withdraw',
      headers: { ...(await headersOf(s.ctx, boss)), 'accept-language': 'en' },
      payload: { amount: (referral / USDT).toString(), type: 1 },
    });
    expect(asked.json().code, asked.body).toBe(200);
    const { incidentId } = await orphanShopPayment(s.ctx, order.id);
    const journal = async () =>
      rowsOf<{ n: string }>(
        await s.ctx.db.execute(sql`select count(*)::text as n from ledger_transfers`),
      ).map((r) => r.n)[0];
    const before = await journal();
    const refused = await reverseIncident(s.ctx, admin(), incidentId.toString(), undefined, t).catch(
      (e: unknown) => e,
    );
    expect((refused as AppError).key).toBe('incident.short');
    expect(await journal()).toBe(before);
    const [row] = await s.ctx.db
      .select({ status: schema.orders.status })
      .from(schema.orders)
      .where(eq(schema.orders.id, order.id));
    expect(row?.status).toBe('Success');
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });
});
