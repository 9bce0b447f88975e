/**
 * Property test of the funds' money: random sequences of subscriptions (whole multiples of a random minimum, random
 * fee rates, paid as the watcher ingests them), NAVs (random positive values; a big step is confirmed by a second
 * admin), redemption requests of random units (some more than held: refused, nothing changed), approvals, rejections
 * and cancellations, all through the funds' own services (createFundOrder, ingestFundPaidEvents, publishNav /
 * confirmNav with priceAtNav, createRedemption, approve/reject/cancelRedemption), against a small in-memory model
 * written with math.ts. After every NAV: each order's units and each redemption's cash equal the model's; units
 * issued = units held + units redeeming; cash is conserved (chain inflow = fund assets + fees + subscribing + what
 * members received); every rounding favours the fund (checked against the exact rational value, not math.ts); the
 * ledger checks out.
 */
import { rowsOf, schema } from '@agc/db';
import { formatAmount } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import { AppError } from '@server/lib/errors.ts';
import {
  approveRedemption,
  cancelRedemption,
  confirmNav,
  createFundOrder,
  createRedemption,
  FUND_ACCOUNTS,
  feeOf,
  fundAsset,
  NAV_ONE,
  PPM,
  priceRedemption,
  priceSubscription,
  publishNav,
  rejectRedemption,
} from '@server/modules/funds/index.ts';
import { checkLedger } from '@server/modules/ledger/index.ts';
import type { SessionUser } from '@server/plugins/auth.ts';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, addProduct, addRoot } from './funds-bills-support.ts';
import { payFundOrder, startTestServer, type TestServer } from './helpers.ts';

const DAY = 86_400_000;
let s: TestServer;
let members: SessionUser[];
let admins: [SessionUser, SessionUser];
/** What the runs exercised (printed, and checked to be more than nothing). */
const seen = { subscriptions: 0, completed: 0, refused: 0, confirmed: 0, rejected: 0, cancelled: 0, navs: 0 };

type Cmd =
  | { t: 'sub'; who: number; k: number }
  | { t: 'redeem'; pick: number; permille: number; over: boolean }
  | { t: 'decide'; pick: number; action: 'approve' | 'reject' | 'cancel' }
  | { t: 'nav'; nav: bigint };

interface MOrder {
  id: bigint;
  who: number;
  amount: bigint;
  feePpm: number;
  priced: boolean;
  fee: bigint;
  units: bigint;
  free: bigint;
  redeeming: bigint;
}
interface MRedemption {
  id: bigint;
  order: MOrder;
  units: bigint;
  feePpm: number;
  status: 'Pending' | 'Approved' | 'Rejected' | 'Cancelled' | 'Completed';
  gross: bigint;
  fee: bigint;
  amount: bigint;
  nav: bigint;
}

const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('sub' as const),
      who: fc.nat(2),
      k: fc.integer({ min: 1, max: 20 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('redeem' as const),
      pick: fc.nat(),
      permille: fc.integer({ min: 1, max: 1000 }),
      over: fc.integer({ min: 0, max: 9 }).map((n) => n < 2),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('decide' as const),
      pick: fc.nat(),
      action: fc.constantFrom(
        'approve' as const,
        'approve' as const,
        'approve' as const,
        'reject' as const,
        'cancel' as const,
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('nav' as const),
      nav: fc.oneof(
        fc.bigInt({ min: 50_000_000n, max: 200_000_000n }),
        fc.bigInt({ min: 1_000n, max: 10n ** 11n }),
      ),
    }),
  },
);

const scenario = fc.record({
  minimum: fc.constantFrom(1_000_000n, 100_000_000n, 50_500_000n, 333_333n),
  subFeePpm: fc.integer({ min: 0, max: 60_000 }),
  redFeePpm: fc.integer({ min: 0, max: 60_000 }),
  firstNav: fc.bigInt({ min: 10_000_000n, max: 1_000_000_000n }),
  /** Subscriptions priced at the first NAV, so that there is something to redeem from the start. */
  initial: fc.array(
    fc.record({ t: fc.constant('sub' as const), who: fc.nat(2), k: fc.integer({ min: 1, max: 20 }) }),
    {
      minLength: 1,
      maxLength: 3,
    },
  ),
  cmds: fc.array(cmd, { minLength: 6, maxLength: 20 }),
});

const today = () => s.ctx.now().toISOString().slice(0, 10);

