import { type DbOrTx, rowsOf } from '@agc/db';
import { sql } from 'drizzle-orm';

/** A published NAV: its row id, UTC day and value (USDT per whole unit, 8 decimals). */
export interface PublishedNav {
  id: bigint;
  day: string;
  navE8: bigint;
}

/** The latest published NAV of each product (absent: none published yet), in one query. */
export async function latestNavs(db: DbOrTx, productIds: number[]): Promise<Map<number, PublishedNav>> {
  const out = new Map<number, PublishedNav>();
  if (productIds.length === 0) return out;
  const rows = rowsOf<{ product_id: number | string; id: string; day: string; nav_e8: string }>(
    await db.execute(sql`
      select distinct on (product_id) product_id, id::text as id, day::text as day, nav_e8::text as nav_e8
      from fund_navs
      where status = 'Published' and product_id = any(${sql.param([...new Set(productIds)])}::int[])
      order by product_id, day desc`),
  );
  for (const r of rows)
    out.set(Number(r.product_id), { id: BigInt(r.id), day: r.day, navE8: BigInt(r.nav_e8) });
  return out;
}

/**
 * The UTC day the next NAV of a product will be published for: the day after its latest published NAV, and never
 * before today. Forward pricing: a subscription confirmed, or a redemption approved, now is priced at that NAV.
 */
export function nextNavDay(latestDay: string | null, now: Date): string {
  const today = now.toISOString().slice(0, 10);
  if (latestDay === null) return today;
  const next = new Date(`${latestDay}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const day = next.toISOString().slice(0, 10);
  return day > today ? day : today;
}
