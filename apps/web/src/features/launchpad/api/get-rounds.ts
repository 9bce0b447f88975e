import { type LaunchpadRound, launchpadRoundsResponse } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import { nextStateChangeIn } from '../model/next-change.ts';
import { launchpadKeys } from './keys.ts';

/** GET /launchpad/rounds: every round members see (upcoming, open, sold out, ended, closed), in their language. */
export async function getLaunchpadRounds(): Promise<LaunchpadRound[]> {
  const { list } = await get('/launchpad/rounds', undefined, { schema: launchpadRoundsResponse });
  return list;
}

export const launchpadRoundsQueryOptions = queryOptions({
  queryKey: launchpadKeys.rounds,
  queryFn: getLaunchpadRounds,
  // Asked again when a round opens or ends by the clock, so that the list left open follows it.
  refetchInterval: (query) => nextStateChangeIn(query.state.data),
});

export const useLaunchpadRounds = () => useQuery(launchpadRoundsQueryOptions);
