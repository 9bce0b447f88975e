import { type WithdrawCheck, type WithdrawType, withdrawCheckResponse } from '@agc/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { post } from '@web/lib/request.ts';
import { withdrawKeys } from './keys.ts';

/**
 * POST /withdraw/check {amount, type}: the fee, what arrives, today's remaining limit, or why the
 * amount cannot go now (ok false with reason and the translated msg). Nothing changes on the server.
 */
export const checkWithdrawal = (type: WithdrawType, amount: string): Promise<WithdrawCheck> =>
  post('/withdraw/check', { amount, type }, { schema: withdrawCheckResponse, silent: true }); // inline

/**
 * The fee preview under the amount while the member types: asked only for an amount the form
 * accepts (`amount` null otherwise), and kept on screen while the next amount's answer loads.
 */
export function useWithdrawCheck(type: WithdrawType, amount: string | null) {
  return useQuery({
    queryKey: withdrawKeys.check(type, amount ?? ''),
    queryFn: () => checkWithdrawal(type, amount ?? ''),
    enabled: amount !== null,
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
}
