/**
 * Fund NAV publication benchmark: `node --import ./scripts/node20-polyfills.mjs --import tsx bench/funds-nav.ts` (also part
 * `funds` of `npm run bench`; no build needed). Prints figures only; nothing here is asserted in tests.
 *
 * NAV publication on PostgreSQL for one fund product with SUBS Processing subscriptions and REDS Approved
 * redemptions (defaults 100,000 each, of MEMBERS = 10,000 members with several orders each): an admin's
 * POST /api/v1/admin/funds/products/:id/nav through the app (app.inject), timed end to end. It runs the real
 * path: the product lock, the day and step checks, the NAV row, pricing every subscription and redemption
 * (nav/pricing.ts: one UPDATE per side with math.ts's rules in SQL, then the ledger's transferBatch), the audit
 * entry, one commit. Target ≤ 5 s; beside it its floor (the publication's rows, journal lines and balances replayed
 * set-based into copies of their tables, bench/floor.ts), target ≤ 1.5×. Afterwards: every order and redemption
 * priced, checkLedger clean.
 *
 * Setup (printed, not timed): members seeded by team-seed.ts; SUBS orders of the product Processing with their
 * payment postings, priced by a first NAV (also timed and printed: subscriptions alone); then each of REDS of
 * those holdings gets an Approved redemption of all its units (units moved to fund_units_redeeming, as the
 * request posts it), and SUBS new Processing orders are paid. The measured NAV then prices both sets.
 *
 * Baseline in the same run: a second product with the same kind of business, priced one order and one
 * redemption per transaction (lock the row, price it with math.ts, update it, post its transfers one by
 * one with the ledger's `transfer`), time-boxed to BASELINE_SECONDS, then extrapolated to SUBS + REDS.
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test): a fresh database is created from the
 * migrated template and dropped. BENCH_FUND_SUBSCRIPTIONS, BENCH_FUND_REDEMPTIONS, BENCH_FUND_MEMBERS,
 * BENCH_FUND_BASELINE_SECONDS (5) change the sizes.
 */
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { type DbOrTx, rowsOf } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { sql } from 'drizzle-orm';
import { openSessionFor } from '../apps/server/src/modules/auth/sessions.ts';
import { FUND_ACCOUNTS, unitRef, usdtRef } from '../apps/server/src/modules/funds/accounts.ts';
import { costShare, priceRedemption, priceSubscription } from '../apps/server/src/modules/funds/math.ts';
import { lockEndOf } from '../apps/server/src/modules/funds/nav/pricing.ts';
import {
  checkLedger,
  type TransferInput,
  transfer,
  transferBatch,
} from '../apps/server/src/modules/ledger/index.ts';
import type { TestServer } from '../apps/server/test/helpers.ts';
import { seedTeam } from '../apps/server/test/team-seed.ts';
import {
  floorLine,
  type LedgerMarks,
  ledgerMarks,
  ledgerReplay,
  prepareReplay,
  type Replay,
  timeReplay,
} from './floor.ts';
import { cpuNow, num, PG_URL, pgTestServer } from './pg.ts';

const SUBS = num('BENCH_FUND_SUBSCRIPTIONS', 100_000);
const REDS = num('BENCH_FUND_REDEMPTIONS', 100_000);
const MEMBERS = num('BENCH_FUND_MEMBERS', 10_000);
const BASELINE_SECONDS = num('BENCH_FUND_BASELINE_SECONDS', 5);
const BASELINE_ITEMS = 20_000;
const CHUNK = 50_000;
/** team-seed.ts's member 1 (the root). */
const ROOT = `0x${'1'.padStart(40, '0')}`;

const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const dayAgo = (s: TestServer, n: number) => {
  const d = s.ctx.now();
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};

