import { managementResponse } from '@agc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateMe } from '@web/lib/me.ts';
import { post } from '@web/lib/request.ts';
import type { z } from 'zod';
import { rewardKeys } from './keys.ts';

export type ManagementSettlement = z.infer<typeof managementResponse>;

/**
 * POST /profit/mng (no body): settles the management reward (base × rank rate; base and rank restart).
 * Not silent: a refusal (nothing to settle) is the server's translated msg as the request wrapper's 2 s toast.
 */
export const postProfitMng = (): Promise<ManagementSettlement> =>
  post('/profit/mng', undefined, { schema: managementResponse });

/** The settlement; on success every reward list and summary is reloaded, and the member's figures (/me). */
export function useSettleManagement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postProfitMng,
    onSuccess: (result) => {
      queryClient.setQueryData(rewardKeys.detail(result.reward.id), result.reward);
      void invalidateMe(queryClient);
      return queryClient.invalidateQueries({ queryKey: rewardKeys.lists });
    },
  });
}
