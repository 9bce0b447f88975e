// The app's one query client, loaded after the first paint (query.ts: loadQueryClient).
import { QueryClient } from '@tanstack/react-query';
import { canRetry } from '@web/lib/request.ts';
import { persistQueries, restoreQueries } from './query-persist.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Only what may change on a second try (no answer, 5xx): a 404, 403 or 400 is the same answer again.
      retry: (failureCount, error) => canRetry(error) && failureCount < 1,
    },
    mutations: { retry: false },
  },
});

let started = false;

/**
 * Once: the kept figures of the session's wallet go into the cache (marked as refreshing) before any page reads them,
 * and are kept from then on; the client follows focus and the network (what QueryClientProvider would do).
 */
export function startQueryClient(owner: () => string | null): QueryClient {
  if (started) return queryClient;
  started = true;
  restoreQueries(queryClient, owner());
  persistQueries(queryClient, owner);
  queryClient.mount();
  return queryClient;
}
