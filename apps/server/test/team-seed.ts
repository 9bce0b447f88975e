/**
 * Seeds a large team for the settlement and tree benchmarks, straight into PostgreSQL with array
 * inserts (the sign-up code would take hours for a million members). The tree is built by the same
 * spill-over rule as sign-up (a new member goes to the tail of the inviter's leg on the chosen side;
 * legs, depths and jump pointers as insertPlaced computes them), so its shape is the real one:
 *
 * - members 2 … chainDepth+1 are all invited by the root on the left: one spill-over leg that deep;
 * - every later member is invited by a uniformly random earlier member on a random side, so many
 *   join at the bottom of deep legs (anyone on the root's left leg who invites left extends it).
 *
 * Investors: `priorInvestors` random members hold one order confirmed the day before, `dayOrders`
 * orders (random members) are confirmed on `day`. Their ledger entries are the ones confirmation
 * posts (payment → investment, cap → remaining dividends), so checkLedger holds.
 */
import type { Db } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { rebuildMemberTotals } from '@server/modules/ledger/index.ts';
import { sql } from 'drizzle-orm';

export interface SeedOptions {
  members: number;
  chainDepth: number;
  priorInvestors: number;
  dayOrders: number;
  /** YYYY-MM-DD: the day the day orders are confirmed (priors the day before). */
  day: string;
  seed?: number;
}

export interface SeededTeam {
  members: number;
  maxDepth: number;
  /** A member at the maximal depth (for the me/tree benchmark), its address, and the root's. */
  deepest: { id: number; address: string; depth: number };
  root: { id: number; address: string };
  /** Σ depth of the day orders' members: ancestor walks the naive method makes. */
  dayOrderAncestors: number;
  dayOrderMembers: number[];
  seconds: number;
}

/** A seeded PRNG (mulberry32), so every run builds the same tree and order mix. */
export function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const addressOf = (id: number) => `0x${id.toString(16).padStart(40, '0')}`;
const PRICES = [100_000_000n, 1_000_000_000n, 5_000_000_000n, 10_000_000_000n];
const CHUNK = 100_000;

async function inChunks(n: number, f: (from: number, to: number) => Promise<void>) {
  for (let from = 0; from < n; from += CHUNK) await f(from, Math.min(n, from + CHUNK));
}

