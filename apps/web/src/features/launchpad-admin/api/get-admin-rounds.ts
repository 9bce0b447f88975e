import { adminLaunchpadRoundsResponse } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import type { z } from 'zod';
import { launchpadAdminKeys } from './keys.ts';

export type AdminLaunchpadRound = z.infer<typeof adminLaunchpadRoundsResponse>['list'][number];

/** GET /admin/launchpad/rounds: every round with copies sold, USDT raised and buyers (admin). */
export const getAdminLaunchpadRounds = () =>
  get('/admin/launchpad/rounds', undefined, { schema: adminLaunchpadRoundsResponse });

export const adminLaunchpadRoundsQueryOptions = queryOptions({
  queryKey: launchpadAdminKeys.rounds,
  queryFn: getAdminLaunchpadRounds,
  staleTime: 0,
});

export const useAdminLaunchpadRounds = () => useQuery(adminLaunchpadRoundsQueryOptions);
