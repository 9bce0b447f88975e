import { type LaunchpadRound, launchpadRoundSchema } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import { nextStateChangeIn } from '../model/next-change.ts';
import { launchpadKeys } from './keys.ts';

/** GET /launchpad/rounds/{id}: one round with its remaining copies and the caller's copies. */
export const getLaunchpadRound = (id: number): Promise<LaunchpadRound> =>
  get(`/launchpad/rounds/${encodeURIComponent(String(id))}`, undefined, { schema: launchpadRoundSchema });

export const launchpadRoundQueryOptions = (id: number) =>
  queryOptions({
    queryKey: launchpadKeys.round(id),
    queryFn: () => getLaunchpadRound(id),
    // Asked again when the round opens or ends by the clock, so that a page left open follows it.
    refetchInterval: (query) => nextStateChangeIn(query.state.data ? [query.state.data] : undefined),
  });

export const useLaunchpadRound = (id: number | null) =>
  useQuery({ ...launchpadRoundQueryOptions(id ?? 0), enabled: id !== null });
