import { launchpadBuyResponse } from '@agc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateMe } from '@web/lib/me.ts';
import { post } from '@web/lib/request.ts';
import type { z } from 'zod';
import { launchpadKeys } from './keys.ts';

export type LaunchpadBuyResult = z.infer<typeof launchpadBuyResponse>;

/** POST /launchpad/rounds/{id}/buy {copies}: pays from available USDT (the sheet shows the server's msg). */
export const buyLaunchpadCopies = ({ roundId, copies }: { roundId: number; copies: number }) =>
  post(
    `/launchpad/rounds/${encodeURIComponent(String(roundId))}/buy`,
    { copies: String(copies) },
    { schema: launchpadBuyResponse, silent: true },
  );

/**
 * Buys copies; then the round (its answer), the rounds, the allocation list, the member's purchases and the
 * available USDT (/me) are read again.
 */
export function useBuyLaunchpadCopies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyLaunchpadCopies,
    onSuccess: (result) => {
      queryClient.setQueryData(launchpadKeys.round(result.round.id), result.round);
      queryClient.setQueryData(launchpadKeys.purchase(result.purchase.id), result.purchase);
      void queryClient.invalidateQueries({ queryKey: launchpadKeys.rounds });
      void queryClient.invalidateQueries({ queryKey: launchpadKeys.allocations(result.round.id) });
      void queryClient.invalidateQueries({ queryKey: launchpadKeys.purchases });
      void invalidateMe(queryClient);
    },
    onError: (_error, { roundId }) =>
      // A refusal (sold out, limit) means the round changed under the sheet: show what it is now.
      void queryClient.invalidateQueries({ queryKey: launchpadKeys.round(roundId) }),
  });
}
