// The tab bar is not in the app's first files (the login page has none): it comes with the app's second part
// (lazy-shell.ts), which the router waits for with a page's code, so a tab page and its bar paint together.
import type { TabBar } from '@web/components/TabBar.tsx';
import { useSyncExternalStore } from 'react';

let loaded: typeof TabBar | undefined;
let loading: Promise<typeof TabBar> | undefined;
const listeners = new Set<() => void>();

export function loadTabBar(): Promise<typeof TabBar> {
  loading ??= import('./lazy-shell.ts').then(
    (m) => {
      loaded = m.TabBar;
      for (const listener of listeners) listener();
      return m.TabBar;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const current = () => loaded;

/** The tab bar once loaded (asking for it when a tab page shows before it has). */
export function useTabBar(wanted: boolean): typeof TabBar | undefined {
  const bar = useSyncExternalStore(subscribe, current, current);
  if (wanted && !bar) loadTabBar().catch(() => undefined);
  return bar;
}
