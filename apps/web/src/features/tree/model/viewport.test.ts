import { describe, expect, it } from 'vitest';
import {
  COMPACT_TEXT_PX,
  centerOn,
  clampScale,
  clampView,
  clampZoom,
  FIT_PADDING,
  fitView,
  isCompact,
  keyAction,
  ORIGIN_TOP,
  PAN_KEEP_VISIBLE,
  pinchView,
  RENDER_MARGIN,
  RESTORED_VIEW,
  renderArea,
  stepZoom,
  visibleRect,
  ZOOM_MAX,
  ZOOM_MIN,
  ZOOM_STEP,
  zoomAt,
} from './viewport.ts';

const size = { width: 390, height: 600 };
const bounds = { minX: -1000, maxX: 1000, height: 2000 };

describe('zoom', () => {
  it('is bounded 0.3–3 in steps of 0.1', () => {
    expect([ZOOM_MIN, ZOOM_MAX, ZOOM_STEP]).toEqual([0.3, 3, 0.1]);
    let z = 1;
    const seen: number[] = [];
    for (let i = 0; i < 40; i++) {
      z = stepZoom(z, 1);
      seen.push(z);
    }
    expect(seen.slice(0, 3)).toEqual([1.1, 1.2, 1.3]);
    expect(z).toBe(3);
    for (let i = 0; i < 40; i++) z = stepZoom(z, -1);
    expect(z).toBe(0.3);
    expect(stepZoom(0.3, -1)).toBe(0.3);
    expect(stepZoom(3, 1)).toBe(3);
  });

  it('snaps to the 0.1 grid and clamps any value', () => {
    expect(clampZoom(1.2345)).toBe(1.2);
    expect(clampZoom(0.1)).toBe(0.3);
    expect(clampZoom(12)).toBe(3);
    expect(clampZoom(Number.NaN)).toBe(1);
    expect(stepZoom(0.7, 1)).toBe(0.8); // not 0.7999999999999999
  });

  it('zooms around the anchor point', () => {
    const anchor = { x: 100, y: 200 };
    const view = zoomAt(RESTORED_VIEW, 2, anchor, size);
    // The chart point under the anchor stays under it: (anchor - origin - view) / scale is unchanged.
    const before = { x: (100 - 195 - 0) / 1, y: (200 - 24 - 0) / 1 };
    const after = { x: (100 - 195 - view.x) / 2, y: (200 - 24 - view.y) / 2 };
    expect(after).toEqual(before);
    expect(zoomAt(RESTORED_VIEW, 9, anchor, size).scale).toBe(3);
  });
});

describe('centring a node', () => {
  it('puts a chart point in the middle, or higher up', () => {
    const view = centerOn({ x: 0, y: 0, scale: 2 }, { x: 100, y: 300 }, size);
    // Screen = origin + view + point × scale: (195 + x + 200, 24 + y + 600).
    expect([195 + view.x + 200, 24 + view.y + 600]).toEqual([195, 300]);
    const high = centerOn(RESTORED_VIEW, { x: 0, y: 300 }, size, 0.25);
    expect(24 + high.y + 300).toBe(150);
  });
});

describe('pan clamping', () => {
  it('leaves the restored view and moderate pans alone', () => {
    expect(clampView(RESTORED_VIEW, bounds, size)).toBe(RESTORED_VIEW);
    const moved = { x: -300, y: -500, scale: 1 };
    expect(clampView(moved, bounds, size)).toBe(moved);
  });

  it('never lets the chart leave the viewport', () => {
    // Dragged far to the left: the chart's right edge stops PAN_KEEP_VISIBLE px inside the viewport.
    const left = clampView({ x: -99_999, y: 0, scale: 1 }, bounds, size);
    expect(195 + left.x + 1000).toBe(PAN_KEEP_VISIBLE);
    const right = clampView({ x: 99_999, y: 0, scale: 1 }, bounds, size);
    expect(195 + right.x - 1000).toBe(390 - PAN_KEEP_VISIBLE);
    const up = clampView({ x: 0, y: -99_999, scale: 1 }, bounds, size);
    expect(24 + up.y + 2000).toBe(PAN_KEEP_VISIBLE);
    const down = clampView({ x: 0, y: 99_999, scale: 1 }, bounds, size);
    expect(24 + down.y).toBe(600 - PAN_KEEP_VISIBLE);
  });

  it('scales the content extent with the zoom and keeps a small chart whole', () => {
    const zoomed = clampView({ x: -99_999, y: 0, scale: 0.5 }, bounds, size);
    expect(195 + zoomed.x + 500).toBe(PAN_KEEP_VISIBLE);
    const small = { minX: -20, maxX: 20, height: 30 };
    const clamped = clampView({ x: -99_999, y: -99_999, scale: 1 }, small, size);
    // All 40 px of width and 30 px of height stay visible.
    expect(195 + clamped.x + 20).toBe(40);
    expect(24 + clamped.y + 30).toBe(30);
  });

  it('does nothing before the viewport has a size', () => {
    const view = { x: -99_999, y: 5, scale: 1 };
    expect(clampView(view, bounds, { width: 0, height: 0 })).toBe(view);
  });
});

