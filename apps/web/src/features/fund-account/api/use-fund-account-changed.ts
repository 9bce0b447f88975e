import { useQueryClient } from '@tanstack/react-query';
import { invalidateMe } from '@web/lib/me.ts';
import { fundAccountKeys } from './keys.ts';

/**
 * What a fund write changes: the order (answered by the write when it is one), every list, the summary, the
 * bills and the agent figures, and the member's balances (/me).
 */
export function useFundAccountChanged() {
  const queryClient = useQueryClient();
  return {
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: fundAccountKeys.all });
      void invalidateMe(queryClient);
    },
  };
}
