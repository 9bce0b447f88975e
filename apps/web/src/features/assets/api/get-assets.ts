import { assetsResponse } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';

/** GET /me/assets: what the app owes the signed-in member by place, valued in USDT, and their last 30 days. */
export const getAssets = () => get('/me/assets', undefined, { schema: assetsResponse });

export const assetsQueryOptions = () =>
  queryOptions({ queryKey: ['assets'] as const, queryFn: getAssets, staleTime: 15_000 });

export const useAssets = () => useQuery(assetsQueryOptions());
