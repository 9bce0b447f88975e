// The query cache (TanStack Query) is not part of the first paint: it comes with the app's second part (lazy-shell.ts),
// right after the login page paints or beside the first lazy page (the router waits for it with the page's code).
// Until then `useLoadedQueryClient` is undefined and nothing under the providers reads a query; from then on every page
// has the one client. The kept figures of the session's wallet (query-persist.ts) are put back as it loads, before any
// page reads them.

import type { QueryClient } from '@tanstack/react-query';
import { isLoggedIn } from '@web/stores/auth.ts';
import { useWalletStore } from '@web/stores/wallet.ts';
import { loadLazyShell, peekLazyShell, useLazyShell } from './load-lazy-shell.ts';

export const QUERY_CACHE_KEY = 'queryCache';

/** The session's wallet, while one is signed in: the kept figures are its own. */
export const sessionOwner = (): string | null =>
  isLoggedIn() ? (useWalletStore.getState().address ?? null) : null;

/** The app's query client (its kept figures restored), loaded with the app's second part. */
export const loadQueryClient = (): Promise<QueryClient> => loadLazyShell().then((m) => m.queryClient);

/** The client once loaded, else undefined. */
export const peekQueryClient = (): QueryClient | undefined => peekLazyShell()?.queryClient;

/** The client once loaded (re-renders when it is); `load` asks for it when nothing has yet. */
export const useLoadedQueryClient = (load = false): QueryClient | undefined =>
  useLazyShell(load)?.queryClient;

/** Ending the session (logout, a 401, another account): the kept figures go with it, loaded or not. */
export function forgetQueries(): void {
  peekQueryClient()?.clear();
  try {
    localStorage.removeItem(QUERY_CACHE_KEY);
  } catch {
    // nothing kept
  }
}
