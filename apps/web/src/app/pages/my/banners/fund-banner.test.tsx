import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { PRODUCTS, product } from '@web/features/funds/test/fund-fixtures.ts';
import { applyLanguage } from '@web/lib/i18n/index.ts';
import { paths } from '@web/lib/paths.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { CONFIG, ok, renderPage, stubApi, testQueryClient } from '@web/test/render.tsx';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFundBanner } from './fund-banner.ts';

afterEach(async () => {
  await applyLanguage('en');
  await cleanupPage();
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={testQueryClient()}>{children}</QueryClientProvider>
);

describe('account banner: funds', () => {
  it('shows the on-sale fund with the highest expected yield and opens its detail', async () => {
    const list = [...PRODUCTS, product({ id: 10, name: 'Tie Later', expected_yield_percent: '18.50' })];
    stubApi({ 'GET /api/v1/config': () => ok(CONFIG), 'GET /api/v1/funds/products': () => ok({ list }) });
    // The router the banner's navigation uses.
    const { router } = renderPage(<div />, paths.account);
    const { result } = renderHook(() => useFundBanner(), { wrapper });
    await waitFor(() => expect(result.current.banners).toHaveLength(1));
    const banner = result.current.banners[0];
    // 'Closed One' (off sale) yields 99%: not offered; 18.5 beats 6.2, and the first of a tie stays.
    expect(banner?.title).toBe('Growth Plus');
    expect(banner?.text).toBe('Expected 18.5% a year');
    expect(banner?.cta).toBe('From 500.00 USDT');
    banner?.open();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.fundProductDetail));
    expect(router.state.location.search).toBe('?id=8');
  });

  it('gives none, and reads no funds, in a language outside FUND_LOCALES', async () => {
    const calls = stubApi({
      'GET /api/v1/config': () => ok(CONFIG),
      'GET /api/v1/funds/products': () => ok({ list: PRODUCTS }),
    });
    await applyLanguage('fr');
    const { result } = renderHook(() => useFundBanner(), { wrapper });
    await waitFor(() => expect(result.current.pending).toBe(false));
    expect(result.current.banners).toEqual([]);
    expect(calls.filter((c) => c.path === '/api/v1/funds/products')).toEqual([]);
  });
});