async function insertProduct(db: DbOrTx, name: string): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into fund_products (name, risk, lock_days, minimum_usdt, subscription_fee_ppm,
      redemption_fee_ppm, expected_yield_ppm, distribution_ppm)
      values (${name}, 'Medium', 30, 100000000, 15000, 5000, 80000, 0) returning id`),
  );
  return Number(defined(row).id);
}

/**
 * `n` paid subscriptions of `productId` (Processing), member i % members, amounts 100 … 1,000 USDT in whole
 * hundreds, and their payment postings (chain inflow → fund_subscribing, as the payment confirmation posts them).
 */
async function seedProcessing(db: TestServer['ctx']['db'], productId: number, n: number, members: bigint[]) {
  for (let from = 0; from < n; from += CHUNK) {
    const count = Math.min(CHUNK, n - from);
    const users = Array.from({ length: count }, (_, i) =>
      defined(members[(from + i) % members.length]).toString(),
    );
    const amounts = Array.from({ length: count }, (_, i) =>
      (BigInt(((from + i) % 10) + 1) * 100_000_000n).toString(),
    );
    await db.transaction(async (tx) => {
      const rows = rowsOf<{ id: string; user_id: string; amount_usdt: string }>(
        await tx.execute(sql`
          insert into fund_orders (user_id, product_id, status, amount_usdt, fee_ppm, quote_expires_at, paid_at,
            confirmed_at)
          select u, ${productId}, 'Processing', a, 15000, now(), now(), now()
          from unnest(${sql.param(users)}::bigint[], ${sql.param(amounts)}::numeric[]) as k(u, a)
          returning id::text as id, user_id::text as user_id, amount_usdt::text as amount_usdt`),
      );
      await transferBatch(
        tx,
        rows.map((r) => ({
          debit: usdtRef(null, FUND_ACCOUNTS.chainInflow),
          credit: usdtRef(BigInt(r.user_id), FUND_ACCOUNTS.subscribing),
          amount: BigInt(r.amount_usdt),
          kind: 'fund.subscription.payment',
          ref: `fundorder:${r.id}`,
          idempotencyKey: `fundorder:${r.id}:payment`,
        })),
      );
    });
  }
}

/** An Approved redemption of all units of `n` holdings of the product, as the request and approval leave them. */
async function seedApprovedRedemptions(db: TestServer['ctx']['db'], productId: number, n: number) {
  const holdings = rowsOf<{ id: string; user_id: string; units: string }>(
    await db.execute(sql`select id::text as id, user_id::text as user_id, units_free::text as units
      from fund_orders where product_id = ${productId} and status = 'Subscription' and units_free > 0
      order by id limit ${n}`),
  );
  for (let from = 0; from < holdings.length; from += CHUNK) {
    const part = holdings.slice(from, from + CHUNK);
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        update fund_orders o set units_redeeming = o.units_free, units_free = 0, status = 'Redemption'
        from unnest(${sql.param(part.map((h) => h.id))}::bigint[]) as k(id) where o.id = k.id`);
      const reds = rowsOf<{ id: string; user_id: string; units: string }>(
        await tx.execute(sql`
          insert into fund_redemptions (order_id, user_id, product_id, status, units, fee_ppm, audited_at)
          select o, u, ${productId}, 'Approved', x, 5000, now()
          from unnest(${sql.param(part.map((h) => h.id))}::bigint[], ${sql.param(part.map((h) => h.user_id))}::bigint[],
            ${sql.param(part.map((h) => h.units))}::numeric[]) as k(o, u, x)
          returning id::text as id, user_id::text as user_id, units::text as units`),
      );
      await transferBatch(
        tx,
        reds.map((r) => ({
          debit: unitRef(BigInt(r.user_id), FUND_ACCOUNTS.units, productId),
          credit: unitRef(BigInt(r.user_id), FUND_ACCOUNTS.unitsRedeeming, productId),
          amount: BigInt(r.units),
          kind: 'fund.redemption.request',
          ref: `fundredemption:${r.id}`,
          idempotencyKey: `fundredemption:${r.id}:request`,
        })),
      );
    });
  }
  return holdings.length;
}

/**
 * The floor of a publication: the rows it wrote, written set-based from the database's own copy of them (no product
 * lock, no pricing, no postings built in the process): the product's orders and redemptions it priced, and its ledger
 * writes (ledgerReplay).
 */
function navReplay(productId: number, navId: string, marks: LedgerMarks): Replay {
  const ledger = ledgerReplay(marks);
  const scope = `product_id = ${productId}`;
  return {
    inserted: ledger.inserted,
    upserted: [
      {
        table: 'fund_orders',
        key: 'id',
        scope,
        rows: `${scope} and (nav_id = ${navId} or id in (select order_id from fund_redemptions where nav_id = ${navId}))`,
      },
      { table: 'fund_redemptions', key: 'id', scope, rows: `nav_id = ${navId}` },
      ...ledger.upserted,
    ],
  };
}

