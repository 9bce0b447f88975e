import { type LaunchpadPurchase, launchpadPurchaseSchema } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import { launchpadKeys } from './keys.ts';

/** GET /launchpad/purchases/{id}: one of the caller's purchases (its copy numbers, locked and released AGC). */
export const getLaunchpadPurchase = (id: string): Promise<LaunchpadPurchase> =>
  get(`/launchpad/purchases/${encodeURIComponent(id)}`, undefined, { schema: launchpadPurchaseSchema });

export const launchpadPurchaseQueryOptions = (id: string) =>
  queryOptions({ queryKey: launchpadKeys.purchase(id), queryFn: () => getLaunchpadPurchase(id) });

export const useLaunchpadPurchase = (id: string | null) =>
  useQuery({ ...launchpadPurchaseQueryOptions(id ?? ''), enabled: id !== null });
