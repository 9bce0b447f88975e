// Fixtures of the tree tests: plain chart nodes for the generic chart, members as me/tree sends them
// and a small fake subtree behind the API.
import type { Relation, SubtreeNode, SubtreeResponse, TreeNode, TreeResponse } from '@agc/shared';
import type { OrgNodeBase } from './model/tree.ts';

/** A chart node with the default field names. */
export interface TestNode extends OrgNodeBase {
  id: string;
  pid?: string | null;
  label: string;
  expand?: boolean;
  children?: TestNode[];
  isLeaf?: boolean;
}

/** Node `id` labelled `node <id>`, expanded when it has children. */
export const n = (id: string, children: TestNode[] = [], extra: Partial<TestNode> = {}): TestNode => ({
  id,
  label: `node ${id}`,
  expand: children.length > 0,
  children,
  ...extra,
});

export const addressOf = (id: string) => `0x${id.padStart(40, 'a')}`;

export function member(id: string, over: Partial<TreeNode> = {}): TreeNode {
  return {
    id,
    address: addressOf(id),
    side: 'left',
    depth: 1,
    level: 1,
    joined_at: '2025-01-01T00:00:00Z',
    investment: '0',
    left_volume: '0',
    right_volume: '0',
    left_carry: '0',
    right_carry: '0',
    has_left: false,
    has_right: false,
    ...over,
  };
}

export const treeRes = (node: TreeNode, left: TreeNode | null, right: TreeNode | null): TreeResponse => ({
  node,
  left,
  right,
});

/**
 * The member (1) and its subtree:  1 ─ 2 ─ 4 ─ (empty) / 8
 *                                    │   └ (empty)
 *                                    └ 3
 */
export function fakeSubtree(): Map<string, { node: TreeNode; left?: string; right?: string }> {
  const m = new Map<string, { node: TreeNode; left?: string; right?: string }>();
  m.set('1', {
    node: member('1', {
      depth: 0,
      side: null,
      level: 3,
      left_volume: '1234.5',
      right_volume: '100',
      left_carry: '1134.5',
      has_left: true,
      has_right: true,
    }),
    left: '2',
    right: '3',
  });
  m.set('2', { node: member('2', { has_left: true, left_volume: '1000.005' }), left: '4' });
  m.set('3', { node: member('3', { side: 'right' }) });
  m.set('4', { node: member('4', { depth: 2, has_right: true }), right: '8' });
  m.set('8', { node: member('8', { depth: 3, side: 'right', level: 2 }) });
  return m;
}

export function treeAnswer(tree: ReturnType<typeof fakeSubtree>, id: string): TreeResponse | null {
  const entry = tree.get(id);
  if (!entry) return null;
  const child = (c?: string) => (c ? (tree.get(c)?.node ?? null) : null);
  return treeRes(entry.node, child(entry.left), child(entry.right));
}

export function relationTo(
  tree: ReturnType<typeof fakeSubtree>,
  path: string[],
  truncated = false,
): Relation {
  const target = tree.get(path[path.length - 1] as string)?.node as TreeNode;
  return {
    distance: target.depth,
    path: path.map((id) => {
      const node = tree.get(id)?.node as TreeNode;
      return { id, address: node.address, side: node.side };
    }),
    truncated,
    target,
  };
}

/** me/tree/subtree of a node of the fake subtree: it and all below, level by level, at most `limit`. */
export function subtreeAnswer(
  tree: ReturnType<typeof fakeSubtree>,
  id: string,
  limit = 2000,
): SubtreeResponse | null {
  if (!tree.has(id)) return null;
  const nodes: SubtreeNode[] = [];
  let level: Array<[string, string | null]> = [[id, null]];
  while (level.length > 0) {
    const next: Array<[string, string | null]> = [];
    for (const [nid, parent] of level) {
      const entry = tree.get(nid);
      if (!entry) continue;
      nodes.push({ ...entry.node, parent_id: parent });
      for (const c of [entry.left, entry.right]) if (c) next.push([c, nid]);
    }
    level = next;
  }
  return { root: id, nodes: nodes.slice(0, limit), truncated: nodes.length > limit, limit };
}
