// The one loader of the app's second part (lazy-shell.ts): asked for once (again after a failure), and read by the
// providers (the query client), the layout (the tab bar) and the router (the pages' loaders).
import { useEffect, useSyncExternalStore } from 'react';

type LazyShell = typeof import('./lazy-shell.ts');

let loaded: LazyShell | undefined;
let loading: Promise<LazyShell> | undefined;
const listeners = new Set<() => void>();

export function loadLazyShell(): Promise<LazyShell> {
  loading ??= import('./lazy-shell.ts').then(
    (m) => {
      loaded = m;
      for (const listener of listeners) listener();
      return m;
    },
    (error: unknown) => {
      loading = undefined; // asked again next time (a page's load fails and offers a reload meanwhile)
      throw error;
    },
  );
  return loading;
}

/** The second part once loaded, else undefined. */
export const peekLazyShell = (): LazyShell | undefined => loaded;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The second part once loaded (re-renders when it is); `load` asks for it when nothing has yet. */
export function useLazyShell(load = false): LazyShell | undefined {
  useEffect(() => {
    if (load) loadLazyShell().catch(() => undefined);
  }, [load]);
  return useSyncExternalStore(subscribe, peekLazyShell, peekLazyShell);
}
