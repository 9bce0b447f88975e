// Test helpers for query hooks rendered without a page: a list's infinite query, say.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import { testQueryClient } from './render.tsx';

/** Renders a query hook (a list's useInfiniteQuery, say) with its own query client. */
export function renderQueryHook<R>(hook: () => R, queryClient = testQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(hook, { wrapper });
}

/** A list whose server has two pages: the first loads and says there is more; the second is the last. */
export async function loadBothPages(result: {
  current: { isSuccess: boolean; hasNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  await waitFor(() => expect(result.current.isSuccess).toBe(true));
  expect(result.current.hasNextPage).toBe(true);
  await act(() => result.current.fetchNextPage());
  await waitFor(() => expect(result.current.hasNextPage).toBe(false));
}
