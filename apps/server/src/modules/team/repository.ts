import { type DbOrTx, rowsOf, schema } from '@agc/db';
import type { Side } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import { ACCOUNTS, hasInvested } from '@server/modules/ledger/index.ts';
import { findById, type Member } from '@server/modules/members/index.ts';
import { eq, inArray, sql } from 'drizzle-orm';

const { legs, orders, users } = schema;
const id = (v: bigint) => sql`${v.toString()}::bigint`;

// --- placement ---

/** Creates the root: the first member of an empty system, with its own two legs. */
export async function insertRoot(tx: DbOrTx, address: string, inviteCode: string): Promise<Member> {
  const [left] = await tx.insert(legs).values({}).returning({ id: legs.id });
  const [right] = await tx.insert(legs).values({}).returning({ id: legs.id });
  const [root] = await tx
    .insert(users)
    .values({
      address: address.toLowerCase(),
      inviteCode,
      leftLegId: defined(left).id,
      rightLegId: defined(right).id,
    })
    .returning();
  await tx
    .update(legs)
    .set({ tailUserId: defined(root).id })
    .where(sql`${legs.id} in (${defined(left).id}, ${defined(right).id})`);
  return defined(root);
}

/**
 * Places a new member at the outermost free position of `side` under the inviter (spill-over):
 * the tail of the inviter's leg on that side. The leg row is locked, so concurrent sign-ups on the
 * same leg queue up instead of racing for one slot; the cost does not depend on the tree's depth.
 * Must run inside a transaction.
 */
export async function insertPlaced(
  tx: DbOrTx,
  input: { address: string; inviteCode: string; inviter: Member; side: Side },
): Promise<Member> {
  const legId = input.side === 'left' ? input.inviter.leftLegId : input.inviter.rightLegId;
  const [leg] = await tx.select({ tail: legs.tailUserId }).from(legs).where(eq(legs.id, legId)).for('update');
  const parent = leg?.tail != null ? await findById(tx, leg.tail) : undefined;
  if (!parent) throw new Error(`leg ${legId} has no tail`);
  const jumpId = await jumpPointerUnder(tx, parent);
  // The other side of the new member starts a leg of its own.
  const [fresh] = await tx.insert(legs).values({}).returning({ id: legs.id });
  const [member] = await tx
    .insert(users)
    .values({
      address: input.address.toLowerCase(),
      inviteCode: input.inviteCode,
      inviterId: input.inviter.id,
      parentId: parent.id,
      side: input.side,
      depth: parent.depth + 1,
      jumpId,
      leftLegId: input.side === 'left' ? legId : defined(fresh).id,
      rightLegId: input.side === 'right' ? legId : defined(fresh).id,
    })
    .returning();
  await tx
    .update(legs)
    .set({ tailUserId: defined(member).id })
    .where(eq(legs.id, legId));
  await tx
    .update(legs)
    .set({ tailUserId: defined(member).id })
    .where(eq(legs.id, defined(fresh).id));
  await tx
    .update(users)
    .set({ invitedCount: sql`${users.invitedCount} + 1` })
    .where(eq(users.id, input.inviter.id));
  return defined(member);
}

/**
 * The jump pointer of a new child of `parent` (users.jump_id): with J(x) = x's jump (the root's is
 * itself), the child jumps to J(J(parent)) when the parent's two jumps span equal depths, else to the
 * parent. This skew-binary pattern keeps every level-ancestor query to O(log depth) hops.
 */
export async function jumpPointerUnder(tx: DbOrTx, parent: Member): Promise<bigint> {
  const rows = await tx.execute(sql`
    select j.depth as j_depth, jj.id::text as jj_id, jj.depth as jj_depth
    from users j join users jj on jj.id = coalesce(j.jump_id, j.id)
    where j.id = ${(parent.jumpId ?? parent.id).toString()}::bigint`);
  const [row] = rowsOf<{ j_depth: number; jj_id: string; jj_depth: number }>(rows);
  if (!row) throw new Error(`member ${parent.id} has a dangling jump pointer`);
  return parent.depth - Number(row.j_depth) === Number(row.j_depth) - Number(row.jj_depth)
    ? BigInt(row.jj_id)
    : parent.id;
}

