import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { makeRound } from '@web/features/launchpad/testing/fixtures.ts';
import { paths } from '@web/lib/paths.ts';
import { useAuthStore } from '@web/stores/auth.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { fail, ok, renderPage, stubApi, testQueryClient } from '@web/test/render.tsx';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLaunchpadBanner } from './launchpad-banner.ts';

afterEach(cleanupPage);

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={testQueryClient()}>{children}</QueryClientProvider>
);

describe('account banner: launchpad', () => {
  it('shows the open round with copies left and opens its detail', async () => {
    useAuthStore.setState({ token: 'tok' });
    stubApi({
      'GET /api/v1/launchpad/rounds': () =>
        ok({
          list: [
            makeRound({ id: 1, name: 'Sold', state: 'SoldOut', remaining: 0, sold: 200 }),
            makeRound({ id: 2, name: 'Soon', state: 'Upcoming' }),
            makeRound({ id: 3, name: 'Seed Round', remaining: 37, sold: 163 }),
            makeRound({ id: 6, name: 'Older Open', remaining: 10, sold: 190 }),
          ],
        }),
    });
    const { router } = renderPage(<div />, paths.account);
    const { result } = renderHook(() => useLaunchpadBanner(), { wrapper });
    await waitFor(() => expect(result.current.banners).toHaveLength(1));
    const banner = result.current.banners[0];
    expect(banner?.title).toBe('Seed Round');
    expect(banner?.text).toBe('37 of 200 copies left');
    expect(banner?.cta).toBe('Buy copies');
    expect(banner?.art).toBe('launchpad');
    banner?.open();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.launchpadDetail));
    expect(router.state.location.search).toBe('?id=3');
  });

  it('gives none without an open round with copies, and none (quietly) when the read fails', async () => {
    useAuthStore.setState({ token: 'tok' });
    stubApi({
      'GET /api/v1/launchpad/rounds': () =>
        ok({
          list: [makeRound({ state: 'Open', remaining: 0, sold: 200 }), makeRound({ id: 4, state: 'Ended' })],
        }),
    });
    const first = renderHook(() => useLaunchpadBanner(), { wrapper });
    await waitFor(() => expect(first.result.current.pending).toBe(false));
    expect(first.result.current.banners).toEqual([]);
    await cleanupPage();
    useAuthStore.setState({ token: 'tok' });
    stubApi({ 'GET /api/v1/launchpad/rounds': () => fail(500, 'Server busy') });
    const second = renderHook(() => useLaunchpadBanner(), { wrapper });
    await waitFor(() => expect(second.result.current.pending).toBe(false));
    expect(second.result.current.banners).toEqual([]);
  });

  it('asks nothing of a signed-out visitor', async () => {
    const calls = stubApi({ 'GET /api/v1/launchpad/rounds': () => ok({ list: [makeRound()] }) });
    const { result } = renderHook(() => useLaunchpadBanner(), { wrapper });
    await new Promise((r) => setTimeout(r, 50));
    expect(result.current).toEqual({ banners: [], pending: false });
    expect(calls).toEqual([]);
  });
});
