import { type DbOrTx, rowsOf } from '@agc/db';
import {
  formatAmount,
  type InviteInfo,
  RELATION_PATH_LIMIT,
  type Relation,
  type Side,
  type TeamUser,
  type TreeNode,
  type TreeResponse,
  USDT_DECIMALS,
} from '@agc/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { ACCOUNTS } from '../ledger/index.ts';
import { memberFigures } from '../me/figures.ts';
import { findByAddress, type Member } from '../members/repository.ts';
import { memberSnapshot } from '../members/service.ts';
import { levelOf, ppmToPercent } from '../rules/index.ts';

const usdt = (v: bigint) => formatAmount(v, USDT_DECIMALS);
const id = (v: bigint) => sql`${v.toString()}::bigint`;

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

/** Whether `target` is `me` or below it in the placement tree. */
type Placed = Pick<Member, 'id' | 'depth'>;

export async function inSubtree(db: DbOrTx, me: Placed, target: Placed): Promise<boolean> {
  if (target.id === me.id) return true;
  if (target.depth <= me.depth) return false;
  return (await ancestorAt(db, target.id, me.depth)) === me.id;
}

interface NodeRow {
  id: string;
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
async function nodeRows(db: DbOrTx, ids: bigint[], withChildrenOf?: bigint): Promise<Map<bigint, NodeRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.execute(sql`
    select u.id::text as id, u.address, u.side, u.depth, u.created_at,
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

function toNode(ctx: AppContext, r: NodeRow, rootDepth: number): TreeNode {
  const investment = BigInt(r.investment);
  return {
    id: r.id,
    address: r.address,
    side: r.side,
    depth: Number(r.depth) - rootDepth,
    level: levelOf(ctx.config.rules, investment).level,
    joined_at: new Date(r.created_at).toISOString(),
    investment: usdt(investment),
    left_volume: usdt(BigInt(r.left_volume)),
    right_volume: usdt(BigInt(r.right_volume)),
    left_carry: usdt(BigInt(r.left_carry)),
    right_carry: usdt(BigInt(r.right_carry)),
    has_left: Boolean(r.has_left),
    has_right: Boolean(r.has_right),
  };
}

/** The signed-in member, from the auth snapshot (cached; placement and depth never change). */
async function member(ctx: AppContext, userId: bigint) {
  const me = await memberSnapshot(ctx, userId);
  if (!me) throw unauthorized('auth.unknown_user');
  return me;
}

/**
 * me/tree: a node of my subtree (default: me) with its two children. Anything outside is 404. The
 * member comes from the auth snapshot (cached); my own node is then one query, another node two (the
 * subtree check, then the node with its children).
 */
export async function getTree(ctx: AppContext, userId: bigint, nodeId?: bigint): Promise<TreeResponse> {
  const me = await member(ctx, userId);
  const target = nodeId ?? me.id;
  if (target !== me.id && (await ancestorAt(ctx.db, target, me.depth)) !== me.id)
    throw notFound('team.not_in_subtree');
  const rows = await nodeRows(ctx.db, [target], target);
  const node = rows.get(target);
  if (!node) throw notFound('team.not_in_subtree');
  const child = (side: Side) => {
    for (const r of rows.values())
      if (BigInt(r.id) !== target && r.side === side) return toNode(ctx, r, me.depth);
    return null;
  };
  return { node: toNode(ctx, node, me.depth), left: child('left'), right: child('right') };
}

/** me/relation: the path from me down to the member with that address, if it is in my subtree. */
export async function getRelation(ctx: AppContext, userId: bigint, address: string): Promise<Relation> {
  const me = await member(ctx, userId);
  const target = await findByAddress(ctx.db, address);
  if (!target || !(await inSubtree(ctx.db, me, target))) throw notFound('team.not_in_subtree');
  const distance = target.depth - me.depth;
  const steps = Math.min(distance, RELATION_PATH_LIMIT - 1);
  const path = rowsOf<{ id: string; address: string; side: Side | null; depth: number }>(
    await ctx.db.execute(sql`
      with recursive up(id, address, side, depth, parent_id, n) as (
        select id, address, side, depth, parent_id, 0 from users where id = ${id(target.id)}
        union all
        select u.id, u.address, u.side, u.depth, u.parent_id, up.n + 1
        from up join users u on u.id = up.parent_id where up.n < ${steps}
      )
      select id::text as id, address, side, depth from up order by depth`),
  );
  const rows = await nodeRows(ctx.db, [target.id]);
  return {
    distance,
    path: path.map((p) => ({ id: p.id, address: p.address, side: p.side })),
    truncated: steps < distance,
    target: toNode(ctx, rows.get(target.id)!, me.depth),
  };
}

export interface TeamUsersFilter {
  scope: 'direct' | 'team';
  sector?: Side;
  status?: 'active' | 'deactivated';
  page: number;
  size: number;
}

/**
 * Team users, paged. direct: my invitees (newest first). team: my placement subtree, level by level
 * (a breadth-first walk that stops as soon as the page is full, so the first pages cost the same in a
 * team of a million). The sector is the side of my tree the member sits in.
 */
export async function teamUsers(
  ctx: AppContext,
  userId: bigint,
  f: TeamUsersFilter,
): Promise<{ list: TeamUser[]; hasMore: boolean }> {
  const me = await member(ctx, userId);
  const offset = (f.page - 1) * f.size;
  const active = sql`exists (select 1 from ledger_accounts a where coalesce(a.user_id, 0) = m.id
    and a.code = ${ACCOUNTS.investment} and a.asset = 'USDT' and a.balance > 0)`;
  const status =
    f.status === 'active' ? sql`and ${active}` : f.status === 'deactivated' ? sql`and not ${active}` : sql``;
  const source =
    f.scope === 'direct'
      ? sql`(select id, side as sector from users where inviter_id = ${id(me.id)}
           ${f.sector ? sql`and side = ${f.sector}` : sql``} order by id desc) m`
      : sql`(with recursive t(id, sector) as (
            select id, side from users where parent_id = ${id(me.id)} ${f.sector ? sql`and side = ${f.sector}` : sql``}
            union all
            select c.id, t.sector from users c join t on c.parent_id = t.id
          ) select id, sector from t) m`;
  const rows = rowsOf<{
    id: string;
    address: string;
    created_at: string | Date;
    sector: Side;
    inviter_id: string | null;
    inviter_address: string | null;
    investment: string;
  }>(
    await ctx.db.execute(sql`
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
  const page = rows.slice(0, f.size);
  return {
    hasMore: rows.length > f.size,
    list: page.map((r) => {
      const investment = BigInt(r.investment);
      return {
        id: r.id,
        address: r.address,
        level: levelOf(ctx.config.rules, investment).level,
        joined_at: new Date(r.created_at).toISOString(),
        inviter_address: r.inviter_address,
        relation: r.inviter_id === me.id.toString() ? 'direct' : 'team',
        sector: r.sector,
        status: investment > 0n ? 'active' : 'deactivated',
        investment: usdt(investment),
      };
    }),
  };
}

/** me/invite: my code, the two links' queries, direct-invitee counts and the configured rates. */
export async function getInvite(ctx: AppContext, userId: bigint): Promise<InviteInfo> {
  const me = await member(ctx, userId);
  const f = await memberFigures(ctx.db, me.id, ctx.now());
  const code = encodeURIComponent(me.inviteCode);
  const top = ctx.config.rules.levels.at(-1);
  return {
    invite_code: me.inviteCode,
    left_query: `?code=${code}&side=left`,
    right_query: `?code=${code}&side=right`,
    invited_count_all: me.invitedCount,
    invited_count_valid: f.invitedValid,
    rates: {
      referral: ppmToPercent(ctx.config.rules.referralPpm),
      pairing_max: ppmToPercent(top?.pairingPpm ?? 0n),
      static_max: ppmToPercent(top?.staticPpm ?? 0n),
    },
  };
}
