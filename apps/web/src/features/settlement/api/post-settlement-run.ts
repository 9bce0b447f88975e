import { type SettlementRun, settlementRunSchema } from '@agc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@web/lib/request.ts';
import { settlementKeys } from './keys.ts';

/**
 * POST /admin/settlements/run {day} (admin; audit-logged): settles the day (idempotent on the server:
 * a second run pays nothing more). Not silent: a refusal is toasted with the server's translated msg.
 */
export const runSettlement = (day: string): Promise<SettlementRun> =>
  post('/admin/settlements/run', { day }, { schema: settlementRunSchema });

export function useRunSettlement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runSettlement,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settlementKeys.all }),
  });
}
