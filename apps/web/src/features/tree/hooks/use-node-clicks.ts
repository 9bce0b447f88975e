// Clicks on the boxes (spec section 4), delegated: one set of listeners for thousands of boxes. A single
// click reaches the page 260 ms later unless a double click follows; a double click expands or
// collapses (or goes to the page's handler); the expand button toggles at once; clicks right after a
// drag are ignored.
import { type MouseEvent as ReactMouseEvent, type RefObject, useEffect, useMemo } from 'react';
import type { ChartState } from '../components/org-tree-types.ts';
import { type ClickController, createClickController } from '../model/click.ts';
import { findNode, type NodeId, type OrgNodeBase } from '../model/tree.ts';

/** The id of the box an event happened in. */
export const nodeIdOf = (target: Element): NodeId | undefined =>
  target.closest<HTMLElement>('[data-node-id]')?.dataset.nodeId;

export function useNodeClicks<N extends OrgNodeBase>(
  latest: RefObject<ChartState<N>>,
  toggle: (id: NodeId) => Promise<void>,
): {
  clicks: ClickController<NodeId>;
  onClick: (e: ReactMouseEvent) => void;
  onDoubleClick: (e: ReactMouseEvent) => void;
} {
  const clicks: ClickController<NodeId> = useMemo(
    () =>
      createClickController<NodeId>({
        onClick: (id) => {
          const { data: tree, acc: a, props: p } = latest.current;
          const node = tree && findNode(tree, id, a);
          if (node) p.onNodeClick?.(node);
        },
        onDblClick: (id) => {
          const { data: tree, acc: a, props: p } = latest.current;
          const node = tree && findNode(tree, id, a);
          if (!node) return;
          if (p.onNodeDblClick) p.onNodeDblClick(node);
          else void toggle(id);
        },
      }),
    [latest, toggle],
  );
  useEffect(() => () => clicks.dispose(), [clicks]);

  const onClick = (e: ReactMouseEvent) => {
    const target = e.target as Element;
    if (target.closest('input')) return;
    const id = nodeIdOf(target);
    if (!id) return;
    if (target.closest('.org-node__toggle')) {
      if (!clicks.isDragStopped) void toggle(id);
    } else clicks.click(id);
  };
  const onDoubleClick = (e: ReactMouseEvent) => {
    const target = e.target as Element;
    if (target.closest('input, .org-node__toggle')) return;
    const id = nodeIdOf(target);
    if (id) clicks.dblClick(id);
  };
  return { clicks, onClick, onDoubleClick };
}
