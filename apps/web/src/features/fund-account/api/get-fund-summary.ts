import { fundSummaryResponse } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import type { z } from 'zod';
import { fundAccountKeys } from './keys.ts';

export type FundSummary = z.infer<typeof fundSummaryResponse>;

/** GET /funds/summary: the holdings at a glance (value, cost, estimated and realized revenue). */
export const getFundSummary = (): Promise<FundSummary> =>
  get('/funds/summary', undefined, { schema: fundSummaryResponse });

export const fundSummaryQueryOptions = queryOptions({
  queryKey: fundAccountKeys.summary,
  queryFn: getFundSummary,
  staleTime: 0,
});

export const useFundSummary = () => useQuery(fundSummaryQueryOptions);