/** The sums the cash identity compares, over the system and the test members' accounts. */
async function cashSums(productId: number) {
  const ids = members.map((m) => m.id.toString());
  const [r] = rowsOf<Record<string, string>>(
    await s.ctx.db.execute(sql`
      select
        coalesce(sum(balance) filter (where user_id is null and code = ${FUND_ACCOUNTS.chainInflow} and asset = 'USDT'), 0)::text as inflow,
        coalesce(sum(balance) filter (where user_id is null and code = ${FUND_ACCOUNTS.assets} and asset = 'USDT'), 0)::text as assets,
        coalesce(sum(balance) filter (where user_id is null and code = ${FUND_ACCOUNTS.fees} and asset = 'USDT'), 0)::text as fees,
        coalesce(sum(balance) filter (where user_id = any(${sql.param(ids)}::bigint[]) and code = ${FUND_ACCOUNTS.subscribing} and asset = 'USDT'), 0)::text as subscribing,
        coalesce(sum(balance) filter (where user_id = any(${sql.param(ids)}::bigint[]) and code = ${FUND_ACCOUNTS.memberAvailable} and asset = 'USDT'), 0)::text as received,
        coalesce(sum(balance) filter (where user_id is null and code = ${FUND_ACCOUNTS.unitsIssued} and asset = ${fundAsset(productId)}), 0)::text as issued,
        coalesce(sum(balance) filter (where user_id is not null and code = ${FUND_ACCOUNTS.units} and asset = ${fundAsset(productId)}), 0)::text as held,
        coalesce(sum(balance) filter (where user_id is not null and code = ${FUND_ACCOUNTS.unitsRedeeming} and asset = ${fundAsset(productId)}), 0)::text as redeeming
      from ledger_accounts`),
  );
  return Object.fromEntries(Object.entries(defined(r)).map(([k, v]) => [k, BigInt(v)])) as Record<
    string,
    bigint
  >;
}

/** A call the model expects to be refused: a translated AppError, and nothing may change. */
async function refused(p: Promise<unknown>, key: string) {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  expect((e as AppError).key).toBe(key);
}

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

