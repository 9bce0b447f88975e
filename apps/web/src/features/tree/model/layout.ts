// Absolute layout of the visible nodes, computed in one depth-first pass: leaves take the next free
// column, a parent sits centred over its first and last child. Node boxes have a fixed size, so
// nothing is measured in the DOM. The chart then renders only the boxes and connectors inside an area
// of the view (`visibleIn`): every visible node has its place, only those near the screen have a box.
import { type Accessor, type NodeId, type OrgNodeBase, visibleChildren } from './tree.ts';

export interface LayoutOptions {
  nodeWidth: number;
  nodeHeight: number;
  /** Space between neighbouring subtrees. */
  hGap: number;
  /** Space between levels (the connectors and the expand buttons run through it). */
  vGap: number;
}

export interface LayoutItem<N> {
  node: N;
  id: NodeId;
  /** Top-left corner; x = 0 is the centre of the root. */
  x: number;
  y: number;
  depth: number;
  parentId: NodeId | null;
  /** Horizontal extent of the node's laid-out subtree (its box and every box below it). */
  left: number;
  right: number;
  /** Its visible children: `childCount` items of the next level from `childStart`. */
  childStart: number;
  childCount: number;
}

export interface TreeLayout<N> {
  /** Pre-order (parents before their children). */
  items: LayoutItem<N>[];
  byId: Map<NodeId, LayoutItem<N>>;
  /** The items of each depth, left to right (their subtree extents are disjoint and in order). */
  levels: LayoutItem<N>[][];
  options: LayoutOptions;
  minX: number;
  maxX: number;
  height: number;
}

/** A rectangle in layout coordinates (x = 0 is the root's centre, y = 0 its top). */
export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export function layoutTree<N extends OrgNodeBase>(
  root: N | null,
  acc: Accessor<N>,
  options: LayoutOptions,
): TreeLayout<N> {
  const { nodeWidth: w, nodeHeight: h, hGap, vGap } = options;
  const items: LayoutItem<N>[] = [];
  const byId = new Map<NodeId, LayoutItem<N>>();
  const levels: LayoutItem<N>[][] = [];
  if (!root || root.hidden) return { items, byId, levels, options, minX: 0, maxX: 0, height: 0 };
  let cursor = 0;

  // Returns the item; it is created before its children (pre-order), and each level fills left to right.
  const place = (node: N, depth: number, parentId: NodeId | null): LayoutItem<N> => {
    const item: LayoutItem<N> = {
      node,
      id: acc.id(node),
      x: 0,
      y: depth * (h + vGap),
      depth,
      parentId,
      left: 0,
      right: 0,
      childStart: 0,
      childCount: 0,
    };
    items.push(item);
    byId.set(item.id, item);
    let level = levels[depth];
    if (!level) {
      level = [];
      levels[depth] = level;
    }
    level.push(item);
    const kids = visibleChildren(node, acc);
    if (kids.length === 0) {
      item.x = cursor;
      item.left = cursor;
      item.right = cursor + w;
      cursor += w + hGap;
      return item;
    }
    item.childStart = levels[depth + 1]?.length ?? 0;
    item.childCount = kids.length;
    let first: LayoutItem<N> | null = null;
    let last: LayoutItem<N> | null = null;
    for (const kid of kids) {
      last = place(kid as N, depth + 1, item.id);
      first ??= last;
    }
    const f = first as LayoutItem<N>;
    const l = last as LayoutItem<N>;
    item.x = (f.x + l.x) / 2;
    item.left = f.left;
    item.right = l.right;
    return item;
  };

  const top = place(root, 0, null);
  const shift = top.x + w / 2;
  for (const item of items) {
    item.x -= shift;
    item.left -= shift;
    item.right -= shift;
  }
  const depth = levels.length - 1;
  return {
    items,
    byId,
    levels,
    options,
    minX: top.left,
    maxX: top.right,
    height: (depth + 1) * h + depth * vGap,
  };
}

