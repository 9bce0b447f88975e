// Expanding and collapsing one node (double click, its button, the handle's toggle): children are
// loaded on first expand in a lazy tree, and the node stays where it is on screen while the layout
// around it moves.
import { type RefObject, useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { ChartState } from '../components/org-tree-types.ts';
import type { TreeLayout } from '../model/layout.ts';
import {
  applyLoaded,
  findNode,
  type NodeId,
  type OrgNodeBase,
  setExpanded,
  toggleAction,
} from '../model/tree.ts';
import type { PanZoom } from './use-pan-zoom.ts';

/** A node being expanded or collapsed, and where it was laid out before. */
type Pinned = { id: NodeId; x: number } | null;

export function useExpandCollapse<N extends OrgNodeBase>(
  latest: RefObject<ChartState<N>>,
  layoutRef: RefObject<TreeLayout<N>>,
): {
  /** The nodes whose children are being loaded. */
  loading: ReadonlySet<NodeId>;
  toggle: (id: NodeId) => Promise<void>;
  pinned: RefObject<Pinned>;
} {
  const [loading, setLoading] = useState<ReadonlySet<NodeId>>(() => new Set());
  const pinned = useRef<Pinned>(null);
  const pin = useCallback(
    (id: NodeId) => {
      const item = layoutRef.current.byId.get(id);
      pinned.current = item ? { id, x: item.x } : null;
    },
    [layoutRef],
  );

  const loadingRef = useRef(new Set<NodeId>());
  const toggle = useCallback(
    async (id: NodeId) => {
      const { data: tree, acc: a, props: p } = latest.current;
      if (!tree) return;
      const node = findNode(tree, id, a);
      if (!node) return;
      const action = toggleAction(node, a, Boolean(p.lazy && p.load));
      if (action === 'none') return;
      if (action !== 'load') {
        pin(id);
        p.onChange((d) => setExpanded(d, id, a, action === 'expand'));
        return;
      }
      if (loadingRef.current.has(id) || !p.load) return;
      loadingRef.current.add(id);
      setLoading(new Set(loadingRef.current));
      try {
        const children = await p.load(node);
        pin(id);
        p.onChange((d) => applyLoaded(d, id, a, children));
      } catch {
        // The loader reports its own error (the request wrapper toasts it); the node stays collapsed.
      } finally {
        loadingRef.current.delete(id);
        setLoading(new Set(loadingRef.current));
      }
    },
    [latest, pin],
  );

  return { loading, toggle, pinned };
}

/** After a toggle's layout, moves the view so that the toggled node is where it was on screen. */
export function useKeepPinned<N>(pinned: RefObject<Pinned>, layout: TreeLayout<N>, panZoom: PanZoom): void {
  useLayoutEffect(() => {
    const pin = pinned.current;
    if (!pin) return;
    pinned.current = null;
    const item = layout.byId.get(pin.id);
    if (!item || item.x === pin.x) return;
    const view = panZoom.getView();
    panZoom.setView({ ...view, x: view.x + (pin.x - item.x) * view.scale });
  }, [layout, panZoom, pinned]);
}
