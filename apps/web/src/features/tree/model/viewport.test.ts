import { describe, expect, it } from 'vitest';
import {
  centerOn,
  clampView,
  clampZoom,
  keyAction,
  PAN_KEEP_VISIBLE,
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
