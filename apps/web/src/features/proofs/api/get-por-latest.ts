import { porLatestResponse } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import { porKeys } from './keys.ts';

/** GET /por/latest (public): the newest published snapshot's liabilities, reserves and coverage per token. */
export const getPorLatest = () => get('/por/latest', undefined, { schema: porLatestResponse });

export const porLatestQueryOptions = queryOptions({ queryKey: porKeys.latest, queryFn: getPorLatest });

export const usePorLatest = () => useQuery(porLatestQueryOptions);
