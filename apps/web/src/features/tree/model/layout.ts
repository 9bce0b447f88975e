// Absolute layout of the visible nodes, computed in one depth-first pass: leaves take the next free
// column, a parent sits centred over its first and last child. Node boxes have a fixed size, so
// nothing is measured in the DOM and the chart renders in one go.
import { type Accessor, type NodeId, type OrgNodeBase, visibleChildren } from './tree.ts';

export interface LayoutOptions {
  nodeWidth: number;
  nodeHeight: number;
  /** Space between neighbouring subtrees. */
  hGap: number;
  /** Space between levels (the connectors run through it). */
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
}

export interface TreeLayout<N> {
  items: LayoutItem<N>[];
  byId: Map<NodeId, LayoutItem<N>>;
  /** One SVG path with every connector; its x = 0 is the chart's left edge (`minX`). */
  edges: string;
  minX: number;
  maxX: number;
  height: number;
}

export function layoutTree<N extends OrgNodeBase>(
  root: N | null,
  acc: Accessor<N>,
  { nodeWidth: w, nodeHeight: h, hGap, vGap }: LayoutOptions,
): TreeLayout<N> {
  const items: LayoutItem<N>[] = [];
  const byId = new Map<NodeId, LayoutItem<N>>();
  if (!root || root.hidden) return { items, byId, edges: '', minX: 0, maxX: 0, height: 0 };
  const segments: string[] = [];
  let cursor = 0;
  let maxDepth = 0;

  // Returns the centre x of the node; the item is created before its children (DOM order = pre-order).
  const place = (node: N, depth: number, parentId: NodeId | null): number => {
    const item: LayoutItem<N> = { node, id: '', x: 0, y: depth * (h + vGap), depth, parentId };
    item.id = acc.id(node);
    items.push(item);
    byId.set(item.id, item);
    if (depth > maxDepth) maxDepth = depth;
    const kids = visibleChildren(node, acc);
    let cx: number;
    if (kids.length === 0) {
      cx = cursor + w / 2;
      cursor += w + hGap;
    } else {
      let first = 0;
      let last = 0;
      const childY = (depth + 1) * (h + vGap);
      const midY = childY - vGap / 2;
      for (let i = 0; i < kids.length; i++) {
        const c = place(kids[i] as N, depth + 1, item.id);
        if (i === 0) first = c;
        last = c;
        segments.push(`M${c} ${midY}V${childY}`);
      }
      cx = (first + last) / 2;
      segments.push(`M${cx} ${item.y + h}V${midY}`);
      if (kids.length > 1) segments.push(`M${first} ${midY}H${last}`);
    }
    item.x = cx - w / 2;
    return cx;
  };

  const rootCx = place(root, 0, null);
  for (const item of items) item.x -= rootCx;
  return {
    items,
    byId,
    // The connectors were drawn before the root was centred: they start at the left edge, x = 0.
    edges: segments.join(''),
    minX: -rootCx,
    maxX: cursor - hGap - rootCx,
    height: (maxDepth + 1) * h + maxDepth * vGap,
  };
}

/**
 * A row of boxes of one level within one horizontal band. The browser skips style, layout and paint
 * of an off-screen tile's boxes (content-visibility), so the first frame only works on what is shown.
 * Far fewer tiles than boxes keeps the browser's own visibility bookkeeping small.
 */
export interface Tile<N> {
  key: string;
  x: number;
  y: number;
  width: number;
  items: LayoutItem<N>[];
}

export const DEFAULT_TILE_WIDTH = 1024;

export function tileLayout<N>(layout: TreeLayout<N>, nodeWidth: number, tileWidth: number): Tile<N>[] {
  const tiles = new Map<string, Tile<N>>();
  for (const item of layout.items) {
    const band = Math.floor((item.x - layout.minX) / tileWidth);
    const key = `${item.depth}:${band}`;
    let tile = tiles.get(key);
    if (!tile) {
      tile = { key, x: item.x, y: item.y, width: 0, items: [] };
      tiles.set(key, tile);
    }
    // Items of a level come left to right, so the first one starts the tile.
    tile.width = item.x + nodeWidth - tile.x;
    tile.items.push(item);
  }
  return [...tiles.values()];
}