export async function seedTeam(db: Db, o: SeedOptions): Promise<SeededTeam> {
  const t0 = performance.now();
  const rnd = prng(o.seed ?? 42);
  const n = o.members;
  // Index i = member id (1-based); legs are numbered from 1 as well.
  const parent = new Int32Array(n + 1);
  const inviter = new Int32Array(n + 1);
  const side = new Uint8Array(n + 1); // 1 left, 2 right
  const depth = new Int32Array(n + 1);
  const jump = new Int32Array(n + 1);
  const leftLeg = new Int32Array(n + 1);
  const rightLeg = new Int32Array(n + 1);
  const invited = new Int32Array(n + 1);
  const tail = new Int32Array(2 * n + 2);
  let legs = 0;
  leftLeg[1] = ++legs;
  rightLeg[1] = ++legs;
  tail[defined(leftLeg[1])] = 1;
  tail[defined(rightLeg[1])] = 1;
  const J = (x: number) => (jump[x] === 0 ? x : defined(jump[x]));
  for (let id = 2; id <= n; id++) {
    const inv = id <= o.chainDepth + 1 ? 1 : 1 + Math.floor(rnd() * (id - 1));
    const s = id <= o.chainDepth + 1 ? 1 : rnd() < 0.5 ? 1 : 2;
    const leg = s === 1 ? defined(leftLeg[inv]) : defined(rightLeg[inv]);
    const p = defined(tail[leg]);
    const fresh = ++legs;
    parent[id] = p;
    inviter[id] = inv;
    side[id] = s;
    depth[id] = defined(depth[p]) + 1;
    const j = J(p);
    const jj = J(j);
    jump[id] = defined(depth[p]) - defined(depth[j]) === defined(depth[j]) - defined(depth[jj]) ? jj : p;
    leftLeg[id] = s === 1 ? leg : fresh;
    rightLeg[id] = s === 2 ? leg : fresh;
    tail[leg] = id;
    tail[fresh] = id;
    invited[inv] = defined(invited[inv]) + 1;
  }

  // Orders: the prior investors' (confirmed the day before) and the day's.
  const dayStart = new Date(`${o.day}T00:00:00Z`).getTime();
  const orders: Array<{ user: number; price: bigint; at: number }> = [];
  for (let k = 0; k < o.priorInvestors; k++)
    orders.push({
      user: 1 + Math.floor(rnd() * n),
      price: defined(PRICES[Math.floor(rnd() * 2)]),
      at: dayStart - 3_600_000,
    });
  for (let k = 0; k < o.dayOrders; k++)
    orders.push({
      user: 1 + Math.floor(rnd() * n),
      price: defined(PRICES[Math.floor(rnd() * PRICES.length)]),
      at: dayStart + Math.floor(rnd() * 86_000_000),
    });
  await db.transaction(async (tx) => {
    // Seeding only: skip the foreign-key triggers (every reference points at a row of this same load).
    await tx.execute(sql`set local session_replication_role = replica`);
    await inChunks(n, async (from, to) => {
      const ids: string[] = [];
      for (let i = from + 1; i <= to; i++) ids.push(String(i));
      const col = (f: (id: number) => string | null) => ids.map((x) => f(Number(x)));
      await tx.execute(sql`
        insert into users (id, address, invite_code, inviter_id, parent_id, side, depth, jump_id, invited_count,
          left_leg_id, right_leg_id, created_at)
        select * , now() - interval '3 days' from unnest(
          ${sql.param(ids)}::bigint[],
          ${sql.param(col(addressOf))}::text[],
          ${sql.param(col((i) => `B${i.toString(36)}`))}::text[],
          ${sql.param(col((i) => (i === 1 ? null : String(inviter[i]))))}::bigint[],
          ${sql.param(col((i) => (i === 1 ? null : String(parent[i]))))}::bigint[],
          ${sql.param(col((i) => (i === 1 ? null : side[i] === 1 ? 'left' : 'right')))}::text[],
          ${sql.param(col((i) => String(depth[i])))}::int[],
          ${sql.param(col((i) => (i === 1 ? null : String(jump[i]))))}::bigint[],
          ${sql.param(col((i) => String(invited[i])))}::int[],
          ${sql.param(col((i) => String(leftLeg[i])))}::bigint[],
          ${sql.param(col((i) => String(rightLeg[i])))}::bigint[])`);
    });
    await inChunks(legs, async (from, to) => {
      const ids: string[] = [];
      const tails: string[] = [];
      for (let i = from + 1; i <= to; i++) {
        ids.push(String(i));
        tails.push(String(tail[i]));
      }
      await tx.execute(sql`
        insert into legs (id, tail_user_id)
        select * from unnest(${sql.param(ids)}::bigint[], ${sql.param(tails)}::bigint[])`);
    });
    await tx.execute(sql`select setval('users_id_seq', ${n}), setval('legs_id_seq', ${legs})`);

    // The days before were settled (the earlier investors' orders belong to them).
    await tx.execute(sql`
      insert into settlement_runs (day, started_at, finished_at, duration_ms, totals)
      values ((${o.day}::date - 1), now(), now(), 0, '{}')`);
    await tx.execute(sql`insert into products (id, name, price_usdt) values (1, 'Bench', 100000000)`);
    await inChunks(orders.length, async (from, to) => {
      const part = orders.slice(from, to);
      await tx.execute(sql`
        insert into orders (user_id, product_id, product_name, price_usdt, fee_agc, agc_price_usdt, status,
          quote_expires_at, confirmed_at, volume_applied_at, created_at)
        select u, 1, 'Bench', p, 0, 500000, 'Success', a, a, a, a from unnest(
          ${sql.param(part.map((x) => String(x.user)))}::bigint[],
          ${sql.param(part.map((x) => x.price.toString()))}::numeric[],
          ${sql.param(part.map((x) => new Date(x.at).toISOString()))}::timestamptz[]) as v(u, p, a)`);
    });
    // The ledger as confirmation leaves it: per investor, investment and remaining dividends (× 3).
    const invested = new Map<number, bigint>();
    for (const x of orders) invested.set(x.user, (invested.get(x.user) ?? 0n) + x.price);
    let total = 0n;
    for (const v of invested.values()) total += v;
    await tx.execute(sql`
      insert into ledger_accounts (user_id, code, asset, balance, allow_negative) values
        (null, 'system.chain_inflow', 'USDT', ${(-total).toString()}, true),
        (null, 'system.dividend_cap_issued', 'USDT', ${(-3n * total).toString()}, true)`);
    const entries = [...invested];
    await inChunks(entries.length, async (from, to) => {
      const part = entries.slice(from, to);
      const users = sql.param(part.map(([u]) => String(u)));
      const amounts = sql.param(part.map(([, v]) => v.toString()));
      for (const [code, factor, source] of [
        ['member.investment', 1n, 'system.chain_inflow'],
        ['member.remaining_dividends', 3n, 'system.dividend_cap_issued'],
      ] as const) {
        await tx.execute(sql`
          with a as (
            insert into ledger_accounts (user_id, code, asset, balance)
            select u, ${code}, 'USDT', v * ${factor.toString()}::numeric
            from unnest(${users}::bigint[], ${amounts}::numeric[]) as x(u, v)
            returning id, user_id, balance)
          insert into ledger_transfers (debit_account_id, credit_account_id, asset, amount, kind, ref, idempotency_key)
          select (select id from ledger_accounts where user_id is null and code = ${source}), a.id, 'USDT', a.balance,
            'seed', 'seed:' || a.user_id, 'seed:' || ${code} || ':' || a.user_id from a`);
      }
    });
    // The balances were written around the ledger's posting statement: their running totals from the full sum.
    await rebuildMemberTotals(tx);
  });
  await db.execute(sql`analyze`);

  let maxDepth = 0;
  let deepest = 1;
  for (let id = 1; id <= n; id++)
    if (defined(depth[id]) > maxDepth) {
      maxDepth = defined(depth[id]);
      deepest = id;
    }
  const dayOrderMembers = orders.slice(o.priorInvestors).map((x) => x.user);
  let dayOrderAncestors = 0;
  for (const user of dayOrderMembers) dayOrderAncestors += defined(depth[user]);
  return {
    members: n,
    maxDepth,
    deepest: { id: deepest, address: addressOf(deepest), depth: maxDepth },
    root: { id: 1, address: addressOf(1) },
    dayOrderAncestors,
    dayOrderMembers,
    seconds: (performance.now() - t0) / 1000,
  };
}