describe('the rendered area', () => {
  it('is what the viewport shows, in layout coordinates', () => {
    // Restored: the root's top centre is at (195, 24) on screen.
    expect(visibleRect(RESTORED_VIEW, size)).toEqual({ left: -195, top: -24, right: 195, bottom: 576 });
    // Panned 100 px right and 50 px up at zoom 2: screen = origin + view + point × 2.
    expect(visibleRect({ x: 100, y: -50, scale: 2 }, size)).toEqual({
      left: -147.5,
      top: 13,
      right: 47.5,
      bottom: 313,
    });
  });

  it('adds half the shown part on each side and stays while the view is inside it', () => {
    expect(RENDER_MARGIN).toBe(0.5);
    const area = renderArea(undefined, RESTORED_VIEW, size);
    expect(area).toEqual({ left: -390, top: -324, right: 390, bottom: 876 });
    // 190 px to the right, 300 px down: still inside, the same area (no re-render).
    expect(renderArea(area, { x: -190, y: -300, scale: 1 }, size)).toBe(area);
    // 200 px to the right: the view's right edge (395) leaves it; a new area around the new view.
    expect(renderArea(area, { x: -200, y: 0, scale: 1 }, size)).toEqual({
      left: -190,
      top: -324,
      right: 590,
      bottom: 876,
    });
    // Zooming out past the margin needs a larger area; zooming in far enough a smaller one.
    expect(renderArea(area, { x: 0, y: 0, scale: 0.6 }, size)).not.toBe(area);
    expect(renderArea(area, { x: 0, y: 0, scale: 1.5 }, size)).toBe(area);
    expect(renderArea(area, { x: 0, y: 0, scale: 2.1 }, size)).not.toBe(area);
  });

  it('is everything (null) while the viewport never had a size, and kept while it is hidden', () => {
    expect(renderArea(undefined, RESTORED_VIEW, { width: 0, height: 0 })).toBeNull();
    const area = renderArea(undefined, RESTORED_VIEW, size);
    expect(renderArea(area, { x: -5000, y: 0, scale: 1 }, { width: 0, height: 0 })).toBe(area);
  });
});

describe('keyboard', () => {
  it('+/= zoom in, - out, 0 restores, arrows pan 40 px; other keys do nothing', () => {
    expect([keyAction('+'), keyAction('='), keyAction('-'), keyAction('0')]).toEqual([
      'in',
      'in',
      'out',
      'restore',
    ]);
    expect(keyAction('ArrowLeft')).toEqual([40, 0]);
    expect(keyAction('ArrowRight')).toEqual([-40, 0]);
    expect(keyAction('ArrowUp')).toEqual([0, 40]);
    expect(keyAction('ArrowDown')).toEqual([0, -40]);
    expect(keyAction('a')).toBeUndefined();
  });
});