/** Publishes a NAV through the API as the admin; returns the answer and the wall time. */
async function publishTimed(
  s: TestServer,
  headers: Record<string, string>,
  productId: number,
  day: string,
  nav: string,
) {
  const t0 = performance.now();
  const res = await s.app.inject({
    method: 'POST',
    url: `/api/v1/admin/funds/products/${productId}/nav`,
    headers,
    payload: { day, nav },
  });
  const ms = performance.now() - t0;
  const body = res.json();
  if (body.code !== 200) throw new Error(`publish failed: ${res.body}`);
  return {
    ms,
    entry: body.data as { nav_id: string; priced: { subscriptions: number; redemptions: number } },
  };
}

/** The baseline: one transaction per subscription or redemption, each posting its transfers one by one. */
async function baseline(s: TestServer, productId: number, navId: bigint, navE8: bigint, day: string) {
  const db = s.ctx.db;
  const lockEndsAt = lockEndOf(day, 30);
  const subs = rowsOf<{ id: string }>(
    await db.execute(
      sql`select id::text as id from fund_orders where product_id = ${productId} and status = 'Processing' order by id`,
    ),
  ).map((r) => r.id);
  const reds = rowsOf<{ id: string }>(
    await db.execute(
      sql`select id::text as id from fund_redemptions where product_id = ${productId} and status = 'Approved' order by id`,
    ),
  ).map((r) => r.id);
  const items = subs.flatMap((id, i) => [
    { kind: 'sub' as const, id },
    ...(reds[i] ? [{ kind: 'red' as const, id: defined(reds[i]) }] : []),
  ]);
  const t0 = performance.now();
  let done = { subs: 0, reds: 0 };
  for (const item of items) {
    if (performance.now() - t0 > BASELINE_SECONDS * 1000) break;
    await db.transaction(async (tx) => {
      const now = s.ctx.now();
      if (item.kind === 'sub') {
        const [o] = rowsOf<{ user_id: string; amount_usdt: string; fee_ppm: number }>(
          await tx.execute(sql`select user_id::text as user_id, amount_usdt::text as amount_usdt, fee_ppm
            from fund_orders where id = ${item.id}::bigint and status = 'Processing' for update`),
        );
        if (!o) return;
        const user = BigInt(o.user_id);
        const p = priceSubscription(BigInt(o.amount_usdt), Number(o.fee_ppm), navE8);
        await tx.execute(sql`update fund_orders set status = 'Subscription', fee_usdt = ${p.fee.toString()}::numeric,
          units = ${p.units.toString()}::numeric, units_free = ${p.units.toString()}::numeric, cost_usdt = amount_usdt,
          nav_id = ${navId.toString()}::bigint, nav_e8 = ${navE8.toString()}::numeric,
          subscribed_at = ${now.toISOString()}::timestamptz, lock_ends_at = ${lockEndsAt.toISOString()}::timestamptz
          where id = ${item.id}::bigint`);
        const postings: TransferInput[] = [
          {
            debit: usdtRef(user, FUND_ACCOUNTS.subscribing),
            credit: usdtRef(null, FUND_ACCOUNTS.assets),
            amount: p.net,
            kind: 'fund.subscription.net',
            ref: `fundorder:${item.id}`,
            idempotencyKey: `fundorder:${item.id}:net`,
          },
          {
            debit: usdtRef(user, FUND_ACCOUNTS.subscribing),
            credit: usdtRef(null, FUND_ACCOUNTS.fees),
            amount: p.fee,
            kind: 'fund.subscription.fee',
            ref: `fundorder:${item.id}`,
            idempotencyKey: `fundorder:${item.id}:fee`,
          },
          {
            debit: unitRef(null, FUND_ACCOUNTS.unitsIssued, productId),
            credit: unitRef(user, FUND_ACCOUNTS.units, productId),
            amount: p.units,
            kind: 'fund.subscription.units',
            ref: `fundorder:${item.id}`,
            idempotencyKey: `fundorder:${item.id}:units`,
          },
        ];
        for (const t of postings) if (t.amount > 0n) await transfer(tx, t);
        done.subs += 1;
      } else {
        const [r] = rowsOf<{ order_id: string; user_id: string; units: string; fee_ppm: number }>(
          await tx.execute(sql`select order_id::text as order_id, user_id::text as user_id, units::text as units, fee_ppm
            from fund_redemptions where id = ${item.id}::bigint and status = 'Approved' for update`),
        );
        if (!r) return;
        const [o] = rowsOf<{ units_free: string; units_redeeming: string; cost_usdt: string }>(
          await tx.execute(sql`select units_free::text as units_free, units_redeeming::text as units_redeeming,
            cost_usdt::text as cost_usdt from fund_orders where id = ${r.order_id}::bigint for update`),
        );
        const user = BigInt(r.user_id);
        const units = BigInt(r.units);
        const p = priceRedemption(units, Number(r.fee_ppm), navE8);
        const share = costShare(
          BigInt(defined(o).cost_usdt),
          units,
          BigInt(defined(o).units_free) + BigInt(defined(o).units_redeeming),
        );
        await tx.execute(sql`update fund_redemptions set status = 'Completed', nav_id = ${navId.toString()}::bigint,
          nav_e8 = ${navE8.toString()}::numeric, gross_usdt = ${p.gross.toString()}::numeric,
          fee_usdt = ${p.fee.toString()}::numeric, amount_usdt = ${p.amount.toString()}::numeric,
          completed_at = ${now.toISOString()}::timestamptz where id = ${item.id}::bigint`);
        await tx.execute(sql`update fund_orders set units_redeeming = units_redeeming - ${units.toString()}::numeric,
          cost_usdt = cost_usdt - ${share.toString()}::numeric,
          realized_usdt = realized_usdt + ${(p.amount - share).toString()}::numeric,
          status = case when units_free + units_redeeming - ${units.toString()}::numeric = 0 then 'Redeemed'
            when units_redeeming - ${units.toString()}::numeric = 0 then 'Subscription' else 'Redemption' end
          where id = ${r.order_id}::bigint`);
        const postings: TransferInput[] = [
          {
            debit: unitRef(user, FUND_ACCOUNTS.unitsRedeeming, productId),
            credit: unitRef(null, FUND_ACCOUNTS.unitsIssued, productId),
            amount: units,
            kind: 'fund.redemption.units',
            ref: `fundredemption:${item.id}`,
            idempotencyKey: `fundredemption:${item.id}:units`,
          },
          {
            debit: usdtRef(null, FUND_ACCOUNTS.assets),
            credit: usdtRef(user, FUND_ACCOUNTS.memberAvailable),
            amount: p.amount,
            kind: 'fund.redemption.amount',
            ref: `fundredemption:${item.id}`,
            idempotencyKey: `fundredemption:${item.id}:amount`,
          },
          {
            debit: usdtRef(null, FUND_ACCOUNTS.assets),
            credit: usdtRef(null, FUND_ACCOUNTS.fees),
            amount: p.fee,
            kind: 'fund.redemption.fee',
            ref: `fundredemption:${item.id}`,
            idempotencyKey: `fundredemption:${item.id}:fee`,
          },
        ];
        for (const t of postings) if (t.amount > 0n) await transfer(tx, t);
        done = { ...done, reds: done.reds + 1 };
      }
    });
  }
  const ms = performance.now() - t0;
  return { ms, ...done };
}