async function runScenario(sc: Scenario) {
  const productId = await addProduct(s.ctx.db, {
    name: 'Property fund',
    risk: 'Medium',
    lockDays: 0,
    minimumUsdt: sc.minimum,
    subscriptionFeePpm: sc.subFeePpm,
    redemptionFeePpm: sc.redFeePpm,
  });
  const start = await cashSums(productId);
  const orders: MOrder[] = [];
  const redemptions: MRedemption[] = [];
  let received = 0n;

  const nav = async (value: bigint) => {
    s.advance(DAY);
    let entry = await publishNav(s.ctx, admins[0], productId, today(), formatAmount(value, 8));
    seen.navs++;
    if (entry.status === 'PendingConfirmation') {
      seen.confirmed++;
      entry = await confirmNav(s.ctx, admins[1], BigInt(entry.nav_id));
    }
    expect(entry.status).toBe('Published');
    // The model prices the same business: subscriptions first, then the approved redemptions.
    for (const o of orders.filter((x) => !x.priced)) {
      const p = priceSubscription(o.amount, o.feePpm, value);
      Object.assign(o, { priced: true, fee: p.fee, units: p.units, free: p.units });
    }
    for (const r of redemptions.filter((x) => x.status === 'Approved')) {
      const p = priceRedemption(r.units, r.feePpm, value);
      Object.assign(r, { status: 'Completed', gross: p.gross, fee: p.fee, amount: p.amount, nav: value });
      r.order.redeeming -= r.units;
      received += p.amount;
      seen.completed++;
    }
    await check();
  };

  const check = async () => {
    const rows = await s.ctx.db
      .select()
      .from(schema.fundOrders)
      .where(eq(schema.fundOrders.productId, productId));
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const o of orders) {
      const row = defined(byId.get(o.id));
      expect([row.units, row.unitsFree, row.unitsRedeeming, row.feeUsdt]).toEqual([
        o.units,
        o.free,
        o.redeeming,
        o.fee,
      ]);
      expect(row.status === 'Processing').toBe(!o.priced);
      if (o.priced) {
        // The fee rounds up and the units down: never a unit more than the exact (amount − fee) / NAV.
        expect(o.fee * PPM >= o.amount * BigInt(o.feePpm)).toBe(true);
        expect(o.units * defined(row.navE8) <= (o.amount - o.fee) * NAV_ONE).toBe(true);
      }
    }
    const reds = await s.ctx.db
      .select()
      .from(schema.fundRedemptions)
      .where(eq(schema.fundRedemptions.productId, productId));
    const redById = new Map(reds.map((r) => [r.id, r]));
    for (const r of redemptions) {
      const row = defined(redById.get(r.id));
      expect(row.status).toBe(r.status);
      if (r.status !== 'Completed') continue;
      expect([row.grossUsdt, row.feeUsdt, row.amountUsdt]).toEqual([r.gross, r.fee, r.amount]);
      // The member never gets more than the exact value less the exact fee: amount ≤ units × NAV × (1 − fee rate).
      expect(r.amount * NAV_ONE * PPM <= r.units * r.nav * (PPM - BigInt(r.feePpm))).toBe(true);
      expect(r.fee).toBe(feeOf(r.gross, r.feePpm));
    }
    const now = await cashSums(productId);
    const d = (k: string) => defined(now[k]) - defined(start[k]);
    // Units: issued (the system's negative balance) = held + redeeming by members = the orders' figures.
    const modelHeld = orders.reduce((n, o) => n + o.free, 0n);
    const modelRedeeming = orders.reduce((n, o) => n + o.redeeming, 0n);
    expect([-defined(now.issued), now.held, now.redeeming]).toEqual([
      modelHeld + modelRedeeming,
      modelHeld,
      modelRedeeming,
    ]);
    // Cash: what came from the chain = fund assets + fees + still subscribing + what members received.
    expect(-d('inflow')).toBe(d('assets') + d('fees') + d('subscribing') + d('received'));
    expect(d('received')).toBe(received);
    expect(-d('inflow')).toBe(orders.reduce((n, o) => n + o.amount, 0n));
    expect(await checkLedger(s.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
  };

  const apply = async (c: Cmd) => {
    if (c.t === 'sub') {
      const user = defined(members[c.who]);
      const amount = sc.minimum * BigInt(c.k);
      const o = await createFundOrder(s.ctx, user, productId, formatAmount(amount, 6));
      await payFundOrder(s.ctx, o.id, user.address, amount);
      seen.subscriptions++;
      orders.push({
        id: o.id,
        who: c.who,
        amount,
        feePpm: sc.subFeePpm,
        priced: false,
        fee: 0n,
        units: 0n,
        free: 0n,
        redeeming: 0n,
      });
    } else if (c.t === 'redeem') {
      const held = orders.filter((o) => o.priced && o.free > 0n);
      if (held.length === 0) return;
      const o = defined(held[c.pick % held.length]);
      const user = defined(members[o.who]);
      if (c.over) {
        await refused(
          createRedemption(s.ctx, user, o.id, formatAmount(o.free + 1n, 6)),
          'fund.redemption.units_exceed',
        );
        seen.refused++;
        return;
      }
      const units = (o.free * BigInt(c.permille)) / 1000n || 1n;
      const r = await createRedemption(s.ctx, user, o.id, formatAmount(units, 6));
      o.free -= units;
      o.redeeming += units;
      redemptions.push({
        id: r.id,
        order: o,
        units,
        feePpm: sc.redFeePpm,
        status: 'Pending',
        gross: 0n,
        fee: 0n,
        amount: 0n,
        nav: 0n,
      });
    } else if (c.t === 'decide') {
      const pending = redemptions.filter((r) => r.status === 'Pending');
      if (pending.length === 0) return;
      const r = defined(pending[c.pick % pending.length]);
      if (c.action === 'approve') {
        await approveRedemption(s.ctx, defined(admins[c.pick % 2]), r.id, '');
        r.status = 'Approved';
      } else {
        if (c.action === 'reject') await rejectRedemption(s.ctx, admins[0], r.id, 'no');
        else await cancelRedemption(s.ctx, defined(members[r.order.who]), r.id);
        r.status = c.action === 'reject' ? 'Rejected' : 'Cancelled';
        seen[c.action === 'reject' ? 'rejected' : 'cancelled']++;
        r.order.free += r.units;
        r.order.redeeming -= r.units;
      }
    } else await nav(c.nav);
  };
  for (const c of sc.initial) await apply(c);
  await nav(sc.firstNav);
  for (const c of sc.cmds) await apply(c);
  // Whatever is still waiting is priced at a last NAV.
  await nav(sc.firstNav);
}

describe('fund money against a model (fast-check)', () => {
  beforeAll(async () => {
    s = await startTestServer({ FUND_NAV_MAX_STEP_PERCENT: '10' });
    const root = await addRoot(s.ctx);
    const asUser = (m: { id: bigint; address: string }, roles: SessionUser['roles'] = []): SessionUser => ({
      id: m.id,
      address: m.address,
      roles,
    });
    members = [];
    for (let i = 0; i < 3; i++) members.push(asUser(await addMember(s.ctx, root, i % 2 ? 'right' : 'left')));
    admins = [
      asUser(await addMember(s.ctx, root, 'left'), ['admin']),
      asUser(await addMember(s.ctx, root, 'right'), ['admin']),
    ];
  });
  afterAll(() => s?.close());

  it('units and cash conserved, every rounding for the fund, the ledger balanced', {
    timeout: 120_000,
  }, async () => {
    const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
    await fc.assert(fc.asyncProperty(scenario, runScenario), { numRuns: 25, seed });
    console.info('fund property runs exercised', seen);
    for (const [k, n] of Object.entries(seen)) expect(n, k).toBeGreaterThan(0);
  });
});
