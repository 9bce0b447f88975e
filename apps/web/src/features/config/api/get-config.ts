import { configResponse, type PublicConfig } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';

/** GET /config: chain, contracts, marketing rates and SIWE parameters. No auth. */
export const getConfig = (): Promise<PublicConfig> => get('/config', undefined, { schema: configResponse });

export const configQueryOptions = queryOptions({
  queryKey: ['config'],
  queryFn: getConfig,
  staleTime: Number.POSITIVE_INFINITY,
});

export const usePublicConfig = () => useQuery(configQueryOptions);
