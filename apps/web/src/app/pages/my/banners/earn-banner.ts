import type { BannerSource } from './types.ts';

/** Simple earn's banner: "up to {apy}% APY", opening the simple-earn page. (Being built.) */
export const useEarnBanner: BannerSource = () => ({ banners: [], pending: false });
