import type { LaunchpadRound } from '@agc/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { launchpadKeys } from '../../../../features/launchpad/api/keys.ts';
import { openPage } from '../../../../lib/navigation.ts';
import { paths, withQuery } from '../../../../lib/paths.ts';
import { useIsLoggedIn } from '../../../../stores/auth.ts';
import type { BannerSource } from './types.ts';

/** The round the banner shows: the open one with copies left that ends first (null when none). */
export function openRoundWithCopies(rounds: readonly LaunchpadRound[]): LaunchpadRound | null {
  let best: LaunchpadRound | null = null;
  for (const r of rounds)
    if (r.state === 'Open' && r.remaining > 0 && (!best || Date.parse(r.ends_at) < Date.parse(best.ends_at)))
      best = r;
  return best;
}

/**
 * The launchpad's banner: the open round with copies left, "{left} of {copies} copies left", opening its detail.
 * The rounds' reader (and its schemas) load with the first read, like the fund banner's: the account page is in
 * the login route's JavaScript, which must stay within its budget (bench/run.ts). Same key, same cache as the
 * launchpad's list.
 */
export const useLaunchpadBanner: BannerSource = () => {
  const { t } = useTranslation();
  // The rounds are the members' API: a signed-out visitor asks nothing (a 401 would end the session).
  const loggedIn = useIsLoggedIn();
  const rounds = useQuery({
    queryKey: launchpadKeys.rounds,
    queryFn: async () =>
      (await import('../../../../features/launchpad/api/get-rounds.ts')).getLaunchpadRounds(),
    enabled: loggedIn,
  });
  const round = openRoundWithCopies(rounds.data ?? []);
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
