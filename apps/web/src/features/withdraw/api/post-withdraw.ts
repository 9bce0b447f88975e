import { type Withdrawal, type WithdrawType, withdrawalSchema } from '@agc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateMe } from '@web/lib/me.ts';
import { post } from '@web/lib/request.ts';
import { withdrawKeys } from './keys.ts';

/** POST /withdraw {amount, type}: the amount moves from available to locked; the request is Auditing. */
export const requestWithdrawal = (input: { type: WithdrawType; amount: string }): Promise<Withdrawal> =>
  post('/withdraw', input, { schema: withdrawalSchema, silent: true }); // the form shows the msg

/** The request; on success the withdrawal lists, the limits and the member's figures (/me) are read again. */
export function useRequestWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestWithdrawal,
    onSuccess: (withdrawal) => {
      queryClient.setQueryData(withdrawKeys.withdrawal(withdrawal.withdraw_id), withdrawal);
      void queryClient.invalidateQueries({ queryKey: withdrawKeys.withdrawals });
      void queryClient.invalidateQueries({ queryKey: withdrawKeys.limit });
      queryClient.removeQueries({ queryKey: withdrawKeys.checks });
      void invalidateMe(queryClient);
    },
  });
}
