// A generic pan/zoom organisation chart (spec sections 2–6, "Invite tree"): expand/collapse per node,
// expand-all/collapse-all, fullscreen, restore, filter, lazy loading, context menu (copy, add, edit,
// delete), single click after 260 ms / double click, pinch zoom. It knows nothing about members: the
// page gives it nodes, a renderer for their content and the loader of their children.
//
// Each concern is a hook (hooks/: expand/collapse and lazy loading, clicks, context menu, filter,
// fullscreen, keyboard, pan/zoom) and this component combines them. Performance: the layout of every
// visible node is computed in one pass when the data changes; only the boxes and connectors in the area
// around the view are rendered (OrgTreeWindow); pan and zoom rewrite one CSS transform and re-render
// only when the view leaves that area (see usePanZoom).
import { useCallback, useImperativeHandle, useMemo, useRef } from 'react';
import { useChartKeyboard } from '../hooks/use-chart-keyboard.ts';
import { useExpandCollapse, useKeepPinned } from '../hooks/use-expand-collapse.ts';
import { useFullscreen } from '../hooks/use-fullscreen.ts';
import { useLatest } from '../hooks/use-latest.ts';
import { useNodeClicks } from '../hooks/use-node-clicks.ts';
import { useNodeMenu } from '../hooks/use-node-menu.ts';
import { usePanZoom } from '../hooks/use-pan-zoom.ts';
import { useTreeFilter } from '../hooks/use-tree-filter.ts';
import { focusView, readableFit } from '../model/focus.ts';
import { layoutTree, type TreeLayout } from '../model/layout.ts';
import { menuActions } from '../model/menu.ts';
import {
  accessor,
  collapseAll,
  commitLabel,
  expandAll,
  findNode,
  labelEvent,
  type NodeId,
  type OrgNodeBase,
} from '../model/tree.ts';
import { centerOn, isCompact, RESTORED_VIEW, type Size, type View } from '../model/viewport.ts';
import { OrgTreeMenu } from './OrgTreeMenu.tsx';
import { OrgTreeFilterField, OrgTreeToolbar } from './OrgTreeToolbar.tsx';
import { OrgTreeWindow } from './OrgTreeWindow.tsx';
import type { OrgTreeHandle, OrgTreeProps } from './org-tree-types.ts';
import './org-tree.css';

export type { OrgTreeHandle, OrgTreeProps, TreeUpdate } from './org-tree-types.ts';

