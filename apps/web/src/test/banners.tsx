// The account page's banner sources in tests: a source's hook rendered beside a router on the account page.
import { waitFor } from '@testing-library/react';
import type { Banner, BannerSource } from '@web/app/pages/my/banners/types.ts';
import { paths } from '@web/lib/paths.ts';
import { expect } from 'vitest';
import { renderQueryHook } from './query-hooks.tsx';
import { renderPage } from './render.tsx';

/**
 * `source` gives one banner: pending at first, then a banner like `expected`, whose `open()` goes to `to` (the
 * path and its search) from the account page.
 */
export async function expectBannerOpens(
  source: BannerSource,
  expected: Partial<Banner>,
  to: string,
): Promise<void> {
  const { router } = renderPage(<div />, paths.account);
  const { result } = renderQueryHook(source);
  expect(result.current.pending).toBe(true);
  await waitFor(() => expect(result.current.banners).toHaveLength(1));
  const banner = result.current.banners[0] as Banner;
  expect(banner).toMatchObject(expected);
  banner.open();
  await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(to));
}

/** `source` gives no banner once it has its answer. */
export async function expectNoBanner(source: BannerSource): Promise<void> {
  const { result } = renderQueryHook(source);
  await waitFor(() => expect(result.current.pending).toBe(false));
  expect(result.current.banners).toEqual([]);
}