describe('fitView (the tree once opened at 100 %, cut off at both edges)', () => {
  const phone = { width: 366, height: 640 };
  // Screen x of a layout x under a view (the layer's origin is the viewport's top centre).
  const screenX = (v: { x: number; scale: number }, lx: number) => phone.width / 2 + v.x + lx * v.scale;
  const screenY = (v: { y: number; scale: number }, ly: number) => ORIGIN_TOP + v.y + ly * v.scale;

  it('zooms out just enough for the whole chart to fit, centred, the root at the top', () => {
    // The root and its two children: 2 × 196 + 14 wide, 2 levels high.
    const b = { minX: -203, maxX: 203, height: 92 * 2 + 36 };
    const v = fitView(b, phone);
    expect(v.scale).toBe(Math.floor(((phone.width - 2 * FIT_PADDING) / 406) * 100) / 100);
    expect(v.scale).toBeLessThan(1);
    expect(screenX(v, b.minX)).toBeGreaterThanOrEqual(FIT_PADDING - 1e-9);
    expect(screenX(v, b.maxX)).toBeLessThanOrEqual(phone.width - FIT_PADDING + 1e-9);
    expect(screenX(v, (b.minX + b.maxX) / 2)).toBeCloseTo(phone.width / 2);
    expect(v.y).toBe(0);
    expect(screenY(v, b.height)).toBeLessThanOrEqual(phone.height);
    // The fitted view is inside the pan limits (setView keeps it as it is).
    expect(clampView(v, b, phone)).toBe(v);
  });

  it('never zooms in past 100 %: a small chart opens at 100 %', () => {
    expect(fitView({ minX: -98, maxX: 98, height: 92 }, phone)).toEqual({ x: 0, y: 0, scale: 1 });
  });

  it('fits the height too, and an off-centre chart is centred', () => {
    const tall = { minX: -100, maxX: 300, height: 3000 };
    const v = fitView(tall, phone);
    expect(v.scale).toBeCloseTo(Math.max(ZOOM_MIN, (phone.height - ORIGIN_TOP - FIT_PADDING) / 3000), 1);
    const wide = { minX: -50, maxX: 250, height: 100 };
    const w = fitView(wide, phone);
    expect(w.scale).toBe(1);
    expect(screenX(w, 100)).toBeCloseTo(phone.width / 2);
  });

  it('stops at the minimum zoom; a chart still too wide keeps the root in the middle', () => {
    const v = fitView({ minX: -20_000, maxX: 20_000, height: 500 }, phone);
    expect(v).toEqual({ x: 0, y: 0, scale: ZOOM_MIN });
  });

  it('an unmeasured viewport gets the restored view', () => {
    expect(fitView(bounds, { width: 0, height: 0 })).toEqual(RESTORED_VIEW);
  });
});

describe('pinchView (pinch zoom keeps the point under the fingers)', () => {
  const chartPoint = (v: { x: number; y: number; scale: number }, p: { x: number; y: number }) => ({
    x: (p.x - size.width / 2 - v.x) / v.scale,
    y: (p.y - ORIGIN_TOP - v.y) / v.scale,
  });

  it('zooms by the change of the fingers’ distance about their midpoint, continuously', () => {
    const start = { view: { x: 30, y: -40, scale: 1 }, mid: { x: 120, y: 300 }, distance: 100 };
    const before = chartPoint(start.view, start.mid);
    const v = pinchView(start, start.mid, 137, size);
    expect(v.scale).toBeCloseTo(1.37); // not snapped to the 0.1 grid
    const after = chartPoint(v, start.mid);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
  });

  it('moving the midpoint pans: the start point follows the fingers', () => {
    const start = { view: { x: 0, y: 0, scale: 0.8 }, mid: { x: 200, y: 250 }, distance: 80 };
    const before = chartPoint(start.view, start.mid);
    const mid = { x: 150, y: 330 };
    const v = pinchView(start, mid, 40, size);
    expect(v.scale).toBeCloseTo(0.4);
    const after = chartPoint(v, mid);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
    // Only panning (same distance): the same scale, moved by the midpoint's movement.
    expect(pinchView(start, mid, 80, size)).toEqual({ scale: 0.8, x: -50, y: 80 });
  });

  it('stays within 0.3–3', () => {
    const start = { view: RESTORED_VIEW, mid: { x: 100, y: 100 }, distance: 100 };
    expect(pinchView(start, start.mid, 10, size).scale).toBe(ZOOM_MIN);
    expect(pinchView(start, start.mid, 1000, size).scale).toBe(ZOOM_MAX);
    expect(clampScale(Number.NaN)).toBe(1);
  });
});

describe('isCompact (text under ~9 px becomes a compact node)', () => {
  it('is compact when zoom × font size is under 9 px', () => {
    expect(COMPACT_TEXT_PX).toBe(9);
    expect(isCompact(1, 11)).toBe(false);
    expect(isCompact(0.82, 11)).toBe(false); // 9.02 px
    expect(isCompact(0.81, 11)).toBe(true); // 8.91 px
    expect(isCompact(0.3, 11)).toBe(true);
    expect(isCompact(0.75, 12)).toBe(false); // exactly 9 px is still text
    expect(isCompact(3, 11)).toBe(false);
  });
});