/** The whole laid-out chart (with the band of the last level's expand buttons). */
export function layoutRect(layout: TreeLayout<unknown>): Rect {
  return { left: layout.minX, top: 0, right: layout.maxX, bottom: layout.height + layout.options.vGap };
}

export interface VisiblePart<N> {
  /** Boxes that reach into the area, level by level, left to right. */
  items: LayoutItem<N>[];
  /** One SVG path (layout coordinates) with every connector that reaches into the area. */
  edges: string;
}

/**
 * The boxes and connectors of the layout that reach into `area`. A level's band runs from the top of
 * its boxes to the top of the next level (the expand buttons, the connectors down and the bar between
 * children are drawn there); a box counts with half a gap around it (shadow, selection ring). Cost:
 * one binary search per level plus what is returned.
 */
export function visibleIn<N>(layout: TreeLayout<N>, area: Rect): VisiblePart<N> {
  const { nodeWidth: w, nodeHeight: h, hGap, vGap } = layout.options;
  const items: LayoutItem<N>[] = [];
  const edges: string[] = [];
  const pad = hGap / 2;
  const band = h + vGap;
  const firstDepth = Math.max(0, Math.floor(area.top / band));
  const lastDepth = Math.min(layout.levels.length - 1, Math.floor(area.bottom / band));
  for (let depth = firstDepth; depth <= lastDepth; depth++) {
    const level = layout.levels[depth] as LayoutItem<N>[];
    const next = layout.levels[depth + 1];
    // First item whose subtree reaches the area's left edge (extents are ordered along a level).
    let lo = 0;
    let hi = level.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((level[mid] as LayoutItem<N>).right + pad < area.left) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < level.length; i++) {
      const item = level[i] as LayoutItem<N>;
      if (item.left - pad > area.right) break;
      if (item.x + w + pad >= area.left && item.x - pad <= area.right) items.push(item);
      if (item.childCount === 0 || !next) continue;
      // Connectors: down from the box to the middle of the gap, the bar over the children, up to each child.
      const firstKid = next[item.childStart] as LayoutItem<N>;
      const lastKid = next[item.childStart + item.childCount - 1] as LayoutItem<N>;
      const from = firstKid.x + w / 2;
      const to = lastKid.x + w / 2;
      if (to + 1 < area.left || from - 1 > area.right) continue;
      const midY = item.y + h + vGap / 2;
      const childY = item.y + band;
      edges.push(`M${item.x + w / 2} ${item.y + h}V${midY}`);
      if (item.childCount > 1) edges.push(`M${from} ${midY}H${to}`);
      for (let k = item.childStart; k < item.childStart + item.childCount; k++) {
        const cx = (next[k] as LayoutItem<N>).x + w / 2;
        if (cx + 1 >= area.left && cx - 1 <= area.right) edges.push(`M${cx} ${midY}V${childY}`);
      }
    }
  }
  return { items, edges: edges.join('') };
}

/** What the chart mounts: a part of the layout with its connectors, and the area they are drawn in. */
export interface MountedPart<N> extends VisiblePart<N> {
  rect: Rect | null;
}

/**
 * The boxes and connectors reaching into `area` (none before the viewport is measured: undefined; all
 * when it has no size: null), plus every box `keep` holds wherever it is (the one whose label is being
 * edited or which holds the keyboard focus: unmounting it would drop the focus, and the arrow keys).
 */
export function mountedPart<N>(
  layout: TreeLayout<N>,
  area: Rect | null | undefined,
  keep: (item: LayoutItem<N>) => boolean,
): MountedPart<N> {
  if (area === undefined) return { items: [], edges: '', rect: null };
  const rect = area ?? layoutRect(layout);
  const part = visibleIn(layout, rect);
  const kept = layout.items.filter((item) => keep(item) && !part.items.includes(item));
  return { items: kept.length ? [...part.items, ...kept] : part.items, edges: part.edges, rect };
}
