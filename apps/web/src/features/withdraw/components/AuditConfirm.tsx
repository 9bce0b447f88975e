import type { AdminWithdrawal } from '@agc/shared';
import { useTranslation } from 'react-i18next';
import { ValueRow } from '../../../components/ValueRow.tsx';
import { formatAssetExact } from '../../../lib/format.ts';

/** What an auditor does to one withdrawal. */
export type AuditAction = 'approve' | 'reject' | 'revoke';

/** The label of the text that goes with each action: the member reads the reason of a reject or revoke. */
const TEXT_LABEL: Record<AuditAction, string> = {
  approve: 'withdrawAudit.fields.note',
  reject: 'withdrawAudit.fields.reason',
  revoke: 'withdrawAudit.fields.revokeReason',
};

/** The OK button of every confirmation of the audit page, with its test id. */
export function AuditConfirmOk() {
  const { t } = useTranslation();
  return <span data-testid="withdraw-audit-confirm-ok">{t('common.ok')}</span>;
}

/** What a confirmation names: the withdrawal, the money, and the note or reason that goes with it. */
export function AuditDecisionConfirm({
  w,
  action,
  text,
}: {
  w: AdminWithdrawal;
  action: AuditAction;
  text: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="withdraw-audit-confirm" data-testid="withdraw-audit-confirm" data-action={action}>
      <p>{t(`withdrawAudit.${action}Confirm`, { id: w.withdraw_id })}</p>
      {action === 'approve' && w.needs_second_approval && !w.first_approved_by && (
        <p data-testid="withdraw-audit-confirm-two">{t('withdrawAudit.firstApprovalConfirm')}</p>
      )}
      <dl className="rows">
        <ValueRow label={t('withdrawAudit.fields.address')} testId="withdraw-audit-confirm-address">
          <span className="break">{w.address}</span>
        </ValueRow>
        <ValueRow label={t('withdrawAudit.fields.amount')} testId="withdraw-audit-confirm-amount">
          {formatAssetExact(w.amount, w.asset)}
        </ValueRow>
        <ValueRow label={t('withdrawAudit.fields.received')} testId="withdraw-audit-confirm-received">
          {formatAssetExact(w.received, w.asset)}
        </ValueRow>
        {text && (
          <ValueRow label={t(TEXT_LABEL[action])} testId="withdraw-audit-confirm-text">
            <span className="break">{text}</span>
          </ValueRow>
        )}
      </dl>
    </div>
  );
}
