// The query cache (TanStack Query) is not part of the first paint: the login page paints without it, and it loads
// right after (main.tsx), beside every lazy page (the router waits for it as it waits for the page's code), and
// when the login page asks for the public config. Until then `useLoadedQueryClient` is undefined and nothing under
// the providers reads a query; from then on every page has the one client. The kept figures of the session's wallet
// (query-persist.ts) are put back as it loads, before any page reads them.

import type { QueryClient } from '@tanstack/react-query';
import { isLoggedIn } from '@web/stores/auth.ts';
import { useWalletStore } from '@web/stores/wallet.ts';
import { useEffect, useSyncExternalStore } from 'react';

export const QUERY_CACHE_KEY = 'queryCache';

let client: QueryClient | undefined;
let loading: Promise<QueryClient> | undefined;
const listeners = new Set<() => void>();

/** The session's wallet, while one is signed in: the kept figures are its own. */
export const sessionOwner = (): string | null =>
  isLoggedIn() ? (useWalletStore.getState().address ?? null) : null;

/** The app's query client, loaded (and its kept figures restored) on the first call. */
export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./lazy-shell.ts').then(
    (m) => {
      client = m.startQueryClient(sessionOwner);
      for (const listener of listeners) listener();
      return client;
    },
    (error: unknown) => {
      loading = undefined; // asked again next time (a page's load fails and offers a reload meanwhile)
      throw error;
    },
  );
  return loading;
}

/** The client once loaded, else undefined. */
export const peekQueryClient = (): QueryClient | undefined => client;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The client once loaded (re-renders when it is); `load` asks for it when nothing has yet. */
export function useLoadedQueryClient(load = false): QueryClient | undefined {
  useEffect(() => {
    if (load) loadQueryClient().catch(() => undefined);
  }, [load]);
  return useSyncExternalStore(subscribe, peekQueryClient, peekQueryClient);
}

/** Ending the session (logout, a 401, another account): the kept figures go with it, loaded or not. */
export function forgetQueries(): void {
  peekQueryClient()?.clear();
  try {
    localStorage.removeItem(QUERY_CACHE_KEY);
  } catch {
    // nothing kept
  }
}
