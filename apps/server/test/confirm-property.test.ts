import { schema } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { ACCOUNTS, balanceOf, checkLedger } from '@server/modules/ledger/index.ts';
import { type Member, newInviteCode } from '@server/modules/members/index.ts';
import { levelOf } from '@server/modules/rules/index.ts';
import { createOrder, ingestPaidEvents, type PaidEvent, seedProducts } from '@server/modules/shop/index.ts';
import { insertPlaced, insertRoot } from '@server/modules/team/index.ts';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWallet, randomHex, startTestServer, type TestServer } from './helpers.ts';

// Random orders by a small random team, paid (some twice, some with wrong amounts), ingested in random
// chunks: every balance and reward must equal a plain sequential model of the rules, and the ledger
// must check out. VC share 0 so the model needs no price conversion.

let s: TestServer;
let root: Member;
const PRICES = [100_000_000n, 1_000_000_000n]; // products 1 and 2

beforeAll(async () => {
  s = await startTestServer({ VC_RATE_PERCENT: '0' });
  // Pin the clock to today's 12:00 UTC so "today" cannot change in the middle of a run.
  const now = new Date();
  s.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12) - Date.now());
  await seedProducts(s.ctx.db);
  root = await s.ctx.db.transaction((tx) =>
    insertRoot(tx, newWallet().address.toLowerCase(), newInviteCode()),
  );
});
afterAll(() => s.close());

const scenario = fc.record({
  // Member i (1-based) is invited by an earlier member (0 = a fresh top member of this run).
  inviters: fc.array(fc.nat(), { minLength: 2, maxLength: 5 }),
  orders: fc.array(
    fc.record({
      buyer: fc.nat(),
      product: fc.constantFrom(1, 2),
      paid: fc.constantFrom('exact', 'exact', 'exact', 'short', 'none'),
      twice: fc.boolean(),
    }),
    { minLength: 1, maxLength: 12 },
  ),
  chunk: fc.integer({ min: 1, max: 6 }),
});

describe('confirmations (property)', () => {
  it('match a sequential model of the rules, whatever the chunking and repeats', async () => {
    let block = 1_000_000n;
    await fc.assert(
      fc.asyncProperty(scenario, async ({ inviters, orders, chunk }) => {
        const { rules } = s.ctx.config;
        const members: Member[] = [
          await s.ctx.db.transaction((tx) =>
            insertPlaced(tx, {
              address: newWallet().address.toLowerCase(),
              inviteCode: newInviteCode(),
              inviter: root,
              side: 'left',
            }),
          ),
        ];
        for (const [i, pick] of inviters.entries()) {
          const inviter = defined(members[pick % (i + 1)]);
          members.push(
            await s.ctx.db.transaction((tx) =>
              insertPlaced(tx, {
                address: newWallet().address.toLowerCase(),
                inviteCode: newInviteCode(),
                inviter,
                side: i % 2 ? 'right' : 'left',
              }),
            ),
          );
        }
        const events: PaidEvent[] = [];
        const model = new Map(
          members.map((m) => [
            m.id,
            { investment: 0n, remaining: 0n, available: 0n, paidToday: 0n, cut: 0n },
          ]),
        );
        for (const o of orders) {
          const buyer = defined(members[o.buyer % members.length]);
          const order = await createOrder(
            s.ctx,
            { id: buyer.id, address: buyer.address, roles: [] },
            o.product,
          );
          if (o.paid === 'none') continue;
          const price = defined(PRICES[o.product - 1]);
          const event: PaidEvent = {
            txHash: randomHex(32),
            logIndex: 0,
            blockHash: randomHex(32),
            blockNumber: block++,
            orderId: order.id,
            payer: buyer.address,
            usdtAmount: o.paid === 'short' ? price - 1n : price,
            agcAmount: order.feeAgc,
          };
          events.push(event);
          if (o.twice) events.push({ ...event });
          if (o.paid !== 'exact') continue;
          // The model: confirm once, in chain order.
          const b = defined(model.get(buyer.id));
          b.investment += price;
          b.remaining += price * rules.earningsCap;
          const inviter = model.get(defined(buyer.inviterId));
          if (!inviter) continue; // the run's top member: its inviter is the root, outside the model
          const due = (price * rules.referralPpm) / 1_000_000n;
          const dayLeft = levelOf(rules, inviter.investment).dayTop - inviter.paidToday;
          const room = inviter.remaining < dayLeft ? inviter.remaining : dayLeft > 0n ? dayLeft : 0n;
          const paid = due < room ? due : room;
          inviter.remaining -= paid;
          inviter.available += paid;
          inviter.paidToday += paid;
          inviter.cut += due - paid;
        }
        for (let i = 0; i < events.length; i += chunk)
          await s.ctx.db.transaction((tx) => ingestPaidEvents(s.ctx, tx, events.slice(i, i + chunk)));

        for (const m of members.slice(1)) {
          const want = defined(model.get(m.id));
          const got = {
            investment: await balanceOf(s.ctx.db, { userId: m.id, code: ACCOUNTS.investment, asset: 'USDT' }),
            remaining: await balanceOf(s.ctx.db, {
              userId: m.id,
              code: ACCOUNTS.remainingDividends,
              asset: 'USDT',
            }),
            available: await balanceOf(s.ctx.db, { userId: m.id, code: ACCOUNTS.available, asset: 'USDT' }),
          };
          expect(got).toEqual({
            investment: want.investment,
            remaining: want.remaining,
            available: want.available,
          });
          const rewards = await s.ctx.db.select().from(schema.rewards).where(eq(schema.rewards.userId, m.id));
          expect(rewards.reduce((a, r) => a + r.cut, 0n)).toBe(want.cut);
        }
        const ids = events.map((e) => e.orderId);
        const confirmed = await s.ctx.db
          .select()
          .from(schema.orders)
          .where(inArray(schema.orders.id, ids.length ? ids : [0n]));
        for (const o of confirmed) {
          const exact =
            orders.length > 0 && events.some((e) => e.orderId === o.id && e.usdtAmount === o.priceUsdt);
          expect(o.status).toBe(exact ? 'Success' : 'Verifying');
        }
        expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
      }),
      { numRuns: 25 },
    );
  }, 300_000);
});
