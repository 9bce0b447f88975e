import type { DbOrTx } from '@agc/db';
import {
  formatUsdt,
  type InviteInfo,
  RELATION_PATH_LIMIT,
  type Relation,
  type Side,
  SUBTREE_NODE_LIMIT,
  type SubtreeResponse,
  type TeamUser,
  type TreeNode,
  type TreeResponse,
} from '@agc/shared';
import { defined } from '@agc/shared/defined';
import type { AppContext } from '@server/context.ts';
import { invalidate } from '@server/lib/caches.ts';
import { badRequest, notFound, unauthorized } from '@server/lib/errors.ts';
import {
  findByAddress,
  findByInviteCode,
  hasAnyMember,
  type Member,
  memberSnapshot,
  newInviteCode,
} from '@server/modules/members/index.ts';
import { levelOf, ppmToPercent } from '@server/modules/rules/index.ts';
import {
  ancestorAt,
  applyTeamVolume,
  insertPlaced,
  insertRoot,
  type NodeRow,
  nodeRows,
  pathUp,
  subtreeIds,
  type TeamUsersFilter,
  teamUserRows,
  validInviteeCount,
} from './repository.ts';

/** Whether `target` is `me` or below it in the placement tree. */
type Placed = Pick<Member, 'id' | 'depth'>;

export async function inSubtree(db: DbOrTx, me: Placed, target: Placed): Promise<boolean> {
  if (target.id === me.id) return true;
  if (target.depth <= me.depth) return false;
  return (await ancestorAt(db, target.id, me.depth)) === me.id;
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
    investment: formatUsdt(investment),
    left_volume: formatUsdt(BigInt(r.left_volume)),
    right_volume: formatUsdt(BigInt(r.right_volume)),
    left_carry: formatUsdt(BigInt(r.left_carry)),
    right_carry: formatUsdt(BigInt(r.right_carry)),
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

/**
 * me/tree/subtree: a node of my subtree (default: me) and everything below it, level by level, at most
 * SUBTREE_NODE_LIMIT nodes (then `truncated`). Anything outside my subtree is 404. Three queries: the
 * subtree check, the walk, the nodes' figures.
 */
export async function getSubtree(
  ctx: AppContext,
  userId: bigint,
  nodeId?: bigint,
  limit = SUBTREE_NODE_LIMIT,
): Promise<SubtreeResponse> {
  const me = await member(ctx, userId);
  const root = nodeId ?? me.id;
  if (root !== me.id && (await ancestorAt(ctx.db, root, me.depth)) !== me.id)
    throw notFound('team.not_in_subtree');
  const ids = await subtreeIds(ctx.db, root, limit + 1);
  if (ids.length === 0) throw notFound('team.not_in_subtree');
  const kept = ids.slice(0, limit);
  const rows = await nodeRows(ctx.db, kept);
  const nodes = kept
    .map((i) => {
      const r = defined(rows.get(i));
      return { ...toNode(ctx, r, me.depth), parent_id: i === root ? null : r.parent_id };
    })
    // Level by level, then by id (the walk's order within a level is the database's).
    .sort((a, b) => a.depth - b.depth || (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  return {
    root: root.toString(),
    nodes,
    truncated: ids.length > limit,
    limit,
  };
}

/** me/relation: the path from me down to the member with that address, if it is in my subtree. */
export async function getRelation(ctx: AppContext, userId: bigint, address: string): Promise<Relation> {
  const me = await member(ctx, userId);
  const target = await findByAddress(ctx.db, address);
  if (!target || !(await inSubtree(ctx.db, me, target))) throw notFound('team.not_in_subtree');
  const distance = target.depth - me.depth;
  const steps = Math.min(distance, RELATION_PATH_LIMIT - 1);
  const path = await pathUp(ctx.db, target.id, steps);
  const rows = await nodeRows(ctx.db, [target.id]);
  return {
    distance,
    path: path.map((p) => ({ id: p.id, address: p.address, side: p.side })),
    truncated: steps < distance,
    target: toNode(ctx, defined(rows.get(target.id)), me.depth),
  };
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
  const rows = await teamUserRows(ctx.db, me.id, f);
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
        investment: formatUsdt(investment),
      };
    }),
  };
}

/** me/invite: my code, the two links' queries, direct-invitee counts and the configured rates. */
export async function getInvite(ctx: AppContext, userId: bigint): Promise<InviteInfo> {
  const me = await member(ctx, userId);
  const invitedValid = await validInviteeCount(ctx.db, me.id);
  const code = encodeURIComponent(me.inviteCode);
  const top = ctx.config.rules.levels.at(-1);
  return {
    invite_code: me.inviteCode,
    left_query: `?code=${code}&side=left`,
    right_query: `?code=${code}&side=right`,
    invited_count_all: me.invitedCount,
    invited_count_valid: invitedValid,
    rates: {
      referral: ppmToPercent(ctx.config.rules.referralPpm),
      pairing_max: ppmToPercent(top?.pairingPpm ?? 0n),
      static_max: ppmToPercent(top?.staticPpm ?? 0n),
    },
  };
}

/** Applies pending team volume in the app's database, then drops this process's cached /me figures. */
export async function applyPendingTeamVolume(ctx: AppContext, limit?: number): Promise<number> {
  const applied = await applyTeamVolume(ctx.db, ctx.now(), limit);
  if (applied > 0) invalidate(ctx, { kind: 'allFigures' });
  return applied;
}

/**
 * Places a new member (inside the sign-up transaction): the first member of an empty system becomes
 * the root; anyone else needs an inviter's code and a side, and goes to the outermost free position of
 * that side under the inviter (spill-over). A refusal throws before anything is written.
 */
export async function placeNewMember(
  tx: DbOrTx,
  address: string,
  invite: { code?: string | undefined; side?: Side | undefined },
): Promise<Member> {
  if (!(await hasAnyMember(tx))) return insertRoot(tx, address, newInviteCode());
  if (!invite.code) throw badRequest('register.invite_required');
  if (!invite.side) throw badRequest('register.side_required');
  const inviter = await findByInviteCode(tx, invite.code);
  if (!inviter) throw badRequest('register.unknown_invite', { code: invite.code });
  return insertPlaced(tx, { address, inviteCode: newInviteCode(), inviter, side: invite.side });
}
