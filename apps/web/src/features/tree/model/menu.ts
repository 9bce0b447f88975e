// Context menu rules (spec sections 2 and 6): copy always; add, edit and delete only when neither the
// tree nor the node is disabled.

export type MenuAction = 'copy' | 'add' | 'edit' | 'delete';

export function menuActions(treeDisabled: boolean, node: { disabled?: boolean }): MenuAction[] {
  return treeDisabled || node.disabled ? ['copy'] : ['copy', 'add', 'edit', 'delete'];
}

export const MENU_WIDTH = 160;
/** Height of one menu item (the menu is kept inside the chart with all four). */
const MENU_ITEM_HEIGHT = 44;

/** Where the menu opens for a press at `point` (page coordinates): there, but inside the chart. */
export function menuPosition(
  point: { x: number; y: number },
  chart: { left: number; top: number; width: number; height: number },
): { x: number; y: number } {
  return {
    x: Math.max(4, Math.min(point.x - chart.left, chart.width - MENU_WIDTH - 4)),
    y: Math.max(4, Math.min(point.y - chart.top, chart.height - 4 * MENU_ITEM_HEIGHT - 4)),
  };
}