export async function runFundNavBenchmark(): Promise<void> {
  console.log('\n== Funds: NAV publication ==');
  const s = await pgTestServer(PG_URL, { ADMIN_ADDRESSES: ROOT });
  if (!s) return;
  try {
    const db = s.ctx.db;
    let t0 = performance.now();
    await seedTeam(db, {
      members: MEMBERS,
      chainDepth: 50,
      priorInvestors: 0,
      dayOrders: 0,
      day: dayAgo(s, 3),
    });
    // The seeded root (member 1) is the admin: a session of its own, as the other benchmarks sign members in.
    const headers = {
      authorization: `Bearer ${await s.ctx.tokens.sign(ROOT, 1n, await openSessionFor(db, 1n, 3_600_000))}`,
      'x-wallet-address': ROOT,
    };
    const members = rowsOf<{ id: string }>(
      await db.execute(sql`select id::text as id from users order by id desc limit ${MEMBERS}`),
    ).map((r) => BigInt(r.id));
    const fund = await insertProduct(db, 'Bench fund');
    const base = await insertProduct(db, 'Baseline fund');
    await publishTimed(s, headers, fund, dayAgo(s, 3), '1');
    await publishTimed(s, headers, base, dayAgo(s, 3), '1');
    await seedProcessing(db, fund, Math.max(SUBS, REDS), members);
    console.log(
      `setup: ${members.length} members, ${Math.max(SUBS, REDS)} paid subscriptions in ${secs(performance.now() - t0)}`,
    );
    const first = await publishTimed(s, headers, fund, dayAgo(s, 2), '1.01');
    console.log(
      `NAV 1 (subscriptions only): ${first.entry.priced.subscriptions} priced in ${secs(first.ms)}`,
    );
    t0 = performance.now();
    const redeeming = await seedApprovedRedemptions(db, fund, REDS);
    await seedProcessing(db, fund, SUBS, members);
    // The baseline's product: the same kind of business, fewer of each (the baseline is time-boxed).
    const few = Math.min(BASELINE_ITEMS, SUBS);
    await seedProcessing(db, base, few, members);
    const baseFirst = await publishTimed(s, headers, base, dayAgo(s, 2), '1.01');
    await seedApprovedRedemptions(db, base, few);
    await seedProcessing(db, base, few, members);
    // What autovacuum does between two daily NAVs: the seeding's updates leave dead rows behind.
    for (const table of ['fund_orders', 'fund_redemptions', 'ledger_accounts', 'ledger_transfers'])
      await db.execute(sql.raw(`vacuum analyze ${table}`));
    console.log(
      `setup: ${redeeming} Approved redemptions and ${SUBS} new paid subscriptions in ${secs(performance.now() - t0)} (baseline product: ${baseFirst.entry.priced.subscriptions} holdings, ${few} of each)`,
    );

    // The floor's copies of the tables the publication writes, as they are before it.
    const marks = await ledgerMarks(db);
    await prepareReplay(db, navReplay(fund, '0', marks));
    const cpu0 = await cpuNow(db);
    const measured = await publishTimed(s, headers, fund, dayAgo(s, 1), '1.02345678');
    const cpu1 = await cpuNow(db);
    const { subscriptions, redemptions } = measured.entry.priced;
    const perSecond = ((subscriptions + redemptions) / measured.ms) * 1000;
    console.log(
      `NAV publication: ${subscriptions} subscriptions + ${redemptions} redemptions priced in ${secs(measured.ms)} end to end (${Math.round(perSecond)} items/s; target ≤ 5 s${measured.ms <= 5000 ? ': met' : ': NOT met'})`,
    );
    console.log(
      `  CPU: PostgreSQL ${(cpu1.pg - cpu0.pg).toFixed(2)} s, this process ${(cpu1.node - cpu0.node).toFixed(2)} s; load average ${defined(loadavg()[0]).toFixed(1)} on this machine`,
    );

    const floorMs = await timeReplay(db, navReplay(fund, measured.entry.nav_id, marks));
    console.log(
      floorLine('NAV publication against its floor', measured.ms, floorMs, 1.5, {
        floorName:
          'the same order and redemption rows, journal lines and balances written set-based, no pricing',
      }),
    );

    const [nav] = rowsOf<{ id: string }>(
      await db.execute(sql`insert into fund_navs (product_id, day, nav_e8, status, published_at)
        values (${base}, ${dayAgo(s, 1)}::date, 102345678, 'Published', now()) returning id::text as id`),
    );
    const b = await baseline(s, base, BigInt(defined(nav).id), 102_345_678n, dayAgo(s, 1));
    const rate = ((b.subs + b.reds) / b.ms) * 1000;
    const projected = ((subscriptions + redemptions) / rate) * 1000;
    console.log(
      `baseline (one transaction per order): ${b.subs} subscriptions + ${b.reds} redemptions in ${secs(b.ms)} = ${Math.round(rate)} items/s → ${secs(projected)} for ${subscriptions + redemptions} (×${(projected / measured.ms).toFixed(1)} the set-based publication)`,
    );

    const left = rowsOf<{ n: number }>(
      await db.execute(sql`select (select count(*) from fund_orders where product_id = ${fund} and status = 'Processing')
        + (select count(*) from fund_redemptions where product_id = ${fund} and status = 'Approved') as n`),
    );
    const check = await checkLedger(db);
    const clean = check.mismatched.length + check.negative.length + check.assetMismatch.length === 0;
    console.log(
      `check: ${Number(defined(left[0]).n)} left unpriced, ledger ${clean ? 'clean' : `NOT clean ${JSON.stringify(check).slice(0, 300)}`}`,
    );
  } finally {
    await s.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runFundNavBenchmark();
