import { rowsOf, schema } from '@agc/db';
import type { AppError } from '@server/lib/errors.ts';
import {
  acceptIncident,
  cancelReversal,
  confirmReversal,
  reverseIncident,
} from '@server/modules/incidents/service.ts';
import { checkLedger } from '@server/modules/ledger/index.ts';
import { grantRole, type Member } from '@server/modules/members/index.ts';
import { seedProducts } from '@server/modules/shop/index.ts';
import { translator } from '@server/plugins/i18n.ts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, addRoot } from './funds-bills-support.ts';
import { buyDirectly, orphanShopPayment, startTestServer, type TestServer } from './helpers.ts';

// Two admins deciding one chain incident at once, on PostgreSQL (PGlite runs one transaction at a time, where "at
// once" would only interleave): the incident row is locked while it is decided, so exactly one decision stands and a
// reversal is posted once.
const PG = process.env.DATABASE_URL;
const ROUNDS = 10;
const t = translator('en');

let s: TestServer;
let root: Member;
const admin = (m: Member) => ({ id: m.id, address: m.address, roles: ['admin' as const] });

/** A member's order credited (the watcher's way, without a chain), then its payment orphaned: an open incident. */
async function incident(productId: number): Promise<{ id: string; orderId: bigint }> {
  const member = await addMember(s.ctx, root, 'left');
  const order = await buyDirectly(s.ctx, member, productId);
  const { incidentId } = await orphanShopPayment(s.ctx, order.id);
  return { id: incidentId.toString(), orderId: order.id };
}

const keyOf = (o: PromiseSettledResult<unknown>) =>
  o.status === 'rejected' ? ((o.reason as AppError).key ?? String(o.reason)) : 'ok';
const reversalPostings = async (incidentId: string) =>
  rowsOf<{ n: number }>(
    await s.ctx.db.execute(
      sql`select count(*)::int as n from ledger_transfers where ref = ${`incident:${incidentId}`}`,
    ),
  ).map((r) => Number(r.n))[0];
const orderStatus = async (id: bigint) =>
  (
    await s.ctx.db
      .select({ status: schema.orders.status })
      .from(schema.orders)
      .where(eq(schema.orders.id, id))
  )[0]?.status;

let a1: Member;
let a2: Member;
let a3: Member;

describe.skipIf(!PG)('two admins deciding one chain incident at once on PostgreSQL', () => {
  beforeAll(async () => {
    // 100 USDT reverses with one admin; 1,000 USDT needs a second.
    s = await startTestServer({ WITHDRAW_SECOND_APPROVAL_USDT: '150' });
    await seedProducts(s.ctx.db);
    root = await addRoot(s.ctx);
    [a1, a2, a3] = [
      await addMember(s.ctx, root, 'right'),
      await addMember(s.ctx, root, 'right'),
      await addMember(s.ctx, root, 'right'),
    ];
    const longAgo = new Date(Date.now() - 30 * 86_400_000);
    for (const a of [a1, a2, a3]) await grantRole(s.ctx.db, a.id, 'admin', null, { at: longAgo });
  });
  afterAll(() => s?.close());

  it('two admins reverse one incident at once: it is reversed once, the other is told it was resolved', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { id, orderId } = await incident(1);
      const outcomes = await Promise.allSettled([
        reverseIncident(s.ctx, admin(a1), id, undefined, t),
        reverseIncident(s.ctx, admin(a2), id, undefined, t),
      ]);
      expect(outcomes.map(keyOf).sort(), `round ${round}`).toEqual(['incident.not_open', 'ok']);
      expect(await orderStatus(orderId)).toBe('Canceled');
      expect(await reversalPostings(id)).toBe(3); // investment, fee, dividend cap (the root has no referral)
    }
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });

  it('one admin accepts while another reverses: exactly one decision stands, and the journal follows it', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { id, orderId } = await incident(1);
      const outcomes = await Promise.allSettled([
        acceptIncident(s.ctx, admin(a1), id, 'checked', t),
        reverseIncident(s.ctx, admin(a2), id, undefined, t),
      ]);
      const keys = outcomes.map(keyOf);
      expect(
        keys.filter((k) => k === 'ok'),
        `round ${round}`,
      ).toHaveLength(1);
      expect(keys.filter((k) => k !== 'ok')).toEqual(['incident.not_open']);
      const accepted = keys[0] === 'ok';
      expect(await orderStatus(orderId)).toBe(accepted ? 'Success' : 'Canceled');
      expect(await reversalPostings(id)).toBe(accepted ? 0 : 3);
    }
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });

  it('a pending reversal confirmed by two admins at once, or confirmed while another withdraws it: one outcome', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const twice = await incident(2);
      await reverseIncident(s.ctx, admin(a1), twice.id, undefined, t);
      const both = await Promise.allSettled([
        confirmReversal(s.ctx, admin(a2), twice.id, t),
        confirmReversal(s.ctx, admin(a3), twice.id, t),
      ]);
      expect(both.map(keyOf).sort(), `round ${round}`).toEqual(['incident.not_pending', 'ok']);
      expect(await reversalPostings(twice.id)).toBe(3);

      const raced = await incident(2);
      await reverseIncident(s.ctx, admin(a1), raced.id, undefined, t);
      const keys = (
        await Promise.allSettled([
          confirmReversal(s.ctx, admin(a2), raced.id, t),
          cancelReversal(s.ctx, admin(a3), raced.id, t),
        ])
      ).map(keyOf);
      expect(
        keys.filter((k) => k === 'ok'),
        `round ${round}`,
      ).toHaveLength(1);
      expect(keys.filter((k) => k !== 'ok')).toEqual(['incident.not_pending']);
      const confirmed = keys[0] === 'ok';
      expect(await orderStatus(raced.orderId)).toBe(confirmed ? 'Canceled' : 'Success');
      expect(await reversalPostings(raced.id)).toBe(confirmed ? 3 : 0);
    }
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  });
});
