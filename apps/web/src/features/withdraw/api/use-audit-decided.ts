import { useQueryClient } from '@tanstack/react-query';
import { withdrawKeys } from './keys.ts';

/**
 * After an audit decision, whatever its outcome: every audit list is stale (the item moves tab, and a
 * refusal such as "already audited" means someone else decided it meanwhile).
 */
export function useAuditDecided() {
  const queryClient = useQueryClient();
  return {
    onSettled: () => queryClient.invalidateQueries({ queryKey: withdrawKeys.adminWithdraws }),
  };
}
