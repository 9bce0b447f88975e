import { type DbOrTx, rowsOf, schema } from '@agc/db';
import { inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { invalidate } from '../../lib/caches.ts';

const { orders } = schema;

/** 'YYYY-MM' (UTC) of a date: the month the "this month" team figures belong to. */
export const monthKey = (d: Date) => d.toISOString().slice(0, 7);

interface Node {
  parentId: bigint | null;
  side: 'left' | 'right' | null;
  depth: number;
}

/**
 * Adds confirmed orders' prices to every ancestor's left or right team investment (total and the
 * order's month). Orders are applied once (orders.volume_applied_at, claimed with SKIP LOCKED so
 * several processes can run it). The batch's ancestor paths are read in one recursive query that
 * visits each shared ancestor once, and the sums are pushed up the union of paths in memory,
 * deepest first: cost follows the size of that union, not orders × depth. Returns the orders applied.
 */
export async function applyTeamVolume(db: DbOrTx, now: Date, limit = 2000): Promise<number> {
  return db.transaction(async (tx) => {
    const picked = rowsOf<{ id: string; user_id: string; price: string; month: string }>(
      await tx.execute(sql`
        select id::text as id, user_id::text as user_id, price_usdt::text as price,
          to_char(confirmed_at at time zone 'UTC', 'YYYY-MM') as month
        from orders where status = 'Success' and volume_applied_at is null
        order by id limit ${limit} for update skip locked`),
    );
    if (picked.length === 0) return 0;
    // Group by month so each month's figures get their own orders.
    const byMonth = new Map<string, Array<{ userId: bigint; price: bigint }>>();
    for (const o of picked) {
      const list = byMonth.get(o.month) ?? [];
      list.push({ userId: BigInt(o.user_id), price: BigInt(o.price) });
      byMonth.set(o.month, list);
    }
    const sources = [...new Set(picked.map((o) => o.user_id))];
    const ancestry = rowsOf<{
      id: string;
      parent_id: string | null;
      side: 'left' | 'right' | null;
      depth: number;
    }>(
      await tx.execute(sql`
        with recursive up(id, parent_id, side, depth) as (
          select id, parent_id, side, depth from users
          where id in (${sql.join(
            sources.map((s) => sql`${s}::bigint`),
            sql`, `,
          )})
          union
          select u.id, u.parent_id, u.side, u.depth from users u join up on u.id = up.parent_id
        )
        select id::text as id, parent_id::text as parent_id, side, depth from up`),
    );
    const nodes = new Map<bigint, Node>();
    for (const r of ancestry)
      nodes.set(BigInt(r.id), {
        parentId: r.parent_id === null ? null : BigInt(r.parent_id),
        side: r.side,
        depth: Number(r.depth),
      });
    const order = [...nodes].sort((a, b) => b[1].depth - a[1].depth);

    for (const [month, list] of byMonth) {
      const subtree = new Map<bigint, bigint>();
      for (const o of list) subtree.set(o.userId, (subtree.get(o.userId) ?? 0n) + o.price);
      const left = new Map<bigint, bigint>();
      const right = new Map<bigint, bigint>();
      for (const [id, node] of order) {
        const sum = subtree.get(id);
        if (!sum || node.parentId === null) continue;
        const side = node.side === 'left' ? left : right;
        side.set(node.parentId, (side.get(node.parentId) ?? 0n) + sum);
        subtree.set(node.parentId, (subtree.get(node.parentId) ?? 0n) + sum);
      }
      const touched = [...new Set([...left.keys(), ...right.keys()])];
      for (let i = 0; i < touched.length; i += 5000) {
        const values = sql.join(
          touched
            .slice(i, i + 5000)
            .map(
              (id) =>
                sql`(${id.toString()}::bigint, ${(left.get(id) ?? 0n).toString()}::numeric, ${(right.get(id) ?? 0n).toString()}::numeric)`,
            ),
          sql`, `,
        );
        await tx.execute(sql`
          insert into member_volume as m (user_id, left_total, right_total, month_key, left_month, right_month, updated_at)
          select v.id, v.l, v.r, ${month}, v.l, v.r, ${now.toISOString()}::timestamptz
          from (values ${values}) as v(id, l, r)
          on conflict (user_id) do update set
            left_total = m.left_total + excluded.left_total,
            right_total = m.right_total + excluded.right_total,
            left_month = case when excluded.month_key > m.month_key then excluded.left_month
              when excluded.month_key = m.month_key then m.left_month + excluded.left_month else m.left_month end,
            right_month = case when excluded.month_key > m.month_key then excluded.right_month
              when excluded.month_key = m.month_key then m.right_month + excluded.right_month else m.right_month end,
            month_key = greatest(m.month_key, excluded.month_key),
            updated_at = excluded.updated_at`);
      }
    }
    await tx
      .update(orders)
      .set({ volumeAppliedAt: now })
      .where(
        inArray(
          orders.id,
          picked.map((o) => BigInt(o.id)),
        ),
      );
    return picked.length;
  });
}

/** Applies pending team volume in the app's database, then drops this process's cached /me figures. */
export async function applyPendingTeamVolume(ctx: AppContext, limit?: number): Promise<number> {
  const applied = await applyTeamVolume(ctx.db, ctx.now(), limit);
  if (applied > 0) invalidate(ctx, { kind: 'allFigures' });
  return applied;
}
