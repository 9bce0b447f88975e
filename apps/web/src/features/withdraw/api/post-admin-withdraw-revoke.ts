import { type AdminWithdrawal, adminWithdrawalSchema } from '@agc/shared';
import { useMutation } from '@tanstack/react-query';
import { post } from '@web/lib/request.ts';
import { useAuditDecided } from './use-audit-decided.ts';

/**
 * POST /admin/withdraws/{withdraw_id}/revoke {reason}: an approved (Withdrawable), unclaimed withdrawal.
 * The server sends the vault's cancel on chain and answers with the withdrawal still Withdrawable,
 * `revoke_requested_at` and `revoke_tx_hash` set; once the chain shows the cancellation it becomes
 * Rejected with the reason and the amount goes back to the member's available balance (audit-logged).
 * Not silent: a refusal (claimed meanwhile, not Withdrawable, already being revoked) is toasted.
 */
export const revokeWithdraw = ({ id, reason }: { id: string; reason: string }): Promise<AdminWithdrawal> =>
  post(`/admin/withdraws/${encodeURIComponent(id)}/revoke`, { reason }, { schema: adminWithdrawalSchema });

export const useRevokeWithdraw = () => useMutation({ mutationFn: revokeWithdraw, ...useAuditDecided() });