// --- the tree ---

/**
 * The ancestor of `memberId` at depth `depth` (or null when the member is shallower), following the
 * skew-binary jump pointers: O(log depth) hops, each two primary-key lookups, so "is X in my subtree"
 * costs the same at depth 20,000 as at depth 2.
 */
export async function ancestorAt(db: DbOrTx, memberId: bigint, depth: number): Promise<bigint | null> {
  const rows = await db.execute(sql`
    with recursive walk(id, depth, parent_id, jump_id) as (
      select id, depth, parent_id, jump_id from users where id = ${id(memberId)}
      union all
      select n.id, n.depth, n.parent_id, n.jump_id
      from walk w
      join users j on j.id = coalesce(w.jump_id, w.id)
      join users n on n.id = case when j.depth >= ${depth} then j.id else w.parent_id end
      where w.depth > ${depth}
    )
    select id::text as id from walk where depth = ${depth}`);
  const [row] = rowsOf<{ id: string }>(rows);
  return row ? BigInt(row.id) : null;
}

export interface NodeRow {
  id: string;
  parent_id: string | null;
  address: string;
  side: Side | null;
  depth: number;
  created_at: string | Date;
  investment: string;
  left_volume: string;
  right_volume: string;
  left_carry: string;
  right_carry: string;
  has_left: boolean;
  has_right: boolean;
}

/** The org-chart figures of some members (or of a node and its children), one query of index lookups. */
export async function nodeRows(
  db: DbOrTx,
  ids: bigint[],
  withChildrenOf?: bigint,
): Promise<Map<bigint, NodeRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.execute(sql`
    select u.id::text as id, u.parent_id::text as parent_id, u.address, u.side, u.depth, u.created_at,
      coalesce(inv.balance, 0)::text as investment,
      coalesce(v.left_total, 0)::text as left_volume, coalesce(v.right_total, 0)::text as right_volume,
      coalesce(s.left_carry, 0)::text as left_carry, coalesce(s.right_carry, 0)::text as right_carry,
      exists (select 1 from users c where c.parent_id = u.id and c.side = 'left') as has_left,
      exists (select 1 from users c where c.parent_id = u.id and c.side = 'right') as has_right
    from users u
    left join ledger_accounts inv
      on coalesce(inv.user_id, 0) = u.id and inv.code = ${ACCOUNTS.investment} and inv.asset = 'USDT'
    left join member_volume v on v.user_id = u.id
    left join team_state s on s.user_id = u.id
    where u.id = any(${sql.param(ids.map(String))}::bigint[])
      ${withChildrenOf === undefined ? sql`` : sql`or u.parent_id = ${id(withChildrenOf)}`}`);
  return new Map(rowsOf<NodeRow>(rows).map((r) => [BigInt(r.id), r]));
}

/**
 * Up to `limit` members of `rootId`'s subtree (the root included), level by level: the recursive walk
 * by users.parent_id produces a level before the next, and stops once `limit` rows were read.
 */
