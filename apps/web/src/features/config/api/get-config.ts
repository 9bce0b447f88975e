import type { PublicConfig } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';

/**
 * GET /config: chain, contracts, marketing rates and SIWE parameters. No auth. The login page asks it at once: its
 * schema (and zod) loads beside the request instead of with the app's first files.
 */
export const getConfig = (): Promise<PublicConfig> =>
  get('/config', undefined, { schema: () => import('@agc/shared/api/config').then((m) => m.configResponse) });

export const configQueryOptions = queryOptions({
  queryKey: ['config'],
  queryFn: getConfig,
  staleTime: Number.POSITIVE_INFINITY,
});

export const usePublicConfig = () => useQuery(configQueryOptions);
