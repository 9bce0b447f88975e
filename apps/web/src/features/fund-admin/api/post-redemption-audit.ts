import { fundRedemptionSchema } from '@agc/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@web/lib/request.ts';
import { fundAdminKeys } from './keys.ts';

/**
 * POST /admin/funds/redemptions/approve or /reject {redemption_id, note}: an admin's decision on a Pending request
 * (the server's message on refusal, once). The queue is read again.
 */
export const auditRedemption = ({
  redemptionId,
  decision,
  note,
}: {
  redemptionId: string;
  decision: 'approve' | 'reject';
  note: string;
}) =>
  post(
    `/admin/funds/redemptions/${decision}`,
    { redemption_id: redemptionId, note },
    { schema: fundRedemptionSchema },
  );

export function useAuditRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: auditRedemption,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: fundAdminKeys.redemptions }),
  });
}
