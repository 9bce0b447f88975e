import type { AdminWithdrawal } from '@agc/shared';
import { Address } from '@web/components/Address.tsx';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { formatAssetExact } from '@web/lib/format.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What an auditor does to one withdrawal. */
export type AuditAction = 'approve' | 'reject' | 'revoke';

/** The label of the text that goes with each action: the member reads the reason of a reject or revoke. */
const TEXT_LABEL: Record<AuditAction, string> = {
  approve: 'withdrawAudit.fields.note',
  reject: 'withdrawAudit.fields.reason',
  revoke: 'withdrawAudit.fields.revokeReason',
};

/** One row of an audit card or confirmation: its label, the end of its test id, its value (none: no row). */
export type AuditRow = readonly [label: string, testIdEnd: string, value: ReactNode];

/** Long text (addresses, hashes, notes) that may break anywhere. */
export const breakable = (text: string) => <span className="break">{text}</span>;

/** The rows that have a value, each `<testIdPrefix>-<testIdEnd>`. */
export function AuditRows({ rows, testIdPrefix }: { rows: readonly AuditRow[]; testIdPrefix: string }) {
  return (
    <dl className="rows">
      {rows
        .filter(([, , value]) => Boolean(value))
        .map(([label, testIdEnd, value]) => (
          <ValueRow key={testIdEnd} label={label} testId={`${testIdPrefix}-${testIdEnd}`}>
            {value}
          </ValueRow>
        ))}
    </dl>
  );
}

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
      <AuditRows
        testIdPrefix="withdraw-audit-confirm"
        rows={[
          [
            t('withdrawAudit.fields.address'),
            'address',
            <Address key="address" address={w.address} full copy={false} />,
          ],
          [t('withdrawAudit.fields.amount'), 'amount', formatAssetExact(w.amount, w.asset)],
          [t('withdrawAudit.fields.received'), 'received', formatAssetExact(w.received, w.asset)],
          [t(TEXT_LABEL[action]), 'text', text && breakable(text)],
        ]}
      />
    </div>
  );
}
