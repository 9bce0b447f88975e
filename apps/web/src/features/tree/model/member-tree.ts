// The member's placement subtree as chart nodes: each member node has a left and a right slot; an
// empty slot beside an occupied one is a disabled placeholder node, a member with neither child is
// a leaf (no request is made for it).
import {
  levelKey,
  type TreeNode as Member,
  type Relation,
  type Side,
  type SubtreeResponse,
  shortAddress,
  type TreeResponse,
} from '@agc/shared';
import { formatTreeFigure } from '@web/lib/format.ts';
import {
  accessor,
  applyLoaded,
  findNode,
  type NodeId,
  needsLoad,
  type OrgNodeBase,
  updateNode,
} from './tree.ts';

export interface MemberOrgNode extends OrgNodeBase {
  id: string;
  pid: string | null;
  /** The full address (what "copy text" copies and the filter matches). */
  label: string;
  expand: boolean;
  children: MemberOrgNode[];
  isLeaf: boolean;
  /** null for an empty slot. */
  member: Member | null;
  /** The side of an empty slot. */
  slot?: Side;
  /** An empty slot's parent, shortened: the box names whose slot it is, wherever the view shows it. */
  parentAddress?: string;
  /** What the box shows, formatted once when the member arrives (not at every render of thousands). */
  display?: MemberDisplay;
}

/** A member's box texts that do not depend on the language: short address, amounts with 2 decimals. */
export interface MemberDisplay {
  address: string;
  leftVolume: string;
  rightVolume: string;
  leftCarry: string;
  rightCarry: string;
}

export function memberDisplay(member: Member): MemberDisplay {
  return {
    address: shortAddress(member.address),
    leftVolume: formatTreeFigure(member.left_volume),
    rightVolume: formatTreeFigure(member.right_volume),
    leftCarry: formatTreeFigure(member.left_carry),
    rightCarry: formatTreeFigure(member.right_carry),
  };
}

export const memberAcc = accessor<MemberOrgNode>();

export function memberNode(member: Member, pid: string | null): MemberOrgNode {
  return {
    id: member.id,
    pid,
    label: member.address,
    expand: false,
    children: [],
    isLeaf: !member.has_left && !member.has_right,
    member,
    display: memberDisplay(member),
    className: memberClass(member),
  };
}

/** The box's classes: its level's (the compact block's colour; level 0 is no level) and the root's. */
export function memberClass(member: Pick<Member, 'depth' | 'level'>): string {
  const level = `member-node--lv${levelKey(member.level) === 'none' ? 0 : member.level}`;
  return member.depth === 0 ? `member-node ${level} member-node--root` : `member-node ${level}`;
}

export const slotId = (parentId: string, side: Side) => `${parentId}-${side}`;

export function emptySlot(parentId: string, side: Side, parentAddress?: string): MemberOrgNode {
  return {
    id: slotId(parentId, side),
    pid: parentId,
    label: '',
    expand: false,
    children: [],
    isLeaf: true,
    disabled: true,
    className: 'member-node member-node--empty',
    member: null,
    slot: side,
    ...(parentAddress && { parentAddress: shortAddress(parentAddress) }),
  };
}

/** The children of a me/tree answer: [left, right], an empty slot standing in for a missing one; [] for none. */
export function childrenOf(res: TreeResponse): MemberOrgNode[] {
  if (!res.left && !res.right) return [];
  const id = res.node.id;
  return [
    res.left ? memberNode(res.left, id) : emptySlot(id, 'left', res.node.address),
    res.right ? memberNode(res.right, id) : emptySlot(id, 'right', res.node.address),
  ];
}

/** The chart's root from a me/tree answer, its children shown. */
export function rootFrom(res: TreeResponse): MemberOrgNode {
  const children = childrenOf(res);
  return {
    ...memberNode(res.node, null),
    expand: children.length > 0,
    children,
    isLeaf: children.length === 0,
  };
}

