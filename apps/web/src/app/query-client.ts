import { QueryClient } from '@tanstack/react-query';
import { canRetry } from '@web/lib/request.ts';

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
