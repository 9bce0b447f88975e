// The account page's banner sources in tests: a source's hook rendered beside a router on the account page.
import { waitFor } from '@testing-library/react';
import type { Banner, BannerSource } from '@web/app/pages/my/banners/types.ts';
import { paths } from '@web/lib/paths.ts';
import { expect } from 'vitest';
import { renderQueryHook } from './query-hooks.tsx';
import { renderPage } from './render.tsx';

/** The banners of `source` on the account page; the router is returned, to follow a banner's `open()`. */
export function renderBanners(source: BannerSource) {
  const { router } = renderPage(<div />, paths.account);
  return { router, ...renderQueryHook(source) };
}

/** The one banner the source gives, once it has it. */
export async function onlyBanner(result: { current: ReturnType<BannerSource> }): Promise<Banner> {
  await waitFor(() => expect(result.current.banners).toHaveLength(1));
  return result.current.banners[0] as Banner;
}

/** `source` gives no banner once it has its answer. */
export async function expectNoBanner(source: BannerSource): Promise<void> {
  const { result } = renderQueryHook(source);
  await waitFor(() => expect(result.current.pending).toBe(false));
  expect(result.current.banners).toEqual([]);
}
