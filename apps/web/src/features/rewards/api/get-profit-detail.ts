import { profitDetailQuery, type Reward, rewardSchema } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import { rewardKeys } from './keys.ts';

/** Whether `id` can name a reward at all (the server's own rule); anything else is not found without asking. */
export const isRewardId = (id: string | null): id is string =>
  id !== null && profitDetailQuery.safeParse({ id }).success;

/** GET /profit/detail?id: one of the member's rewards; 404 for another member's or an unknown id. */
export const getProfitDetail = (id: string): Promise<Reward> =>
  get('/profit/detail', { id }, { schema: rewardSchema, silent: true }); // the page shows its error inline

export const profitDetailQueryOptions = (id: string) =>
  queryOptions({ queryKey: rewardKeys.detail(id), queryFn: () => getProfitDetail(id) });

export const useProfitDetail = (id: string | null) =>
  useQuery({ ...profitDetailQueryOptions(id ?? ''), enabled: isRewardId(id) });
