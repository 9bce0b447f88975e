import { type RefObject, useCallback, useEffect, useState } from 'react';

/**
 * Fullscreen for an element: the Fullscreen API first; a browser without it (or refusing: an iframe,
 * iOS Safari) gets the CSS fallback (`css`: the element covers the window).
 */
export function useFullscreen(rootRef: RefObject<HTMLElement | null>): {
  fullscreen: boolean;
  css: boolean;
  toggle: () => Promise<void>;
} {
  const [native, setNative] = useState(false);
  const [css, setCss] = useState(false);

  useEffect(() => {
    const onChange = () => setNative(document.fullscreenElement === rootRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [rootRef]);

  const toggle = useCallback(async () => {
    const root = rootRef.current;
    if (!root) return;
    if (document.fullscreenElement === root) {
      await document.exitFullscreen?.().catch(() => undefined);
      return;
    }
    if (css) {
      setCss(false);
      return;
    }
    if (typeof root.requestFullscreen === 'function') {
      try {
        await root.requestFullscreen();
        return;
      } catch {
        // refused: fall back to covering the window
      }
    }
    setCss(true);
  }, [css, rootRef]);

  return { fullscreen: native || css, css, toggle };
}
