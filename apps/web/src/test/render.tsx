// Test helpers for pages and components: a fake API behind fetch, and a page rendered in a memory
// router with its own query client (the navigation helpers work against that router).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { setRouter } from '@web/lib/navigation.ts';
import type { ReactElement } from 'react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { vi } from 'vitest';
import { checkFakeAnswer } from './api-contract.ts';

export { CONFIG } from './config.ts';

export interface ApiReply {
  status?: number;
  body: unknown;
}
export type ApiHandler = (url: URL, body: unknown) => ApiReply;

export const ok = (data: unknown): ApiReply => ({ body: { code: 200, msg: 'ok', data } });
export const fail = (code: number, msg: string, data: unknown = null): ApiReply => ({
  status: code,
  body: { code, msg, data },
});

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

/**
 * Stubs fetch: `routes` maps 'METHOD /api/v1/path' to a handler; anything else `otherwise` answers (a 404 without it). Every handler's answer is
 * checked against the server's API document (test/api-contract.ts): the test fails on one the server could not give.
 */
export function stubApi(routes: Record<string, ApiHandler>, otherwise?: ApiHandler) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({
        method,
        path: url.pathname,
        query: url.searchParams,
        body,
        headers: new Headers(init.headers),
      });
      const handler = routes[`${method} ${url.pathname}`] ?? otherwise;
      const reply = handler ? handler(url, body) : fail(404, 'Not found');
      if (handler && url.pathname.startsWith('/api/'))
        checkFakeAnswer(method, url.pathname, reply.status ?? 200, reply.body);
      return new Response(JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** The calls made to `path` with `method` (GET unless said), in order. */
export const callsTo = (calls: ApiCall[], path: string, method = 'GET') =>
  calls.filter((c) => c.method === method && c.path === path);

export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders `element` as the page at `url` (its query string readable with useSearchParams). */
export function renderPage(element: ReactElement, url = '/', queryClient = testQueryClient()) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [url] });
  setRouter(router);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
