import { type EarnSummary, earnSummaryResponse } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import { earnKeys } from './keys.ts';

/** GET /earn/summary: the five figures, the member's available USDT and the transfer-out rules. */
export const getEarnSummary = (): Promise<EarnSummary> =>
  get('/earn/summary', undefined, { schema: earnSummaryResponse, silent: true });

/** Read again whenever a page opens it: the daily interest and arrivals change it. */
export const earnSummaryQueryOptions = queryOptions({
  queryKey: earnKeys.summary,
  queryFn: getEarnSummary,
  staleTime: 0,
});

export const useEarnSummary = () => useQuery(earnSummaryQueryOptions);
