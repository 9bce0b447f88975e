import { fundSummaryResponse } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import type { z } from 'zod';
import { fundKeys } from './keys.ts';

export type FundSummary = z.infer<typeof fundSummaryResponse>;

/** GET /funds/summary: the member's holdings at a glance. */
export const getFundSummary = (): Promise<FundSummary> =>
  get('/funds/summary', undefined, { schema: fundSummaryResponse });

export const fundSummaryQueryOptions = queryOptions({ queryKey: fundKeys.summary, queryFn: getFundSummary });

export const useFundSummary = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...fundSummaryQueryOptions, enabled: options.enabled ?? true });
