// Pan and zoom arithmetic of the chart (spec section 5: zoom 0.3–3 in steps of 0.1, panning clamped),
// and the area of the chart whose boxes are rendered around what the view shows.
//
// The layer holding the chart is drawn with `translate(originX + x, originY + y) scale(scale)` where the
// origin puts the root's top centre at the top centre of the viewport: restore = { x: 0, y: 0, scale: 1 }.

import type { Rect } from './layout.ts';

export const ZOOM_MIN = 0.3;
export const ZOOM_MAX = 3;
export const ZOOM_STEP = 0.1;
/** Space above the root when the chart is restored. */
export const ORIGIN_TOP = 24;
/** However far it is panned, this much of the chart (or all of it when smaller) stays on screen. */
export const PAN_KEEP_VISIBLE = 80;

export interface View {
  x: number;
  y: number;
  scale: number;
}

export const RESTORED_VIEW: View = { x: 0, y: 0, scale: 1 };

/** The chart's extent in layout coordinates (x = 0 is the root's centre, y = 0 its top). */
export interface ContentBounds {
  minX: number;
  maxX: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Bounded to 0.3–3 and snapped to the 0.1 grid (no 1.2000000000000002). */
export function clampZoom(scale: number): number {
  if (!Number.isFinite(scale)) return 1;
  const snapped = Math.round(scale / ZOOM_STEP) / 10;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, snapped));
}

/** Bounded to 0.3–3 without the grid: a pinch or a fit zooms continuously. */
export function clampScale(scale: number): number {
  if (!Number.isFinite(scale) || scale <= 0) return 1;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, scale));
}

/** One step in or out (wheel notch, +/- button). */
export function stepZoom(scale: number, direction: 1 | -1): number {
  return clampZoom(scale + direction * ZOOM_STEP);
}

export const origin = (size: Size) => ({ x: size.width / 2, y: ORIGIN_TOP });

function clampAxis(value: number, lo: number, hi: number): number {
  if (lo > hi) return (lo + hi) / 2;
  return Math.min(hi, Math.max(lo, value));
}

/**
 * Keeps at least PAN_KEEP_VISIBLE px of the chart (or the whole chart when it is smaller) inside the
 * viewport on each axis: the chart can be moved anywhere but never lost off screen. The restored view
 * (root at the top centre) always satisfies it.
 */
export function clampView(view: View, bounds: ContentBounds, size: Size, keep = PAN_KEEP_VISIBLE): View {
  if (size.width <= 0 || size.height <= 0) return view; // not laid out (yet): nothing to clamp against
  const s = view.scale;
  const o = origin(size);
  const left = bounds.minX * s;
  const right = bounds.maxX * s;
  const bottom = bounds.height * s;
  const keepX = Math.min(keep, right - left, size.width);
  const keepY = Math.min(keep, bottom, size.height);
  // Screen x of the chart's right edge = o.x + x + right ≥ keepX; its left edge = o.x + x + left ≤ width − keepX.
  const x = clampAxis(view.x, keepX - o.x - right, size.width - keepX - o.x - left);
  const y = clampAxis(view.y, keepY - o.y - bottom, size.height - keepY - o.y);
  return x === view.x && y === view.y ? view : { ...view, x, y };
}

/** Changes the zoom keeping the chart point under `anchor` (viewport coordinates) where it is. */
export function zoomAt(view: View, scale: number, anchor: { x: number; y: number }, size: Size): View {
  const next = clampZoom(scale);
  if (next === view.scale) return view;
  const o = origin(size);
  const px = (anchor.x - o.x - view.x) / view.scale;
  const py = (anchor.y - o.y - view.y) / view.scale;
  return { scale: next, x: anchor.x - o.x - px * next, y: anchor.y - o.y - py * next };
}

/**
 * The view that puts the chart point (px, py) in the middle of the viewport (at `yFraction` of its
 * height: a panel over the bottom half wants it higher), at the current zoom.
 */
export function centerOn(view: View, point: { x: number; y: number }, size: Size, yFraction = 0.5): View {
  const o = origin(size);
  return {
    ...view,
    x: size.width / 2 - o.x - point.x * view.scale,
    y: size.height * yFraction - o.y - point.y * view.scale,
  };
}

/**
 * The layer's CSS transform. The layer itself sits at `left: 50%` of the viewport (the horizontal
 * origin), so writing the transform never needs the viewport's size (no forced layout).
 */
export function layerTransform(view: View): string {
  return `translate3d(${view.x}px, ${ORIGIN_TOP + view.y}px, 0) scale(${view.scale})`;
}

/** Room left around the chart when it is fitted to the viewport. */
export const FIT_PADDING = 12;

