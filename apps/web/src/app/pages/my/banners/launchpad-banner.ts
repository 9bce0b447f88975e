import type { BannerSource } from './types.ts';

/** The launchpad's banner: the open round with copies left, opening it. (Being built.) */
export const useLaunchpadBanner: BannerSource = () => ({ banners: [], pending: false });
