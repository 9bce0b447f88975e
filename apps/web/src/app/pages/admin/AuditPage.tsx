import { NoPermission } from '@web/components/NoPermission.tsx';
import { PagedList, pagingProps } from '@web/components/PagedList.tsx';
import { AuditBulkBar, AuditBulkResult } from '@web/features/withdraw/components/AuditBulkApprove.tsx';
import { AuditFilters } from '@web/features/withdraw/components/AuditFilters.tsx';
import { AuditWithdrawCard } from '@web/features/withdraw/components/AuditWithdrawCard.tsx';
import { WithdrawStatusTabs } from '@web/features/withdraw/components/WithdrawStatusTabs.tsx';
import { useWithdrawAudit } from '@web/features/withdraw/hooks/use-withdraw-audit.tsx';
import { useTranslation } from 'react-i18next';
import '@web/features/withdraw/withdraw.css';
import '@web/features/withdraw/withdraw-audit.css';

/**
 * Audit withdrawals (auditor or admin; the server answers 403 to anyone else): status tabs, the asset
 * and member filters, Approve / Reject per withdrawal (with the two-approver state of large amounts),
 * Revoke on an approved one, and a bulk approval of the selected Auditing ones that says how many went
 * through, how many got their first approval only, and which were skipped (`useWithdrawAudit`).
 */
export default function AuditPage() {
  const { t } = useTranslation();
  const audit = useWithdrawAudit();
  const { list, bulk } = audit;

  if (audit.forbidden)
    return <NoPermission testId="withdraw-audit-no-permission" text={t('withdrawAudit.noPermission')} />;

  return (
    <div className="page withdraw-audit-page">
      <WithdrawStatusTabs
        testIdPrefix="withdraw-audit-tab"
        active={audit.filter.status}
        onChange={audit.setStatus}
      />
      <AuditFilters
        type={audit.filter.type}
        onType={audit.setType}
        address={audit.filter.address}
        onAddress={audit.setAddress}
      />
      <PagedList
        testId="withdraw-audit-list"
        header={bulk.result && <AuditBulkResult result={bulk.result} onClose={bulk.closeResult} />}
        items={audit.items}
        itemKey={(w) => w.withdraw_id}
        renderItem={(w) => <AuditWithdrawCard withdrawal={w} {...audit.selectionOf(w)} />}
        {...pagingProps(list)}
      />
      {bulk.available && (
        <AuditBulkBar
          count={bulk.count}
          allSelected={bulk.allSelected}
          onSelectAll={bulk.selectAll}
          onApprove={bulk.approve}
          busy={bulk.busy}
          limitReached={bulk.limitReached}
        />
      )}
    </div>
  );
}
