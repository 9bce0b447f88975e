// Views that keep the chart readable: the restored view shows the root with its two slots (left on the left, right on
// the right), and "Expand all" fits the whole chart only while its text still reads; past that the page offers to
// focus on a branch instead of drawing unlabelled blocks.
import type { TreeLayout } from './layout.ts';
import type { NodeId } from './tree.ts';
import {
  COMPACT_TEXT_PX,
  type ContentBounds,
  FIT_PADDING,
  fitView,
  isCompact,
  ORIGIN_TOP,
  RESTORED_VIEW,
  type Size,
  type View,
} from './viewport.ts';

/** The least zoom (a whole percent, at most 100 %) at which text of `fontPx` still reads on screen. */
export const readableScale = (fontPx: number) =>
  Math.min(1, Math.ceil((COMPACT_TEXT_PX / fontPx) * 100 - 1e-9) / 100);

/** fitView, and whether the whole chart really fits there with its text still readable. */
export function readableFit(
  bounds: ContentBounds,
  size: Size,
  fontPx: number,
  padding = FIT_PADDING,
): { view: View; readable: boolean } {
  const view = fitView(bounds, size, padding);
  const availW = size.width - 2 * padding;
  const availH = size.height - ORIGIN_TOP - padding;
  const fits =
    (bounds.maxX - bounds.minX) * view.scale <= availW + 1e-6 && bounds.height * view.scale <= availH + 1e-6;
  return { view, readable: fits && !isCompact(view.scale, fontPx) };
}

/**
 * The view of node `id` with its shown children: the largest zoom up to 100 % (never below readable) at which the
 * node and its children's boxes fit across, centred on them, the node's top at the top. When even the readable zoom
 * cannot hold them (children far apart over wide subtrees), it centres on the node itself.
 */
export function focusView<N>(
  layout: TreeLayout<N>,
  id: NodeId,
  size: Size,
  fontPx: number,
  padding = FIT_PADDING,
): View {
  const item = layout.byId.get(id);
  if (!item || size.width <= 0 || size.height <= 0) return RESTORED_VIEW;
  const w = layout.options.nodeWidth;
  const kids = layout.levels[item.depth + 1]?.slice(item.childStart, item.childStart + item.childCount) ?? [];
  const left = Math.min(item.x, ...kids.map((k) => k.x));
  const right = Math.max(item.x + w, ...kids.map((k) => k.x + w));
  const availW = Math.max(1, size.width - 2 * padding);
  const fit = Math.floor((availW / (right - left)) * 100 + 1e-9) / 100;
  const scale = Math.max(readableScale(fontPx), Math.min(1, fit));
  const fits = (right - left) * scale <= availW + 1e-6;
  const cx = fits ? (left + right) / 2 : item.x + w / 2;
  return { x: -scale * cx || 0, y: -scale * item.y || 0, scale };
}
