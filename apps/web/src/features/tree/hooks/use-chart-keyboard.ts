// The chart's keyboard: +/- zoom, 0 restores, arrows pan (the toolbar and the expand buttons are
// buttons anyway). The box holding the focus is tracked so that it stays mounted wherever the view
// goes (unmounting it would drop the focus, and with it the arrow keys).
import { type KeyboardEvent as ReactKeyboardEvent, useRef } from 'react';
import type { NodeId } from '../model/tree.ts';
import { keyAction } from '../model/viewport.ts';
import { nodeIdOf } from './use-node-clicks.ts';
import type { PanZoom } from './use-pan-zoom.ts';

export function useChartKeyboard(panZoom: PanZoom) {
  const focusedRef = useRef<NodeId | null>(null);

  const onKeyDown = (e: ReactKeyboardEvent) => {
    if ((e.target as Element).closest('input')) return;
    const action = keyAction(e.key);
    if (!action) return;
    e.preventDefault();
    if (action === 'restore') panZoom.restore();
    else if (action === 'in' || action === 'out') panZoom.zoomBy(action === 'in' ? 1 : -1);
    else {
      const view = panZoom.getView();
      panZoom.setView({ ...view, x: view.x + action[0], y: view.y + action[1] });
    }
  };
  const onFocus = (e: { target: EventTarget }) => {
    focusedRef.current = nodeIdOf(e.target as Element) ?? null;
  };
  const onBlur = () => {
    focusedRef.current = null;
  };
  return { focusedRef, onKeyDown, onFocus, onBlur };
}
