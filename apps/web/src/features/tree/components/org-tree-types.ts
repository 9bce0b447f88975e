// The chart's public types: its props, its imperative handle, and what its hooks read at event time.
import type { ReactNode, Ref } from 'react';
import type { Accessor, FieldNames, FilterNodeMethod, NodeId, OrgNodeBase } from '../model/tree.ts';
import type { View } from '../model/viewport.ts';

/** Applies a change to the latest tree (the parent keeps the data: `(fn) => setData((d) => d && fn(d))`). */
export type TreeUpdate<N> = (change: (tree: N) => N) => void;

export interface OrgTreeHandle {
  zoom(direction: 1 | -1): void;
  restore(): void;
  /** Zooms and moves so the whole chart fits the viewport. */
  fit(): void;
  /**
   * Fits the whole chart when its text still reads there (true); otherwise shows the root with its children at a
   * readable zoom (false: the page offers a branch instead). Without `compactFontPx` it is fit().
   */
  fitReadable(): boolean;
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
  /** Opens fitted to the viewport (whole chart shown, zoom ≤ 100 %) instead of at 100 %. */
  fitOnOpen?: boolean;
  /**
   * The font size (px, in layout) of the boxes' text: when zoom × this is under 9 px the layer carries
   * `org-tree__layer--compact` (data-compact) and the boxes draw as compact blocks (see isCompact).
   */
  compactFontPx?: number;
  /**
   * "Expand all" of the toolbar and the handle (default: opens every loaded node). A lazy tree can load
   * the whole subtree first (the invite tree asks the server for it in one request).
   */
  onExpandAll?: () => void | Promise<void>;
  /** Drawn over the chart, inside the fullscreen area (details panel, notices). */
  overlay?: ReactNode;
  testId?: string;
}

/** The latest props, tree and accessor, read by event handlers created once (see useLatest). */
export interface ChartState<N extends OrgNodeBase> {
  props: OrgTreeProps<N>;
  data: N | null;
  acc: Accessor<N>;
}
