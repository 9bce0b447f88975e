import type { DbOrTx } from '@agc/db';
import { rebuildMemberTotals } from '@server/modules/ledger/index.ts';
import { sql } from 'drizzle-orm';

/**
 * The solvency view's data at scale, in bulk (generate_series): `n` members under one root, each with available USDT,
 * half with available AGC, every tenth with an open withdrawal, every hundredth with a pending simple-earn transfer out
 * arriving two minutes after `now` (test/solvency-scale.test.ts checks the view's totals against closed forms; the
 * solvency benchmark times the read at a million).
 */
export async function seedSolvencyMembers(db: DbOrTx, n: number, now: Date): Promise<void> {
  await db.execute(sql`insert into users (id, address, invite_code, left_leg_id, right_leg_id)
    values (1, ${`0x${'1'.padStart(40, '0')}`}, 'SROOT', 1, 1)`);
  await db.execute(sql`insert into users (id, address, invite_code, inviter_id, depth, left_leg_id, right_leg_id)
    select g, '0x' || lpad(to_hex(g), 40, '0'), 'S' || g, 1, 1, g, g from generate_series(2, ${n + 1}) g`);
  await db.execute(sql`select setval('users_id_seq', ${n + 1})`);
  // Member g: g USDT minor units available; even g also g AGC minor units; accounts the view does not count too.
  await db.execute(sql`insert into ledger_accounts (user_id, code, asset, balance)
    select g, 'member.available', 'USDT', g from generate_series(2, ${n + 1}) g
    union all select g, 'member.available', 'AGC', g from generate_series(2, ${n + 1}) g where g % 2 = 0
    union all select g, 'member.investment', 'USDT', 1000000 from generate_series(2, ${n + 1}) g
    union all select g, 'member.remaining_dividends', 'USDT', 3000000 from generate_series(2, ${n + 1}) g`);
  // Every tenth member: a withdrawal of 10 USDT (fee 0.5), Auditing or Withdrawable alternately; others paid.
  await db.execute(sql`insert into withdrawals (user_id, type, asset, amount, fee, received, fee_ppm, address, day, status)
    select g, 1, 'USDT', 10000000, 500000, 9500000, 50000, '0x' || lpad(to_hex(g), 40, '0'), current_date,
      case when g % 20 = 0 then 'Auditing' else 'Withdrawable' end
    from generate_series(2, ${n + 1}) g where g % 10 = 0
    union all select g, 1, 'USDT', 10000000, 500000, 9500000, 50000, '0x' || lpad(to_hex(g), 40, '0'), current_date,
      'Success'
    from generate_series(2, ${n + 1}) g where g % 10 = 1`);
  // Every hundredth member: 7 USDT out, arriving in 2 minutes; arrived ones beside them.
  await db.execute(sql`insert into earn_movements (user_id, kind, amount, day, status, arrives_at, created_at)
    select g, 'Out', 7000000, current_date, 'Pending', ${new Date(now.getTime() + 120_000).toISOString()}::timestamptz,
      now()
    from generate_series(2, ${n + 1}) g where g % 100 = 0
    union all select g, 'Out', 7000000, current_date, 'Arrived', now(), now()
    from generate_series(2, ${n + 1}) g where g % 100 = 1`);
  // The balances were written around the ledger's posting statement: their running totals from the full sum.
  await rebuildMemberTotals(db);
  await db.execute(sql`analyze`);
}
