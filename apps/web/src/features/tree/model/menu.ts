// Context menu rules (spec sections 2 and 6): copy always; add, edit and delete only when neither the
// tree nor the node is disabled.

export type MenuAction = 'copy' | 'add' | 'edit' | 'delete';

export function menuActions(treeDisabled: boolean, node: { disabled?: boolean }): MenuAction[] {
  return treeDisabled || node.disabled ? ['copy'] : ['copy', 'add', 'edit', 'delete'];
}
