// Pan, zoom and pinch of the chart. The view lives in a ref and is written straight to the layer's
// CSS transform: panning re-renders React only when the view leaves the area whose boxes are rendered
// (`area`, see renderArea), and the zoom label follows the scale.
import {
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { ClickController } from '../model/click.ts';
import type { Rect } from '../model/layout.ts';
import {
  type ContentBounds,
  clampView,
  fitView,
  layerTransform,
  type PinchStart,
  pinchOf,
  pinchView,
  RESTORED_VIEW,
  renderArea,
  type Size,
  stepZoom,
  type View,
  zoomAt,
} from '../model/viewport.ts';

/** Movement (px) after which a press becomes a drag. */
export const DRAG_THRESHOLD = 5;
/** Holding a press this long opens the context menu (touch screens have no right click). */
export const LONG_PRESS_MS = 500;

interface Point {
  x: number;
  y: number;
}

type Gesture =
  | { kind: 'press'; start: Point; view: View; moved: boolean }
  | ({ kind: 'pinch' } & PinchStart)
  | null;

export interface PanZoom {
  scale: number;
  /** Sets the view (clamped to the content) and writes it to the layer. */
  setView: (view: View) => void;
  getView: () => View;
  getSize: () => Size;
  /** One zoom step around the viewport centre. */
  zoomBy: (direction: 1 | -1) => void;
  restore: () => void;
  /** Zooms and moves so the whole chart fits the viewport (see fitView). */
  fit: () => void;
}

export function usePanZoom(options: {
  viewportRef: RefObject<HTMLElement | null>;
  layerRef: RefObject<HTMLElement | null>;
  bounds: ContentBounds;
  clicks: ClickController<string>;
  onLongPress: (target: Element, point: Point) => void;
  /** Opens fitted to the viewport (the first view), instead of at 100 % with the root at the top. */
  fitOnOpen?: boolean;
  /** The view Restore goes to (read when it is pressed); default 100 % with the root at the top. */
  restoreTo?: (size: Size) => View;
}): {
  panZoom: PanZoom;
  /**
   * The part of the chart (layout coordinates) whose boxes must be rendered: undefined until the
   * viewport has been measured (render no box yet), null when it has no size (render every box).
   */
  area: Rect | null | undefined;
} {
  const { viewportRef, layerRef, bounds, clicks } = options;
  const viewRef = useRef<View>(RESTORED_VIEW);
  const sizeRef = useRef<Size>({ width: 0, height: 0 });
  const boundsRef = useRef(bounds);
  const scaleRef = useRef(1);
  const longPressRef = useRef(options.onLongPress);
  const [scale, setScale] = useState(1);
  // The render area is an external store: its changes re-render the chart at React's sync priority,
  // before the next frame is painted, whichever event or effect moved the view (a state update from a
  // pointermove would wait for a scheduler task and could let a frame show the chart with a gap).
  const areaRef = useRef<Rect | null | undefined>(undefined);
  const areaListeners = useRef(new Set<() => void>());
  const subscribeArea = useCallback((listener: () => void) => {
    areaListeners.current.add(listener);
    return () => {
      areaListeners.current.delete(listener);
    };
  }, []);
  const getArea = useCallback(() => areaRef.current, []);
  const area = useSyncExternalStore(subscribeArea, getArea, getArea);
  const [, rerender] = useReducer((n: number) => n + 1, 0);

  useLayoutEffect(() => {
    longPressRef.current = options.onLongPress;
  });

  const write = useCallback(
    (view: View) => {
      const layer = layerRef.current;
      if (!layer) return;
      layer.style.transform = layerTransform(view);
      layer.dataset.x = String(Math.round(view.x));
      layer.dataset.y = String(Math.round(view.y));
      layer.dataset.scale = String(view.scale);
    },
    [layerRef],
  );

  const setView = useCallback(
    (next: View) => {
      const view = clampView(next, boundsRef.current, sizeRef.current);
      viewRef.current = view;
      write(view);
      if (scaleRef.current !== view.scale) {
        scaleRef.current = view.scale;
        setScale(view.scale);
      }
      const nextArea = renderArea(areaRef.current, view, sizeRef.current);
      if (nextArea !== areaRef.current) {
        areaRef.current = nextArea;
        for (const listener of areaListeners.current) listener();
      }
    },
    [write],
  );

  const measure = useCallback(() => {
    const el = viewportRef.current;
    if (el) sizeRef.current = { width: el.clientWidth, height: el.clientHeight };
  }, [viewportRef]);

  // The first commit renders no box (the area is not known yet); the viewport is measured here, before
  // the first frame, and the boxes of the area are rendered at once (a state update in a layout effect is
  // rendered before paint; the store's subscription only starts after this).
  const fitOnOpen = useRef(options.fitOnOpen ?? false);
  const restoreTo = useRef(options.restoreTo);
  restoreTo.current = options.restoreTo;
  useLayoutEffect(() => {
    measure();
    setView(fitOnOpen.current ? fitView(boundsRef.current, sizeRef.current) : viewRef.current);
    rerender();
  }, [measure, setView]);

  // New content (expand, collapse, filter, re-root): keep the view inside it. The size is the one last
  // measured (ResizeObserver): reading it here would force a layout of the boxes in the commit.
  useLayoutEffect(() => {
    boundsRef.current = bounds;
    setView(viewRef.current);
  }, [bounds, setView]);

  useEffect(() => {
    const el = viewportRef.current;
    if (!el) return;
    if (typeof ResizeObserver === 'undefined') {
      measure();
      setView(viewRef.current);
      return;
    }
    const observer = new ResizeObserver(() => {
      measure();
      setView(viewRef.current);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [viewportRef, measure, setView]);

  useEffect(() => {
    const el = viewportRef.current;
    if (!el) return;
    const pointers = new Map<number, Point>();
    let gesture: Gesture = null;
    let longPressTimer: ReturnType<typeof setTimeout> | undefined;
    let longPressed = false;
    const local = (e: { clientX: number; clientY: number }): Point => {
      const rect = el.getBoundingClientRect();
      return { x: e.clientX - rect.left, y: e.clientY - rect.top };
    };
    const cancelLongPress = () => {
      if (longPressTimer !== undefined) clearTimeout(longPressTimer);
      longPressTimer = undefined;
    };
    const startPinch = () => {
      const [a, b] = [...pointers.values()];
      if (!a || !b) return;
      const { distance, mid } = pinchOf(a, b);
      gesture = { kind: 'pinch', distance: distance || 1, mid, view: viewRef.current };
    };

    const onDown = (e: PointerEvent) => {
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      if (sizeRef.current.width === 0) measure();
      if ((e.target as Element).closest('input, textarea, [data-no-pan]')) return;
      pointers.set(e.pointerId, local(e));
      longPressed = false;
      cancelLongPress();
      if (pointers.size === 1) {
        gesture = { kind: 'press', start: local(e), view: viewRef.current, moved: false };
        const target = e.target as Element;
        const point = { x: e.clientX, y: e.clientY };
        longPressTimer = setTimeout(() => {
          longPressTimer = undefined;
          longPressed = true;
          longPressRef.current(target, point);
        }, LONG_PRESS_MS);
      } else if (pointers.size === 2) {
        startPinch();
        el.classList.add('is-panning');
      }
    };

    const onMove = (e: PointerEvent) => {
      if (!pointers.has(e.pointerId)) return;
      const p = local(e);
      pointers.set(e.pointerId, p);
      if (!gesture) return;
      if (gesture.kind === 'press') {
        const dx = p.x - gesture.start.x;
        const dy = p.y - gesture.start.y;
        if (!gesture.moved) {
          if (Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
          gesture.moved = true;
          cancelLongPress();
          el.classList.add('is-panning');
          try {
            el.setPointerCapture(e.pointerId);
          } catch {
            // synthetic pointers cannot be captured
          }
        }
        setView({ ...gesture.view, x: gesture.view.x + dx, y: gesture.view.y + dy });
      } else if (pointers.size >= 2) {
        const [a, b] = [...pointers.values()];
        if (!a || !b) return;
        const { distance, mid } = pinchOf(a, b);
        setView(pinchView(gesture, mid, distance, sizeRef.current));
      }
    };

    const onUp = (e: PointerEvent) => {
      if (!pointers.delete(e.pointerId)) return;
      cancelLongPress();
      const dragged = gesture !== null && (gesture.kind === 'pinch' || gesture.moved);
      if (dragged || longPressed) clicks.dragStopped();
      if (pointers.size === 0) {
        gesture = null;
        el.classList.remove('is-panning');
      } else {
        // One finger left a pinch: wait for a new press rather than jump.
        gesture = null;
      }
    };

    const onWheel = (e: WheelEvent) => {
      if (e.deltaY === 0) return;
      e.preventDefault();
      setView(
        zoomAt(
          viewRef.current,
          stepZoom(viewRef.current.scale, e.deltaY < 0 ? 1 : -1),
          local(e),
          sizeRef.current,
        ),
      );
    };

    el.addEventListener('pointerdown', onDown);
    el.addEventListener('pointermove', onMove);
    el.addEventListener('pointerup', onUp);
    el.addEventListener('pointercancel', onUp);
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      cancelLongPress();
      el.removeEventListener('pointerdown', onDown);
      el.removeEventListener('pointermove', onMove);
      el.removeEventListener('pointerup', onUp);
      el.removeEventListener('pointercancel', onUp);
      el.removeEventListener('wheel', onWheel);
    };
  }, [viewportRef, setView, clicks, measure]);

  const zoomBy = useCallback(
    (direction: 1 | -1) => {
      const size = sizeRef.current;
      setView(
        zoomAt(
          viewRef.current,
          stepZoom(viewRef.current.scale, direction),
          { x: size.width / 2, y: size.height / 2 },
          size,
        ),
      );
    },
    [setView],
  );

  // Stable while the scale stays: consumers put it in effect and handle dependencies.
  const panZoom = useMemo(
    () => ({
      scale,
      setView,
      getView: () => viewRef.current,
      getSize: () => sizeRef.current,
      zoomBy,
      restore: () => setView(restoreTo.current?.(sizeRef.current) ?? RESTORED_VIEW),
      fit: () => setView(fitView(boundsRef.current, sizeRef.current)),
    }),
    [scale, setView, zoomBy],
  );
  return { panZoom, area };
}
