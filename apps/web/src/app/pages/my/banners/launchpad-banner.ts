import { useQuery } from '@tanstack/react-query';
import { openPage } from '@web/lib/navigation.ts';
import { paths, withQuery } from '@web/lib/paths.ts';
import { useIsLoggedIn } from '@web/stores/auth.ts';
import { useTranslation } from 'react-i18next';
import type { BannerSource } from './types.ts';

/**
 * The launchpad's banner: the open round with copies left, "{left} of {copies} copies left", opening its detail.
 * The rounds' reader (and its schemas) load with the first read, like the fund banner's: the account page is in
 * the login route's JavaScript, which must stay within its budget (bench/run.ts); for the same reason it has a
 * key of its own (the feature's keys would be one more file there), read again whenever the account page opens.
 */
export const useLaunchpadBanner: BannerSource = () => {
  const { t } = useTranslation();
  // The rounds are the members' API: a signed-out visitor asks nothing (a 401 would end the session).
  const loggedIn = useIsLoggedIn();
  const rounds = useQuery({
    queryKey: ['launchpad-banner'],
    staleTime: 0,
    queryFn: async () => (await import('@web/features/launchpad/api/get-rounds.ts')).getLaunchpadRounds(),
    enabled: loggedIn,
  });
  // The newest open round with copies left (the list is newest first).
  const round = rounds.data?.find((r) => r.state === 'Open' && r.remaining > 0);
  return {
    pending: loggedIn && rounds.isPending,
    banners: round
      ? [
          {
            key: `launchpad-${round.id}`,
            title: round.name,
            text: t('banner.launchpad.text', { left: round.remaining, copies: round.copies }),
            cta: t('banner.launchpad.cta'),
            art: 'launchpad',
            tone: 'midnight',
            open: () => openPage(withQuery(paths.launchpadDetail, { id: round.id })),
          },
        ]
      : [],
  };
};
