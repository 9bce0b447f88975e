import { type AdminWithdrawal, adminWithdrawalSchema } from '@agc/shared';
import { useMutation } from '@tanstack/react-query';
import { post } from '@web/lib/request.ts';
import { useAuditDecided } from './use-audit-decided.ts';

/**
 * POST /admin/withdraws/{withdraw_id}/approve {note?}: Auditing → Withdrawable (audit-logged). Not
 * silent: a refusal is toasted with the server's translated msg.
 */
export const approveWithdraw = ({ id, note }: { id: string; note?: string }): Promise<AdminWithdrawal> =>
  post(`/admin/withdraws/${encodeURIComponent(id)}/approve`, note ? { note } : {}, {
    schema: adminWithdrawalSchema,
  });

export const useApproveWithdraw = () => useMutation({ mutationFn: approveWithdraw, ...useAuditDecided() });