/**
 * The view showing the whole chart in the viewport (it once opened at 100 %, cut off at both
 * edges): the largest zoom up to 100 % at which the chart's width and height fit inside the padding,
 * rounded down to a whole percent, never below ZOOM_MIN; the chart is centred horizontally with the
 * root at the top. A chart that does not fit even at ZOOM_MIN keeps the root's column in the middle.
 */
export function fitView(bounds: ContentBounds, size: Size, padding = FIT_PADDING): View {
  if (size.width <= 0 || size.height <= 0) return RESTORED_VIEW;
  const width = bounds.maxX - bounds.minX;
  const availW = Math.max(1, size.width - 2 * padding);
  const availH = Math.max(1, size.height - ORIGIN_TOP - padding);
  const fit = Math.min(1, width > 0 ? availW / width : 1, bounds.height > 0 ? availH / bounds.height : 1);
  const scale = Math.max(ZOOM_MIN, Math.floor(fit * 100 + 1e-9) / 100);
  const fitsAcross = width * scale <= availW + 1e-6;
  const x = fitsAcross ? -scale * ((bounds.minX + bounds.maxX) / 2) : 0;
  return { x: x === 0 ? 0 : x, y: 0, scale }; // no -0
}

/** Distance and midpoint of two pointers (pinch zoom). */
export function pinchOf(a: { x: number; y: number }, b: { x: number; y: number }) {
  return { distance: Math.hypot(a.x - b.x, a.y - b.y), mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } };
}

/** Where a pinch started: the view, the two fingers' midpoint and distance (viewport coordinates). */
export interface PinchStart {
  view: View;
  mid: { x: number; y: number };
  distance: number;
}

/**
 * The view during a pinch, from where it started (the point under the fingers once drifted): the
 * zoom follows the fingers' distance continuously (no 0.1 grid, within 0.3–3), and the chart point that
 * was under the starting midpoint stays under the current one, so moving both fingers pans.
 */
export function pinchView(
  start: PinchStart,
  mid: { x: number; y: number },
  distance: number,
  size: Size,
): View {
  const scale = clampScale((start.view.scale * distance) / (start.distance || 1));
  const o = origin(size);
  const px = (start.mid.x - o.x - start.view.x) / start.view.scale;
  const py = (start.mid.y - o.y - start.view.y) / start.view.scale;
  return { scale, x: mid.x - o.x - px * scale, y: mid.y - o.y - py * scale };
}

/** Text smaller than this on screen (px) is not drawn: the boxes become compact blocks. */
export const COMPACT_TEXT_PX = 9;

/** Whether boxes whose text is `fontPx` px in layout draw compact at this zoom. */
export function isCompact(scale: number, fontPx: number): boolean {
  return scale * fontPx < COMPACT_TEXT_PX - 1e-9;
}

/** The part of the chart (layout coordinates) that the viewport shows. */
export function visibleRect(view: View, size: Size): Rect {
  const o = origin(size);
  const s = view.scale;
  return {
    left: (-o.x - view.x) / s,
    top: (-o.y - view.y) / s,
    right: (size.width - o.x - view.x) / s,
    bottom: (size.height - o.y - view.y) / s,
  };
}

/** Boxes are rendered this much (a fraction of the shown part) beyond each side of the viewport. */
export const RENDER_MARGIN = 0.5;

/**
 * The area of the chart whose boxes are rendered: what the view shows plus RENDER_MARGIN of it on each
 * side. It stays `current` while that still holds everything shown (and is not more than twice the
 * area needed, after zooming in), so a pan or a zoom re-renders only every so often. While the
 * viewport has no size the area is kept (hidden for a while), or `null` if it never had one (no layout
 * engine at all, or mounted hidden): then everything is rendered.
 */
export function renderArea(current: Rect | null | undefined, view: View, size: Size): Rect | null {
  if (size.width <= 0 || size.height <= 0) return current ?? null;
  const v = visibleRect(view, size);
  const width = v.right - v.left;
  const height = v.bottom - v.top;
  if (
    current &&
    current.left <= v.left &&
    current.top <= v.top &&
    current.right >= v.right &&
    current.bottom >= v.bottom &&
    current.right - current.left <= 2 * (1 + 2 * RENDER_MARGIN) * width
  )
    return current;
  const mx = width * RENDER_MARGIN;
  const my = height * RENDER_MARGIN;
  return { left: v.left - mx, top: v.top - my, right: v.right + mx, bottom: v.bottom + my };
}

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

/** What a key does to the view: +/- zoom, 0 restores, arrows pan (by [dx, dy]); undefined: nothing. */
export function keyAction(key: string): 'in' | 'out' | 'restore' | readonly [number, number] | undefined {
  return KEY_ACTIONS[key];
}