export async function subtreeIds(db: DbOrTx, rootId: bigint, limit: number): Promise<bigint[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      with recursive t(id) as (
        select id from users where id = ${id(rootId)}
        union all
        select c.id from users c join t on c.parent_id = t.id
      ) select id::text as id from t limit ${limit}`),
  );
  return rows.map((r) => BigInt(r.id));
}

/** A member and up to `steps` of its ancestors, top first. */
export async function pathUp(db: DbOrTx, memberId: bigint, steps: number) {
  return rowsOf<{ id: string; address: string; side: Side | null; depth: number }>(
    await db.execute(sql`
      with recursive up(id, address, side, depth, parent_id, n) as (
        select id, address, side, depth, parent_id, 0 from users where id = ${id(memberId)}
        union all
        select u.id, u.address, u.side, u.depth, u.parent_id, up.n + 1
        from up join users u on u.id = up.parent_id where up.n < ${steps}
      )
      select id::text as id, address, side, depth from up order by depth`),
  );
}

export interface TeamUsersFilter {
  scope: 'direct' | 'team';
  sector?: Side;
  status?: 'active' | 'deactivated';
  page: number;
  size: number;
}

/**
 * One page (plus one row, to tell whether more follow) of `rootId`'s invitees (direct, newest first) or
 * placement subtree (team, level by level: a breadth-first walk that stops as soon as the page is full).
 */
export async function teamUserRows(db: DbOrTx, rootId: bigint, f: TeamUsersFilter) {
  const offset = (f.page - 1) * f.size;
  const active = hasInvested(sql`m.id`);
  const status =
    f.status === 'active' ? sql`and ${active}` : f.status === 'deactivated' ? sql`and not ${active}` : sql``;
  const source =
    f.scope === 'direct'
      ? sql`(select id, side as sector from users where inviter_id = ${id(rootId)}
           ${f.sector ? sql`and side = ${f.sector}` : sql``} order by id desc) m`
      : sql`(with recursive t(id, sector) as (
            select id, side from users where parent_id = ${id(rootId)} ${f.sector ? sql`and side = ${f.sector}` : sql``}
            union all
            select c.id, t.sector from users c join t on c.parent_id = t.id
          ) select id, sector from t) m`;
  return rowsOf<{
    id: string;
    address: string;
    created_at: string | Date;
    sector: Side;
    inviter_id: string | null;
    inviter_address: string | null;
    investment: string;
  }>(
    await db.execute(sql`
      select p.id::text as id, u.address, u.created_at, p.sector, u.inviter_id::text as inviter_id,
        i.address as inviter_address, coalesce(inv.balance, 0)::text as investment
      from (select m.id, m.sector from ${source} where true ${status}
            limit ${f.size + 1} offset ${offset}) p
      join users u on u.id = p.id
      left join users i on i.id = u.inviter_id
      left join ledger_accounts inv
        on coalesce(inv.user_id, 0) = u.id and inv.code = ${ACCOUNTS.investment} and inv.asset = 'USDT'
      order by ${f.scope === 'direct' ? sql`u.id desc` : sql`u.depth, u.id`}`),
  );
}

/** How many of a member's direct invitees have invested. */
export async function validInviteeCount(db: DbOrTx, userId: bigint): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from users u
      where u.inviter_id = ${id(userId)} and ${hasInvested(sql`u.id`)}`),
  );
  return Number(row?.n ?? 0);
}

// --- team volume ---

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

/**
 * Takes one confirmed order's price back out of its ancestors' team investment (a chain incident's reversal): each
 * placement ancestor loses it on the side the member sits under, in total and in the month figures when they are
 * still the order's month (`YYYY-MM` of its confirmation). One recursive statement; answers how many ancestors.
 */
export async function removeTeamVolume(
  tx: DbOrTx,
  userId: bigint,
  price: bigint,
  month: string,
): Promise<number> {
  const p = sql`${price.toString()}::numeric`;
  const rows = rowsOf(
    await tx.execute(sql`
      with recursive up(id, parent_id, side) as (
        select id, parent_id, side from users where id = ${id(userId)}
        union all
        select u.id, u.parent_id, u.side from users u join up on u.id = up.parent_id
      )
      update member_volume m set
        left_total = m.left_total - case when up.side = 'left' then ${p} else 0 end,
        right_total = m.right_total - case when up.side = 'right' then ${p} else 0 end,
        left_month = m.left_month - case when up.side = 'left' and m.month_key = ${month} then ${p} else 0 end,
        right_month = m.right_month - case when up.side = 'right' and m.month_key = ${month} then ${p} else 0 end
      from up where m.user_id = up.parent_id
      returning m.user_id`),
  );
  return rows.length;
}
