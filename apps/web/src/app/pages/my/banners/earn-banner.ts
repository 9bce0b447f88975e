import { usePublicConfig } from '@web/features/config/api/get-config.ts';
import { openPage } from '@web/lib/navigation.ts';
import { paths } from '@web/lib/paths.ts';
import { useTranslation } from 'react-i18next';
import type { BannerSource } from './types.ts';

/**
 * Simple earn's banner: "Simple Earn — up to {apy}% APY" from the public configuration's marketing rate (read
 * for the whole app already: no fetch of its own), opening the simple-earn page.
 */
export const useEarnBanner: BannerSource = () => {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const apy = config.data?.rates.easy_earn_apy_max;
  return {
    pending: config.isPending,
    banners: apy
      ? [
          {
            key: 'earn-apy',
            title: t('banner.earn.title'),
            text: t('banner.earn.text', { apy }),
            cta: t('banner.earn.cta'),
            art: 'earn',
            tone: 'ocean',
            open: () => openPage(paths.earn),
          },
        ]
      : [],
  };
};
