import { type Db, rowsOf } from '@agc/db';
import { sql } from 'drizzle-orm';

/**
 * The baseline: how most binary-plan software computes a day's team volume — for every order of the
 * day, walk up every ancestor with one query each and add the order to that ancestor's left or right
 * side. Only this first step of a settlement is timed (it is the part whose cost grows with depth);
 * it stops after `budgetMs` and reports the rate, so its full time can be extrapolated from
 * Σ depth of the orders' members.
 */
export async function naiveDayVolume(db: Db, day: string, budgetMs: number) {
  const start = new Date(`${day}T00:00:00Z`);
  const end = new Date(start.getTime() + 86_400_000);
  const orders = rowsOf<{ user_id: string; price: string }>(
    await db.execute(sql`
      select user_id::text as user_id, price_usdt::text as price from orders
      where status = 'Success' and confirmed_at >= ${start.toISOString()}::timestamptz
        and confirmed_at < ${end.toISOString()}::timestamptz order by id`),
  );
  const left = new Map<string, bigint>();
  const right = new Map<string, bigint>();
  const t0 = performance.now();
  let queries = 0;
  let ordersDone = 0;
  outer: for (const o of orders) {
    let current = o.user_id;
    for (;;) {
      const [row] = rowsOf<{ parent_id: string | null; side: 'left' | 'right' | null }>(
        await db.execute(
          sql`select parent_id::text as parent_id, side from users where id = ${current}::bigint`,
        ),
      );
      queries += 1;
      if (!row?.parent_id) break;
      const side = row.side === 'left' ? left : right;
      side.set(row.parent_id, (side.get(row.parent_id) ?? 0n) + BigInt(o.price));
      current = row.parent_id;
      if (performance.now() - t0 > budgetMs) break outer;
    }
    ordersDone += 1;
  }
  const seconds = (performance.now() - t0) / 1000;
  return {
    naive: true,
    orders: orders.length,
    ordersDone,
    queries,
    seconds,
    queriesPerSecond: queries / seconds,
  };
}
