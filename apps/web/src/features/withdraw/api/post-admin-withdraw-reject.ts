import { type AdminWithdrawal, adminWithdrawalSchema } from '@agc/shared';
import { useMutation } from '@tanstack/react-query';
import { post } from '@web/lib/request.ts';
import { useAuditDecided } from './use-audit-decided.ts';

/**
 * POST /admin/withdraws/{withdraw_id}/reject {reason}: Auditing → Rejected, the amount back to the
 * member's available balance (audit-logged; the member sees the reason). Not silent.
 */
export const rejectWithdraw = ({ id, reason }: { id: string; reason: string }): Promise<AdminWithdrawal> =>
  post(`/admin/withdraws/${encodeURIComponent(id)}/reject`, { reason }, { schema: adminWithdrawalSchema });

export const useRejectWithdraw = () => useMutation({ mutationFn: rejectWithdraw, ...useAuditDecided() });
