import { type WithdrawLimit, withdrawLimitResponse } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import { withdrawKeys } from './keys.ts';

/** GET /withdraw/limit: per asset today's (UTC) limit, used, remaining and the available balance. */
export const getWithdrawLimit = (): Promise<WithdrawLimit> =>
  get('/withdraw/limit', undefined, { schema: withdrawLimitResponse, silent: true }); // shown inline

/** Read fresh whenever the page opens: balances and today's use change with every request. */
export const withdrawLimitQueryOptions = queryOptions({
  queryKey: withdrawKeys.limit,
  queryFn: getWithdrawLimit,
  staleTime: 0,
});

export const useWithdrawLimit = () => useQuery(withdrawLimitQueryOptions);
