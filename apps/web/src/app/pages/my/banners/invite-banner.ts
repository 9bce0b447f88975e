import { usePublicConfig } from '@web/features/config/api/get-config.ts';
import { openPage } from '@web/lib/navigation.ts';
import { paths } from '@web/lib/paths.ts';
import { useTranslation } from 'react-i18next';
import type { BannerSource } from './types.ts';

/** The invite bonus, its rate from the server's configuration (never from the translations); opens Invite. */
export const useInviteBanner: BannerSource = () => {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const rates = config.data?.rates;
  return {
    pending: config.isPending,
    banners: rates
      ? [
          {
            key: 'invite',
            title: t('banner.invite.title', { rate: rates.referral_max }),
            text: t('banner.invite.text'),
            cta: t('banner.invite.cta'),
            art: 'invite',
            tone: 'violet',
            open: () => openPage(paths.invite),
          },
        ]
      : [],
  };
};
