// The context menu of a box (spec sections 2 and 6): opened by a right click or a long press, closed
// by a press anywhere else or Escape; copy, and on an enabled tree and node add, edit and delete.

import { copyToClipboard } from '@web/lib/clipboard.ts';
import { type MouseEvent as ReactMouseEvent, type RefObject, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartState } from '../components/org-tree-types.ts';
import { type MenuAction, menuActions, menuPosition } from '../model/menu.ts';
import {
  createChildNode,
  findNode,
  insertChild,
  type NodeId,
  type OrgNodeBase,
  removeNode,
  updateNode,
} from '../model/tree.ts';
import { notify } from '../notify.ts';
import { nodeIdOf } from './use-node-clicks.ts';

export interface MenuState {
  id: NodeId;
  x: number;
  y: number;
}

export function useNodeMenu<N extends OrgNodeBase>(
  latest: RefObject<ChartState<N>>,
  rootRef: RefObject<HTMLElement | null>,
): {
  menu: MenuState | null;
  /** Opens the menu of the box holding `target`, at `point` (page coordinates). */
  openMenu: (target: Element, point: { x: number; y: number }) => void;
  onContextMenu: (e: ReactMouseEvent) => void;
  runAction: (action: MenuAction, id: NodeId) => Promise<void>;
} {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<MenuState | null>(null);

  const openMenu = useCallback(
    (target: Element, point: { x: number; y: number }) => {
      const id = nodeIdOf(target);
      const root = rootRef.current;
      const { data: tree, acc: a, props: p } = latest.current;
      if (!id || !root || !tree) return;
      const node = findNode(tree, id, a);
      if (!node || (p.hasMenu && !p.hasMenu(node))) return;
      setMenu({ id, ...menuPosition(point, root.getBoundingClientRect()) });
    },
    [latest, rootRef],
  );

  const onContextMenu = (e: ReactMouseEvent) => {
    if ((e.target as Element).closest('input')) return;
    e.preventDefault();
    openMenu(e.target as Element, { x: e.clientX, y: e.clientY });
  };

  const runAction = async (action: MenuAction, id: NodeId) => {
    setMenu(null);
    const { data: tree, acc: a, props: p } = latest.current;
    const node = tree && findNode(tree, id, a);
    if (!node) return;
    if (action === 'copy') {
      const copied = await copyToClipboard(p.copyText ? p.copyText(node) : a.label(node));
      notify(copied ? t('tree.copied') : t('tree.copyUnsupported'), copied ? 'success' : 'danger');
      return;
    }
    if (!menuActions(p.disabled ?? false, node).includes(action)) return;
    if (action === 'add') {
      const child = createChildNode(node, a);
      p.onChange((d) => insertChild(d, id, a, child));
    } else if (action === 'edit') {
      p.onChange((d) => updateNode(d, id, a, (n) => a.with(n, { focused: true })));
    } else if (a.id(node) !== (tree && a.id(tree))) {
      p.onChange((d) => removeNode(d, id, a));
      p.onNodeDelete?.(node);
    }
  };

  // Close the menu on a press anywhere else, and on Escape.
  useEffect(() => {
    if (!menu) return;
    const onDown = (e: PointerEvent) => {
      if (!(e.target as Element).closest?.('.org-tree__menu')) setMenu(null);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setMenu(null);
    };
    document.addEventListener('pointerdown', onDown, true);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown, true);
      document.removeEventListener('keydown', onKey);
    };
  }, [menu]);

  return { menu, openMenu, onContextMenu, runAction };
}
