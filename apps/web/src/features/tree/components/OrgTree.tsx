// A generic pan/zoom organisation chart (spec sections 2–6, "Invite tree"): expand/collapse per node,
// expand-all/collapse-all, fullscreen, restore, filter, lazy loading, context menu (copy, add, edit,
// delete), single click after 260 ms / double click, pinch zoom. It knows nothing about members: the
// page gives it nodes, a renderer for their content and the loader of their children.
//
// Performance: the layout of every visible node is computed in one pass when the data changes; only the
// boxes and connectors in the area around the view are rendered (memoised absolute boxes); pan and zoom
// rewrite one CSS transform and re-render only when the view leaves that area (see usePanZoom).
import {
  type CSSProperties,
  type FocusEvent as ReactFocusEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from '../../../lib/clipboard.ts';
import { usePanZoom } from '../hooks/use-pan-zoom.ts';
import { type ClickController, createClickController } from '../model/click.ts';
import { type LayoutItem, layoutRect, layoutTree, type TreeLayout, visibleIn } from '../model/layout.ts';
import { type MenuAction, menuActions } from '../model/menu.ts';
import {
  accessor,
  applyLoaded,
  collapseAll,
  commitLabel,
  createChildNode,
  expandAll,
  FILTER_METHOD_REQUIRED,
  type FieldNames,
  type FilterNodeMethod,
  filterTree,
  findNode,
  insertChild,
  type NodeId,
  needsLoad,
  type OrgNodeBase,
  removeNode,
  setExpanded,
  updateNode,
} from '../model/tree.ts';
import { centerOn, type View } from '../model/viewport.ts';
import { notify } from '../notify.ts';
import { type NodeTexts, OrgTreeNode } from './OrgTreeNode.tsx';
import { OrgTreeToolbar } from './OrgTreeToolbar.tsx';
import './org-tree.css';

/** Applies a change to the latest tree (the parent keeps the data: `(fn) => setData((d) => d && fn(d))`). */
export type TreeUpdate<N> = (change: (tree: N) => N) => void;

export interface OrgTreeHandle {
  zoom(direction: 1 | -1): void;
  restore(): void;
  expandAll(): void;
  collapseAll(): void;
  /** Hides nodes that do not match (nor lead to a match). Throws without `filterNodeMethod`. */
  filter(value: string): void;
  toggleFullscreen(): Promise<void>;
  /**
   * Puts a laid-out node in the middle of the viewport (`yFraction` of its height from the top,
   * default 0.5); false when it is not laid out.
   */
  centerOn(id: NodeId, yFraction?: number): boolean;
  getView(): View;
  /** Expands or collapses a node as a double click does (loading its children when needed). */
  toggle(id: NodeId): Promise<void>;
}

export interface OrgTreeProps<N extends OrgNodeBase> {
  data: N | null;
  onChange: TreeUpdate<N>;
  ref?: Ref<OrgTreeHandle>;
  /** Field names of the node objects (spec: configurable). */
  fields?: Partial<FieldNames>;
  nodeWidth?: number;
  nodeHeight?: number;
  hGap?: number;
  vGap?: number;
  /** Content of a node box (default: its label). Keep it stable (useCallback). */
  renderContent?: (node: N) => ReactNode;
  /** Tree-level disabled: the menu offers copy only. */
  disabled?: boolean;
  /** Children are loaded on first expand with `load`; none makes the node a leaf. */
  lazy?: boolean;
  load?: (node: N) => Promise<N[]>;
  filterNodeMethod?: FilterNodeMethod<N>;
  /** Shows the filter field in the toolbar. */
  filterable?: boolean;
  filterPlaceholder?: string;
  /** A single click (fired 260 ms later unless a double click follows). */
  onNodeClick?: (node: N) => void;
  /** A double click; by default it expands or collapses the node. */
  onNodeDblClick?: (node: N) => void;
  onNodeAdd?: (node: N) => void;
  onNodeEdit?: (node: N) => void;
  onNodeDelete?: (node: N) => void;
  /** What "copy text" copies (default: the label). */
  copyText?: (node: N) => string;
  /** Whether a node has a context menu at all (default: every node). */
  hasMenu?: (node: N) => boolean;
  selectedId?: NodeId | null;
  /** Drawn over the chart, inside the fullscreen area (details panel, notices). */
  overlay?: ReactNode;
  testId?: string;
}

interface MenuState {
  id: NodeId;
  x: number;
  y: number;
}

const MENU_WIDTH = 160;
/** Arrow keys move the chart this far. */
const KEY_PAN = 40;
const KEY_ACTIONS: Record<string, 'in' | 'out' | 'restore' | readonly [number, number]> = {
  '+': 'in',
  '=': 'in',
  '-': 'out',
  '0': 'restore',
  ArrowLeft: [KEY_PAN, 0],
  ArrowRight: [-KEY_PAN, 0],
  ArrowUp: [0, KEY_PAN],
  ArrowDown: [0, -KEY_PAN],
};

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
  const { t } = useTranslation();
  const fieldsKey = JSON.stringify(props.fields ?? {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: the field names are compared by value
  const acc = useMemo(() => accessor<N>(props.fields), [fieldsKey]);
  const rootRef = useRef<HTMLDivElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const [menu, setMenu] = useState<MenuState | null>(null);
  const [loading, setLoading] = useState<ReadonlySet<NodeId>>(() => new Set());
  const [nativeFullscreen, setNativeFullscreen] = useState(false);
  const [cssFullscreen, setCssFullscreen] = useState(false);
  const [filterOpen, setFilterOpen] = useState(false);
  const [filterValue, setFilterValue] = useState('');

  // The latest props for event handlers created once.
  const latest = useRef({ props, data, acc });
  useLayoutEffect(() => {
    latest.current = { props, data, acc };
  });

  const layout: TreeLayout<N> = useMemo(
    () => layoutTree(data, acc, { nodeWidth, nodeHeight, hGap, vGap }),
    [data, acc, nodeWidth, nodeHeight, hGap, vGap],
  );
  const layoutRef = useRef(layout);
  useLayoutEffect(() => {
    layoutRef.current = layout;
  }, [layout]);
  const bounds = useMemo(
    () => ({ minX: layout.minX, maxX: layout.maxX, height: layout.height }),
    [layout.minX, layout.maxX, layout.height],
  );

  // The node being expanded or collapsed stays where it is on screen (the layout around it moves).
  const anchorRef = useRef<{ id: NodeId; x: number } | null>(null);
  const anchor = useCallback((id: NodeId) => {
    const item = layoutRef.current.byId.get(id);
    anchorRef.current = item ? { id, x: item.x } : null;
  }, []);

  const loadingRef = useRef(new Set<NodeId>());
  const toggle = useCallback(
    async (id: NodeId) => {
      const { data: tree, acc: a, props: p } = latest.current;
      if (!tree) return;
      const node = findNode(tree, id, a);
      if (!node || a.isLeaf(node)) return;
      if (a.expanded(node)) {
        anchor(id);
        p.onChange((d) => setExpanded(d, id, a, false));
        return;
      }
      if (!(p.lazy && p.load && needsLoad(node, a))) {
        if (a.children(node).length > 0) {
          anchor(id);
          p.onChange((d) => setExpanded(d, id, a, true));
        }
        return;
      }
      if (loadingRef.current.has(id)) return;
      loadingRef.current.add(id);
      setLoading(new Set(loadingRef.current));
      try {
        const children = await p.load(node);
        anchor(id);
        p.onChange((d) => applyLoaded(d, id, a, children));
      } catch {
        // The loader reports its own error (the request wrapper toasts it); the node stays collapsed.
      } finally {
        loadingRef.current.delete(id);
        setLoading(new Set(loadingRef.current));
      }
    },
    [anchor],
  );

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
    [toggle],
  );
  useEffect(() => () => clicks.dispose(), [clicks]);

  const openMenu = useCallback((target: Element, point: { x: number; y: number }) => {
    const el = target.closest<HTMLElement>('[data-node-id]');
    const root = rootRef.current;
    const id = el?.dataset.nodeId;
    const { data: tree, acc: a, props: p } = latest.current;
    if (!id || !root || !tree) return;
    const node = findNode(tree, id, a);
    if (!node || (p.hasMenu && !p.hasMenu(node))) return;
    const rect = root.getBoundingClientRect();
    const x = Math.max(4, Math.min(point.x - rect.left, rect.width - MENU_WIDTH - 4));
    const y = Math.max(4, Math.min(point.y - rect.top, rect.height - 4 * 44 - 4));
    setMenu({ id, x, y });
  }, []);

  const { panZoom, area } = usePanZoom({ viewportRef, layerRef, bounds, clicks, onLongPress: openMenu });

  // What is rendered: the boxes and connectors reaching into the area around the view (none before the
  // viewport is measured, all when it has no size), and the box whose label is being edited or which
  // holds the keyboard focus (unmounting it would drop the focus, and with it the arrow keys).
  const focusedRef = useRef<NodeId | null>(null);
  const shown = useMemo(() => {
    if (area === undefined) return { items: [] as LayoutItem<N>[], edges: '', rect: null };
    const rect = area ?? layoutRect(layout);
    const part = visibleIn(layout, rect);
    const kept = layout.items.filter(
      (item) => (item.node.focused || item.id === focusedRef.current) && !part.items.includes(item),
    );
    return { items: kept.length ? [...part.items, ...kept] : part.items, edges: part.edges, rect };
  }, [layout, area]);

  useLayoutEffect(() => {
    const pinned = anchorRef.current;
    if (!pinned) return;
    anchorRef.current = null;
    const item = layout.byId.get(pinned.id);
    if (!item || item.x === pinned.x) return;
    const view = panZoom.getView();
    panZoom.setView({ ...view, x: view.x + (pinned.x - item.x) * view.scale });
  }, [layout, panZoom]);

  const commitLabelOf = useCallback((id: NodeId, label: string) => {
    const { data: tree, acc: a, props: p } = latest.current;
    const before = tree && findNode(tree, id, a);
    if (!before) return;
    p.onChange((d) => commitLabel(d, id, a, label));
    const named = label.trim() !== '';
    if (before.newNode && named)
      p.onNodeAdd?.(a.with(before, { label: label.trim(), newNode: false, focused: false }));
    else if (!before.newNode && named)
      p.onNodeEdit?.(a.with(before, { label: label.trim(), focused: false }));
  }, []);

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

  const runFilter = useCallback((value: string) => {
    const { acc: a, props: p } = latest.current;
    if (!p.filterNodeMethod) throw new Error(FILTER_METHOD_REQUIRED);
    const method = p.filterNodeMethod;
    p.onChange((d) => filterTree(d, value, a, method));
  }, []);

  // Fullscreen API first; a browser without it (or refusing) gets the CSS fallback.
  useEffect(() => {
    const onChangeFs = () => setNativeFullscreen(document.fullscreenElement === rootRef.current);
    document.addEventListener('fullscreenchange', onChangeFs);
    return () => document.removeEventListener('fullscreenchange', onChangeFs);
  }, []);
  const toggleFullscreen = useCallback(async () => {
    const root = rootRef.current;
    if (!root) return;
    if (document.fullscreenElement === root) {
      await document.exitFullscreen?.().catch(() => undefined);
      return;
    }
    if (cssFullscreen) {
      setCssFullscreen(false);
      return;
    }
    if (typeof root.requestFullscreen === 'function') {
      try {
        await root.requestFullscreen();
        return;
      } catch {
        // refused (iframe, iOS Safari): fall back to covering the window
      }
    }
    setCssFullscreen(true);
  }, [cssFullscreen]);

  useImperativeHandle(
    props.ref,
    (): OrgTreeHandle => ({
      zoom: panZoom.zoomBy,
      restore: panZoom.restore,
      expandAll: () => latest.current.props.onChange((d) => expandAll(d, latest.current.acc)),
      collapseAll: () => latest.current.props.onChange((d) => collapseAll(d, latest.current.acc)),
      filter: runFilter,
      toggleFullscreen,
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
    [panZoom, runFilter, toggleFullscreen, toggle, nodeWidth, nodeHeight],
  );

  // Delegated events: one set of listeners for thousands of nodes.
  const onClick = (e: ReactMouseEvent) => {
    const target = e.target as Element;
    if (target.closest('input')) return;
    const id = target.closest<HTMLElement>('[data-node-id]')?.dataset.nodeId;
    if (!id) return;
    if (target.closest('.org-node__toggle')) {
      if (!clicks.isDragStopped) void toggle(id);
    } else clicks.click(id);
  };
  const onDoubleClick = (e: ReactMouseEvent) => {
    const target = e.target as Element;
    if (target.closest('input, .org-node__toggle')) return;
    const id = target.closest<HTMLElement>('[data-node-id]')?.dataset.nodeId;
    if (id) clicks.dblClick(id);
  };
  // Keyboard: +/- zoom, 0 restores, arrows pan (the toolbar and toggles are buttons anyway).
  const onKeyDown = (e: ReactKeyboardEvent) => {
    if ((e.target as Element).closest('input')) return;
    const action = KEY_ACTIONS[e.key];
    if (!action) return;
    e.preventDefault();
    if (action === 'restore') panZoom.restore();
    else if (action === 'in' || action === 'out') panZoom.zoomBy(action === 'in' ? 1 : -1);
    else {
      const view = panZoom.getView();
      panZoom.setView({ ...view, x: view.x + action[0], y: view.y + action[1] });
    }
  };
  const onFocus = (e: ReactFocusEvent) => {
    focusedRef.current = (e.target as Element).closest<HTMLElement>('[data-node-id]')?.dataset.nodeId ?? null;
  };
  const onBlur = () => {
    focusedRef.current = null;
  };
  const onContextMenu = (e: ReactMouseEvent) => {
    if ((e.target as Element).closest('input')) return;
    e.preventDefault();
    openMenu(e.target as Element, { x: e.clientX, y: e.clientY });
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

  const renderContent = props.renderContent ?? acc.label;
  const texts: NodeTexts = useMemo(
    () => ({
      expand: t('tree.expand'),
      collapse: t('tree.collapse'),
      loading: t('common.loading'),
      namePlaceholder: t('tree.namePlaceholder'),
    }),
    [t],
  );
  const menuNode = menu && data ? findNode(data, menu.id, acc) : null;
  const fullscreen = nativeFullscreen || cssFullscreen;
  const edgeRect = shown.rect;

  return (
    <div
      ref={rootRef}
      className={`org-tree${cssFullscreen ? ' org-tree--fullscreen' : ''}`}
      data-testid={props.testId ?? 'org-tree'}
      data-fullscreen={fullscreen}
    >
      <OrgTreeToolbar
        scale={panZoom.scale}
        fullscreen={fullscreen}
        filterable={props.filterable ?? false}
        filterOpen={filterOpen}
        onZoom={panZoom.zoomBy}
        onRestore={panZoom.restore}
        onExpandAll={() => onChange((d) => expandAll(d, acc))}
        onCollapseAll={() => onChange((d) => collapseAll(d, acc))}
        onFullscreen={() => void toggleFullscreen()}
        onFilterToggle={() => {
          if (filterOpen && filterValue) {
            setFilterValue('');
            runFilter('');
          }
          setFilterOpen(!filterOpen);
        }}
      />
      {filterOpen && (
        <div className="org-tree__filter">
          <input
            type="search"
            data-testid="tree-filter-input"
            value={filterValue}
            maxLength={140}
            placeholder={props.filterPlaceholder ?? t('tree.filter')}
            aria-label={props.filterPlaceholder ?? t('tree.filter')}
            onChange={(e) => {
              setFilterValue(e.target.value);
              runFilter(e.target.value.trim());
            }}
          />
        </div>
      )}
      <div
        ref={viewportRef}
        className="org-tree__viewport"
        data-testid="org-tree-viewport"
        onClick={onClick}
        onDoubleClick={onDoubleClick}
        onContextMenu={onContextMenu}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onBlur={onBlur}
        role="tree"
        tabIndex={0}
      >
        <div
          ref={layerRef}
          className="org-tree__layer"
          data-testid="org-tree-layer"
          style={
            { '--org-node-width': `${nodeWidth}px`, '--org-node-height': `${nodeHeight}px` } as CSSProperties
          }
        >
          {edgeRect && shown.edges && (
            // Sized to the rendered area, in layout coordinates through the viewBox.
            <svg
              className="org-tree__edges"
              width={edgeRect.right - edgeRect.left}
              height={edgeRect.bottom - edgeRect.top}
              viewBox={`${edgeRect.left} ${edgeRect.top} ${edgeRect.right - edgeRect.left} ${edgeRect.bottom - edgeRect.top}`}
              style={{ left: edgeRect.left, top: edgeRect.top }}
              aria-hidden="true"
            >
              <path d={shown.edges} />
            </svg>
          )}
          {shown.items.map((item) => {
            const node = item.node;
            const leaf = acc.isLeaf(node);
            const toggleable = !leaf && (acc.children(node).length > 0 || (lazy && Boolean(props.load)));
            return (
              <OrgTreeNode<N>
                key={item.id}
                node={node}
                id={item.id}
                label={acc.label(node)}
                x={item.x}
                y={item.y}
                expanded={acc.expanded(node) && toggleable}
                toggleable={toggleable}
                leaf={leaf || !toggleable}
                selected={props.selectedId === item.id}
                loading={loading.has(item.id)}
                renderContent={renderContent}
                onCommitLabel={commitLabelOf}
                texts={texts}
              />
            );
          })}
        </div>
      </div>
      {menu && menuNode && (
        <div
          className="org-tree__menu"
          role="menu"
          data-testid="tree-menu"
          style={{ left: menu.x, top: menu.y, width: MENU_WIDTH }}
        >
          {menuActions(disabled, menuNode).map((action) => (
            <button
              key={action}
              type="button"
              role="menuitem"
              data-testid={`tree-menu-${action}`}
              onClick={() => void runAction(action, menu.id)}
            >
              {t(`tree.menu.${action}`)}
            </button>
          ))}
        </div>
      )}
      {props.overlay}
    </div>
  );
}
