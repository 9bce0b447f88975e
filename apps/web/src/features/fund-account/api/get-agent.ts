import { fundAgentResponse } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import type { z } from 'zod';
import { fundAccountKeys } from './keys.ts';

export type FundAgent = z.infer<typeof fundAgentResponse>;

/** GET /funds/agent: fund level, fund_available_profit, totals by kind, team volume and the next threshold. */
export const getFundAgent = (): Promise<FundAgent> =>
  get('/funds/agent', undefined, { schema: fundAgentResponse });

export const fundAgentQueryOptions = queryOptions({ queryKey: fundAccountKeys.agent, queryFn: getFundAgent });

export const useFundAgent = () => useQuery(fundAgentQueryOptions);
