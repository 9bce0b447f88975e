import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { paths } from '@web/lib/paths.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { CONFIG, fail, ok, renderPage, stubApi, testQueryClient } from '@web/test/render.tsx';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useEarnBanner } from './earn-banner.ts';

afterEach(cleanupPage);

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={testQueryClient()}>{children}</QueryClientProvider>
);

describe('account banner: simple earn', () => {
  it("says 'up to' the configuration's APY, draws the earn art and opens the simple-earn page, with no fetch of its own", async () => {
    const calls = stubApi({
      'GET /api/v1/config': () => ok({ ...CONFIG, rates: { ...CONFIG.rates, easy_earn_apy_max: '21.5' } }),
    });
    const { router } = renderPage(<div />, paths.account);
    const { result } = renderHook(() => useEarnBanner(), { wrapper });
    expect(result.current.pending).toBe(true);
    await waitFor(() => expect(result.current.banners).toHaveLength(1));
    const banner = result.current.banners[0];
    expect(banner?.title).toBe('Simple Earn');
    expect(banner?.text).toBe('Up to 21.5% APY, transfer out any time');
    expect(banner?.cta).toBe('Start earning');
    expect(banner?.art).toBe('earn');
    expect(calls.map((c) => c.path)).toEqual(['/api/v1/config']);
    banner?.open();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.earn));
  });

  it('gives none, quietly, when the configuration cannot be read', async () => {
    stubApi({ 'GET /api/v1/config': () => fail(500, 'down') });
    const { result } = renderHook(() => useEarnBanner(), { wrapper });
    await waitFor(() => expect(result.current.pending).toBe(false));
    expect(result.current.banners).toEqual([]);
  });
});
