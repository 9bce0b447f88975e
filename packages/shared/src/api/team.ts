import { z } from 'zod';
import { addressSchema, amountString, idString, pageOf, pagingQuery, sideSchema } from './common.ts';
import { idInput } from './input.ts';

/** A member id as the API sends it (decimal string; fits a bigint). */
export const memberIdString = idString;

/** me/invite: the member's code, the two invite links' query parts and the direct-invitee counts. */
export const inviteResponse = z.object({
  invite_code: z.string(),
  /** Query strings of the two invite links (`?code=…&side=left`); the app prefixes its own origin. */
  left_query: z.string(),
  right_query: z.string(),
  invited_count_all: z.number().int(),
  invited_count_valid: z.number().int(),
  /** The configured rates (percent strings), rendered into the bonus text of every language. */
  rates: z.object({ referral: z.string(), pairing_max: z.string(), static_max: z.string() }),
});
export type InviteInfo = z.infer<typeof inviteResponse>;

/** One node of the team (placement) tree with the figures the org chart shows. */
export const treeNodeSchema = z.object({
  id: memberIdString,
  address: z.string(),
  /** Placement side under its parent (null for the root of the whole tree). */
  side: sideSchema.nullable(),
  /** Levels below the signed-in member (0 = the member itself). */
  depth: z.number().int(),
  level: z.number().int(),
  joined_at: z.string(),
  investment: amountString,
  left_volume: amountString,
  right_volume: amountString,
  /** Pairing carry-forward after the last daily settlement. */
  left_carry: amountString,
  right_carry: amountString,
  /** Whether a left / right child exists (an empty slot otherwise). */
  has_left: z.boolean(),
  has_right: z.boolean(),
});
export type TreeNode = z.infer<typeof treeNodeSchema>;

/** me/tree?id=: a node (default: the member) and its direct children; lazy, one level per call. */
export const treeQuery = z.object({ id: idInput.optional() });
export const treeResponse = z.object({
  node: treeNodeSchema,
  left: treeNodeSchema.nullable(),
  right: treeNodeSchema.nullable(),
});
export type TreeResponse = z.infer<typeof treeResponse>;

/** me/tree/subtree?id=: a whole subtree in one answer (for "expand all"), capped at SUBTREE_NODE_LIMIT nodes. */
export const SUBTREE_NODE_LIMIT = 2000;
export const subtreeQuery = z.object({ id: idInput.optional() });
export const subtreeNodeSchema = treeNodeSchema.extend({
  /** The placement parent's id (null for the answer's root). */
  parent_id: memberIdString.nullable(),
});
export type SubtreeNode = z.infer<typeof subtreeNodeSchema>;
export const subtreeResponse = z.object({
  /** The requested node's id (the first of `nodes`). */
  root: memberIdString,
  /** Level by level from the root (every node's parent comes before it). */
  nodes: z.array(subtreeNodeSchema),
  /** More members are below than were sent (the first `limit` of a level-by-level walk were). */
  truncated: z.boolean(),
  limit: z.number().int(),
});
export type SubtreeResponse = z.infer<typeof subtreeResponse>;

/** me/relation?address=: the placement path from the member down to that address (inside the subtree only). */
export const relationQuery = z.object({ address: addressSchema });
export const RELATION_PATH_LIMIT = 200;
export const relationResponse = z.object({
  /** Levels from the member to the target. */
  distance: z.number().int(),
  /**
   * The path's nodes, top-down, ending with the target. At most RELATION_PATH_LIMIT nodes: a longer
   * path keeps its last ones and says `truncated` (the first node is then not the member).
   */
  path: z.array(z.object({ id: memberIdString, address: z.string(), side: sideSchema.nullable() })),
  truncated: z.boolean(),
  target: treeNodeSchema,
});
export type Relation = z.infer<typeof relationResponse>;

/** Team users (team_user page): direct invitees or the whole placement team, filtered. */
export const teamUsersQuery = z.object({
  scope: z.enum(['direct', 'team']).default('direct'),
  sector: sideSchema.optional(),
  status: z.enum(['active', 'deactivated']).optional(),
  ...pagingQuery({ maxPage: 1000, maxSize: 50, defaultSize: 20 }),
});
export const teamUserSchema = z.object({
  id: memberIdString,
  address: z.string(),
  level: z.number().int(),
  joined_at: z.string(),
  inviter_address: z.string().nullable(),
  /** direct: invited by the member; team: in the placement subtree, invited by someone else. */
  relation: z.enum(['direct', 'team']),
  sector: sideSchema,
  /** active: holds an investment ("valid"); deactivated: none. */
  status: z.enum(['active', 'deactivated']),
  investment: amountString,
});
export type TeamUser = z.infer<typeof teamUserSchema>;
/** Team lists are not counted (a whole placement team can be large): no total, only whether more follow. */
export const teamUsersResponse = pageOf(teamUserSchema).omit({ total: true });
