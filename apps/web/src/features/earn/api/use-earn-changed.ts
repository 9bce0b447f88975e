import { useQueryClient } from '@tanstack/react-query';
import { invalidateMe } from '@web/lib/me.ts';
import { earnKeys } from './keys.ts';

/** What a transfer changes: every simple-earn read, and the member's balances (/me). */
export function useEarnChanged() {
  const queryClient = useQueryClient();
  return {
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: earnKeys.all });
      void invalidateMe(queryClient);
    },
  };
}
