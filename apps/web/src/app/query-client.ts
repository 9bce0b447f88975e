import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/request.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // The server's own answers (400, 401, 404, ...) do not change on retry; transport failures might.
      retry: (failureCount, error) => !(error instanceof ApiError) && failureCount < 1,
    },
    mutations: { retry: false },
  },
});
