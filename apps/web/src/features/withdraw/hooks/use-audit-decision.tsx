import type { AdminWithdrawal } from '@agc/shared';
import { confirmModal, toast } from '@web/lib/ui.ts';
import { useAuditNote } from '@web/lib/use-audit-note.ts';
import { useTranslation } from 'react-i18next';
import { useApproveWithdraw } from '../api/post-admin-withdraw-approve.ts';
import { useRejectWithdraw } from '../api/post-admin-withdraw-reject.ts';
import { useRevokeWithdraw } from '../api/post-admin-withdraw-revoke.ts';
import { type AuditAction, AuditConfirmOk, AuditDecisionConfirm } from '../components/AuditConfirm.tsx';

/**
 * An auditor's decision on one withdrawal: the text that goes with it (an optional note for Approve, the
 * reason the member will read for Reject and Revoke: required, `note.missing` when empty, nothing sent),
 * the confirmation naming the address and amounts, the request, and the toast (an amount that needs two
 * approvers stays Auditing after its first approval, which the toast says). A refusal is toasted by the
 * request wrapper and keeps the text; the lists reload after it whatever the answer.
 */
export function useAuditDecision(w: AdminWithdrawal, onDecided?: (id: string) => void) {
  const { t } = useTranslation();
  const note = useAuditNote();
  const approve = useApproveWithdraw();
  const reject = useRejectWithdraw();
  const revoke = useRevokeWithdraw();
  const busy = approve.isPending || reject.isPending || revoke.isPending;

  const act = async (action: AuditAction) => {
    if (busy) return;
    const value = note.take(action !== 'approve');
    if (value === null) return;
    const ok = await confirmModal({
      // Reject and Revoke take the money back from the member's claim: red, like every destructive confirm.
      destructive: action !== 'approve',
      title: t(`withdrawAudit.${action}Title`),
      content: <AuditDecisionConfirm w={w} action={action} text={value} />,
      confirmText: <AuditConfirmOk />,
    });
    if (!ok) return;
    try {
      let done = `withdrawAudit.${action}Done`;
      if (action === 'approve') {
        const after = await approve.mutateAsync({ id: w.withdraw_id, note: value || undefined });
        // an amount that needs two approvers stays Auditing after the first
        if (after.status === 'Auditing') done = 'withdrawAudit.firstApprovalDone';
      } else if (action === 'reject') await reject.mutateAsync({ id: w.withdraw_id, reason: value });
      else await revoke.mutateAsync({ id: w.withdraw_id, reason: value });
      note.clear();
      onDecided?.(w.withdraw_id);
      void toast(t(done, { id: w.withdraw_id }));
    } catch {
      // the request wrapper has shown the server's message; the lists reload either way
    }
  };

  return { note, busy, act };
}
