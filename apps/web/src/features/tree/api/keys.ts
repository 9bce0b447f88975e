/** Query keys of the tree feature. */
export const treeKeys = {
  all: ['tree'] as const,
  /** me/tree for a node id; `me` for the signed-in member. */
  node: (id: string | undefined) => ['tree', 'node', id ?? 'me'] as const,
  relation: (address: string) => ['tree', 'relation', address.toLowerCase()] as const,
};