/**
 * The chart's nodes from a me/tree/subtree answer, every one opened ("expand all"): a member whose two
 * children both arrived (or whose missing side is really empty) shows them; one cut off by the answer's
 * limit stays closed and loads lazily as before. Null if the answer has no root.
 */
export function subtreeFrom(res: SubtreeResponse): MemberOrgNode | null {
  const kids = new Map<string, Member[]>();
  for (const n of res.nodes) {
    if (n.parent_id === null) continue;
    const list = kids.get(n.parent_id) ?? [];
    list.push(n);
    kids.set(n.parent_id, list);
  }
  const build = (m: Member, pid: string | null): MemberOrgNode => {
    const node = memberNode(m, pid);
    if (node.isLeaf) return node;
    const below = kids.get(m.id) ?? [];
    const left = below.find((c) => c.side === 'left');
    const right = below.find((c) => c.side === 'right');
    if ((m.has_left && !left) || (m.has_right && !right)) return node; // cut off: loads lazily
    const children = [
      left ? build(left, m.id) : emptySlot(m.id, 'left', m.address),
      right ? build(right, m.id) : emptySlot(m.id, 'right', m.address),
    ];
    return { ...node, expand: true, children };
  };
  const root = res.nodes.find((n) => n.id === res.root);
  return root ? build(root, null) : null;
}

/** Puts a loaded subtree in place of its root in the chart (its place, parent and hiding kept). */
export function withSubtree(tree: MemberOrgNode, sub: MemberOrgNode): MemberOrgNode {
  return updateNode(tree, sub.id, memberAcc, (n) => ({
    ...sub,
    pid: n.pid,
    ...(n.hidden !== undefined && { hidden: n.hidden }),
  }));
}

/** The ids on a relation path whose children must be fetched to show the next step (all but the target). */
export function idsToLoad(tree: MemberOrgNode, path: readonly NodeId[]): NodeId[] {
  return path.slice(0, -1).filter((id) => {
    const node = findNode(tree, id, memberAcc);
    return !node || needsLoad(node, memberAcc);
  });
}

/**
 * Opens the chart along a relation path (top-down ids, the first one in the tree): each step is
 * expanded, loaded children put in place, a filter's hiding lifted. Stops where a step is missing.
 */
export function expandAlongPath(
  tree: MemberOrgNode,
  path: readonly NodeId[],
  loaded: ReadonlyMap<NodeId, MemberOrgNode[]>,
): MemberOrgNode {
  let out = tree;
  for (let i = 0; i < path.length; i++) {
    const id = path[i] as NodeId;
    const node = findNode(out, id, memberAcc);
    if (!node) break;
    const last = i === path.length - 1;
    if (!last && needsLoad(node, memberAcc)) {
      const children = loaded.get(id);
      if (!children) break;
      out = applyLoaded(out, id, memberAcc, children);
    }
    out = updateNode(out, id, memberAcc, (n) =>
      memberAcc.with(n, last ? { hidden: false } : { hidden: false, expand: !n.isLeaf }),
    );
  }
  return out;
}

export type SearchProblem = 'required' | 'invalid';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The search needs an invitation (wallet) address (spec section 5). */
export function validateSearchAddress(input: string): { address: string } | { problem: SearchProblem } {
  const address = input.trim();
  if (!address) return { problem: 'required' };
  if (!ADDRESS.test(address)) return { problem: 'invalid' };
  return { address };
}

/** Filter of the chart: the typed text anywhere in the address, case-insensitively; slots never match. */
export function matchesAddress(value: string, node: MemberOrgNode): boolean {
  if (!node.member) return false;
  return node.member.address.toLowerCase().includes(value.trim().toLowerCase());
}

/** Where a found member sits: the chart is re-rooted when the server cut the path. */
export function relationRoot(relation: Relation): NodeId | null {
  return relation.truncated ? (relation.path[0]?.id ?? null) : null;
}
