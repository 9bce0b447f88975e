// The account page's banners, made from what is live. A feature that wants a banner (funds, simple earn,
// launchpad) writes its source beside these (a hook: see BannerSource) and adds it to SOURCES: nothing else.
import { useEarnBanner } from './earn-banner.ts';
import { useFundBanner } from './fund-banner.ts';
import { useInviteBanner } from './invite-banner.ts';
import { useLaunchpadBanner } from './launchpad-banner.ts';
import { useProductBanners } from './product-banners.ts';
import type { Banner, BannerSource } from './types.ts';

/** In the order they are shown. A fixed list: every render calls the same hooks in the same order. */
const SOURCES: readonly BannerSource[] = [
  useInviteBanner,
  useLaunchpadBanner,
  useEarnBanner,
  useFundBanner,
  useProductBanners,
];

/** Every source's banners; `pending` while none is there yet and a source is still loading. */
export function useBanners(): { banners: Banner[]; pending: boolean } {
  const results = SOURCES.map((source) => source());
  const banners = results.flatMap((r) => r.banners);
  return { banners, pending: banners.length === 0 && results.some((r) => r.pending) };
}

export type { Banner } from './types.ts';