export function OrgTree<N extends OrgNodeBase>(props: OrgTreeProps<N>) {
  const {
    data,
    onChange,
    nodeWidth = 160,
    nodeHeight = 64,
    hGap = 16,
    vGap = 40,
    disabled = false,
    lazy = false,
  } = props;
  const fieldsKey = JSON.stringify(props.fields ?? {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: the field names are compared by value
  const acc = useMemo(() => accessor<N>(props.fields), [fieldsKey]);
  const rootRef = useRef<HTMLDivElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  // The latest props for event handlers created once.
  const latest = useLatest({ props, data, acc });

  const layout: TreeLayout<N> = useMemo(
    () => layoutTree(data, acc, { nodeWidth, nodeHeight, hGap, vGap }),
    [data, acc, nodeWidth, nodeHeight, hGap, vGap],
  );
  const layoutRef = useLatest(layout);
  const bounds = useMemo(
    () => ({ minX: layout.minX, maxX: layout.maxX, height: layout.height }),
    [layout.minX, layout.maxX, layout.height],
  );

  const { loading, toggle, pinned } = useExpandCollapse(latest, layoutRef);
  // Restore shows the root with its two slots at a readable zoom (left on the left), not 100 % cut at both edges.
  const restoredView = useCallback(
    (size: Size): View => {
      const font = latest.current.props.compactFontPx;
      const root = layoutRef.current.items[0];
      return font === undefined || !root ? RESTORED_VIEW : focusView(layoutRef.current, root.id, size, font);
    },
    [latest, layoutRef],
  );
  const { clicks, onClick, onDoubleClick } = useNodeClicks(latest, toggle);
  const nodeMenu = useNodeMenu(latest, rootRef);
  const { panZoom, area } = usePanZoom({
    viewportRef,
    layerRef,
    bounds,
    clicks,
    onLongPress: nodeMenu.openMenu,
    fitOnOpen: props.fitOnOpen ?? false,
    restoreTo: props.compactFontPx === undefined ? undefined : (size) => restoredView(size),
  });
  const compact = props.compactFontPx !== undefined && isCompact(panZoom.scale, props.compactFontPx);
  const expandAllNodes = useCallback(() => {
    const { props: p, acc: a } = latest.current;
    if (p.onExpandAll) return void p.onExpandAll();
    p.onChange((d) => expandAll(d, a));
  }, [latest]);
  useKeepPinned(pinned, layout, panZoom);
  const keyboard = useChartKeyboard(panZoom);
  const filter = useTreeFilter(latest);
  const fullscreen = useFullscreen(rootRef);

  const commitLabelOf = useCallback(
    (id: NodeId, label: string) => {
      const { data: tree, acc: a, props: p } = latest.current;
      const before = tree && findNode(tree, id, a);
      if (!before) return;
      p.onChange((d) => commitLabel(d, id, a, label));
      const event = labelEvent(before, label, a);
      if (event?.kind === 'add') p.onNodeAdd?.(event.node);
      else if (event?.kind === 'edit') p.onNodeEdit?.(event.node);
    },
    [latest],
  );

  useImperativeHandle(
    props.ref,
    (): OrgTreeHandle => ({
      zoom: panZoom.zoomBy,
      restore: panZoom.restore,
      fit: panZoom.fit,
      fitReadable: () => {
        const font = latest.current.props.compactFontPx;
        if (font === undefined) {
          panZoom.fit();
          return true;
        }
        const fit = readableFit(layoutRef.current, panZoom.getSize(), font);
        panZoom.setView(fit.readable ? fit.view : restoredView(panZoom.getSize()));
        return fit.readable;
      },
      expandAll: expandAllNodes,
      collapseAll: () => latest.current.props.onChange((d) => collapseAll(d, latest.current.acc)),
      filter: filter.run,
      toggleFullscreen: fullscreen.toggle,
      centerOn: (id, yFraction) => {
        const item = layoutRef.current.byId.get(id);
        if (!item) return false;
        const point = { x: item.x + nodeWidth / 2, y: item.y + nodeHeight / 2 };
        panZoom.setView(centerOn(panZoom.getView(), point, panZoom.getSize(), yFraction));
        return true;
      },
      getView: panZoom.getView,
      toggle,
    }),
    [
      panZoom,
      filter.run,
      fullscreen.toggle,
      toggle,
      nodeWidth,
      nodeHeight,
      latest,
      layoutRef,
      expandAllNodes,
      restoredView,
    ],
  );

  const menu = nodeMenu.menu;
  const menuNode = menu && data ? findNode(data, menu.id, acc) : null;

  return (
    <div
      ref={rootRef}
      className={`org-tree${fullscreen.css ? ' org-tree--fullscreen' : ''}`}
      data-testid={props.testId ?? 'org-tree'}
      data-fullscreen={fullscreen.fullscreen}
    >
      <OrgTreeToolbar
        scale={panZoom.scale}
        fullscreen={fullscreen.fullscreen}
        filterable={props.filterable ?? false}
        filterOpen={filter.open}
        onZoom={panZoom.zoomBy}
        onRestore={panZoom.restore}
        onExpandAll={expandAllNodes}
        onCollapseAll={() => onChange((d) => collapseAll(d, acc))}
        onFullscreen={() => void fullscreen.toggle()}
        onFilterToggle={filter.toggleOpen}
      />
      {filter.open && (
        <OrgTreeFilterField
          value={filter.value}
          placeholder={props.filterPlaceholder}
          onChange={filter.change}
        />
      )}
      <div
        ref={viewportRef}
        className="org-tree__viewport"
        data-testid="org-tree-viewport"
        onClick={onClick}
        onDoubleClick={onDoubleClick}
        onContextMenu={nodeMenu.onContextMenu}
        onKeyDown={keyboard.onKeyDown}
        onFocus={keyboard.onFocus}
        onBlur={keyboard.onBlur}
        role="tree"
        tabIndex={0}
      >
        <OrgTreeWindow<N>
          layerRef={layerRef}
          layout={layout}
          area={area}
          focusedRef={keyboard.focusedRef}
          acc={acc}
          canLoad={lazy && Boolean(props.load)}
          compact={compact}
          nodeWidth={nodeWidth}
          nodeHeight={nodeHeight}
          selectedId={props.selectedId}
          loading={loading}
          renderContent={props.renderContent ?? acc.label}
          onCommitLabel={commitLabelOf}
        />
      </div>
      {menu && menuNode && (
        <OrgTreeMenu
          x={menu.x}
          y={menu.y}
          actions={menuActions(disabled, menuNode)}
          onAction={(action) => void nodeMenu.runAction(action, menu.id)}
        />
      )}
      {props.overlay}
    </div>
  );
}
