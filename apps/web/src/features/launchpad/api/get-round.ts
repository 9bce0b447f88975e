import { type LaunchpadRound, launchpadRoundSchema } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { launchpadKeys } from './keys.ts';

/** GET /launchpad/rounds/{id}: one round with its remaining copies and the caller's copies. */
export const getLaunchpadRound = (id: number): Promise<LaunchpadRound> =>
  get(`/launchpad/rounds/${encodeURIComponent(String(id))}`, undefined, { schema: launchpadRoundSchema });

export const launchpadRoundQueryOptions = (id: number) =>
  queryOptions({ queryKey: launchpadKeys.round(id), queryFn: () => getLaunchpadRound(id) });

export const useLaunchpadRound = (id: number | null) =>
  useQuery({ ...launchpadRoundQueryOptions(id ?? 0), enabled: id !== null });
